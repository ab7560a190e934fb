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
# Finding games on the network: only ever over loopback in tests (subprocesses inherit this).
os.environ["SAGA_DESKTOP_LAN_INTERFACES"] = "127.0.0.1"
# Internet play: no relay and no address lookup (nothing leaves this machine), endpoints on
# loopback only. Tests that want other settings set them themselves.
os.environ["SAGA_DESKTOP_RELAY"] = "off"
os.environ["SAGA_DESKTOP_INTERNET_BIND"] = "127.0.0.1:0"
# The app's words in English whatever the machine's language; tests of other languages say so.
os.environ["SAGA_DESKTOP_LANGUAGE"] = "en"


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
        _forbid_modal_message_boxes()
        QCoreApplication.setOrganizationName("Saga Desktop Tests")
        QCoreApplication.setApplicationName("Saga Desktop Tests")
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(root / "cfg"))
    yield root
    from saga_desktop import i18n

    i18n.use(None)  # a test that spoke another language leaves the next one in English
    i18n.set_formatter(None)
    if QSettings is not None:
        _allow_modal_message_boxes()
    if old is None:
        os.environ.pop("SAGA_DESKTOP_DATA", None)
    else:
        os.environ["SAGA_DESKTOP_DATA"] = old


_REAL_EXEC: dict[str, object] = {}
_TEARING_DOWN = [False]


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """While pytest-qt closes a test's windows, a window with unsaved work is let go.

    Its "save first?" question is not part of the test; an error raised from inside Qt's
    closeEvent there would take the whole process down.
    """
    _TEARING_DOWN[0] = True
    try:
        yield
    finally:
        _TEARING_DOWN[0] = False


def _forbid_modal_message_boxes() -> None:
    """A message box that opens in a test would wait forever for a click: fail instead.

    Tests that expect a message patch ``saga_desktop.ui.messages`` (or the caller's import).
    """
    from PySide6.QtWidgets import QMessageBox

    if "exec" not in _REAL_EXEC:
        _REAL_EXEC["exec"] = QMessageBox.exec

    def refuse(box: QMessageBox) -> int:
        if _TEARING_DOWN[0]:
            return int(QMessageBox.StandardButton.Discard.value)
        raise AssertionError(f"a modal message box opened in a test: {box.text()!r}")

    QMessageBox.exec = refuse  # type: ignore[method-assign]


def _allow_modal_message_boxes() -> None:
    from PySide6.QtWidgets import QMessageBox

    if "exec" in _REAL_EXEC:
        QMessageBox.exec = _REAL_EXEC["exec"]  # type: ignore[method-assign]
