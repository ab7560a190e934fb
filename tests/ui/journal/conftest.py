"""Fixtures for the journal: the seeded fight of the combat tests, and a window with the dock."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.journal import JournalFeature, install_journal
from tests.model.fight import fight_session


@pytest.fixture
def session() -> Session:
    return fight_session()


@pytest.fixture
def bridge(session: Session) -> SessionBridge:
    return SessionBridge(session)


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


def settle_events() -> None:
    """Let deferred deletions and layouts happen (before a screenshot)."""
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
