"""Experience: the eight-box XP track, the Vanori's blessing, and the Owl's double mark.

Marking the eighth box fills the track: it clears at once and the blessing follows in the same
call, so the track never shows a ninth box. The blessing reveals one card per attribute (in the
order strength, dexterity, willpower, heart) and one for max resilience. A raise of max
resilience lifts current resilience too (an option), but never that of a character at 0.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, joined, words
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card, Suit
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.blessing_words import blessing_words, change_words
from saga_desktop.rules.songs.burns import Burn, check_burns, vanori_burn
from saga_desktop.rules.songs.character import (
    ATTRIBUTE_MAX,
    MAX_RESILIENCE_LIMIT,
    XP_BOXES,
    Attribute,
    SongsCharacter,
    VanoriAbility,
)
from saga_desktop.rules.songs.deck import RevealRecord, TableDeck
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.tables import (
    BLESSING_ATTRIBUTE_BY_SUIT,
    BLESSING_RESILIENCE_BY_SUIT,
    check_can_reveal,
    reveal_and_discard,
)

BLESSING_CARDS = len(Attribute) + 1


class Omen(enum.Enum):
    """What the spades of a blessing foretell."""

    NONE = "none"
    BAD = "bad"
    MENACING = "menacing"


@dataclass(frozen=True, slots=True)
class AttributeChange(Record):
    """One attribute's card in a blessing."""

    attribute: Attribute
    card: Card
    before: int
    after: int

    @property
    def omen(self) -> bool:
        """A spade: the attribute stays and an omen is seen."""
        return self.card.suit is Suit.SPADES

    def explain(self) -> str:
        """E.g. ``"Strength 9♥ +2 (1 → 3)"`` or ``"Heart 4♠ omen"``."""
        return english(self.words())

    def words(self) -> Words:
        """The card and what it changed, as words."""
        return change_words(self)


@dataclass(frozen=True, slots=True)
class BlessingRecord(Record):
    """The Vanori's blessing after a full XP track."""

    character_id: str
    vanori: str
    reveal: RevealRecord
    attributes: tuple[AttributeChange, ...]
    resilience_card: Card
    max_before: int
    max_after: int
    resilience_before: int
    resilience_after: int

    @property
    def omen(self) -> Omen:
        """No spade: none; one: a bad omen; more than one: a more menacing omen."""
        spades = sum(1 for change in self.attributes if change.omen)
        return Omen.NONE if spades == 0 else Omen.BAD if spades == 1 else Omen.MENACING

    @property
    def vision(self) -> bool:
        """A spade for resilience: the Vanori shows a vision."""
        return self.resilience_card.suit is Suit.SPADES

    def explain(self) -> str:
        """All five cards and what they changed."""
        return english(self.words())

    def words(self) -> Words:
        """The blessing as words each reader words in their own language."""
        return blessing_words(self)


@dataclass(frozen=True, slots=True)
class XpRecord(Record):
    """XP marked, and any blessing it brought."""

    character_id: str
    marks: int
    before: int
    after: int
    blessings: tuple[BlessingRecord, ...] = ()
    owl: Burn | None = None

    def explain(self) -> str:
        """E.g. ``"marked XP: 3 → 4/8"``."""
        return english(self.words())

    def words(self) -> Words:
        """The XP marked, and any blessing it brought, as words."""
        values: dict[str, Value] = {"before": self.before, "after": self.after, "boxes": XP_BOXES}
        if self.owl:
            values["by"], values["card"] = self.owl.by, card_short(self.owl.card)
            if self.marks == 1:
                said = words(
                    "marked XP ({by} burned {card} for the Owl): {before} → {after}/{boxes}",
                    **values,
                )
            else:
                said = words(
                    "marked XP {marks} times ({by} burned {card} for the Owl): "
                    "{before} → {after}/{boxes}",
                    marks=self.marks,
                    **values,
                )
        elif self.marks == 1:
            said = words("marked XP: {before} → {after}/{boxes}", **values)
        else:
            said = words(
                "marked XP {marks} times: {before} → {after}/{boxes}", marks=self.marks, **values
            )
        if self.blessings:
            blessed = joined(*(b.words() for b in self.blessings))
            return words("{xp}; track full and cleared. {blessings}", xp=said, blessings=blessed)
        return said


def blessings_due(character: SongsCharacter, marks: int) -> int:
    """How many times ``marks`` more marks would fill the track."""
    return (character.xp + marks) // XP_BOXES


def check_mark_xp(
    character: SongsCharacter,
    deck: TableDeck,
    marks: int = 1,
    options: SongsOptions = DEFAULT_OPTIONS,
    extra_available: int = 0,
) -> None:
    """Raise RulesError unless ``marks`` can be marked (and any blessing's cards revealed)."""
    if not 1 <= marks <= XP_BOXES:
        raise RulesError(words("Mark between 1 and {xp_boxes} XP at a time", xp_boxes=XP_BOXES))
    if blessings_due(character, marks):
        check_can_reveal(deck, BLESSING_CARDS, options, extra_available)


def mark_xp(
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    marks: int = 1,
    options: SongsOptions = DEFAULT_OPTIONS,
) -> XpRecord:
    """Fill ``marks`` boxes; a full track clears and the blessing is revealed at once."""
    check_mark_xp(character, deck, marks, options)
    return apply_xp_marks(character, deck, rng, marks, options, None)


def apply_xp_marks(
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    marks: int,
    options: SongsOptions,
    owl: Burn | None,
) -> XpRecord:
    """Mark XP without checking first (callers run :func:`check_mark_xp` beforehand)."""
    before = character.xp
    blessings = []
    for _ in range(marks):
        character.xp += 1
        if character.xp == XP_BOXES:
            character.xp = 0
            blessings.append(_bless(character, deck, rng, options))
    return XpRecord(character.id, marks, before, character.xp, tuple(blessings), owl)


def _bless(
    character: SongsCharacter, deck: TableDeck, rng: random.Random, options: SongsOptions
) -> BlessingRecord:
    reveal = reveal_and_discard(deck, rng, BLESSING_CARDS, options)
    changes = []
    for attribute, card in zip(Attribute, reveal.cards, strict=False):
        before = character.attributes[attribute]
        after = min(ATTRIBUTE_MAX, before + BLESSING_ATTRIBUTE_BY_SUIT[card.suit])
        character.attributes[attribute] = after
        changes.append(AttributeChange(attribute, card, before, after))
    card = reveal.cards[len(Attribute)]
    max_before, res_before = character.max_resilience, character.resilience
    character.max_resilience = min(
        MAX_RESILIENCE_LIMIT, max_before + BLESSING_RESILIENCE_BY_SUIT[card.suit]
    )
    # A character at 0 (waiting for the resilience trial, or down) stays at 0 until the trial
    # stands them up or their wounds are tended: a blessing heals no one.
    if options.blessing_raises_resilience and res_before > 0 and not character.incapacitated:
        character.resilience += character.max_resilience - max_before
    return BlessingRecord(
        character.id,
        character.vanori.name,
        reveal,
        tuple(changes),
        card,
        max_before,
        character.max_resilience,
        res_before,
        character.resilience,
    )


def owl_insight(
    character: SongsCharacter,
    deck: TableDeck,
    rng: random.Random,
    card: Card,
    options: SongsOptions = DEFAULT_OPTIONS,
) -> XpRecord:
    """The Owl's gift, once per session: burn a card to mark XP twice."""
    burn = vanori_burn(character, card, VanoriAbility.OWL_INSIGHT)
    if character.owl_used_this_session:
        raise RulesError(
            words("{name} has already used the Owl's gift this session", name=character.name)
        )
    check_burns([burn], deck)
    check_mark_xp(character, deck, 2, options, extra_available=1)
    deck.burn(burn.hand_id, card)
    character.owl_used_this_session = True
    return apply_xp_marks(character, deck, rng, 2, options, burn)


@dataclass(frozen=True, slots=True)
class SessionRecord(Record):
    """A new session began: once-per-session gifts are ready again."""

    character_ids: tuple[str, ...]

    def explain(self) -> str:
        """A short line."""
        return english(self.words())

    def words(self) -> Words:
        """The new session as words."""
        return words("A new session begins; once-per-session gifts are ready again")


def start_session(characters: Iterable[SongsCharacter]) -> SessionRecord:
    """Begin a new session: each Owl may mark XP twice again."""
    chars = list(characters)
    for character in chars:
        character.owl_used_this_session = False
    return SessionRecord(tuple(c.id for c in chars))
