"""``saga-desktop --check FILE``: one line, exit 0 / 1 / 2, never a traceback."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from saga_desktop.check import check_file


def test_ok(sample_file: Path) -> None:
    code, line = check_file(sample_file)
    assert code == 0
    assert re.fullmatch(
        r"OK: The Shattered Coast \(songs-and-sagas, \d+ regions, \d+ characters\)", line
    )


def test_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.saga"
    bad.write_bytes(b'{"format": "saga-desktop/campaign"')
    code, line = check_file(bad)
    assert code == 1
    assert line.startswith("BAD: bad.saga: The file is not valid JSON")


def test_unreadable(tmp_path: Path) -> None:
    assert check_file(tmp_path / "missing.saga")[0] == 2
    assert check_file(tmp_path)[0] == 2


def test_command_line_process(sample_file: Path, tmp_path: Path) -> None:
    """The real command: no Qt needed, one line, the right exit codes, no traceback."""
    run = [sys.executable, "-m", "saga_desktop", "--check"]
    ok = subprocess.run([*run, str(sample_file)], capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and ok.stdout.startswith("OK: The Shattered Coast (songs-and-sagas, ")
    assert ok.stdout.count("\n") == 1
    bad = tmp_path / "x.saga"
    bad.write_bytes(b"\xff\xfe")
    out = subprocess.run([*run, str(bad)], capture_output=True, text=True, check=False)
    assert out.returncode == 1 and "Traceback" not in out.stderr and out.stderr.count("\n") == 1
    gone = subprocess.run(
        [*run, str(tmp_path / "gone.saga")], capture_output=True, text=True, check=False
    )
    assert gone.returncode == 2 and "Traceback" not in gone.stderr


def test_check_never_loads_qt(sample_file: Path) -> None:
    code = (
        "import sys; from saga_desktop.__main__ import main; rc = main(['--check', sys.argv[1]]); "
        "assert 'PySide6' not in sys.modules, 'Qt was imported'; raise SystemExit(rc)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(sample_file)], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
