"""The card table dock: the table scene in a view that scales it to fit, and the latest action.

The scene's text is sized so that on screen it is never smaller than the application's font
(it grows in the scene when the view shrinks the table to fit). The latest action is one
elided line under the table, its full text in a plain tooltip. The view measures how long
each paint takes while cards move (``paint_ms``), so the frame cost
of an animation can be checked on the software renderer.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAccessibleInterface,
    QColor,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QTransform,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.rules.cards import Card
from saga_desktop.ui.announce import announce
from saga_desktop.ui.cardtable import accessible
from saga_desktop.ui.cardtable.cursor import TableCursor
from saga_desktop.ui.cardtable.items import INK, INK_SOFT, app_text_px
from saga_desktop.ui.cardtable.layout import MAX_COLUMNS, TEXT, TableLayout
from saga_desktop.ui.cardtable.piles import first_public_stack
from saga_desktop.ui.cardtable.scene import TableScene
from saga_desktop.ui.cardtable.words import PileEntry
from saga_desktop.ui.elide import plain_tip

MIN_SCALE = 0.4
TEXT_GROWTH = 1.6
"""Scene text grows at most this much when the table is shrunk to fit (so the cards still fit)."""
MAX_SCALE = 2.5
RING = QColor("#ffd54a")
RING_EDGE = QColor("#101418")
"""The keyboard's focus ring: bright gold inside a dark edge, seen on the felt and on a card."""
BAR = "#22382f"
"""The background of the line under the table (its text is the felt's ink)."""


class ElidedLine(QLabel):
    """One line of plain text, cut short with "…" to its width; the full text in its tooltip.

    With no text it shows ``placeholder`` in soft ink, so an empty bar never looks broken.
    """

    def __init__(self, parent: QWidget | None = None, placeholder: str = "") -> None:
        super().__init__(parent)
        self._full = ""
        self.placeholder = placeholder
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setAutoFillBackground(True)
        palette = self.palette()
        for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
            palette.setColor(group, QPalette.ColorRole.Window, BAR)
            palette.setColor(group, QPalette.ColorRole.WindowText, INK)
        self.setPalette(palette)
        self.setContentsMargins(8, 3, 8, 3)
        self._elide()

    @property
    def full_text(self) -> str:
        """The whole text, before eliding."""
        return self._full

    def set_full_text(self, text: str) -> None:
        """Show ``text`` on one line (line breaks become spaces)."""
        self._full = " ".join(text.split())
        self.setToolTip(plain_tip(self._full))
        self.setAccessibleDescription(self._full)
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Cut the text again to the new width."""
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        margins = self.contentsMargins()
        width = max(10, self.width() - margins.left() - margins.right())
        line = self._full or self.placeholder
        shown = self.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, width)
        palette = self.palette()
        ink = INK if self._full else INK_SOFT
        if palette.color(QPalette.ColorRole.WindowText) != ink:
            for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
                palette.setColor(group, QPalette.ColorRole.WindowText, ink)
            self.setPalette(palette)
        if shown != self.text():
            self.setText(shown)


class TableView(QGraphicsView):
    """Shows the :class:`TableScene`, scaled to the dock's width (within limits)."""

    discardClicked = Signal()
    """The player clicked the discard pile (or pressed Enter on it)."""
    cardActivated = Signal(str, object)
    """Enter or Space on a card: the pile's name and the :class:`Card` (None when face down)."""
    cursorMoved = Signal(str)
    """The keyboard cursor moved: what it is on now, in words (also announced)."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setObjectName("card-table-view")
        self.table = scene
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlags(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setMinimumSize(220, 160)
        self.setAccessibleName(tr("Card table"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.pile_cursor = TableCursor(scene)
        self._piles_a11y: dict[str, accessible.PileAccessible] = {}
        self._cards_a11y: dict[tuple[str, int], accessible.CardAccessible] = {}
        self._table_a11y: accessible.TableAccessible | None = None
        self._read_names: dict[str, str] = {}
        accessible.install()
        self.paint_ms: list[float] = []
        """Milliseconds per paint of the viewport (cleared at the start of each animation)."""
        scene.sceneRectChanged.connect(lambda _r: self.fit())
        scene.animator.finished.connect(self._idle)

    def fit(self) -> None:
        """Pick the columns and hand width that show the table largest, and scale it to fit."""
        view = self.viewport().size()
        if view.isEmpty():
            return
        lanes = self.table.layout.lanes

        def scale_of(layout: TableLayout) -> float:
            rect = layout.scene_rect
            return min(view.width() / rect.width(), view.height() / rect.height())

        owned = sum(1 for lane in lanes if lane.owner is not None)
        most = max(1, min(MAX_COLUMNS, owned))
        base = max(TEXT, app_text_px())
        text = self.table.layout.text
        for _round in range(4):  # the text grows as the table shrinks: a few rounds settle it
            options = [
                TableLayout.fitting(lanes, c, view.width(), text) for c in range(1, most + 1)
            ]
            best = max(options, key=lambda lay: (round(min(scale_of(lay), 1.0), 3), -lay.columns))
            if scale_of(best) < MIN_SCALE:  # nothing fits: scroll one way only (down)
                wide = [o for o in options if o.scene_rect.width() * MIN_SCALE <= view.width()]
                best = max(wide, key=scale_of, default=best)
            zoom = min(MAX_SCALE, max(MIN_SCALE, scale_of(best)))
            wanted = round(base * max(1.0, min(TEXT_GROWTH, 1 / zoom)), 1)
            if abs(wanted - text) < 0.5:
                break
            text = wanted
        self.table.set_shape(*best.shape)
        scale = min(MAX_SCALE, max(MIN_SCALE, scale_of(best)))
        if abs(scale - self.transform().m11()) > 1e-6:
            self.setTransform(QTransform.fromScale(scale, scale))

    @property
    def scale_factor(self) -> float:
        """The current zoom of the table."""
        return self.transform().m11()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the whole table in sight."""
        super().resizeEvent(event)
        self.fit()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint, timing it while cards move."""
        begin = time.perf_counter()
        super().paintEvent(event)
        if self.table.animator.running:
            self.paint_ms.append((time.perf_counter() - begin) * 1000)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """The keyboard's cursor goes where the click is (before the focus comes and says it)."""
        if event.button() == Qt.MouseButton.LeftButton:
            self.pile_cursor.put_at(self.mapToScene(event.position().toPoint()))
            self.viewport().update()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click on the discard pile opens the discard viewer."""
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            point = self.mapToScene(event.position().toPoint())
            if self.table.discard_rect.contains(point):
                self.discardClicked.emit()

    def _idle(self) -> None:
        self.viewport().update()  # the focus ring too, where the cards came to rest
        self._read_names = accessible.table_changed(self, self._read_names)

    # -- the keyboard and assistive technology --------------------------------------------------

    def latest_line(self) -> str:
        """The line under the table (the latest action), read by the L key."""
        dock = self.parentWidget()
        while dock is not None and not isinstance(dock, CardTableDock):
            dock = dock.parentWidget()
        return dock.latest.full_text if dock is not None else ""

    def entry(self, pile: str) -> PileEntry | None:
        """A pile as the table reads it now (None when the table has no such pile)."""
        return next((e for e in self.pile_cursor.entries() if e.pile.name == pile), None)

    def cursor_on(self, pile: str, card: int) -> bool:
        """True when the view has the focus and the cursor is on this pile (or card)."""
        if not self.hasFocus():
            return False
        found = self.pile_cursor.current()
        return found is not None and found[0].pile.name == pile and found[1] == card

    def table_interface(self) -> QAccessibleInterface:
        """The view's accessibility interface (made once, kept: Qt holds on to it)."""
        if self._table_a11y is None:
            self._table_a11y = accessible.TableAccessible(self)
        return self._table_a11y

    def pile_interface(self, pile: str) -> accessible.PileAccessible:
        """A pile's interface (one per pile name, kept)."""
        if pile not in self._piles_a11y:
            self._piles_a11y[pile] = accessible.PileAccessible(self, pile)
        return self._piles_a11y[pile]

    def card_interface(self, pile: str, index: int) -> accessible.CardAccessible:
        """The interface of a card's place in a pile (one per place, kept)."""
        key = (pile, index)
        if key not in self._cards_a11y:
            self._cards_a11y[key] = accessible.CardAccessible(self, pile, index)
        return self._cards_a11y[key]

    def speak_cursor(self) -> None:
        """Say where the cursor is, move the focus ring there and tell assistive technology."""
        text = self.pile_cursor.spoken()
        ring = self.pile_cursor.rect()
        if not ring.isEmpty():  # a table too big for its dock scrolls to the focus
            self.ensureVisible(ring, 12, 12)
        self.viewport().update()
        accessible.focus_event(self)
        announce(self, text)
        self.cursorMoved.emit(text)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Taking the focus shows the ring and says which pile or card it is on."""
        super().focusInEvent(event)
        self.speak_cursor()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """The ring goes with the focus."""
        super().focusOutEvent(event)
        self.viewport().update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Arrows step through piles and cards, Home/End jump, Enter/Space act as a click."""
        key = Qt.Key(event.key())
        moves = {
            Qt.Key.Key_Up: lambda: self.pile_cursor.move_pile(-1),
            Qt.Key.Key_Down: lambda: self.pile_cursor.move_pile(1),
            Qt.Key.Key_Left: lambda: self.pile_cursor.move_card(-1),
            Qt.Key.Key_Right: lambda: self.pile_cursor.move_card(1),
            Qt.Key.Key_Home: lambda: self.pile_cursor.move_pile(-1, to_end=True),
            Qt.Key.Key_End: lambda: self.pile_cursor.move_pile(1, to_end=True),
        }
        if key in moves and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            moves[key]()  # at an end the place is said again, so the step is never silent
            self.speak_cursor()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.activate()
            return
        if key == Qt.Key.Key_L and not event.modifiers():
            announce(self, self.latest_line() or tr("No action at the table yet"))
            return
        super().keyPressEvent(event)

    def activate(self) -> None:
        """Do what a click on the cursor's pile or card does."""
        found = self.pile_cursor.current()
        if found is None:
            return
        entry, card = found
        if card >= 0:
            chosen: Card | None = entry.cards[card]
            self.cardActivated.emit(entry.pile.name, chosen)
        elif entry.pile == first_public_stack(self.table.piles):
            self.discardClicked.emit()
        else:
            if entry.cards:
                announce(self, tr("{pile}. Right arrow reads its cards", pile=entry.name))
            else:
                announce(self, entry.name)

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The focus ring round the cursor's pile or card, while the table has the focus."""
        super().drawForeground(painter, rect)
        if not self.hasFocus():
            return
        ring = self.pile_cursor.rect()
        if ring.isEmpty():
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width, grow in ((RING_EDGE, 6.0, 5.0), (RING, 3.0, 5.0)):
            pen = QPen(colour, width)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawRoundedRect(ring.adjusted(-grow, -grow, grow, grow), 7, 7)
        painter.restore()

    def start_measuring(self) -> None:
        """Forget earlier paint times."""
        self.paint_ms = []


class CardTableDock(QDockWidget):
    """The dock holding the card table, a line for the latest action and the discard viewer."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(tr("Card table"), parent)
        self.setObjectName("card-table")
        body = QWidget(self)
        box = QVBoxLayout(body)
        box.setContentsMargins(0, 0, 0, 4)
        box.setSpacing(4)
        self.view = TableView(scene, body)
        box.addWidget(self.view, 1)
        bar = QHBoxLayout()
        bar.setContentsMargins(8, 0, 8, 0)
        self.latest = ElidedLine(body, tr("No action at the table yet"))
        self.latest.setObjectName("table-latest")
        self.latest.setAccessibleName(tr("Latest action"))
        self.discard_button = QPushButton(tr("Discard pile…"), body)
        self.discard_button.setToolTip(tr("List the cards in the discard pile, top card first"))
        bar.addWidget(self.latest, 1)
        bar.addWidget(self.discard_button, 0)
        box.addLayout(bar)
        self.setWidget(body)

    def show_latest(self, text: str) -> None:
        """Show the explanation of the latest action (plain text, one line; "" clears it)."""
        self.latest.set_full_text(text)
