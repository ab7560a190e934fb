"""Checks for a fight read back from plain data (a campaign file, a network message).

``Encounter.from_data`` checks types only; :func:`encounter_from_data` also checks that the
fight is one the procedures could have produced, so a damaged or hostile file is refused with a
readable reason instead of being played on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from saga_desktop.i18n.words import refusal, words
from saga_desktop.rules.dicepool.character import check_character
from saga_desktop.rules.dicepool.checks import CheckResult, describe_cl
from saga_desktop.rules.dicepool.combat import declaration_order, order_key
from saga_desktop.rules.dicepool.encounter import Encounter, Phase
from saga_desktop.rules.dicepool.options import DEFAULT_OPTIONS, DicePoolOptions
from saga_desktop.rules.dicepool.pool import (
    POOL_LIMIT,
    DiceRoll,
    Pool,
    check_faces,
    check_pool_limits,
)
from saga_desktop.rules.dicepool.wording import PHASES
from saga_desktop.rules.errors import RulesError

ROUND_LIMIT = 10_000


def _check_people(encounter: Encounter, options: DicePoolOptions) -> None:
    ids = [c.id for c in encounter.combatants]
    if len(ids) < 2 or len(set(ids)) != len(ids):
        raise RulesError(words("A fight holds at least two combatants, each once"))
    for c in encounter.combatants:
        check_character(c.card, options)
        if len(c.wielding) > 2 or len(set(c.wielding)) != len(c.wielding):
            raise RulesError(words("{name} holds at most two different weapons", name=c.name))
        for name in c.wielding + c.dropped:
            if c.card.weapon(name).name != name:
                raise RulesError(
                    words(
                        "{name}'s weapon '{name2}' is not spelled as on the card",
                        name=c.name,
                        name2=name,
                    )
                )
        if not 0 <= c.armor_spent <= c.card.armor_level:
            raise RulesError(
                words("{name} cannot have spent more armor than they wear", name=c.name)
            )
    for a, b in encounter.engaged:
        if not a < b or a not in ids or b not in ids:
            raise RulesError(words("Close combat pairs two different combatants of the fight"))


def _check_round(encounter: Encounter) -> None:
    order = declaration_order(encounter)
    keys = {c.id: order_key(c) for c in encounter.combatants}
    declared = [d.combatant_id for d in encounter.declarations]
    if len(set(declared)) != len(declared) or any(i not in keys for i in declared):
        raise RulesError(words("Each combatant of the fight declares once a round"))
    if declared != sorted(declared, key=keys.__getitem__):
        raise RulesError(words("The declarations are not in REF order"))
    for d in encounter.declarations:
        if d.action.targeted:
            encounter.combatant(d.target_id)
    rolled = [r.combatant_id for r in encounter.rolls]
    if rolled != declared[::-1][: len(rolled)]:
        raise RulesError(words("The combat rolls are not in REF order"))
    for r in encounter.rolls:
        check_roll(r.pool, r.roll)
    active, done = set(order), set(declared)
    all_rolled = len(rolled) == len(declared)
    expected = {
        Phase.DECLARE: not rolled and declared == list(order[: len(declared)])
        and (len(declared) < len(order) or not order),
        Phase.RESOLVE: done == active and not all_rolled,
        Phase.COMPARE: done == active and all_rolled,
        Phase.OUTCOMES: active <= done and all_rolled,
    }[encounter.phase]  # fmt: skip
    if not expected or (encounter.exchanges and encounter.phase is not Phase.OUTCOMES):
        raise RulesError(
            words(
                "The round cannot be at the {value} step like this",
                value=PHASES[encounter.phase.value],
            )
        )
    for e in encounter.exchanges:
        a, t = encounter.roll_of(e.attacker_id), encounter.roll_of(e.target_id)
        if a is None or t is None or (a.wins, t.wins) != (e.attacker_wins, e.target_wins):
            raise RulesError(words("An exchange does not match the combat rolls"))
        leader = "" if a.wins == t.wins else e.attacker_id if a.wins > t.wins else e.target_id
        if e.winner_id != leader or e.strength_reduction < 0:
            raise RulesError(words("An exchange names the wrong winner"))


def check_encounter(encounter: Encounter, options: DicePoolOptions = DEFAULT_OPTIONS) -> None:
    """Raise RulesError unless ``encounter`` is a fight the procedures could have produced."""
    if not 1 <= encounter.round <= ROUND_LIMIT:
        raise RulesError(
            words("A fight's round runs from 1 to {round_limit}", round_limit=ROUND_LIMIT)
        )
    _check_people(encounter, options)
    _check_round(encounter)


def encounter_from_data(
    data: Mapping[str, Any], options: DicePoolOptions = DEFAULT_OPTIONS
) -> Encounter:
    """Read a fight back from :meth:`Encounter.to_data` and check it."""
    encounter = Encounter.from_data(data)
    check_encounter(encounter, options)
    return encounter


def check_roll(pool: Pool, roll: DiceRoll, where: str = "") -> None:
    """Raise RulesError unless ``roll`` is what rolling ``pool`` could show.

    The message starts with the field path (``pool`` or ``roll.faces``, after ``where``).
    """
    try:
        check_pool_limits(pool)
    except RulesError as exc:
        raise RulesError(words("{where}pool: {exc}", where=where, exc=refusal(exc))) from None
    try:
        check_faces(pool.size, roll.faces)
    except RulesError as exc:
        raise RulesError(words("{where}roll.faces: {exc}", where=where, exc=refusal(exc))) from None


def check_result(result: CheckResult) -> None:
    """Raise RulesError, naming the field, unless the procedures could have settled this check."""
    try:
        describe_cl(result.request.cl)
    except RulesError as exc:
        raise RulesError(words("request.cl: {exc}", exc=refusal(exc))) from None
    if any(abs(m.amount) > POOL_LIMIT for m in result.request.modifiers):
        raise RulesError(
            words(
                "request.modifiers: a modifier adds at most {pool_limit} dice",
                pool_limit=POOL_LIMIT,
            )
        )
    check_roll(result.pool, result.roll)
    for i, assist in enumerate(result.assists):
        check_roll(assist.pool, assist.roll, f"assists[{i}].")
