"""The value types of trial and fate rolls: what is asked, the rolled state, the outcome.

A :class:`TrialRequest` says what the table wants to roll; ``trial.begin_trial`` turns it into a
:class:`TrialRoll` (cards revealed, d20 rolled, nothing decided for the character yet) and
``trial.resolve_trial`` into a :class:`TrialResult`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Adjustment, Record, card_list, signed
from saga_desktop.rules.songs.burns import Burn
from saga_desktop.rules.songs.character import Attribute
from saga_desktop.rules.songs.deck import RevealRecord
from saga_desktop.rules.songs.experience import XpRecord
from saga_desktop.rules.songs.tables import NORMAL_DR

BLACK_CARD_DR = 2
"""Each black risk card raises the DR by this much."""


class RollKind(enum.Enum):
    """A trial roll (risk cards, a card or XP) or a fate roll (neither)."""

    TRIAL = "trial"
    FATE = "fate"


class RollPurpose(enum.Enum):
    """Why the roll is made; attacks and defences resolve through ``combat``."""

    ACTION = "action"
    ATTACK = "attack"
    DEFENCE = "defence"
    RESILIENCE = "resilience"


@dataclass(frozen=True, slots=True)
class TrialRequest(Record):
    """What the table asks for: attribute, DR, the region's risk, burns and other changes.

    ``bonuses`` are other changes to the score and ``dr_adjustments`` other changes to the DR
    (an item, a condition the GM invokes, ...), each with its reason. A fate roll ignores ``risk``.
    """

    attribute: Attribute
    dr: int = NORMAL_DR
    risk: int = 1
    kind: RollKind = RollKind.TRIAL
    burns: tuple[Burn, ...] = ()
    bonuses: tuple[Adjustment, ...] = ()
    dr_adjustments: tuple[Adjustment, ...] = ()
    purpose: RollPurpose = RollPurpose.ACTION

    @property
    def cards_to_reveal(self) -> int:
        """One risk card per point of risk on a trial roll; none on a fate roll."""
        return self.risk if self.kind is RollKind.TRIAL else 0

    def explain(self) -> str:
        """E.g. ``"Strength trial vs DR 12, risk 2"``."""
        risk = f", risk {self.risk}" if self.kind is RollKind.TRIAL else ""
        return f"{self.attribute.title} {self.kind.value} vs DR {self.dr}{risk}"


def succeeds(d20: int, score: int, dr: int, natural_20_wins: bool, natural_1_loses: bool) -> bool:
    """Success when the score beats the DR, unless a natural result decides (by option)."""
    if natural_20_wins and d20 == 20:
        return True
    if natural_1_loses and d20 == 1:
        return False
    return score > dr


@dataclass(frozen=True, slots=True)
class TrialRoll(Record):
    """A roll made but not yet resolved: revealed cards, the d20 and every term of the sums.

    ``serial`` names this version of the roll on its character's sheet (see
    ``SongsCharacter.open_roll``); 0 for rolls saved before serials existed.
    """

    character_id: str
    character_name: str
    kind: RollKind
    purpose: RollPurpose
    attribute: Attribute
    modifier: int
    d20: int
    physical: bool
    base_dr: int
    risk: int
    reveal: RevealRecord | None
    held: bool
    burns: tuple[Burn, ...] = ()
    bonuses: tuple[Adjustment, ...] = ()
    dr_adjustments: tuple[Adjustment, ...] = ()
    carried_dr_reduction: int = 0
    natural_20_wins: bool = False
    natural_1_loses: bool = False
    serial: int = 0

    @property
    def revealed(self) -> tuple[Card, ...]:
        """The risk cards, in the order they were revealed."""
        return self.reveal.cards if self.reveal else ()

    @property
    def black_count(self) -> int:
        """Black risk cards."""
        return sum(1 for c in self.revealed if c.is_black)

    def score_terms(self) -> list[Adjustment]:
        """Everything added to the d20: attribute, burns, bonuses."""
        terms = [Adjustment(self.modifier, self.attribute.title)]
        terms += [Adjustment(b.score_bonus, b.label) for b in self.burns if b.score_bonus]
        return terms + list(self.bonuses)

    def dr_terms(self) -> list[Adjustment]:
        """Everything added to the base DR after the risk cards."""
        terms = [Adjustment(b.dr_change, b.label) for b in self.burns if b.dr_change]
        if self.carried_dr_reduction:
            terms.append(Adjustment(-self.carried_dr_reduction, "natural 20 on defence"))
        return terms + list(self.dr_adjustments)

    @property
    def score(self) -> int:
        """d20 + attribute + burns + bonuses."""
        return self.d20 + sum(t.amount for t in self.score_terms())

    @property
    def dr(self) -> int:
        """Base DR + 2 per black card + every adjustment."""
        return (
            self.base_dr + BLACK_CARD_DR * self.black_count + sum(t.amount for t in self.dr_terms())
        )

    @property
    def success(self) -> bool:
        """The roll's own outcome (before any Turn the Table)."""
        return succeeds(self.d20, self.score, self.dr, self.natural_20_wins, self.natural_1_loses)

    @property
    def natural_1(self) -> bool:
        """The d20 shows 1."""
        return self.d20 == 1

    @property
    def natural_20(self) -> bool:
        """The d20 shows 20."""
        return self.d20 == 20

    @property
    def margin(self) -> int:
        """Score minus DR (positive on a plain success)."""
        return self.score - self.dr

    def explain(self) -> str:
        """The roll in one line, every term of both sums with its reason.

        E.g. ``"Sigrid (Strength trial): d20 14 + 1 Strength = 15 vs DR 12 + 2 (7♠) = 14: success"``
        """
        terms = self.score_terms()
        score = f"d20 {self.d20} " + " ".join(signed(t.amount, t.reason) for t in terms)
        dr = f"DR {self.base_dr}"
        if self.revealed:
            dr += " " + signed(BLACK_CARD_DR * self.black_count, f"({card_list(self.revealed)})")
        dr += "".join(" " + t.explain() for t in self.dr_terms())
        if dr != f"DR {self.base_dr}":
            dr += f" = {self.dr}"
        notes = []
        if self.reveal and self.reveal.short:
            notes.append(f"only {len(self.revealed)} of {self.risk} risk cards could be revealed")
        if self.reveal and self.reveal.reshuffled_before:
            notes.append("the discard was shuffled back mid-reveal")
        note = f" ({'; '.join(notes)})" if notes else ""
        natural = " (natural 20)" if self.natural_20 else " (natural 1)" if self.natural_1 else ""
        outcome = "success" if self.success else "setback"
        what = f"{self.attribute.title} {self.kind.value}"
        if self.purpose is not RollPurpose.ACTION:
            what += f", {self.purpose.value}"
        head = f"{self.character_name} ({what}): {score} = {self.score} vs {dr}{note}"
        return f"{head}: {outcome}{natural}"


@dataclass(frozen=True, slots=True)
class TrialResult(Record):
    """A resolved roll: final outcome, the card taken, XP and the GM's consequence."""

    roll: TrialRoll
    success: bool
    turned: Burn | None = None
    kept: Card | None = None
    xp: XpRecord | None = None
    consequence: str = ""
    incapacitated: bool = False

    @property
    def setback(self) -> bool:
        """The final outcome is a setback."""
        return not self.success

    def explain(self) -> str:
        """The roll's line, then what the resolution did."""
        parts = [self.roll.explain()]
        if self.turned:
            parts.append(f"turned into a success ({self.turned.by} burned {self.turned.card})")
        if self.kept:
            parts.append(f"took {self.kept}")
        elif self.success and self.roll.kind is RollKind.TRIAL and self.roll.revealed:
            parts.append("no card (a card was burned for the roll)")
        if self.xp:
            parts.append(self.xp.explain())
        if self.roll.purpose is RollPurpose.RESILIENCE:
            parts.append("incapacitated" if self.incapacitated else "stands with 1 resilience")
        if self.consequence:
            parts.append(f"consequence: {self.consequence}")
        elif self.turned:
            parts.append("the GM adds a consequence")
        return ", ".join(parts)
