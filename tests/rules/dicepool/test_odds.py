"""Exact odds against brute force: every face of every die, for small pools."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.rules.dicepool import (
    Action,
    AssistOdds,
    AssistRequest,
    Attribute,
    CharacterCard,
    CheckOdds,
    CheckRequest,
    Encounter,
    ExchangeOdds,
    OutcomeKind,
    TraitKind,
    apply_outcome,
    assist_odds,
    check_odds,
    combat_odds,
    combat_pool,
    compare,
    count_wins,
    percent,
    roll_combat,
    use_strength,
    victory_weights,
    win_counts,
)
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Adjustment

from .helpers import all_faces, brute_sum, brute_wins, declare_all, duel, mara, prone


@pytest.mark.parametrize("dice", range(0, 6))
def test_win_counts_match_every_face(dice: int) -> None:
    assert [Fraction(c, 2**dice) for c in win_counts(dice)] == brute_wins(dice)


def _small(dice: int) -> CheckRequest:
    """A check of exactly ``dice`` dice for Mara (INT 2 + Survival 2 = 7 dice before the cut)."""
    return CheckRequest(Attribute.INT, "Survival", cl=1, modifiers=(Adjustment(dice - 7, "cut"),))


@pytest.mark.parametrize(("main", "helpers"), [(1, 0), (3, 0), (5, 0), (1, 1), (3, 1), (1, 2)])
def test_check_and_assist_odds_equal_enumeration(main: int, helpers: int) -> None:
    # each helper rolls 3 base dice with an untrained skill
    assists = [
        AssistRequest(CharacterCard(f"h{i}", f"Helper {i}"), Attribute.INT, "Survival")
        for i in range(helpers)
    ]
    final = brute_sum([main] + [3] * helpers, lambda w: max(0, w[0] + sum(x - 3 for x in w[1:])))
    for cl in range(1, 9):
        request = CheckRequest(Attribute.INT, "Survival", cl=cl, modifiers=_small(main).modifiers)
        odds = check_odds(request, mara(), assists)
        wins = [final.get(k, Fraction(0)) for k in range(len(odds.wins))]
        assert list(odds.wins) == wins and sum(odds.wins) == 1
        assert odds.success == sum(wins[cl:], Fraction(0))
        assert list(odds.degrees) == wins[cl:]
        assert odds.failure == 1 - odds.success


def test_assist_odds() -> None:
    helper = CharacterCard("bren", "Bren", intellect=1, vocations=(("Herbalist", 1),))
    request = AssistRequest(helper, Attribute.INT, "Herbalist", kind=TraitKind.VOCATION)
    odds = assist_odds(CheckRequest(Attribute.INT, "Survival", cl=4), mara(), request)
    dice = 5  # 3 base + INT 1 + Herbalist 1
    brute = brute_wins(dice)
    assert odds.success == sum(brute[3:])
    assert odds.expected_effect == sum((k - 3) * p for k, p in enumerate(brute)) == Fraction(-1, 2)
    assert dict(odds.effects) == {k - 3: p for k, p in enumerate(brute)}
    assert odds.assisted.success < odds.unassisted.success  # a weak helper hurts on average
    assert "expected -0.50 wins" in odds.explain()
    assert AssistOdds.from_data(json.loads(json.dumps(odds.to_data()))) == odds
    with pytest.raises(RulesError, match="cannot assist their own roll"):
        check_odds(CheckRequest(Attribute.INT), mara(), [AssistRequest(mara(), Attribute.INT, "X")])


def _brute_exchange(enc: Encounter, a: str, t: str) -> dict[tuple[str, int], Fraction]:
    """Play every face combination through the real engine: final victory of each side."""
    sizes = {cid: combat_pool(enc, cid)[0].size for cid in (a, t)}
    total = 6 ** (sizes[a] + sizes[t])
    out: dict[tuple[str, int], Fraction] = {}
    order = [r for r in ("mara", "hound") if r in sizes]
    for faces in all_faces(sizes[a] + sizes[t]):
        split = {order[0]: faces[: sizes[order[0]]], order[1]: faces[sizes[order[0]] :]}
        e = enc
        for cid in ("mara", "hound"):  # Mara has the higher REF
            e, _ = roll_combat(e, cid, faces=split[cid])
        e, _ = compare(e)
        x = e.exchanges[0]
        winner, level = x.winner_id, x.victory
        if level and e.combatant(x.loser_id).card.strength:  # the loser sets STR against it
            e, _ = use_strength(e, 0, x.loser_id)
            level = e.exchanges[0].final_victory
        key = (winner if level else "", level)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, total)
    return out


def _tiny(strength: int) -> CharacterCard:
    return CharacterCard("hound", "Hound", strength=strength)


@pytest.mark.parametrize(
    ("mara_action", "hound_action", "hound_str", "lying"),
    [(Action.ATTACK, Action.ATTACK, 0, ("mara",)), (Action.ATTACK, Action.ATTACK, 1, ("mara",)),
     (Action.ATTACK, Action.DEFEND, 1, ("mara", "hound")),
     (Action.DEFEND, Action.ATTACK, 0, ("mara", "hound"))],
)  # fmt: skip
def test_combat_odds_equal_every_face_through_the_engine(
    mara_action: Action, hound_action: Action, hound_str: int, lying: tuple[str, ...]
) -> None:
    small = mara(strength=0, reflexes=1, intellect=0, armor=None, weapons=())
    enc = prone(duel(small, _tiny(hound_str)), *lying)  # pools of 1 to 4 dice
    targets = {Action.ATTACK: True, Action.DEFEND: False}
    enc = declare_all(
        enc,
        {"mara": (mara_action, "hound" if targets[mara_action] else ""),
         "hound": (hound_action, "mara" if targets[hound_action] else "")},
    )  # fmt: skip
    (odds,) = combat_odds(enc)
    brute = _brute_exchange(enc, odds.attacker_id, odds.target_id)
    for side, levels in ((odds.attacker_id, odds.attacker), (odds.target_id, odds.target)):
        for level, p in enumerate(levels[1:], start=1):
            assert p == brute.get((side, level), Fraction(0)), (side, level)
    assert sum(odds.attacker) == sum(odds.target) == 1
    assert ExchangeOdds.from_data(json.loads(json.dumps(odds.to_data()))) == odds


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 4), st.integers(1, 3), st.integers(0, 3), st.booleans())
def test_victory_levels_equal_face_enumeration(
    own: int, other: int, strength: int, scoring: bool
) -> None:
    weights, den = victory_weights(own, other, scoring, strength)
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=own + other):
        diff = count_wins(faces[:own]) - count_wins(faces[own:])
        level = max(0, diff - strength) if scoring else 0
        counts[level] = counts.get(level, 0) + 1
    total = 6 ** (own + other)
    assert {k: Fraction(w, den) for k, w in enumerate(weights) if w} == {
        k: Fraction(c, total) for k, c in counts.items()
    }


def test_combat_odds_of_the_example() -> None:
    enc = declare_all(duel(), {"mara": (Action.ATTACK, "hound"), "hound": (Action.ATTACK, "mara")})
    (odds,) = combat_odds(enc)
    assert (odds.attacker_dice, odds.target_dice) == (10, 9)
    assert (odds.attacker_strength, odds.target_strength) == (2, 1)
    plain = combat_odds(enc, use_strength=False)[0]
    assert plain.attacker_victory + plain.target_victory + plain.tie == 1
    assert odds.attacker_victory < plain.attacker_victory
    assert "Mara (10D6) vs Hound (9D6)" in odds.explain()
    # The chances shown add up to 100%: what STR takes away is named, not left out.
    assert odds.attacker_victory + odds.target_victory + odds.tie + odds.cancelled == 1
    assert odds.cancelled > 0
    assert odds.explain().endswith(
        f"; in the other {percent(odds.cancelled)}, the loser's STR cancels the higher roll"
    )
    assert plain.cancelled == 0 and plain.explain().endswith(f"tie {percent(plain.tie)}")
    after = compare(
        roll_combat(roll_combat(enc, "mara", faces=(6,) * 10)[0], "hound", faces=(1,) * 9)[0]
    )[0]
    with pytest.raises(RulesError, match="before its dice are compared"):
        combat_odds(after)
    used, _ = use_strength(after, 0, "hound")
    assert used.combatant("hound").strength_used
    applied, _ = apply_outcome(used, 0, "mara", OutcomeKind.INJURY, 4)
    assert not applied.combatant("hound").active


def test_check_odds_record() -> None:
    odds = check_odds(CheckRequest(Attribute.INT, "Survival", cl=3), mara())
    assert odds.success == Fraction(sum(win_counts(7)[3:]), 2**7)
    assert CheckOdds.from_data(json.loads(json.dumps(odds.to_data()))) == odds
    assert odds.explain() == "CL 3: success 77.3%, 2+ degrees 22.7%"
