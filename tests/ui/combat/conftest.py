"""Fixtures for the combat panel: a seeded party of two against wolves and a draugr."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.combat import CombatFeature, install_combat
from tests.model.fight import fight_session


@pytest.fixture
def session() -> Session:
    return fight_session()


@pytest.fixture
def bridge(session: Session) -> SessionBridge:
    return SessionBridge(session)


@pytest.fixture
def combat(qtbot: QtBot, bridge: SessionBridge) -> CombatFeature:
    """A shown window with the Combat dock installed."""
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_combat(window, bridge)
    window.resize(560, 1200)
    window.show()
    qtbot.waitExposed(window)
    return feature


def settle_events() -> None:
    """Let deferred deletions and layouts happen (before a screenshot)."""
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
