"""The GM's side of players making characters: *Session › Review characters*.

A character a player sends waits for the GM. The menu entry counts the characters waiting (and
the status bar says when one arrives); the dialog lists them, shows each in the sheet the GM's
sheet dock uses (:func:`~saga_desktop.ui.network.seat_sheets.embedded_sheet`), and the GM
accepts one or sends it back with a reason the player reads. Both are ordinary operations:
journaled, and undone with Edit › Undo.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trn
from saga_desktop.model.campaign import Character
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import REASON_MAX, AcceptCharacter, SendBackCharacter
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.network import named
from saga_desktop.ui.network.seat_sheets import embedded_sheet


def waiting(bridge: SessionBridge) -> list[Character]:
    """The characters waiting for the GM's approval, in the campaign's order."""
    return [c for c in bridge.session.campaign.characters if c.status == "submitted"]


class ReviewDialog(QDialog):
    """The characters waiting for the GM: read one, accept it or send it back with a reason."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewCharacters")
        self.setWindowTitle(tr("Characters waiting for you"))
        self.bridge = bridge
        self.list = named(QListWidget(), "reviewList")
        self.sheet = named(QStackedWidget(), "reviewSheet")
        self.sheets: dict[str, QWidget] = {}
        self.reason = named(QLineEdit(), "reviewReason")
        self.reason.setMaxLength(REASON_MAX)
        self.reason.setPlaceholderText(tr("Why it goes back (the player reads this)"))
        self.accept_button = named(QPushButton(tr("&Accept")), "reviewAccept")
        self.back_button = named(QPushButton(tr("&Send back")), "reviewSendBack")
        self.problem = named(QLabel(), "reviewProblem")
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.reason, 1)
        buttons.addWidget(self.back_button)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(self.sheet, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.problem)
        layout.addWidget(close)
        self.list.currentRowChanged.connect(lambda _row: self._show())
        self.reason.textChanged.connect(lambda _text: self._enable())
        self.accept_button.clicked.connect(self.accept_current)
        self.back_button.clicked.connect(self.send_back_current)
        bridge.changed.connect(lambda _changes: self.fill())
        # A few names at the top; the sheet takes the room.
        self.list.setMaximumHeight(self.list.fontMetrics().lineSpacing() * 5 + 8)
        self.resize(640, 560)
        self.fill()

    def fill(self) -> None:
        """List the characters waiting (keeping the one selected, if it still waits)."""
        current = self.current()
        self.list.blockSignals(True)
        self.list.clear()
        for c in waiting(self.bridge):
            item = QListWidgetItem(
                tr("{name} ({player})", name=c.name, player=c.player or tr("no player"))
            )
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            self.list.addItem(item)
            if current is not None and c.id == current:
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        self.list.blockSignals(False)
        if not self.list.count():
            self.list.addItem(tr("Nobody waits for your approval."))
            self.list.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        self._show()

    def current(self) -> str | None:
        """The id of the character selected, if any."""
        item = self.list.currentItem()
        value = None if item is None else item.data(Qt.ItemDataRole.UserRole)
        return value if isinstance(value, str) else None

    def _show(self) -> None:
        cid = self.current()
        ids = {c.id for c in waiting(self.bridge)}
        for gone in set(self.sheets) - ids:
            sheet = self.sheets.pop(gone)
            self.sheet.removeWidget(sheet)
            sheet.deleteLater()
        if cid in ids and cid is not None:
            if cid not in self.sheets:
                shown = embedded_sheet(self.bridge, cid, self.sheet)
                self.sheets[cid] = shown if shown is not None else QLabel(cid)
                self.sheet.addWidget(self.sheets[cid])
            self.sheet.setCurrentWidget(self.sheets[cid])
        self.sheet.setVisible(cid in ids)
        self._enable()

    def shown_sheet(self) -> QWidget | None:
        """The sheet of the character selected, as the GM's sheet dock shows it."""
        cid = self.current()
        return None if cid is None else self.sheets.get(cid)

    def _enable(self) -> None:
        chosen = self.current() is not None
        self.accept_button.setEnabled(chosen)
        self.back_button.setEnabled(chosen and bool(self.reason.text().strip()))

    def accept_current(self) -> None:
        """Accept the character selected: it joins the party."""
        cid = self.current()
        if cid is not None:
            self._apply(AcceptCharacter(cid))

    def send_back_current(self) -> None:
        """Send the character selected back with the reason typed."""
        cid = self.current()
        if cid is not None and self._apply(SendBackCharacter(cid, self.reason.text())):
            self.reason.clear()

    def _apply(self, op: AcceptCharacter | SendBackCharacter) -> bool:
        try:
            self.bridge.try_apply(op)
        except OperationError as exc:
            self.problem.setText(str(exc))
            return False
        self.problem.setText("")
        return True


class ReviewEntry(QObject):
    """*Session › Review characters*, counting those waiting; the status bar names newcomers."""

    def __init__(self, window: QMainWindow, bridge: SessionBridge, action: QAction) -> None:
        super().__init__(window)
        self.window, self.bridge, self.action = window, bridge, action
        self.dialog: ReviewDialog | None = None
        self._seen: set[str] = {c.id for c in waiting(bridge)}
        action.setObjectName("sessionReview")
        action.triggered.connect(self.show_dialog)
        bridge.changed.connect(lambda _changes: self.update())
        bridge.sessionReplaced.connect(lambda _session: self.update())
        self.update()

    def update(self) -> None:
        """Count the characters waiting; name the newcomers in the status bar."""
        now = waiting(self.bridge)
        self.action.setText(
            trn("&Review characters ({n} waiting)…", "&Review characters ({n} waiting)…", len(now))
            if now
            else tr("&Review characters…")
        )
        new = [c for c in now if c.id not in self._seen]
        if new:
            names = tr(", ").join(c.name for c in new)
            self.window.statusBar().showMessage(
                trn(
                    "{names} waits for your approval: Session › Review characters",
                    "{names} wait for your approval: Session › Review characters",
                    len(new),
                    names=names,
                ),
                15000,
            )
        self._seen = {c.id for c in now}

    def show_dialog(self) -> ReviewDialog:
        """Open (or raise) the review dialog."""
        if self.dialog is None:
            self.dialog = ReviewDialog(self.bridge, self.window)
        self.dialog.fill()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog
