"""The Qt binding must not leak references: PySide6 6.12.0 on Python 3.11 aborted the app."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import sys
    from PySide6.QtWidgets import QApplication, QWidget
    app = QApplication([])
    w = QWidget()
    before = sys.getrefcount(None)
    for _ in range(20_000):
        w.setObjectName("x")
        w.update()
    print(sys.getrefcount(None) - before)
    """
)


def test_void_calls_do_not_leak_none() -> None:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120, check=False
    )
    assert out.returncode == 0, f"the Qt binding crashed: {out.stderr[-500:]}"
    assert abs(int(out.stdout.strip())) < 100, "the Qt binding leaks references to None"
