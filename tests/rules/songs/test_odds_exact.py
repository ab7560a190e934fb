"""Exact odds equal a brute-force enumeration of every way the real procedures can go.

Each test runs the actual engine (begin/resolve, the table deck's reveals and reshuffles, the
dice) on a small table, once for every order of the draw pile, every reshuffle and every die
face, each with its exact probability, and compares with the odds computed beforehand.
"""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from saga_desktop.rules.cards import FULL_DECK, Card, Suit
from saga_desktop.rules.dice import Die
from saga_desktop.rules.records import Adjustment
from saga_desktop.rules.songs import (
    Attribute,
    Enemy,
    RollKind,
    SongsOptions,
    TrialRequest,
    attack_odds,
    begin_attack,
    begin_defence,
    begin_trial,
    call_the_gods,
    defence_odds,
    next_card_odds,
    oracle_odds,
    resolve_attack,
    resolve_defence,
    resolve_trial,
    reveal_reaction,
    trial_odds,
)
from saga_desktop.rules.songs import ask_oracle as oracle
from saga_desktop.rules.songs.deck import TableDeck

from .helpers import enumerate_outcomes, hero, small_table

REDS = [c.code for c in FULL_DECK if c.is_red]
BLACKS = [c.code for c in FULL_DECK if c.is_black]
STR = Attribute.STRENGTH


def table(pr: int, pb: int, dr: int, db: int, hand: str = "") -> TableDeck:
    pile = REDS[:pr] + BLACKS[:pb]
    discard = REDS[pr : pr + dr] + BLACKS[pb : pb + db]
    return small_table(" ".join(pile), " ".join(discard), extra_hands={"hero": hand})


def shuffled(deck: TableDeck, rng: random.Random) -> TableDeck:
    deck = deck.copy()
    rng.shuffle(deck.draw_pile)  # the order of the pile is unknown: every order counts
    return deck


piles = st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2))


@settings(max_examples=25, deadline=None)
@given(
    piles,
    st.integers(0, 4),
    st.integers(4, 22),
    st.integers(-3, 5),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([None, "KH", "KS"]),
)
def test_trial_odds_equal_enumeration(
    counts: tuple[int, int, int, int],
    risk: int,
    dr: int,
    bonus: int,
    hold: bool,
    naturals: bool,
    fate: bool,
    burn: str | None,
) -> None:
    pr, pb, dr_, db = counts
    if not hold and pr + pb + dr_ + db + (burn is not None) > 4:
        pr, pb = min(pr, 1), min(pb, 1)  # keep the loose reshuffles small enough to enumerate
        dr_, db = (min(dr_, 1), min(db, 1)) if burn else (dr_, db)
    options = SongsOptions(
        hold_revealed=hold, natural_20_succeeds=naturals, natural_1_fails=naturals
    )
    deck = table(pr, pb, dr_, db, hand=burn or "")
    c = hero(strength=1)
    c.next_roll_dr_reduction = 1
    burns = (call_the_gods(c, Card.from_code(burn)),) if burn else ()
    request = TrialRequest(
        STR,
        dr,
        risk,
        RollKind.FATE if fate else RollKind.TRIAL,
        burns=burns,
        bonuses=(Adjustment(bonus, "help"),),
        dr_adjustments=(Adjustment(-1, "a torch"),),
    )
    odds = trial_odds(request, c, deck, options)

    def run(rng: random.Random) -> tuple[bool, Card | None, int, int]:
        d, ch = shuffled(deck, rng), hero(strength=1)
        ch.next_roll_dr_reduction = 1
        roll = begin_trial(request, ch, d, rng, options)
        result = resolve_trial(roll, ch, d, rng, options)
        d.check()
        return result.success, result.kept, roll.black_count, roll.d20

    success = card = red = nat1 = nat20 = Fraction(0)
    blacks: dict[int, Fraction] = defaultdict(Fraction)
    for weight, (ok, kept, black, d20) in enumerate_outcomes(run):
        success += weight * ok
        card += weight * (kept is not None)
        red += weight * (kept is not None and kept.is_red)
        nat1 += weight * (d20 == 1)
        nat20 += weight * (d20 == 20)
        blacks[black] += weight
    assert odds.success == success and odds.setback == 1 - success
    assert odds.card == card and odds.red_card == red
    assert (odds.natural_1, odds.natural_20) == (nat1, nat20) == (Fraction(1, 20), Fraction(1, 20))
    assert {b: p for b, p in enumerate(odds.black_cards) if p} == {
        b: p for b, p in blacks.items() if p
    }


def _damage_table(outcomes: dict[int, Fraction]) -> tuple[Fraction, ...]:
    top = max(d for d, p in outcomes.items() if p)
    return tuple(outcomes.get(d, Fraction(0)) for d in range(top + 1))


def test_attack_odds_equal_enumeration() -> None:
    for hold, pile, weapon_die, armor in (
        (True, (1, 1, 1, 0), Die.D8, Die.D4),
        (False, (1, 0, 0, 1), Die.D4, None),
    ):
        options = SongsOptions(hold_revealed=hold)
        deck = table(*pile)
        c = hero(strength=2)
        c.inventory[0].weapon.die = weapon_die  # type: ignore[union-attr]
        troll = Enemy.new("t", "Troll", 30, armor=armor)
        request = TrialRequest(STR, 13, 2)
        odds = attack_odds(request, c, troll, deck, options, weapon="Axe")

        def run(rng: random.Random, c=c, troll=troll, deck=deck, request=request, options=options):  # type: ignore[no-untyped-def]
            d, ch, en = (
                shuffled(deck, rng),
                hero(strength=2),
                Enemy.new("t", "Troll", 30, armor=troll.armor_die),
            )
            ch.inventory[0].weapon.die = c.inventory[0].weapon.die  # type: ignore[union-attr]
            attack = begin_attack(request, ch, en, d, rng, options, weapon="Axe")
            return resolve_attack(attack, ch, en, d, rng, options)

        damage: dict[int, Fraction] = defaultdict(Fraction)
        dice: dict[Die, Fraction] = defaultdict(Fraction)
        success = Fraction(0)
        for weight, result in enumerate_outcomes(run):
            damage[result.damage] += weight
            dice[result.die] += weight
            success += weight * result.result.success
        assert odds.roll.success == success
        assert odds.damage == _damage_table(damage)
        assert dict(odds.dice) == {d: p for d, p in dice.items() if p}
        assert odds.expected_damage == sum(d * p for d, p in damage.items())


def test_defence_odds_equal_enumeration() -> None:
    for bear, armor_damage in ((False, 0), (True, 0), (True, 1)):
        deck = table(1, 1, 0, 1, hand="QS")
        c = hero(resilience=6)
        c.resilience = 4
        c.armor.damage = armor_damage
        ogre = Enemy.new("o", "Ogre", 10, Die.D8)
        ogre.weakened = 1
        request = TrialRequest(Attribute.DEXTERITY, 11, 2)
        odds = defence_odds(request, c, ogre, deck, bear=bear)

        def run(
            rng: random.Random, bear=bear, armor_damage=armor_damage, deck=deck, request=request
        ):  # type: ignore[no-untyped-def]
            d, ch = shuffled(deck, rng), hero(resilience=6)
            ch.resilience, ch.armor.damage = 4, armor_damage
            en = Enemy.new("o", "Ogre", 10, Die.D8)
            en.weakened = 1
            defence = begin_defence(request, ch, en, d, rng)
            hit = not defence.trial.success
            card = Card.from_code("QS") if bear and hit else None
            return resolve_defence(defence, ch, en, d, rng, bear_card=card)

        damage: dict[int, Fraction] = defaultdict(Fraction)
        down = hit = Fraction(0)
        for weight, result in enumerate_outcomes(run):
            damage[result.damage] += weight
            down += weight * (result.resilience_after == 0)
            hit += weight * result.hit
        assert odds.damage == _damage_table(damage)
        assert odds.down == down and odds.roll.setback == hit


@settings(max_examples=30, deadline=None)
@given(piles, st.integers(0, 3), st.booleans())
def test_oracle_odds_equal_enumeration(
    counts: tuple[int, int, int, int], factors: int, hold: bool
) -> None:
    deck = table(*counts)
    options = SongsOptions(hold_revealed=hold)
    reachable = sum(counts)
    # held: enough cards to answer; loose: something to reveal, and few enough to enumerate
    assume((1 + factors <= reachable) if hold else (0 < reachable <= 4))
    odds = oracle_odds(deck, factors, options)
    answers: dict[str, Fraction] = defaultdict(Fraction)
    for weight, record in enumerate_outcomes(
        lambda rng: oracle(shuffled(deck, rng), rng, factors, "", options)
    ):
        answers[record.answer.value] += weight
    assert (odds.strong_yes, odds.weak_yes, odds.no) == (
        answers["strong_yes"],
        answers["weak_yes"],
        answers["no"],
    )


def test_next_card_odds_equal_enumeration() -> None:
    for pile, discard in (("2H 3S 4S", "5D"), ("", "5D 6C")):
        deck = small_table(pile, discard)
        odds = next_card_odds(deck)
        suits: dict[Suit, Fraction] = defaultdict(Fraction)
        for weight, record in enumerate_outcomes(
            lambda rng, deck=deck: reveal_reaction(shuffled(deck, rng), rng)
        ):
            suits[record.card.suit] += weight
        assert {s: odds.of(s) for s in Suit if odds.of(s)} == dict(suits)
    assert all(p == 0 for _, p in next_card_odds(small_table("")).suits)
