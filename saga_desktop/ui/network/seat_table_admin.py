"""At a GM seat: the table as the host's window shows it, with the GM's seat tools.

*Session › The table…* opens a window with the join code to read out (big), the join links with
*Copy*, who sits at the table (here, away or gone, with the round trip), and *Free seat*,
*Move to name…* and *Remove player*, each sent to the host as a request. The host tells every GM
seat the table as it changes; a player's seat is never told. Stopping the host stays with the
host's own computer: the window says how it stops.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMainWindow,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.network.client import NotJoinedError
from saga_desktop.network.client_events import ClientEvent, RequestAnswered, TableChanged
from saga_desktop.network.interface import SeatInfo
from saga_desktop.network.messages import SeatLine, TableSeats
from saga_desktop.network.seat_admin import seat_admin
from saga_desktop.ui.actions import make_action
from saga_desktop.ui.network import named
from saga_desktop.ui.network.host_seats import seat_line
from saga_desktop.ui.network.transport import ClientTransport

NOT_YET = tr_noop("The host has not told this seat the table yet.")
STOPPING = {
    "window": tr_noop(
        "Only the GM at the hosting computer stops hosting (Session › Stop hosting there)."
    ),
    "serve": tr_noop(
        "This game is served without a window: it stops with Ctrl+C where "
        "saga-desktop --serve runs, and the players come back when it is served again."
    ),
}
"""How hosting stops, as the host says it (a key); an unknown one is shown as it came."""


def _plain(text: str, size: float = 1.0, bold: bool = False) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)  # names are the players' own text
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if size != 1.0 or bold:
        font = QFont(label.font())
        font.setPointSizeF(font.pointSizeF() * size)
        font.setBold(bold)
        label.setFont(font)
    return label


def _info(line: SeatLine) -> SeatInfo:
    rtt = None if line.rtt_ms is None else line.rtt_ms / 1000
    return SeatInfo(line.seat_id, line.name, line.role, line.state, 0, rtt, line.free)


class SeatTableWindow(QDialog):
    """The table at a GM seat: the code and links to share, the seats and the seat tools."""

    def __init__(self, transport: ClientTransport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seatTableWindow")
        self.setWindowTitle(tr("The table — Saga Desktop"))
        self.transport = transport
        self._asked: set[int] = set()
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Read this join code out to the players:")))
        self.code = named(_plain("", 2.2, bold=True), "seatJoinCode")
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setAccessibleName(tr("Join code"))
        layout.addWidget(self.code)
        self.links = QVBoxLayout()
        layout.addLayout(self.links)
        layout.addWidget(QLabel(tr("At the table:")))
        self.seats = named(QTreeWidget(), "seatSeats")
        self.seats.setAccessibleName(tr("Seats at the table"))
        self.seats.setHeaderLabels([tr("Seat"), tr("State"), tr("Round trip")])
        self.seats.setRootIsDecorated(False)
        self.seats.setMinimumHeight(self.fontMetrics().height() * 7)
        header = self.seats.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        layout.addWidget(self.seats, 1)
        row = QHBoxLayout()
        self.free = named(QPushButton(tr("&Free seat")), "seatFree")
        self.free.setToolTip(
            tr("Unbind the seat from its computer: the next to ask by name takes it")
        )
        self.move_button = named(QPushButton(tr("&Move to name…")), "seatMove")
        self.move_button.setToolTip(
            tr("Seat this player under another name (they then see that name's)")
        )
        self.remove = named(QPushButton(tr("&Remove player")), "seatRemove")
        self.remove.setToolTip(
            tr("Send the player's computer away and take the seat from the table")
        )
        for button, slot in (
            (self.free, self._free),
            (self.move_button, self._move),
            (self.remove, self._remove),
        ):
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.problem = named(_plain(""), "seatTableProblem")
        self.problem.setStyleSheet("color: #b03030")
        self.problem.hide()
        layout.addWidget(self.problem)
        self.stopping = named(_plain(""), "seatTableStopping")
        layout.addWidget(self.stopping)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)
        self.seats.itemSelectionChanged.connect(self._enable)
        transport.received.connect(self.on_event)
        self.show_table(transport.protocol.table)
        screen = self.screen().availableGeometry()
        self.resize(min(620, screen.width() - 40), min(560, screen.height() - 60))

    def on_event(self, event: ClientEvent) -> None:
        """The host's new word on the table; its answer to one of this window's requests."""
        if isinstance(event, TableChanged):
            self.show_table(event.table)
        elif isinstance(event, RequestAnswered) and event.request_id in self._asked:
            self._asked.discard(event.request_id)
            self._say("" if event.ok else event.message)

    def show_table(self, table: TableSeats | None) -> None:
        """The code, the links, the seats (rows kept in place, so the selection stays)."""
        if table is None:
            self.code.setText("")
            self.stopping.setText(tr(NOT_YET))
            self._fill_seats([])
            return
        self.code.setText(table.join_code)
        stopping = STOPPING.get(table.stopping)
        self.stopping.setText(tr(stopping) if stopping else table.stopping)
        self._fill_links(table.links)
        self._fill_seats(table.seats)

    def _fill_links(self, links: list[str]) -> None:
        while self.links.count():
            item = self.links.takeAt(0)
            child = item.widget() if item is not None else None
            if child is not None:
                child.deleteLater()
        for index, link in enumerate(links):
            line = QWidget()
            row = QHBoxLayout(line)
            row.setContentsMargins(0, 0, 0, 0)
            internet = "p2p" in link
            said = (
                tr("Internet link (no code in it): {link}", link=link)
                if internet
                else tr("Join link (no code in it): {link}", link=link)
            )
            text = named(_plain(said), f"seatLink{index}")
            copy = named(QPushButton(tr("Copy")), f"seatCopyLink{index}")
            copy.setAccessibleName(
                tr("Copy the internet link") if internet else tr("Copy the join link")
            )
            copy.clicked.connect(lambda _=False, t=link: QGuiApplication.clipboard().setText(t))
            row.addWidget(text, 1)
            row.addWidget(copy)
            self.links.addWidget(line)

    def _fill_seats(self, lines: list[SeatLine]) -> None:
        own = self.transport.protocol.seat_id
        rows: list[tuple[str | None, tuple[str, str, str]]] = [
            (line.seat_id, seat_line(_info(line))) for line in lines
        ]
        if not rows:
            rows = [(None, (tr("Nobody has joined yet."), "", ""))]
        while self.seats.topLevelItemCount() > len(rows):
            self.seats.takeTopLevelItem(self.seats.topLevelItemCount() - 1)
        for index, (seat_id, texts) in enumerate(rows):
            item = self.seats.topLevelItem(index)
            if item is None:
                item = QTreeWidgetItem()
                self.seats.addTopLevelItem(item)
            item.setData(0, Qt.ItemDataRole.UserRole, seat_id)
            mine = seat_id is not None and seat_id == own
            for column, text in enumerate(texts):
                shown = tr("{name} (this seat)", name=text) if column == 0 and mine else text
                if item.text(column) != shown:
                    item.setText(column, shown)
        self._enable()

    def selected(self) -> str | None:
        """The id of the selected seat, if any (never this GM seat's own)."""
        items = self.seats.selectedItems()
        seat_id = items[0].data(0, Qt.ItemDataRole.UserRole) if items else None
        if not isinstance(seat_id, str) or seat_id == self.transport.protocol.seat_id:
            return None
        return seat_id

    def _enable(self) -> None:
        chosen = self.selected() is not None
        for button in (self.free, self.move_button, self.remove):
            button.setEnabled(chosen)

    def _send(self, action: str, seat_id: str, name: str = "") -> None:
        try:
            self._asked.add(self.transport.request(seat_admin(action, seat_id, name)))
        except (NotJoinedError, ValueError) as exc:
            self._say(str(exc))
            return
        self._say("")

    def _free(self) -> None:
        seat_id = self.selected()
        if seat_id is not None:
            self._send("free", seat_id)

    def _move(self) -> None:
        seat_id = self.selected()
        if seat_id is None:
            return
        name, ok = QInputDialog.getText(
            self, tr("Move seat"), tr("Seat this player under the name:")
        )
        if ok and name.strip():
            self._send("move", seat_id, name)

    def _remove(self) -> None:
        seat_id = self.selected()
        if seat_id is not None:
            self._send("remove", seat_id)

    def _say(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))


class SeatTableEntry:
    """*Session › The table…* in a GM seat's window."""

    def __init__(self, window: QMainWindow, transport: ClientTransport) -> None:
        self.window, self.transport = window, transport
        self.dialog: SeatTableWindow | None = None
        menu = window.menu("&Session")  # type: ignore[attr-defined]
        self.action = make_action(window, tr("The &table…"), self.show)
        self.action.setObjectName("seatTable")
        self.action.setStatusTip(tr("Who sits at the table, the join code, and the seat tools"))
        menu.addAction(self.action)

    def show(self) -> SeatTableWindow:
        """Open (or bring forward) the table window."""
        if self.dialog is None:
            self.dialog = SeatTableWindow(self.transport, self.window)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog
