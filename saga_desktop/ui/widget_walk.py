"""Walking every widget of the application without the garbage collector pulling one away.

``QApplication.allWidgets()`` hands back wrappers of widgets that Qt made itself (tab bars,
scroll bars, the parts of a dock). If Python's cyclic collector frees a window made from Python
while the walk is under way, Qt deletes that window's children at once, and a wrapper still in
the list points at freed memory: the next call through it crashes the process. The collector
is held for the length of the walk; it runs again right after.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtWidgets import QApplication, QWidget


@contextmanager
def every_widget() -> Iterator[list[QWidget]]:
    """Every widget of the application, safe to call into until the ``with`` block ends."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield list(QApplication.allWidgets())
    finally:
        if was_on:
            gc.enable()
