"""The keyboard hex cursor: moving hex by hex on the map, and saying where it stands.

The arrow keys step to the neighbour nearest that direction on screen (so they work on pointy
and flat maps alike); Q/W/E/A/S/D/Z/X/C step towards the eight points of the compass the same way.
Home or P jumps to the party, N / Shift+N to the next / previous charted region, T to the next
token; M picks up the token on the cursor's hex and M again puts it down at the cursor (Escape
calls the move off). Ctrl with an arrow pans the map as the arrows alone used to. Each step is
spoken (:func:`~saga_desktop.ui.announce.announce`) in the words of :func:`describe_hex`; the
view scrolls to keep the cursor in sight.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent, QKeyEvent

from saga_desktop.i18n import tr, trc, trn
from saga_desktop.model.campaign import Token
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_tokens
from saga_desktop.rules.cards import Card
from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import DIRECTIONS, Hex, Layout
from saga_desktop.ui.announce import announce
from saga_desktop.ui.cards import card_plain
from saga_desktop.ui.map.compass import COMPASS_KEYS, compass_angle
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.map.theme import risk_words
from saga_desktop.ui.map.tokens import display_name
from saga_desktop.ui.map.tooltip import region_heading

if TYPE_CHECKING:
    from saga_desktop.ui.map.view import MapView

ARROWS = {
    Qt.Key.Key_Right: 0.0,
    Qt.Key.Key_Up: 90.0,
    Qt.Key.Key_Left: 180.0,
    Qt.Key.Key_Down: 270.0,
}
"""The arrow keys and the screen angle (degrees, anticlockwise from east) each steps towards."""
POINTS = (
    "east",
    "north-east",
    "north",
    "north-west",
    "west",
    "south-west",
    "south",
    "south-east",
)
"""The eight points of the compass, anticlockwise from east (worded by :func:`point_words`)."""
SCROLL_MARGIN = 48


def screen_angle(layout: Layout, a: Hex, b: Hex) -> float:
    """The direction from hex ``a`` to hex ``b`` on screen, in degrees anticlockwise from east."""
    ax, ay = layout.to_point(a)
    bx, by = layout.to_point(b)
    return math.degrees(math.atan2(ay - by, bx - ax)) % 360


def step(layout: Layout, h: Hex, angle: float) -> Hex:
    """The neighbour of ``h`` whose direction on screen is nearest ``angle``."""

    def off(d: Hex) -> float:
        diff = abs(screen_angle(layout, h, h + d) - angle) % 360
        return min(diff, 360 - diff)

    return h + min(DIRECTIONS, key=off)


def point_words(point: str) -> str:
    """One of :data:`POINTS` in the app's language ("north-east", « au nord-est »)."""
    return {
        "east": trc("compass", "east"),
        "north-east": trc("compass", "north-east"),
        "north": trc("compass", "north"),
        "north-west": trc("compass", "north-west"),
        "west": trc("compass", "west"),
        "south-west": trc("compass", "south-west"),
        "south": trc("compass", "south"),
        "south-east": trc("compass", "south-east"),
    }[point]


def _point(layout: Layout, origin: Hex, h: Hex) -> str:
    return point_words(POINTS[round(screen_angle(layout, origin, h) / 45) % 8])


def compass(layout: Layout, origin: Hex, h: Hex) -> str:
    """``3 hexes north-east`` (of ``origin``); "" when they are the same hex."""
    distance = origin.distance(h)
    if distance == 0:
        return ""
    point = _point(layout, origin, h)
    return trn("{n} hex {point}", "{n} hexes {point}", distance, point=point)


def card_spoken(code: str) -> str:
    """``"10H"`` -> ``"10 of hearts ♥"`` (words first, for a screen reader); else as it is."""
    try:
        card = Card.from_code(code)
    except RulesError:
        return code
    return f"{card_plain(card)} {card.suit.symbol}"  # the symbol is no word: it goes after


def tokens_on(view: MapView, h: Hex) -> list[Token]:
    """The tokens this map shows on a hex (a players' map: never a hidden one)."""
    viewer = Viewer.TABLE if view.player else Viewer.GM
    tokens = visible_tokens(view.session.campaign.map.tokens, viewer)
    return [t for t in tokens if (t.q, t.r) == (h.q, h.r)]


def describe_hex(view: MapView, h: Hex) -> str:
    """What the cursor says on a hex: the region's facts, the tokens, where the party is."""
    region = view.map_scene.region_at(h.q, h.r)
    parts: list[str] = []
    if region is None:
        parts.append(
            tr("Uncharted lands") if view.player else tr("Uncharted hex {q}, {r}", q=h.q, r=h.r)
        )
    else:
        parts.append(region_heading(region))
        if region.terrain:
            parts.append(region.terrain)
        if view.charting.risk:
            words = risk_words(region.risk)
            if region.risk_card:
                card = card_spoken(region.risk_card)
                parts.append(
                    tr(
                        "risk {risk}, {words}, card {card}",
                        risk=region.risk,
                        words=words,
                        card=card,
                    )
                )
            else:
                parts.append(tr("risk {risk}, {words}", risk=region.risk, words=words))
        parts.append(tr("visited") if region.visited else tr("not visited yet"))
        if region.hidden and not view.player:
            parts.append(tr("hidden from the players"))
    names = {c.id: c.name for c in view.session.campaign.characters}
    tokens = tokens_on(view, h)
    if tokens:
        listed = ", ".join(display_name(t, names) for t in tokens)
        parts.append(trn("tokens: {names}", "tokens: {names}", len(tokens), names=listed))
    party = view.map_scene.party_hex
    if party == h:
        parts.append(tr("the party is here"))
    elif party is not None and region is None:
        distance = party.distance(h)
        point = _point(view.map_scene.layout, party, h)
        parts.append(
            trn(
                "{n} hex {point} of the party",
                "{n} hexes {point} of the party",
                distance,
                point=point,
            )
        )
    return ". ".join(p[:1].upper() + p[1:] for p in parts) + "."


def _next_region(view: MapView, here: Hex, forward: bool) -> Hex | None:
    regions = sorted(view.map_scene.index, key=lambda reg: reg.number)
    if not regions:
        return None
    current = view.map_scene.region_at(here.q, here.r)
    number = current.number if current is not None else (0 if forward else math.inf)
    if forward:
        after = [reg for reg in regions if reg.number > number]
        pick = after[0] if after else regions[0]
    else:
        before = [reg for reg in regions if reg.number < number]
        pick = before[-1] if before else regions[-1]
    return Hex(pick.q, pick.r)


def _next_token(view: MapView, here: Hex) -> Hex | None:
    viewer = Viewer.TABLE if view.player else Viewer.GM
    tokens = visible_tokens(view.session.campaign.map.tokens, viewer)
    if not tokens:
        return None
    spots = list(dict.fromkeys((t.q, t.r) for t in tokens))
    try:
        i = spots.index((here.q, here.r)) + 1
    except ValueError:
        i = 0
    q, r = spots[i % len(spots)]
    return Hex(q, r)


def target_of(view: MapView, event: QKeyEvent) -> Hex | None:
    """Where a cursor key moves the cursor (None: not a cursor key, or nowhere to go)."""
    key = Qt.Key(event.key())
    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    shift = mods == Qt.KeyboardModifier.ShiftModifier
    if mods and not shift:
        return None
    here = view.current_hex or view.map_scene.party_hex or Hex(0, 0)
    layout = view.map_scene.layout
    if not shift and key in ARROWS:
        return step(layout, here, ARROWS[key])
    if not shift and key in (Qt.Key.Key_Home, Qt.Key.Key_P):
        return view.map_scene.party_hex
    if key == Qt.Key.Key_N:
        return _next_region(view, here, forward=not shift)
    if not shift and key == Qt.Key.Key_T:
        return _next_token(view, here)
    angle = None if shift else compass_angle(event)  # by the key's place, not its letter
    return step(layout, here, angle) if angle is not None else None


CURSOR_KEYS = (*ARROWS, *COMPASS_KEYS, Qt.Key.Key_Home, Qt.Key.Key_P, Qt.Key.Key_N, Qt.Key.Key_T)


def is_menu_key(event: QKeyEvent) -> bool:
    """The context menu key, or Shift+F10."""
    shift_f10 = event.modifiers() == Qt.KeyboardModifier.ShiftModifier
    return event.key() == Qt.Key.Key_Menu or (event.key() == Qt.Key.Key_F10 and shift_f10)


def open_menu(view: MapView) -> None:
    """Ask for the right-click menu of the cursor's hex (the party's, if no hex is current)."""
    h = view.current_hex or view.map_scene.party_hex or Hex(0, 0)
    view.set_current_hex(h, by_keyboard=True)
    point = view.view_point_of(hex_centre(view.map_scene.layout, h.q, h.r))
    view.contextMenuWanted.emit(h, view.viewport().mapToGlobal(point))


def handle_key(view: MapView, event: QKeyEvent) -> bool:
    """Move the cursor for a cursor key and say where it is; False if the key is not one.

    The menu key (or Shift+F10) opens the cursor's hex menu on the GM's map.
    """
    enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
    if enter and view.current_hex is not None:  # chart or edit it; a player reads its note
        if view.player:
            read_note(view, view.current_hex)
        else:
            view.hexActivated.emit(view.current_hex)
        return True
    if is_menu_key(event):
        if view.player:
            return False
        open_menu(view)
        return True
    plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    if plain and event.key() == Qt.Key.Key_M:
        view.tokenKeyed.emit(view.current_hex or view.map_scene.party_hex or Hex(0, 0))
        return True
    if plain and event.key() == Qt.Key.Key_Escape and view.move_pending():
        view.cancelKeyed.emit()
        return True
    if event.key() not in CURSOR_KEYS and compass_angle(event) is None:
        return False
    target = target_of(view, event)
    if target is None:
        held = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if held and (event.key() != Qt.Key.Key_N or held != Qt.KeyboardModifier.ShiftModifier):
            return False  # Ctrl+arrow pans; Shift only turns N around
        if event.key() == Qt.Key.Key_N:
            missing = tr("No charted region yet.")
        elif event.key() == Qt.Key.Key_T:
            missing = tr("No tokens on the map.")
        else:
            missing = tr("The party has not landed yet.")
        announce(view, missing)
        return True
    move_to(view, target)
    return True


def move_to(view: MapView, h: Hex) -> None:
    """Put the cursor on ``h``, keep it in sight and say where it is."""
    view.set_current_hex(h, by_keyboard=True)
    centre = hex_centre(view.map_scene.layout, h.q, h.r)
    size = view.map_scene.layout.size
    view.ensureVisible(
        QRectF(centre.x() - size, centre.y() - size, 2 * size, 2 * size),
        SCROLL_MARGIN,
        SCROLL_MARGIN,
    )
    announce(view, describe_hex(view, h))
    if QAccessible.isActive():  # a screen reader's focus follows onto a region or token
        iface = QAccessible.queryAccessibleInterface(view)
        target = iface.focusChild() if iface is not None else None
        if target is not None:
            QAccessible.updateAccessibility(QAccessibleEvent(target, QAccessible.Event.Focus))


KEYBOARD_FOCUS = (
    Qt.FocusReason.TabFocusReason,
    Qt.FocusReason.BacktabFocusReason,
    Qt.FocusReason.ShortcutFocusReason,
)


def focus_changed(view: MapView, focused: bool, reason: Qt.FocusReason) -> None:
    """Ring the cursor while the map has focus.

    Arriving by the keyboard (Tab, a shortcut) with no current hex puts the cursor on the party
    and says so, so a keyboard player always sees and hears where they are.
    """
    view.map_scene.cursor.set_focus_ring(focused)
    if focused and reason in KEYBOARD_FOCUS and view.current_hex is None:
        here = view.map_scene.party_hex or Hex(0, 0)
        view.set_current_hex(here, by_keyboard=True)
        announce(view, describe_hex(view, here))


def read_note(view: MapView, h: Hex) -> None:
    """Enter on a players' map: say the hex and its note (a players' map holds no secret)."""
    region = view.map_scene.region_at(h.q, h.r)
    notes = region.notes if region is not None else ""
    said = tr("Note: {note}", note=notes) if notes.strip() else tr("No note.")
    announce(view, f"{describe_hex(view, h)} {said}")
