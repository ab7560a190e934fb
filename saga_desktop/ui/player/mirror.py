"""A second, read-only view of the card table's scene: the players see the same cards move."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QSizePolicy, QWidget


class TableMirror(QGraphicsView):
    """Shows the GM's card table scene, scaled to fit, without taking any input.

    Both views draw the one scene, so every reveal, discard and shuffle the GM sees animate
    here at the same moment. The scene's shape is chosen by the GM's view; this one only scales.
    """

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setObjectName("players-card-table")
        self.setInteractive(False)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMinimumHeight(160)
        self.setAccessibleName("The cards on the table")
        scene.sceneRectChanged.connect(self._reshape)

    def _reshape(self, rect: QRectF) -> None:
        self.updateGeometry()  # the height follows the table's shape
        self._fit(rect)

    def _fit(self, _rect: QRectF | None = None) -> None:
        scene = self.scene()
        if scene is not None and not scene.sceneRect().isEmpty():
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the whole table in sight."""
        super().resizeEvent(event)
        self._fit()

    def heightForWidth(self, width: int) -> int:
        """As tall as the table's shape needs at this width."""
        scene = self.scene()
        if scene is None or scene.sceneRect().isEmpty():
            return 220
        rect = scene.sceneRect()
        return max(160, round(width * rect.height() / rect.width()))

    def hasHeightForWidth(self) -> bool:
        """The height follows the width."""
        return True
