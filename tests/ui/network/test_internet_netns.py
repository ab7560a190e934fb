"""Internet play between two hosts of our own: network namespaces joined by a virtual cable.

The host runs ``--serve`` in one namespace and the player's app in another, each with only its
own address; the internet transport (relays off, direct addresses) carries the join, a token
moved by the player and the host's answer. A player in a namespace with no route to the host
reads why within seconds. Needs root and ``ip`` (CI runs as root); skipped elsewhere.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from saga_desktop.model.ops.tokens import PlaceToken
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.storage import save_campaign

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None, reason="needs root and iproute2"
)


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture
def namespaces() -> Iterator[tuple[str, str, str, str]]:
    tag = secrets.token_hex(3)
    host_ns, player_ns = f"saga-h-{tag}", f"saga-p-{tag}"
    subnet = f"10.{200 + secrets.randbelow(50)}.{secrets.randbelow(250)}"
    host_ip, player_ip = f"{subnet}.1", f"{subnet}.2"
    try:
        ip("netns", "add", host_ns)
        ip("netns", "add", player_ns)
        ip("link", "add", f"vh{tag}", "type", "veth", "peer", "name", f"vp{tag}")
        ip("link", "set", f"vh{tag}", "netns", host_ns)
        ip("link", "set", f"vp{tag}", "netns", player_ns)
        for ns, dev, addr in ((host_ns, f"vh{tag}", host_ip), (player_ns, f"vp{tag}", player_ip)):
            ip("-n", ns, "addr", "add", f"{addr}/24", "dev", dev)
            ip("-n", ns, "link", "set", dev, "up")
            ip("-n", ns, "link", "set", "lo", "up")
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"network namespaces are not available here: {exc.stderr!r}")
    try:
        yield host_ns, player_ns, host_ip, player_ip
    finally:
        for ns in (host_ns, player_ns):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def env(bind: str) -> dict[str, str]:
    return {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "SAGA_DESKTOP_RELAY": "off",
        "SAGA_DESKTOP_INTERNET_BIND": f"{bind}:0",
    }


def serve(
    tmp_path: Path, host_ns: str, host_ip: str
) -> tuple[subprocess.Popen[str], dict[str, str]]:
    session = build_sample()
    token = session.apply(PlaceToken("character", 0, 0, character="pc1"))  # Ren's Astrid
    file = tmp_path / "coast.saga"
    save_campaign(session.export(), file)
    command = ["ip", "netns", "exec", host_ns, sys.executable, "-m", "saga_desktop"]
    command += ["--serve", str(file), "--port", "0", "--no-announce"]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env(host_ip),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    printed: dict[str, str] = {"token": token}
    assert proc.stdout is not None
    for _ in range(10):
        line = proc.stdout.readline().strip()
        key, _, value = line.partition(": ")
        printed[key] = value
        if key == "Internet link":
            break
    assert printed.get("Internet link", "").startswith("saga://p2p/"), printed
    return proc, printed


def player(player_ns: str, player_ip: str, printed: dict[str, str]) -> dict[str, object]:
    command = [
        "ip",
        "netns",
        "exec",
        player_ns,
        sys.executable,
        "-m",
        "tests.ui.network.netns_player",
    ]
    command += [printed["Internet link"], printed["Join code"], "Ren", printed["token"]]
    result = subprocess.run(
        command, cwd=ROOT, env=env(player_ip), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_player_in_another_network_joins_by_the_internet_link_and_moves_a_token(
    tmp_path: Path, namespaces: tuple[str, str, str, str]
) -> None:
    host_ns, player_ns, host_ip, player_ip = namespaces
    proc, printed = serve(tmp_path, host_ns, host_ip)
    try:
        heard = player(player_ns, player_ip, printed)
        assert heard.get("seat") == "seat1", heard
        assert heard.get("answer") == [True, ""], heard
        assert heard.get("moved") is True, heard
        print(f"\njoined across namespaces in {heard['joined_ms']} ms")
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and "Traceback" not in out + err, out + err


def test_a_player_with_no_way_to_the_host_reads_why(
    tmp_path: Path, namespaces: tuple[str, str, str, str]
) -> None:
    host_ns, player_ns, host_ip, player_ip = namespaces
    proc, printed = serve(tmp_path, host_ns, host_ip)
    try:
        tag = host_ns.removeprefix("saga-h-")
        ip("-n", player_ns, "link", "set", f"vp{tag}", "down")  # the cable is cut
        heard = player(player_ns, player_ip, printed)
        assert "No answer from the host" in str(heard.get("closed")), heard
        assert str(heard.get("state")).startswith("Not connected:"), heard
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_a_player_whose_network_changes_stays_at_the_table(tmp_path: Path) -> None:
    """The player's computer has two ways to the host; the one in use is cut mid-game."""
    tag = secrets.token_hex(3)
    host_ns, player_ns = f"saga-h-{tag}", f"saga-p-{tag}"
    a, b = f"10.{200 + secrets.randbelow(25)}.{secrets.randbelow(250)}", ""
    b = f"10.{225 + secrets.randbelow(25)}.{secrets.randbelow(250)}"
    try:
        ip("netns", "add", host_ns)
        ip("netns", "add", player_ns)
        for n, subnet in ((1, a), (2, b)):
            ip("link", "add", f"vh{n}{tag}", "type", "veth", "peer", "name", f"vp{n}{tag}")
            ip("link", "set", f"vh{n}{tag}", "netns", host_ns)
            ip("link", "set", f"vp{n}{tag}", "netns", player_ns)
            ip("-n", host_ns, "addr", "add", f"{subnet}.1/24", "dev", f"vh{n}{tag}")
            ip("-n", player_ns, "addr", "add", f"{subnet}.2/24", "dev", f"vp{n}{tag}")
            ip("-n", host_ns, "link", "set", f"vh{n}{tag}", "up")
            ip("-n", player_ns, "link", "set", f"vp{n}{tag}", "up")
        for ns in (host_ns, player_ns):
            ip("-n", ns, "link", "set", "lo", "up")
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"network namespaces are not available here: {exc.stderr!r}")
    proc = player = None
    try:
        proc, printed = serve(tmp_path, host_ns, "0.0.0.0")  # both of the host's addresses
        flag = tmp_path / "cut"
        command = ["ip", "netns", "exec", player_ns, sys.executable]
        command += ["-m", "tests.ui.network.netns_player", printed["Internet link"]]
        command += [printed["Join code"], "Ren", printed["token"], str(flag)]
        player = subprocess.Popen(
            command, cwd=ROOT, env=env("0.0.0.0"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        assert player.stdout is not None
        word, _, remote = player.stdout.readline().strip().partition(" ")
        assert word == "moved" and remote, remote
        used = 1 if remote.startswith(f"{a}.") else 2  # cut the way the connection goes by
        assert remote.startswith(f"{a if used == 1 else b}."), remote
        ip("-n", player_ns, "link", "set", f"vp{used}{tag}", "down")
        flag.touch()
        out, err = player.communicate(timeout=60)
        assert player.returncode == 0 and "Traceback" not in err, err
        heard = json.loads(out.strip().splitlines()[-1])
        assert heard.get("answer_after_cut") == [True, ""], heard
        joins = heard["events"].count("Joined")
        how = "kept its connection" if joins == 1 else "reconnected by itself"
        print(f"\nafter the network change the player {how}: back in {heard['after_cut_ms']} ms")
        assert heard["after_cut_ms"] < 20_000
    finally:
        for p in (player, proc):
            if p is not None and p.poll() is None:
                p.terminate()
                p.communicate(timeout=30)
        for ns in (host_ns, player_ns):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
