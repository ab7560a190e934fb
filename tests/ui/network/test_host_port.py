"""Hosting from the app listens on the settings' port (47800 unless changed), else the next free.

The menu's *Host this campaign…* is a QAction: its ``triggered(checked)`` once reached
``host(port)`` as ``False``, i.e. port 0, so the app hosted on a random port while ``--serve``
used 47800 and players typing the address were refused.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtNetwork import QHostAddress, QTcpServer
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.codes import DEFAULT_PORT
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network.host_port import PORT_SETTING, host_port
from saga_desktop.ui.network.menu import SessionMenu
from tests.ui.network.table_fixtures import Window


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    window = Window()
    qtbot.addWidget(window)
    session_menu = SessionMenu(window, SessionBridge(build_sample(), window))
    yield session_menu
    session_menu.stop_hosting()
    QSettings().remove(PORT_SETTING)


def free_pair() -> int:
    """A port p with p and p + 1 both free right now (other tests may be hosting)."""
    for _ in range(50):
        probe = QTcpServer()
        assert probe.listen(QHostAddress(QHostAddress.SpecialAddress.Any), 0)
        port = probe.serverPort()
        probe.close()
        nxt = QTcpServer()
        ok = port < 65535 and nxt.listen(QHostAddress(QHostAddress.SpecialAddress.Any), port + 1)
        nxt.close()
        if ok and port >= 1024:
            return int(port)
    raise AssertionError("no two free ports in a row")


def test_the_port_setting_is_47800_until_changed_and_a_bad_value_reads_as_47800() -> None:
    settings = QSettings()
    settings.remove(PORT_SETTING)
    assert host_port(settings) == DEFAULT_PORT == 47800
    for bad in ("x", "80", "70000"):
        settings.setValue(PORT_SETTING, bad)
        assert host_port(settings) == DEFAULT_PORT
    settings.setValue(PORT_SETTING, 50123)
    assert host_port(settings) == 50123
    settings.remove(PORT_SETTING)


def test_the_menu_entry_hosts_on_the_settings_port(qtbot: QtBot, menu: SessionMenu) -> None:
    port = free_pair()
    QSettings().setValue(PORT_SETTING, port)
    menu.host_action.trigger()  # as a click does: triggered(False)
    assert menu.hosting is not None and menu.hosting.port == port
    assert menu.dialog is not None
    assert f"Port: {port}" in menu.dialog.findChild(type(menu.dialog.code), "hostPort").text()
    assert not menu.dialog.notice.isVisibleTo(menu.dialog)  # nothing to explain


def test_a_taken_port_moves_to_the_next_free_one_and_the_window_says_so(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    port = free_pair()
    QSettings().setValue(PORT_SETTING, port)
    squatter = QTcpServer()
    assert squatter.listen(QHostAddress(QHostAddress.SpecialAddress.Any), port)
    try:
        menu.host_action.trigger()
        assert menu.hosting is not None and menu.hosting.port == port + 1
        assert menu.dialog is not None and menu.dialog.notice.isVisibleTo(menu.dialog)
        notice = menu.dialog.notice.text()
        assert f"Port {port} is taken" in notice and f"port {port + 1}" in notice
    finally:
        squatter.close()


def test_the_hosting_window_changes_the_port_for_next_time(qtbot: QtBot, menu: SessionMenu) -> None:
    menu.host(port=0)
    assert menu.dialog is not None
    spin = menu.dialog.port_setting
    assert spin.accessibleName() and spin.value() == host_port(QSettings())
    spin.setValue(50321)
    assert host_port(QSettings()) == 50321
