"""Exact odds of a round's exchanges, from the declarations made so far.

For every attack or charge (two fighters aiming at each other share one exchange) the pools are
built exactly as :func:`~saga_desktop.rules.dicepool.combat.roll_combat` will build them, and
each side's chance of a victory at each level is counted after the other side's STR reduction,
when that side still has it (set ``use_strength=False`` to see the odds without it). A defending
roll never scores, so all of its chance sits at level 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from saga_desktop.i18n.words import Value, Words, english, words, words_c
from saga_desktop.rules.dicepool.combat import combat_pool, exchange_pairs
from saga_desktop.rules.dicepool.encounter import Combatant, Encounter, Phase
from saga_desktop.rules.dicepool.odds import percent, victory_weights, win_counts
from saga_desktop.rules.dicepool.options import DEFAULT_OPTIONS, DicePoolOptions
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record


@dataclass(frozen=True, slots=True)
class ExchangeOdds(Record):
    """One exchange before the dice: ``attacker[v]`` is P(the attacker ends with level ``v``).

    Level 0 holds every way of getting no victory (a tie, a loss, a defence, STR cancelling it).
    ``attacker_dice`` and ``target_dice`` are the pools; ``*_strength`` the STR each side's
    victories will meet (0 when the other side has none left, or ``use_strength`` is off).
    """

    attacker_id: str
    attacker_name: str
    target_id: str
    target_name: str
    attacker_dice: int
    target_dice: int
    attacker: tuple[Fraction, ...]
    target: tuple[Fraction, ...]
    tie: Fraction
    attacker_strength: int = 0
    target_strength: int = 0
    defence: bool = False
    """One side defends: its better roll only keeps the other off, never scores."""

    @property
    def attacker_victory(self) -> Fraction:
        """The attacker's chance of a victory that survives STR."""
        return 1 - self.attacker[0]

    @property
    def target_victory(self) -> Fraction:
        """The target's chance of a victory that survives STR."""
        return 1 - self.target[0]

    @property
    def cancelled(self) -> Fraction:
        """The chance that one side rolls more wins but scores nothing (STR, or a defence)."""
        return 1 - self.attacker_victory - self.target_victory - self.tie

    def explain(self) -> str:
        """E.g. ``"... Mara wins 31.5%, Hound wins 7.2%, tie 14.8%; in the other 46.5% ..."``.

        The three chances add up to less than 100% when STR or a defence can take away a
        victory the dice gave; the rest is named, with its cause.
        """
        return english(self.words())

    def words(self) -> Words:
        """The exchange's odds as words (the percentages as the code writes them)."""
        values: dict[str, Value] = {
            "a": self.attacker_name,
            "a_dice": self.attacker_dice,
            "t": self.target_name,
            "t_dice": self.target_dice,
            "a_wins": percent(self.attacker_victory),
            "t_wins": percent(self.target_victory),
            "tie": percent(self.tie),
        }
        text = words(
            "{a} ({a_dice}D6) vs {t} ({t_dice}D6): {a} wins {a_wins}, {t} wins {t_wins}, tie {tie}",
            **values,
        )
        if not self.cancelled:
            return text
        strength = bool(self.attacker_strength or self.target_strength)
        if strength and self.defence:
            why = words("the loser's STR or the defence")
        elif self.defence:
            why = words("the defence")
        elif strength:
            why = words("the loser's STR")
        else:
            why = words_c("attribute", "STR")
        return words(
            "{odds}; in the other {rest}, {why} cancels the higher roll",
            odds=text,
            rest=percent(self.cancelled),
            why=why,
        )


def _strength(defender: Combatant, use_strength: bool) -> int:
    return defender.card.strength if use_strength and not defender.strength_used else 0


def _tie(own: int, other: int) -> Fraction:
    a, b = win_counts(own), win_counts(other)
    ways = sum(x * y for x, y in zip(a, b, strict=False))
    return Fraction(ways, 2 ** (own + other))


def combat_odds(
    encounter: Encounter, options: DicePoolOptions = DEFAULT_OPTIONS, use_strength: bool = True
) -> tuple[ExchangeOdds, ...]:
    """The odds of every exchange declared so far, in resolution order."""
    if encounter.phase not in (Phase.DECLARE, Phase.RESOLVE):
        raise RulesError(words("The odds of a round are for before its dice are compared"))
    result = []
    for attacker_id, target_id in exchange_pairs(encounter):
        if encounter.declaration(target_id) is None:
            continue  # the target has not declared yet: its pool is not known
        a_pool, a_defends, _ = combat_pool(encounter, attacker_id, options)
        t_pool, t_defends, _ = combat_pool(encounter, target_id, options)
        a, t = a_pool.size, t_pool.size
        a_str = _strength(encounter.combatant(target_id), use_strength)
        t_str = _strength(encounter.combatant(attacker_id), use_strength)
        aw, den = victory_weights(a, t, not a_defends, a_str)
        tw, _ = victory_weights(t, a, not t_defends, t_str)
        result.append(
            ExchangeOdds(
                attacker_id,
                encounter.combatant(attacker_id).name,
                target_id,
                encounter.combatant(target_id).name,
                a,
                t,
                tuple(Fraction(w, den) for w in aw),
                tuple(Fraction(w, den) for w in tw),
                _tie(a, t),
                a_str,
                t_str,
                a_defends or t_defends,
            )
        )
    return tuple(result)
