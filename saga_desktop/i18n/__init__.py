"""Every word a player reads passes through here: :func:`tr` and its kin.

One translation system for the whole app: gettext catalogs (``resources/i18n/<language>/*.po``,
one file per part of the code, compiled to one ``.mo`` per language by
``saga-desktop-i18n build``). This module is the seam. It imports only the standard library, so
the rules, the model, the network and the Qt windows all word things the same way:

- ``tr("Roll the die")``: a sentence; values go in by name:
  ``tr("Port {port} is taken.", port=47800)`` (a translator may move ``{port}``).
- ``trn("{n} card", "{n} cards", n)``: plural forms done properly in every language (French
  says "1 carte", "0 carte", "2 cartes"); ``{n}`` is written by the locale ("1 234"). Other
  values go in as they are (a port stays 47800): word a quantity with :func:`number` first.
- ``trc("verb", "Draw")``: the same English word with two meanings gets a context.
- ``tr_noop("…")``: marks a string for the catalog where it is defined (a table of words);
  the code calls ``tr(value)`` where it shows it.

Numbers and percentages are worded by :func:`number` and :func:`percent`, through the
formatter the Qt layer installs (``QLocale``); without it they read as in English.

Names a player typed never go through ``tr``: only the words of the app do.
"""

from __future__ import annotations

import gettext
from typing import Protocol

from saga_desktop.i18n.elision import elide

__all__ = [
    "language",
    "number",
    "percent",
    "set_formatter",
    "tr",
    "tr_noop",
    "trc",
    "trcn",
    "trn",
    "use",
]


class Formatter(Protocol):
    """Numbers worded for a locale (the Qt layer installs one made from ``QLocale``)."""

    def number(self, value: float, decimals: int) -> str:
        """``value`` with ``decimals`` digits after the decimal mark."""
        ...

    def percent(self, fraction: float, decimals: int) -> str:
        """``fraction`` (0.25) as a percentage ("25%", or "25 %" in French)."""
        ...


class PlainFormatter:
    """English conventions, for the Qt-free layers and tests: 1,234.5 and 25%."""

    def number(self, value: float, decimals: int) -> str:
        """``value`` with a comma every three digits."""
        return f"{value:,.{decimals}f}"

    def percent(self, fraction: float, decimals: int) -> str:
        """``fraction`` times a hundred, then "%"."""
        return f"{fraction * 100:,.{decimals}f}%"


_catalog: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_formatter: Formatter = PlainFormatter()


def use(catalog: gettext.NullTranslations | None, code: str = "en") -> None:
    """Word everything from now on with ``catalog`` (None: the English of the code)."""
    global _catalog, _language
    _catalog = catalog if catalog is not None else gettext.NullTranslations()
    _language = code if catalog is not None else "en"


def language() -> str:
    """The code of the language words come in now ("en", "fr", …)."""
    return _language


def set_formatter(formatter: Formatter | None) -> None:
    """Word numbers with ``formatter`` (None: English conventions)."""
    global _formatter
    _formatter = formatter if formatter is not None else PlainFormatter()


def number(value: float, decimals: int = 0) -> str:
    """``value`` as the locale writes it ("1,234" in English, "1 234" in French)."""
    return _formatter.number(value, decimals)


def percent(fraction: float, decimals: int = 0) -> str:
    """``fraction`` as a percentage in the locale's way ("25%" / "25 %")."""
    return _formatter.percent(fraction, decimals)


def _fill(translated: str, english: str, values: dict[str, object]) -> str:
    if not values:
        return translated
    try:
        return elide(_language, translated, values).format(**values)
    except (KeyError, IndexError, ValueError):
        # A translation whose placeholders do not match the code's: the English words, never a
        # traceback or a bare "{port}" at the table (CI's catalog check refuses such a catalog).
        try:
            return english.format(**values)
        except (KeyError, IndexError, ValueError):
            return english


def tr(message: str, /, **values: object) -> str:
    """``message`` in the current language, with ``values`` put in by name ("" stays "")."""
    if not message:
        return message  # gettext would answer "" with the catalog's header
    return _fill(_catalog.gettext(message), message, values)


def trn(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of ``singular``/``plural`` the language uses for ``n``; ``{n}`` is filled in."""
    english = singular if n == 1 else plural
    return _fill(_catalog.ngettext(singular, plural, n), english, {"n": number(n), **values})


def trc(context: str, message: str, /, **values: object) -> str:
    """``message`` in ``context`` (a word with two meanings in English)."""
    if not message:
        return message
    return _fill(_catalog.pgettext(context, message), message, values)


def trcn(context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """:func:`trn` with a context."""
    english = singular if n == 1 else plural
    translated = _catalog.npgettext(context, singular, plural, n)
    return _fill(translated, english, {"n": number(n), **values})


def tr_noop(message: str) -> str:
    """Mark ``message`` for the catalog; it is translated later where it is shown."""
    return message
