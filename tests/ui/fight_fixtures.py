"""Fixtures shared by the combat and journal dock tests: the seeded fight and its bridge."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from tests.model.songs.fight import fight_session


@pytest.fixture
def session() -> Session:
    return fight_session()


@pytest.fixture
def bridge(session: Session) -> SessionBridge:
    return SessionBridge(session)


def settle_events() -> None:
    """Let deferred deletions and layouts happen (before a screenshot)."""
    for _ in range(3):
        QApplication.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
