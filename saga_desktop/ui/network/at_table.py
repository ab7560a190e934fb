"""A seat's window says who is at the table: a status-bar line, and *File › Who is at the table*.

The host tells every seat who sits at the table (:mod:`saga_desktop.network.presence`); the line
shows it ("At the table: GM, Ana, Bo (away), Ren (you)"), cut with "…" to the room the status
bar has, whole in its tooltip and its accessible name. The menu entry speaks it to a screen
reader and shows it in the status bar. What changes is spoken by the window's
:class:`~saga_desktop.ui.announcer.Announcer`, from the session's ``seats()``.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QSizePolicy

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.network.messages import Presence
from saga_desktop.ui.actions import make_action
from saga_desktop.ui.announce import announce
from saga_desktop.ui.elide import elide, plain_tip
from saga_desktop.ui.network.remote_session import RemoteSession

NOT_TOLD = tr_noop("The host has not said yet who is at the table.")
WIDEST_EMS = 48
"""The line asks for at most this many average characters (the rest is in its tooltip)..."""
WIDEST_SHARE = 3
"""... and at most a third of the window's width: the status bar's messages need room too."""
NARROWEST_EMS = 12


def who(presence: Presence) -> list[str]:
    """Each one at the table as the line names them: "GM", "Gunn (GM)", "Bo (away)", "Ren (you)"."""
    out = [tr("GM")] if presence.gm_at_host else []
    for place, seat in enumerate(presence.seats):
        name = tr("{name} (GM)", name=seat.name) if seat.role == "gm" else seat.name
        if place == presence.you:
            name = tr("{name} (you)", name=name)
        elif seat.state == "away":
            name = tr("{name} (away)", name=name)
        elif seat.state == "gone":
            name = tr("{name} (left)", name=name)
        out.append(name)
    return out


def presence_text(presence: Presence | None) -> str:
    """The whole line: "At the table: GM, Ana, Bo (away)." (or that the host has not said)."""
    if presence is None:
        return tr(NOT_TOLD)
    names = who(presence)
    if not names:
        return tr("Nobody is at the table yet.")
    return tr("At the table: {names}.", names=tr(", ").join(names))


class AtTableLine(QLabel):
    """The permanent status-bar line of a seat's window: who is at the table."""

    def __init__(self, remote: RemoteSession, window: QMainWindow) -> None:
        super().__init__(window)
        self.remote = remote
        self.setObjectName("atTableLine")
        self.setTextFormat(Qt.TextFormat.PlainText)  # names are the players' own text
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setAccessibleDescription(tr("Who is at the table, as the host says"))
        self._full = ""
        remote.seatsChanged.connect(self.refresh)
        self.refresh()

    @property
    def full_text(self) -> str:
        """The whole line, uncut."""
        return self._full

    def refresh(self) -> None:
        """Show who is at the table now (hidden until the host said)."""
        presence = self.remote.presence
        self._full = presence_text(presence)
        self.setAccessibleName(self._full)
        lines = who(presence) if presence is not None else []
        self.setToolTip(
            plain_tip(tr("At the table:\n{names}", names="\n".join(lines))) if lines else ""
        )
        self.setVisible(presence is not None)
        self.updateGeometry()
        self._fit()

    def sizeHint(self) -> QSize:
        """Room for the whole line: at most :data:`WIDEST_EMS` characters, a third of the window."""
        metrics = self.fontMetrics()
        widest = min(metrics.averageCharWidth() * WIDEST_EMS, self.window().width() // WIDEST_SHARE)
        width = min(metrics.horizontalAdvance(self._full) + 8, widest)
        return QSize(max(width, self.minimumSizeHint().width()), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:
        """However long the list, the line gives way down to a few words."""
        metrics = self.fontMetrics()
        return QSize(metrics.averageCharWidth() * NARROWEST_EMS, super().minimumSizeHint().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The window resized: the line's room (a third of it) changed."""
        if event.type() == QEvent.Type.Resize and watched is self.window():
            self.updateGeometry()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Cut the line again for the new width."""
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = elide(self.fontMetrics(), self._full, self.contentsRect().width())
        if shown != self.text():
            super().setText(shown)


class AtTable:
    """The line in a seat window's status bar and *File › Who is at the table* above it."""

    def __init__(
        self, window: QMainWindow, remote: RemoteSession, menu: QMenu, before: QAction
    ) -> None:
        self.window, self.remote = window, remote
        self.line = AtTableLine(remote, window)
        window.statusBar().addPermanentWidget(self.line)
        window.installEventFilter(self.line)  # a third of the window's width: asked again
        self.action = make_action(window, tr("&Who is at the table"), self.tell)
        self.action.setObjectName("whoIsAtTable")
        self.action.setStatusTip(tr("Say who sits at the table: here, away or gone"))
        menu.insertAction(before, self.action)

    def tell(self) -> None:
        """Say (and show in the status bar) who is at the table."""
        text = presence_text(self.remote.presence)
        self.window.statusBar().showMessage(text, 8000)
        announce(self.window, text)
