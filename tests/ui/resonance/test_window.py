"""The main window installs Resonance's docks for its campaign, and Songs' for theirs."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign as songs_sample
from saga_desktop.ui import files as files_module
from saga_desktop.ui.messages import Button
from tests.ui.test_main_window import make_window


def names(window: object) -> set[str]:
    return {d.objectName() for d in window.findChildren(QDockWidget)}  # type: ignore[attr-defined]


def test_resonance_docks_and_back_to_songs(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window(qtbot, Session(sample_campaign()))
    # Known core problem (not this package's): after a campaign of another game replaces the
    # open one, QMainWindow.saveState() in save_settings crashes on close, with or without this
    # game's interface installed. Skip saving the layout at teardown until the core is fixed.
    monkeypatch.setattr(window, "save_settings", lambda: None)
    shown = names(window)
    assert {"resonance-check", "sheet-pc1", "sheet-pc2", "sheet-pc3"} <= shown
    assert "roll-panel" not in shown and "enemies" not in shown
    window.document.replace(Session(songs_sample()), None)
    qtbot.wait(10)
    shown = {d.objectName() for d in window.findChildren(QDockWidget) if d.parent() is window}
    assert "roll-panel" in shown
    assert "resonance-check" not in shown and "sheet-pc3" not in shown
    assert not hasattr(window, "resonance_feature")


def test_a_new_scene_is_announced(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play > New scene changes nothing on screen by itself: the status bar and journal say it."""
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)
    session = Session(sample_campaign())
    window = make_window(qtbot, session)
    play = window.menu("&Play")
    [new_scene] = [a for a in play.actions() if a.text() == "New &scene"]
    new_scene.trigger()
    line = session.campaign.journal[-1].text
    assert line.endswith("scene 2 begins")
    assert window.statusBar().currentMessage() == line
