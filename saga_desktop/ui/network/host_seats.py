"""The hosting window's seats: who is here, away or gone, who asks to sit down, the GM's tools."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import number, tr, tr_noop
from saga_desktop.network.interface import SeatInfo
from saga_desktop.ui.network import named
from saga_desktop.ui.network.hosting import Hosting

STATES = {
    "here": tr_noop("here"),
    "away": tr_noop("away (not heard for a few seconds)"),
    "gone": tr_noop("gone"),
}


def seat_line(seat: SeatInfo) -> tuple[str, str, str]:
    """The seat's name, state and round trip as the GM reads them."""
    name = tr("{name} (GM)", name=seat.name) if seat.role == "gm" else seat.name
    if seat.free:
        state = tr("free: the next to ask by this name takes it")
    else:
        state = tr(STATES[seat.state])
    if seat.rtt is not None and seat.state != "gone":
        rtt = tr("{ms} ms", ms=number(seat.rtt * 1000, 0))
    else:
        rtt = "—"
    return name, state, rtt


class HostSeats(QWidget):
    """Claims waiting for the GM's answer above, the seats below with free, move and remove."""

    def __init__(self, hosting: Hosting, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hosting = hosting
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.claims = named(QWidget(), "hostClaims")
        self._claims_layout = QVBoxLayout(self.claims)
        self._claims_layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.claims)
        layout.addWidget(QLabel(tr("At the table:")))
        self.seats = named(QTreeWidget(), "hostSeats")
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
        self.free = named(QPushButton(tr("Free seat")), "hostFreeSeat")
        self.free.setToolTip(
            tr("Unbind the seat from its computer: the next to ask by name takes it")
        )
        self.move_button = named(QPushButton(tr("Move to name…")), "hostMoveSeat")
        self.remove = named(QPushButton(tr("Remove player")), "hostRemoveSeat")
        for button, slot in (
            (self.free, self._free),
            (self.move_button, self._move),
            (self.remove, self._remove),
        ):
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.seats.itemSelectionChanged.connect(self._enable)
        hosting.seatsChanged.connect(self.refresh)
        hosting.claimsChanged.connect(self.refresh_claims)
        self.refresh()
        self.refresh_claims()

    def selected(self) -> str | None:
        """The id of the selected seat, if any."""
        items = self.seats.selectedItems()
        seat_id = items[0].data(0, Qt.ItemDataRole.UserRole) if items else None
        return seat_id if isinstance(seat_id, str) else None

    def refresh(self) -> None:
        """Update the rows in place (the selection stays) with each seat's presence."""
        seats = self.hosting.seats()
        if not seats:
            seats_text = [(tr("Nobody has joined yet."), "", "")]
            ids: list[str | None] = [None]
        else:
            seats_text = [seat_line(seat) for seat in seats]
            ids = [seat.seat_id for seat in seats]
        while self.seats.topLevelItemCount() > len(ids):
            self.seats.takeTopLevelItem(self.seats.topLevelItemCount() - 1)
        for index, (seat_id, texts) in enumerate(zip(ids, seats_text, strict=True)):
            item = self.seats.topLevelItem(index)
            if item is None:
                item = QTreeWidgetItem()
                self.seats.addTopLevelItem(item)
            item.setData(0, Qt.ItemDataRole.UserRole, seat_id)
            for column, text in enumerate(texts):
                if item.text(column) != text:
                    item.setText(column, text)
        self._enable()

    def _enable(self) -> None:
        chosen = self.selected() is not None
        for button in (self.free, self.move_button, self.remove):
            button.setEnabled(chosen)

    def refresh_claims(self) -> None:
        """One line per app waiting for the GM's leave, with Let in and Refuse."""
        while self._claims_layout.count():
            item = self._claims_layout.takeAt(0)
            child = item.widget() if item is not None else None
            if child is not None:
                child.deleteLater()
        for claim in self.hosting.claims():
            line = QWidget()
            row = QHBoxLayout(line)
            row.setContentsMargins(0, 0, 0, 0)
            text = QLabel(claim.text())
            text.setTextFormat(Qt.TextFormat.PlainText)  # the name is the player's own text
            text.setWordWrap(True)
            row.addWidget(text, 1)
            let_in = named(QPushButton(tr("Let in")), f"hostLetIn{claim.claim_id}")
            refuse = named(QPushButton(tr("Refuse")), f"hostRefuse{claim.claim_id}")
            let_in.clicked.connect(lambda _=False, c=claim.claim_id: self.hosting.answer(c, True))
            refuse.clicked.connect(lambda _=False, c=claim.claim_id: self.hosting.answer(c, False))
            row.addWidget(let_in)
            row.addWidget(refuse)
            self._claims_layout.addWidget(line)
        self.claims.setVisible(self._claims_layout.count() > 0)

    def _report(self, problem: str | None) -> None:
        if problem is not None:
            QMessageBox.warning(self, tr("Seats"), problem)

    def _free(self) -> None:
        seat_id = self.selected()
        if seat_id is not None:
            self._report(self.hosting.free_seat(seat_id))

    def _move(self) -> None:
        seat_id = self.selected()
        if seat_id is None:
            return
        name, ok = QInputDialog.getText(
            self, tr("Move seat"), tr("Seat this player under the name:")
        )
        if ok and name.strip():
            self._report(self.hosting.move_seat(seat_id, name))

    def _remove(self) -> None:
        seat_id = self.selected()
        if seat_id is not None:
            self._report(self.hosting.remove_seat(seat_id))
