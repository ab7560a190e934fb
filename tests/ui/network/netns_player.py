"""A player's app, run in a network namespace of its own by test_internet_netns.py.

``python -m tests.ui.network.netns_player LINK CODE NAME TOKEN_ID [CUT_FLAG]`` joins the game at
the internet link, moves the token, waits for the host's answer and the view, and prints one JSON
line. With CUT_FLAG (a file path) it then prints ``moved``, waits until that file exists (the test
has changed this computer's network meanwhile) and moves the token once more.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer


def main() -> int:
    link, code_text, name, token = sys.argv[1:5]
    cut_flag = Path(sys.argv[5]) if len(sys.argv) > 5 else None
    app = QCoreApplication(sys.argv[:1])
    from saga_desktop import app_version
    from saga_desktop.model.registry import rulesets
    from saga_desktop.network.client import ClientProtocol
    from saga_desktop.network.client_events import Closed, HostSilent, RequestAnswered
    from saga_desktop.network.codes import parse_code
    from saga_desktop.network.internet_link import parse_internet_link
    from saga_desktop.ui.network.transport import ClientTransport

    versions = {game.id: str(game.version) for game in rulesets()}
    protocol = ClientProtocol(parse_code(code_text), app_version(), versions, name)
    ticket = parse_internet_link(link).ticket
    client = ClientTransport(protocol, "the GM", 0, ticket=ticket)
    out: dict[str, object] = {"events": []}
    started = time.perf_counter()
    asked: list[int] = []

    cut_at: list[float] = []

    def heard(event: object) -> None:
        out["events"].append(type(event).__name__)  # type: ignore[union-attr]
        if isinstance(event, Closed) and client.finished:
            out["closed"] = event.reason
            app.quit()
        elif (
            isinstance(event, Closed | HostSilent)
            and len(asked) == 2
            and "answer_after_cut" not in out
        ):
            asked.pop()  # lost with the old connection: ask again once seated again
        if isinstance(event, RequestAnswered) and asked and event.request_id == asked[-1]:
            out["answer" if len(asked) == 1 else "answer_after_cut"] = [event.ok, event.message]

    def at(view: dict[str, object], q: int, r: int) -> bool:
        where = view["map"]["tokens"].get(token, {})  # type: ignore[index]
        return (where.get("q"), where.get("r")) == (q, r)

    def check() -> None:
        view = protocol.view
        if protocol.joined and view is not None and not asked:
            out["joined_ms"] = round((time.perf_counter() - started) * 1000, 1)
            out["seat"] = protocol.seat_id
            asked.append(client.request({"kind": "core.MoveToken", "token": token, "q": 3, "r": 1}))
        if view is None or "answer" not in out:
            return
        if "moved" not in out and at(view, 3, 1):
            out["moved"] = True
            if cut_flag is None:
                app.quit()
                return
            line = client._line
            path = line.pipe.path() if line is not None and hasattr(line, "pipe") else None
            print(f"moved {path.remote if path else ''}", flush=True)
        if cut_flag is not None and not cut_at and cut_flag.exists():
            cut_at.append(time.perf_counter())
        if cut_at and len(asked) == 1 and protocol.joined:
            asked.append(client.request({"kind": "core.MoveToken", "token": token, "q": 4, "r": 1}))
        if len(asked) == 2 and "answer_after_cut" in out and at(view, 4, 1):
            out["after_cut_ms"] = round((time.perf_counter() - cut_at[0]) * 1000, 1)
            app.quit()

    client.received.connect(heard)
    poll = QTimer()
    poll.timeout.connect(check)
    poll.start(20)
    QTimer.singleShot(45_000 if cut_flag else 20_000, app.quit)
    client.connect_to_host()
    app.exec()
    out["state"] = client.connection_state
    client.close()
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
