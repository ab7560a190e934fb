"""The roll panel's d20: it tumbles through faces and lands on the number the roll already has.

The roll was made by the model before the die moves; the tumble only shows it. Its faces come
from a fixed pattern (never the campaign's generator), and ``landed`` fires when it rests (at
once with reduced motion).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from saga_desktop.i18n import tr
from saga_desktop.ui.cardtable.motion import MotionSettings

TUMBLE_MS = 900.0
BODY = QColor("#2b4c7e")
EDGE = QColor("#15243d")
FACE = QColor("#f7f1e3")
GOLD = QColor("#8a5d00")
RED = QColor("#b8483e")


def _ring(cx: float, cy: float, radius: float, start_deg: float, count: int) -> list[QPointF]:
    return [
        QPointF(
            cx + radius * math.cos(math.radians(start_deg + 360 * i / count)),
            cy + radius * math.sin(math.radians(start_deg + 360 * i / count)),
        )
        for i in range(count)
    ]


class D20Widget(QWidget):
    """A d20 seen from above, its top face numbered."""

    landed = Signal(int)
    """The die has come to rest showing this number."""

    def __init__(self, motion: MotionSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.motion = motion
        self.face = 20
        self._target = 20
        self._angle = 0.0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("d20")
        self._tumble = QVariantAnimation(self)
        self._tumble.setStartValue(0.0)
        self._tumble.setEndValue(1.0)
        self._tumble.valueChanged.connect(self._step)
        self._tumble.finished.connect(self._rest)

    def sizeHint(self) -> QSize:
        """Room for the die."""
        return QSize(72, 72)

    @property
    def rolling(self) -> bool:
        """True while the die tumbles."""
        return self._tumble.state() == QVariantAnimation.State.Running

    def roll_to(self, value: int, animate: bool = True) -> None:
        """Tumble and land on ``value`` (straight away without animations)."""
        self._tumble.stop()
        self._target = value
        if not animate or not self.motion.animations_enabled:
            self._rest()
            return
        self._tumble.setDuration(self.motion.ms(TUMBLE_MS))
        self._tumble.start()

    def show_value(self, value: int) -> None:
        """Show a face without rolling (a physical die's number, a restored roll)."""
        self._tumble.stop()
        self._target = self.face = value
        self._angle = 0.0
        self.setAccessibleDescription(tr("showing {value}", value=value))
        self.update()

    def finish(self) -> None:
        """Land at once if the die is still tumbling."""
        if self.rolling:
            self._tumble.stop()
            self._rest()

    def _step(self, value: object) -> None:
        u = float(value)  # type: ignore[arg-type]
        slow = 1 - (1 - u) ** 3
        flips = int(slow * 14)
        self.face = (self._target + 7 * (14 - flips)) % 20 + 1 if flips < 14 else self._target
        self._angle = 540 * (1 - slow)
        self.update()

    def _rest(self) -> None:
        self.show_value(self._target)
        self.landed.emit(self._target)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Silhouette, facets and the number (gold on 20, red on 1)."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        side = min(self.width(), self.height())
        cx, cy, r = self.width() / 2, self.height() / 2, side * 0.46
        painter.translate(cx, cy)
        painter.rotate(self._angle)
        painter.translate(-cx, -cy)
        outer = _ring(cx, cy, r, -90, 6)
        inner = _ring(cx, cy, r * 0.62, -90, 3)
        painter.setPen(QPen(EDGE, max(1.0, side / 40)))
        painter.setBrush(BODY)
        painter.drawPolygon(QPolygonF(outer))
        for t, outs in ((0, (5, 0, 1)), (1, (1, 2, 3)), (2, (3, 4, 5))):
            for o in outs:
                painter.drawLine(inner[t], outer[o])
        painter.setBrush(FACE)
        painter.drawPolygon(QPolygonF(inner))
        font = QFont()
        font.setBold(True)
        font.setPixelSize(max(8, round(side * 0.19)))
        painter.setFont(font)
        colour = GOLD if self.face == 20 else RED if self.face == 1 else EDGE
        painter.setPen(colour)
        box = QRectF(cx - r * 0.5, cy - r * 0.22, r, r * 0.6)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(self.face))
