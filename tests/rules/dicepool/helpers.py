"""Helpers for the dice-pool tests: cards, a fight walked to a phase, and brute force."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from fractions import Fraction

from saga_desktop.rules.dicepool import (
    Action,
    Armor,
    CharacterCard,
    Declaration,
    Encounter,
    Side,
    Weapon,
    combat_pool,
    combatant,
    compare,
    count_wins,
    declaration_order,
    declare,
    resolution_order,
    roll_combat,
    start_encounter,
)


def mara(**changes: object) -> CharacterCard:
    """A player: STR 1, REF 3, INT 2, Blades 1 with a sword (+1D6), mail (armor 2)."""
    card = CharacterCard(
        "mara", "Mara", strength=1, reflexes=3, intellect=2,
        skills=(("Survival", 2), ("Stealth", 1)), proficiencies=(("Blades", 1),),
        vocations=(("Herbalist", 2),), weapons=(Weapon("Sword", 1, "Blades"),),
        armor=Armor("Mail", 2),
    )  # fmt: skip
    return dataclasses.replace(card, **changes)  # type: ignore[arg-type]


def hound(**changes: object) -> CharacterCard:
    """A monster: STR 2, REF 2, bites with its proficiency."""
    card = CharacterCard(
        "hound", "Hound", strength=2, reflexes=2, intellect=0,
        proficiencies=(("Bite", 1),), weapons=(Weapon("Jaws", 1, "Bite"),),
    )  # fmt: skip
    return dataclasses.replace(card, **changes)  # type: ignore[arg-type]


def bren(**changes: object) -> CharacterCard:
    """A second player: REF 1, a herbalist and spear fighter."""
    card = CharacterCard(
        "bren", "Bren", strength=2, reflexes=1, intellect=1,
        skills=(("Survival", 1),), vocations=(("Herbalist", 3),),
        proficiencies=(("Spears", 2),), weapons=(Weapon("Spear", 2, "Spears"),),
    )  # fmt: skip
    return dataclasses.replace(card, **changes)  # type: ignore[arg-type]


def duel(a: CharacterCard | None = None, b: CharacterCard | None = None) -> Encounter:
    """Mara (player) against the hound (monster), round 1, nobody declared."""
    return start_encounter(
        [combatant(a or mara(), Side.PLAYER), combatant(b or hound(), Side.MONSTER)]
    )


def prone(encounter: Encounter, *ids: str) -> Encounter:
    """The encounter with the named combatants lying down."""
    people = tuple(
        dataclasses.replace(c, prone=True) if c.id in ids else c for c in encounter.combatants
    )
    return dataclasses.replace(encounter, combatants=people)


def declare_all(encounter: Encounter, actions: dict[str, tuple[Action, str]]) -> Encounter:
    """Declare in the legal order; ``actions[id] = (action, target or weapon)``."""
    for cid in declaration_order(encounter):
        action, other = actions[cid]
        if action is Action.READY:
            encounter, _ = declare(encounter, Declaration(cid, action, weapon=other))
        else:
            encounter, _ = declare(encounter, Declaration(cid, action, other))
    return encounter


def roll_all(encounter: Encounter, wins: dict[str, int]) -> Encounter:
    """Roll everyone with physical dice showing exactly ``wins[id]`` wins (6s, then 1s)."""
    for cid in resolution_order(encounter):
        size = combat_pool(encounter, cid)[0].size
        n = min(wins[cid], size)
        encounter, _ = roll_combat(encounter, cid, faces=(6,) * n + (1,) * (size - n))
    return encounter


def fight_to_outcomes(
    actions: dict[str, tuple[Action, str]], wins: dict[str, int], encounter: Encounter | None = None
) -> Encounter:
    """Declare, roll and compare a round."""
    encounter = roll_all(declare_all(encounter or duel(), actions), wins)
    return compare(encounter)[0]


def all_faces(dice: int) -> Iterator[tuple[int, ...]]:
    """Every face combination of ``dice`` six-sided dice."""
    return itertools.product(range(1, 7), repeat=dice)


def brute_wins(dice: int) -> list[Fraction]:
    """P(k wins) for k = 0..dice, by enumerating every face combination."""
    counts = [0] * (dice + 1)
    for faces in all_faces(dice):
        counts[count_wins(faces)] += 1
    return [Fraction(c, 6**dice) for c in counts]


def brute_sum(pools: Sequence[int], score: object) -> dict[object, Fraction]:
    """Distribution of ``score(wins_per_pool)`` over every face of every pool."""
    out: dict[object, Fraction] = {}
    total = 6 ** sum(pools)
    for faces in all_faces(sum(pools)):
        wins, at = [], 0
        for size in pools:
            wins.append(count_wins(faces[at : at + size]))
            at += size
        key = score(wins)  # type: ignore[operator]
        out[key] = out.get(key, Fraction(0)) + Fraction(1, total)
    return out
