"""Exact odds of a check before it is drawn, read from the campaign without changing it.

Each function takes the operation the player is about to apply, so a check panel shows the
very numbers the engine will draw against.
"""

from __future__ import annotations

from collections.abc import Sequence

from saga_desktop.i18n.words import words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import OperationError
from saga_desktop.model.resonance.access import campaign_options, extended_of
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.contests import BeginGroup, BeginOpposed
from saga_desktop.model.resonance.state import play_of
from saga_desktop.model.resonance.table import rules_character
from saga_desktop.rules import resonance


def _no_waiting(campaign: Campaign) -> None:
    if play_of(campaign).pending is not None:
        raise OperationError(words("A check is waiting"))


def preview_check(campaign: Campaign, op: BeginCheck) -> resonance.CheckOdds:
    """The odds of ``op``; raises OperationError or RulesError as applying it would."""
    _no_waiting(campaign)
    who = rules_character(campaign, op.character)
    return resonance.check_odds(op.request(campaign), who, campaign_options(campaign))


def preview_opposed(campaign: Campaign, op: BeginOpposed) -> resonance.OpposedOdds:
    """The odds of each side of ``op``."""
    _no_waiting(campaign)
    if op.first == op.second:
        raise OperationError(words("An opposed check needs two different characters"))
    one, two = rules_character(campaign, op.first), rules_character(campaign, op.second)
    return resonance.opposed_odds(
        one, op.first_stat, two, op.second_stat,
        defender=op.side(), options=campaign_options(campaign),
    )  # fmt: skip


def preview_group(campaign: Campaign, op: BeginGroup) -> resonance.GroupOdds:
    """The odds of the group check ``op``."""
    _no_waiting(campaign)
    if not op.characters or len(set(op.characters)) != len(op.characters):
        raise OperationError(words("A group check needs at least one character, each named once"))
    members = [rules_character(campaign, c) for c in op.characters]
    return resonance.group_odds(op.request(campaign), members, campaign_options(campaign))


def preview_round(campaign: Campaign) -> resonance.ExtendedOdds:
    """The odds of the extended check's next round."""
    _no_waiting(campaign)
    state = extended_of(campaign)
    if state is None or state.status is not resonance.ExtendedStatus.UNDER_WAY:
        raise OperationError(words("No extended check is under way"))
    members = [rules_character(campaign, c) for c in play_of(campaign).extended_party]
    return resonance.extended_odds(state, members, campaign_options(campaign))


def deck_advice(campaign: Campaign, draws: Sequence[tuple[str, resonance.Stat]]) -> list[str]:
    """A line for each character whose deck cannot give a check all its cards, with the remedy.

    ``draws`` names who draws on which stat. A rest shuffles the fatigue pile back in, so the
    line suggests one whenever that pile holds cards; unknown characters are skipped.
    """
    options = campaign_options(campaign)
    lines = []
    for cid, stat in draws:
        try:
            who = rules_character(campaign, cid)
        except OperationError:
            continue
        cards = who.cards
        asked = options.draw_count(who.stat(stat))
        drawn = resonance.cards_to_draw(cards, asked, options)
        if drawn >= asked:
            continue
        if drawn == 0 and not cards.deck:
            line = f"{who.name} has no card left to draw: the check fails"
        elif drawn == 0:
            line = f"{who.name} cannot draw all {asked} cards ({len(cards.deck)} left): it fails"
        else:
            line = f"{who.name}'s deck holds only {drawn} of the {asked} cards"
        if cards.fatigue and not cards.drawn:
            line += f". A rest (on {who.name}'s sheet) shuffles the {len(cards.fatigue)} "
            line += "fatigue cards back in"
        lines.append(line + ".")
    return lines
