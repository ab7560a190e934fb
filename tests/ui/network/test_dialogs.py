"""The Join dialog lists the games found on the network; the hosting window says it announces."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget
from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.discovery import Announcement
from saga_desktop.ui.network import lan
from saga_desktop.ui.network.dialogs import HostDialog, JoinDialog
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.lan import Announcer


def game(app: str | None = None) -> Announcement:
    return Announcement(
        game_name=f"Coast {secrets.token_hex(4)}",
        ruleset="songs-and-sagas",
        ruleset_version=str(find_ruleset("songs-and-sagas").version),
        app_version=app or app_version(),
        host_name="gm-laptop",
        port=47_000 + secrets.randbelow(1000),
    )


@pytest.fixture
def announced() -> Iterator[list[Announcer]]:
    announcers: list[Announcer] = []
    yield announcers
    for announcer in announcers:
        announcer.stop()


def announce(announced: list[Announcer], sent: Announcement) -> Announcer:
    announcer = Announcer(sent, ["127.0.0.1"])
    announcer.start()
    announced.append(announcer)
    return announcer


def row_of(games: QListWidget, text: str) -> int:
    for row in range(games.count()):
        if text in games.item(row).text():
            return row
    return -1


def click_row(qtbot: QtBot, games: QListWidget, row: int) -> None:
    rect = games.visualItemRect(games.item(row))
    qtbot.mouseClick(games.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def open_dialog(qtbot: QtBot) -> tuple[JoinDialog, QListWidget]:
    dialog = JoinDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog, dialog.findChild(QListWidget, "joinGames")


def test_a_game_found_on_the_network_fills_in_the_address(
    qtbot: QtBot, announced: list[Announcer]
) -> None:
    sent = game()
    announce(announced, sent)
    dialog, games = open_dialog(qtbot)
    qtbot.waitUntil(lambda: row_of(games, sent.game_name) >= 0, timeout=10_000)
    line = games.item(row_of(games, sent.game_name)).text()
    assert line == f"{sent.game_name} — Songs & Sagas — gm-laptop — 127.0.0.1:{sent.port}"
    status = dialog.findChild(QLabel, "joinGamesStatus").text()
    assert "on this network. Or type the address below." in status
    click_row(qtbot, games, row_of(games, sent.game_name))
    assert dialog.address.text() == "127.0.0.1"
    assert dialog.port.value() == sent.port
    assert dialog.error.text() == ""
    qtbot.keyClicks(dialog.code, "42-lantern-otter-maple")
    qtbot.keyClicks(dialog.name, "Ren")
    dialog.accept()
    request = dialog.result_request
    assert request is not None and (request.host, request.port) == ("127.0.0.1", sent.port)
    assert not dialog.found.looking  # closing the dialog stopped the browsing


def test_a_game_of_another_version_is_listed_but_marked(
    qtbot: QtBot, announced: list[Announcer]
) -> None:
    sent = game(app="0.0.1")
    announcer = announce(announced, sent)
    dialog, games = open_dialog(qtbot)
    qtbot.waitUntil(lambda: row_of(games, sent.game_name) >= 0, timeout=10_000)
    row = row_of(games, sent.game_name)
    assert (
        games.item(row)
        .text()
        .endswith("\n    cannot join it from this app: needs Saga Desktop 0.0.1")
    )
    click_row(qtbot, games, row)
    assert dialog.address.text() == "127.0.0.1"
    assert dialog.error.text() == "This app cannot join that game: needs Saga Desktop 0.0.1."
    announcer.stop()
    qtbot.waitUntil(lambda: row_of(games, sent.game_name) < 0, timeout=5000)


def test_without_multicast_the_dialog_says_so_and_typing_works(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(lan.INTERFACES_VARIABLE, "10.254.254.254")
    dialog, games = open_dialog(qtbot)
    status = dialog.findChild(QLabel, "joinGamesStatus").text()
    assert status.startswith("Cannot look for games on this network: no network interface")
    assert status.endswith("Type the GM's address below.")
    assert not games.isVisible()
    qtbot.keyClicks(dialog.address, "100.101.102.103:47810")
    qtbot.keyClicks(dialog.code, "42-lantern-otter-maple")
    qtbot.keyClicks(dialog.name, "Ren")
    dialog.accept()
    request = dialog.result_request
    assert request is not None and (request.host, request.port) == ("100.101.102.103", 47810)


def test_the_hosting_window_says_whether_the_game_is_announced(qtbot: QtBot) -> None:
    session = build_sample()
    session.campaign.name = f"Coast {secrets.token_hex(4)}"
    hosting = Hosting(session, 0, announce=True)
    try:
        dialog = HostDialog(hosting)
        qtbot.addWidget(dialog)
        line = dialog.findChild(QLabel, "hostAnnounce")
        qtbot.waitUntil(lambda: line.text().startswith("Announced"), timeout=10_000)
        assert session.campaign.name in line.text()
        assert hosting.join_code.text not in line.text()
    finally:
        hosting.stop()
    assert line.text() == "No longer announced on the local network."
