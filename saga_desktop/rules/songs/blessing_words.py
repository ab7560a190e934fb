"""The Vanori's blessing as words each reader words in their own language.

The English of these words is exactly the line the records' ``explain()`` has always given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saga_desktop.i18n.words import Value, Words, listed, words
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.songs.roll_words import attribute_words, vanori_words

if TYPE_CHECKING:
    from saga_desktop.rules.songs.experience import AttributeChange, BlessingRecord


def change_words(change: AttributeChange) -> Words:
    """E.g. ``"Strength 9♥ +2 (1 → 3)"`` or ``"Heart 4♠ omen"``."""
    values: dict[str, Value] = {
        "attribute": attribute_words(change.attribute),
        "card": card_short(change.card),
    }
    if change.omen:
        return words("{attribute} {card} omen", **values)
    return words(
        "{attribute} {card} +{gain} ({before} → {after})",
        gain=change.after - change.before,
        before=change.before,
        after=change.after,
        **values,
    )


def blessing_words(record: BlessingRecord) -> Words:
    """All five cards and what they changed."""
    card = card_short(record.resilience_card)
    if record.vision:
        resilience = words("max resilience {card} vision", card=card)
    else:
        resilience = words(
            "max resilience {card} +{gain} ({before} → {after})",
            card=card,
            gain=record.max_after - record.max_before,
            before=record.max_before,
            after=record.max_after,
        )
    omen: Words | str = ""
    if record.omen.value == "bad":
        omen = words("; a bad omen")
    elif record.omen.value == "menacing":
        omen = words("; a menacing omen")
    return words(
        "Blessing of the {vanori}: {parts}; {resilience}{omen}{vision}",
        vanori=vanori_words(record.vanori),
        parts=listed(*(change_words(c) for c in record.attributes)),
        resilience=resilience,
        omen=omen,
        vision=words("; the Vanori shows a vision") if record.vision else "",
    )
