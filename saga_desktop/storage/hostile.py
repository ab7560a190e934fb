r"""Input the JSON parsers accept but a campaign must never hold, and quoting input in messages.

Python's ``json`` and pydantic's parser both accept ``NaN`` and ``Infinity`` (which would be
saved back as ``null``), numbers too long for ``int()`` and lone UTF-16 surrogate escapes such as
``"\udfff"`` (which cannot be written as UTF-8 again). :func:`parse_json` turns each of them into
an :class:`Unusable` marker, and :func:`first_problem` names the field that holds one.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_INT_DIGITS = 4300
"""The longest whole number a file may hold (Python's own limit for reading one from text)."""

QUOTE_LIMIT = 80
"""How many characters of the player's input a message quotes before an ellipsis."""

_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")
_CLASSES = bytes(
    ord("0") if 0x30 <= b <= 0x39 else b if b in b"e+" else ord("e") if b == ord("E") else 0x20
    for b in range(256)
)
_HUGE_INT = b"0" * (MAX_INT_DIGITS + 1)
_SUSPECT_TEXT = (b"NaN", b"Infinity", b"\\ud", b"\\uD")
_HUGE_EXPONENT = (b"0e000", b"0e+000")


def clip(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as a message quotes it: one line, at most ``limit`` characters and an ellipsis."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class Unusable:
    """Stands in for a value the parser read but a campaign cannot hold; says why."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __repr__(self) -> str:
        return f"<{self.reason}>"


def _int(text: str) -> int | Unusable:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INT_DIGITS:
        return Unusable(
            f"a number of {digits:,} digits; numbers in a campaign have at most {MAX_INT_DIGITS:,}"
        )
    return int(text)


def _float(text: str) -> float | Unusable:
    value = float(text)
    if not math.isfinite(value):
        return Unusable(f"the number {clip(text)} is too large to hold")
    return value


def _constant(name: str) -> Unusable:
    return Unusable(f"{name} is not a number a campaign can hold")


def parse_json(text: str) -> tuple[Any, bool]:
    """Parse JSON text; returns the value and whether it may hold something unusable.

    Raises what :func:`json.loads` raises for text that is not JSON.
    """
    marked = False

    def mark(value: int | float | Unusable) -> int | float | Unusable:
        nonlocal marked
        marked = marked or isinstance(value, Unusable)
        return value

    raw = json.loads(
        text,
        parse_int=lambda s: mark(_int(s)),
        parse_float=lambda s: mark(_float(s)),
        parse_constant=lambda s: mark(_constant(s)),
    )
    return raw, marked or "\\ud" in text or "\\uD" in text


def looks_suspect(data: bytes) -> bool:
    """True when a file's bytes may hold NaN, Infinity, a huge number or a surrogate escape.

    A cheap scan (plain substring searches) for the fast path; a false alarm only means the file
    is read the careful way, where :func:`first_problem` decides.
    """
    if any(needle in data for needle in _SUSPECT_TEXT):
        return True
    classes = data.translate(_CLASSES)
    return _HUGE_INT in classes or any(needle in classes for needle in _HUGE_EXPONENT)


def first_problem(raw: Any) -> str | None:
    """``"path: why"`` for the first unusable value or broken string in parsed JSON, or None."""
    stack: list[tuple[Any, str]] = [(raw, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            items = list(node.items())
            for key, value in reversed(items):
                if _broken(key):
                    return f"{path or 'the file'}: a field name {_BROKEN}"
                stack.append((value, f"{path}.{clip(key)}" if path else clip(key)))
        elif isinstance(node, list):
            stack.extend((value, f"{path}[{i}]") for i, value in reversed(list(enumerate(node))))
        elif isinstance(node, Unusable):
            return f"{path}: {node.reason}"
        elif isinstance(node, str) and _broken(node):
            return f"{path}: {_BROKEN}"
    return None


_BROKEN = (
    "holds a broken character (a lone UTF-16 surrogate escape such as \\udfff, "
    "which is not text; a faulty program wrote it)"
)


def _broken(text: str) -> bool:
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
