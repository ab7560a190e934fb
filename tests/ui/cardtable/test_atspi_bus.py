"""The running app read over the real desktop accessibility bus (AT-SPI), as Orca reads it.

Needs the distribution's at-spi2-core, python3-pyatspi, dbus-run-session and Xvfb; skipped, with
the reason, when any is missing (CI needs no desktop bus: the offscreen QAccessible tests cover
the same names).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SAMPLE = HERE.parents[2] / "resources" / "sample" / "the-shattered-coast.saga"
SYSTEM_PYTHON = "/usr/bin/python3"


def missing() -> str:
    """What the machine lacks for the test ("" when nothing)."""
    for tool in ("dbus-run-session", "Xvfb"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    if not Path("/usr/libexec/at-spi-bus-launcher").exists():
        return "at-spi2-core is not installed (no at-spi-bus-launcher)"
    found = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, check=False
    ) if Path(SYSTEM_PYTHON).exists() else None  # fmt: skip
    if found is None or found.returncode != 0:
        return "python3-pyatspi is not installed (apt-get install python3-pyatspi)"
    return ""


@pytest.mark.skipif(bool(missing()), reason=missing() or "ready")
def test_a_screen_reader_reads_the_piles_the_controls_and_a_rolls_announcement(
    tmp_path: Path,
) -> None:
    campaign = tmp_path / "coast.saga"
    campaign.write_bytes(SAMPLE.read_bytes())
    done = subprocess.run(
        ["dbus-run-session", "--", SYSTEM_PYTHON, str(HERE / "atspi_reader.py"),
         sys.executable, str(campaign)],
        capture_output=True, text=True, timeout=90, check=False, cwd=HERE.parents[2],
    )  # fmt: skip
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stdout + done.stderr
    report = json.loads(lines[-1])
    assert report["app"] == "Saga Desktop"
    piles = report["piles"]
    print(f"\nAT-SPI: {len(piles)} piles named: {piles}")
    print(f"AT-SPI: {report['controls'] - len(report['unnamed'])} of {report['controls']} "
          f"showing controls named; unnamed roles: {report['unnamed']}")  # fmt: skip
    print(f"AT-SPI: announcements after Roll: {report['announcements']}")
    assert len(piles) == 5 and all(": " in name for name in piles), piles
    assert piles[0].startswith("Draw pile: 32 cards face down, ")
    assert report["cards"]["Ivar the Quiet's hand: ace of hearts"] == ["ace of hearts ♥"]
    assert any("Strength trial" in said for said in report["announcements"])
