"""How the table's docks share a window of any size: they scroll, keep sane widths, fit the screen.

Three rules, applied by the main window:

- every dock's content can shrink: content that does not scroll by itself sits in a scroll area,
  so a small window (a 1024×600 laptop, or 200% scaling on a 1600×900 screen) scrolls a dock
  instead of growing past the screen;
- a character sheet is never a sliver: it has a hard minimum width, and whenever a layout is
  restored or the window grows, side docks narrower than a comfortable share of the window are
  widened again (Qt gives all new room to the map and keeps docks at their old pixel widths);
- the window never exceeds the screen's available area.

And the tabs of tabbed docks show their titles whole (a row of tabs too long for its dock
scrolls with arrows rather than cutting every title to "Re…"), with the title in a plain-text
tooltip: Qt copies the title (a character's name) into the tab's tooltip, where it would be
read as rich text.
"""

from __future__ import annotations

from PySide6.QtCore import QChildEvent, QEvent, QObject, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QTabBar,
    QWidget,
)

from saga_desktop.ui.elide import menu_text, plain_tip

SHEET_PREFIX = "sheet-"
"""Character sheet docks are named ``sheet-<character id>`` by every game."""
SHEET_MIN_CHARS = 30
"""A sheet dock is never narrower than this many average characters (about 200 px)."""
SIDE_SHARE = 0.2
"""A side dock gets at least this share of the window's width when a layout is settled..."""
SIDE_CAP_CHARS = 46
"""...but never asks for more than this many average characters for it."""
BOTTOM_MIN_SHARE = 0.18
"""A bottom dock (the card table) gets at least this share of the window's height."""
SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
BOTTOM = (Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea)
TAB_TIPS_NAME = "saga-plain-tab-tips"
GROW_SHARE = 0.75
"""A dock that asks for room (a fight, a roll to settle) takes at most this share of its column."""


def make_scrollable(dock: QDockWidget) -> None:
    """Put the dock's content in a scroll area unless it already scrolls by itself.

    The dock's minimum size is then the scroll area's (a few scroll bars), not the sum of
    everything it holds; when the dock is smaller than its content, the content scrolls.
    """
    content = dock.widget()
    if content is None or isinstance(content, QAbstractScrollArea):
        return
    area = DockScroller(content, dock)
    area.setObjectName(f"{dock.objectName()}-scroll")
    dock.setWidget(area)


class DockScroller(QScrollArea):
    """Shows its content at the dock's size, and scrolls only when the content cannot shrink.

    A resizable ``QScrollArea`` asks content that wraps (height-for-width) for its *preferred*
    height, so it scrolls a panel that would fit by squeezing a list or a text box. This one
    asks for the least height at the width it has.
    """

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(False)
        self.setWidget(content)
        content.setAutoFillBackground(False)  # keep the dock's own background (themes)
        content.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Fit the content again when its layout changes (a page shown, text rewrapped)."""
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.fit()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Fit the content to the new size."""
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> None:
        """Give the content the whole view, or its least size where that is larger."""
        content = self.widget()
        if content is None:
            return
        least = content.minimumSizeHint().expandedTo(content.minimumSize())
        port = self.maximumViewportSize()
        bar_w = self.verticalScrollBar().sizeHint().width()
        bar_h = self.horizontalScrollBar().sizeHint().height()
        width = max(port.width(), least.width())
        height = least_height(content, width)
        if height > port.height():  # a vertical bar will take some of the width
            width = max(port.width() - bar_w, least.width())
            height = least_height(content, width)
        room = port.height() - (bar_h if width > port.width() else 0)
        size = QSize(width, max(height, room))
        if content.size() != size:
            content.resize(size)


def least_height(content: QWidget, width: int) -> int:
    """The least height ``content`` needs at ``width`` (wrapped rows count at that width)."""
    layout = content.layout()
    if layout is not None and layout.hasHeightForWidth():
        return layout.totalMinimumHeightForWidth(width)
    return content.minimumSizeHint().expandedTo(content.minimumSize()).height()


def is_sheet(dock: QDockWidget) -> bool:
    """True for a character sheet's dock."""
    return dock.objectName().startswith(SHEET_PREFIX)


def sheet_min_width(widget: QWidget) -> int:
    """The narrowest a sheet dock may be, from the font (so it scales with it)."""
    return widget.fontMetrics().averageCharWidth() * SHEET_MIN_CHARS


def apply_minimums(dock: QDockWidget) -> None:
    """A sheet dock gets its hard minimum width; other docks keep their content's minimum.

    The dock's window also gets its whole tab titles and plain-text tooltips (:class:`DockTabs`),
    once.
    """
    if is_sheet(dock):
        dock.setMinimumWidth(sheet_min_width(dock))
    plain_view_entry(dock, dock.windowTitle())
    dock.windowTitleChanged.connect(lambda title: plain_view_entry(dock, title))
    window = dock.parentWidget()
    if isinstance(window, QMainWindow) and window.findChild(QObject, TAB_TIPS_NAME) is None:
        DockTabs(window)


def plain_view_entry(dock: QDockWidget, title: str) -> None:
    """The dock's View menu entry names ``title`` as typed: "&" a letter, markup plain text.

    Qt copies a dock's title (a character's name) into its toggle action's text, where "&"
    marks a shortcut, and into its tooltip, where markup would be read. A game that words the
    entry itself ("Sheet: …") sets it after the title, so its words stand.
    """
    action = dock.toggleViewAction()
    action.setText(menu_text(dock.fontMetrics(), title))
    action.setToolTip(plain_tip(title))


def plain_tab_tips(bar: QTabBar) -> None:
    """Make each tab tooltip Qt copied from a dock title show that title exactly."""
    for index in range(bar.count()):
        tip = bar.tabToolTip(index)
        if tip and tip == bar.tabText(index):  # as Qt set it: the raw title
            bar.setTabToolTip(index, plain_tip(tip))


class DockTabs(QObject):
    """Watches a main window's dock tab bars: whole titles, and tooltips escaped before they show.

    Qt makes the tab bars when docks are first tabbed (eliding their titles) and sets the
    tooltips again whenever the tabs change, so each bar is set up when it is first polished and
    its tooltips are made plain at the moment one is asked for.
    """

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setObjectName(TAB_TIPS_NAME)
        window.installEventFilter(self)
        for bar in window.findChildren(QTabBar):
            self._watch(bar)

    def _watch(self, bar: QTabBar) -> None:
        bar.setElideMode(Qt.TextElideMode.ElideNone)
        bar.setUsesScrollButtons(True)
        bar.removeEventFilter(self)  # never twice
        bar.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow new tab bars; escape a bar's tooltips as a tooltip is about to show."""
        kind = event.type()
        if kind == QEvent.Type.ChildPolished and isinstance(event, QChildEvent):
            child = event.child()
            if isinstance(child, QTabBar):
                self._watch(child)
        elif kind == QEvent.Type.ToolTip and isinstance(watched, QTabBar):
            plain_tab_tips(watched)
        return False


def comfortable_width(window: QMainWindow) -> int:
    """The width a side dock should have at least in this window once a layout is settled."""
    cap = window.fontMetrics().averageCharWidth() * SIDE_CAP_CHARS
    return max(sheet_min_width(window), min(round(window.width() * SIDE_SHARE), cap))


def _placed(window: QMainWindow, areas: tuple[Qt.DockWidgetArea, ...]) -> list[QDockWidget]:
    """Docks shown in the window in one of ``areas`` (not floating, not a hidden tab)."""
    found = []
    for dock in window.findChildren(QDockWidget):
        if dock.parent() is not window or dock.isFloating() or not dock.isVisible():
            continue
        if dock.visibleRegion().isEmpty():
            continue  # a tab behind another: its size is its tab area's
        if window.dockWidgetArea(dock) in areas:
            found.append(dock)
    return found


def settle_layout(window: QMainWindow) -> None:
    """Widen side docks that are slivers and raise a squashed bottom dock (a restored layout).

    Only docks below the comfortable size move, so a layout the player arranged on a window of
    the same size is left alone.
    """
    narrow = [d for d in _placed(window, SIDES) if d.width() < comfortable_width(window)]
    if narrow:
        width = comfortable_width(window)
        window.resizeDocks(narrow, [width] * len(narrow), Qt.Orientation.Horizontal)
    low_limit = round(window.height() * BOTTOM_MIN_SHARE)
    low = [d for d in _placed(window, BOTTOM) if d.height() < low_limit]
    if low:
        window.resizeDocks(low, [low_limit] * len(low), Qt.Orientation.Vertical)


def grow_in_column(window: QMainWindow, dock: QDockWidget, height: int) -> None:
    """Give a side dock ``height``, at most :data:`GROW_SHARE` of its column.

    The room is taken from the docks above and below it; a floating dock, or one alone in its
    column, keeps its size.

    The sizes take effect when the window is next laid out.
    """
    area = window.dockWidgetArea(dock)
    if dock.isFloating() or area not in SIDES:
        return
    layout = window.layout()
    if layout is not None:
        layout.activate()  # the sizes as laid out now (a tab just raised included)
    column = [
        d
        for d in _placed(window, (area,))
        if d is not dock and abs(d.x() - dock.x()) < d.width()  # the same column
    ]
    if not column:
        return
    total = sum(d.height() for d in column) + dock.height()
    wanted = min(height, round(total * GROW_SHARE))
    if wanted <= dock.height():
        return
    rest = [max(1, (total - wanted) // len(column))] * len(column)
    window.resizeDocks([*column, dock], [*rest, wanted], Qt.Orientation.Vertical)


def keep_on_screen(window: QMainWindow) -> None:
    """The window inside its screen, and each floating dock inside one (its screen may be gone)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    clamp_to_screen(window, screen.availableGeometry())
    for dock in window.findChildren(QDockWidget):
        if dock.isFloating() and dock.isVisible():
            clamp_to_screen(dock, (dock.screen() or screen).availableGeometry())


def first_size(wanted: QSize, area: QRect) -> QSize:
    """A window's first size: ``wanted``, but never more than most of the screen's ``area``."""
    return QSize(
        min(wanted.width(), round(area.width() * 0.92)),
        min(wanted.height(), round(area.height() * 0.9)),
    )


def clamp_to_screen(window: QWidget, area: QRect) -> None:
    """Keep the window (frame included) inside ``area``: smaller first, then moved into it."""
    if window.isMaximized() or window.isFullScreen() or area.isEmpty():
        return
    frame = window.frameGeometry()
    extra_w = frame.width() - window.width()
    extra_h = frame.height() - window.height()
    width = min(window.width(), area.width() - extra_w)
    height = min(window.height(), area.height() - extra_h)
    if (width, height) != (window.width(), window.height()):
        window.resize(max(width, 1), max(height, 1))
    frame = window.frameGeometry()
    x = min(max(frame.x(), area.left()), area.right() + 1 - frame.width())
    y = min(max(frame.y(), area.top()), area.bottom() + 1 - frame.height())
    if (x, y) != (frame.x(), frame.y()):
        window.move(max(x, area.left()), max(y, area.top()))
