"""The Player View: a second top-level window that faces the table.

It observes the same session as the GM's window (same process, the same change reports, no
polling), shows only what players may see, and can go full screen on the screen the GM picks.
Laid out to be read from across a table: the map and the last roll and region beside it, and the
cards in a strip along the bottom, each at least a fifth of the window's height.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeyEvent, QResizeEvent, QScreen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.player.fit_label import FitColumn
from saga_desktop.ui.player.panels import (
    READING_SCALE,
    RegionPanel,
    ResultPanel,
    TablePanel,
    last_public_result,
    visible_region,
)

MapFactory = Callable[[SessionBridge, QWidget], QWidget]
CARD_SHARE = 5
WIDE = 1400
"""From this width the map takes three fifths of the players' screen, below it half."""
"""A card on the players' screen is at least 1/CARD_SHARE of the window's height."""

PLAYER_STYLE = """
QWidget#PlayerView { background: #1f1c18; }
QFrame#playerPanel { background: #f4ecda; border: 1px solid #8c7b5a; border-radius: 10px; }
QFrame#playerPanel QLabel { color: #2b2219; background: transparent; }
QFrame#playerPanel QLabel:disabled { color: #7a6c58; }
"""


class PlayerWindow(QWidget):
    """What the players see, following the GM live."""

    heldChanged = Signal(bool)
    refreshed = Signal()
    """Emitted after the view caught up with a change (tests wait on it)."""

    def __init__(
        self,
        bridge: SessionBridge,
        settings: QSettings,
        map_factory: MapFactory | None = None,
        gm_window: QWidget | None = None,
    ) -> None:
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("PlayerView")
        # The players' screen never keeps the app alive on its own: once the GM's window has
        # closed, the app quits even while this one is still up (see MainWindow.closeEvent).
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setWindowTitle(tr("Saga Desktop — Player View"))
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * READING_SCALE)  # read from across the room
        self.setFont(font)
        self.bridge = bridge
        self.settings = settings
        self.gm_window = gm_window
        self._held = False
        self._screen_name = ""
        self._spotlight: tuple[int, int] | None = None
        self.map_widget: QWidget | None = map_factory(bridge, self) if map_factory else None
        self.region = RegionPanel()
        self.table = TablePanel()
        self.result = ResultPanel()
        side = QVBoxLayout()
        side.setContentsMargins(0, 0, 0, 0)
        side.setSpacing(14)
        side.addWidget(self.result)
        side.addWidget(self.region)
        side.addStretch(1)
        live = QWidget()
        column = QVBoxLayout(live)
        row = QHBoxLayout()
        if self.map_widget is not None:
            row.addWidget(self.map_widget, 3)
        side_box = QWidget()
        side_box.setLayout(side)
        # The column's texts shrink to the room there is (a TV is never scrolled): see FitColumn.
        self.side = FitColumn(side_box)
        self.side.setObjectName("playerSide")
        self.side.setMinimumWidth(360)
        self.row = row
        row.addWidget(self.side, 2 if self.map_widget is not None else 1)
        column.addLayout(row, 1)
        column.addWidget(self.table)
        self.curtain = QLabel()
        self.curtain.setObjectName("curtain")
        self.curtain.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.curtain.setTextFormat(Qt.TextFormat.PlainText)
        self.curtain.setWordWrap(True)
        font = self.curtain.font()
        font.setPointSizeF(font.pointSizeF() * 2.4)
        self.curtain.setFont(font)
        self.curtain.setStyleSheet("QLabel#curtain { background: #1c1a17; color: #e9dcc0; }")
        self.stack = QStackedLayout(self)
        self.stack.addWidget(live)
        self.stack.addWidget(self.curtain)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(self._on_session)
        QGuiApplication.instance().screenRemoved.connect(self._on_screen_removed)  # type: ignore[union-attr]
        QGuiApplication.instance().screenAdded.connect(self._on_screen_added)  # type: ignore[union-attr]
        self.setStyleSheet(PLAYER_STYLE)
        self.resize(1280, 800)
        self.refresh()

    # -- following the GM ---------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The session both windows show."""
        return self.bridge.session

    def _on_changed(self, changes: Changes) -> None:
        if self._held:
            return
        if changes.aspects & (
            Aspect.MAP | Aspect.REGIONS | Aspect.TABLE | Aspect.JOURNAL | Aspect.CHARACTERS
        ):
            self.refresh()

    def _on_session(self, _session: Session) -> None:
        self._spotlight = None
        if not self._held:
            self.refresh()

    def refresh(self) -> None:
        """Show the campaign as it is now."""
        campaign = self.session.campaign
        risk = find_ruleset(campaign.ruleset).charting.risk
        if self._spotlight is not None:
            q, r = self._spotlight
            self.region.show_region(
                visible_region(campaign, q, r), tr("The GM shows you"), risk=risk
            )
        else:
            party = campaign.map.party
            here = visible_region(campaign, party.q, party.r) if party else None
            self.region.show_region(here, risk=risk)
        self.table.show_table(campaign)
        self.result.show_entry(last_public_result(campaign), find_ruleset(campaign.ruleset))
        self.refreshed.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Cards grow with the screen: at least a fifth of its height."""
        super().resizeEvent(event)
        self.table.set_card_height(max(48, -(-self.height() // CARD_SHARE)))
        if self.map_widget is not None:  # a narrow screen gives the words as much room as the map
            self.row.setStretch(0, 3 if self.width() >= WIDE else 1)
            self.row.setStretch(1, 2 if self.width() >= WIDE else 1)

    # -- the GM's controls ----------------------------------------------------------------------

    @property
    def held(self) -> bool:
        """True while the screen is held (the curtain is down)."""
        return self._held

    def set_held(self, held: bool) -> None:
        """Hold the screen while preparing (a curtain), or release it (catch up at once)."""
        if held == self._held:
            return
        self._held = held
        name = self.session.campaign.name
        self.curtain.setText(tr("{name}\n\nThe tale pauses while the GM prepares…", name=name))
        self.stack.setCurrentIndex(1 if held else 0)
        if not held:
            self.refresh()
        self.heldChanged.emit(held)

    def show_region(self, q: int, r: int) -> bool:
        """Show a region to the players; False (nothing shown) when they may not see it."""
        if visible_region(self.session.campaign, q, r) is None:
            return False
        self._spotlight = (q, r)
        show = getattr(self.map_widget, "show_region", None)
        if callable(show):
            show(q, r)
        self.refresh()
        return True

    def clear_spotlight(self) -> None:
        """Back to following the party."""
        self._spotlight = None
        clear = getattr(self.map_widget, "clear_highlight", None)
        if callable(clear):
            clear()
        self.refresh()

    # -- screens ----------------------------------------------------------------------------------

    def open_on(self, screen: QScreen | None, full_screen: bool) -> None:
        """Show the view on ``screen``: full screen there, or a normal window with one screen."""
        many = len(QGuiApplication.screens()) > 1
        if screen is None:
            self.show()
            return
        self._screen_name = screen.name()
        self.setScreen(screen)
        if full_screen and many:
            self.setGeometry(screen.geometry())
            self.showFullScreen()
        else:
            self.showNormal()
            geometry = screen.availableGeometry()
            self.resize(min(1280, geometry.width() - 40), min(800, geometry.height() - 60))
            self.move(geometry.center() - self.rect().center())
        self.raise_()

    def _gm_screen(self) -> QScreen | None:
        return self.gm_window.screen() if self.gm_window is not None else None

    def _on_screen_removed(self, screen: QScreen) -> None:
        """The players' screen was unplugged: move to a remaining one instead of vanishing."""
        if not self.isVisible() or screen.name() != self._screen_name:
            return
        remaining = [s for s in QGuiApplication.screens() if s is not screen]
        target = next((s for s in remaining if s is not self._gm_screen()), None)
        target = target or (remaining[0] if remaining else None)
        self.open_on(target, full_screen=len(remaining) > 1 and self.isFullScreen())

    def _on_screen_added(self, screen: QScreen) -> None:
        remembered = str(self.settings.value("player/screen", "") or "")
        if self.isVisible() and remembered and screen.name() == remembered:
            self.open_on(screen, bool(self.settings.value("player/full_screen", True, type=bool)))

    # -- keys and closing -------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Escape leaves full screen; F11 toggles it."""
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.showNormal()
        elif event.key() == Qt.Key.Key_F11:
            self.showNormal() if self.isFullScreen() else self.showFullScreen()
        else:
            super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing only hides it; the GM's View menu brings it back."""
        self.hide()
        event.accept()
