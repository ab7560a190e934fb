"""Who plays which part of the waiting check in this window, and what the check dock says of it.

At the GM's own table (and a GM seat) every part is live: a single check's card, each side of
an opposed check (after a look at its face-down cards), and a group check picked member by
member, then played at once (``PlayGroup``: the cards still missing). At a player's seat the
seat's own character plays their own part, as the rules have every side draw and play: their
card of a single check (``PlayCard``), their side of an opposed check (``PlayOpposed``, secret
until both have played), their card of a group check (``PlayGroupCard``: the last card in
settles the group). The other parts stay read-only, and the rounds of an extended check are
the GM's. A part whose card is in says so: played, waiting for the others.
"""

from __future__ import annotations

from saga_desktop.i18n import tr, tr_noop, trn
from saga_desktop.i18n.words import say, sentence
from saga_desktop.model.operation import kind_of
from saga_desktop.model.resonance.access import Pending, draws_of, extended_of
from saga_desktop.model.resonance.ops.checks import PlayCard
from saga_desktop.model.resonance.ops.contests import PlayGroup, PlayGroupCard, PlayOpposed
from saga_desktop.model.resonance.ops.extended import round_heading
from saga_desktop.model.resonance.state import play_of
from saga_desktop.rules import resonance
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge

PLAY_OP = {
    resonance.PendingCheck: kind_of(PlayCard),
    resonance.PendingOpposed: kind_of(PlayOpposed),
    resonance.PendingGroup: kind_of(PlayGroupCard),
}
"""The operation that plays one character's part of each kind of waiting check."""

ROUND_IS_GMS = tr_noop("The GM plays the rounds of the extended check")
GMS = tr_noop("The GM plays this check: each card drawn shows below")


def picks_whole_group(bridge: SessionBridge) -> bool:
    """The GM's way with a group check: pick a card for each member, then play them at once."""
    return bridge.may(kind_of(PlayGroup))


def play_refusal(bridge: SessionBridge, record: Pending, cid: str) -> str | None:
    """Why this window may not play ``cid``'s part of the waiting check (None: it may)."""
    if isinstance(record, resonance.PendingGroup):
        if picks_whole_group(bridge):
            return None
        if play_of(bridge.session.campaign).pending_round:
            return tr(ROUND_IS_GMS)
    return bridge.refusal(PLAY_OP[type(record)], {"character": cid})


def played_text(bridge: SessionBridge, record: Pending, cid: str) -> str:
    """The line a part whose card is in shows instead of its cards ("" while it has not).

    An opposed side's card is named only to its own player's seat (the GM's table may be
    seen by the whole table); a group check's cards are public.
    """
    choice = play_of(bridge.session.campaign).choices.get(cid)
    if choice is None or isinstance(record, resonance.PendingCheck):
        return ""
    card = Card.from_code(choice.card) if choice.card else None
    if card is None:
        played = tr("Played no card (none drawn)")
    else:
        played = tr("Played {card}", card=card.name)
    if isinstance(record, resonance.PendingOpposed):
        if not (bridge.limited and bridge.viewer.owns(cid)):
            played = tr("Played")
        return tr("{played}, waiting for the others (face down until the reveal)", played=played)
    return tr("{played}, waiting for the others", played=played)


def waiting_text(bridge: SessionBridge, record: Pending, picked: int) -> str:
    """What the waiting check asks of this window; ``picked``: the GM's group picks so far."""
    if isinstance(record, resonance.PendingCheck):
        return tr("{request}: play one card", request=sentence(say(record.request.words())))
    campaign = bridge.session.campaign
    played = play_of(campaign).choices
    mine = [d.character_id for d in draws_of(record) if bridge.viewer.owns(d.character_id)]
    to_play = [cid for cid in mine if cid not in played]
    if isinstance(record, resonance.PendingOpposed):
        if not bridge.limited or not mine:
            return tr("Opposed check: each side chooses in secret, then both are revealed")
        if to_play:
            return tr(
                "Opposed check: choose your card; the other side chooses in secret, and both "
                "are revealed together"
            )
        return tr("Your card is in: waiting for the other side; both are revealed together")
    missing = len(record.draws) - len(played)
    state = extended_of(campaign)
    heading = tr("Group {request}", request=say(record.request.words()))
    if play_of(campaign).pending_round and state is not None:
        if not picks_whole_group(bridge):
            return tr(GMS)
        heading = round_heading(state)
    if picks_whole_group(bridge):
        left = missing - picked
        if left:
            return tr(
                "{heading}: pick a card for each member ({left} still to pick)",
                heading=heading,
                left=left,
            )
        return tr(
            "{heading}: pick a card for each member (every member has picked)", heading=heading
        )
    if to_play:
        return tr(
            "{heading}: play your card; the group is settled when every member's card is "
            "in ({missing} still to play)",
            heading=heading,
            missing=missing,
        )
    return trn(
        "{heading}: waiting for {n} more card",
        "{heading}: waiting for {n} more cards",
        missing,
        heading=heading,
    )
