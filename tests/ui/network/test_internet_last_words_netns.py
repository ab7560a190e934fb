"""The host's last words arrive 20 of 20 times over iroh between two network namespaces.

A wrong code's refusal and "the GM gave your seat to another computer" (relays off, each end in a
namespace of its own, joined by a virtual cable). Needs root and ``ip``; skipped elsewhere.
About 10 s.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.ui.network.netns_last_words import REMOVED
from tests.ui.network.test_internet_netns import ROOT, env, namespaces, pytestmark

__all__ = ["namespaces", "pytestmark"]
RUNS = 20


def test_the_last_words_arrive_every_time_across_namespaces(
    namespaces: tuple[str, str, str, str],
) -> None:
    host_ns, player_ns, host_ip, player_ip = namespaces
    command = [sys.executable, "-m", "tests.ui.network.netns_last_words"]
    host = subprocess.Popen(
        ["ip", "netns", "exec", host_ns, *command, "host", host_ip],
        cwd=ROOT,
        env=env(host_ip),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        ticket = host.stdout.readline().strip()
        assert ticket.startswith("endpoint"), ticket
        result = subprocess.run(
            ["ip", "netns", "exec", player_ns, *command, "player", ticket, str(RUNS)],
            cwd=ROOT,
            env=env(player_ip),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
        heard = json.loads(result.stdout.strip().splitlines()[-1])
        wrong = sum("Wrong code" in words for words in heard["wrong"])
        removed = heard["removed"].count(REMOVED)
        print(f"\nacross namespaces: wrong code {wrong}/{RUNS}, seat given away {removed}/{RUNS}")
        assert (wrong, removed) == (RUNS, RUNS), heard
    finally:
        _out, err = host.communicate("stop\n", timeout=30)
    assert "Traceback" not in err, err
