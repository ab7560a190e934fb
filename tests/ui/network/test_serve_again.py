"""``--serve`` killed and started again on the same file: the same codes, the players back in."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.model.registry import rulesets
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.codes import parse_code
from saga_desktop.resources import SAMPLE_CAMPAIGN, resource
from saga_desktop.ui.network import transport
from saga_desktop.ui.network.transport import ClientTransport


def _serve(file: Path) -> tuple[subprocess.Popen[str], dict[str, str]]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "saga_desktop", "--serve", str(file), "--port", "0"]
    proc = subprocess.Popen(
        [*command, "--no-announce"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    lines = {}
    for start in ("Address", "Join code", "GM code", "Link", "Not announced"):
        key, _, value = _read(proc.stdout).partition(": ")
        assert key.startswith(start), key
        lines[start] = value
    return proc, lines


def _read(stream: IO[str]) -> str:
    return stream.readline().rstrip("\n")


def _end(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.communicate(timeout=20)  # closes the pipes


def test_a_killed_serve_started_again_prints_the_same_codes_and_seats_its_player(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(transport, "RECONNECT_DELAYS_MS", (100, 200))
    file = tmp_path / "coast.saga"
    shutil.copy(resource(*SAMPLE_CAMPAIGN), file)
    first, printed = _serve(file)
    second = None
    try:
        port = int(printed["Address"].split(", ")[0].rsplit(":", 1)[1])
        versions = {game.id: str(game.version) for game in rulesets()}
        protocol = ClientProtocol(parse_code(printed["Join code"]), app_version(), versions, "Ren")
        client = ClientTransport(protocol, "127.0.0.1", port)
        client.connect_to_host()
        qtbot.waitUntil(lambda: protocol.joined, timeout=10_000)
        first.kill()  # a crash: no goodbye
        first.communicate(timeout=20)
        qtbot.waitUntil(lambda: not protocol.joined, timeout=10_000)
        second, again = _serve(file)
        assert again["Join code"] == printed["Join code"]
        assert again["GM code"] == printed["GM code"] and again["Address"] == printed["Address"]
        assert second.stdout is not None
        assert "same port, codes and seats" in _read(second.stdout)
        qtbot.waitUntil(lambda: client.came_back, timeout=10_000)
        assert protocol.seat_id == "seat1" and protocol.view is not None
        client.close()
    finally:
        _end(first)
        if second is not None:
            _end(second)
