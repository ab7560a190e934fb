"""Opposed and group checks as operations, each drawn first and played after.

Opposed: :class:`BeginOpposed` draws for both sides; each side then makes its choice with
:class:`PlayOpposed`, which is kept secret (only that side's player and the GM may read it);
the second choice reveals both together and settles the check. Group: :class:`BeginGroup` draws
for every member; each member's player plays their own card with :class:`PlayGroupCard` (kept
until the last card is in, which settles the group), or the GM plays the cards still missing at
once with :class:`PlayGroup`. When the group check is a round of the extended check, the round's
progress goes into its pool (rounds are the GM's to play, with :class:`PlayGroup`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing_extensions import override

from saga_desktop.i18n.words import Words, words, words_n
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context, Operation, OperationError
from saga_desktop.model.resonance.access import extended_of, options, store
from saga_desktop.model.resonance.ops.common import (
    after_draw,
    refuse_if_waiting,
    remember_fatigue,
    request_of,
    settled,
    waiting,
)
from saga_desktop.model.resonance.state import OpposedChoice, play_of
from saga_desktop.model.resonance.table import borrow_character
from saga_desktop.rules import resonance
from saga_desktop.rules.card_words import card_or_none, card_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.resonance.check import check_play
from saga_desktop.rules.resonance.values import semicolons, stat_words

SIDES = {"first": resonance.Side.FIRST, "second": resonance.Side.SECOND}


@dataclass(frozen=True)
class BeginOpposed(Operation):
    """Both sides of an opposed check draw; ``defender`` (``first``/``second``) wins ties."""

    first: str
    first_stat: resonance.Stat
    second: str
    second_stat: resonance.Stat
    defender: str | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Opposed check")

    def side(self) -> resonance.Side | None:
        """The defender as the engine's side."""
        if self.defender is None:
            return None
        if self.defender not in SIDES:
            raise OperationError(
                words("The defender is the first side, the second side, or neither")
            )
        return SIDES[self.defender]

    @override
    def apply(self, ctx: Context) -> resonance.PendingOpposed:
        refuse_if_waiting(ctx.campaign)
        defender = self.side()
        before = remember_fatigue(ctx, [self.first, self.second])
        one, two = borrow_character(ctx, self.first), borrow_character(ctx, self.second)
        pending = resonance.draw_opposed(
            one, self.first_stat, two, self.second_stat, ctx.rng,
            defender=defender, options=options(ctx),
        )  # fmt: skip
        after_draw(ctx, pending, before, [pending.first, pending.second])
        ctx.log("opposed-draw", pending.words(), pending.to_data())
        return pending


@dataclass(frozen=True)
class PlayOpposed(Operation):
    """One side chooses its card (and the order of the others) in secret.

    When both sides have chosen, both cards are revealed together and the check is settled;
    the result is returned then (``None`` before).
    """

    character: str
    card: Card | None
    order: tuple[Card, ...] | None = None

    @property
    @override
    def label(self) -> Words | str:
        return words("Card chosen in secret")  # the action line and Undo read it after the choice

    @override
    def apply(self, ctx: Context) -> resonance.OpposedResult | None:
        pending = waiting(ctx)
        if not isinstance(pending, resonance.PendingOpposed):
            raise OperationError(words("The check waiting is not an opposed check"))
        draw = {d.character_id: d for d in (pending.first, pending.second)}.get(self.character)
        if draw is None:
            raise OperationError(words("That character is not a side of the opposed check"))
        play = play_of(ctx.campaign)
        if self.character in play.choices:
            raise OperationError(
                words("{character_name} has already chosen", character_name=draw.character_name)
            )
        who = borrow_character(ctx, self.character)
        bottom = check_play(draw, who, self.card, self.order)
        play.choices[self.character] = OpposedChoice(
            card=self.card.code if self.card else None, order=[c.code for c in bottom]
        )
        ctx.log(
            "opposed-choice",
            words(
                "{name} chooses {card} (secret until the reveal)",
                name=draw.character_name,
                card=card_or_none(self.card),
            ),
            {"card": self.card.code if self.card else None},
            character=self.character,
        )
        if len(play.choices) < 2:
            return None
        return reveal(ctx, pending)


def _choice(choice: OpposedChoice) -> tuple[Card | None, tuple[Card, ...]]:
    card = Card.from_code(choice.card) if choice.card else None
    return card, tuple(Card.from_code(c) for c in choice.order)


def reveal(ctx: Context, pending: resonance.PendingOpposed) -> resonance.OpposedResult:
    """Both sides have chosen: reveal the cards together and settle the check."""
    play = play_of(ctx.campaign)
    one = borrow_character(ctx, pending.first.character_id)
    two = borrow_character(ctx, pending.second.character_id)
    card1, order1 = _choice(play.choices[one.id])
    card2, order2 = _choice(play.choices[two.id])
    result = resonance.play_opposed(
        pending, one, card1, two, card2,
        first_order=order1, second_order=order2, options=options(ctx),
    )  # fmt: skip
    settled(play)
    ctx.log("opposed", result.words(), result.to_data())
    return result


@dataclass(frozen=True)
class BeginGroup(Operation):
    """Every named character draws for the same check (a DC or an adversary's defence)."""

    characters: tuple[str, ...]
    stat: resonance.Stat
    dc: int | None = 10
    adversary: str | None = None
    defence: str = "guard"

    @property
    @override
    def label(self) -> Words | str:
        return words("Group {stat} check", stat=stat_words(self.stat))

    def request(self, campaign: Campaign) -> resonance.CheckRequest:
        """The engine's request for this check."""
        return request_of(campaign, self.stat, self.dc, self.adversary, self.defence)

    @override
    def apply(self, ctx: Context) -> resonance.PendingGroup:
        refuse_if_waiting(ctx.campaign)
        return draw_group(ctx, self.request(ctx.campaign), self.characters)


def draw_group(
    ctx: Context,
    request: resonance.CheckRequest,
    ids: tuple[str, ...],
    heading: Words | None = None,
) -> resonance.PendingGroup:
    """Draw a group check for the given characters and store it as the waiting check.

    ``heading`` names the check in the journal in place of "Group ..." (a round of the
    extended check).
    """
    if len(set(ids)) != len(ids) or not ids:
        raise OperationError(words("A group check needs at least one character, each named once"))
    before = remember_fatigue(ctx, ids)
    members = [borrow_character(ctx, cid) for cid in ids]
    pending = resonance.draw_group(request, members, ctx.rng, options(ctx))
    after_draw(ctx, pending, before, pending.draws)
    text = pending.words()
    if heading is not None:
        text = words(
            "{heading}: {draws}",
            heading=heading,
            draws=semicolons(*(d.words() for d in pending.draws)),
        )
    ctx.log("group-draw", text, pending.to_data())
    return pending


@dataclass(frozen=True)
class PlayGroup(Operation):
    """The cards still missing are played at once: ``plays`` maps character ids to cards.

    ``plays`` names every member whose card is not in yet (``None``: none drawn), and only
    them; ``orders`` may give, per member, the order of the other cards going under the deck.
    With the cards already played (:class:`PlayGroupCard`), the group check is settled.
    """

    plays: dict[str, Card | None]
    orders: dict[str, tuple[Card, ...]] = field(default_factory=dict)

    @property
    @override
    def label(self) -> Words | str:
        return words("Play the group check")

    @override
    def apply(self, ctx: Context) -> resonance.GroupResult:
        pending = waiting_group(ctx)
        play = play_of(ctx.campaign)
        played = [d for d in pending.draws if d.character_id in play.choices]
        if any(d.character_id in self.plays for d in played):
            names = ", ".join(d.character_name for d in played)
            raise OperationError(words("{names} already played: name only the others", names=names))
        plays, orders = dict(self.plays), dict(self.orders)
        for cid, choice in play.choices.items():
            plays[cid], orders[cid] = _choice(choice)
        return settle_group(ctx, pending, plays, orders)


@dataclass(frozen=True)
class PlayGroupCard(Operation):
    """One member of the waiting group check plays ``card`` (``None``: none drawn).

    ``order`` lists the member's other cards as they go under the deck. The card is kept until
    every member's is in; the last one settles the group check and returns its result (``None``
    before). A round of the extended check is the GM's, played whole with :class:`PlayGroup`.
    """

    character: str
    card: Card | None
    order: tuple[Card, ...] | None = None

    @property
    @override
    def label(self) -> Words | str:
        return (
            words("Play {card}", card=card_short(self.card)) if self.card else words("Play no card")
        )

    @override
    def apply(self, ctx: Context) -> resonance.GroupResult | None:
        pending = waiting_group(ctx)
        play = play_of(ctx.campaign)
        if play.pending_round:
            raise OperationError(words("The GM plays the rounds of the extended check"))
        draw = {d.character_id: d for d in pending.draws}.get(self.character)
        if draw is None:
            raise OperationError(words("That character is not a member of the group check"))
        if self.character in play.choices:
            raise OperationError(
                words("{character_name} has already played", character_name=draw.character_name)
            )
        who = borrow_character(ctx, self.character)
        bottom = check_play(draw, who, self.card, self.order)
        play.choices[self.character] = OpposedChoice(
            card=self.card.code if self.card else None, order=[c.code for c in bottom]
        )
        missing = len(pending.draws) - len(play.choices)
        said = (
            words_n(
                "{name} plays {card} in the group check; {n} still to play",
                "{name} plays {card} in the group check; {n} still to play",
                missing,
                name=draw.character_name,
                card=card_or_none(self.card),
            )
            if missing
            else words(
                "{name} plays {card} in the group check",
                name=draw.character_name,
                card=card_or_none(self.card),
            )
        )
        ctx.log(
            "group-card",
            said,
            {"card": self.card.code if self.card else None},
            character=self.character,
        )
        if missing:
            return None
        plays: dict[str, Card | None] = {}
        orders: dict[str, tuple[Card, ...]] = {}
        for cid, choice in play.choices.items():
            plays[cid], orders[cid] = _choice(choice)
        return settle_group(ctx, pending, plays, orders)


def waiting_group(ctx: Context) -> resonance.PendingGroup:
    """The waiting group check, or an OperationError."""
    pending = waiting(ctx)
    if not isinstance(pending, resonance.PendingGroup):
        raise OperationError(words("The check waiting is not a group check"))
    return pending


def settle_group(
    ctx: Context,
    pending: resonance.PendingGroup,
    plays: dict[str, Card | None],
    orders: dict[str, tuple[Card, ...]],
) -> resonance.GroupResult:
    """Every member's card is named: settle the group check (or the extended check's round)."""
    play = play_of(ctx.campaign)
    members = [borrow_character(ctx, d.character_id) for d in pending.draws]
    result = resonance.play_group(pending, members, plays, orders, options(ctx))
    round_ = play.pending_round
    settled(play)
    if round_:
        state = extended_of(ctx.campaign)
        if state is None:  # pragma: no cover - check_play keeps them together
            raise OperationError(words("The extended check is gone"))
        after = resonance.add_round(state, result.results, options(ctx))
        store(play, after, ext=True)
        last = after.history[-1]
        text = words("{round}: {state}", round=last.words(), state=after.words())
        ctx.log("extended", text, {"round": last.to_data(), "state": after.to_data()})
    else:
        ctx.log("group", result.words(), result.to_data())
    return result
