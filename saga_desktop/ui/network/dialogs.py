"""The hosting window (the join code, big, and who is seated) and the Join dialog."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.network.codes import (
    DEFAULT_PORT,
    Code,
    CodeError,
    JoinLink,
    parse_code,
    parse_link,
)
from saga_desktop.network.discovery import FoundGame
from saga_desktop.network.internet_link import is_internet_link, parse_internet_link
from saga_desktop.ui.network import named
from saga_desktop.ui.network.found_games import FoundGames
from saga_desktop.ui.network.host_port import PORT_SETTING, host_port
from saga_desktop.ui.network.host_seats import HostSeats
from saga_desktop.ui.network.hosting import Hosting
from saga_desktop.ui.network.internet_settings import InternetSection


def _selectable(text: str, size: float = 1.0, bold: bool = False) -> QLabel:
    label = QLabel(text)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setWordWrap(True)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * size)
    font.setBold(bold)
    label.setFont(font)
    return label


class HostDialog(QDialog):
    """What the GM reads out and shares while hosting, and the seats at the table."""

    def __init__(
        self, hosting: Hosting, parent: QWidget | None = None, settings: QSettings | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("hostDialog")
        self.settings = settings if settings is not None else QSettings()
        self.setWindowTitle(tr("Hosting — Saga Desktop"))
        self.hosting = hosting
        outer = QVBoxLayout(self)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = scroll = QScrollArea()  # a small or magnified screen scrolls, not clips
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        self.notice = named(_selectable(hosting.notice, bold=True), "hostNotice")
        self.notice.setTextFormat(Qt.TextFormat.PlainText)
        self.notice.setVisible(bool(hosting.notice))
        layout.addWidget(self.notice)
        layout.addWidget(QLabel(tr("Read this join code out to the players:")))
        self.code = named(_selectable(hosting.join_code.text, 2.6, bold=True), "hostJoinCode")
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.code)
        addresses = ", ".join(hosting.addresses())
        where = named(
            _selectable(
                tr("Address: {addresses}    Port: {port}", addresses=addresses, port=hosting.port),
                1.2,
            ),
            "hostPort",
        )
        layout.addWidget(where)
        port_row = QHBoxLayout()
        self.port_setting = named(QSpinBox(), "hostPortSetting")
        self.port_setting.setRange(1024, 65535)
        self.port_setting.setValue(host_port(self.settings))
        self.port_setting.setAccessibleName(tr("Port to host on"))
        self.port_setting.setToolTip(
            tr(
                "The port this computer hosts on from the next time you host (47800 unless you "
                "change it); the players type it after the address when they join by address."
            )
        )
        self.port_setting.valueChanged.connect(
            lambda value: self.settings.setValue(PORT_SETTING, value)
        )
        port_label = QLabel(tr("&Port to host on (next time):"))
        port_label.setBuddy(self.port_setting)
        port_row.addWidget(port_label)
        port_row.addWidget(self.port_setting)
        port_row.addStretch(1)
        layout.addLayout(port_row)
        link = hosting.links()[0]
        row = QHBoxLayout()
        self.link = named(
            _selectable(tr("Join link (no code in it): {link}", link=link)), "hostLink"
        )
        copy = QPushButton(tr("Copy link"))
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(link))
        row.addWidget(self.link, 1)
        row.addWidget(copy)
        layout.addLayout(row)
        gm = tr("GM code, for a second GM only: {code}", code=hosting.gm_code.text)
        layout.addWidget(named(_selectable(gm, 0.9), "hostGmCode"))
        self.announce = named(_selectable(hosting.announce_status(), 0.9), "hostAnnounce")
        self.announce.setTextFormat(Qt.TextFormat.PlainText)
        hosting.announceChanged.connect(self.announce.setText)
        layout.addWidget(self.announce)
        self.internet = InternetSection(hosting, self)
        layout.addWidget(self.internet)
        self.table = HostSeats(hosting, self)
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox()
        self.stop_button = buttons.addButton(
            tr("Stop hosting"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.stop_button.setObjectName("hostStop")
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.close)
        outer.addWidget(buttons)
        self.fit_to_screen(body)

    def fit_to_screen(self, body: QWidget) -> None:
        """As large as what it shows, within the screen: it scrolls only on a small screen."""
        screen = self.screen().availableGeometry()
        chrome = self.sizeHint().height() - self.scroll_area.sizeHint().height()
        want = body.sizeHint().height() + chrome + 8
        width = max(600, min(body.sizeHint().width() + 40, 760))
        self.resize(min(width, screen.width() - 40), min(want, screen.height() - 60))


@dataclass(frozen=True)
class JoinRequest:
    """Where to connect, with which code, under which seat name."""

    host: str
    port: int
    code: Code
    seat_name: str
    ticket: str | None = None
    """The host's internet endpoint, when joining by an internet link (host and port unused)."""
    typed: str = ""
    """The address or link as the player typed it (shown again if the join does not succeed)."""


class JoinDialog(QDialog):
    """Where to join (a game found on this network, an address or a link), the code, the name.

    What is typed is checked before the dialog closes.
    """

    def __init__(
        self, link: str = "", parent: QWidget | None = None, previous: JoinRequest | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("joinDialog")
        self.setWindowTitle(tr("Join a game"))
        self.found = FoundGames(self)
        self.found.chosen.connect(self.choose)
        self.found.activated.connect(self._activated)
        self.address = named(QLineEdit(link), "joinAddress")
        self.address.setPlaceholderText(tr("192.168.1.20, or a saga://… link from the GM"))
        self.port = named(QSpinBox(), "joinPort")
        self.port.setRange(1, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.code = named(QLineEdit(), "joinCode")
        self.code.setPlaceholderText("42-lantern-otter-maple")
        self.name = named(QLineEdit(), "joinName")
        self.name.setPlaceholderText(tr("the name on your character's sheet"))
        self.error = named(QLabel(""), "joinError")
        self.error.setStyleSheet("color: #b03030")
        self.error.setTextFormat(Qt.TextFormat.PlainText)  # it may quote what a host announced
        self.error.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(QLabel(tr("Games on this network:")))
        form.addRow(self.found)
        form.addRow(tr("Address or link"), self.address)
        form.addRow(tr("Port"), self.port)
        form.addRow(tr("Join code"), self.code)
        form.addRow(tr("Your name"), self.name)
        form.addRow(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Join"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.result_request: JoinRequest | None = None
        if previous is not None:
            self.fill(previous)
        self.resize(max(self.sizeHint().width(), 560), self.sizeHint().height())

    def fill(self, previous: JoinRequest) -> None:
        """What was typed for a join that did not succeed, to correct or try again."""
        self.address.setText(previous.typed or previous.host)
        if not previous.ticket:
            self.port.setValue(previous.port)
        self.code.setText(previous.code.text)
        self.name.setText(previous.seat_name)
        self.error.setText(tr("The last try did not join: check what is typed, then Join again."))

    def choose(self, game: FoundGame) -> None:
        """Fill in the address and port of a game found on the network."""
        self.address.setText(game.address)
        self.port.setValue(game.port)
        problem = self.found.problem(game)
        self.error.setText(
            tr("This app cannot join that game: {problem}.", problem=problem) if problem else ""
        )

    def _activated(self, game: FoundGame) -> None:
        self.choose(game)
        (self.name if self.code.text() else self.code).setFocus()

    def checked(self) -> JoinRequest:
        """What was typed, checked; raise CodeError saying what to fix."""
        where = self.address.text().strip()
        if not where:
            raise CodeError(tr("Type the GM's address, or paste the join link."))
        ticket = None
        if is_internet_link(where):
            internet = parse_internet_link(where)
            host, port, ticket = "internet", 0, internet.ticket
        elif where.lower().startswith("saga:"):
            link = parse_link(where)
            host, port = link.host, link.port
        else:
            host, port = where, self.port.value()
            if host.count(":") == 1 and host.rsplit(":", 1)[1].isdigit():
                host, port = host.rsplit(":", 1)[0], int(host.rsplit(":", 1)[1])
            JoinLink(host, port, "game")  # checks the address and port
        code = parse_code(self.code.text())
        name = " ".join(self.name.text().split())
        if not name:
            raise CodeError(tr("Type your name: the host gives you the characters that name you."))
        return JoinRequest(host, port, code, name, ticket, where)

    def accept(self) -> None:
        """Close only when everything typed can be used."""
        try:
            self.result_request = self.checked()
        except CodeError as exc:
            self.error.setText(str(exc))
            return
        super().accept()
