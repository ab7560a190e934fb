"""The GM's queue of prompted checks, shared by the games: listed, acted on here, cancelled."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.model.dicepool.sample import sample_campaign as dicepool_sample
from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules import resonance, songs
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.check import CheckDock
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.resonance.panel import CheckPanel
from saga_desktop.ui.songs.play.prompt_queue import PromptQueue
from saga_desktop.ui.songs.play.roll_setup import RollSetup


def _click(qtbot: QtBot, button) -> None:  # type: ignore[no-untyped-def]
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_songs_prompts_are_listed_rolled_here_and_cancelled(qtbot: QtBot) -> None:
    bridge = SessionBridge(build_sample())
    setup = RollSetup(bridge)
    qtbot.addWidget(setup)
    setup.sync()
    setup.prefill("pc1", songs.Attribute.HEART, dr=12)
    queue = PromptQueue(bridge, setup)
    qtbot.addWidget(queue)
    queue.show()
    assert queue.isHidden() or queue.list.count() == 0
    queue.send_to(PromptTargets(("pc1", "pc2"), "Cross the ice", physical=True))
    play = lambda: bridge.session.campaign.play.model_dump()  # noqa: E731
    texts = [queue.list.item(i).text() for i in range(queue.list.count())]
    assert len(texts) == 2 and queue.isVisible()
    assert texts[0].startswith("#1 Astrid") and "DR 12" in texts[0]
    assert texts[0].endswith("(real d20) — Cross the ice")
    _click(qtbot, queue.roll_button)  # the first, selected: rolled here for its player
    assert [p["character"] for p in play()["prompts"]] == ["pc2"]
    assert play()["pending"] is not None
    assert queue.list.count() == 1
    _click(qtbot, queue.cancel_button)
    assert play()["prompts"] == [] and queue.list.count() == 0 and queue.isHidden()
    bridge.session.undo()  # the cancel is undoable: the prompt is back in the list
    assert queue.list.count() == 1 and queue.isVisible()


def test_resonance_prompts_are_listed_drawn_here_and_cancelled(qtbot: QtBot) -> None:
    bridge = SessionBridge(Session(sample_campaign()))
    panel = CheckPanel(bridge)
    qtbot.addWidget(panel)
    panel.show()
    setup, queue = panel.setup, panel.prompts
    setup.character.setCurrentIndex(setup.character.findData("pc1"))
    setup.stat.setCurrentIndex(setup.stat.findData(resonance.Stat.BODY))
    setup.dc.setValue(9)
    assert queue.send_button.isEnabled()
    queue.send_to(PromptTargets(("pc1", "pc2"), "Hold the door"))
    play = lambda: bridge.session.campaign.play.model_dump()  # noqa: E731
    assert queue.list.count() == 2 and queue.isVisible()
    assert "Body check against DC 9 — Hold the door" in queue.list.item(0).text()
    _click(qtbot, queue.draw_button)
    assert [p["character"] for p in play()["prompts"]] == ["pc2"]
    assert play()["pending"] is not None  # the cards drawn wait in the panel
    _click(qtbot, queue.cancel_button)
    assert play()["prompts"] == [] and queue.isHidden()


def test_dicepool_prompts_are_listed_picked_into_the_dock_and_cancelled(qtbot: QtBot) -> None:
    bridge = SessionBridge(Session(dicepool_sample()))
    dock = CheckDock(bridge)
    qtbot.addWidget(dock)
    dock.show()
    queue = dock.prompts
    assert queue.isHidden()  # nothing waits yet
    dock.character.setCurrentIndex(dock.character.findData("pc1"))
    dock.cl.setValue(5)
    dock.prompt_to(PromptTargets(("pc1",), "Ford the river", physical=True))
    dock.cl.setValue(2)
    assert queue.isVisible() and queue.list.count() == 1
    assert queue.list.item(0).text().endswith("CL 5 (hard) (physical dice) — Ford the river")
    item = queue.list.item(0)
    qtbot.mouseClick(
        queue.list.viewport(),
        Qt.MouseButton.LeftButton,
        pos=queue.list.visualItemRect(item).center(),
    )
    assert dock.cl.value() == 5  # picking a waiting check sets the dock to it
    _click(qtbot, dock.cancel_button)
    assert dicepool_play(bridge.session.campaign).prompts == [] and queue.isHidden()
