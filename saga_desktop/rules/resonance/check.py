"""A check in two phases: draw, then play one card.

* :func:`draw_check` draws the cards (stat value, at least 2) and returns a
  :class:`PendingCheck`; nothing is decided yet.
* :func:`play_check` plays one drawn card to the fatigue pile, puts the others under the deck in
  the order the player chose, and returns the :class:`CheckResult`.

A pending check remembers the deck's revision: once it is settled, or the cards changed in any
other way, it can no longer be played. Every refusal leaves the cards as they were.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, listed, words, words_n
from saga_desktop.rules.card_words import card_short, cards_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record, card_list
from saga_desktop.rules.resonance.character import ResonanceCharacter
from saga_desktop.rules.resonance.options import DEFAULT_OPTIONS, EmptyDeck, ResonanceOptions
from saga_desktop.rules.resonance.request import CheckRequest as CheckRequest
from saga_desktop.rules.resonance.request import against_guard as against_guard
from saga_desktop.rules.resonance.request import against_resolve as against_resolve
from saga_desktop.rules.resonance.values import (
    Degree,
    Stat,
    degree_of,
    degree_words,
    effective_value,
    resonates,
    semicolons,
    stat_words,
)


@dataclass(frozen=True, slots=True)
class Draw(Record):
    """Cards drawn for one character's check, in the order drawn, and the deck revision after."""

    character_id: str
    character_name: str
    stat: Stat
    stat_value: int
    cards: tuple[Card, ...]
    asked: int
    revision: int
    reshuffled_before: tuple[int, ...] = ()

    def value(self, card: Card | None) -> int:
        """The effective value of a card in this check (0 when no card is played)."""
        return 0 if card is None else effective_value(card, self.stat, self.stat_value)

    @property
    def short(self) -> bool:
        """True when fewer cards than asked for could be drawn."""
        return len(self.cards) < self.asked

    def explain(self) -> str:
        """E.g. ``"Kael draws 5♣, 9♦, Q♠ (Body 3)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The draw as words each reader words in their own language."""
        drawn = cards_short(self.cards) if self.cards else words("no cards")
        notes = listed(
            words_n(
                "{n} of {asked} cards could be drawn",
                "{n} of {asked} cards could be drawn",
                len(self.cards),
                asked=self.asked,
            )
            if self.short
            else "",
            words("the fatigue pile was shuffled back in") if self.reshuffled_before else "",
        )
        values: dict[str, Value] = {
            "name": self.character_name,
            "drawn": drawn,
            "stat": stat_words(self.stat),
            "value": self.stat_value,
        }
        if notes.values:
            return words("{name} draws {drawn} ({stat} {value}; {notes})", notes=notes, **values)
        return words("{name} draws {drawn} ({stat} {value})", **values)


@dataclass(frozen=True, slots=True)
class CardChoice(Record):
    """One drawn card as a choice: its effective value and whether it reaches the DC."""

    card: Card
    effective: int
    resonates: bool
    dc: int

    @property
    def margin(self) -> int:
        """Effective value minus the DC."""
        return self.effective - self.dc

    @property
    def passes(self) -> bool:
        """True when the card meets or beats the DC."""
        return self.effective >= self.dc

    def explain(self) -> str:
        """E.g. ``"5♣ 8 (resonance): fails"``."""
        return english(self.words())

    def words(self) -> Words:
        """The choice as words each reader words in their own language."""
        card, value = card_short(self.card), self.effective
        if self.resonates:
            if self.passes:
                return words("{card} {value} (resonance): passes", card=card, value=value)
            return words("{card} {value} (resonance): fails", card=card, value=value)
        if self.passes:
            return words("{card} {value}: passes", card=card, value=value)
        return words("{card} {value}: fails", card=card, value=value)


@dataclass(frozen=True, slots=True)
class PendingCheck(Record):
    """A check drawn but not yet played."""

    request: CheckRequest
    draw: Draw

    @property
    def choices(self) -> tuple[CardChoice, ...]:
        """Every drawn card with its effective value against the DC, in drawn order."""
        d = self.draw
        return tuple(
            CardChoice(c, d.value(c), resonates(c, d.stat), self.request.dc) for c in d.cards
        )

    def explain(self) -> str:
        """The draw and the value of each card."""
        return english(self.words())

    def words(self) -> Words:
        """The pending check as words each reader words in their own language."""
        choices = [c.words() for c in self.choices]
        values = semicolons(*choices) if choices else words("the check fails")
        return words(
            "{request}: {draw}: {values}",
            request=self.request.words(),
            draw=self.draw.words(),
            values=values,
        )


@dataclass(frozen=True, slots=True)
class CheckResult(Record):
    """A played check: the card, where the others went, and the outcome."""

    request: CheckRequest
    draw: Draw
    played: Card | None
    bottom: tuple[Card, ...]
    degrees: bool = True

    @property
    def effective(self) -> int:
        """The played card's effective value (0 when no card could be played)."""
        return self.draw.value(self.played)

    @property
    def success(self) -> bool:
        """A card was played and it meets or beats the DC."""
        return self.played is not None and self.effective >= self.request.dc

    @property
    def margin(self) -> int:
        """Effective value minus DC."""
        return self.effective - self.request.dc

    @property
    def degree(self) -> Degree:
        """The degree of success or failure (by the margin)."""
        return degree_of(self.margin) if self.played else Degree.CLEAR_FAILURE

    def explain(self) -> str:
        """E.g. ``"Kael (Body check, DC 9): plays 9♦ = 9 vs 9: success"``."""
        return english(self.words())

    def words(self) -> Words:
        """The played check as words each reader words in their own language."""
        name, request = self.draw.character_name, self.request.words()
        if self.played is None:
            return words(
                "{name} ({request}): {draw}: no card to play, the check fails",
                name=name,
                request=request,
                draw=self.draw.words(),
            )
        card, value = card_short(self.played), self.effective
        played = (
            words(
                "{card} {value} (resonance + {stat})",
                card=card,
                value=value,
                stat=self.draw.stat_value,
            )
            if resonates(self.played, self.draw.stat)
            else words("{card} {value}", card=card, value=value)
        )
        if self.degrees:
            outcome = degree_words(self.degree)
        else:
            outcome = words("success") if self.success else words("failure")
        values: dict[str, Value] = {
            "name": name,
            "request": request,
            "card": played,
            "dc": self.request.dc,
            "outcome": outcome,
        }
        if self.bottom:
            return words(
                "{name} ({request}): plays {card} vs {dc}: {outcome}; {bottom} to the bottom",
                bottom=cards_short(self.bottom),
                **values,
            )
        return words("{name} ({request}): plays {card} vs {dc}: {outcome}", **values)


def check_can_draw(character: ResonanceCharacter, stat: Stat) -> None:
    """Raise RulesError unless the character can draw for a check of ``stat`` now."""
    character.check()
    if character.cards.drawn:
        raise RulesError(
            words("{name} has drawn cards waiting: play one of them first", name=character.name)
        )


def take_draw(
    character: ResonanceCharacter, stat: Stat, rng: random.Random, options: ResonanceOptions
) -> Draw:
    """Draw for a check (call :func:`check_can_draw` first)."""
    value = character.stat(stat)
    asked = options.draw_count(value)
    cards = character.cards
    if options.empty_deck is EmptyDeck.FAIL and len(cards.deck) < asked:
        drawn, shuffles = cards.draw(0, rng, reshuffle=False)
    else:
        drawn, shuffles = cards.draw(asked, rng, options.empty_deck is EmptyDeck.RESHUFFLE)
    return Draw(
        character.id, character.name, stat, value, tuple(drawn), asked, cards.revision,
        tuple(shuffles),
    )  # fmt: skip


def check_play(
    draw: Draw, character: ResonanceCharacter, card: Card | None, order: Sequence[Card] | None
) -> tuple[Card, ...]:
    """Raise RulesError unless ``card`` can be played from ``draw``; returns the bottom order."""
    if draw.character_id != character.id:
        raise RulesError(
            words(
                "Those cards are {character_name}'s, not {name}'s",
                character_name=draw.character_name,
                name=character.name,
            )
        )
    cards = character.cards
    if cards.revision != draw.revision or tuple(cards.drawn) != draw.cards:
        raise RulesError(
            words(
                "{character_name}'s draw is already settled or out of date (the cards changed)",
                character_name=draw.character_name,
            )
        )
    if card is None:
        if draw.cards:
            raise RulesError(words("Choose one of the drawn cards to play"))
        return ()
    if card not in draw.cards:
        raise RulesError(words("{card} was not drawn for this check", card=str(card)))
    rest = [c for c in draw.cards if c != card]
    if order is None:
        return tuple(rest)
    if sorted(order) != sorted(rest):
        raise RulesError(
            words("Put exactly the unplayed cards ({rest}) under the deck", rest=card_list(rest))
        )
    return tuple(order)


def draw_check(
    request: CheckRequest,
    character: ResonanceCharacter,
    rng: random.Random,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> PendingCheck:
    """Draw the cards for a check; play one of them with :func:`play_check`."""
    check_can_draw(character, request.stat)
    return PendingCheck(request, take_draw(character, request.stat, rng, options))


def play_check(
    pending: PendingCheck,
    character: ResonanceCharacter,
    card: Card | None,
    order: Sequence[Card] | None = None,
    options: ResonanceOptions = DEFAULT_OPTIONS,
) -> CheckResult:
    """Play ``card`` (``None`` only when nothing could be drawn) and settle the check.

    ``order`` lists the other cards as they go under the deck, the first of them coming back up
    first (default: the order they were drawn in).
    """
    bottom = check_play(pending.draw, character, card, order)
    character.cards.settle(card, bottom)
    return CheckResult(pending.request, pending.draw, card, bottom, options.degrees_of_success)
