"""Resonance's Check dock and Play menu in French; a check's odds and result read in French."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QLabel, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.language import LocaleFormatter
from tests.ui.test_window_sizes import window_for

ENGLISH = {"Draw", "Cancel check", "Moderate 10", "Extended check", "Single check…"}


def test_the_check_dock_and_the_play_menu_speak_french(qtbot: QtBot) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    i18n.set_formatter(LocaleFormatter(QLocale("fr")))
    window = window_for(qtbot, "resonance", (1366, 768))
    dock = window.findChild(QDockWidget, "resonance-check")
    assert dock is not None and dock.windowTitle() == "Test"
    dock.show()
    dock.raise_()
    qtbot.wait(50)
    shown = {w.text() for w in dock.findChildren(QLabel) if w.isVisible()}
    shown |= {b.text() for b in dock.findChildren(QAbstractButton) if b.isVisible()}
    assert {"Tirer", "Moyen 10"} <= shown, shown
    assert not shown & ENGLISH, shown & ENGLISH
    odds = dock.findChild(QLabel, "odds")
    assert odds is not None and odds.text().startswith("Tire ") and "réussite" in odds.text()
    play = [m for m in window.findChildren(QMenu) if m.title() == "&Jeu"]
    assert play
    entries = {a.text() for a in play[0].actions()}
    assert {"Test simple…", "Test en opposition…", "Panneau de &test"} <= entries
