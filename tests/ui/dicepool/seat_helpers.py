"""Shared steps of the dice-pool seat tests: a forged request, refused at the seat and the host."""

from __future__ import annotations

from saga_desktop.i18n.words import say
from saga_desktop.model.operation import Operation
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.remote_session import request_of
from saga_desktop.ui.network.seat_window import SeatWindow


def refused_everywhere(menu: SessionMenu, window: SeatWindow, op: Operation) -> str:
    """``op`` asked from ``window``'s bridge and straight of the host: both refuse; the reason.

    The seat refuses before sending (it checks as the host will); the host, asked directly for
    the seat, gives its own refusal. The caller checks that nothing changed.
    """
    assert window.bridge.apply(op) is None
    hosting = menu.hosting
    assert hosting is not None
    name = window.transport.protocol.seat_name
    seat = next(s for s in hosting.seats() if s.name == name)
    refusal = hosting.table.handle_request(seat.seat_id, request_of(op))
    assert refusal, f"the host let {name} do {op.label}"
    return say(refusal)  # words, worded as the seat does
