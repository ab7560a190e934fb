"""User text is shown as plain text everywhere: names and notes full of markup stay markup."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import Qt  # QtGui's Qt namespace adds mightBeRichText
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import ChartRegion, MoveParty
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button

MARKUP = "<b>Bold</b><img src=x>"


@pytest.fixture(autouse=True)
def _no_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def _widgets(root: QWidget) -> list[QWidget]:
    return [root, *root.findChildren(QWidget)]


def test_markup_in_user_text_is_never_rendered(qtbot: QtBot) -> None:
    session = build_sample()
    cid = session.campaign.characters[0].id
    session.apply(EditCharacter(cid, name=f"Astrid {MARKUP}", notes=f"notes {MARKUP}"))
    session.apply(ChartRegion(9, 9, title=f"Tower {MARKUP}", notes=f"note {MARKUP}"))
    session.apply(MoveParty(9, 9))
    session.apply(AddNote(f"journal {MARKUP}"))
    bridge = SessionBridge(session)
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir())
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    window.show()
    assert window.player_feature is not None
    window.player_feature.open_action.setChecked(True)
    QApplication.processEvents()
    roots: list[QWidget] = [window]
    if window.player_feature.player is not None:
        roots.append(window.player_feature.player)
    checked = 0
    for root in roots:
        for widget in _widgets(root):
            if isinstance(widget, QLabel) and "<b>Bold</b>" in widget.text():
                checked += 1
                assert widget.textFormat() == Qt.TextFormat.PlainText, (
                    f"{widget.objectName() or type(widget).__name__} would render {widget.text()!r}"
                )
            tip = widget.toolTip()
            if "<b>Bold</b>" in tip:
                assert not Qt.mightBeRichText(tip), f"tooltip renders markup: {tip!r}"
    print(f"labels with user markup checked: {checked}")
    assert checked >= 3, "the test must really meet the user's text on screen"
