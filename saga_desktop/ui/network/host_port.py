"""The port this computer hosts on: 47800 unless the GM changed it in the hosting window."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from saga_desktop.network.codes import DEFAULT_PORT

PORT_SETTING = "network/host_port"
"""Where the port this computer hosts on is kept (47800 unless the GM changed it)."""
PORTS_TRIED = 10
"""When the settings' port is taken, the next ones are tried before any free port."""


def host_port(settings: QSettings) -> int:
    """The port to host on, from the settings (a bad value reads as 47800)."""
    try:
        port = int(str(settings.value(PORT_SETTING, DEFAULT_PORT)))
    except ValueError:
        return DEFAULT_PORT
    return port if 1024 <= port <= 65535 else DEFAULT_PORT
