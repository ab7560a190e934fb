"""A seat over real sockets without a window: its transport, typed model and RemoteSession."""

from __future__ import annotations

from pydantic import JsonValue
from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from saga_desktop import app_version
from saga_desktop.model.registry import rulesets
from saga_desktop.model.seat_model import SeatModel
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.network.codes import Code, CodeKind
from saga_desktop.ui.map.geometry import hex_at
from saga_desktop.ui.map.view import MapView
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.remote_session import RemoteSession
from saga_desktop.ui.network.seat_sheets import sheet_docks
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.network.transport import ClientTransport

WAIT = 10_000


def seat_session(
    qtbot: QtBot,
    menu: SessionMenu,
    name: str,
    code: Code | None = None,
    parent: QObject | None = None,
) -> RemoteSession:
    """A RemoteSession seated at ``menu``'s hosted table as ``name`` (the GM's code: a GM seat)."""
    hosting = menu.hosting
    assert hosting is not None
    code = code or hosting.join_code
    role = "gm" if code.kind is CodeKind.GM else "player"
    versions = {game.id: str(game.version) for game in rulesets()}
    protocol = ClientProtocol(code, app_version(), versions, name, role)
    transport = ClientTransport(protocol, "127.0.0.1", hosting.port, parent or menu)
    transport.connect_to_host()
    qtbot.waitUntil(lambda: protocol.joined or bool(hosting.claims()), timeout=WAIT)
    for claim in hosting.claims():  # a character's seat: the GM lets the player in
        hosting.answer(claim.claim_id, True)
    qtbot.waitUntil(lambda: protocol.joined and protocol.view is not None, timeout=WAIT)
    assert protocol.view is not None
    return RemoteSession(transport, SeatModel(protocol.view, name), parent or menu)


def widget_texts(widget: QWidget) -> list[str]:
    """Every text a widget shows, in the order of its children (labels, fields, buttons, ...)."""
    out: list[str] = [widget.windowTitle()]
    for child in widget.findChildren(QWidget):
        if isinstance(child, QGroupBox):
            out.append(child.title())
        if isinstance(child, QLabel | QLineEdit | QAbstractButton):
            out.append(child.text())
        elif isinstance(child, QComboBox):
            out.append(child.currentText())
        elif isinstance(child, QAbstractSpinBox):
            out.append(child.text())
        elif isinstance(child, QPlainTextEdit | QTextEdit):
            out.append(child.toPlainText())
    return [text for text in out if text]


def seat_window(qtbot: QtBot, menu: SessionMenu, name: str, code: Code | None = None) -> SeatWindow:
    """The main window at a seat of ``menu``'s table (a player's, unless ``code`` is the GM's)."""
    window = SeatWindow(seat_session(qtbot, menu, name, code))
    qtbot.addWidget(window)
    window.show()
    return window


def forged(qtbot: QtBot, window: SeatWindow, request: dict[str, JsonValue]) -> str:
    """Send ``request`` as is from the seat (no check on this side); the host's refusal text."""
    answers: list[RequestAnswered] = []

    def heard(event: object) -> None:
        if isinstance(event, RequestAnswered):
            answers.append(event)

    window.transport.received.connect(heard)
    request_id = window.transport.request(request)
    qtbot.waitUntil(lambda: any(a.request_id == request_id for a in answers), timeout=WAIT)
    window.transport.received.disconnect(heard)
    answer = next(a for a in answers if a.request_id == request_id)
    assert not answer.ok, f"the host did {request}"
    return answer.message


def token_at(view: MapView, token_id: str) -> tuple[int, int] | None:
    """The hex where a map draws a token (while dragged or gliding: where it is now)."""
    item = view.tokens.item(token_id)
    if item is None:
        return None
    h = hex_at(view.map_scene.layout, item.pos())
    return h.q, h.r


def seat_map(window: SeatWindow) -> MapView:
    """The map at the centre of a seat's window."""
    feature = window.map_feature
    assert feature is not None
    return feature.view


def seat_sheet(window: SeatWindow, character_id: str) -> QDockWidget:
    """A character's sheet dock in a seat's window: built, and gated as the seat shows it."""
    dock = sheet_docks(window).get(character_id)
    assert dock is not None, f"no sheet of {character_id}"
    build = getattr(dock, "ensure_built", None)
    if callable(build):
        build()
    if window.sheet_gate is not None:
        window.sheet_gate.gate_now()
    return dock
