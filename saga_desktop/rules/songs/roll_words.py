"""Songs & Sagas' rolls as words: each reader words a roll's line in their own language.

A line names game words (an attribute, a burn, *success*, *setback*) as nested words, a player's
typed reason as it was typed, and cards by their corner (``rules.card_words``). The English of
these words is exactly the line ``explain()`` has always given.
"""

from __future__ import annotations

from collections.abc import Sequence

from saga_desktop.i18n import tr_noop
from saga_desktop.i18n.words import Value, Words, words, words_c
from saga_desktop.rules.songs.burns import burn_words as burn_words
from saga_desktop.rules.songs.character import VANORI, Attribute

WORDS = (  # the game's words these lines carry, for the catalog
    tr_noop("Strength"),
    tr_noop("Dexterity"),
    tr_noop("Willpower"),
    tr_noop("Heart"),
    tr_noop("trial"),
    tr_noop("fate"),
    tr_noop("attack"),
    tr_noop("defence"),
    tr_noop("resilience"),
    tr_noop("Call the Gods"),
    tr_noop("Turn the Table"),
    tr_noop("Vanori's gift"),
    tr_noop("Vanori"),
    tr_noop("natural 20 on defence"),
    tr_noop("Bear"),
    tr_noop("Wolf"),
    tr_noop("Raven"),
    tr_noop("Elk"),
    tr_noop("Ox"),
    tr_noop("Owl"),
)
MOST_TERMS = 20
"""Terms in one level of a sum's words (words hold at most 24 values a level)."""


def attribute_words(attribute: Attribute) -> Words:
    """``"Strength"`` as words."""
    return words(attribute.title)


def vanori_words(name: str) -> Words | str:
    """A Vanori's name: one of the six as words, a custom one as typed."""
    return words(name) if name in {v.name for v in VANORI.values()} else name


def signed_words(amount: int, label: Words | str = "") -> Words:
    """``"+ 2 Call the Gods"`` or ``"- 1"``: one term of a sum, as words."""
    if label:
        if amount < 0:
            return words("- {n} {label}", n=abs(amount), label=label)
        return words("+ {n} {label}", n=abs(amount), label=label)
    if amount < 0:
        return words("- {n}", n=abs(amount))
    return words("+ {n}", n=abs(amount))


def reason_words(reason: str) -> Words | str:
    """A term's reason: a game word the catalog holds, else the text as typed."""
    return words(reason) if reason in _KNOWN else reason


_KNOWN = {"natural 20 on defence", "Call the Gods", "Turn the Table", "Vanori's gift"}


def sum_words(head: str, parts: Sequence[Words | str], **values: Value) -> Words:
    """A sum's words in one level: ``head`` (with its ``values``), then the terms, spaced.

    ``head`` is the same in every language (``"d20 {d20}"``, ``"DR {dr}"``); each term is
    worded by the reader. Over :data:`MOST_TERMS` terms, the rest nest one level down.
    """
    parts = list(parts)
    rest = parts[MOST_TERMS:]
    names = [f"t{i}" for i in range(len(parts[:MOST_TERMS]))]
    key = " ".join([head, *(f"{{{n}}}" for n in names)])
    terms: dict[str, Value] = dict(zip(names, parts[:MOST_TERMS], strict=True))
    if rest:
        key += " {more}"
        terms["more"] = sum_words("", rest)
    return Words(key.strip(), {**values, **terms})


def semicolons(*parts: Words | str) -> Words:
    """Parts one after the other, a semicolon between two (the separator is the catalog's)."""
    values: dict[str, Value] = {f"s{i}": p for i, p in enumerate(parts)}
    values["semicolon"] = words_c("between two parts of a line", "; ")
    return Words("{semicolon}".join(f"{{s{i}}}" for i in range(len(parts))), values)
