"""The oracle: yes/no questions answered by red cards.

One card is revealed for luck and one more for each factor favouring a yes. Two or more red cards
answer a strong yes, exactly one a weak yes, none a no.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Value, Words, english, words, words_n
from saga_desktop.rules.card_words import cards_short
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.records import Record
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


ANSWERS = (tr_noop("strong yes"), tr_noop("weak yes"), tr_noop("no"))
"""The answers, for the catalog: lines carry them as words."""


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
        return english(self.words())

    def words(self) -> Words:
        """The question and its answer as words each reader words in their own language."""
        values: dict[str, Value] = {
            "cards": cards_short(self.reveal.cards),
            "answer": words(self.answer.text),
        }
        if self.question and self.factors:
            return words_n(
                "Oracle: {question} (luck + {n} factor) {cards}: {answer}",
                "Oracle: {question} (luck + {n} factors) {cards}: {answer}",
                self.factors,
                question=self.question,
                **values,
            )
        if self.question:
            return words(
                "Oracle: {question} (luck) {cards}: {answer}", question=self.question, **values
            )
        if self.factors:
            return words_n(
                "Oracle: (luck + {n} factor) {cards}: {answer}",
                "Oracle: (luck + {n} factors) {cards}: {answer}",
                self.factors,
                **values,
            )
        return words("Oracle: (luck) {cards}: {answer}", **values)


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
