"""Character creation's records as words each reader words in their own language.

The English of these words is exactly the line the records' ``explain()`` has always given;
names a player typed (the character, the weapon, an invented Vanori) stay as typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saga_desktop.i18n.words import Value, Words, listed, words, words_n
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.songs.roll_words import attribute_words, vanori_words

if TYPE_CHECKING:
    from saga_desktop.rules.songs.creation import (
        AttributeCard,
        AttributeDraw,
        CreationRecord,
        ResilienceRoll,
        VanoriRoll,
    )


def attribute_card_words(card: AttributeCard) -> Words:
    """E.g. ``"Strength 9♥ +2"`` or ``"Heart 5♦ +1 (redrawn, was 2♠)"``."""
    values: dict[str, Value] = {
        "attribute": attribute_words(card.attribute),
        "card": card_short(card.card),
        "value": format(card.value, "+d"),
    }
    if card.redrawn_from is not None:
        return words(
            "{attribute} {card} {value} (redrawn, was {was})",
            was=card_short(card.redrawn_from),
            **values,
        )
    return words("{attribute} {card} {value}", **values)


def attribute_draw_words(draw: AttributeDraw) -> Words:
    """All four cards, and the redraws left."""
    left = draw.redraws_allowed - draw.redraws_used
    return words(
        "Attributes: {cards} ({redraws})",
        cards=listed(*(attribute_card_words(c) for c in draw.cards)),
        redraws=words_n("{n} redraw left", "{n} redraws left", left),
    )


def vanori_roll_words(roll: VanoriRoll) -> Words:
    """E.g. ``"Vanori: d6 3, the Raven"``."""
    return words("Vanori: d6 {d6}, the {vanori}", d6=roll.d6, vanori=vanori_words(roll.vanori.name))


def resilience_roll_words(roll: ResilienceRoll) -> Words:
    """E.g. ``"Max resilience: d10 7 + 3 = 10 (rerolled, was 2)"``."""
    values: dict[str, Value] = {
        "die": roll.die.label,
        "roll": roll.rolls[-1],
        "bonus": roll.bonus,
        "total": roll.total,
    }
    if roll.rerolls_used:
        return words(
            "Max resilience: {die} {roll} + {bonus} = {total} (rerolled, was {was})",
            was=", ".join(map(str, roll.rolls[:-1])),
            **values,
        )
    return words("Max resilience: {die} {roll} + {bonus} = {total}", **values)


def creation_words(record: CreationRecord) -> Words:
    """The whole creation in one line."""
    c = record.character
    how: Words | str = ""
    if record.vanori_roll:
        how = words("{roll}; ", roll=vanori_roll_words(record.vanori_roll))
    final = listed(
        *(
            words("{attribute} {value}", attribute=attribute_words(a), value=format(v, "+d"))
            for a, v in c.attributes.items()
        )
    )
    return words(
        "{name} is guarded by the {vanori}. {attributes}; {how}{resilience}; with the Vanori: "
        "{final}; d4 armor, {weapon} (d6)",
        name=c.name,
        vanori=vanori_words(c.vanori.name),
        attributes=attribute_draw_words(record.attributes),
        how=how,
        resilience=resilience_roll_words(record.resilience),
        final=final,
        weapon=c.inventory[0].name,
    )
