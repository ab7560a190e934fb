"""A joined player's window: the players' map, their sheet, the piles and journal they may see.

(A seat joined with the GM's code opens the main window instead: :mod:`.seat_window`.)

Everything shown comes from the seat's received view (never from a campaign on this computer);
each game adds its own tabs (the checks the GM sent, ...), whose requests the host answers in
one line at the top, as it shows a lost connection and the reconnect.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QListWidget,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.seat_model import SeatModel, SeatViewError
from saga_desktop.network.client import NotJoinedError
from saga_desktop.network.client_events import (
    ClientEvent,
    Closed,
    HostRefused,
    Joined,
    RequestAnswered,
    ViewChanged,
)
from saga_desktop.network.permissions import seat_owns
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cardtable.motion import shared_motion
from saga_desktop.ui.dock_policy import first_size
from saga_desktop.ui.network import named
from saga_desktop.ui.network.remote_session import RemoteSession
from saga_desktop.ui.network.seat import SeatContext
from saga_desktop.ui.network.seat_map import SeatMap
from saga_desktop.ui.network.seat_sheets import SeatSheets
from saga_desktop.ui.network.seat_table import SeatTable
from saga_desktop.ui.network.transport import ClientTransport
from saga_desktop.ui.registry import find_ui

JOURNAL_LINES = 300
"""The journal lines the window lists (the latest; a long saga's start stays in the view)."""


class ClientWindow(QMainWindow):
    """The player's table, following the host."""

    def __init__(self, transport: ClientTransport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("clientWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.transport = transport
        transport.setParent(self)
        self.view: dict[str, Any] = {}
        self._last_line = -1  # the id of the journal's last line shown
        self.banner = QLabel("Connecting…")
        self.banner.setObjectName("clientBanner")
        self.banner.setWordWrap(True)
        self.map: SeatMap | None = None  # the players' map, once the first view arrived
        self._map_place = QLabel("The map appears once the host has sent the table.")
        self._map_place.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.remote: RemoteSession | None = None  # the seat's typed view, once it arrives
        self.bridge: SessionBridge | None = None
        self.sheet: SeatSheets | None = None
        self._sheet_place = named(QWidget(), "clientSheet")
        QVBoxLayout(self._sheet_place).setContentsMargins(0, 0, 0, 0)
        self.motion = shared_motion(self, QSettings())
        self.cards = SeatTable(self.motion)
        self.journal = named(QListWidget(), "clientJournal")
        self.journal.setWordWrap(True)
        self.seat = SeatContext(
            lambda: transport.protocol.seat_name or "",
            lambda: transport.protocol.role,
            self.send,
            self,
        )
        self.seat.wantsAttention.connect(self._attend)
        self._game = ""  # the ruleset whose panels are in the tabs
        self._panels: list[QWidget] = []
        self.tabs = tabs = named(QTabWidget(), "clientTabs")
        tabs.addTab(self._sheet_place, "Sheet")
        tabs.addTab(self.cards, "Cards")
        tabs.addTab(self.journal, "Journal")
        splitter = QSplitter()
        splitter.addWidget(self._map_place)
        splitter.addWidget(tabs)
        splitter.setSizes([640, 420])
        centre = QWidget()
        layout = QVBoxLayout(centre)
        layout.addWidget(self.banner)
        layout.addWidget(splitter, 1)
        self.setCentralWidget(centre)
        screen = self.screen() or QGuiApplication.primaryScreen()
        wanted = QSize(1100, 720)
        self.resize(wanted if screen is None else first_size(wanted, screen.availableGeometry()))
        self.menuBar().addMenu("&View").addAction(self.motion.reduced_action)
        transport.received.connect(self.on_event)
        transport.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        # The connection's state, always in sight: Connected, Lost the host, Back at the table…
        self.connection_line = named(
            QLabel(transport.connection_state or "Connecting…"), "connectionLine"
        )
        self.connection_line.setTextFormat(Qt.TextFormat.PlainText)
        self.statusBar().addPermanentWidget(self.connection_line)
        transport.connectionStateChanged.connect(self.connection_line.setText)

    # -- what the host says -----------------------------------------------------------------------

    def on_event(self, event: ClientEvent) -> None:
        """Show one event from the connection."""
        if isinstance(event, Joined):
            again = "again " if event.resumed else ""
            back = "Back at the table. " if self.transport.came_back else ""
            self.banner.setText(f"{back}Seated {again}as {event.seat_name}.")
        elif isinstance(event, ViewChanged):
            self.show_view(event.view, event.changes)
        elif isinstance(event, RequestAnswered) and not event.ok:
            self.banner.setText(f"The host refused: {event.message}")
        elif isinstance(event, HostRefused):
            self.banner.setText(f"The host refused: {event.reason}")
        elif isinstance(event, Closed):
            going_on = not self.transport.finished
            self.banner.setText(event.reason + (" Reconnecting…" if going_on else ""))

    def show_view(self, view: dict[str, Any], changes: list[Any] | None) -> None:
        """Redraw from the seat's view (only the parts ``changes`` touch, when given)."""
        self.view = view
        self.setWindowTitle(f"{view.get('name', 'Saga')} — {self.transport.protocol.seat_name}")
        parts = None if changes is None else {tuple(c.path[:1]) for c in changes}
        self._follow_typed(view)
        if parts is None or ("journal",) in parts:
            self._show_journal(changes)
        self._install_panels(str(view.get("ruleset", "")))
        self.seat.update(view, changes)

    def _install_panels(self, game: str) -> None:
        """Put the game's own panels in the tabs (once per game; a new game's replace them)."""
        if game == self._game:
            return
        for panel in self._panels:
            self.tabs.removeTab(self.tabs.indexOf(panel))
            panel.deleteLater()
        self._game, self._panels = game, []
        ui = find_ui(game)
        for title, panel in [] if ui is None else ui.seat_panels(self.seat):
            self.tabs.addTab(panel, title)
            self._panels.append(panel)

    def _attend(self, panel: object) -> None:
        """Bring a game's tab forward (a check was just sent) and flag the window."""
        if isinstance(panel, QWidget) and self.tabs.indexOf(panel) >= 0:
            self.tabs.setCurrentWidget(panel)
            QApplication.alert(self)

    def mine(self) -> list[dict[str, Any]]:
        """The characters this seat plays, in order."""
        name = self.transport.protocol.seat_name or ""
        chars = sorted((self.view.get("characters") or {}).values(), key=lambda c: c["index"])
        return [c for c in chars if seat_owns(name, str(c.get("player", "")))]

    def _follow_typed(self, view: dict[str, Any]) -> None:
        """The first view makes the seat's typed session; the sheets are the game's own docks."""
        if self.remote is not None:
            return  # the session follows the host's patches itself
        try:
            model = SeatModel(view, self.transport.protocol.seat_name or "")
        except SeatViewError as exc:
            self.banner.setText(str(exc))
            return
        self.remote = RemoteSession(self.transport, model, self)
        self.bridge = SessionBridge(self.remote, self)
        self.bridge.refused.connect(lambda msg: self.banner.setText(f"The host refused: {msg}"))
        self.remote.pendingChanged.connect(self._pending)
        self.remote.viewRefused.connect(self.banner.setText)
        self.bridge.changed.connect(self._changed)
        remote = self.remote

        def own() -> set[str]:
            return set(remote.model.viewer.characters)

        self.sheet = SeatSheets(self.bridge, own)
        self.map = SeatMap(self.bridge, own)
        self.map.set_reduced_motion(self.motion.reduced_motion)
        splitter = self._map_place.parentWidget()
        if isinstance(splitter, QSplitter):
            splitter.replaceWidget(splitter.indexOf(self._map_place), self.map)
        self._map_place.deleteLater()
        layout = self._sheet_place.layout()
        assert layout is not None
        layout.addWidget(self.sheet)
        self._show_cards()

    def _changed(self, changes: Changes) -> None:
        if changes.aspects & (Aspect.TABLE | Aspect.CHARACTERS):  # lanes bear names
            self._show_cards()

    def _show_cards(self) -> None:
        if self.remote is not None:
            self.cards.show_campaign(self.remote.campaign, self.remote.model.viewer)

    def _pending(self, label: str) -> None:
        """Say what waits for the host's answer (the answer itself clears the line)."""
        self.banner.setText(f"Waiting for the host: {label}…" if label else "")

    def _show_journal(self, changes: list[Any] | None) -> None:
        """Add new lines at the end; anything else (an edit, an undo) redraws the list."""
        journal = self.view.get("journal") or {}
        touched = [c for c in changes or [] if c.path[:1] == ["journal"]]
        if changes is not None and all(
            c.op == "set" and len(c.path) == 2 and int(c.path[1]) > self._last_line for c in touched
        ):
            entries = sorted((journal[c.path[1]] for c in touched), key=lambda e: int(e["id"]))
        else:
            self.journal.clear()
            self._last_line = -1
            entries = sorted(journal.values(), key=lambda e: int(e["id"]))
        if entries:
            self._last_line = max(self._last_line, int(entries[-1]["id"]))
        self.journal.addItems([str(e.get("text", "")) for e in entries[-JOURNAL_LINES:]])
        while self.journal.count() > JOURNAL_LINES:  # long sagas: the latest lines only
            self.journal.takeItem(0)
        self.journal.scrollToBottom()

    # -- asking the host ------------------------------------------------------------------------

    def send(self, op: dict[str, Any]) -> None:
        """Send a request, or say why it cannot go now."""
        try:
            self.transport.request(op)
        except (NotJoinedError, ValueError) as exc:
            self.banner.setText(str(exc))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Leave the table when the window closes."""
        self.transport.close()
        super().closeEvent(event)
