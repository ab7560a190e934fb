"""A GM seat manages the table as the host's window does (issue 30, item 6).

Over real sockets, on a host without a window (as ``--serve``): the GM seat's *Session › The
table…* shows the join code, the links, the seats with their state and round trip; it frees,
moves and removes a player's seat (the host's seats change, the player is told); a player's
forged seat request is refused with nothing changed; a player's seat is never told the table
(the bytes it receives); the claim line leaves the GM seat's status bar once answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.network.seat_admin import seat_admin
from saga_desktop.ui.network.claim_prompt import ClaimDock
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.seat_table_admin import SeatTableWindow
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.seat_fixtures import WAIT, seat_session
from tests.ui.network.test_serve_claims import Served, player


@contextmanager
def served(tap: object = None) -> Iterator[Served]:
    hosting = Hosting(build_sample(), 0, ask_the_gm=False, tap=tap)  # type: ignore[arg-type]
    holder = Served(hosting)
    hosting.setParent(holder)
    try:
        yield holder
    finally:
        hosting.stop()


def gm_window(qtbot: QtBot, holder: Served) -> SeatWindow:
    hosting = holder.hosting
    gm = SeatWindow(seat_session(qtbot, holder, "Gunn", hosting.gm_code))  # type: ignore[arg-type]
    qtbot.addWidget(gm)
    gm.show()
    return gm


def open_table(qtbot: QtBot, gm: SeatWindow) -> SeatTableWindow:
    (action,) = [a for a in gm.menu("&Session").actions() if a.objectName() == "seatTable"]
    action.trigger()
    table = gm.findChild(SeatTableWindow)
    assert table is not None and table.isVisible()
    qtbot.addWidget(table)
    return table


def rows(table: SeatTableWindow) -> list[tuple[str, str]]:
    out = []
    for i in range(table.seats.topLevelItemCount()):
        item = table.seats.topLevelItem(i)
        assert item is not None
        out.append((item.text(0), item.text(1)))
    return out


def select(table: SeatTableWindow, name: str) -> None:
    for i in range(table.seats.topLevelItemCount()):
        item = table.seats.topLevelItem(i)
        if item is not None and item.text(0).startswith(name):
            table.seats.setCurrentItem(item)
            return
    raise AssertionError(f"no row for {name}: {rows(table)}")


def test_the_gm_seat_sees_the_table_and_frees_moves_and_removes_seats(
    qtbot: QtBot, monkeypatch: object
) -> None:
    with served() as holder:
        hosting = holder.hosting
        gm = gm_window(qtbot, holder)
        table = open_table(qtbot, gm)
        qtbot.waitUntil(lambda: table.code.text() == hosting.join_code.text, timeout=WAIT)
        assert "Ctrl+C" in table.stopping.text()  # a GM seat does not stop the host
        link_texts = [
            w.text() for w in table.findChildren(type(table.code)) if "saga://" in w.text()
        ]
        assert link_texts and all(hosting.join_code.text not in t for t in link_texts)
        assert rows(table) == [("Gunn (GM) (this seat)", "here")]
        assert not table.free.isEnabled()  # nothing chosen; never the GM seat's own row
        tova = player(hosting, "Tova", holder)  # a new name without a character: seated at once
        qtbot.waitUntil(lambda: tova.protocol.joined, timeout=WAIT)
        qtbot.waitUntil(lambda: ("Tova", "here") in rows(table), timeout=WAIT)
        # Move Tova to "Tovana": the host's seat is renamed.
        select(table, "Tova")
        assert table.free.isEnabled() and table.move_button.isEnabled()
        monkeypatch.setattr(  # type: ignore[attr-defined]
            QInputDialog, "getText", staticmethod(lambda *_a, **_k: ("Tovana", True))
        )
        qtbot.mouseClick(table.move_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: [s.name for s in hosting.seats()] == ["Gunn", "Tovana"])
        qtbot.waitUntil(lambda: ("Tovana", "here") in rows(table), timeout=WAIT)
        # Free it: Tova's app is told, the seat waits for the next to ask by that name.
        select(table, "Tovana")
        qtbot.mouseClick(table.free, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: tova.finished, timeout=WAIT)
        assert "freed your seat" in tova.connection_state
        qtbot.waitUntil(lambda: any(s.free for s in hosting.seats()), timeout=WAIT)
        qtbot.waitUntil(lambda: any("free" in state for _n, state in rows(table)), timeout=WAIT)
        # Remove it: the seat leaves the host's table and the GM seat's list.
        select(table, "Tovana")
        qtbot.mouseClick(table.remove, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: [s.name for s in hosting.seats()] == ["Gunn"], timeout=WAIT)
        qtbot.waitUntil(lambda: len(rows(table)) == 1, timeout=WAIT)
        assert not table.problem.isVisible()
        gm.close()


def test_a_players_seat_request_is_refused_and_a_player_is_never_told_the_table(
    qtbot: QtBot,
) -> None:
    heard: dict[str, list[bytes]] = {}

    def tap(_conn: str, seat: str | None, plain: bytes) -> None:
        heard.setdefault(seat or "", []).append(plain)

    with served(tap) as holder:
        hosting = holder.hosting
        gm = gm_window(qtbot, holder)
        tova = player(hosting, "Tova", holder)
        qtbot.waitUntil(lambda: tova.protocol.joined, timeout=WAIT)
        nell = player(hosting, "Nell", holder)
        qtbot.waitUntil(lambda: nell.protocol.joined, timeout=WAIT)
        nell_seat = next(s.seat_id for s in hosting.seats() if s.name == "Nell")
        answers: list[RequestAnswered] = []
        tova.received.connect(lambda e: isinstance(e, RequestAnswered) and answers.append(e))
        before = [(s.seat_id, s.name, s.free) for s in hosting.seats()]
        for action in ("free", "move", "remove"):
            tova.request(seat_admin(action, nell_seat, "Mallory"))
        qtbot.waitUntil(lambda: len(answers) == 3, timeout=WAIT)
        assert all(
            not a.ok and a.message == "Only the GM frees, moves or removes seats." for a in answers
        )
        assert [(s.seat_id, s.name, s.free) for s in hosting.seats()] == before
        assert nell.protocol.joined and not nell.finished
        qtbot.waitUntil(lambda: gm.transport.protocol.table is not None, timeout=WAIT)
        gm_seat = gm.transport.protocol.seat_id or ""
        tova_seat = tova.protocol.seat_id or ""
        assert any(b'"type":"table"' in m for m in heard[gm_seat])
        for seat in (tova_seat, nell_seat):
            assert heard[seat], "the tap saw the player's messages"
            assert not any(b'"type":"table"' in m for m in heard[seat])
            assert not any(hosting.gm_code.text.encode() in m for m in heard[seat])
        assert tova.protocol.table is None
        gm.close()


def test_a_gm_seat_cannot_remove_itself_or_a_seat_that_left(qtbot: QtBot) -> None:
    with served() as holder:
        gm = gm_window(qtbot, holder)
        own = gm.transport.protocol.seat_id or ""
        answers: list[RequestAnswered] = []
        gm.transport.received.connect(
            lambda e: isinstance(e, RequestAnswered) and answers.append(e)
        )
        gm.transport.request(seat_admin("remove", own))
        gm.transport.request(seat_admin("free", "seat-nobody"))
        gm.transport.request({"op": "net.SeatAdmin", "action": "burn", "seat": own})
        qtbot.waitUntil(lambda: len(answers) == 3, timeout=WAIT)
        assert [a.ok for a in answers] == [False, False, False]
        assert "cannot free, move or remove itself" in answers[0].message
        assert answers[1].message == "That seat is no longer at the table."
        assert "needs an action" in answers[2].message
        gm.close()


def test_the_claim_leaves_the_gm_seats_status_bar_once_answered(qtbot: QtBot) -> None:
    with served() as holder:
        hosting = holder.hosting
        gm = gm_window(qtbot, holder)
        dock = gm.findChild(ClaimDock)
        assert dock is not None
        ren = player(hosting, "Ren", holder)  # Ren's character's seat: the GM seat decides
        qtbot.waitUntil(lambda: bool(dock.prompt.claims), timeout=WAIT)
        (claim,) = dock.prompt.claims
        assert gm.statusBar().currentMessage() == claim.text()
        let_in = dock.findChild(QPushButton, f"claimLetIn{claim.claim_id}")
        assert let_in is not None
        qtbot.mouseClick(let_in, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: ren.protocol.joined, timeout=WAIT)
        qtbot.waitUntil(lambda: gm.statusBar().currentMessage() != claim.text(), timeout=WAIT)
        gm.close()
