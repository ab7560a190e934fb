"""Whether this window's user may ask for one operation, exactly as the host will decide.

The combat dock and the creation dialog build the very operation a control would apply and ask
the bridge about it (with its fields, as the request would carry them). At the GM's own table and
at a GM seat everything is allowed; at a player's seat the answer is the host's own check
(the ruleset's ``player_operations`` and the network's permissions), never a second list.
"""

from __future__ import annotations

from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.ui.bridge import SessionBridge


def may(bridge: SessionBridge | None, op: Operation) -> bool:
    """True when ``bridge``'s user may ask for ``op`` now (no bridge: the GM's own panel)."""
    if bridge is None or not bridge.limited:
        return True
    # Only a seat asks: the GM's own table starts without loading the network.
    from saga_desktop.network.messages import request_parts
    from saga_desktop.ui.network.remote_session import request_of

    try:
        kind, fields = request_parts(request_of(op))
    except (OperationError, ValueError):
        return False
    return bridge.may(kind, fields)
