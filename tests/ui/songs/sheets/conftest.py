"""Fixtures for the sheets' UI tests: a seeded campaign in a real main window with the sheets."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.session import Session
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import features
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from saga_desktop.ui.songs.sheets import SheetsFeature, install_sheets


class StepClock:
    """One second later at every reading, so journal times are reproducible."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def seeded_session(seed: int = 11) -> Session:
    """A fresh campaign whose generator starts from ``seed``."""
    return Session(new_campaign("Sheet saga", rng=random.Random(seed)), clock=StepClock())


WindowMaker = Callable[[Session], tuple[MainWindow, SheetsFeature]]


@pytest.fixture(autouse=True)
def _discard_on_close(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows closed by a test or at teardown must not stop on the unsaved-changes question."""
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


@pytest.fixture(autouse=True)
def _only_the_sheets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real main window, without the other features: these tests are about the sheets."""
    monkeypatch.setattr(features, "install_features", lambda _window: None)


@pytest.fixture
def make_window(qtbot: QtBot) -> WindowMaker:
    """Build a shown main window over a session, with the sheets installed."""

    def make(session: Session) -> tuple[MainWindow, SheetsFeature]:
        bridge = SessionBridge(session)
        doc = CampaignDocument(
            bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir())
        )
        window = MainWindow(doc, QSettings())
        qtbot.addWidget(window)
        feature = install_sheets(window, bridge)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        return window, feature

    return make


@pytest.fixture
def table_session() -> Session:
    return seeded_session()


@pytest.fixture
def sheets(make_window: WindowMaker, table_session: Session) -> SheetsFeature:
    """The sheets feature in a shown main window over a fresh seeded campaign."""
    return make_window(table_session)[1]
