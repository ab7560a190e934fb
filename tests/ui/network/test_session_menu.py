"""The Session menu end to end: host, join in a player's window, play, stop; the Join dialog."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import EditRegion, MoveParty
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.codes import parse_code
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.dialogs import JoinDialog
from saga_desktop.ui.network.menu import SessionMenu, token_key
from tests.ui.network.seat_fixtures import forged, seat_map, seat_sheet
from tests.ui.network.table_fixtures import Window, join

WAIT = 5000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    window = Window()
    qtbot.addWidget(window)
    bridge = SessionBridge(build_sample(), window)
    session_menu = SessionMenu(window, bridge)
    yield session_menu
    for client in list(session_menu.clients):
        client.close()
    session_menu.stop_hosting()
    qtbot.wait(50)


def test_hosting_shows_the_code_big_and_a_link_without_it(qtbot: QtBot, menu: SessionMenu) -> None:
    hosting = menu.host(port=0)
    assert hosting is not None and menu.dialog is not None and menu.stop_action.isEnabled()
    assert menu.dialog.code.text() == hosting.join_code.text
    assert menu.dialog.code.font().pointSizeF() > 2 * menu.dialog.font().pointSizeF()
    link = menu.dialog.link.text()
    assert "saga://" in link and f":{hosting.port}/" in link
    words = hosting.join_code.text.split("-")[1:] + hosting.gm_code.text.split("-")[1:]
    # The link is the address and the game's name, nothing else; the code's words are not in
    # the address (its number could be digits of the port; a word may be in the game's name).
    address, _, query = link.split("saga://")[1].partition("/?")
    assert query.startswith("game=") and "&" not in query
    for word in words:
        assert word not in address.lower()
    seats = menu.dialog.table.seats
    assert seats.topLevelItem(0).text(0) == "Nobody has joined yet."
    join(menu, qtbot)
    qtbot.waitUntil(lambda: seats.topLevelItem(0).text(0) == "Ren", timeout=WAIT)
    assert seats.topLevelItem(0).text(1) == "here"


def test_a_player_window_follows_the_gm(qtbot: QtBot, menu: SessionMenu) -> None:
    menu.host(port=0)
    client = join(menu, qtbot)
    session = menu.bridge.session
    shown = seat_map(client)
    drawn = {f"{r.q},{r.r}" for r in shown.map_scene.index}
    assert drawn == set(client.view["map"]["regions"])
    assert drawn == {f"{r.q},{r.r}" for r in session.campaign.map.regions if not r.hidden}
    # The seat's own sheet in front, live; Sam's Ivar read only.
    assert seat_sheet(client, "pc1").windowTitle() == "Astrid Ulfsdottir"
    assert seat_sheet(client, "pc2").windowTitle() == "Ivar the Quiet (read only)"
    journal = client.journal_feature
    assert journal is not None

    def lines() -> list[str]:
        return [e.text for e in journal.panel.shown_entries()]

    assert len(lines()) == len(client.view["journal"]) > 0
    menu.bridge.apply(MoveParty(3, 0))
    qtbot.waitUntil(lambda: shown.map_scene.party_hex == Hex(3, 0), timeout=WAIT)
    before = len(lines())
    menu.bridge.apply(AddNote("Only the GM reads this."))
    menu.bridge.apply(EditRegion(4, -1, notes="The tide is out."))  # a line everyone reads
    qtbot.waitUntil(lambda: len(lines()) == before + 1, timeout=WAIT)
    assert session.undo() and session.undo() and session.undo()
    qtbot.waitUntil(lambda: shown.map_scene.party_hex != Hex(3, 0), timeout=WAIT)
    texts = sorted(client.view["journal"].values(), key=lambda e: e["id"])
    assert lines() == [e["text"] for e in texts]
    assert client.view == menu.hosting.table.build_view(Viewer.player("pc1"))
    menu.stop_hosting()
    qtbot.waitUntil(
        lambda: "The GM stopped hosting." in client.connection_line.text(), timeout=WAIT
    )


def test_opening_another_campaign_stops_hosting(qtbot: QtBot, menu: SessionMenu) -> None:
    menu.host(port=0)
    client = join(menu, qtbot)
    menu.bridge.replace(build_sample())
    assert menu.hosting is None
    qtbot.waitUntil(lambda: "another campaign" in client.connection_line.text(), timeout=WAIT)


def test_the_join_dialog_checks_what_was_typed(qtbot: QtBot) -> None:
    dialog = JoinDialog("saga://127.0.0.1:5000/?game=Coast")
    qtbot.addWidget(dialog)
    dialog.code.setText("42 lantern otter mapel")
    dialog.name.setText("  Ren ")
    dialog.accept()
    assert "'mapel' is not one of the code words" in dialog.error.text()
    assert dialog.result_request is None
    dialog.code.setText("42 Lantern Otter Maple")
    dialog.accept()
    request = dialog.result_request
    assert request is not None
    assert (request.host, request.port, request.seat_name) == ("127.0.0.1", 5000, "Ren")
    assert request.code == parse_code("42-lantern-otter-maple")
    other = JoinDialog("not a host!")
    qtbot.addWidget(other)
    other.code.setText("42-lantern-otter-maple")
    other.name.setText("Ren")
    other.accept()
    assert "not a computer name" in other.error.text() and other.result_request is None


def test_the_main_window_gets_a_session_menu(qtbot: QtBot) -> None:
    from saga_desktop.app import build_window

    window, _problem = build_window(None)
    qtbot.addWidget(window)
    menu = SessionMenu(window, window.bridge)
    titles = [a.text() for a in window.menuBar().actions()]
    assert "&Session" in titles and titles.index("&Session") < titles.index("&Help")
    hosting = menu.host(port=0)
    assert hosting is not None and hosting.session is window.bridge.session
    menu.stop_hosting()
    assert not menu.stop_action.isEnabled()


def test_a_player_whose_app_closed_takes_their_seat_back(qtbot: QtBot, menu: SessionMenu) -> None:
    hosting = menu.host(port=0)
    assert hosting is not None
    first = join(menu, qtbot)
    first.close()  # the app closed (the token stays in the settings)
    qtbot.waitUntil(lambda: not hosting.seats()[0].connected, timeout=WAIT)
    again = join(menu, qtbot)
    assert [(s.name, s.connected) for s in hosting.seats()] == [("Ren", True)]
    assert again.view == hosting.table.view_for("seat1")


def test_a_token_the_host_does_not_know_falls_back_to_the_name(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    hosting = menu.host(port=0)
    assert hosting is not None
    QSettings().setValue(token_key("127.0.0.1", hosting.port, "Ren", "player"), "x" * 32)
    client = join(menu, qtbot)
    assert client.transport.protocol.seat_name == "Ren"
    assert [s.name for s in hosting.seats()] == ["Ren"]
    token = QSettings().value(token_key("127.0.0.1", hosting.port, "Ren", "player"))
    assert token == client.transport.protocol.reconnect_token != "x" * 32


def test_quitting_the_app_says_goodbye_to_the_players(qtbot: QtBot, menu: SessionMenu) -> None:
    menu.host(port=0)
    client = join(menu, qtbot)
    menu._quitting()  # what QApplication.aboutToQuit calls
    qtbot.waitUntil(lambda: "closed Saga Desktop" in client.connection_line.text(), timeout=WAIT)
    assert menu.hosting is None and client.transport.finished


def test_a_gm_seat_runs_the_game_from_the_main_window(qtbot: QtBot, menu: SessionMenu) -> None:
    from saga_desktop.model.ops.map import ChartRegion
    from saga_desktop.ui.network.joining import SeatJoin
    from saga_desktop.ui.network.seat_window import SeatWindow

    hosting = menu.host(port=0)
    assert hosting is not None
    gm = menu.open_client("127.0.0.1", hosting.port, hosting.gm_code, "Gunn")
    assert isinstance(gm, SeatJoin)
    qtbot.waitUntil(lambda: gm.window is not None, timeout=WAIT)
    window = gm.window
    assert isinstance(window, SeatWindow) and window.isVisible()
    player = join(menu, qtbot)
    session = menu.bridge.session
    assert {c.id for c in window.bridge.session.campaign.characters} == {"pc1", "pc2"}
    assert "(GM seat)" in window.windowTitle()
    assert [a.objectName() for a in window.file_menu.actions()] == ["whoIsAtTable", "leaveTable"]
    # Chart a hex with a GM-only note, from the seat's window: the host does it.
    window.bridge.apply(ChartRegion(9, -3, title="Gull Rock", gm_notes=SECRET))
    assert session.campaign.map.region_at(9, -3) is not None
    assert window.bridge.session.campaign.map.region_at(9, -3) is not None
    qtbot.waitUntil(lambda: "9,-3" in player.view["map"]["regions"], timeout=WAIT)
    assert gm.view["map"]["regions"]["9,-3"]["gm_notes"] == SECRET
    assert "gm_notes" not in player.view["map"]["regions"]["9,-3"]
    # Undo on the host, named in the seat's Edit menu; everyone follows.
    assert window.undo_action.isEnabled() and "Gull Rock" in window.undo_action.text()
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: "9,-3" not in player.view["map"]["regions"], timeout=WAIT)
    assert session.campaign.map.region_at(9, -3) is None
    assert window.redo_action.isEnabled()
    # A player may not undo the GM's work.
    assert "Only the GM may undo" in forged(qtbot, player, {"kind": "session.Undo"})
    assert not player.undo_action.isEnabled()
    assert gm.view == menu.hosting.table.build_view(Viewer.GM)
    window.close()
    assert gm.transport.finished


SECRET = "the-gulls-nest-on-a-sunken-crown"


def test_an_app_asking_for_a_seat_brings_the_hosting_window_forward(qtbot: QtBot) -> None:
    from saga_desktop.model.songs.sample import build_sample
    from tests.ui.network.table_fixtures import hosted

    with hosted(qtbot, build_sample()) as menu:
        assert menu.dialog is not None and menu.hosting is not None
        menu.dialog.close()  # the GM closed the hosting window and plays on
        hosting = menu.hosting
        client = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, "Ren")
        qtbot.waitUntil(lambda: bool(hosting.claims()), timeout=5000)
        qtbot.waitUntil(menu.dialog.isVisible, timeout=5000)
        assert "Asking for a seat: Ren" in menu.window.statusBar().currentMessage()
        hosting.answer(hosting.claims()[0].claim_id, True)
        qtbot.waitUntil(lambda: client.transport.protocol.joined, timeout=5000)


def test_a_join_waiting_for_the_gm_says_so_and_can_be_called_off(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from tests.ui.network.table_fixtures import hosted

    with hosted(qtbot, build_sample()) as menu:
        hosting = menu.hosting
        assert hosting is not None
        join = menu.open_client("127.0.0.1", hosting.port, hosting.join_code, "Ren")
        qtbot.waitUntil(lambda: bool(hosting.claims()), timeout=WAIT)
        line = join.progress.line
        qtbot.waitUntil(lambda: line.text() == "Waiting for the GM to let you in…", timeout=WAIT)
        assert join.progress.isVisible() and join.window is None
        buttons = join.progress.findChild(QDialogButtonBox)
        assert buttons is not None
        buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
        qtbot.waitUntil(lambda: not hosting.claims(), timeout=WAIT)  # the host forgets the ask
        assert join.transport.finished


def test_a_players_window_offers_no_gm_tools_and_the_gms_one_options_entry(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    menu.host(port=0)
    client = join(menu, qtbot)

    def shown(window: object, title: str) -> list[str]:
        entries = window.menu(title).actions()  # type: ignore[attr-defined]
        return [a.objectName() for a in entries if a.isVisible() and not a.isSeparator()]

    player_map = shown(client, "&Map")
    assert "map_zoom_in" in player_map and "map_export_png" in player_map
    for gm_only in ("map_drop_d20", "map_chart", "map_travel", "map_edit", "map_orientation"):
        assert gm_only not in player_map
    assert not client.menu("&Campaign").menuAction().isVisible()  # Options: the GM's
    assert client.player_feature is None
    from saga_desktop.app import build_window

    gm, _problem = build_window(None)
    qtbot.addWidget(gm)
    assert shown(gm, "&Campaign").count("campaign_options") == 1
    assert "map_chart" in shown(gm, "&Map")
