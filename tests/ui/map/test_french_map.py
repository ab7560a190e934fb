"""The Map menu, the Regions dock and its note pane in French (issue 33).

Switched in-process (the conftest puts English back after each test). The check that no shown
text equals its English msgid fails if the wrapping of these files is undone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.map.regions_dock import RegionsDock
from saga_desktop.ui.map.theme import risk_words
from saga_desktop.ui.map.tokens import numbered_name
from tests.ui.test_window_sizes import window_for

SAME_IN_FRENCH = {"Terrain"}


def english_words() -> set[str]:
    """The one-line msgids of the part ``ui.map``."""
    pot = resources_dir() / "i18n" / "templates" / "ui.map.pot"
    found = re.findall(r'^msgid "(.+)"$', pot.read_text("utf-8"), flags=re.MULTILINE)
    return set(found) - SAME_IN_FRENCH


@pytest.fixture
def french() -> Iterator[None]:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    yield


def test_the_map_menu_and_regions_dock_are_french(qtbot: QtBot, french: None) -> None:
    window = window_for(qtbot, "songs-and-sagas")
    english = english_words()
    menu = window.menu("&Map")
    assert menu.title() == "Ca&rte"
    entries = [a.text() for a in menu.actions() if a.text()]
    assert "&Modifier la région…" in entries and "&Thème" in entries
    assert [e for e in entries if e in english] == []
    dock = window.findChild(RegionsDock)
    assert dock is not None and dock.windowTitle() == "Régions"
    headers = dock.table.model()
    titles = [
        headers.headerData(c, Qt.Orientation.Horizontal) for c in range(headers.columnCount())
    ]
    assert titles[:3] == ["N°", "Titre", "Risque"]
    shown = [dock.windowTitle(), *titles]
    shown += [w.text() for w in dock.findChildren(QLabel) + dock.findChildren(QAbstractButton)]
    shown += [w.placeholderText() for w in dock.findChildren(QLineEdit)]
    assert [w for w in shown if w and w in english] == []
    assert risk_words(3) == "élevé"
    assert numbered_name("enemy", 1) == "Ennemi 1"


def test_a_risk_card_is_said_in_french(french: None) -> None:
    from saga_desktop.ui.map.cursor import card_spoken

    assert card_spoken("QS") == "dame de pique ♠"
    assert card_spoken("10H") == "10 de cœur ♥"
