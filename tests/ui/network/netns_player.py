"""A player's app, run in a network namespace of its own by test_internet_netns.py.

``python -m tests.ui.network.netns_player LINK CODE NAME TOKEN_ID`` joins the game at the internet
link, moves the token, waits for the host's answer and the view, and prints one JSON line.
"""

from __future__ import annotations

import json
import sys
import time

from PySide6.QtCore import QCoreApplication, QTimer


def main() -> int:
    link, code_text, name, token = sys.argv[1:5]
    app = QCoreApplication(sys.argv[:1])
    from saga_desktop import app_version
    from saga_desktop.model.registry import rulesets
    from saga_desktop.network.client import ClientProtocol
    from saga_desktop.network.client_events import Closed, RequestAnswered
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

    def heard(event: object) -> None:
        out["events"].append(type(event).__name__)  # type: ignore[union-attr]
        if isinstance(event, Closed):
            out["closed"] = event.reason
            app.quit()
        if isinstance(event, RequestAnswered) and asked and event.request_id == asked[0]:
            out["answer"] = [event.ok, event.message]

    def check() -> None:
        view = protocol.view
        if protocol.joined and view is not None and not asked:
            out["joined_ms"] = round((time.perf_counter() - started) * 1000, 1)
            out["seat"] = protocol.seat_id
            asked.append(client.request({"kind": "core.MoveToken", "token": token, "q": 3, "r": 1}))
        if view is not None and "answer" in out:
            where = view["map"]["tokens"].get(token, {})
            if (where.get("q"), where.get("r")) == (3, 1):
                out["moved"] = True
                app.quit()

    client.received.connect(heard)
    poll = QTimer()
    poll.timeout.connect(check)
    poll.start(20)
    QTimer.singleShot(20_000, app.quit)
    client.connect_to_host()
    app.exec()
    out["state"] = client.connection_state
    client.close()
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
