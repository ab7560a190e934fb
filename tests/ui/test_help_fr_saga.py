"""The French help pages of Songs & Sagas, the welcome page and the files page (issue 33).

Each English page has its French twin under ``resources/help/fr/`` at the same path, with the
same shape: as many headings, list items and table rows, a ``# Title`` first line, and French
spacing before the high punctuation (a no-break space, never a plain one).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QTextDocument, QTextTable

HELP = Path(__file__).resolve().parents[2] / "resources" / "help"
PAGES = [
    "songs-and-sagas/playing.md",
    "songs-and-sagas/rulings.md",
    "welcome.md",
    "files.md",
]


def shape(text: str) -> dict[str, list[int]]:
    """The page as Qt renders it for the help window: heading levels, list items, table rows."""
    document = QTextDocument()
    document.setMarkdown(text)
    headings, items, rows = [], [], []
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel():
            headings.append(block.blockFormat().headingLevel())
        if block.textList() is not None:
            items.append(block.textList().format().indent())
        block = block.next()
    for frame in document.rootFrame().childFrames():
        if isinstance(frame, QTextTable):
            rows.append(frame.rows())
            rows.append(frame.columns())
    return {"headings": headings, "list items": items, "table rows and columns": rows}


@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_its_french_twin_of_the_same_shape(page: str, qapp: object) -> None:
    english = (HELP / page).read_text("utf-8")
    french_path = HELP / "fr" / page
    assert french_path.is_file(), f"no French page for {page}"
    french = french_path.read_text("utf-8")
    assert french.startswith("# ") and french.splitlines()[0] != english.splitlines()[0]
    assert shape(french) == shape(english)


@pytest.mark.parametrize("page", PAGES)
def test_french_spacing_before_high_punctuation(page: str) -> None:
    french = (HELP / "fr" / page).read_text("utf-8")
    outside_code = re.sub(r"`[^`]*`", "", french)  # a code span may run over a line break
    assert re.findall(r".{0,20} [:;!?»]", outside_code) == [], "a plain space before : ; ! ? »"
    assert re.findall(r"« .{0,20}", outside_code) == [], "a plain space after «"
    glued = r".{0,20}[^\s\u00a0\u202f|](?:[;!?]|:(?=\s))"
    assert re.findall(glued, outside_code) == [], "no space at all before : ; ! ?"


def numbers(text: str) -> list[str]:
    """Every number of a page; French grouping (2 000, 1,5) reads as English (2,000, 1.5)."""
    text = re.sub(r"(\d)[\u00a0\u202f,](\d{3})\b", r"\1\2", text)
    return sorted(re.findall(r"\d+", text.replace("1.5", "1,5")))


@pytest.mark.parametrize("page", PAGES)
def test_every_number_and_option_name_is_kept(page: str) -> None:
    english = (HELP / page).read_text("utf-8")
    french = (HELP / "fr" / page).read_text("utf-8")
    assert numbers(french) == numbers(english)
    assert code_spans(french) == code_spans(english)


def code_spans(text: str) -> list[str]:
    """The page's `code` (option keys, file names, commands), however the lines are wrapped."""
    return sorted(re.sub(r"\s+", " ", span) for span in re.findall(r"`[^`]+`", text))


@pytest.mark.parametrize("page", PAGES)
def test_keys_are_named_as_a_french_keyboard_names_them(page: str) -> None:
    french = (HELP / "fr" / page).read_text("utf-8")
    for english_key in ("Shift", "Enter", "Esc", "Page Up", "Page Down", "Home", "Space"):
        assert not re.search(rf"\b{english_key}\b", french), english_key


@pytest.mark.parametrize("page", PAGES)
def test_the_help_window_shows_the_french_page_in_french(page: str) -> None:
    """The English index lists the pages; each is swapped for its twin, so no French index."""
    from saga_desktop.ui.help import in_language

    assert in_language(HELP, HELP / page, "fr") == HELP / "fr" / page
    assert in_language(HELP, HELP / page, "en") == HELP / page
