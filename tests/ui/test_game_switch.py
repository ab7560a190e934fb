"""Opening a campaign of another game swaps the game's docks and menus, again and again."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import sample_campaign
from tests.ui.test_main_window import make_window


def _docks(window: object) -> set[str]:
    return {d.objectName() for d in window.findChildren(QDockWidget)}  # type: ignore[attr-defined]


def test_songs_and_resonance_take_turns_in_one_window(qtbot: QtBot) -> None:
    window = make_window(qtbot)
    window.show()
    qtbot.waitExposed(window)
    songs_docks = _docks(window)
    assert {"roll-panel", "combat"} <= songs_docks
    resonance = find_ruleset("resonance").sample_campaign()
    assert resonance is not None
    for _ in range(3):
        window.document.replace(Session(resonance.model_copy(deep=True)), None)
        qtbot.wait(150)  # dock animations run, deferred deletions happen
        docks = _docks(window)
        assert "resonance-check" in docks and "roll-panel" not in docks and "combat" not in docks
        assert len([d for d in docks if d.startswith("sheet-")]) == len(resonance.characters)
        window.document.replace(Session(sample_campaign()), None)
        qtbot.wait(150)
        assert _docks(window) == songs_docks
    assert not window.saveState().isEmpty()  # the layout can be remembered after all that
