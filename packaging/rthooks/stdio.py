"""PyInstaller run-time hook: give a windowed app somewhere to write.

A windowed Windows program started without redirection has no standard output or error, and
Python leaves ``sys.stdout``/``sys.stderr`` as None; ``--check`` and any warning would then fail
with AttributeError instead of printing. Redirected output (``saga-desktop.exe --check f > out``)
still arrives, as the streams exist then.
"""

import os
import sys
from pathlib import Path

# Both stay open for the life of the process.
if sys.stdout is None:
    sys.stdout = Path(os.devnull).open("w", encoding="utf-8")  # noqa: SIM115
if sys.stderr is None:
    sys.stderr = Path(os.devnull).open("w", encoding="utf-8")  # noqa: SIM115
