"""Reading the translators' ``.po`` files and compiling a language's parts into one ``.mo``.

Development only: it uses Babel (a development dependency). The installed app reads the
compiled catalogs with the standard library's ``gettext``.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
"""A ``{name}`` a value fills in (``{{`` is a literal brace)."""


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """One ``.po`` or ``.pot`` file; a damaged file raises ValueError naming it."""
    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=locale, abort_invalid=True)
    except Exception as exc:  # babel raises its own PoFileError and others
        if isinstance(exc, OSError):
            raise
        raise ValueError(f"{path.name}: {exc}") from exc


def ids(message: Message) -> tuple[str, ...]:
    """The English forms of a message (one, or singular and plural)."""
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def strings(message: Message) -> tuple[str, ...]:
    """The translated forms of a message ("" where not translated)."""
    if isinstance(message.string, (list, tuple)):
        return tuple(s or "" for s in message.string)
    return (message.string or "",)


def finished(message: Message) -> bool:
    """True if every form is translated and the entry is not marked fuzzy."""
    return not message.fuzzy and all(strings(message))


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders in ``text``."""
    return set(PLACEHOLDER.findall(text))


def compile_language(resources: Path, code: str) -> bytes:
    """Every part of ``code`` merged into one ``.mo`` (unfinished entries left out: English)."""
    merged = Catalog(domain="saga-desktop")
    folder = resources / "i18n" / code  # catalogs.catalog_dir: it imports this lazily
    for number, path in enumerate(sorted(folder.glob("*.po"))):
        part = read_catalog(path)
        if number == 0:  # the language, its plural rule and charset come with the files
            merged.mime_headers = part.mime_headers
        for message in part:
            if not message.id or not finished(message):
                continue
            if merged.get(message.id, message.context) is not None:
                continue  # the same words in two parts: the first part's translation
            merged.add(message.id, message.string, context=message.context)
    out = io.BytesIO()
    write_mo(out, merged, use_fuzzy=False)
    return out.getvalue()
