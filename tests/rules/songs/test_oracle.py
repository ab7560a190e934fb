from __future__ import annotations

import random

import pytest

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.songs import OracleAnswer, OracleRecord, ask_oracle
from saga_desktop.rules.songs.oracle import oracle_answer

from .helpers import small_table, snapshot

RNG = random.Random(0)


@pytest.mark.parametrize(
    ("red", "answer"),
    [
        (0, OracleAnswer.NO),
        (1, OracleAnswer.WEAK_YES),
        (2, OracleAnswer.STRONG_YES),
        (5, OracleAnswer.STRONG_YES),
    ],
)
def test_answers_by_red_cards(red: int, answer: OracleAnswer) -> None:
    assert oracle_answer(red) is answer


@pytest.mark.parametrize(
    ("pile", "factors", "answer"),
    [
        ("2S", 0, OracleAnswer.NO),
        ("2H", 0, OracleAnswer.WEAK_YES),
        ("2H 3S 4S", 2, OracleAnswer.WEAK_YES),
        ("2H 3D 4S", 2, OracleAnswer.STRONG_YES),
        ("2C 3S 4S", 2, OracleAnswer.NO),
    ],
)
def test_one_card_for_luck_and_one_per_factor(
    pile: str, factors: int, answer: OracleAnswer
) -> None:
    deck = small_table(pile)
    record = ask_oracle(deck, RNG, factors, "  Is the   ford guarded? ")
    assert record.answer is answer and len(record.reveal.cards) == 1 + factors
    assert record.question == "Is the ford guarded?"
    assert record.explain().startswith("Oracle: Is the ford guarded? (luck")
    assert OracleRecord.from_data(record.to_data()) == record
    assert deck.revealed == [] and len(deck.discard) + len(deck.draw_pile) == len(pile.split())


def test_oracle_refusals_change_nothing() -> None:
    deck = small_table("2H 3H")
    before = snapshot(deck)
    for factors, question in ((-1, ""), (11, ""), (2, ""), (0, "?" * 600)):
        with pytest.raises(RulesError):
            ask_oracle(deck, RNG, factors, question)
    with pytest.raises(RulesError):
        ask_oracle(deck, RNG, True)  # type: ignore[arg-type]
    assert snapshot(deck) == before
