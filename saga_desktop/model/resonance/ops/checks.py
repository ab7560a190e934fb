"""A single check as operations: draw (:class:`BeginCheck`), then play (:class:`PlayCard`).

:class:`CancelCheck` puts every drawn card of any waiting check back exactly where it came from
(including a fatigue pile a reshuffling draw used up), so a stuck check never needs undo.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from typing_extensions import override

from saga_desktop.i18n.words import Words, listed, words, words_n
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.resonance.access import draws_of, options
from saga_desktop.model.resonance.ops.common import (
    after_draw,
    clear_waiting,
    refuse_if_waiting,
    remember_fatigue,
    request_of,
    settled,
    waiting,
)
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.resonance.table import borrow_character
from saga_desktop.rules import resonance
from saga_desktop.rules.card_words import card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.resonance.values import stat_words


@dataclass(frozen=True)
class BeginCheck(Operation):
    """Draw for one character's check of ``stat`` against a DC or an adversary's defence.

    ``dc`` is the difficulty; or name an ``adversary`` (its id) and a ``defence`` (``guard`` or
    ``resolve``) to use as the DC.
    """

    character: str
    stat: resonance.Stat
    dc: int | None = 10
    adversary: str | None = None
    defence: str = "guard"

    @property
    @override
    def label(self) -> Words | str:
        return words("{stat} check", stat=stat_words(self.stat))

    def request(self, campaign: Campaign) -> resonance.CheckRequest:
        """The engine's request for this check."""
        return request_of(campaign, self.stat, self.dc, self.adversary, self.defence)

    @override
    def apply(self, ctx: Context) -> resonance.PendingCheck:
        refuse_if_waiting(ctx.campaign)
        request = self.request(ctx.campaign)
        before = remember_fatigue(ctx, [self.character])
        who = borrow_character(ctx, self.character)
        pending = resonance.draw_check(request, who, ctx.rng, options(ctx))
        after_draw(ctx, pending, before, [pending.draw])
        ctx.log("check-draw", pending.words(), pending.to_data(), character=who.id)
        return pending


def order_of(cards: Sequence[Card] | None) -> tuple[Card, ...] | None:
    """The order of the cards going under the deck (``None``: the order drawn)."""
    return None if cards is None else tuple(cards)


@dataclass(frozen=True)
class PlayCard(Operation):
    """Play ``card`` for the waiting single check; ``order`` lists the others as they go under.

    ``card`` is ``None`` only when nothing could be drawn (the check then fails).
    """

    card: Card | None
    order: tuple[Card, ...] | None = None

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Play {card}", card=card_short(self.card))
            if self.card
            else words("Settle the check")
        )

    @override
    def apply(self, ctx: Context) -> resonance.CheckResult:
        pending = waiting(ctx)
        if not isinstance(pending, resonance.PendingCheck):
            raise OperationError(words("The check waiting is not a single check"))
        who = borrow_character(ctx, pending.draw.character_id)
        result = resonance.play_check(pending, who, self.card, self.order, options(ctx))
        settled(play_of(ctx.campaign))
        ctx.log("check", result.words(), result.to_data(), character=who.id)
        return result


@dataclass(frozen=True)
class CancelCheck(Operation):
    """Call off the waiting check: every drawn card goes back exactly where it came from."""

    @property
    @override
    def label(self) -> Words | str:
        return words("Cancel the check")

    @override
    def apply(self, ctx: Context) -> list[str]:
        pending = waiting(ctx)
        play = play_of(ctx.campaign)
        names, back = [], []
        for draw in {d.character_id: d for d in draws_of(pending)}.values():  # each one once
            who = borrow_character(ctx, draw.character_id)
            put_back(who.cards, draw, play.fatigue_before.get(who.id))
            names.append(who.name)
            back.append(
                words_n("{name} ({n} card)", "{name} ({n} cards)", len(draw.cards), name=who.name)
            )
        clear_waiting(play)
        ctx.log(
            "check-cancel",
            words("The check is called off; the drawn cards go back: {back}", back=listed(*back)),
            {"characters": [d.character_id for d in draws_of(pending)]},
        )
        return names


def put_back(
    cards: resonance.CharacterDeck, draw: resonance.Draw, fatigue_before: list[str] | None
) -> None:
    """Undo a draw on the cards: the deck (and a fatigue pile it used up) as they were."""
    drawn = list(cards.drawn)
    if tuple(drawn) != draw.cards or cards.revision != draw.revision:
        raise OperationError(
            words(
                "{character_name}'s drawn cards no longer match the check",
                character_name=draw.character_name,
            )
        )
    if draw.reshuffled_before:
        if fatigue_before is None:
            raise OperationError(words("The fatigue pile before the reshuffle was not recorded"))
        at = draw.reshuffled_before[0]
        old = [Card.from_code(c) for c in fatigue_before]
        if sorted(cards.deck + drawn[at:] + cards.fatigue) != sorted(old):
            raise OperationError(
                words(
                    "{character_name}'s fatigue pile no longer matches",
                    character_name=draw.character_name,
                )
            )
        cards.deck = list(reversed(drawn[:at]))
        cards.fatigue = old
    else:
        cards.deck.extend(reversed(drawn))
    cards.drawn = []
    cards.revision += 1
