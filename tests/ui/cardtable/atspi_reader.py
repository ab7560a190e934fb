"""Read the running app over the desktop accessibility bus (AT-SPI), as a screen reader does.

Run by ``test_atspi_bus.py`` with the system's Python (which has ``pyatspi``) inside a private
D-Bus session: it starts the accessibility bus, a virtual X screen and the app, then reads the
app's tree (the card table's piles, the showing controls and their names), presses *Roll* through
the accessibility action interface and listens for the announcement. It prints one JSON report.

    python3 atspi_reader.py APP_PYTHON CAMPAIGN_FILE
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

import pyatspi  # type: ignore[import-not-found]
from gi.repository import GLib  # type: ignore[import-not-found]

CONTROLS = (
    "push button", "check box", "radio button", "combo box", "spin button", "text", "page tab",
    "table", "list",
)  # fmt: skip


def find_app(name: str, tries: int = 80) -> Any:
    """The application called ``name`` on the bus (it takes a few seconds to start)."""
    desktop = pyatspi.Registry.getDesktop(0)
    for _ in range(tries):
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and (app.name or "") == name:
                return app
        time.sleep(0.25)
    return None


def walk(node: Any, out: list[Any], depth: int = 0) -> None:
    """Every object under ``node``, depth first."""
    out.append(node)
    if depth > 30:
        return
    for i in range(min(node.childCount, 500)):
        try:
            child = node.getChildAtIndex(i)
        except Exception:  # an object gone while walking
            continue
        if child is not None:
            walk(child, out, depth + 1)


def read(report: dict[str, Any]) -> None:
    """Fill ``report`` from the app's tree, press Roll, and listen for what is announced."""
    app = find_app("Saga Desktop")
    if app is None:
        return
    report["app"] = app.name
    nodes: list[Any] = []
    walk(app, nodes)
    for node in nodes:
        kids = [node.getChildAtIndex(i) for i in range(node.childCount)]
        if node.name == "Card table" and any(k.getRoleName() == "list" for k in kids):
            report["piles"] = [k.name for k in kids]
            report["cards"] = {k.name: [c.name for c in k] for k in kids}
    for node in nodes:
        try:
            if node.getRoleName() in CONTROLS and node.getState().contains(pyatspi.STATE_SHOWING):
                report["controls"] += 1
                if not (node.name or "").strip():
                    report["unnamed"].append(node.getRoleName())
        except Exception:
            continue
    roll = next((n for n in nodes if n.getRoleName() == "push button" and n.name == "Roll"), None)
    pyatspi.Registry.registerEventListener(
        lambda event: report["announcements"].append(str(event.any_data)), "object:announcement"
    )

    def press() -> bool:
        if roll is not None:
            roll.queryAction().doAction(0)
        return False

    GLib.timeout_add(500, press)
    GLib.timeout_add(5000, lambda: pyatspi.Registry.stop())
    pyatspi.Registry.start()


def main() -> None:
    """Start the bus, the screen and the app; read; stop them; print the report."""
    python, campaign = sys.argv[1], sys.argv[2]
    report: dict[str, Any] = {"app": None, "piles": [], "cards": {}, "controls": 0,
                              "unnamed": [], "announcements": []}  # fmt: skip
    started = [subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])]
    read_end, write_end = os.pipe()  # Xvfb picks a free display and writes its number here
    started.append(subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1600x900x24"],
        stderr=subprocess.DEVNULL, pass_fds=(write_end,),
    ))  # fmt: skip
    os.close(write_end)
    with os.fdopen(read_end) as numbers:
        display = f":{numbers.readline().strip()}"
    time.sleep(1.0)
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", SAGA_DESKTOP_RELAY="off",
               QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")  # fmt: skip
    home = os.path.dirname(os.path.abspath(campaign))  # settings, backups, recovery: the test's
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = os.path.join(home, name.lower())
    quiet = subprocess.DEVNULL
    app = [python, "-m", "saga_desktop", campaign]
    started.append(subprocess.Popen(app, env=env, stdout=quiet, stderr=quiet))
    try:
        read(report)
    finally:
        for process in reversed(started):
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
