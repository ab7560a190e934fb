"""Exact odds, as fractions, for every roll and question before it is made.

The odds come from the table as it is: the red and black cards in the draw pile and the discard
(cards burned for the roll join the discard before the risk cards are revealed), reshuffles in
the middle of a reveal exactly as the table deck does them, the risk rating, the DR, the modifier
and the burns. They do not count on Turn the Table, which is decided after the roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from saga_desktop.rules.cards import Suit
from saga_desktop.rules.dice import Die
from saga_desktop.rules.probability import RevealCounts, damage_counts, reveal_counts
from saga_desktop.rules.records import Record
from saga_desktop.rules.songs.character import SongsCharacter
from saga_desktop.rules.songs.combat import attack_base_die, attack_die, defence_die
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.rules.songs.defence import BEAR_DIE
from saga_desktop.rules.songs.enemies import Enemy
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.oracle import check_factors
from saga_desktop.rules.songs.rolls import BLACK_CARD_DR, RollKind, TrialRequest
from saga_desktop.rules.songs.trial import check_trial


def percent(p: Fraction) -> str:
    """A probability as a rounded percentage: ``"57.5%"``."""
    return f"{float(p) * 100:.1f}%".replace(".0%", "%")


@dataclass(frozen=True, slots=True)
class RollOdds(Record):
    """The chances of a trial or fate roll; ``card`` and ``red_card`` are for the card gained."""

    success: Fraction
    setback: Fraction
    natural_1: Fraction
    natural_20: Fraction
    card: Fraction
    red_card: Fraction
    black_cards: tuple[Fraction, ...]

    def explain(self) -> str:
        """E.g. ``"success 57.5%, setback 42.5% (natural 1: 5%, natural 20: 5%)"``."""
        card = f"; a red card {percent(self.red_card)}" if self.card else ""
        return (
            f"success {percent(self.success)}, setback {percent(self.setback)} "
            f"(natural 1: {percent(self.natural_1)}, natural 20: {percent(self.natural_20)}){card}"
        )


@dataclass(frozen=True, slots=True)
class _Faces:
    """For one black count: d20 faces that succeed on 20 / otherwise, fail on 1 / otherwise."""

    win20: int
    win: int
    lose1: int
    lose: int


def _faces(threshold: int, nat20_wins: bool, nat1_loses: bool) -> _Faces:
    win20 = 1 if threshold <= 20 or nat20_wins else 0
    lose1 = 0 if threshold <= 1 and not nat1_loses else 1
    wins = max(0, min(19, 20 - max(threshold, 2)))  # faces 2..19 that reach the threshold
    wins += 1 - lose1  # face 1
    return _Faces(win20, wins, lose1, 20 - win20 - wins - lose1)


@dataclass(frozen=True, slots=True)
class _Setup:
    reveal: RevealCounts
    faces: tuple[_Faces, ...]
    card_allowed: bool


def _setup(
    request: TrialRequest, character: SongsCharacter, deck: TableDeck, options: SongsOptions
) -> _Setup:
    check_trial(request, character, deck, options)
    pr, pb, dr_, db = deck.colour_counts()
    for burn in request.burns:
        if burn.card.is_red:
            dr_ += 1
        else:
            db += 1
    reveal = reveal_counts(pr, pb, dr_, db, request.cards_to_reveal, options.hold_revealed)
    modifier = character.modifier(request.attribute)
    modifier += sum(b.score_bonus for b in request.burns) + sum(a.amount for a in request.bonuses)
    dr = request.dr + sum(b.dr_change for b in request.burns)
    dr += sum(a.amount for a in request.dr_adjustments) - character.next_roll_dr_reduction
    faces = tuple(
        _faces(dr + BLACK_CARD_DR * b - modifier + 1, *_naturals(options))
        for b in range(len(reveal.weights))
    )
    allowed = request.kind is RollKind.TRIAL and not request.burns and reveal.total > 0
    return _Setup(reveal, faces, allowed)


def _naturals(options: SongsOptions) -> tuple[bool, bool]:
    return options.natural_20_succeeds, options.natural_1_fails


def _roll_odds(setup: _Setup) -> RollOdds:
    weights, total = setup.reveal.weights, setup.reveal.total
    den = setup.reveal.denominator * 20
    win = sum(w * (f.win + f.win20) for w, f in zip(weights, setup.faces, strict=True))
    red = sum(
        w * (f.win + f.win20)
        for b, (w, f) in enumerate(zip(weights, setup.faces, strict=True))
        if total - b > 0
    )
    card = Fraction(win, den) if setup.card_allowed else Fraction(0)
    return RollOdds(
        success=Fraction(win, den),
        setback=Fraction(den - win, den),
        natural_1=Fraction(1, 20),
        natural_20=Fraction(1, 20),
        card=card,
        red_card=Fraction(red, den) if setup.card_allowed else Fraction(0),
        black_cards=tuple(Fraction(w, setup.reveal.denominator) for w in weights),
    )


def trial_odds(
    request: TrialRequest,
    character: SongsCharacter,
    deck: TableDeck,
    options: SongsOptions = DEFAULT_OPTIONS,
) -> RollOdds:
    """The odds of a trial or fate roll as requested (RulesError if the request is illegal)."""
    return _roll_odds(_setup(request, character, deck, options))


def _damage(dice: dict[Die, int], den: int, armor: tuple[Die, ...]) -> tuple[Fraction, ...]:
    """Mix the damage distributions of several dice weighted ``dice[die] / den``."""
    sizes = 1
    for a in armor:
        sizes *= int(a)
    lcm = 120  # every damage die's size divides it
    out = [0] * 13
    for die, weight in dice.items():
        for value, ways in enumerate(damage_counts(die, armor)):
            out[value] += weight * ways * (lcm // int(die))
    total = den * sizes * lcm
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return tuple(Fraction(n, total) for n in out)


@dataclass(frozen=True, slots=True)
class AttackOdds(Record):
    """An attack's roll odds, the damage die it ends with, and the damage dealt after armor."""

    roll: RollOdds
    dice: tuple[tuple[Die, Fraction], ...]
    damage: tuple[Fraction, ...]

    @property
    def expected_damage(self) -> Fraction:
        """The average damage dealt."""
        return sum((d * p for d, p in enumerate(self.damage)), Fraction(0))

    def explain(self) -> str:
        """The roll's odds, then the dice and the average damage."""
        dice = ", ".join(f"{d.label} {percent(p)}" for d, p in self.dice)
        return (
            f"{self.roll.explain()}; dice {dice}; average damage {float(self.expected_damage):.2f}"
        )


def attack_odds(
    request: TrialRequest,
    character: SongsCharacter,
    enemy: Enemy,
    deck: TableDeck,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    weapon: str | None = None,
    feat_die: Die | None = None,
) -> AttackOdds:
    """Odds of an attack on ``enemy`` with a weapon or a feat die."""
    base, _ = attack_base_die(character, weapon, feat_die)
    setup = _setup(request, character, deck, options)
    dice: dict[Die, int] = {}
    for w, f in zip(setup.reveal.weights, setup.faces, strict=True):
        for die, ways in (
            (attack_die(base, True, 20), f.win20),
            (base, f.win),
            (attack_die(base, False, 1), f.lose1),
            (attack_die(base, False, 2), f.lose),
        ):
            if ways and w:
                dice[die] = dice.get(die, 0) + w * ways
    den = setup.reveal.denominator * 20
    armor = (enemy.armor_die,) if enemy.armor_die else ()
    shares = tuple((d, Fraction(dice[d], den)) for d in sorted(dice))
    return AttackOdds(_roll_odds(setup), shares, _damage(dice, den, armor))


@dataclass(frozen=True, slots=True)
class DefenceOdds(Record):
    """A defence's roll odds and the damage taken (0 when the attack is avoided)."""

    roll: RollOdds
    damage: tuple[Fraction, ...]
    down: Fraction

    def explain(self) -> str:
        """Avoid / hit chances and the chance of falling to 0."""
        return f"{self.roll.explain()}; dropped to 0: {percent(self.down)}"


def defence_odds(
    request: TrialRequest,
    character: SongsCharacter,
    enemy: Enemy,
    deck: TableDeck,
    options: SongsOptions = DEFAULT_OPTIONS,
    *,
    bear: bool = False,
) -> DefenceOdds:
    """Odds of defending against ``enemy``; ``bear`` adds the Bear's d4 to the armor on a hit."""
    setup = _setup(request, character, deck, options)
    dice: dict[Die, int] = {}
    avoided = 0
    for w, f in zip(setup.reveal.weights, setup.faces, strict=True):
        avoided += w * (f.win + f.win20)
        for die, ways in ((defence_die(enemy.damage_die, 1), f.lose1), (enemy.damage_die, f.lose)):
            if ways and w:
                dice[die] = dice.get(die, 0) + w * ways
    den = setup.reveal.denominator * 20
    armor = tuple(d for d in (character.armor.current, BEAR_DIE if bear else None) if d)
    damage = list(_damage(dice, den, armor))
    damage[0] += Fraction(avoided, den)
    down = sum(damage[character.resilience :], Fraction(0)) if character.resilience else Fraction(1)
    return DefenceOdds(_roll_odds(setup), tuple(damage), down)


@dataclass(frozen=True, slots=True)
class OracleOdds(Record):
    """The chances of each oracle answer."""

    strong_yes: Fraction
    weak_yes: Fraction
    no: Fraction

    def explain(self) -> str:
        """E.g. ``"strong yes 24.5%, weak yes 50.9%, no 24.5%"``."""
        return (
            f"strong yes {percent(self.strong_yes)}, weak yes {percent(self.weak_yes)}, "
            f"no {percent(self.no)}"
        )


def oracle_odds(
    deck: TableDeck, factors: int = 0, options: SongsOptions = DEFAULT_OPTIONS
) -> OracleOdds:
    """Odds of the answers to a question with ``factors`` favouring factors."""
    check_factors(factors)
    counts = reveal_counts(*deck.colour_counts(), 1 + factors, options.hold_revealed)
    reds = counts.red_weights()
    den = counts.denominator
    weak = reds[1] if len(reds) > 1 else 0
    return OracleOdds(Fraction(sum(reds[2:]), den), Fraction(weak, den), Fraction(reds[0], den))


@dataclass(frozen=True, slots=True)
class SuitOdds(Record):
    """The chances of each suit for the next card revealed (reaction, morale, rest, ...)."""

    suits: tuple[tuple[Suit, Fraction], ...]

    def of(self, suit: Suit) -> Fraction:
        """The chance of one suit."""
        return dict(self.suits).get(suit, Fraction(0))

    def explain(self) -> str:
        """E.g. ``"♥ 25%, ♦ 25%, ♣ 25%, ♠ 25%"``."""
        return ", ".join(f"{s.symbol} {percent(p)}" for s, p in self.suits)


def next_card_odds(deck: TableDeck) -> SuitOdds:
    """The suit of the next revealed card: from the draw pile, or the discard once it is empty."""
    source = deck.draw_pile or deck.discard
    total = len(source)
    return SuitOdds(
        tuple(
            (s, Fraction(sum(1 for c in source if c.suit is s), total) if total else Fraction(0))
            for s in Suit
        )
    )
