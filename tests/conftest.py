"""Test set-up shared by every test: Qt runs offscreen; settings and user data stay in temp folders.

This file must not import Qt at module level: tests/rules, tests/model and tests/storage also run
with Qt made unimportable (tests/without_qt.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Qt runs offscreen with two screens, like a GM's laptop with a screen turned to the players.
TWO_SCREENS = Path(__file__).resolve().parent / "data" / "two-screens.json"
os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={TWO_SCREENS}"


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every test gets its own user data folder and its own Qt settings file."""
    root = tmp_path_factory.mktemp("user")
    old = os.environ.get("SAGA_DESKTOP_DATA")
    os.environ["SAGA_DESKTOP_DATA"] = str(root / "data")
    try:
        from PySide6.QtCore import QCoreApplication, QSettings
    except ImportError:  # the Qt-free run of the lower layers
        QSettings = None
    if QSettings is not None:
        QCoreApplication.setOrganizationName("Saga Desktop Tests")
        QCoreApplication.setApplicationName("Saga Desktop Tests")
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(root / "cfg"))
    yield root
    if old is None:
        os.environ.pop("SAGA_DESKTOP_DATA", None)
    else:
        os.environ["SAGA_DESKTOP_DATA"] = old
