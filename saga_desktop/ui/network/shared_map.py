"""The shared map as a joined player sees it: a hex map drawn from a received view.

The view's ``map.regions`` (keyed ``"q,r"``) and ``map.tokens`` (keyed by id) hold only what the
seat may see, so this map cannot show more than that; it redraws the regions a patch names, the
party's token and the tokens (a moved one glides). The player may drag the tokens of their own
characters: a drop asks the host (``moveRequested``); the host's answer moves the token, and a
refusal puts it back (:meth:`SharedMap.settle`).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QPoint, QPointF, QRectF, QSettings, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QFont,
    QPainter,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsPolygonItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from saga_desktop.model.campaign import Token
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.map.geometry import (
    hex_at,
    hex_centre,
    hex_polygon,
    layout_for,
    orientation_of,
)
from saga_desktop.ui.map.tokens import TokenLayer

ZOOM_STEP = 1.15
ZOOM_RANGE = (0.05, 8.0)
RISK_COLOURS = ("#d8e8c8", "#e8e2b0", "#eccf98", "#e8b080", "#dc9070", "#c87060")


class SharedMap(QGraphicsView):
    """Visible regions as numbered hexes coloured by risk, the party and the tokens."""

    moveRequested = Signal(str, int, int)
    """The player dropped their token (its id) on a hex: ask the host to move it there."""

    hexMenuRequested = Signal(int, int, QPoint)
    """A right-click on hex (q, r), at a point on the screen (a GM seat offers its menu)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sharedMap")
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self._items: dict[str, tuple[QGraphicsPolygonItem, QGraphicsSimpleTextItem]] = {}
        self._party: QGraphicsEllipseItem | None = None
        self._orientation = ""
        self.owned: set[str] = set()
        """The ids of this seat's characters: their tokens may be dragged."""
        self.moves_any = False  # a GM seat moves every token it sees
        self.tokens = TokenLayer(self.scene(), zoom_scale=0.8)  # they zoom with the map
        self.tokens.movable = lambda token: self.moves_any or token.character in self.owned
        self.tokens.reduced_motion = MotionSettings(QSettings()).reduced_motion  # the app's switch
        self.tokens.dropped.connect(self._dropped)
        self.fitting = True
        """The whole map is kept in sight as the window resizes, until the player zooms."""
        self._bounds = QRectF()  # of every region drawn (kept as they come: no walk over all)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def fit(self) -> None:
        """Show every region drawn, with a margin, and keep doing so as the window resizes."""
        self.fitting = True
        box = QRectF(self._bounds)
        if not box.isEmpty():
            margin = max(box.width(), box.height()) * 0.05
            box = box.adjusted(-margin, -margin, margin, margin)
            self.fitInView(box, Qt.AspectRatioMode.KeepAspectRatio)

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Zoom towards the pointer (the map then stays as the player left it)."""
        steps = event.angleDelta().y() / 120
        if not steps:
            return
        factor = ZOOM_STEP**steps
        zoom = self.transform().m11() * factor
        if ZOOM_RANGE[0] <= zoom <= ZOOM_RANGE[1]:
            self.fitting = False
            self.scale(factor, factor)
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Keep the whole map in sight while the player has not zoomed."""
        super().resizeEvent(event)
        if self.fitting:
            self.fit()

    def region_keys(self) -> set[str]:
        """The regions drawn now, as ``"q,r"``."""
        return set(self._items)

    def party_at(self) -> tuple[int, int] | None:
        """Where the party's token is drawn."""
        return None if self._party is None else self._party.data(0)

    def show_map(self, view: dict[str, Any], keys: set[str] | None = None) -> None:
        """Draw ``view['map']``; only the regions in ``keys`` when given (a patch's regions)."""
        state = view.get("map") or {}
        regions: dict[str, Any] = state.get("regions") or {}
        orientation = str(state.get("orientation", "pointy"))
        if orientation != self._orientation:
            self._orientation, keys = orientation, None
            for polygon, _label in self._items.values():
                self.scene().removeItem(polygon)
            self._items.clear()
        for key in list(self._items) if keys is None else keys:
            if key not in regions and key in self._items:
                polygon, _label = self._items.pop(key)
                self.scene().removeItem(polygon)
        for key in regions if keys is None else keys & set(regions):
            self._draw_region(key, regions[key])
        self._draw_party(state.get("party"))
        self._draw_tokens(view, animate=keys is not None)
        if keys is None:
            self._bounds = QRectF()
            for polygon, _label in self._items.values():
                self._bounds = self._bounds.united(polygon.boundingRect())
            self.fit()
        elif self.fitting and not self._in_sight(self._bounds):
            self.fit()  # a region beyond the edge was charted: keep the whole map in sight

    def _in_sight(self, rect: QRectF) -> bool:
        return self.mapToScene(self.viewport().rect()).boundingRect().contains(rect)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """Say which hex was right-clicked."""
        h = hex_at(self._layout(), self.mapToScene(event.pos()))
        self.hexMenuRequested.emit(h.q, h.r, event.globalPos())

    def _layout(self) -> Any:
        return layout_for(orientation_of(self._orientation))

    def _draw_region(self, key: str, region: dict[str, Any]) -> None:
        q, r = int(region["q"]), int(region["r"])
        risk = max(0, min(int(region.get("risk", 1)), len(RISK_COLOURS) - 1))
        old = self._items.pop(key, None)
        if old is not None:
            self.scene().removeItem(old[0])
        polygon = QGraphicsPolygonItem(hex_polygon(self._layout(), Hex(q, r)))
        polygon.setBrush(QBrush(QColor(RISK_COLOURS[risk])))
        polygon.setPen(QPen(QColor("#6b5a40"), 1.5))
        title = str(region.get("title") or "")
        polygon.setToolTip(f"{region.get('number')}. {title}\n{region.get('notes') or ''}".strip())
        self.scene().addItem(polygon)
        label = QGraphicsSimpleTextItem(str(region.get("number", "")), polygon)
        label.setFont(QFont("", 14, QFont.Weight.Bold))
        centre = hex_centre(self._layout(), q, r)
        box = label.boundingRect()
        label.setPos(centre.x() - box.width() / 2, centre.y() - box.height() / 2 - 10)
        if title:
            short = title if len(title) <= 16 else title[:15] + "…"
            caption = QGraphicsSimpleTextItem(short, polygon)
            caption.setFont(QFont("", 5))
            width = caption.boundingRect().width()
            caption.setPos(centre.x() - width / 2, centre.y() + box.height() / 2 - 10)
        self._items[key] = (polygon, label)
        self._bounds = self._bounds.united(polygon.boundingRect())

    def _draw_party(self, party: Any) -> None:
        if self._party is not None:
            self.scene().removeItem(self._party)
            self._party = None
        if isinstance(party, dict) and "q" in party and "r" in party:
            q, r = int(party["q"]), int(party["r"])
            centre = hex_centre(self._layout(), q, r)
            token = QGraphicsEllipseItem(centre.x() + 16, centre.y() - 34, 20, 20)
            token.setBrush(QBrush(QColor("#2b4c7e")))
            token.setPen(QPen(QColor("white"), 2))
            token.setZValue(10)
            token.setToolTip("The party")
            token.setData(0, (q, r))
            self.scene().addItem(token)
            self._party = token

    def _draw_tokens(self, view: dict[str, Any], *, animate: bool) -> None:
        received = (view.get("map") or {}).get("tokens") or {}
        tokens = []
        for data in received.values() if isinstance(received, dict) else ():
            try:
                tokens.append(Token.model_validate(data))
            except ValidationError:
                continue  # a token this app cannot read is left off the map, nothing else
        characters = view.get("characters") or {}
        names = {
            str(cid): str(c.get("name", "")) for cid, c in characters.items() if isinstance(c, dict)
        }
        layout = self._layout()
        self.tokens.show(tokens, names, lambda q, r: hex_centre(layout, q, r), animate=animate)

    def token_at(self, token_id: str) -> tuple[int, int] | None:
        """The hex where a token is drawn (while dragged or gliding: where it is now)."""
        item = self.tokens.item(token_id)
        if item is None:
            return None
        h = hex_at(self._layout(), item.pos())
        return h.q, h.r

    def settle(self) -> None:
        """Put every token back where the view says it stands (a refused move)."""
        self.tokens.settle()

    def _dropped(self, token_id: str, point: QPointF) -> None:
        item = self.tokens.item(token_id)
        h = hex_at(self._layout(), point)
        if item is None or (item.token.q, item.token.r) == (h.q, h.r):
            self.tokens.settle()
            return
        self.tokens.hold(token_id)  # the token waits there for the host's answer
        self.moveRequested.emit(token_id, h.q, h.r)
