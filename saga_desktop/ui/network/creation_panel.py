"""A joined player's Character tab: make a character, send it to the GM, follow the answer.

The game gives the form (its own fields and the creation operation it asks for); this panel
gives the name, the seat's characters with where each stands (at the table, waiting for the GM,
sent back with the GM's reason), and the button that sends the request. A character sent back is
made again in its own place: the form is filled in from it and the request names it in
``replaces``. The host draws and rolls; the player's choices travel with the request.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.operation import Operation, OperationError, operation_to_data
from saga_desktop.model.types import NAME_MAX
from saga_desktop.ui.network import named
from saga_desktop.ui.network.seat import SeatContext

STANDING = {
    "accepted": "at the table",
    "submitted": "waiting for the GM's approval",
    "returned": "sent back by the GM",
}


class CreationForm(QWidget):
    """A game's part of the Character tab. Subclass it; ``seat.view`` holds the options."""

    note = ""
    """A line under the form (how the host draws and rolls for this game), if any."""

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.layout_ = QFormLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)

    def options(self) -> dict[str, Any]:
        """The campaign's options as the seat's view has them."""
        options = (self.seat.view.get("play") or {}).get("options")
        return options if isinstance(options, dict) else {}

    def refresh(self) -> None:
        """The view changed: follow the options (the budget, the ranges)."""

    def load(self, character: dict[str, Any]) -> None:
        """Fill the fields in from a character sent back (its view)."""

    def operation(self, name: str, player: str, replaces: str | None) -> Operation:
        """The creation operation to ask for (submitted to the GM); ValueError says what is off."""
        raise NotImplementedError


class CreationPanel(QWidget):
    """The Character tab of a player's window."""

    def __init__(self, seat: SeatContext, form: CreationForm, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("seatCreation")
        self.seat, self.form = seat, form
        self.standing = named(QLabel(), "creationStanding")
        self.standing.setWordWrap(True)
        self.standing.setTextFormat(Qt.TextFormat.PlainText)
        self.name = named(QLineEdit(), "creationName")
        self.name.setMaxLength(NAME_MAX)
        self.name.textChanged.connect(self._update)
        top = QFormLayout()
        top.addRow("&Name", self.name)
        self.problem = named(QLabel(), "creationProblem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.send_button = named(QPushButton("Send to the GM"), "creationSend")
        self.send_button.clicked.connect(self.send)
        # The form scrolls: a tall or wide game form must not set the window's least size (a
        # small screen at 200% would squeeze the map to a sliver or push the window off screen).
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        body = QWidget(scroll)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        layout = QVBoxLayout(body)
        layout.addWidget(self.standing)
        layout.addLayout(top)
        layout.addWidget(form)
        if form.note:
            note = QLabel(form.note)
            note.setWordWrap(True)
            layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addWidget(self.send_button)
        layout.addStretch(1)
        scroll.setWidget(body)
        self._returned: str | None = None  # the character sent back that the form was filled from
        self._waits = False  # a character of this seat waits for the GM: nothing more to send
        seat.viewChanged.connect(self._view_changed)
        self._view_changed(seat.view, None)

    def returned(self) -> dict[str, Any] | None:
        """The seat's first character sent back by the GM, if any."""
        return next((c for c in self.seat.mine() if c.get("status") == "returned"), None)

    def _view_changed(self, _view: object, _changes: object) -> None:
        mine = self.seat.mine()
        lines = [f"{c['name']}: {STANDING.get(str(c.get('status')), '')}" for c in mine]
        back = self.returned()
        if back is not None:
            lines.append(f"The GM says: {back.get('review') or 'no reason given'}")
            lines.append("Change it below and send it again.")
        elif any(c.get("status") == "submitted" for c in mine):
            lines.append("The GM reads it now; the answer shows here.")
        elif not mine:
            lines.append("You have no character yet: make one and send it to the GM.")
        self.standing.setText("\n".join(lines))
        self.form.refresh()
        back_id = None if back is None else str(back["id"])
        if back is not None and back_id != self._returned:
            self.name.setText(str(back.get("name", "")))
            self.form.load(back)
        self._returned = back_id
        self._waits = any(c.get("status") == "submitted" for c in mine)
        if self._waits:
            self.name.clear()  # sent: the next character, if any, starts afresh
            self.problem.clear()
        self.name.setEnabled(not self._waits)
        self.form.setEnabled(not self._waits)
        self.send_button.setText("Send it again" if back is not None else "Send to the GM")
        self._update()

    def _update(self) -> None:
        ready = bool(self.name.text().strip()) and not self._waits
        self.send_button.setEnabled(ready and self.seat.role == "player")

    def request(self) -> dict[str, Any]:
        """The request to send (ValueError or OperationError: what to fix first)."""
        op = self.form.operation(self.name.text(), self.seat.seat_name, self._returned)
        data = operation_to_data(op)
        return {"kind": data.pop("op"), **data}

    def send(self) -> None:
        """Send the character to the host, or say what to fix."""
        try:
            request = self.request()
        except (ValueError, OperationError) as exc:
            self.problem.setText(str(exc))
            return
        self.problem.setText("Sent; the GM decides.")
        self.seat.send(request)
