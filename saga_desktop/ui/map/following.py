"""Where a map looks: told to followers at most once a frame, and kept when the map turns."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, QTimer

from saga_desktop.rules.hexgrid import Layout, Orientation
from saga_desktop.ui.map.geometry import centre_of, layout_for

FRAME_MS = 16
"""``viewChanged`` is emitted at most once per this many milliseconds (one frame)."""


class ViewReporter(QObject):
    """Calls ``report(centre, scale)`` one frame after the view moved, if it really changed."""

    def __init__(
        self,
        look: Callable[[], tuple[QPointF, float]],
        report: Callable[[QPointF, float], None],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._look = look
        self._report = report
        self._sent: tuple[float, float, float] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._emit)

    def moved(self) -> None:
        """The view moved or zoomed: report it within a frame."""
        if not self._timer.isActive():
            self._timer.start()

    def _emit(self) -> None:
        centre, scale = self._look()
        sent = (centre.x(), centre.y(), scale)
        if sent != self._sent:
            self._sent = sent
            self._report(centre, scale)


def turned_centre(centre: QPointF, before: Orientation, after: Layout) -> QPointF:
    """The same place on a map turned by 30 degrees (see ``SetOrientation``).

    The turn is linear, so it carries fractional coordinates too.
    """
    fq, fr = layout_for(before).fractional(centre.x(), centre.y())
    nq, nr = (fq + fr, -fq) if before is Orientation.POINTY else (-fr, fq + fr)
    x, y = centre_of(after)(nq, nr)
    return QPointF(x, y)
