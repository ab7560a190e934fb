"""The value types of trial and fate rolls: what is asked, the rolled state, the outcome.

A :class:`TrialRequest` says what the table wants to roll; ``trial.begin_trial`` turns it into a
:class:`TrialRoll` (cards revealed, d20 rolled, nothing decided for the character yet) and
``trial.resolve_trial`` into a :class:`TrialResult`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from saga_desktop.i18n.words import Value, Words, english, listed, words
from saga_desktop.rules.card_words import card_short, cards_short
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Adjustment, Record
from saga_desktop.rules.songs.burns import Burn
from saga_desktop.rules.songs.character import Attribute
from saga_desktop.rules.songs.deck import RevealRecord
from saga_desktop.rules.songs.experience import XpRecord
from saga_desktop.rules.songs.roll_words import (
    attribute_words,
    burn_words,
    reason_words,
    semicolons,
    signed_words,
    sum_words,
)
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
        return english(self.words())

    def words(self) -> Words:
        """The request as words each reader words in their own language."""
        what = words(
            "{attribute} {kind}",
            attribute=attribute_words(self.attribute),
            kind=words(self.kind.value),
        )
        if self.kind is RollKind.TRIAL:
            return words("{roll} vs DR {dr}, risk {risk}", roll=what, dr=self.dr, risk=self.risk)
        return words("{roll} vs DR {dr}", roll=what, dr=self.dr)


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
        return english(self.words())

    def words(self) -> Words:
        """The roll's line as words each reader words in their own language."""
        terms: list[Words | str] = [signed_words(self.modifier, attribute_words(self.attribute))]
        terms += [signed_words(b.score_bonus, burn_words(b)) for b in self.burns if b.score_bonus]
        terms += [signed_words(a.amount, reason_words(a.reason)) for a in self.bonuses]
        dr: list[Words | str] = []
        if self.revealed:
            cards = words("({cards})", cards=cards_short(self.revealed))
            dr.append(signed_words(BLACK_CARD_DR * self.black_count, cards))
        dr += [signed_words(b.dr_change, burn_words(b)) for b in self.burns if b.dr_change]
        if self.carried_dr_reduction:
            dr.append(signed_words(-self.carried_dr_reduction, words("natural 20 on defence")))
        dr += [signed_words(a.amount, reason_words(a.reason)) for a in self.dr_adjustments]
        if dr:
            dr.append("=")
            dr.append(str(self.dr))
        notes: list[Words | str] = []
        if self.reveal and self.reveal.short:
            notes.append(
                words(
                    "only {n} of {risk} risk cards could be revealed",
                    n=len(self.revealed),
                    risk=self.risk,
                )
            )
        if self.reveal and self.reveal.reshuffled_before:
            notes.append(words("the discard was shuffled back mid-reveal"))
        what: Words = words(
            "{attribute} {kind}",
            attribute=attribute_words(self.attribute),
            kind=words(self.kind.value),
        )
        if self.purpose is not RollPurpose.ACTION:
            what = words("{roll}, {purpose}", roll=what, purpose=words(self.purpose.value))
        values: dict[str, Value] = {
            "name": self.character_name,
            "what": what,
            "score": sum_words("d20 {d20}", terms, d20=self.d20),
            "total": self.score,
            "dr": sum_words("DR {base}", dr, base=self.base_dr),
            "outcome": words("success") if self.success else words("setback"),
        }
        if notes:
            values["notes"] = semicolons(*notes)
            if self.natural_20:
                return words(
                    "{name} ({what}): {score} = {total} vs {dr} ({notes}): {outcome} (natural 20)",
                    **values,
                )
            if self.natural_1:
                return words(
                    "{name} ({what}): {score} = {total} vs {dr} ({notes}): {outcome} (natural 1)",
                    **values,
                )
            return words(
                "{name} ({what}): {score} = {total} vs {dr} ({notes}): {outcome}", **values
            )
        if self.natural_20:
            return words(
                "{name} ({what}): {score} = {total} vs {dr}: {outcome} (natural 20)", **values
            )
        if self.natural_1:
            return words(
                "{name} ({what}): {score} = {total} vs {dr}: {outcome} (natural 1)", **values
            )
        return words("{name} ({what}): {score} = {total} vs {dr}: {outcome}", **values)


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
        return english(self.words())

    def words(self) -> Words:
        """The roll's line and what the resolution did, as words."""
        parts: list[Words | str] = [self.roll.words()]
        if self.turned:
            parts.append(
                words(
                    "turned into a success ({name} burned {card})",
                    name=self.turned.by,
                    card=card_short(self.turned.card),
                )
            )
        if self.kept:
            parts.append(words("took {card}", card=card_short(self.kept)))
        elif self.success and self.roll.kind is RollKind.TRIAL and self.roll.revealed:
            parts.append(words("no card (a card was burned for the roll)"))
        if self.xp:
            parts.append(self.xp.words())
        if self.roll.purpose is RollPurpose.RESILIENCE:
            if self.incapacitated:
                parts.append(words("incapacitated"))
            else:
                parts.append(words("stands with 1 resilience"))
        if self.consequence:
            parts.append(words("consequence: {text}", text=self.consequence))
        elif self.turned:
            parts.append(words("the GM adds a consequence"))
        return listed(*parts)
