"""The dice pool's Check dock in French: labels, the pool in the game's French words, the odds."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QAbstractButton, QComboBox, QDockWidget, QGroupBox, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.language import LocaleFormatter
from tests.ui.test_window_sizes import window_for

ENGLISH = {"Roll", "Character", "Attribute", "Skill or vocation", "Challenge Level"}


def test_the_check_dock_speaks_french(qtbot: QtBot) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    i18n.set_formatter(LocaleFormatter(QLocale("fr")))
    window = window_for(qtbot, "dice-pool", (1366, 768))
    dock = window.findChild(QDockWidget, "dicepool-check")
    assert dock is not None and dock.windowTitle() == "Test"
    dock.show()
    dock.raise_()
    qtbot.wait(50)
    shown = {w.text() for w in dock.findChildren(QLabel) if w.isVisible()}
    shown |= {b.text() for b in dock.findChildren(QAbstractButton) if b.isVisible()}
    assert {"Personnage", "Attribut", "Niveau de défi", "Lancer"} <= shown, shown
    assert not shown & ENGLISH, shown & ENGLISH
    odds = dock.findChild(QLabel, "check-odds")
    assert odds is not None and odds.text().startswith("Réussite ") and "ND" in odds.text()
    attributes = [
        c for c in dock.findChildren(QComboBox) if c.findText("FOR") >= 0 or c.findText("STR") >= 0
    ]
    assert attributes and all(c.findText("STR") < 0 for c in attributes)
    sheet = next(d for d in window.findChildren(QDockWidget) if d.objectName().startswith("sheet-"))
    sheet.show()
    sheet.raise_()
    qtbot.wait(50)
    words = {w.text() for w in sheet.findChildren(QLabel)} | {
        b.title() for b in sheet.findChildren(QGroupBox)
    }
    assert {"Attributs", "Compétences", "Blessures"} <= words, words
    assert not words & {"Attributes", "Skills", "Injuries", "Weapons"}
