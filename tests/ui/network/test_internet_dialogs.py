"""The hosting window's internet part, its settings, and joining by an internet link."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.sample import build_sample
from saga_desktop.ui.network.dialogs import HostDialog, JoinDialog
from saga_desktop.ui.network.endpoints import RelayChoice
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.internet import internet_enabled, relay_choice
from saga_desktop.ui.network.internet_settings import InternetSettingsDialog


@pytest.fixture
def hosting() -> Iterator[Hosting]:
    host = Hosting(build_sample(), 0, ask_the_gm=False, internet=RelayChoice("off"))
    yield host
    host.stop()


def test_the_hosting_window_shows_the_internet_link_and_copies_it(
    qtbot: QtBot, hosting: Hosting
) -> None:
    dialog = HostDialog(hosting)
    qtbot.addWidget(dialog)
    link = dialog.findChild(QLineEdit, "hostInternetLink")
    assert link is not None and link.text() == hosting.internet_link()
    assert (
        link.text().startswith("saga://p2p/endpoint") and hosting.join_code.text not in link.text()
    )
    copy = dialog.findChild(QPushButton, "hostCopyInternetLink")
    assert copy is not None
    qtbot.mouseClick(copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == link.text()
    status = dialog.findChild(QLabel, "hostInternetStatus")
    assert status is not None and "direct connections only" in status.text()
    routes = dialog.findChild(QLabel, "hostInternetRoutes")
    assert routes is not None and routes.text() == "Nobody has joined over the internet yet."


def test_without_internet_hosting_the_window_says_so(qtbot: QtBot) -> None:
    host = Hosting(build_sample(), 0, ask_the_gm=False)
    try:
        dialog = HostDialog(host)
        qtbot.addWidget(dialog)
        link = dialog.findChild(QLineEdit, "hostInternetLink")
        assert link is not None and not link.isVisibleTo(dialog)
        status = dialog.findChild(QLabel, "hostInternetStatus")
        assert status is not None and status.text().startswith("Not hosted on the internet")
    finally:
        host.stop()


def test_the_join_dialog_takes_an_internet_link(qtbot: QtBot, hosting: Hosting) -> None:
    link = hosting.internet_link()
    assert link is not None
    dialog = JoinDialog(link)
    qtbot.addWidget(dialog)
    dialog.code.setText(hosting.join_code.text)
    dialog.name.setText("Ren")
    request = dialog.checked()
    assert request.ticket is not None and link.startswith(f"saga://p2p/{request.ticket}")
    dialog.address.setText(link.replace("endpoint", "endpoint%", 1))
    dialog.accept()
    assert dialog.result_request is None and "damaged" in dialog.error.text()


def test_internet_settings_refuse_a_bad_relay_and_save_a_good_one(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SAGA_DESKTOP_RELAY", raising=False)
    monkeypatch.delenv("SAGA_DESKTOP_INTERNET", raising=False)
    settings = QSettings()
    dialog = InternetSettingsDialog(settings=settings)
    qtbot.addWidget(dialog)
    enabled = dialog.findChild(QCheckBox, "internetEnabled")
    relay = dialog.findChild(QLineEdit, "internetRelay")
    assert enabled is not None and relay is not None and enabled.isChecked()
    assert relay_choice(settings).kind == "default"
    relay.setText("relay.example.org")  # no https://: refused, nothing saved
    dialog.accept()
    assert dialog.result() == 0 and "https://" in dialog.error.text()
    assert relay_choice(settings).kind == "default"
    relay.setText("https://relay.example.org")
    enabled.setChecked(False)
    dialog.accept()
    assert relay_choice(settings).urls == ("https://relay.example.org",)
    assert not internet_enabled(settings)


def test_without_iroh_for_this_computer_hosting_and_joining_say_so(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Intel Macs get no iroh build: LAN play goes on and both sides say why the internet won't."""
    from saga_desktop.ui.network import endpoints

    def missing() -> str:
        return "internet play is not available in this build of Saga Desktop (no iroh here)"

    monkeypatch.setattr(endpoints, "unavailable", missing)
    host = Hosting(build_sample(), 0, ask_the_gm=False, internet=RelayChoice("off"))
    try:
        assert host.internet is None and host.internet_link() is None
        assert host.internet_status.startswith("Not hosted on the internet: Internet play is not")
        assert host.port > 0  # the local network still works
    finally:
        host.stop()
    lost: list[str] = []
    pipe = endpoints.InternetPipe(
        lambda fn: fn(), "endpointx", lambda: None, lambda _d: None, lost.append
    )
    pipe.open()
    assert lost and "not available in this build" in lost[0]
