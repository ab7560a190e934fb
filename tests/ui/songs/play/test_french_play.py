"""The Roll dock, its odds and the Play menu in French; the numbers keep their French form."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QLabel, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.language import LocaleFormatter
from tests.ui.test_window_sizes import window_for

ENGLISH = {
    "Character", "Attribute", "Trial roll", "Fate roll", "From the map", "Risk", "Burn",
    "Other", "Dice", "Roll", "Call the Gods", "Aid an Ally", "Add", "Real dice: d20 shows",
}  # fmt: skip


def test_the_roll_dock_and_the_play_menu_speak_french(qtbot: QtBot) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    i18n.set_formatter(LocaleFormatter(QLocale("fr")))  # as the app does for a French table
    window = window_for(qtbot, "songs-and-sagas", (1366, 768))
    dock = window.findChild(QDockWidget, "roll-panel")
    assert dock is not None and dock.windowTitle() == "Jet"
    dock.show()
    dock.raise_()
    qtbot.wait(50)
    shown = {w.text() for w in dock.findChildren(QLabel) if w.isVisible()}
    shown |= {b.text() for b in dock.findChildren(QAbstractButton) if b.isVisible()}
    assert {"Personnage", "Attribut", "Jet d’épreuve", "Lancer"} <= shown
    assert not shown & ENGLISH, shown & ENGLISH
    headline = dock.findChild(QLabel, "odds-headline")
    assert headline is not None and headline.text().startswith("Réussite ")
    assert headline.text().endswith("\u00a0%") or headline.text().endswith("\u202f%")  # 57,5 %
    assert "," in headline.text() or headline.text()[-3:-2].isdigit()
    play = [m for m in window.findChildren(QMenu) if m.title() == "&Jeu"]
    assert play, [m.title() for m in window.findChildren(QMenu)]
    entries = {a.text() for a in play[0].actions()}
    assert "&Jet d’épreuve ou du destin…" in entries and "Interroger l’&oracle…" in entries
