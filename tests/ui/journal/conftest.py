"""Fixtures for the journal: the seeded fight of the combat tests, and a window with the dock."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.journal import JournalFeature, install_journal
from tests.ui.fight_fixtures import bridge, session, settle_events

__all__ = ["bridge", "session", "settle_events"]


@pytest.fixture
def journal(qtbot: QtBot, bridge: SessionBridge) -> JournalFeature:
    """A shown window with the Journal dock installed."""
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_journal(window, bridge)
    window.resize(520, 900)
    window.show()
    qtbot.waitExposed(window)
    return feature
