"""A roll the GM sends a player's seat comes out from behind the last roll's outcome.

Sam's Roll dock shows Astrid's settled roll (another player's, the GM rolled it); the GM sends
Ivar (Sam's) a Willpower trial: the dock comes forward with the new prompt picked and set up,
the status bar says it, a screen reader hears it (assertively), and the window asks for
attention. A player's outcome page offers *Done*, never *New roll* (a player starts no roll).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules import songs
from saga_desktop.ui import announce
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.songs.play.player_setup import PlayerSetup
from saga_desktop.ui.songs.play.roll_panel import RollPanel
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def test_a_prompt_comes_out_from_behind_the_last_outcome_picked_and_said(
    qtbot: QtBot, menu: SessionMenu, monkeypatch: pytest.MonkeyPatch
) -> None:
    sam = seat_window(qtbot, menu, "Sam")
    panel = sam.findChild(RollPanel)
    assert panel is not None
    dock = sam.findChild(QDockWidget, "roll-panel")
    assert dock is not None
    menu.bridge.apply(BeginTrial("pc1", songs.Attribute.HEART, 9))  # Astrid: Ren's
    qtbot.waitUntil(lambda: panel.showing_result and panel.result.roll is not None, timeout=WAIT)
    menu.bridge.apply(ResolveTrial())
    qtbot.waitUntil(lambda: not panel.result.outcome.isHidden(), timeout=WAIT)
    assert panel.result.new_roll.text() == "Done"  # never "New roll" at a player's seat
    assert panel.result.new_roll.isVisibleTo(panel)
    combat = sam.findChild(QDockWidget, "combat")
    assert combat is not None
    sam.tabifyDockWidget(dock, combat)
    combat.raise_()
    qtbot.waitUntil(lambda: dock.visibleRegion().isEmpty(), timeout=WAIT)
    alerts: list[object] = []
    monkeypatch.setattr(QApplication, "alert", lambda w, *_a: alerts.append(w))
    spoken: list[announce.Announcement] = []
    announce.listeners.append(spoken.append)
    try:
        op = PromptRoll("pc2", songs.Attribute.WILLPOWER, 12, reason="Hold the line")
        menu.bridge.apply(op)
        qtbot.waitUntil(lambda: panel.prompts.list.count() == 1, timeout=WAIT)
    finally:
        announce.listeners.remove(spoken.append)
    assert panel.showing_setup and panel.prompts.isVisibleTo(panel)
    assert panel.prompts.list.currentRow() == 0
    setup = panel.setup
    assert isinstance(setup, PlayerSetup) and setup.prompt is not None
    assert setup.prompt.attribute is songs.Attribute.WILLPOWER
    assert setup.roll_button.isVisibleTo(panel) and setup.roll_button.isEnabled()
    qtbot.waitUntil(lambda: not dock.visibleRegion().isEmpty(), timeout=WAIT)
    said = sam.statusBar().currentMessage()
    assert "Willpower" in said and "Hold the line" in said and "Ivar" in said
    (heard,) = [a.text for a in spoken if a.assertive]  # once: the window's announcer speaks
    assert heard.startswith("For you:")
    assert "Willpower" in heard and "Hold the line" in heard and "Ivar" in heard
    assert alerts == [sam]


def test_a_prompt_sent_while_anothers_roll_waits_is_shown_once_that_roll_settles(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    sam = seat_window(qtbot, menu, "Sam")
    panel = sam.findChild(RollPanel)
    assert panel is not None
    menu.bridge.apply(BeginTrial("pc1", songs.Attribute.HEART, 9))  # Astrid's roll waits
    qtbot.waitUntil(lambda: panel.showing_result and panel.result.roll is not None, timeout=WAIT)
    menu.bridge.apply(PromptRoll("pc2", songs.Attribute.WILLPOWER, 12))
    qtbot.waitUntil(lambda: panel.prompts.list.count() == 1, timeout=WAIT)
    assert panel.showing_result  # Astrid's roll still waits: one roll at a time
    assert "Willpower" in sam.statusBar().currentMessage()  # but Sam is told
    menu.bridge.apply(ResolveTrial())
    qtbot.waitUntil(lambda: panel.showing_setup, timeout=WAIT)  # not hidden behind it again
    setup = panel.setup
    assert isinstance(setup, PlayerSetup) and setup.prompt is not None
    assert setup.prompt.attribute is songs.Attribute.WILLPOWER
    assert setup.roll_button.isVisibleTo(panel) and setup.roll_button.isEnabled()
