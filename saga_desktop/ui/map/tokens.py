"""Tokens on the map: a disc (a square for a marker) with initials or a number, that glides.

A :class:`TokenLayer` keeps one :class:`TokenItem` per token it is given, each standing in a slot
of its hex so several tokens share a hex without covering each other or the region's number. The
model moves a token at once; the layer glides the item there (jumps with reduced motion). Items a
viewer may drag report where they were let go (``dropped``); the owner decides what happens and
the next :meth:`TokenLayer.show` (or :meth:`TokenLayer.settle`) puts every item in its place.
The layer draws what it is given: a players' map gives it only the tokens players may see.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Iterable

from PySide6.QtCore import (
    QEasingCurve,
    QObject,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Token
from saga_desktop.model.ops.tokens import token_name
from saga_desktop.ui.map.geometry import HEX_SIZE

Z_TOKEN = 9.0
"""Above the still map and the path, below the party's pin and the die."""
RADIUS = 10.0
"""A token's radius in device-independent pixels (it keeps its size at every zoom)."""
GLIDE_MS = 280
SLOTS = ((-0.5, -0.36), (0.5, -0.36), (-0.22, 0.7), (0.22, 0.7), (0.0, -0.74), (0.0, 0.7))
"""Where the first tokens of a hex stand, in hex sizes from its centre: beside the region's
number, then along the bottom edge, then above the number, so the number and the title between
them stay readable (and the visited mark, the risk badge and the party's pin stay clear); later
ones stack on the last slot."""
KIND_WORDS = {
    "character": tr_noop("Character"),
    "enemy": tr_noop("Enemy"),
    "marker": tr_noop("Marker"),
}
"""Each kind of token in a word, in English (worded with ``tr`` where shown)."""

Centre = Callable[[int, int], QPointF]


def numbering(tokens: Iterable[Token]) -> dict[str, int]:
    """The number each unnamed token is shown by: per kind, over the tokens drawn, in map order.

    A viewer counts only the tokens they see (a player's "Enemy 1" is the first enemy they see,
    never a "2" that gives away a hidden first); on the GM's map the tokens the players see come
    first, so a shown token has the same number on every map.
    """
    drawn = list(tokens)
    unnamed = [t for t in drawn if not t.name and t.character is None]
    counts: dict[str, int] = {}
    out: dict[str, int] = {}
    for token in sorted(unnamed, key=lambda t: t.hidden):  # stable: map order within each
        counts[token.kind] = counts.get(token.kind, 0) + 1
        out[token.id] = counts[token.kind]
    return out


def numbered_name(kind: str, number: int) -> str:
    """``Enemy 2``: an unnamed token, by its kind and number."""
    if kind == "character":
        return tr("Character {number}", number=number)
    if kind == "enemy":
        return tr("Enemy {number}", number=number)
    return tr("Marker {number}", number=number)


def display_name(token: Token, names: dict[str, str], numbers: dict[str, int] | None = None) -> str:
    """What a token is called: its own name, its character's, or its kind and number."""
    number = (numbers or {}).get(token.id)
    if number is not None and not token.name and token.character is None:
        return numbered_name(token.kind, number)
    return token_name(token, names)


def badge_text(token: Token, names: dict[str, str], numbers: dict[str, int] | None = None) -> str:
    """The one to three characters on the disc: initials, or the number of an unnamed token."""
    if not token.name and token.character is None:
        number = (numbers or {}).get(token.id)
        return str(number)[:3] if number is not None else token.id.removeprefix("t")[:3]
    words = [w for w in display_name(token, names).split() if w[:1].isalnum()]
    if not words:
        return "?"
    if len(words) > 1 and words[-1].isdigit():
        return (words[0][0] + words[-1])[:3].upper()
    return "".join(w[0] for w in words[:2]).upper()


def tooltip(
    token: Token, names: dict[str, str], *, gm: bool, numbers: dict[str, int] | None = None
) -> str:
    """Rich text for a token's hover note, every piece of user text escaped."""
    name = html.escape(display_name(token, names, numbers), quote=True)
    facts = [tr(KIND_WORDS[token.kind])]
    if token.hidden:
        facts.append(tr("hidden from the players"))
    lines = [f"<b>{name}</b>", " · ".join(facts)]
    if gm:
        lines.append("<i>" + tr("Drag it to another hex; right-click for more.") + "</i>")
    return "<qt>" + "<br>".join(lines) + "</qt>"


class TokenItem(QGraphicsObject):
    """One token. Movable items can be dragged; letting go asks the layer to report the drop."""

    def __init__(self, layer: TokenLayer, token: Token) -> None:
        super().__init__()
        self._layer = layer
        self.token = token
        self.text = ""
        self.name = ""
        self.home = QPointF()
        self.dragging = False
        self.glide = QPropertyAnimation(self, b"pos", self)
        self.glide.setEasingCurve(QEasingCurve.Type.OutCubic)
        self.setZValue(Z_TOKEN)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.set_movable(False)

    @property
    def token_id(self) -> str:
        """The id of the token this item shows."""
        return self.token.id

    def set_movable(self, on: bool) -> None:
        """Let the viewer drag this token (or not: it only shows where the token stands)."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, on)
        if on:
            self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.unsetCursor()

    @property
    def movable(self) -> bool:
        """True when the viewer may drag this token."""
        return bool(self.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable)

    def update_look(
        self, token: Token, names: dict[str, str], numbers: dict[str, int] | None = None
    ) -> None:
        """Show the token's current name (numbered among ``numbers``), colour and hidden mark."""
        self.token = token
        self.text = badge_text(token, names, numbers)
        self.name = display_name(token, names, numbers)
        self.setOpacity(0.6 if token.hidden else 1.0)
        self.setToolTip(tooltip(token, names, gm=self._layer.gm, numbers=numbers))
        self.update()

    def boundingRect(self) -> QRectF:
        """The disc and its edge, in device-independent pixels."""
        r = RADIUS + 3
        return QRectF(-r, -r, 2 * r, 2 * r)

    def shape(self) -> QPainterPath:
        """The disc (what the mouse can grab)."""
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), RADIUS + 1, RADIUS + 1)
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """A coloured disc (a square for a marker) with a light edge and its initials."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        fill = QColor(self.token.colour)
        edge = QPen(QColor("#fbf6ea"), 2.0)
        if self.token.hidden:
            edge.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(QPen(QColor(0, 0, 0, 150), 4.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        self._outline(painter)
        painter.setPen(edge)
        painter.setBrush(QBrush(fill))
        self._outline(painter)
        dark = fill.lightnessF() < 0.6
        painter.setPen(QColor("#ffffff") if dark else QColor("#1d1a16"))
        font = QFont()
        font.setPixelSize(9 if len(self.text) < 3 else 8)
        font.setBold(True)
        painter.setFont(font)
        r = RADIUS
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.text)

    def _outline(self, painter: QPainter) -> None:
        r = RADIUS
        if self.token.kind == "marker":  # a square: no risk badge has that shape
            k = r * 0.9
            painter.drawRoundedRect(QRectF(-k, -k, 2 * k, 2 * k), 3, 3)
        else:
            painter.drawEllipse(QPointF(0, 0), r, r)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Pick the token up (stops a glide under way)."""
        if event.button() == Qt.MouseButton.LeftButton and self.movable:
            self.glide.stop()
            self.dragging = True
            self.setZValue(Z_TOKEN + 0.5)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        """Put it down: the layer reports where."""
        super().mouseReleaseEvent(event)
        if not self.dragging:
            return
        self.dragging = False
        self.setZValue(Z_TOKEN)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self._layer.dropped.emit(self.token_id, self.pos())


class TokenLayer(QObject):
    """The token items of one scene, kept in step with a list of tokens."""

    dropped = Signal(str, QPointF)
    """A token was let go after a drag: its id and the scene point where it was put down."""

    def __init__(
        self, scene: QGraphicsScene, *, gm: bool = False, zoom_scale: float | None = None
    ) -> None:
        """Tokens of ``scene``; movable by default only on the GM's map (``gm``).

        With ``zoom_scale`` tokens grow and shrink with the map (this many scene units to a
        pixel of their drawing); by default they keep their size in pixels at every zoom.
        """
        super().__init__(scene)
        self._scene = scene
        self.gm = gm
        self.zoom_scale = zoom_scale
        self.reduced_motion = False
        self.movable: Callable[[Token], bool] = lambda _token: gm
        self._items: dict[str, TokenItem] = {}
        self._names: dict[str, str] = {}
        self._numbers: dict[str, int] = {}
        self._slot_of: dict[str, int] = {}
        self._held: set[str] = set()

    def items(self) -> list[TokenItem]:
        """Every token item, in map order."""
        return list(self._items.values())

    def item(self, token_id: str) -> TokenItem | None:
        """The item of a token, if it is drawn."""
        return self._items.get(token_id)

    def show(
        self, tokens: Iterable[Token], names: dict[str, str], centre: Centre, *, animate: bool
    ) -> None:
        """Draw exactly these tokens; moved ones glide to their new hex.

        They jump instead when ``animate`` is False or motion is reduced.
        """
        self._names = dict(names)
        wanted = {t.id: t for t in tokens}
        self._numbers = numbering(wanted.values())
        for token_id in [k for k in self._items if k not in wanted]:
            gone = self._items.pop(token_id)
            self._held.discard(token_id)
            gone.glide.stop()
            self._scene.removeItem(gone)
            gone.deleteLater()
        slots = self._slots(list(wanted.values()))
        for token in wanted.values():
            slot = slots[token.id]
            item = self._items.get(token.id)
            fresh = item is None
            if item is None:
                item = TokenItem(self, token)
                if self.zoom_scale is not None:
                    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, False)
                    item.setScale(self.zoom_scale)
                self._scene.addItem(item)
                self._items[token.id] = item
            if token.id in self._held and (item.token.q, item.token.r) != (token.q, token.r):
                self._held.discard(token.id)  # the answer came: it moved
            item.update_look(token, self._names, self._numbers)
            item.set_movable(self.movable(token))
            item.home = centre(token.q, token.r) + _slot(slot)
            self._go_home(item, animate and not fresh)
        self._items = {k: self._items[k] for k in wanted}  # map order

    def _slots(self, tokens: list[Token]) -> dict[str, int]:
        """Each token's slot in its hex: a token staying in its hex keeps its slot.

        Its neighbours do not shuffle when another leaves; a newcomer takes the first free slot.
        """
        used: dict[tuple[int, int], set[int]] = {}
        out: dict[str, int] = {}
        for token in tokens:
            item, before = self._items.get(token.id), self._slot_of.get(token.id)
            free = used.setdefault((token.q, token.r), set())
            stays = item is not None and (item.token.q, item.token.r) == (token.q, token.r)
            if stays and before is not None and before not in free:
                out[token.id] = before
                free.add(before)
        for token in tokens:
            if token.id not in out:
                free = used.setdefault((token.q, token.r), set())
                out[token.id] = next(i for i in itertools.count() if i not in free)
                free.add(out[token.id])
        self._slot_of = out
        return out

    def hold(self, token_id: str) -> None:
        """Leave a dropped token where it was put down: a move waiting for the host's answer.

        It stays until its token moves or :meth:`settle` is called.
        """
        self._held.add(token_id)

    def settle(self) -> None:
        """Glide every token back to its place (a drop that was refused, or changed nothing)."""
        self._held.clear()
        for item in self._items.values():
            self._go_home(item, True)

    def name_of(self, token: Token) -> str:
        """The name a token is shown by."""
        return display_name(token, self._names, self._numbers)

    def _go_home(self, item: TokenItem, animate: bool) -> None:
        if item.dragging or item.token_id in self._held:
            return  # never pull a token from under the mouse, nor one waiting for an answer
        if item.pos() == item.home and item.glide.state() != QPropertyAnimation.State.Running:
            return
        item.glide.stop()
        if not animate or self.reduced_motion:
            item.setPos(item.home)
            return
        item.glide.setDuration(GLIDE_MS)
        item.glide.setStartValue(item.pos())
        item.glide.setEndValue(item.home)
        item.glide.start()

    @property
    def gliding(self) -> bool:
        """True while a token is still on its way."""
        running = QPropertyAnimation.State.Running
        return any(i.glide.state() == running for i in self._items.values())


def _slot(index: int) -> QPointF:
    x, y = SLOTS[min(index, len(SLOTS) - 1)]
    extra = max(0, index - len(SLOTS) + 1) * 4.0
    return QPointF(x * HEX_SIZE + extra, y * HEX_SIZE + extra)
