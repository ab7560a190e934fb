"""Character creation: attribute cards, the Vanori, max resilience, armor and a weapon.

The steps can be taken one at a time (for a creation dialog) or all at once with
:func:`quick_character`. Attribute cards come from the shared table deck and go to its discard.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from saga_desktop.i18n.words import Words, english, words
from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.character import (
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    VANORI,
    VANORI_ORDER,
    Attribute,
    SongsCharacter,
    Vanori,
)
from saga_desktop.rules.songs.creation_words import (
    attribute_card_words,
    attribute_draw_words,
    creation_words,
    resilience_roll_words,
    vanori_roll_words,
)
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.inventory import add_weapon, clean_name
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.tables import ATTRIBUTE_BY_SUIT, check_can_reveal, reveal_and_discard


@dataclass(frozen=True, slots=True)
class AttributeCard(Record):
    """The card that set one attribute (and the one it replaced, after a redraw)."""

    attribute: Attribute
    card: Card
    redrawn_from: Card | None = None

    @property
    def value(self) -> int:
        """The starting modifier: ♥ +2, ♦ +1, ♣ 0, ♠ -1."""
        return ATTRIBUTE_BY_SUIT[self.card.suit]

    def explain(self) -> str:
        """E.g. ``"Strength 9♥ +2"`` or ``"Heart 5♦ +1 (redrawn, was 2♠)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The card as words each reader words in their own language."""
        return attribute_card_words(self)


@dataclass(frozen=True, slots=True)
class AttributeDraw(Record):
    """The four attribute cards so far, and how many redraws the campaign allows."""

    cards: tuple[AttributeCard, ...]
    redraws_allowed: int = 2

    @property
    def values(self) -> dict[Attribute, int]:
        """The starting modifiers, before the Vanori's increases."""
        return {c.attribute: c.value for c in self.cards}

    @property
    def redraws_used(self) -> int:
        """Attributes already redrawn."""
        return sum(1 for c in self.cards if c.redrawn_from is not None)

    def card_for(self, attribute: Attribute) -> AttributeCard:
        """The card of one attribute."""
        for card in self.cards:
            if card.attribute is attribute:
                return card
        raise RulesError(words("No card was revealed for {title}", title=attribute.title))

    def explain(self) -> str:
        """All four cards, and the redraws left."""
        return english(self.words())

    def words(self) -> Words:
        """The cards as words."""
        return attribute_draw_words(self)


def reveal_attributes(
    deck: TableDeck, rng: random.Random, options: SongsOptions = DEFAULT_OPTIONS
) -> AttributeDraw:
    """Reveal one card for each attribute, in the order strength, dexterity, willpower, heart."""
    reveal = reveal_and_discard(deck, rng, len(Attribute), options)
    cards = tuple(AttributeCard(a, c) for a, c in zip(Attribute, reveal.cards, strict=True))
    return AttributeDraw(cards, options.attribute_redraws)


def redraw_attribute(
    draw: AttributeDraw,
    attribute: Attribute,
    deck: TableDeck,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
) -> AttributeDraw:
    """Reveal a new card for one attribute; its result stands, better or worse."""
    old = draw.card_for(attribute)
    if old.redrawn_from is not None:
        raise RulesError(
            words("{title} was already redrawn: the new card stands", title=attribute.title)
        )
    if draw.redraws_used >= draw.redraws_allowed:
        raise RulesError(
            words(
                "Only {redraws_allowed} attributes can be redrawn",
                redraws_allowed=draw.redraws_allowed,
            )
        )
    card = reveal_and_discard(deck, rng, 1, options).cards[0]
    new = AttributeCard(attribute, card, old.card)
    return dataclasses.replace(draw, cards=tuple(new if c is old else c for c in draw.cards))


@dataclass(frozen=True, slots=True)
class VanoriRoll(Record):
    """A d6 rolled for the Vanori: 1 Bear, 2 Wolf, 3 Raven, 4 Elk, 5 Ox, 6 Owl."""

    d6: int
    vanori: Vanori

    def explain(self) -> str:
        """E.g. ``"Vanori: d6 3, the Raven"``."""
        return english(self.words())

    def words(self) -> Words:
        """The roll as words."""
        return vanori_roll_words(self)


def roll_vanori(rng: random.Random, value: int | None = None) -> VanoriRoll:
    """Roll (or take a physical d6's ``value``) for one of the six Vanori."""
    if value is not None and not (isinstance(value, int) and 1 <= value <= 6):
        raise RulesError(words("A d6 shows a number from 1 to 6"))
    d6 = rng.randint(1, 6) if value is None else value
    return VanoriRoll(d6, VANORI[VANORI_ORDER[d6 - 1]])


@dataclass(frozen=True, slots=True)
class ResilienceRoll(Record):
    """Max resilience: the Vanori's die plus 3, with the rolls made (a reroll is the last)."""

    die: Die
    rolls: tuple[int, ...]
    bonus: int = 3

    @property
    def total(self) -> int:
        """The result that stands: the last roll plus the bonus."""
        return self.rolls[-1] + self.bonus

    @property
    def rerolls_used(self) -> int:
        """Rerolls made so far."""
        return len(self.rolls) - 1

    def explain(self) -> str:
        """E.g. ``"Max resilience: d10 7 + 3 = 10 (rerolled, was 2)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The roll as words."""
        return resilience_roll_words(self)


def _roll(die: Die, rng: random.Random, value: int | None) -> int:
    if value is not None and not (isinstance(value, int) and 1 <= value <= int(die)):
        raise RulesError(
            words("A {label} shows a number from 1 to {die}", label=die.label, die=int(die))
        )
    return die.roll(rng) if value is None else value


def roll_max_resilience(
    vanori: Vanori, rng: random.Random, value: int | None = None
) -> ResilienceRoll:
    """Roll the Vanori's resilience die (or take a physical die's ``value``)."""
    die = vanori.resilience_die
    return ResilienceRoll(die, (_roll(die, rng, value),), vanori.resilience_bonus)


def reroll_max_resilience(
    roll: ResilienceRoll,
    rng: random.Random,
    options: SongsOptions = DEFAULT_OPTIONS,
    value: int | None = None,
) -> ResilienceRoll:
    """Roll again once; the new result stands."""
    if roll.rerolls_used >= options.resilience_rerolls:
        raise RulesError(words("Max resilience was already rerolled: the result stands"))
    return dataclasses.replace(roll, rolls=(*roll.rolls, _roll(roll.die, rng, value)))


@dataclass(frozen=True, slots=True)
class CreationRecord(Record):
    """A new character and how each part was decided.

    ``character`` is the new, live sheet; ``to_data()`` freezes it as it was at creation.
    """

    character: SongsCharacter
    attributes: AttributeDraw
    resilience: ResilienceRoll
    vanori_roll: VanoriRoll | None = None

    def explain(self) -> str:
        """The whole creation in one line."""
        return english(self.words())

    def words(self) -> Words:
        """The whole creation as words."""
        return creation_words(self)


def create_character(
    character_id: str,
    name: str,
    attributes: AttributeDraw,
    vanori: Vanori,
    resilience: ResilienceRoll,
    weapon: str,
    deck: TableDeck | None = None,
    vanori_roll: VanoriRoll | None = None,
) -> CreationRecord:
    """Assemble the sheet; with ``deck``, also give the character an empty hand."""
    character_id = character_id.strip()
    if not character_id:
        raise RulesError(words("A character needs an id"))
    if deck is not None and character_id in deck.hands:
        raise RulesError(
            words("'{character_id}' already has a hand at this table", character_id=character_id)
        )
    if sorted(c.attribute.value for c in attributes.cards) != sorted(a.value for a in Attribute):
        raise RulesError(words("Reveal one card for each of the four attributes first"))
    if resilience.die is not vanori.resilience_die:
        raise RulesError(
            words(
                "The {name}'s max resilience is rolled on a {resilience_die}",
                name=vanori.name,
                resilience_die=vanori.resilience_die,
            )
        )
    values = {
        a: max(ATTRIBUTE_MIN, min(ATTRIBUTE_MAX, attributes.values[a] + vanori.increase_for(a)))
        for a in Attribute
    }
    character = SongsCharacter(
        character_id, clean_name(name, "A character"), values, vanori,
        resilience.total, resilience.total,
    )  # fmt: skip
    add_weapon(character, weapon, Die.D6)
    if deck is not None:
        deck.add_hand(character_id)
    return CreationRecord(character, attributes, resilience, vanori_roll)


def quick_character(
    deck: TableDeck,
    rng: random.Random,
    character_id: str,
    name: str,
    *,
    vanori: Vanori | str | None = None,
    weapon: str = "Spear",
    options: SongsOptions = DEFAULT_OPTIONS,
) -> CreationRecord:
    """Everything in one call: spades redrawn, Vanori rolled unless given, a low roll rerolled."""
    clean_name(name, "A character")
    clean_name(weapon, words("A weapon"))
    if not character_id.strip() or character_id.strip() in deck.hands:
        raise RulesError(
            words("Choose a new, non-empty id (not '{character_id}')", character_id=character_id)
        )
    if isinstance(vanori, str) and vanori not in VANORI:
        raise RulesError(
            words(
                "There is no Vanori called '{vanori}' (use {value})",
                vanori=vanori,
                value=", ".join(VANORI_ORDER),
            )
        )
    check_can_reveal(deck, len(Attribute), options)
    draw = reveal_attributes(deck, rng, options)
    for card in draw.cards:
        if card.value < 0 and draw.redraws_used < draw.redraws_allowed:
            draw = redraw_attribute(draw, card.attribute, deck, rng, options)
    roll = roll_vanori(rng) if vanori is None else None
    chosen = VANORI[vanori] if isinstance(vanori, str) else vanori
    if chosen is None:
        assert roll is not None
        chosen = roll.vanori
    resilience = roll_max_resilience(chosen, rng)
    if resilience.rolls[0] * 2 <= int(chosen.resilience_die) and options.resilience_rerolls:
        resilience = reroll_max_resilience(resilience, rng, options)
    return create_character(character_id, name, draw, chosen, resilience, weapon, deck, roll)
