"""Exact odds previews that read a campaign and change nothing.

Each returns the engine's own odds record for what a player is about to roll, so the check dock
and the combat tracker show exactly what the rules say. A request the rules refuse raises
:class:`~saga_desktop.model.operation.OperationError` with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from saga_desktop.i18n.words import words
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.dicepool.access import card_of, encounter_of, options
from saga_desktop.model.dicepool.ops.checks import AssistSpec
from saga_desktop.model.operation import OperationError
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.errors import RulesError


def _request(attribute: str, trait: str, kind: str, cl: int) -> dp.CheckRequest:
    try:
        return dp.CheckRequest(dp.Attribute(attribute), trait.strip(), dp.TraitKind(kind), cl)
    except ValueError:
        raise OperationError(
            words("Name STR, REF or INT and a skill, vocation or proficiency")
        ) from None


def _assist(campaign: Campaign, spec: AssistSpec) -> dp.AssistRequest:
    try:
        a, k = dp.Attribute(spec.attribute), dp.TraitKind(spec.kind)
    except ValueError:
        raise OperationError(
            words("An assist names STR, REF or INT and a skill or vocation")
        ) from None
    return dp.AssistRequest(card_of(campaign, spec.helper), a, spec.trait.strip(), k)


def check_preview(
    campaign: Campaign,
    character: str,
    attribute: str,
    trait: str = "",
    kind: str = "skill",
    cl: int = 3,
    assists: Sequence[AssistSpec] = (),
) -> dp.CheckOdds:
    """The exact chances of a check with its planned assists."""
    try:
        request = _request(attribute, trait, kind, cl)
        helpers = [_assist(campaign, a) for a in assists]
        return dp.check_odds(request, card_of(campaign, character), helpers)
    except RulesError as exc:
        raise OperationError(str(exc)) from None


def assist_preview(
    campaign: Campaign,
    character: str,
    attribute: str,
    trait: str,
    kind: str,
    cl: int,
    assist: AssistSpec,
) -> dp.AssistOdds:
    """What one assist does to the check: its success, expected effect, the check before/after."""
    try:
        request = _request(attribute, trait, kind, cl)
        card = card_of(campaign, character)
        return dp.assist_odds(request, card, _assist(campaign, assist))
    except RulesError as exc:
        raise OperationError(str(exc)) from None


def check_pool_preview(
    campaign: Campaign, character: str, attribute: str, trait: str = "", kind: str = "skill"
) -> dp.Pool:
    """The dice a check would roll, term by term."""
    try:
        a, k = dp.Attribute(attribute), dp.TraitKind(kind)
        return dp.check_pool(card_of(campaign, character), a, k, trait, ())
    except (RulesError, ValueError) as exc:
        raise OperationError(str(exc)) from None


def combat_preview(campaign: Campaign, use_strength: bool = True) -> tuple[dp.ExchangeOdds, ...]:
    """Each declared pair's victory-level chances (after the other side's STR, if unused)."""
    fight = encounter_of(campaign)
    if fight.phase not in (dp.Phase.DECLARE, dp.Phase.RESOLVE):
        return ()
    try:
        return dp.combat_odds(fight, options(campaign), use_strength)
    except RulesError as exc:
        raise OperationError(str(exc)) from None


def combat_pool_preview(campaign: Campaign, combatant: str) -> dp.Pool:
    """The dice a combatant would roll this round, term by term."""
    fight = encounter_of(campaign)
    try:
        pool, _defends, _locked = dp.combat_pool(fight, combatant, options(campaign))
    except RulesError as exc:
        raise OperationError(str(exc)) from None
    return pool
