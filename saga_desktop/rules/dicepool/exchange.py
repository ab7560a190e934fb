"""A fight's sides, and what its comparison gives: the outcomes and each exchange."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, words
from saga_desktop.rules.dicepool.rulings import INJURY_MAX
from saga_desktop.rules.dicepool.wording import OUTCOMES, SIDE_LABELS, looked_up
from saga_desktop.rules.records import Record


class Side(enum.Enum):
    """Whose action an outcome is: the players' or the GM's monsters'."""

    PLAYER = "player"
    MONSTER = "monster"

    @property
    def label(self) -> str:
        """``"Player action"`` or ``"Monster action"``."""
        return english(self.words())

    def words(self) -> Words:
        """``Player action`` as words."""
        return SIDE_LABELS[self.value]


class OutcomeKind(enum.Enum):
    """The outcomes a victory can buy."""

    INJURY = "injury"
    STAGGER = "stagger"
    TRIP = "trip"
    DISARM = "disarm"


@dataclass(frozen=True, slots=True)
class Outcome(Record):
    """What the winner of an exchange did to the loser, after armor."""

    kind: OutcomeKind
    level: int = 0
    armor_reduction: int = 0
    note: str = ""

    @property
    def final_level(self) -> int:
        """The injury level that stuck (0 for a manoeuvre or a negated injury)."""
        return max(0, self.level - self.armor_reduction)

    def explain(self) -> str:
        """E.g. ``"level 2 injury, armor -2: negated"`` or ``"trip"``."""
        return english(self.words())

    def words(self) -> Words:
        """The outcome as words (its note as typed)."""
        kind = looked_up(OUTCOMES, self.kind.value)
        if self.kind is not OutcomeKind.INJURY:
            if self.note:
                return words("{outcome} ({note})", outcome=kind, note=self.note)
            return words("{outcome}", outcome=kind)
        if self.note:
            head = words("level {level} injury ({note})", level=self.level, note=self.note)
        else:
            head = words("level {level} injury", level=self.level)
        final, armor = self.final_level, self.armor_reduction
        if not armor:
            if final >= INJURY_MAX:
                return words(
                    "{injury}: level {level}, fatal: incapacitated", injury=head, level=final
                )
            return words("{injury}: negated", injury=head) if not final else head
        values: dict[str, Value] = {"injury": head, "armor": armor, "level": final}
        if final >= INJURY_MAX:
            return words("{injury}, armor -{armor}: level {level}, fatal: incapacitated", **values)
        if not final:
            return words("{injury}, armor -{armor}: negated", **values)
        return words("{injury}, armor -{armor}: level {level} sticks", **values)


@dataclass(frozen=True, slots=True)
class Exchange(Record):
    """Two combat rolls compared: an attacker (or charger) and its declared target.

    ``winner_side`` says whose action an outcome would be (None on a tie); ``close`` whether the
    exchange counts as close combat for armor.
    """

    attacker_id: str
    attacker_name: str
    target_id: str
    target_name: str
    attacker_wins: int
    target_wins: int
    winner_id: str = ""
    loser_id: str = ""
    winner_side: Side | None = None
    scoring: bool = False
    close: bool = True
    strength_reduction: int = 0
    outcome: Outcome | None = None

    @property
    def level(self) -> int:
        """The positive difference in wins (0 on a tie)."""
        return abs(self.attacker_wins - self.target_wins)

    @property
    def victory(self) -> int:
        """The victory level the winner may use: 0 on a tie or for a defending winner."""
        return self.level if self.scoring else 0

    @property
    def final_victory(self) -> int:
        """The victory level after the loser's STR reduction."""
        return max(0, self.victory - self.strength_reduction)

    @property
    def winner_name(self) -> str:
        """The winner's name ("" on a tie)."""
        if not self.winner_id:
            return ""
        return self.attacker_name if self.winner_id == self.attacker_id else self.target_name

    def explain(self) -> str:
        """E.g. ``"Mara 9 vs Hound 7: Mara wins, victory level 2 (Player action)"``."""
        return english(self.words())

    def words(self) -> Words:
        """The exchange as words."""
        values: dict[str, Value] = {
            "attacker": self.attacker_name,
            "a": self.attacker_wins,
            "target": self.target_name,
            "t": self.target_wins,
        }
        if not self.winner_id:
            return words("{attacker} {a} vs {target} {t}: a tie, no outcome", **values)
        values["winner"] = self.winner_name
        if not self.scoring:
            return words(
                "{attacker} {a} vs {target} {t}: {winner} defends and scores no victory", **values
            )
        values["level"] = self.level
        if self.winner_side:
            values["side"] = self.winner_side.words()
            said = words(
                "{attacker} {a} vs {target} {t}: {winner} wins, victory level {level} ({side})",
                **values,
            )
        else:
            said = words(
                "{attacker} {a} vs {target} {t}: {winner} wins, victory level {level}", **values
            )
        if self.strength_reduction:
            said = words(
                "{exchange}, STR -{strength} → {level}",
                exchange=said,
                strength=self.strength_reduction,
                level=self.final_victory,
            )
        if self.outcome is not None:
            said = words("{exchange}; {outcome}", exchange=said, outcome=self.outcome.words())
        return said
