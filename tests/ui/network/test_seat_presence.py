"""A player's seat hears and sees who is at the table (issue 32), over real loopback sockets.

Seat B joins: seat A's announcer says "B joined the table." and A's status-bar line names B;
B leaves: A hears "B left." (so does a GM seat when a seat is removed). A never hears its own
join. *File › Who is at the table* says the
line. A GM seat is told too. What a player's seat receives names names only; presence forged
by a seat is refused with nothing changed and no traceback.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client_events import HostRefused
from saga_desktop.network.messages import Presence, PresenceSeat
from saga_desktop.network.seat_admin import seat_admin
from saga_desktop.ui import announce as announce_module
from saga_desktop.ui.announce import Announcement
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.seat_fixtures import WAIT
from tests.ui.network.table_fixtures import hosted, join
from tests.ui.network.test_gm_seat_table import gm_window, served
from tests.ui.network.test_serve_claims import player


@pytest.fixture
def heard() -> Iterator[list[Announcement]]:
    said: list[Announcement] = []
    announce_module.listeners.append(said.append)
    yield said
    announce_module.listeners.remove(said.append)


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def at(window: SeatWindow, heard: list[Announcement]) -> list[str]:
    return [a.text for a in heard if a.source is window]


def test_a_seat_hears_and_sees_another_join_and_leave(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement]
) -> None:
    bo = join(menu, qtbot, "Bo")
    line = bo.at_table.line
    qtbot.waitUntil(line.isVisible, timeout=WAIT)
    assert line.full_text == "At the table: GM, Bo (you)."  # the GM at the host's window
    assert line.accessibleName() == line.full_text and "Bo (you)" in line.toolTip()
    cy = join(menu, qtbot, "Cy")
    qtbot.waitUntil(lambda: "Cy joined the table." in at(bo, heard), timeout=WAIT)
    assert line.full_text == "At the table: GM, Bo (you), Cy."
    assert not [t for t in at(bo, heard) if "Bo joined" in t]  # never its own join
    cy_line = cy.at_table.line
    qtbot.waitUntil(lambda: cy_line.full_text == "At the table: GM, Bo, Cy (you).", timeout=WAIT)
    assert not [t for t in at(cy, heard) if "joined the table" in t]  # Bo was there before Cy
    cy.close()  # Cy leaves the table
    qtbot.waitUntil(lambda: "Cy left." in at(bo, heard), timeout=WAIT)
    assert line.full_text == "At the table: GM, Bo (you), Cy (left)."
    heard.clear()
    bo.at_table.action.trigger()  # File › Who is at the table
    assert at(bo, heard) == ["At the table: GM, Bo (you), Cy (left)."]
    assert bo.statusBar().currentMessage() == line.full_text
    assert bo.at_table.action in bo.file_menu.actions()


def test_a_gm_seat_is_told_too_and_a_player_hears_names_only(
    qtbot: QtBot, heard: list[Announcement]
) -> None:
    plain: dict[str, list[bytes]] = {}

    def tap(_conn: str, seat: str | None, data: bytes) -> None:
        plain.setdefault(seat or "", []).append(data)

    with served(tap) as holder:
        hosting = holder.hosting
        gm = gm_window(qtbot, holder)
        tova = player(hosting, "Tova", holder)
        qtbot.waitUntil(lambda: tova.protocol.joined, timeout=WAIT)
        qtbot.waitUntil(lambda: "Tova joined the table." in at(gm, heard), timeout=WAIT)
        assert gm.at_table.line.full_text == "At the table: Gunn (GM) (you), Tova."  # no host GM
        seat = tova.protocol.seat_id or ""
        presence = [m for m in plain[seat] if b'"type":"presence"' in m]
        assert presence
        kept = [hosting.join_code.text, hosting.gm_code.text, "saga://", "p2p", "rtt"]
        kept += [tova.protocol.reconnect_token or "?", "seat_id"]
        for message in presence:
            assert not [k for k in kept if k.encode() in message], message
        # A seat forging presence is refused like any message a seat does not send.
        refused: list[HostRefused] = []
        tova.received.connect(lambda e: isinstance(e, HostRefused) and refused.append(e))
        forged = Presence(seats=[PresenceSeat(name="Gunn", role="gm", state="gone")])
        before = hosting.seats()
        tova._write(tova.protocol._seal(forged))
        qtbot.waitUntil(lambda: bool(refused), timeout=WAIT)
        assert "'presence'" in refused[0].reason
        assert [(s.name, s.state) for s in hosting.seats()] == [(s.name, s.state) for s in before]
        assert tova.protocol.joined and "Gunn (GM) (you)" in gm.at_table.line.full_text
        gm.transport.request(seat_admin("remove", seat))  # the seat leaves the table: said too
        qtbot.waitUntil(lambda: "Tova left." in at(gm, heard), timeout=WAIT)
        assert gm.at_table.line.full_text == "At the table: Gunn (GM) (you)."
        tova.close()
        gm.close()
