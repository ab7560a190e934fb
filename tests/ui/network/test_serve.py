"""``saga-desktop --serve`` as a real process: it prints where and how to join, saves, stops."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO

from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.__main__ import main
from saga_desktop.model.registry import rulesets
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.prompts import PromptRoll
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.codes import parse_code
from saga_desktop.resources import SAMPLE_CAMPAIGN, resource
from saga_desktop.rules import songs
from saga_desktop.serve import serve_slot
from saga_desktop.storage import load_campaign, save_campaign
from saga_desktop.ui.network.transport import PAUSED, ClientTransport


def _line(stream: IO[str], start: str) -> str:
    line = stream.readline()
    assert line.startswith(start), line
    return line[len(start) :].strip()


def test_serve_prints_its_address_and_codes_saves_and_stops_on_sigterm(
    qtbot: QtBot, tmp_path: Path
) -> None:
    file = tmp_path / "coast.saga"
    shutil.copy(resource(*SAMPLE_CAMPAIGN), file)
    session = Session(load_campaign(file).campaign)
    session.apply(PromptRoll("pc1", songs.Attribute.HEART, 12))  # the GM asks for a roll
    save_campaign(session.export(), file)
    before = len(load_campaign(file).campaign.journal)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "saga_desktop", "--serve", str(file), "--port", "0"]
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        address = _line(proc.stdout, "Address: ").split(", ")[0]
        code = parse_code(_line(proc.stdout, "Join code: "))
        assert parse_code(_line(proc.stdout, "GM code: ")).kind.value == "gm"
        link = _line(proc.stdout, "Link: ")
        where, _, query = link.removeprefix("saga://").partition("/?")
        assert link.startswith("saga://") and query.startswith("game=") and "&" not in query
        assert not any(word in where.lower() for word in code.text.split("-")[1:])
        port = int(address.rsplit(":", 1)[1])
        assert (
            _line(proc.stdout, "Announcing on the local network")
            == "(checking that the name is free)."
        )
        internet = _line(proc.stdout, "Internet link: ")
        assert internet.startswith("saga://p2p/endpoint") and "&" not in internet
        assert _line(proc.stdout, "Hosted on the internet too, with ") == (
            "direct connections only (no relay)."
        )
        announced = _line(proc.stdout, "Announced on the local network as ")
        assert announced.startswith('"The Shattered Coast on ')
        versions = {game.id: str(game.version) for game in rulesets()}
        protocol = ClientProtocol(code, app_version(), versions, "Ren")
        transport = ClientTransport(protocol, "127.0.0.1", port)
        transport.connect_to_host()
        qtbot.waitUntil(lambda: protocol.joined, timeout=10_000)
        transport.request({"kind": "songs.RollPrompt", "prompt": 1})
        qtbot.waitUntil(lambda: _logged(file) == 1, timeout=10_000)  # the file comes later
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == 0, err
        assert "Stopped; the campaign is saved." in out
        # Served again, the same file gets the same seats: the player waits to come back.
        qtbot.waitUntil(lambda: transport.connection_state == PAUSED, timeout=5000)
        assert not transport.finished
        transport.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    saved = load_campaign(file).campaign
    assert len(saved.journal) == before + 1  # written at the stop
    assert saved.journal[-1].character == "pc1"
    assert saved.play.model_dump()["pending"] is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["coast.saga"]  # no temp files left


def _logged(file: Path) -> int:
    """How many changes the served file's recovery log holds (-1 before it exists)."""
    log = serve_slot(file).log_path
    return log.read_bytes().count(b"\n") - 1 if log.is_file() else -1


def test_serve_with_no_announce_says_it_does_not_announce(tmp_path: Path) -> None:
    file = tmp_path / "coast.saga"
    shutil.copy(resource(*SAMPLE_CAMPAIGN), file)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "saga_desktop", "--serve", str(file), "--port", "0"]
    proc = subprocess.Popen(
        [*command, "--no-announce"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        for start in ("Address: ", "Join code: ", "GM code: ", "Link: "):
            _line(proc.stdout, start)
        line = _line(proc.stdout, "Not announced on the local network")
        assert line == "(players type the address)."
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == 0, err
        assert "announced" not in out.lower()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_serve_refuses_a_file_it_cannot_open(tmp_path: Path, capsys: object) -> None:
    bad = tmp_path / "bad.saga"
    bad.write_text("{not json")
    assert main(["--serve", str(bad), "--port", "0"]) == 2
    assert main(["--port", "5"]) == 2
    assert main(["--no-announce"]) == 2
    assert main(["--serve", str(bad), "--port", "70000"]) == 2


def _start(file: Path) -> tuple[subprocess.Popen[str], int, str]:
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
    address = _line(proc.stdout, "Address: ").split(", ")[0]
    code = _line(proc.stdout, "Join code: ")
    for start in ("GM code: ", "Link: "):
        _line(proc.stdout, start)
    return proc, int(address.rsplit(":", 1)[1]), code


def test_serve_killed_at_once_after_a_change_brings_it_back(qtbot: QtBot, tmp_path: Path) -> None:
    """Issue 22 point 7: each change is in the log at once; SIGKILL, serve again: nothing lost."""
    file = tmp_path / "coast.saga"
    shutil.copy(resource(*SAMPLE_CAMPAIGN), file)
    session = Session(load_campaign(file).campaign)
    session.apply(PromptRoll("pc1", songs.Attribute.HEART, 12))
    save_campaign(session.export(), file)
    before = load_campaign(file).campaign.journal
    proc, port, text = _start(file)
    try:
        code = parse_code(text)
        versions = {game.id: str(game.version) for game in rulesets()}
        protocol = ClientProtocol(code, app_version(), versions, "Ren")
        transport = ClientTransport(protocol, "127.0.0.1", port)
        transport.connect_to_host()
        qtbot.waitUntil(lambda: protocol.joined, timeout=10_000)
        transport.request({"kind": "songs.RollPrompt", "prompt": 1})
        qtbot.waitUntil(lambda: _logged(file) == 1, timeout=10_000)
        proc.kill()  # SIGKILL: no goodbye, no save
        transport.close()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=20)
    assert load_campaign(file).campaign.journal == before  # the file never got the roll
    again, _port, _code = _start(file)
    try:
        assert again.stdout is not None
        again.send_signal(signal.SIGTERM)
        _out, err = again.communicate(timeout=20)
        assert again.returncode == 0, err
        assert "Brought back 1 change the last run had not written" in err
    finally:
        if again.poll() is None:
            again.kill()
            again.wait()
    saved = load_campaign(file).campaign
    assert len(saved.journal) == len(before) + 1
    assert saved.journal[-1].character == "pc1"
    assert not serve_slot(file).meta_path.exists()  # stopped cleanly: nothing left to bring back
