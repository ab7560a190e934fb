"""The d20 that falls onto the map sheet, tumbles and comes to rest where the operation drew.

The campaign has already changed when the animation starts (the model changes at once; the view
animates towards it). :class:`DieDrop` emits ``finished`` when the die rests, or straight away
with reduced motion, so tests and the charting flow can wait for it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import (
    QEasingCurve,
    QObject,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.map.items import Z_DIE
from saga_desktop.ui.map.scene import MapScene

DIE_RADIUS = 26.0
FALL_MS = 1300
REST_MS = 2600
FADE_MS = 600


def _ring(radius: float, start_deg: float, count: int) -> list[QPointF]:
    return [
        QPointF(
            radius * math.cos(math.radians(start_deg + 360 * i / count)),
            radius * math.sin(math.radians(start_deg + 360 * i / count)),
        )
        for i in range(count)
    ]


class D20Item(QGraphicsObject):
    """A d20 seen from above: a hexagonal silhouette with its facets, the top face numbered."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__()
        self._scene = scene
        self.face = 20
        self.setZValue(Z_DIE)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._outer = _ring(DIE_RADIUS, -90, 6)
        self._inner = _ring(DIE_RADIUS * 0.56, -90, 3)
        self._shadow = 0.0

    def boundingRect(self) -> QRectF:
        """The die and its shadow."""
        r = DIE_RADIUS * 1.6
        return QRectF(-r, -r, 2 * r, 2 * r)

    def set_shadow(self, strength: float) -> None:
        """How close to the paper the die is (0 high up, 1 resting)."""
        self._shadow = strength
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Shadow, silhouette, facets and the number on the top face."""
        theme = self._scene.map_style.theme
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._shadow > 0:
            painter.save()
            painter.rotate(-self.rotation())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, round(70 * self._shadow)))
            spread = DIE_RADIUS * (1.25 - 0.2 * self._shadow)
            painter.drawEllipse(QPointF(3, 5), spread, spread * 0.8)
            painter.restore()
        edge = QPen(theme.die_edge, 1.6)
        edge.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(edge)
        painter.setBrush(QBrush(theme.die))
        painter.drawPolygon(QPolygonF(self._outer))
        thin = QPen(theme.die_edge, 1.0)
        painter.setPen(thin)
        links = ((0, (5, 0, 1)), (1, (1, 2, 3)), (2, (3, 4, 5)))
        for t, outer in links:
            for o in outer:
                painter.drawLine(self._inner[t], self._outer[o])
        painter.setBrush(QBrush(theme.paper))
        painter.setPen(edge)
        painter.drawPolygon(QPolygonF(self._inner))
        font = QFont()
        font.setPixelSize(13)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(theme.die_edge)
        painter.drawText(QRectF(-14, -7, 28, 16), Qt.AlignmentFlag.AlignCenter, str(self.face))


class DieDrop(QObject):
    """Plays the fall of the d20 onto a point of the map."""

    finished = Signal()
    """The die has come to rest."""

    def __init__(self, scene: MapScene, view: QGraphicsView) -> None:
        super().__init__(view)
        self._view = view
        self.reduced_motion = False
        self.item = D20Item(scene)
        self.item.hide()
        scene.addItem(self.item)
        self._target = QPointF()
        self._fall = QVariantAnimation(self)
        self._fall.setStartValue(0.0)
        self._fall.setEndValue(1.0)
        self._fall.setDuration(FALL_MS)
        self._fall.valueChanged.connect(self._step)
        self._fall.finished.connect(self._landed)
        self._motion: MotionSettings | None = None
        self._fade = QPropertyAnimation(self.item, b"opacity", self)
        self._fade.setDuration(FADE_MS)
        self._fade.setStartValue(1.0)
        self._fade.setEndValue(0.0)
        self._fade.finished.connect(self.item.hide)
        self._rest = QTimer(self)
        self._rest.setSingleShot(True)
        self._rest.setInterval(REST_MS)
        self._rest.timeout.connect(self._fade_out)
        self._bounce = QEasingCurve(QEasingCurve.Type.OutBounce)
        self._glide = QEasingCurve(QEasingCurve.Type.OutCubic)
        self._height = 300.0

    def follow(self, motion: MotionSettings) -> None:
        """Take reduced motion from the window's one switch, now and whenever it changes."""
        self._motion = motion
        motion.changed.connect(self._motion_changed)
        self._motion_changed()

    def _motion_changed(self) -> None:
        if self._motion is not None:
            self.reduced_motion = self._motion.reduced_motion

    @property
    def running(self) -> bool:
        """True while the die is still falling."""
        return self._fall.state() == QVariantAnimation.State.Running

    def play(self, target: QPointF, face: int = 20) -> None:
        """Drop the die onto a scene point (instantly with reduced motion)."""
        self._stop()
        self._target = target
        self.item.face = face
        self._view.ensureVisible(QRectF(target.x() - 1, target.y() - 1, 2, 2), 80, 80)
        self.item.setOpacity(1.0)
        self.item.show()
        if self.reduced_motion:
            self._place(1.0)
            self._landed()
            return
        scale = max(self._view.transform().m11(), 1e-6)
        self._height = self._view.viewport().height() * 0.7 / scale
        self._place(0.0)
        self._fall.start()

    def clear(self) -> None:
        """Take the die off the map (undo, another campaign)."""
        running = self.running
        self._stop()
        self.item.hide()
        if running:
            self.finished.emit()

    def _stop(self) -> None:
        self._fall.stop()
        self._fade.stop()
        self._rest.stop()

    def _step(self, value: object) -> None:
        self._place(float(value))  # type: ignore[arg-type]

    def _place(self, t: float) -> None:
        fall = self._bounce.valueForProgress(t)
        glide = self._glide.valueForProgress(t)
        h = self._height
        self.item.setPos(self._target + QPointF(-0.3 * h * (1 - glide), -h * (1 - fall)))
        self.item.setRotation(14 + 1080 * (1 - glide))
        self.item.setScale(1.0 + 0.6 * (1 - glide))
        self.item.set_shadow(fall)

    def _landed(self) -> None:
        self._place(1.0)
        self._rest.start()
        QTimer.singleShot(0, self.finished.emit)

    def _fade_out(self) -> None:
        if self.reduced_motion:
            self.item.hide()
        else:
            self._fade.start()
