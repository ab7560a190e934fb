"""Opening another campaign in the real window frees the old one and sets the new one aside."""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from saga_desktop import startup
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button


@pytest.fixture
def collector(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
    monkeypatch.setattr(startup, "REFREEZE_AFTER_MS", 50)
    was = gc.isenabled()
    yield
    gc.unfreeze()
    startup._held = startup._frozen = startup._refreeze_pending = False
    if was:
        gc.enable()


@pytest.mark.usefixtures("collector")
def test_the_old_campaign_goes_and_the_new_one_is_frozen(qtbot: QtBot) -> None:
    gc.enable()
    startup.hold_collector()
    session = Session(sample_campaign())
    doc = CampaignDocument(
        SessionBridge(session),
        BackupStore(paths.backups_dir()),
        RecoveryStore(paths.recovery_dir()),
        None,
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    startup.settle_collector()
    old = weakref.ref(session.campaign)
    del session
    new = Session(new_campaign("Another saga", rng=random.Random(3)))
    doc.replace(new, None)
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0, timeout=3000)
    assert old() is None
    assert not any(o is new.campaign for o in gc.get_objects())
