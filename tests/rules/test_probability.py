"""The shared counting equals brute force over every order of the cards, through the real deck."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.rules.dice import ARMOR_DICE, DAMAGE_DICE, Die
from saga_desktop.rules.probability import damage_counts, reveal_counts, sum_counts

from .songs.helpers import enumerate_outcomes, small_table

REDS = [c.code for c in FULL_DECK if c.is_red]
BLACKS = [c.code for c in FULL_DECK if c.is_black]


def _table(pr: int, pb: int, dr: int, db: int):  # type: ignore[no-untyped-def]
    pile = REDS[:pr] + BLACKS[:pb]
    discard = REDS[pr : pr + dr] + BLACKS[pb : pb + db]
    return small_table(" ".join(pile), " ".join(discard))


def brute_force(pr: int, pb: int, dr: int, db: int, count: int, hold: bool) -> dict[int, Fraction]:
    table = _table(pr, pb, dr, db)
    dist: dict[int, Fraction] = {}

    def run(rng):  # type: ignore[no-untyped-def]
        deck = table.copy()
        rng.shuffle(deck.draw_pile)  # the pile's order is unknown: try them all
        record = deck.reveal(count, rng, hold=hold)
        deck.check()
        return record.black_count, len(record.cards)

    totals = set()
    for weight, (black, total) in enumerate_outcomes(run):
        dist[black] = dist.get(black, Fraction(0)) + weight
        totals.add(total)
    assert len(totals) == 1
    return dist


def exact(pr: int, pb: int, dr: int, db: int, count: int, hold: bool) -> dict[int, Fraction]:
    counts = reveal_counts(pr, pb, dr, db, count, hold)
    return {b: Fraction(w, counts.denominator) for b, w in enumerate(counts.weights) if w}


small = st.integers(0, 2)


@settings(max_examples=40, deadline=None)
@given(small, small, small, small, st.integers(0, 7))
def test_held_reveal_counts_equal_brute_force(
    pr: int, pb: int, dr: int, db: int, count: int
) -> None:
    assert exact(pr, pb, dr, db, count, True) == brute_force(pr, pb, dr, db, count, True)


@settings(max_examples=40, deadline=None)
@given(small, small, small, small, st.integers(0, 6))
def test_loose_reveal_counts_equal_brute_force(
    pr: int, pb: int, dr: int, db: int, count: int
) -> None:
    # Without holding, every reshuffle takes in the whole reachable deck: keep it small.
    assume(pr + pb + dr + db <= 4)
    assert exact(pr, pb, dr, db, count, False) == brute_force(pr, pb, dr, db, count, False)


def test_reveal_counts_examples() -> None:
    # one black in a pile of two: revealing one card is a coin toss
    assert exact(1, 1, 0, 0, 1, True) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    # held cards never come back: three asked, two reachable
    counts = reveal_counts(1, 0, 0, 1, 3, True)
    assert counts.total == 2 and counts.weights == (0, 1, 0)
    # loose cards cycle: a lone black card is seen three times
    assert reveal_counts(0, 1, 0, 0, 3, False).weights == (0, 0, 0, 1)
    assert reveal_counts(0, 0, 0, 0, 3, False).total == 0


def test_red_weights() -> None:
    counts = reveal_counts(2, 1, 0, 0, 2, True)
    assert sum(counts.red_weights()) == counts.denominator
    assert counts.red_weights() == (0, 2, 1)


def test_damage_counts_by_brute_force() -> None:
    for die in DAMAGE_DICE:
        for armor in [(), *[(a,) for a in ARMOR_DICE], (Die.D6, Die.D4)]:
            expected = [0] * (int(die) + 1)
            for hit in range(1, int(die) + 1):
                for soak in itertools.product(*[range(1, int(a) + 1) for a in armor]):
                    expected[max(0, hit - sum(soak))] += 1
            assert damage_counts(die, armor) == tuple(expected)


def test_sum_counts() -> None:
    assert sum_counts(()) == (1,)
    assert sum_counts((Die.D4, Die.D4)) == (0, 0, 1, 2, 3, 4, 3, 2, 1)
