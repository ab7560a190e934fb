"""Fixtures for the map's UI tests: a seeded session, its bridge and a window with the map."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QDialog, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.session import Session
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import MapFeature, install_map
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.map.theme import ThemeChoice


class StepClock:
    """One second later at every reading, so journal times are reproducible."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def seeded_session(seed: int = 7) -> Session:
    """A fresh campaign whose generator starts from ``seed``."""
    campaign = new_campaign("Test saga", rng=random.Random(seed))
    return Session(campaign, clock=StepClock())


@pytest.fixture
def session() -> Session:
    return seeded_session()


@pytest.fixture
def bridge(session: Session) -> SessionBridge:
    return SessionBridge(session)


@pytest.fixture
def user_tables(tmp_path: Path) -> Path:
    folder = tmp_path / "tables"
    folder.mkdir()
    return folder


@pytest.fixture
def feature(qtbot: QtBot, bridge: SessionBridge, user_tables: Path) -> MapFeature:
    """A shown main window with the map installed (paper theme, reduced motion)."""
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_map(window, bridge, user_tables_dir=user_tables)
    feature.set_theme(ThemeChoice.PAPER)
    feature.set_reduced_motion(True)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    return feature


def view_pos(feature: MapFeature, point: QPointF) -> QPoint:
    """The viewport position of a scene point."""
    return feature.view.mapFromScene(point)


def hex_pos(feature: MapFeature, h: Hex) -> QPoint:
    """The viewport position of a hex's centre."""
    return view_pos(feature, hex_centre(feature.view.map_scene.layout, h.q, h.r))


def answer_dialogs(feature: MapFeature, handler: Callable[[QDialog], None]) -> list[QDialog]:
    """Call ``handler`` for each dialog a flow opens (after it is shown); returns them all."""
    seen: list[QDialog] = []

    def opened(dialog: QDialog) -> None:
        seen.append(dialog)
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, lambda: handler(dialog))

    feature.flows.dialogOpened.connect(opened)
    return seen
