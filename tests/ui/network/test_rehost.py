"""A host that crashed is hosted again from its kept state; the player gets back by itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtNetwork import QHostAddress, QTcpServer
from PySide6.QtWidgets import QMainWindow, QMenu
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import MoveParty
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.client import ClientProtocol
from saga_desktop.storage.hosting import HostingStore, KeptHosting, KeptSeat
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network import transport
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.transport import ClientTransport
from tests.ui.network.table_fixtures import let_in

WAIT = 5000


def crash(hosting: Hosting) -> None:
    """Tear the host down as a crash does: no goodbye, sockets cut, the kept state left behind."""
    hosting.store = None  # a dead process writes nothing more
    hosting.running = False
    hosting.transport.server.close()
    for socket in list(hosting.transport._sockets.values()):
        socket.abort()
    hosting.table.close()
    if hosting.announcer is not None:
        hosting.announcer.stop()


@pytest.fixture
def fast_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transport, "RECONNECT_DELAYS_MS", (50, 100))


@pytest.fixture
def store(tmp_path: Path) -> HostingStore:
    return HostingStore(tmp_path / "hosting")


@pytest.fixture
def closing() -> Iterator[list[Hosting | ClientTransport]]:
    things: list[Hosting | ClientTransport] = []
    yield things
    for thing in things:
        if isinstance(thing, ClientTransport):
            thing.close()
        else:
            thing.stop()


def _player(hosting: Hosting, name: str) -> ClientTransport:
    versions = hosting.table.versions()
    protocol = ClientProtocol(
        hosting.join_code, versions.app_version, dict(versions.rulesets), name
    )
    client = ClientTransport(protocol, "127.0.0.1", hosting.port)
    client.connect_to_host()
    return client


@pytest.mark.usefixtures("fast_retries")
def test_a_crashed_host_hosted_again_takes_its_player_back(
    qtbot: QtBot, store: HostingStore, closing: list[Hosting | ClientTransport]
) -> None:
    session = build_sample()
    first = Hosting(session, 0, store=store, ask_the_gm=False)
    ren = _player(first, "Ren")
    closing.append(ren)
    statuses: list[str] = []
    ren.status.connect(statuses.append)
    qtbot.waitUntil(lambda: ren.protocol.joined and ren.protocol.view is not None, timeout=WAIT)
    session.apply(MoveParty(1, 0))
    qtbot.waitUntil(lambda: ren.protocol.view["map"]["party"] == {"q": 1, "r": 0}, timeout=WAIT)
    kept = store.load(session.campaign.id)
    assert kept is not None and kept.port == first.port
    assert kept.join_code == first.join_code.text and kept.gm_code == first.gm_code.text
    assert [(s.seat_id, s.name, s.role) for s in kept.seats] == [("seat1", "Ren", "player")]
    assert kept.seats[0].token == ren.protocol.reconnect_token
    crash(first)
    qtbot.waitUntil(lambda: any("The host is gone" in s for s in statuses), timeout=WAIT)
    recovered = Session(session.export().model_copy(deep=True))  # as recovered after the crash
    recovered.apply(MoveParty(2, 0))  # the GM went on before the player came back
    second = Hosting(recovered, 0, store=store, restore=kept, ask_the_gm=False)
    closing.append(second)
    assert second.port == kept.port and second.join_code.text == kept.join_code
    assert "same port, codes and seats" in second.notice
    qtbot.waitUntil(lambda: ren.came_back, timeout=WAIT)
    assert ren.protocol.seat_id == "seat1" and not ren.finished
    assert ren.protocol.view == second.table.view_for("seat1")
    assert ren.protocol.view["map"]["party"] == {"q": 2, "r": 0}
    assert any(s.startswith("Back at the table") for s in statuses)
    recovered.apply(MoveParty(3, 0))
    qtbot.waitUntil(lambda: ren.protocol.view["map"]["party"] == {"q": 3, "r": 0}, timeout=WAIT)
    newcomer = _player(second, "Sam")
    closing.append(newcomer)
    qtbot.waitUntil(lambda: newcomer.protocol.joined, timeout=WAIT)
    assert newcomer.protocol.seat_id == "seat2"
    assert [s.name for s in store.load(recovered.campaign.id).seats] == ["Ren", "Sam"]


def test_a_taken_port_moves_the_game_and_says_so(
    qtbot: QtBot, store: HostingStore, closing: list[Hosting | ClientTransport]
) -> None:
    squatter = QTcpServer()
    assert squatter.listen(QHostAddress(QHostAddress.SpecialAddress.Any), 0)
    taken = int(squatter.serverPort())
    session = build_sample()
    first = Hosting(session, 0, store=store, ask_the_gm=False)
    kept = store.load(session.campaign.id)
    assert kept is not None
    crash(first)
    ren = KeptSeat("seat1", "Ren", "player", "a-token-for-ren-" * 2)
    moved = KeptHosting(taken, kept.join_code, kept.gm_code, (ren,))
    again = Hosting(session, 0, store=store, restore=moved, ask_the_gm=False)
    closing.append(again)
    assert again.port != taken and again.join_code.text == kept.join_code
    assert f"Port {taken} is taken" in again.notice and str(again.port) in again.notice
    assert "new address" in again.notice and "their names" in again.notice
    assert again.seats() == []  # they join again by name at the new port: names are free
    squatter.close()


def test_stopping_on_purpose_forgets_the_kept_state(store: HostingStore) -> None:
    session = build_sample()
    hosting = Hosting(session, 0, store=store, ask_the_gm=False)
    assert store.load(session.campaign.id) is not None
    hosting.stop()
    assert store.load(session.campaign.id) is None


def test_a_kept_state_with_bad_codes_is_refused_with_a_message(store: HostingStore) -> None:
    from saga_desktop.ui.network.hosting import HostingError

    bad = KeptHosting(0, "17-anchor-bison-cedar-daisy-eagle", "42-lantern-otter-maple")
    with pytest.raises(HostingError, match="mixes up"):
        Hosting(build_sample(), 0, store=store, restore=bad)


class _Window(QMainWindow):
    """The main window's menu() contract, without the rest of the main window."""

    def menu(self, title: str) -> QMenu:
        return self.menuBar().addMenu(title)


def _menu(qtbot: QtBot, session: Session) -> SessionMenu:
    window = _Window()
    qtbot.addWidget(window)
    return SessionMenu(window, SessionBridge(session, window))


@pytest.mark.usefixtures("fast_retries")
def test_the_app_hosts_again_after_a_crash_and_the_players_window_is_back(
    qtbot: QtBot,
) -> None:
    session = build_sample()
    before = _menu(qtbot, session)
    hosting = before.host(port=0)
    assert hosting is not None
    join = before.open_client("127.0.0.1", hosting.port, hosting.join_code, "Ren")
    client = let_in(hosting, join, qtbot)
    line = client.connection_line
    codes, port = (hosting.join_code.text, hosting.gm_code.text), hosting.port
    crash(hosting)
    qtbot.waitUntil(lambda: line.text() != "Connected", timeout=WAIT)  # the window knows
    after = _menu(qtbot, Session(session.export().model_copy(deep=True)))
    again = after.host_again()
    try:
        assert again is not None and after.dialog is not None and after.dialog.isVisible()
        assert (again.join_code.text, again.gm_code.text) == codes and again.port == port
        assert after.dialog.notice.isVisible()
        assert "same port, codes and seats" in after.dialog.notice.text()
        assert after.dialog.code.text() == codes[0]
        qtbot.waitUntil(lambda: line.text().startswith("Back at the table"), timeout=WAIT)
        assert client.view == again.table.view_for("seat1")
        qtbot.waitUntil(lambda: after.dialog.table.seats.topLevelItem(0).text(1) == "here")
        assert after.host_again() is None  # hosting already: nothing more
    finally:
        client.close()
        after.stop_hosting()
        before.hosting = None
    assert after.store().load(session.campaign.id) is None  # stopped on purpose: forgotten


def test_a_campaign_that_was_not_hosted_is_not_hosted_at_start(qtbot: QtBot) -> None:
    menu = _menu(qtbot, build_sample())
    assert menu.host_again() is None and menu.hosting is None


def test_opening_another_campaign_or_quitting_forgets_the_kept_state(qtbot: QtBot) -> None:
    session = build_sample()
    menu = _menu(qtbot, session)
    assert menu.host(port=0) is not None
    store = menu.store()
    assert store.load(session.campaign.id) is not None
    menu.bridge.replace(build_sample())
    assert menu.hosting is None and store.load(session.campaign.id) is None
    assert menu.host(port=0) is not None
    menu._quitting()
    assert store.load(menu.bridge.session.campaign.id) is None
