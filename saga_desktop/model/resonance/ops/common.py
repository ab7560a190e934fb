"""What the check operations share: the target of a check, the waiting check, the draw."""

from __future__ import annotations

from collections.abc import Sequence

from saga_desktop.i18n.words import words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context, OperationError
from saga_desktop.model.resonance.access import Pending, pending_of, store
from saga_desktop.model.resonance.state import Adversary, ResonancePlay, play_of
from saga_desktop.model.resonance.table import borrow_character
from saga_desktop.rules import resonance

DEFENCES = ("guard", "resolve")


def find_adversary(campaign: Campaign, adversary_id: str) -> Adversary:
    """An adversary by id, or an OperationError."""
    for a in play_of(campaign).adversaries:
        if a.id == adversary_id:
            return a
    raise OperationError(words("That adversary is not in this campaign"))


def request_of(
    campaign: Campaign,
    stat: resonance.Stat,
    dc: int | None,
    adversary: str | None,
    defence: str = "guard",
) -> resonance.CheckRequest:
    """The engine's request: a DC, or an adversary's Guard or Resolve."""
    if adversary is None:
        if dc is None:
            raise OperationError(words("Set a DC, or pick an adversary's Guard or Resolve"))
        return resonance.CheckRequest(stat, dc)
    if defence not in DEFENCES:
        raise OperationError(words("A check against an adversary uses its Guard or its Resolve"))
    saved = find_adversary(campaign, adversary)
    foe = resonance.Adversary(saved.id, saved.name, saved.guard, saved.resolve)
    if defence == "guard":
        return resonance.against_guard(stat, foe)
    return resonance.against_resolve(stat, foe)


def refuse_if_waiting(campaign: Campaign) -> None:
    """Refuse a new check while one waits."""
    if play_of(campaign).pending is not None:
        raise OperationError(words("A check is waiting: play it or cancel it first"))


def waiting(ctx: Context) -> Pending:
    """The waiting check, or an OperationError."""
    record = pending_of(ctx.campaign)
    if record is None:
        raise OperationError(words("No check is waiting"))
    return record


def remember_fatigue(ctx: Context, ids: Sequence[str]) -> dict[str, list[str]]:
    """Each character's fatigue pile before a draw (a draw may shuffle it into the deck)."""
    return {cid: [c.code for c in borrow_character(ctx, cid).cards.fatigue] for cid in ids}


def after_draw(
    ctx: Context, record: Pending, before: dict[str, list[str]], draws: Sequence[resonance.Draw]
) -> ResonancePlay:
    """Store the waiting check, and the fatigue piles a reshuffling draw used up."""
    play = play_of(ctx.campaign)
    store(play, record, ext=False)
    play.fatigue_before = {
        d.character_id: before[d.character_id] for d in draws if d.reshuffled_before
    }
    play.choices = {}
    return play


def clear_waiting(play: ResonancePlay) -> None:
    """Forget the waiting check once it is settled or cancelled."""
    play.pending = None
    play.pending_round = False
    play.choices = {}
    play.fatigue_before = {}


def settled(play: ResonancePlay) -> None:
    """A check was played: it counts in this scene."""
    clear_waiting(play)
    play.checks_this_scene += 1
