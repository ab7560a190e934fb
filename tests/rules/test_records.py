from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction

import pytest

from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.rules.records import Adjustment, Record, card_list, from_plain, signed, to_plain
from saga_desktop.rules.songs import Attribute
from saga_desktop.rules.songs.deck import RevealRecord


@dataclass(frozen=True, slots=True)
class Sample(Record):
    card: Card
    die: Die | None
    attribute: Attribute
    odds: Fraction
    where: Hex
    values: tuple[int, ...]
    table: dict[Attribute, int]
    reveal: RevealRecord
    note: str = ""

    def explain(self) -> str:
        return f"sample {self.card}"


def _sample() -> Sample:
    return Sample(
        Card.from_code("10H"),
        Die.D8,
        Attribute.HEART,
        Fraction(3, 7),
        Hex(2, -1),
        (1, 2),
        {Attribute.STRENGTH: 2},
        RevealRecord((Card.from_code("QS"),), (0,), 1, False),
    )


def test_to_data_is_plain_json_and_reads_back() -> None:
    sample = _sample()
    data = sample.to_data()
    assert data["card"] == "10H" and data["die"] == "d8" and data["odds"] == "3/7"
    assert data["where"] == {"q": 2, "r": -1}
    assert data["type"] == "Sample" and "explain" not in data  # data, not a sentence
    assert Sample.from_data(json.loads(json.dumps(data))) == sample
    older = {**data, "explain": "sample 10♥"}  # an earlier version's file kept the line too
    assert Sample.from_data(older) == sample


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("card", "ZZ"),
        ("die", "d7"),
        ("attribute", "luck"),
        ("values", "12"),
        ("note", 5),
        ("odds", "1/0"),
    ],
)
def test_bad_data_names_the_field(field: str, value: object) -> None:
    data = _sample().to_data()
    data[field] = value
    with pytest.raises(RulesError, match=field):
        Sample.from_data(data)


def test_missing_required_field() -> None:
    data = _sample().to_data()
    del data["card"]
    with pytest.raises(RulesError, match="card"):
        Sample.from_data(data)


def test_bool_is_not_an_int() -> None:
    with pytest.raises(RulesError):
        from_plain(int, True)


def test_helpers() -> None:
    assert signed(2, "Call the Gods") == "+ 2 Call the Gods"
    assert signed(-1) == "- 1"
    assert Adjustment(-2, "conjured Bear").explain() == "- 2 conjured Bear"
    assert card_list([Card.from_code("7S"), Card.from_code("KC")]) == "7♠, K♣"
    with pytest.raises(TypeError):
        to_plain(object())
