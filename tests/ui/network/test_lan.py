"""Announcing and finding games with real zeroconf, over loopback only (tests/conftest.py)."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.discovery import SERVICE_TYPE, Announcement, FoundGame
from saga_desktop.ui.network import lan
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.lan import Announcer, GameBrowser


def test_tests_stay_on_loopback() -> None:
    assert lan.lan_interfaces() == ["127.0.0.1"]


def test_starting_the_app_loads_neither_zeroconf_nor_asyncio() -> None:
    """They load when hosting or joining: every start would pay a tenth of a second for them."""
    script = (
        "import sys, saga_desktop.app, saga_desktop.ui.network.menu; "
        "print(sorted(m for m in ('zeroconf', 'asyncio', 'ifaddr') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def unique_game() -> Announcement:
    return Announcement(
        game_name=f"Coast {secrets.token_hex(4)}",
        ruleset="songs-and-sagas",
        ruleset_version="1",
        app_version="1.2.0",
        host_name="gm-laptop",
        port=47801,
    )


@pytest.fixture
def browser() -> Iterator[GameBrowser]:
    browser = GameBrowser()
    assert browser.start() is None
    yield browser
    browser.stop()


def test_an_announced_game_is_found_and_lost_when_it_stops(
    qtbot: QtBot, browser: GameBrowser
) -> None:
    sent = unique_game()
    found: dict[str, FoundGame] = {}
    lost: list[str] = []
    browser.gameFound.connect(lambda game: found.__setitem__(game.service_name, game))
    browser.gameLost.connect(lost.append)
    announcer = Announcer(sent, ["127.0.0.1"])
    announcer.start()
    assert announcer.status.startswith("Announcing")
    qtbot.waitUntil(lambda: sent.service_name() in found, timeout=10_000)
    game = found[sent.service_name()]
    assert (game.game_name, game.host_name, game.address, game.port) == (
        sent.game_name,
        "gm-laptop",
        "127.0.0.1",
        47801,
    )
    qtbot.waitUntil(lambda: announcer.status.startswith("Announced"), timeout=10_000)
    assert sent.instance_name() in announcer.status
    announcer.stop()
    qtbot.waitUntil(lambda: sent.service_name() in lost, timeout=5000)
    assert announcer.status == "No longer announced on the local network."


def test_hosting_announces_without_its_codes(qtbot: QtBot) -> None:
    session = build_sample()
    session.campaign.name = f"{secrets.randbelow(10**8):08d}"  # no word a code could hold
    hosting = Hosting(session, 0, announce=True)
    try:
        assert hosting.announcer is not None
        name = hosting.announcer.announcement.service_name()
        qtbot.waitUntil(lambda: hosting.announce_status().startswith("Announced"), timeout=10_000)
        listener = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        try:
            info = listener.get_service_info(SERVICE_TYPE, name, timeout=5000)
        finally:
            listener.close()
        assert isinstance(info, ServiceInfo) and info.port == hosting.port
        assert info.parsed_addresses() == ["127.0.0.1"]
        heard = bytes(info.text or b"") + info.name.encode() + (info.server or "").encode()
        assert info.properties[b"name"] == session.campaign.name.encode()
        for code in (hosting.join_code, hosting.gm_code):
            for word in code.text.split("-")[1:]:
                assert word.encode() not in heard.lower()
    finally:
        hosting.stop()
    assert hosting.announce_status() == "No longer announced on the local network."


def test_hosting_without_announcing_says_so() -> None:
    hosting = Hosting(build_sample(), 0)
    try:
        assert hosting.announcer is None
        assert hosting.announce_status().startswith("Not announced on the local network")
    finally:
        hosting.stop()


def no_multicast(**_options: object) -> Zeroconf:
    raise OSError(19, "No such device")


@pytest.mark.parametrize(
    ("interfaces", "why"),
    [
        ("127.0.0.1", "multicast is not available here ([Errno 19] No such device)"),
        ("10.254.254.254", "no network interface of this computer has the address 10.254.254.254"),
        ("eth0", "SAGA_DESKTOP_LAN_INTERFACES holds 'eth0', not an IPv4 address"),
    ],
)
def test_without_multicast_both_say_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, interfaces: str, why: str
) -> None:
    monkeypatch.setenv(lan.INTERFACES_VARIABLE, interfaces)
    monkeypatch.setattr("zeroconf.Zeroconf", no_multicast)
    announcer = Announcer(unique_game(), ["127.0.0.1"])
    announcer.start()
    assert announcer.status == f"Not announced on the local network: {why}."
    announcer.stop()
    assert GameBrowser().start() == f"Cannot look for games on this network: {why}."


def test_a_record_without_the_games_fields_is_still_listed_by_name(
    qtbot: QtBot, browser: GameBrowser
) -> None:
    """Anyone may announce the service type; a bare record is shown by its instance name."""
    name = f"Stranger {secrets.token_hex(4)}.{SERVICE_TYPE}"
    found: dict[str, FoundGame] = {}
    browser.gameFound.connect(lambda game: found.__setitem__(game.service_name, game))
    stranger = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    try:
        info = ServiceInfo(
            SERVICE_TYPE,
            name,
            port=4000,
            properties={b"name": b"\x1b[2J<i>x</i>\n" * 15},
            server="stranger-test.local.",
            parsed_addresses=["127.0.0.1"],
        )
        stranger.register_service(info)
        qtbot.waitUntil(lambda: name in found, timeout=10_000)
    finally:
        stranger.close()
    game = found[name]
    assert game.protocol_version is None and "\n" not in game.game_name
    assert "\x1b" not in game.game_name and len(game.game_name) <= 80
