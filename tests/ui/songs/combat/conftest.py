"""Fixtures for the combat panel: a seeded party of two against wolves and a draugr."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.combat import CombatFeature, install_combat
from tests.ui.fight_fixtures import bridge, session, settle_events

__all__ = ["bridge", "session", "settle_events"]


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
