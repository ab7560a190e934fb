"""The command line's language: ``--help``, ``--check`` and ``--serve`` speak the computer's.

The window has *View › Language*; the command line has no menu, so it follows the environment as
every command-line program does: ``SAGA_DESKTOP_LANGUAGE`` first (a translator trying a catalog),
then gettext's order, ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``. No Qt is loaded.

What scripts read stays fixed: the exit codes, and the first word of ``--check``'s line (``OK``,
``BAD``, ``UNREADABLE``).

argparse words its own frame (``usage:``, ``options``, its errors) through its module's ``_``;
:func:`speak` points that at the catalog for the handful of texts below, so ``--help`` and a
mistyped option read in the same language as the rest.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Mapping

from saga_desktop import i18n
from saga_desktop.i18n import catalogs, tr, tr_noop
from saga_desktop.resources import resources_dir

LANGUAGE_VARIABLES = ("SAGA_DESKTOP_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the language is read, first found first (gettext's order after the app's own)."""

ARGPARSE_WORDS = frozenset(
    {
        tr_noop("usage: "),
        tr_noop("options"),
        tr_noop("positional arguments"),
        tr_noop("show this help message and exit"),
        tr_noop("%(prog)s: error: %(message)s\n"),
        tr_noop("argument %(argument_name)s: %(message)s"),
        tr_noop("expected one argument"),
        tr_noop("invalid %(type)s value: %(value)r"),
        tr_noop("unrecognized arguments: %s"),
        tr_noop("the following arguments are required: %s"),
        tr_noop("ambiguous option: %(option)s could match %(matches)s"),
        tr_noop("not allowed with argument %s"),
        tr_noop("ignored explicit argument %r"),
    }
)
"""argparse's own texts a player can meet with this app's options (the rest stay English)."""


def wanted(environ: Mapping[str, str]) -> list[str]:
    """The languages the environment asks for, best first (``C`` and ``POSIX`` mean English)."""
    out: list[str] = []
    for name in LANGUAGE_VARIABLES:
        value = environ.get(name, "")
        for code in value.split(":"):
            code = code.split(".")[0].split("@")[0]
            if code in ("C", "POSIX"):
                code = catalogs.SOURCE
            if code:
                out.append(code)
        if out:
            return out
    return out


def language(environ: Mapping[str, str] | None = None) -> str:
    """The command line's language: the first the environment asks for that a catalog has."""
    found = wanted(os.environ if environ is None else environ)
    return catalogs.best_language(found, catalogs.languages(resources_dir())) if found else "en"


def speak(environ: Mapping[str, str] | None = None) -> str:
    """Word the command line (ours and argparse's frame) in its language; returns the code."""
    code = language(environ)
    i18n.use(catalogs.load(resources_dir(), code), code)
    argparse._ = _argparse_words(argparse._)  # type: ignore[attr-defined]
    return code


def _argparse_words(english: Callable[[str], str]) -> Callable[[str], str]:
    base = getattr(english, "__wrapped__", english)

    def worded(text: str) -> str:
        return tr(text) if text in ARGPARSE_WORDS else base(text)

    worded.__wrapped__ = base  # type: ignore[attr-defined]
    return worded
