"""A dice-pool player always learns that the fight's next step is theirs, and the rows fit.

Loopback sockets: the GM hosts the sample (round 2 of its fight, declaring); Ren (Mara, REF 3)
and Sam (Oswin, REF 1) open their windows, where the Check dock is in front of the Combat dock.
When a player's turn to declare comes, their Combat dock comes forward, the status bar says it,
the window asks for attention and a screen reader hears it at once; the other seat is not told.
The Declare and Resolve rows fit a narrow dock (as 1366×768 at 200% leaves one).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QMainWindow, QPushButton, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.ops.combat import Declare
from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.ui import announce
from saga_desktop.ui.dicepool import your_step
from saga_desktop.ui.dicepool.combat import CombatDock
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.dicepool.test_dicepool_ui import shown
from tests.ui.dicepool.test_seat_combat import declare_round, roll_round
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted
from tests.ui.test_main_window import _discard_on_teardown  # noqa: F401

WAIT = 10_000
NARROW = 240
"""A dock this wide: about a third of a 1366×768 screen at 200% (683 scaled pixels wide)."""


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


@pytest.fixture
def heard() -> Iterator[list[announce.Announcement]]:
    spoken: list[announce.Announcement] = []
    announce.listeners.append(spoken.append)
    yield spoken
    announce.listeners.remove(spoken.append)


@pytest.fixture
def alerts(monkeypatch: pytest.MonkeyPatch) -> list[QWidget]:
    asked: list[QWidget] = []
    monkeypatch.setattr(your_step.QApplication, "alert", lambda w, _ms=0: asked.append(w))
    return asked


def combat_of(window: QMainWindow) -> CombatDock:
    dock = window.findChild(CombatDock, "dicepool-combat")
    assert dock is not None
    return dock


def in_front(dock: CombatDock) -> bool:
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def test_a_players_turn_to_declare_brings_the_combat_dock_forward_and_says_so(
    qtbot: QtBot,
    menu: SessionMenu,
    heard: list[announce.Announcement],
    alerts: list[QWidget],
) -> None:
    ren = seat_window(qtbot, menu, "Ren")
    ren.resize(1366, 768)
    qtbot.waitExposed(ren)
    ren_dock = combat_of(ren)
    qtbot.wait(50)
    assert not in_front(ren_dock)  # the Check dock is in front
    assert not any("Mara" in a.text for a in heard)  # Oswin (REF 1) declares first
    sam = seat_window(qtbot, menu, "Sam")
    sam.resize(1366, 768)
    qtbot.waitExposed(sam)
    sam_dock = combat_of(sam)
    qtbot.waitUntil(lambda: in_front(sam_dock), timeout=WAIT)
    told = "Your turn: declare for Oswin Hale in the Combat dock."
    qtbot.waitUntil(lambda: sam.statusBar().currentMessage() == told, timeout=WAIT)
    assert any(a.text == told and a.assertive for a in heard)
    assert sam in alerts
    box = sam_dock.declare_box
    assert box is not None  # scrolled into view in a short dock
    qtbot.waitUntil(lambda: not sam_dock.declare_button.visibleRegion().isEmpty(), timeout=WAIT)
    qtbot.waitUntil(lambda: sam_dock.height() >= 0.4 * sam.height(), timeout=WAIT)  # not a sliver
    assert ren not in alerts and not in_front(ren_dock)
    sam_dock.target.setCurrentIndex(sam_dock.target.findData("m2"))
    sam_dock.declare_button.click()
    menu.bridge.apply(Declare("m2", "attack", "pc2"))
    menu.bridge.apply(Declare("m1", "attack", "pc1"))
    # Now Mara's turn: Ren's window is told, once.
    qtbot.waitUntil(lambda: in_front(ren_dock), timeout=WAIT)
    told = "Your turn: declare for Mara Fenwick in the Combat dock."
    qtbot.waitUntil(lambda: ren.statusBar().currentMessage() == told, timeout=WAIT)
    assert [a.text for a in heard if a.source is ren_dock] == [told]
    assert alerts.count(ren) == 1
    ren_dock.refresh()  # redrawing the same step does not tell it again
    assert alerts.count(ren) == 1


def fits_narrow(qtbot: QtBot, dock: CombatDock, narrow: int = NARROW) -> None:
    dock.setFloating(True)
    dock.show()
    dock.resize(narrow, 700)
    qtbot.waitUntil(lambda: dock.width() <= narrow + 20)
    qtbot.wait(50)  # the rows just made show once the event loop runs
    scroll = dock.widget()
    assert isinstance(scroll, QScrollArea)
    body = scroll.widget()
    assert 100 < body.minimumSizeHint().width() <= scroll.viewport().width(), "a row is cut"
    assert scroll.horizontalScrollBar().maximum() == 0
    for button in body.findChildren(QPushButton):
        if button.isVisibleTo(body):
            assert button.width() >= button.sizeHint().width(), button.text()


@pytest.mark.parametrize("font_scale", [1, 2])
def test_the_declare_row_fits_a_narrow_dock_at_a_seat(
    qtbot: QtBot, menu: SessionMenu, font_scale: int
) -> None:
    sam = seat_window(qtbot, menu, "Sam")
    dock = combat_of(sam)
    qtbot.waitUntil(lambda: dock.declare_box is not None, timeout=WAIT)
    font = dock.font()
    font.setPointSizeF(font.pointSizeF() * font_scale)  # 200%: twice the letters per pixel
    dock.setFont(font)
    fits_narrow(qtbot, dock, NARROW * font_scale)
    assert dock.declare_button.isVisibleTo(dock)


def test_the_gms_resolve_row_fits_a_narrow_dock(qtbot: QtBot) -> None:
    window = shown(qtbot, build_sample())
    dock = combat_of(window)
    for cid, target in (("pc2", "m2"), ("m2", "pc2"), ("m1", "pc1"), ("pc1", "m1")):
        window.bridge.apply(Declare(cid, "attack", target))
    assert dock.typed_button is not None
    fits_narrow(qtbot, dock)


def test_the_losers_player_is_told_to_set_str(
    qtbot: QtBot,
    menu: SessionMenu,
    heard: list[announce.Announcement],
    alerts: list[QWidget],
) -> None:
    windows = {"pc1": seat_window(qtbot, menu, "Ren"), "pc2": seat_window(qtbot, menu, "Sam")}
    docks = {cid: combat_of(w) for cid, w in windows.items()}
    declare_round(qtbot, menu, docks)
    sam, sam_dock = windows["pc2"], docks["pc2"]
    check = sam.findChild(QWidget, "dicepool-check")
    assert check is not None
    check.raise_()  # Sam looks at the Check dock while the GM rolls
    fight = roll_round(menu, high={"m1", "m2"})
    i = next(i for i, e in enumerate(fight.exchanges) if e.loser_id == "pc2")
    told = f"Your turn: use STR against exchange {i + 1}, or let it stand (Combat dock)."
    qtbot.waitUntil(lambda: sam.statusBar().currentMessage() == told, timeout=WAIT)
    assert in_front(sam_dock)
    assert any(a.text == told and a.assertive and a.source is sam_dock for a in heard)
