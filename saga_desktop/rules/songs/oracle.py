"""The oracle: yes/no questions answered by red cards.

One card is revealed for luck and one more for each factor favouring a yes. Two or more red cards
answer a strong yes, exactly one a weak yes, none a no.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from saga_desktop.i18n.words import words
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record, card_list
from saga_desktop.rules.songs.deck import RevealRecord, TableDeck
from saga_desktop.rules.songs.options import DEFAULT_OPTIONS, SongsOptions
from saga_desktop.rules.songs.tables import reveal_and_discard

FACTOR_LIMIT = 10
"""At most this many favouring factors (eleven cards) for one question."""

QUESTION_LIMIT = 500


class OracleAnswer(enum.Enum):
    """The oracle's three answers."""

    STRONG_YES = "strong_yes"
    WEAK_YES = "weak_yes"
    NO = "no"

    @property
    def text(self) -> str:
        """``"strong yes"``, ``"weak yes"`` or ``"no"``."""
        return self.value.replace("_", " ")


def oracle_answer(red_cards: int) -> OracleAnswer:
    """The answer for a number of red cards revealed."""
    if red_cards >= 2:
        return OracleAnswer.STRONG_YES
    return OracleAnswer.WEAK_YES if red_cards == 1 else OracleAnswer.NO


def check_factors(factors: int) -> None:
    """Raise RulesError unless ``factors`` is a sensible count of favouring factors."""
    if isinstance(factors, bool) or not isinstance(factors, int):
        raise RulesError(words("Count the favouring factors as a whole number"))
    if not 0 <= factors <= FACTOR_LIMIT:
        raise RulesError(
            words(
                "An oracle question takes from 0 to {factor_limit} favouring factors",
                factor_limit=FACTOR_LIMIT,
            )
        )


@dataclass(frozen=True, slots=True)
class OracleRecord(Record):
    """A question, its cards and the answer."""

    question: str
    factors: int
    reveal: RevealRecord
    answer: OracleAnswer

    @property
    def red_count(self) -> int:
        """Red cards revealed."""
        return self.reveal.red_count

    def explain(self) -> str:
        """E.g. ``"Oracle: Is the ford guarded? (luck + 2 factors) 7♥, 2♠, 9♦: strong yes"``."""
        asked = f" {self.question}" if self.question else ""
        extra = (
            f" + {self.factors} factor{'s' if self.factors != 1 else ''}" if self.factors else ""
        )
        return f"Oracle:{asked} (luck{extra}) {card_list(self.reveal.cards)}: {self.answer.text}"


def ask_oracle(
    deck: TableDeck,
    rng: random.Random,
    factors: int = 0,
    question: str = "",
    options: SongsOptions = DEFAULT_OPTIONS,
) -> OracleRecord:
    """Reveal one card for luck plus one per favouring factor, and read the answer."""
    check_factors(factors)
    question = " ".join(question.split())
    if len(question) > QUESTION_LIMIT:
        raise RulesError(
            words(
                "Keep the question under {question_limit} characters", question_limit=QUESTION_LIMIT
            )
        )
    reveal = reveal_and_discard(deck, rng, 1 + factors, options)
    return OracleRecord(question, factors, reveal, oracle_answer(reveal.red_count))
