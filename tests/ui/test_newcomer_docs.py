"""Every menu path the README and the help pages name is a real menu entry, and so are pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.ui import files as files_module
from saga_desktop.ui.help import help_topics
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from tests.ui.test_main_window import make_window

ROOT = Path(__file__).resolve().parents[2]
HELP = ROOT / "resources" / "help"
# The French pages (help/fr/) name the French menus, which the English window does not have.
DOCS = [
    ROOT / "README.md",
    *sorted(p for p in HELP.rglob("*.md") if "fr" not in p.relative_to(HELP).parts[:1]),
]
PATH = re.compile(r"\*{1,2}([^*\n]+?(?: (?:›|>) [^*\n]+?)+)\*{1,2}")


def words(text: str) -> str:
    return text.replace("&", "").rstrip("…").rstrip(".").strip()


def menu_paths(window: MainWindow) -> set[tuple[str, ...]]:
    """Every path from the menu bar to an entry that does something (not to a submenu)."""
    found: set[tuple[str, ...]] = set()

    def walk(menu: QMenu, prefix: tuple[str, ...]) -> None:
        menu.aboutToShow.emit()  # menus filled on demand
        for action in menu.actions():
            if action.isSeparator():
                continue
            path = (*prefix, words(action.text()))
            if action.menu() is not None:
                walk(action.menu(), path)
            else:
                found.add(path)

    for action in window.menuBar().actions():
        walk(action.menu(), (words(action.text()),))
    return found


def named_paths() -> list[tuple[str, tuple[str, ...]]]:
    out = []
    for doc in DOCS:
        for match in PATH.finditer(doc.read_text(encoding="utf-8")):
            parts = tuple(words(p) for p in re.split(r" (?:›|>) ", match.group(1)))
            out.append((doc.name, parts))
    return out


@pytest.fixture(autouse=True)
def _discard_on_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def test_every_menu_path_the_docs_name_exists(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    menus = menu_paths(window)
    names = {part for path in menus for part in path}
    checked = [(doc, p) for doc, p in named_paths() if p[0] in names]
    assert len(checked) >= 8, "the docs name the app's menus"
    missing = [f"{doc}: {' › '.join(p)}" for doc, p in checked if p not in menus]
    assert missing == [], "a path names the menu bar's menu, then each entry down to an action"


def test_the_help_pages_the_readme_names_exist() -> None:
    titles = {title for title, _page in help_topics()}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pages = re.findall(r"the page \*([^*]+)\*", " ".join(readme.split()))
    assert pages, "the README names the rulings page"
    for page in pages:
        assert page in titles
