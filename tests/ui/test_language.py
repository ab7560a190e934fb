"""The app's language: the system's or the chosen one, Qt's own words, View › Language."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import tr
from saga_desktop.resources import resource
from saga_desktop.ui import language
from saga_desktop.ui.help import help_topics, in_language
from tests.ui.test_window_sizes import window_for


@pytest.fixture
def french(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv(language.ENVIRONMENT, "fr")
    app = qapp
    code = language.install_language(app, QSettings())
    yield code
    monkeypatch.setenv(language.ENVIRONMENT, "en")
    language.install_language(app, QSettings())


def test_french_is_offered_and_installed_with_qts_own_words(french: str) -> None:
    assert "fr" in language.offered()
    assert french == "fr" and i18n.language() == "fr"
    assert tr("Later") == "Plus tard"
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
    )
    assert sorted(b.text() for b in buttons.buttons()) == ["Annuler", "Enregistrer"]
    assert i18n.number(1234567) == "1\u202f234\u202f567"
    assert i18n.percent(0.255, 1) == "25,5\u202f%"


def test_the_setting_beats_the_system_and_a_vanished_language_follows_the_system(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(language.ENVIRONMENT)
    settings = QSettings()
    monkeypatch.setattr(QLocale, "system", lambda: QLocale("fr_FR"))
    assert language.chosen(settings) == "fr"
    settings.setValue(language.SETTING, "en")
    assert language.chosen(settings) == "en"
    settings.setValue(language.SETTING, "xx")  # a catalog since removed
    assert language.chosen(settings) == "fr"


def test_view_language_lists_the_catalogs_and_offers_to_start_again(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(language.ENVIRONMENT)
    monkeypatch.setattr(QLocale, "system", lambda: QLocale("en_GB"))
    window = window_for(qtbot, "songs-and-sagas")
    menu = window.language_menu
    titles = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert titles[0].startswith("Follow the system (")
    assert "English" in titles and "Français" in titles
    assert menu.by_code[""].isChecked()
    asked: list[str] = []

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        return 0  # Later

    monkeypatch.setattr(QMessageBox, "exec", answer)
    restarted: list[object] = []
    monkeypatch.setattr(language, "restart", lambda w: restarted.append(w))
    menu.by_code["fr"].trigger()
    assert window.settings.value(language.SETTING) == "fr"
    assert asked == ["Saga Desktop speaks Français from its next start. Start it again now?"]
    assert restarted == []  # Later: nothing restarts
    assert i18n.language() == "en"  # takes effect at the next start


def test_start_again_reopens_the_campaign_the_same_way(monkeypatch: pytest.MonkeyPatch) -> None:
    program, args = language.restart_command(Path("saga.saga"))
    assert program == sys.executable and args == ["-m", "saga_desktop", "saga.saga"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert language.restart_command(None) == (sys.executable, [])


def test_help_pages_come_in_the_apps_language(french: str) -> None:
    folder = resource("help")
    english = folder / "table-talk.md"
    assert in_language(folder, english) == folder / "fr" / "table-talk.md"
    titles = [title for title, _path in help_topics()]
    assert any(title.startswith("Discussion") for title in titles), titles  # the French title
    assert in_language(folder, english, "en") == english
    assert in_language(folder, folder / "no-such-page.md") == folder / "no-such-page.md"
