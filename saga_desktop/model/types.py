"""Constrained value types shared by the campaign models.

Every limit here is also a promise to the player: a file that breaks one is refused with a message
naming the field, and an edit that breaks one is refused before anything changes.
"""

from __future__ import annotations

import re
from typing import Annotated, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import Hex

NAME_MAX = 120
TEXT_MAX = 100_000
COORD_LIMIT = 100_000

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_LINE_BREAK = re.compile(r"[\r\n\u2028\u2029]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _no_control(value: str) -> str:
    if _CONTROL.search(value):
        raise ValueError("contains control characters")
    if not value.isascii() and _SURROGATE.search(value):
        # A lone UTF-16 surrogate is not text: it could never be written to a file again.
        raise ValueError("contains a broken character (a lone surrogate)")
    return value


def _single_line(value: str) -> str:
    if _LINE_BREAK.search(value):
        raise ValueError("must be a single line")
    return value


def _card_code(value: str) -> str:
    try:
        return Card.from_code(value).code
    except RulesError as exc:
        raise ValueError(str(exc)) from None


Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX),
    AfterValidator(_no_control),
    AfterValidator(_single_line),
]
"""A required one-line name."""

Label = Annotated[
    str,
    StringConstraints(strip_whitespace=True, max_length=NAME_MAX),
    AfterValidator(_no_control),
    AfterValidator(_single_line),
]
"""An optional one-line label (may be empty)."""

Text = Annotated[str, StringConstraints(max_length=TEXT_MAX), AfterValidator(_no_control)]
"""Free text of many lines."""

CardCode = Annotated[str, AfterValidator(_card_code)]
"""A playing card as its code, e.g. ``"10H"``."""

Coord = Annotated[int, Field(ge=-COORD_LIMIT, le=COORD_LIMIT)]
Id = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
"""An identifier: letters, digits, - and _."""


class Model(BaseModel):
    """Base of every saved model: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid", validate_default=False)


class FrozenModel(BaseModel):
    """Base of saved models that are replaced, never changed in place (cheap undo snapshots)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class HexCoord(FrozenModel):
    """An axial hex coordinate as saved."""

    q: Coord
    r: Coord

    @property
    def hex(self) -> Hex:
        """The rules-engine value."""
        return Hex(self.q, self.r)

    @classmethod
    def of(cls, h: Hex) -> HexCoord:
        """From a rules-engine hex."""
        return cls(q=h.q, r=h.r)


M = TypeVar("M", bound=BaseModel)


def replace(model: M, **changes: object) -> M:
    """A validated copy of a (frozen) model with some fields changed."""
    return type(model).model_validate({**dict(model), **changes})
