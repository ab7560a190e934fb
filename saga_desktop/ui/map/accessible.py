"""The hex map for assistive technology: its regions and tokens as objects a screen reader finds.

Qt knows the map view only as one picture. :func:`install` registers a factory with
``QAccessible.installFactory`` that gives every :class:`~saga_desktop.ui.map.view.MapView` a
:class:`MapAccessible`: its children are the charted regions the map shows, by number ("Region 4
— The Drowned Stair", described by terrain, risk, visited and tokens as the hex cursor speaks
them), then the tokens it shows. A players' map holds no hidden region (its scene never does)
and lists no hidden token (:func:`~saga_desktop.model.visibility.visible_tokens`), exactly as it
draws them.

Qt keeps a pointer to every interface it is given, so each region's and token's interface is
made once (:class:`Parts`, kept by the view) and looks its region or token up anew on each
question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface, QWindow
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Token
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_tokens
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map.cursor import describe_hex
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.map.tokens import display_name
from saga_desktop.ui.map.tooltip import region_heading

if TYPE_CHECKING:
    from saga_desktop.ui.map.view import MapView

Role, Text = QAccessible.Role, QAccessible.Text
KEYS = tr_noop(
    "Arrows or Q W E A S D Z X C move the hex cursor, Home or P goes to the party, "
    "N and Shift+N to the next and previous region, T to the next token, Enter opens the hex, "
    "the menu key opens its menu, M picks up a token and M again puts it down"
)
_installed = False


def _state(focused: bool) -> QAccessible.State:
    state = QAccessible.State()
    state.focusable = True
    state.focused = focused
    state.readOnly = True
    return state


class _Part(QAccessibleInterface):
    """What a region and a token have in common: a place on the map view, no object of its own."""

    def __init__(self, view: MapView) -> None:
        super().__init__()
        self.view = view

    def alive(self) -> bool:
        """False once the map view is gone (Qt may still hold this interface)."""
        return shiboken6.isValid(self.view)

    def object(self) -> QObject | None:  # type: ignore[override]
        return None

    def window(self) -> QWindow | None:  # type: ignore[override]
        top = self.view.window()
        return top.windowHandle() if top is not None else None

    def relations(self, match: Any = None) -> list[Any]:
        return []

    def setText(self, t: QAccessible.Text, text: str) -> None:
        pass

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return QAccessible.queryAccessibleInterface(self.view)

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def childCount(self) -> int:
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]
        return None

    def hex(self) -> Hex | None:
        """Where this part stands (None once it is gone)."""
        raise NotImplementedError

    def isValid(self) -> bool:
        return self.alive() and self.hex() is not None

    def rect(self) -> QRect:
        h = self.hex() if self.alive() else None
        if h is None:
            return QRect()
        size = self.view.map_scene.layout.size
        centre = hex_centre(self.view.map_scene.layout, h.q, h.r)
        scene_rect = QRectF(centre.x() - size, centre.y() - size, 2 * size, 2 * size)
        local = self.view.mapFromScene(scene_rect).boundingRect()
        return QRect(self.view.viewport().mapToGlobal(local.topLeft()), local.size())

    def state(self) -> QAccessible.State:
        h = self.hex() if self.alive() else None
        return _state(h is not None and self.view.hasFocus() and self.view.current_hex == h)


class RegionAccessible(_Part):
    """A charted region the map shows: its number and title; the cursor's words describe it."""

    def __init__(self, view: MapView, h: Hex) -> None:
        super().__init__(view)
        self.at = h

    def hex(self) -> Hex | None:  # noqa: D102
        return self.at if self.view.map_scene.region_at(self.at.q, self.at.r) else None

    def text(self, t: QAccessible.Text) -> str:  # noqa: D102
        region = self.view.map_scene.region_at(self.at.q, self.at.r) if self.alive() else None
        if region is None:
            return ""
        if t == Text.Name:
            return region_heading(region)
        if t == Text.Description:
            return describe_hex(self.view, self.at)
        return ""

    def role(self) -> QAccessible.Role:  # noqa: D102
        return Role.ListItem


def token_description(kind: str, hidden: bool, place: str) -> str:
    """``Enemy token, hidden from the players, on Region 4 — The Drowned Stair``."""
    if kind == "character":
        if hidden:
            return tr("Character token, hidden from the players, on {place}", place=place)
        return tr("Character token, on {place}", place=place)
    if kind == "enemy":
        if hidden:
            return tr("Enemy token, hidden from the players, on {place}", place=place)
        return tr("Enemy token, on {place}", place=place)
    if hidden:
        return tr("Marker token, hidden from the players, on {place}", place=place)
    return tr("Marker token, on {place}", place=place)


class TokenAccessible(_Part):
    """A token the map shows: its name; its kind and where it stands as the description."""

    def __init__(self, view: MapView, token_id: str) -> None:
        super().__init__(view)
        self.token_id = token_id

    def token(self) -> Token | None:
        """The token as it is now (None if gone, or hidden from this map)."""
        if not self.alive():
            return None
        return next((t for t in shown_tokens(self.view) if t.id == self.token_id), None)

    def hex(self) -> Hex | None:  # noqa: D102
        token = self.token()
        return Hex(token.q, token.r) if token is not None else None

    def text(self, t: QAccessible.Text) -> str:  # noqa: D102
        token = self.token()
        if token is None:
            return ""
        if t == Text.Name:
            names = {c.id: c.name for c in self.view.session.campaign.characters}
            return display_name(token, names)
        if t == Text.Description:
            where = self.view.map_scene.region_at(token.q, token.r)
            if where:
                place = region_heading(where)
            else:
                place = tr("uncharted hex {q}, {r}", q=token.q, r=token.r)
            return token_description(token.kind, token.hidden, place)
        return ""

    def role(self) -> QAccessible.Role:  # noqa: D102
        return Role.Graphic


def shown_tokens(view: MapView) -> list[Token]:
    """The tokens this map draws (a players' map: never a hidden one)."""
    viewer = Viewer.TABLE if view.player else Viewer.GM
    return visible_tokens(view.session.campaign.map.tokens, viewer)


class Parts:
    """The interfaces of one map's regions and tokens, made once each and kept."""

    def __init__(self, view: MapView) -> None:
        self.view = view
        self.regions: dict[Hex, RegionAccessible] = {}
        self.tokens: dict[str, TokenAccessible] = {}
        self.map: MapAccessible | None = None

    def children(self) -> list[_Part]:
        """Regions by number, then tokens in map order: what this map shows, nothing else."""
        out: list[_Part] = []
        for region in sorted(self.view.map_scene.index, key=lambda reg: reg.number):
            h = Hex(region.q, region.r)
            out.append(self.regions.setdefault(h, RegionAccessible(self.view, h)))
        for token in shown_tokens(self.view):
            out.append(self.tokens.setdefault(token.id, TokenAccessible(self.view, token.id)))
        return out

    def interface(self) -> MapAccessible:
        """The map view's own interface."""
        if self.map is None:
            self.map = MapAccessible(self.view)
        return self.map


class MapAccessible(QAccessibleWidget):
    """The map view: named "Hex map", its regions and tokens as children."""

    def __init__(self, view: MapView) -> None:
        super().__init__(view, Role.Pane, view.accessibleName() or tr("Hex map"))
        self.view = view

    def _children(self) -> list[_Part]:
        return self.view.a11y_parts.children() if shiboken6.isValid(self.view) else []

    def childCount(self) -> int:  # noqa: D102
        return len(self._children())

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        children = self._children()
        return children[index] if 0 <= index < len(children) else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: D102
        children = self._children()
        return children.index(child) if child in children else -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        point = QPoint(x, y)
        for part in reversed(self._children()):  # tokens stand over regions
            if part.rect().contains(point):
                return part
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: D102
        h = self.view.current_hex if self.view.hasFocus() else None
        if h is None:
            return None
        return next((p for p in self._children() if p.hex() == h), None)

    def text(self, t: QAccessible.Text) -> str:  # noqa: D102
        if t == Text.Name:
            return self.view.accessibleName() or tr("Hex map")
        if t == Text.Description:
            return tr(KEYS)
        return super().text(t)


def map_changed(view: MapView) -> None:
    """Ask assistive technology to read the map's children again (regions or tokens changed)."""
    if QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleEvent(view, QAccessible.Event.ObjectReorder))


def _factory(key: str, obj: QObject) -> QAccessibleInterface | None:
    if key != "MapView":  # Qt asks for every object: answer the others at once
        return None
    # The view module imports this one: ask the view for its parts by name, not by type.
    parts = getattr(obj, "a11y_parts", None)
    if isinstance(obj, QWidget) and parts is not None:
        interface = parts.interface()
        return interface if isinstance(interface, QAccessibleInterface) else None
    return None


def install() -> None:
    """Register the map's accessibility factory (once per application)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True
