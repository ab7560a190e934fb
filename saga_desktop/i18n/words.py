"""Words as data: a sentence stored and sent as its kind and values, worded by each window.

A journal line, a refusal or a headline is a :class:`Words`: the English sentence with named
places (the catalog's key, so the translators' tools see it like any other) and the values that
fill them. Values are numbers, names a player typed (never translated), or more ``Words`` (a
stat's name, a card: "queen of spades"), worded in the same language. A French seat at an
English GM's table words the very same data in French; the campaign file holds data, so it does
not change language with the computer that saved it.

``words("…", name=value)`` and ``words_n("{n} card", "{n} cards", n)`` make them (the extraction
finds their English the way it finds ``tr``); :func:`say` words them in the app's language and
:func:`english` in the code's own, for files and logs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from saga_desktop.i18n import tr, trc, trcn, trn

Value = Union[str, int, float, bool, None, "Words"]

MAX_DEPTH = 8
"""Words inside words inside words…: a file or a peer sending deeper is refused. The deepest
line the games write nests 8 levels (a journal line, its roll, the DR's sum, a term, the cards,
one card, its corner): the bound keeps a hostile file from going further."""
MAX_VALUES = 24
MAX_TEXT = 4000


@dataclass(frozen=True, slots=True)
class Words:
    """The English ``key`` (singular, with ``plural`` and the count ``n`` when it has forms)."""

    key: str
    values: Mapping[str, Value] = field(default_factory=dict)
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def to_data(self) -> dict[str, Any]:
        """Plain JSON data (for the campaign file and the network)."""
        data: dict[str, Any] = {"key": self.key}
        if self.values:
            data["values"] = {
                k: v.to_data() if isinstance(v, Words) else v for k, v in self.values.items()
            }
        if self.plural is not None:
            data["plural"], data["n"] = self.plural, self.n
        if self.context is not None:
            data["context"] = self.context
        return data

    @classmethod
    def from_data(cls, data: object, depth: int = 0) -> Words:
        """Words read from a file or a peer; anything malformed raises ValueError saying what."""
        if depth > MAX_DEPTH:
            raise ValueError(f"words nested more than {MAX_DEPTH} deep")
        if not isinstance(data, dict):
            raise ValueError("words must be an object with a key")
        key, values = data.get("key"), data.get("values", {})
        plural, n, context = data.get("plural"), data.get("n"), data.get("context")
        if not isinstance(key, str) or not key or len(key) > MAX_TEXT:
            raise ValueError("words need a key: a text of 1 to 4000 characters")
        if not isinstance(values, dict) or len(values) > MAX_VALUES:
            raise ValueError(f"words' values must be an object of at most {MAX_VALUES}")
        if plural is not None and (not isinstance(plural, str) or len(plural) > MAX_TEXT):
            raise ValueError("a plural form must be a text")
        if plural is not None and (not isinstance(n, int) or isinstance(n, bool)):
            raise ValueError("words with a plural need a whole number n")
        if context is not None and not isinstance(context, str):
            raise ValueError("a context must be a text")
        read: dict[str, Value] = {}
        for name, value in values.items():
            if isinstance(value, dict):
                read[name] = cls.from_data(value, depth + 1)
            elif isinstance(value, str) and len(value) > MAX_TEXT:
                raise ValueError(f"the value {name!r} is longer than {MAX_TEXT} characters")
            elif value is None or isinstance(value, (str, int, float, bool)):
                read[name] = value
            else:
                raise ValueError(f"the value {name!r} is neither a text, a number nor words")
        return cls(key, read, plural, n if plural is not None else None, context)


def words(key: str, /, **values: Value) -> Words:
    """A sentence as data: ``words("{who} charted region {number}.", who=…, number=4)``."""
    return Words(key, values)


def words_n(singular: str, plural: str, n: int, /, **values: Value) -> Words:
    """A sentence with plural forms; ``{n}`` is the count."""
    return Words(singular, values, plural, n)


def words_c(context: str, key: str, /, **values: Value) -> Words:
    """A sentence whose English has two meanings (a context tells them apart)."""
    return Words(key, values, context=context)


def joined(*parts: Words | str) -> Words:
    """Sentences one after the other ("Region 4 charted. Hidden from the players.")."""
    kept = [p for p in parts if p]
    return Words(
        " ".join(f"{{s{i}}}" for i in range(len(kept))), {f"s{i}": p for i, p in enumerate(kept)}
    )


def listed(*parts: Words | str) -> Words:
    """A list of words, comma after comma ("title, notes")."""
    kept = [p for p in parts if p]
    return Words(
        ", ".join(f"{{s{i}}}" for i in range(len(kept))), {f"s{i}": p for i, p in enumerate(kept)}
    )


def sentence(text: str) -> str:
    """``text`` with its first letter a capital (a line that starts with a nested name)."""
    return text[:1].upper() + text[1:]


def say(item: Words | str) -> str:
    """``item`` in the app's language (a plain text, as older files hold, as it is)."""
    if isinstance(item, str):
        return item
    values = {k: say(v) if isinstance(v, Words) else _plain(v) for k, v in item.values.items()}
    if item.plural is not None and item.n is not None:
        if item.context is not None:
            return trcn(item.context, item.key, item.plural, item.n, **values)
        return trn(item.key, item.plural, item.n, **values)
    if item.context is not None:
        return trc(item.context, item.key, **values)
    return tr(item.key, **values)


def english(item: Words | str) -> str:
    """``item`` in the code's own English, whatever the app speaks (files, logs)."""
    if isinstance(item, str):
        return item
    values = {k: english(v) if isinstance(v, Words) else _plain(v) for k, v in item.values.items()}
    template = item.key
    if item.plural is not None and item.n is not None:
        template = item.key if item.n == 1 else item.plural
        values = {"n": f"{item.n:,}", **values}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def refusal(error: BaseException) -> Words | str:
    """What a refusal says, as data: its words if it has them, else its text."""
    said = getattr(error, "words", None)
    return said if isinstance(said, (Words, str)) and said else str(error)


def _plain(value: Value) -> object:
    return "" if value is None else value
