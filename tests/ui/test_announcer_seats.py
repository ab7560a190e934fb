"""Announcements at a player's seat and at the hosting GM's window, over real loopback sockets."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.rules import songs
from saga_desktop.ui import announce as announce_module
from saga_desktop.ui.announce import Announcement
from saga_desktop.ui.announcer import install_announcer
from saga_desktop.ui.network import transport
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.network.table_fixtures import hosted, join

WAIT = 5000


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


def test_a_check_sent_to_the_seat_interrupts_and_a_joining_seat_is_told(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement]
) -> None:
    install_announcer(menu.window, menu.bridge)  # type: ignore[arg-type]
    client = join(menu, qtbot)
    at_gm = lambda: [a.text for a in heard if a.source is menu.window]  # noqa: E731
    qtbot.waitUntil(lambda: any("Ren joined the table." in t for t in at_gm()), timeout=WAIT)
    heard.clear()
    pc = client.remote.campaign.characters[0]
    menu.bridge.apply(PromptRoll(pc.id, songs.Attribute.HEART, 12, reason="the cold"))

    def urgent() -> list[Announcement]:
        return [a for a in heard if a.source is client and a.assertive]

    qtbot.waitUntil(lambda: bool(urgent()), timeout=WAIT)
    assert urgent()[0].text.startswith(f"For you: Roll for {pc.name}: Heart trial vs DR 12")
    assert "the cold" in urgent()[0].text
    assert not [a for a in heard if a.source is menu.window and a.assertive]


def test_the_connection_lost_and_back_is_spoken_at_the_seat(
    qtbot: QtBot, menu: SessionMenu, heard: list[Announcement], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transport, "RECONNECT_DELAYS_MS", (50, 100))
    client = join(menu, qtbot)
    heard.clear()
    socket = client.remote.transport._socket
    assert socket is not None
    socket.abort()
    at_seat = lambda: [a for a in heard if a.source is client]  # noqa: E731
    qtbot.waitUntil(lambda: any(a.assertive for a in at_seat()), timeout=WAIT)
    qtbot.waitUntil(lambda: any(a.text == "Back at the table." for a in at_seat()), timeout=WAIT)
