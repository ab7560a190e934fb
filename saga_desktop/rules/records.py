"""Plain data for results: the :class:`Record` base and the converters behind ``to_data``.

Every procedure of a ruleset returns a frozen dataclass deriving from :class:`Record`. A record
explains itself in one readable line (:meth:`Record.explain`) and turns into plain JSON-able data
(:meth:`Record.to_data`) that :meth:`Record.from_data` reads back into an equal record:

* cards become their codes (``"10H"``), dice their labels (``"d8"``), enums their values,
  fractions ``"numerator/denominator"`` strings, tuples lists, dataclasses dicts of their fields;
* ``to_data`` adds ``"type"`` (the record's class name), which ``from_data`` ignores, as it
  ignores any other key that is not a field (files of earlier versions also hold ``"explain"``,
  the line in English: the data is the record, and each window words it in its own language).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Self

from saga_desktop.i18n.words import refusal, words
from saga_desktop.rules.cards import Card
from saga_desktop.rules.dice import Die
from saga_desktop.rules.errors import RulesError


def to_plain(value: object) -> Any:
    """Turn a value (record, card, die, enum, fraction, container) into JSON-able data."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Die):
        return value.label
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, list | tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(to_plain(k)): to_plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"Cannot turn a {type(value).__name__} into plain data")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(tp: Any, data: Any, path: str = "") -> Any:
    """Read plain data back into a value of type ``tp``; raises RulesError naming the field."""
    where = path or "value"
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return from_plain(options[0], data, path)
        raise RulesError(words("{where}: unsupported type {tp}", where=where, tp=tp))
    if origin in (tuple, list):
        if not isinstance(data, list | tuple):
            raise RulesError(words("{where}: expected a list", where=where))
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise RulesError(
                    words(
                        "{where}: expected {args_count} values", where=where, args_count=len(args)
                    )
                )
            return tuple(
                from_plain(a, v, f"{path}[{i}]")
                for i, (a, v) in enumerate(zip(args, data, strict=True))
            )
        items = [from_plain(args[0], v, f"{path}[{i}]") for i, v in enumerate(data)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(data, dict):
            raise RulesError(words("{where}: expected a mapping", where=where))
        return {
            from_plain(args[0], k, f"{path}.{k}"): from_plain(args[1], v, f"{path}.{k}")
            for k, v in data.items()
        }
    return _from_plain_simple(tp, data, where, path)


def _from_plain_simple(tp: Any, data: Any, where: str, path: str) -> Any:
    try:
        if tp is Card:
            return Card.from_code(_expect(data, str, where))
        if tp is Die:
            return Die.parse(_expect(data, str | int, where))
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return tp(data)
        if tp is Fraction:
            return Fraction(_expect(data, str | int, where))
    except (ValueError, ZeroDivisionError) as exc:
        raise RulesError(words("{where}: {exc}", where=where, exc=refusal(exc))) from None
    if tp is bool:
        return _expect(data, bool, where)
    if tp is int:
        if isinstance(data, bool):
            raise RulesError(words("{where}: expected a whole number", where=where))
        return _expect(data, int, where)
    if tp is str:
        return _expect(data, str, where)
    if tp is float:
        return float(_expect(data, int | float, where))
    if tp is Any or tp is object:
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, Mapping):
            raise RulesError(words("{where}: expected a mapping", where=where))
        hints = _hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if not f.init:
                continue
            if f.name in data:
                kwargs[f.name] = from_plain(
                    hints[f.name], data[f.name], f"{path}.{f.name}".lstrip(".")
                )
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise RulesError(words("{where}: '{name}' is missing", where=where, name=f.name))
        return tp(**kwargs)
    raise RulesError(words("{where}: unsupported type {tp}", where=where, tp=tp))


def _expect(data: Any, kind: Any, where: str) -> Any:
    if not isinstance(data, kind):
        raise RulesError(words("{where}: unexpected value {data}", where=where, data=repr(data)))
    return data


class Record:
    """Base of every result record: a readable line and plain data."""

    __slots__ = ()

    def explain(self) -> str:
        """One readable line for the journal and the table."""
        raise NotImplementedError

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-able data: the fields, plus ``type`` (no sentence: words are worded)."""
        data: dict[str, Any] = to_plain(self)
        data["type"] = type(self).__name__
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """Read a record back from :meth:`to_data`; raises RulesError on malformed data."""
        result: Self = from_plain(cls, dict(data), "")
        return result


@dataclasses.dataclass(frozen=True, slots=True)
class Adjustment(Record):
    """A change to a score or a difficulty rating, with the reason shown in explanations."""

    amount: int
    reason: str

    def explain(self) -> str:
        """E.g. ``"+ 2 Call the Gods"``."""
        return signed(self.amount, self.reason)


def signed(amount: int, label: str = "") -> str:
    """``"+ 2 label"`` or ``"- 1 label"``: one term of an explained sum."""
    sign = "-" if amount < 0 else "+"
    return f"{sign} {abs(amount)} {label}".rstrip()


def card_list(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards by name, comma separated: ``"7♠, K♣"``."""
    return ", ".join(c.name for c in cards)
