"""What happens at the table is spoken: one announcer in every window, in the journal's words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui import announce as announce_module
from saga_desktop.ui.announce import Announcement
from saga_desktop.ui.announcer import SETTING, Announcer
from tests.ui.test_main_window import make_window


@pytest.fixture
def heard() -> Iterator[list[Announcement]]:
    said: list[Announcement] = []
    announce_module.listeners.append(said.append)
    yield said
    announce_module.listeners.remove(said.append)


def test_a_roll_is_announced_in_the_journals_words(qtbot: QtBot, heard: list[Announcement]) -> None:
    session = build_sample()
    window = make_window(qtbot, session)
    window.show()
    qtbot.waitExposed(window)
    roll = window.findChild(QPushButton, "roll-button")
    assert roll is not None and roll.isEnabled()
    before = len(session.campaign.journal)
    heard.clear()
    qtbot.mouseClick(roll, Qt.MouseButton.LeftButton)
    new = session.campaign.journal[before:]
    assert new, "the roll wrote its line"
    spoken = [a for a in heard if a.source is window]
    assert len(spoken) == 1, [a.text for a in heard]
    assert new[-1].text in spoken[0].text
    assert not spoken[0].assertive


def test_the_setting_quiets_it_and_is_remembered(qtbot: QtBot, heard: list[Announcement]) -> None:
    session = build_sample()
    window = make_window(qtbot, session)
    announcer = window.findChild(Announcer, "announcer")
    assert announcer is not None
    menu = announcer.menu
    assert menu in [a.menu() for a in window.view_menu.actions() if a.menu()]
    announcer.actions["off"].trigger()
    assert QSettings().value(SETTING) == "off"
    roll = window.findChild(QPushButton, "roll-button")
    assert roll is not None
    heard.clear()
    roll.click()
    assert not [a for a in heard if a.source is window]
    announcer.actions["everything"].trigger()
    assert QSettings().value(SETTING) == "everything"


def test_help_has_the_keyboard_and_screen_reader_page(qtbot: QtBot) -> None:
    from PySide6.QtGui import QAction

    window = make_window(qtbot, build_sample())
    act = window.findChild(QAction, "help_access")
    assert act is not None and act in window.help_menu.actions()
    act.trigger()
    page = window.show_help()
    assert page.topics.currentItem().text() == "Playing with a screen reader or the keyboard"
    text = page.page.toPlainText()
    for words in ("Up / Down", "Enter or Space on a card", "Spoken announcements", "face down"):
        assert words in text, words
    page.close()


def test_ctrl_shift_t_puts_the_keyboard_on_the_card_table(
    qtbot: QtBot, heard: list[Announcement]
) -> None:
    window = make_window(qtbot, build_sample())
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    table = window.card_table
    assert table is not None
    go = table.actions["focus"]
    assert go in window.view_menu.actions()
    assert go.shortcut().toString() == "Ctrl+Shift+C"
    go.trigger()
    qtbot.waitUntil(table.view.hasFocus)
    assert heard[-1].text.startswith("Draw pile: ")
