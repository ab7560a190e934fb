"""``--serve`` stopped cleanly (Ctrl+C) and served again: the players and GM seats come back.

The stop tells the players the host will be back (they wait, saying so, instead of ending); the
same file served again has the same port, codes, seats and internet link, and every seat is back
within 10 s of the host being there again, on the LAN and over the internet (relays off).
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import time
from pathlib import Path

from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.model.registry import rulesets
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.codes import parse_code
from saga_desktop.network.internet_link import parse_internet_link
from saga_desktop.resources import SAMPLE_CAMPAIGN, resource
from saga_desktop.ui.network.transport import PAUSED, ClientTransport
from tests.ui.network.test_serve_again import _end, _read
from tests.ui.network.test_serve_again import _serve as _serve_lan

BACK_WITHIN_S = 10.0


def _serve(file: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    proc, printed = _serve_lan(file)
    assert proc.stdout is not None
    for _ in range(4):
        key, _, value = _read(proc.stdout).partition(": ")
        if key == "Internet link":
            printed[key] = value
            break
    assert printed.get("Internet link", "").startswith("saga://p2p/"), printed
    return proc, printed


def _seat(
    printed: dict[str, str], name: str, *, gm: bool = False, internet: bool = False
) -> tuple[ClientProtocol, ClientTransport]:
    versions = {game.id: str(game.version) for game in rulesets()}
    code = parse_code(printed["GM code" if gm else "Join code"])
    protocol = ClientProtocol(code, app_version(), versions, name, role="gm" if gm else "player")
    port = int(printed["Address"].split(", ")[0].rsplit(":", 1)[1])
    ticket = parse_internet_link(printed["Internet link"]).ticket if internet else None
    client = ClientTransport(protocol, "127.0.0.1", port, ticket=ticket)
    client.connect_to_host()
    return protocol, client


def test_a_serve_stopped_with_ctrl_c_and_served_again_gets_every_seat_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    file = tmp_path / "coast.saga"
    shutil.copy(resource(*SAMPLE_CAMPAIGN), file)
    first, printed = _serve(file)
    second = None
    seats = []
    try:
        # One after the other: with a GM seat there, a character's seat waits for its leave.
        for name, how in (
            ("Ren", {}),
            ("Sam", {"internet": True}),
            ("Gunn", {"gm": True}),
            ("Hild", {"gm": True, "internet": True}),
        ):
            protocol, client = _seat(printed, name, **how)
            seats.append((protocol, client))
            qtbot.waitUntil(lambda p=protocol: p.joined and p.view is not None, timeout=15_000)
        first.send_signal(signal.SIGINT)  # Ctrl+C: a clean stop, to be served again
        first.communicate(timeout=20)
        for protocol, client in seats:
            qtbot.waitUntil(lambda p=protocol: not p.joined, timeout=10_000)
            assert not client.finished and client.connection_state == PAUSED
        qtbot.wait(1500)  # the players keep trying while the host is away
        second, again = _serve(file)
        started = time.monotonic()
        assert again["Join code"] == printed["Join code"]
        assert again["Internet link"] == printed["Internet link"]
        qtbot.waitUntil(
            lambda: all(client.came_back for _p, client in seats), timeout=int(BACK_WITHIN_S * 1000)
        )
        took = time.monotonic() - started
        print(f"every seat back {took:.1f} s after the host was there again")
        assert took < BACK_WITHIN_S
        assert [p.seat_name for p, _c in seats] == ["Ren", "Sam", "Gunn", "Hild"]
    finally:
        for _p, client in seats:
            client.close()
        _end(first)
        if second is not None:
            _end(second)
