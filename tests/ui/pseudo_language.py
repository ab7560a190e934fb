"""A pseudo-language built from the catalog's templates, and a walk that finds plain English.

Every string in the templates becomes itself with each letter accented and 40% longer
("Roll the die" → "Ŕóĺĺ ťĥé đíé ~~~~~"), placeholders (``{name}``), markup and ``&`` mnemonics
kept. A window built under it shows no plain ASCII word except what a player typed (the
campaign's names and notes), numbers, key names and the product's own names: any other word
is a string that never went through the translation call. French runs about a fifth longer than
English, so the pseudo-language, longer still, also finds text that would be cut.
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QWidget,
)

from saga_desktop.i18n import catalogs
from saga_desktop.i18n.compiling import ids, read_catalog

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀçđéƒğĥíĵķĺḿñóṕʠŕšťúṽŵẋýžÁƁÇĐÉƑĞĤÍĴĶĹḾÑÓṔɊŔŠŤÚṼŴẊÝŽ"
_TABLE = str.maketrans(_PLAIN, _ACCENTED)
_KEEP = re.compile(r"(\{[A-Za-z_][A-Za-z0-9_]*\}|<[^>]*>|&[a-z]+;|&&|&(?=\w))")


def pseudo(text: str) -> str:
    """``text`` accented and lengthened by 40%, its placeholders and markup untouched."""
    pieces = _KEEP.split(text)
    out = "".join(p if i % 2 else p.translate(_TABLE) for i, p in enumerate(pieces))
    pad = max(1, round(len(text) * 0.4))
    return f"{out} {'~' * pad}" if text.strip() else out


class PseudoTranslations(gettext.NullTranslations):
    """Each string of the templates in the pseudo-language; anything else as it came."""

    def __init__(self, words: dict[tuple[str | None, str], tuple[str, ...]]) -> None:
        super().__init__()
        self.words = words

    def _find(self, context: str | None, message: str, n: int | None) -> str | None:
        forms = self.words.get((context, message))
        if forms is None:
            return None
        if len(forms) == 1 or n is None:
            return forms[0]
        return forms[0] if n == 1 else forms[1]

    def gettext(self, message: str) -> str:
        return self._find(None, message, None) or message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = self._find(None, msgid1, n)
        return found if found is not None else (msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self._find(context, message, None) or message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        found = self._find(context, msgid1, n)
        return found if found is not None else (msgid1 if n == 1 else msgid2)


def pseudo_catalog(resources: Path) -> PseudoTranslations:
    """The pseudo-language of every template in ``resources/i18n/templates``."""
    words: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for path in sorted((catalogs.catalog_dir(resources) / "templates").glob("*.pot")):
        for message in read_catalog(path):
            if message.id:
                forms = ids(message)
                words[(message.context, forms[0])] = tuple(pseudo(f) for f in forms)
    return PseudoTranslations(words)


ALLOWED = {
    # the product's and the games' own names, key names Qt words, units
    "Saga",
    "Desktop",
    "Songs",
    "Sagas",
    "Vanori",
    "Ctrl",
    "Shift",
    "Alt",
    "Esc",
    "Tab",
    "PgUp",
    "PgDown",
    "Del",
    "Ins",
    "Home",
    "End",
    "Space",
    "Enter",
    "Return",
    "Backspace",
    "Up",
    "Down",
    "Left",
    "Right",
    "Meta",
    "MJ",
    "GM",
    "OK",
    "px",
    "ms",
    "saga",
}
QT_OWN = {"ScrollLeftButton", "ScrollRightButton"}
"""Qt's own widgets without a ``qt_`` name (a tab bar's scroll arrows)."""
_WORD = re.compile(r"[A-Za-z]{2,}")


def user_words(values: Iterable[object]) -> set[str]:
    """Every string in ``values`` (a campaign dumped to plain data): what players typed."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    for value in values:
        walk(value)
    return {s for s in found if s.strip()}


def english_in(text: str, typed: set[str]) -> list[str]:
    """Plain ASCII words in ``text`` once what players typed and known names are taken out.

    A word of what players typed counts as theirs anywhere (a long title cut short with "…"
    still shows their words).
    """
    for value in sorted(typed, key=len, reverse=True):
        if len(value) >= 2 and value in text:
            text = text.replace(value, " ")
    theirs = _typed_words(frozenset(typed))
    for cut in re.findall(r"([A-Za-z]+)…", text):  # a typed word cut short
        if any(w.startswith(cut) for w in theirs):
            text = text.replace(f"{cut}…", " ")
    return [
        w
        for w in _WORD.findall(text)
        if w not in ALLOWED and w not in theirs and not re.fullmatch(r"F\d+", w)
    ]


@functools.cache
def _typed_words(typed: frozenset[str]) -> frozenset[str]:
    return frozenset(w for value in typed for w in _WORD.findall(value))


def texts_of(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(what, text) for every word ``widget`` shows or gives a screen reader."""
    if isinstance(widget, (QLabel, QAbstractButton)):
        yield "text", widget.text()
    elif isinstance(widget, QGroupBox):
        yield "title", widget.title()
    elif isinstance(widget, QLineEdit):
        yield "placeholder", widget.placeholderText()
    elif isinstance(widget, QComboBox):
        for i in range(widget.count()):
            yield f"item {i}", widget.itemText(i)
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            yield f"tab {i}", widget.tabText(i)
    if widget.isWindow() or widget.windowTitle():
        yield "window title", widget.windowTitle()
    yield "tooltip", widget.toolTip()
    yield "accessible name", widget.accessibleName()
    yield "accessible description", widget.accessibleDescription()


def menu_texts(menu: QMenu) -> Iterator[tuple[str, str]]:
    """Every entry of ``menu`` and its submenus: text, tooltip and status tip."""
    yield "menu title", menu.title()
    for action in menu.actions():
        if action.isSeparator():
            continue
        yield "entry", action.text()
        if action.statusTip():
            yield "status tip", action.statusTip()
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from menu_texts(sub)


def untranslated(
    widgets: Iterable[QWidget], typed: set[str], extra: Iterable[tuple[str, str]] = ()
) -> list[str]:
    """Each shown text with a plain English word, as "where: what: text"."""
    found = []
    seen: set[str] = set()

    def check(where: str, what: str, text: str) -> None:
        text = re.sub(r"<[^>]*>|&[a-z]+;", " ", text)  # markup is not words
        text = text.replace("&&", "&").replace("&", "")
        words = english_in(text, typed) if text.strip() else []
        key = f"{where}|{what}|{text}"
        if words and key not in seen:
            seen.add(key)
            found.append(f"{where}: {what}: {text!r} ({' '.join(words[:4])})")

    for widget in widgets:
        if widget.objectName().startswith("qt_") or widget.objectName() in QT_OWN:
            continue  # Qt's own parts (a dock's Float and Close): Qt's catalogs word them
        where = widget.objectName() or type(widget).__name__
        for what, text in texts_of(widget):
            check(where, what, text)
    for what, text in extra:
        check("menu", what, text)
    return found
