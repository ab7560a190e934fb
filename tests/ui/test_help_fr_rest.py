"""The French help pages of Resonance, the dice pool, table talk and the keyboard (issue 33).

Each English page has its French twin under ``resources/help/fr/`` at the same path, with the
same shape: as many headings, list items and table rows, a ``# Title`` first line, and French
spacing before the high punctuation (a no-break space, never a plain one).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HELP = Path(__file__).resolve().parents[2] / "resources" / "help"
PAGES = [
    "resonance/playing.md",
    "resonance/rulings.md",
    "dice-pool/playing.md",
    "dice-pool/rules.md",
    "table-talk.md",
    "keyboard-and-screen-readers.md",
    "map-keyboard.md",
]
HEADING = re.compile(r"^#{1,6} \S")
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.) \S")
TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")


def shape(text: str) -> dict[str, list[str]]:
    """The Markdown skeleton of a page: its heading levels, list markers and table rows' cells."""
    lines = text.splitlines()
    return {
        "headings": [line.split(" ")[0] for line in lines if HEADING.match(line)],
        "list items": [re.sub(r"\d+", "1", line.split()[0]) for line in lines if LIST_ITEM.match(line)],
        "table rows": [str(line.count("|")) for line in lines if TABLE_ROW.match(line)],
    }


@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_its_french_twin_of_the_same_shape(page: str) -> None:
    english = (HELP / page).read_text("utf-8")
    french_path = HELP / "fr" / page
    assert french_path.is_file(), f"no French page for {page}"
    french = french_path.read_text("utf-8")
    assert french.startswith("# ") and french.splitlines()[0] != english.splitlines()[0]
    assert shape(french) == shape(english)


@pytest.mark.parametrize("page", PAGES)
def test_french_spacing_before_high_punctuation(page: str) -> None:
    french = (HELP / "fr" / page).read_text("utf-8")
    outside_code = re.sub(r"`[^`\n]*`", "", french)
    assert re.findall(r".{0,20} [:;!?»]", outside_code) == [], "a plain space before : ; ! ? »"
    assert re.findall(r"« .{0,20}", outside_code) == [], "a plain space after «"
    glued = r".{0,20}[^\s\u00a0\u202f|](?:[;!?]|:(?=\s))"
    assert re.findall(glued, outside_code) == [], "no space at all before : ; ! ?"
