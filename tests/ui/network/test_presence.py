"""Real sockets: a host that falls silent is noticed; a second computer waits for the GM."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import MoveParty
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client import ClientProtocol
from saga_desktop.storage.hosting import HostingStore
from saga_desktop.ui.network import transport
from saga_desktop.ui.network.dialogs import HostDialog
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.transport import ClientTransport

WAIT = 15_000  # generous: on a loaded machine the silent host is noticed later; passes at once


class Clock:
    """The player's clock, moved by hand so the test does not sleep through the silence."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def closing() -> Iterator[list[Hosting | ClientTransport]]:
    things: list[Hosting | ClientTransport] = []
    yield things
    for thing in things:
        if isinstance(thing, ClientTransport):
            thing.close()
        else:
            thing.stop()


def _player(hosting: Hosting, name: str, clock: Clock | None = None) -> ClientTransport:
    versions = hosting.table.versions()
    extra = {"clock": clock} if clock is not None else {}
    protocol = ClientProtocol(
        hosting.join_code, versions.app_version, dict(versions.rulesets), name, **extra
    )
    client = ClientTransport(protocol, "127.0.0.1", hosting.port)
    client.connect_to_host()
    return client


def freeze(hosting: Hosting) -> None:
    """The GM's computer loses power: no goodbye, no reset, the sockets simply stop answering."""
    hosting.store, hosting.running = None, False
    hosting.transport._timer.stop()
    hosting.transport.server.close()
    for socket in hosting.transport._sockets.values():
        socket.blockSignals(True)
    hosting.table.close()


def test_a_host_gone_silent_is_noticed_and_the_player_catches_up_when_it_is_back(
    qtbot: QtBot,
    tmp_path: Path,
    closing: list[Hosting | ClientTransport],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(transport, "RECONNECT_DELAYS_MS", (50, 100))
    store = HostingStore(tmp_path / "hosting")
    session = build_sample()
    first = Hosting(session, 0, store=store, ask_the_gm=False)
    clock = Clock()
    ren = _player(first, "Ren", clock)
    closing.append(ren)
    states: list[str] = []
    ren.connectionStateChanged.connect(states.append)
    qtbot.waitUntil(lambda: ren.protocol.joined, timeout=WAIT)
    assert ren.connection_state == "Connected"
    kept = store.load(session.campaign.id)
    assert kept is not None
    freeze(first)
    clock.now += 7
    qtbot.wait(1500)
    assert ren.connection_state == "Connected"  # 7 s of silence: not yet
    clock.now += 2  # 9 s without a word from the host
    qtbot.waitUntil(lambda: ren.connection_state == "Lost the host, trying again…", timeout=WAIT)
    assert not ren.protocol.joined and not ren.finished
    recovered = Session(session.export().model_copy(deep=True))
    recovered.apply(MoveParty(2, 0))  # the GM went on before the player came back
    second = Hosting(recovered, 0, store=store, restore=kept, ask_the_gm=False)
    closing.append(second)
    qtbot.waitUntil(lambda: ren.connection_state == "Back at the table.", timeout=WAIT)
    assert ren.protocol.view == second.table.view_for("seat1")
    assert ren.protocol.view["map"]["party"] == {"q": 2, "r": 0}
    assert states == ["Connected", "Lost the host, trying again…", "Back at the table."]


def _button(dialog: HostDialog, name: str) -> QPushButton:
    button = dialog.findChild(QPushButton, name)
    assert isinstance(button, QPushButton)
    return button


def test_a_second_computer_asking_for_a_taken_seat_waits_until_the_gm_answers(
    qtbot: QtBot, closing: list[Hosting | ClientTransport]
) -> None:
    hosting = Hosting(build_sample(), 0, ask_the_gm=True)
    closing.append(hosting)
    dialog = HostDialog(hosting)
    qtbot.addWidget(dialog)
    ren = _player(hosting, "Ren")  # a character's seat, not taken yet: the GM decides too
    closing.append(ren)
    qtbot.waitUntil(lambda: ren.connection_state == "Waiting for the GM to let you in…")
    assert not ren.protocol.joined and hosting.seats() == []
    (claim,) = hosting.claims()
    qtbot.mouseClick(_button(dialog, f"hostLetIn{claim.claim_id}"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ren.protocol.joined, timeout=WAIT)
    other = _player(hosting, "Ren")
    closing.append(other)
    qtbot.waitUntil(lambda: bool(hosting.claims()), timeout=WAIT)
    (claim,) = hosting.claims()
    lines = [label.text() for label in dialog.table.claims.findChildren(QLabel)]
    assert lines == ["Ren (new computer) asks for Ren's seat"]
    qtbot.waitUntil(  # the host's word reaches the waiting app a moment after the claim
        lambda: other.connection_state == "Waiting for the GM to let you in…", timeout=WAIT
    )
    qtbot.mouseClick(_button(dialog, f"hostRefuse{claim.claim_id}"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: other.finished, timeout=WAIT)
    assert "did not let you in" in other.connection_state and ren.protocol.joined
    qtbot.waitUntil(lambda: not dialog.table.claims.isVisible() or not hosting.claims())


def test_the_gm_frees_a_seat_then_removes_the_player_from_the_hosting_window(
    qtbot: QtBot, closing: list[Hosting | ClientTransport]
) -> None:
    hosting = Hosting(build_sample(), 0, ask_the_gm=True)
    closing.append(hosting)
    dialog = HostDialog(hosting)
    qtbot.addWidget(dialog)
    bo = _player(hosting, "Bo")  # no character: sits down at once
    closing.append(bo)
    qtbot.waitUntil(lambda: bo.protocol.joined, timeout=WAIT)
    seats = dialog.table.seats
    qtbot.waitUntil(lambda: seats.topLevelItem(0).text(0) == "Bo", timeout=WAIT)
    assert not dialog.table.remove.isEnabled()
    seats.setCurrentItem(seats.topLevelItem(0))
    qtbot.mouseClick(dialog.table.free, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bo.finished, timeout=WAIT)
    assert "freed your seat" in bo.connection_state
    assert seats.topLevelItem(0).text(1).startswith("free")
    again = _player(hosting, "Bo")
    closing.append(again)
    qtbot.waitUntil(lambda: again.protocol.joined, timeout=WAIT)
    seats.setCurrentItem(seats.topLevelItem(0))
    qtbot.mouseClick(dialog.table.remove, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: again.finished, timeout=WAIT)
    assert "removed you" in again.connection_state and hosting.seats() == []
    assert seats.topLevelItem(0).text(0) == "Nobody has joined yet."


def test_the_players_window_always_shows_the_connections_state(
    qtbot: QtBot, closing: list[Hosting | ClientTransport]
) -> None:
    from saga_desktop.ui.network.menu import join_seat

    hosting = Hosting(build_sample(), 0, ask_the_gm=False)
    closing.append(hosting)
    join = join_seat("127.0.0.1", hosting.port, hosting.join_code, "Ren")
    qtbot.waitUntil(lambda: join.window is not None, timeout=WAIT)
    window = join.window
    assert window is not None
    qtbot.addWidget(window)
    line = window.findChild(QLabel, "connectionLine")
    assert line is not None
    qtbot.waitUntil(lambda: line.text() == "Connected", timeout=WAIT)
    freeze(hosting)
    window.transport._lost(window.transport._line, "the host fell silent")  # as the heartbeat does
    qtbot.waitUntil(lambda: line.text() == "Lost the host, trying again…", timeout=WAIT)
