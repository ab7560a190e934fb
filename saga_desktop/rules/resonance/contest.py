"""Opposed checks (two sides) and group checks (the whole party), in two phases each.

Opposed: both sides draw (:func:`draw_opposed`), choose in secret, and reveal together
(:func:`play_opposed`). The higher effective value wins. A tie goes to the defender; with no
defender, to the side with fewer cards in its fatigue pile (counted before the check); if those
are level too, the campaign's :class:`~saga_desktop.rules.resonance.options.TieBreak` decides, and
what is still level after it is a standoff.

Group: everyone draws (:func:`draw_group`) and plays (:func:`play_group`); the group succeeds
when at least half of its members succeed.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Words, english, words
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
from saga_desktop.rules.resonance.character import ResonanceCharacter
from saga_desktop.rules.resonance.check import (
    Draw,
    check_can_draw,
    check_play,
    take_draw,
)
from saga_desktop.rules.resonance.options import DEFAULT_OPTIONS, ResonanceOptions, TieBreak
from saga_desktop.rules.resonance.values import (
    Stat,
    card_value,
    resonates,
    stat_words,
)


class Side(enum.Enum):
    """The two sides of an opposed check."""

    FIRST = "first"
    SECOND = "second"


class Decider(enum.Enum):
    """What settled an opposed check."""

    VALUE = "higher value"
    DEFENDER = "tie: the defender holds"
    FATIGUE = "tie: fewer fatigue cards"
    HIGHER_CARD = "tie: the higher card"
    RESONANCE = "tie: the resonating card"
    STANDOFF = "standoff"


DECIDERS = (  # what settled it, for the catalog: lines carry it as words
    tr_noop("higher value"),
    tr_noop("tie: the defender holds"),
    tr_noop("tie: fewer fatigue cards"),
    tr_noop("tie: the higher card"),
    tr_noop("tie: the resonating card"),
    tr_noop("standoff"),
)


def tie_key(card: Card | None, stat: Stat, tie_break: TieBreak) -> int:
    """What the last tie-break compares: the card's value, whether it resonates, or nothing."""
    if card is None or tie_break is TieBreak.STANDOFF:
        return 0
    if tie_break is TieBreak.HIGHER_CARD:
        return card_value(card)
    return 1 if resonates(card, stat) else 0


def decide(
    first: tuple[int, int],
    second: tuple[int, int],
    defender: Side | None,
    fatigue: tuple[int, int],
    tie_break: TieBreak,
) -> tuple[Side | None, Decider]:
    """The winner of an opposed check from each side's (effective value, tie key)."""
    if first[0] != second[0]:
        return (Side.FIRST if first[0] > second[0] else Side.SECOND), Decider.VALUE
    if defender is not None:
        return defender, Decider.DEFENDER
    if fatigue[0] != fatigue[1]:
        return (Side.FIRST if fatigue[0] < fatigue[1] else Side.SECOND), Decider.FATIGUE
    if first[1] != second[1]:
        by = Decider.HIGHER_CARD if tie_break is TieBreak.HIGHER_CARD else Decider.RESONANCE
        return (Side.FIRST if first[1] > second[1] else Side.SECOND), by
    return None, Decider.STANDOFF


@dataclass(frozen=True, slots=True)
class PendingOpposed(Record):
    """Both sides have drawn; neither has played."""

    first: Draw
    second: Draw
    defender: Side | None = None

    def explain(self) -> str:
        """Both draws (only for the GM's eyes until the reveal)."""
        return english(self.words())

    def words(self) -> Words:
        """Both draws as words each reader words in their own language."""
        return words(
            "Opposed check: {first}; {second}", first=self.first.words(), second=self.second.words()
        )


@dataclass(frozen=True, slots=True)
class OpposedResult(Record):
    """The reveal: both cards, both values, the winner and what decided it."""

    pending: PendingOpposed
    first_card: Card | None
    second_card: Card | None
    first_bottom: tuple[Card, ...]
    second_bottom: tuple[Card, ...]
    first_fatigue: int
    second_fatigue: int
    winner: Side | None
    decided_by: Decider

    @property
    def first_value(self) -> int:
        """The first side's effective value."""
        return self.pending.first.value(self.first_card)

    @property
    def second_value(self) -> int:
        """The second side's effective value."""
        return self.pending.second.value(self.second_card)

    @property
    def winner_name(self) -> str | None:
        """The winning character's name, or ``None`` on a standoff."""
        if self.winner is None:
            return None
        return (
            self.pending.first if self.winner is Side.FIRST else self.pending.second
        ).character_name

    def explain(self) -> str:
        """E.g. ``"Spy (Heart) 10♥ 13 vs Magistrate (Mind) Q♦ 16: Magistrate wins (...)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The reveal as words each reader words in their own language."""
        sides = []
        for draw, card in (
            (self.pending.first, self.first_card),
            (self.pending.second, self.second_card),
        ):
            shown = (
                words("{card} {value}", card=card_short(card), value=draw.value(card))
                if card
                else words("no card")
            )
            sides.append(
                words(
                    "{name} ({stat}) {shown}",
                    name=draw.character_name,
                    stat=stat_words(draw.stat),
                    shown=shown,
                )
            )
        outcome = (
            words("{name} wins", name=self.winner_name)
            if self.winner_name
            else words("neither wins")
        )
        return words(
            "{first} vs {second}: {outcome} ({how})",
            first=sides[0],
            second=sides[1],
            outcome=outcome,
            how=words(self.decided_by.value),
        )


def draw_opposed(
    first: ResonanceCharacter,
    first_stat: Stat,
    second: ResonanceCharacter,
    second_stat: Stat,
    rng: random.Random,
    *,
    defender: Side | None = None,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> PendingOpposed:
    """Both sides draw for an opposed check; ``defender`` wins ties (``None``: e.g. a race)."""
    if first.id == second.id:
        raise RulesError(words("An opposed check needs two different characters"))
    check_can_draw(first, first_stat)
    check_can_draw(second, second_stat)
    one = take_draw(first, first_stat, rng, options)
    return PendingOpposed(one, take_draw(second, second_stat, rng, options), defender)


def fatigue_before(draw: Draw, character: ResonanceCharacter) -> int:
    """How many cards lay in the character's fatigue pile before ``draw`` (its check unplayed).

    A draw that ran the deck dry with the ``reshuffle`` ruling shuffled the whole pile back in
    (once: the pile is empty after it); those cards are the deck now, less the ones drawn since.
    """
    if not draw.reshuffled_before:
        return len(character.cards.fatigue)
    return len(character.cards.deck) + len(draw.cards) - draw.reshuffled_before[-1]


def play_opposed(
    pending: PendingOpposed,
    first: ResonanceCharacter,
    first_card: Card | None,
    second: ResonanceCharacter,
    second_card: Card | None,
    *,
    first_order: Sequence[Card] | None = None,
    second_order: Sequence[Card] | None = None,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> OpposedResult:
    """Reveal both chosen cards and settle the opposed check."""
    first_bottom = check_play(pending.first, first, first_card, first_order)
    second_bottom = check_play(pending.second, second, second_card, second_order)
    fatigue = (fatigue_before(pending.first, first), fatigue_before(pending.second, second))
    tb = options.tie_break
    one = (pending.first.value(first_card), tie_key(first_card, pending.first.stat, tb))
    two = (pending.second.value(second_card), tie_key(second_card, pending.second.stat, tb))
    winner, by = decide(one, two, pending.defender, fatigue, tb)
    first.cards.settle(first_card, first_bottom)
    second.cards.settle(second_card, second_bottom)
    return OpposedResult(
        pending, first_card, second_card, first_bottom, second_bottom, *fatigue, winner, by
    )
