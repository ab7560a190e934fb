"""The card table dock: the table scene in a view that scales it to fit, and the latest action.

The view measures how long each paint takes while cards move (``paint_ms``), so the frame cost
of an animation can be checked on the software renderer.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QResizeEvent, QTransform
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.ui.cardtable.layout import MAX_COLUMNS, TableLayout
from saga_desktop.ui.cardtable.scene import TableScene

MIN_SCALE = 0.5
MAX_SCALE = 2.5


class TableView(QGraphicsView):
    """Shows the :class:`TableScene`, scaled to the dock's width (within limits)."""

    discardClicked = Signal()
    """The player clicked the discard pile."""

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
        self.setAccessibleName("Card table")
        self.paint_ms: list[float] = []
        """Milliseconds per paint of the viewport (cleared at the start of each animation)."""
        scene.sceneRectChanged.connect(lambda _r: self.fit())
        scene.animator.finished.connect(self._idle)

    def fit(self) -> None:
        """Pick the columns and hand width that show the table largest, and scale it to fit."""
        view = self.viewport().size()
        if view.isEmpty():
            return
        hands = self.table.layout.hand_ids

        def scale_of(layout: TableLayout) -> float:
            rect = layout.scene_rect
            return min(view.width() / rect.width(), view.height() / rect.height())

        most = max(1, min(MAX_COLUMNS, len(hands)))
        options = [TableLayout.fitting(hands, c, view.width()) for c in range(1, most + 1)]
        best = max(options, key=lambda lay: (round(min(scale_of(lay), 1.0), 3), -lay.columns))
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

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click on the discard pile opens the discard viewer."""
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            point = self.mapToScene(event.position().toPoint())
            if self.table.discard_rect.contains(point):
                self.discardClicked.emit()

    def _idle(self) -> None:
        self.viewport().update()

    def start_measuring(self) -> None:
        """Forget earlier paint times."""
        self.paint_ms = []


class CardTableDock(QDockWidget):
    """The dock holding the card table, a line for the latest action and the discard viewer."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__("Card table", parent)
        self.setObjectName("card-table")
        body = QWidget(self)
        box = QVBoxLayout(body)
        box.setContentsMargins(0, 0, 0, 4)
        box.setSpacing(4)
        self.view = TableView(scene, body)
        box.addWidget(self.view, 1)
        bar = QHBoxLayout()
        bar.setContentsMargins(8, 0, 8, 0)
        self.latest = QLabel("", body)
        self.latest.setObjectName("table-latest")
        self.latest.setTextFormat(Qt.TextFormat.PlainText)
        self.latest.setWordWrap(True)
        self.latest.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.latest.setAccessibleName("Latest action")
        self.discard_button = QPushButton("Discard pile…", body)
        self.discard_button.setToolTip("List the cards in the discard pile, top card first")
        bar.addWidget(self.latest, 1)
        bar.addWidget(self.discard_button, 0, Qt.AlignmentFlag.AlignTop)
        box.addLayout(bar)
        self.setWidget(body)

    def show_latest(self, text: str) -> None:
        """Show the explanation of the latest action (plain text)."""
        self.latest.setText(text)
        self.latest.setToolTip(text)
