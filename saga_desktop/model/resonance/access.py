"""Resonance play state in engine form: the options, the waiting check, the extended check.

The waiting check is stored as the engine record's data (``PendingCheck``, ``PendingOpposed``
or ``PendingGroup``); :func:`read_pending` reads it back and :func:`check_play` holds the whole
play state to the rules the operations keep (it runs on load and after every operation).
"""

from __future__ import annotations

from typing import Any

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Context
from saga_desktop.model.resonance.state import Pending as Pending
from saga_desktop.model.resonance.state import (
    ResonanceOptions,
    ResonancePlay,
    play_of,
    sheet_of,
)
from saga_desktop.model.resonance.state import read_extended as read_extended
from saga_desktop.model.resonance.state import read_pending as read_pending
from saga_desktop.model.resonance.table import cards_of
from saga_desktop.rules import resonance


def to_rules_options(options: ResonanceOptions) -> resonance.ResonanceOptions:
    """The engine's form of the table's rulings."""
    return resonance.ResonanceOptions.from_data(options.model_dump())


def campaign_options(campaign: Campaign) -> resonance.ResonanceOptions:
    """The campaign's rulings as the engine reads them."""
    return to_rules_options(play_of(campaign).options)


def options(ctx: Context) -> resonance.ResonanceOptions:
    """The campaign's rulings, for an operation."""
    return campaign_options(ctx.campaign)


def pending_of(campaign: Campaign) -> Pending | None:
    """The check waiting to be played, if any."""
    data = play_of(campaign).pending
    return None if data is None else read_pending(data)


def extended_of(campaign: Campaign) -> resonance.ExtendedState | None:
    """The extended check, if one was started."""
    data = play_of(campaign).extended
    return None if data is None else read_extended(data)


def draws_of(record: Pending) -> tuple[resonance.Draw, ...]:
    """Every draw of a waiting check."""
    if isinstance(record, resonance.PendingCheck):
        return (record.draw,)
    if isinstance(record, resonance.PendingOpposed):
        return (record.first, record.second)
    return record.draws


def waiting_for(campaign: Campaign) -> frozenset[str]:
    """The ids of the characters whose cards a waiting check holds."""
    record = pending_of(campaign)
    return frozenset() if record is None else frozenset(d.character_id for d in draws_of(record))


def store(
    play: ResonancePlay, record: Pending | resonance.ExtendedState | None, *, ext: bool
) -> None:
    """Store (or clear) the waiting check, or with ``ext`` the extended check."""
    data: Any = None if record is None else record.to_data()
    if ext:
        play.extended = data
    else:
        play.pending = data


def _check_draw(campaign: Campaign, draw: resonance.Draw) -> None:
    try:
        character = campaign.character(draw.character_id)
    except KeyError:
        raise ValueError("play.pending: a draw belongs to a character not in the party") from None
    most = campaign_options(campaign).draw_count(resonance.STAT_MAX)
    if not 1 <= draw.asked <= most or len(draw.cards) > draw.asked:
        raise ValueError(
            f"play.pending: {character.name}'s draw asks for {draw.asked} cards; a check draws "
            f"1 to {most} and never more than it asks"
        )
    cards = cards_of(campaign, character.id)
    if tuple(cards.drawn) != draw.cards or cards.revision != draw.revision:
        raise ValueError(f"play.pending: {character.name}'s drawn cards do not match the check")
    if sheet_of(character).stat(draw.stat) != draw.stat_value:
        raise ValueError(f"play.pending: {character.name}'s {draw.stat.title} has changed")


def _check_once(record: Pending) -> None:
    """Each character draws once for a waiting check (as drawing it requires)."""
    seen: set[str] = set()
    for i, draw in enumerate(draws_of(record)):
        if draw.character_id in seen:
            where = "draws" if isinstance(record, resonance.PendingGroup) else "second"
            suffix = f"[{i}]" if where == "draws" else ""
            raise ValueError(
                f"play.pending.{where}{suffix}: {draw.character_name} draws a second time; "
                "each character draws once for a check"
            )
        seen.add(draw.character_id)


def check_play(campaign: Campaign) -> None:
    """Every rule of the play state; ValueError naming the field."""
    play = play_of(campaign)
    ids = [a.id for a in play.adversaries]
    if len(set(ids)) != len(ids):
        raise ValueError("play.adversaries: two adversaries share an id")
    party = {c.id for c in campaign.characters}
    record = pending_of(campaign)
    holding: frozenset[str] = frozenset()
    if record is not None:
        _check_once(record)
        for draw in draws_of(record):
            _check_draw(campaign, draw)
        holding = waiting_for(campaign)
    for cid in party - holding:
        if cards_of(campaign, cid).drawn:
            raise ValueError(f"piles.drawn:{cid}: cards are drawn but no check waits for them")
    playing = (
        record if isinstance(record, resonance.PendingOpposed | resonance.PendingGroup) else None
    )
    sides = {d.character_id: d for d in draws_of(playing)} if playing else {}
    for cid, choice in play.choices.items():
        if cid not in sides:
            raise ValueError(
                f"play.choices.{cid}: no opposed or group check waits for that character"
            )
        draw = sides[cid]
        codes = [c.code for c in draw.cards]
        if (choice.card is None) != (not codes) or (choice.card and choice.card not in codes):
            raise ValueError(f"play.choices.{cid}: that card was not drawn for the check")
        if sorted(choice.order) != sorted(c for c in codes if c != choice.card):
            raise ValueError(f"play.choices.{cid}: the order must list the other drawn cards")
    for cid in play.fatigue_before:
        if cid not in holding:
            raise ValueError(f"play.fatigue_before.{cid}: no check waits for that character")
    _check_extended(campaign, play, record)


def _check_extended(campaign: Campaign, play: ResonancePlay, record: Pending | None) -> None:
    state = extended_of(campaign)
    if state is None:
        if play.pending_round or play.extended_party:
            raise ValueError("play.extended: a round or party of an extended check without one")
        return
    if not play.extended_party or len(set(play.extended_party)) != len(play.extended_party):
        raise ValueError("play.extended_party: name each taking part once")
    if not set(play.extended_party) <= {c.id for c in campaign.characters}:
        raise ValueError("play.extended_party: someone taking part is not in the party")
    if play.pending_round:
        if state.status is not resonance.ExtendedStatus.UNDER_WAY:
            raise ValueError("play.pending_round: the extended check is already decided")
        if not isinstance(record, resonance.PendingGroup):
            raise ValueError("play.pending_round: a round is drawn as a group check")
        if record.request != state.challenge.request():
            raise ValueError("play.pending_round: the round does not use the challenge's DC")
