"""Every seat is told who is at the table (issue 32): when it sits down and when that changes.

Names, player or GM, here, away or gone, and which line is the seat's own; never a seat id, a
code, a link, a token or a round trip. Nothing is resent while nothing changes. A seat that
sends presence is refused like any message a seated app does not send.
"""

from __future__ import annotations

import json

from saga_desktop.network.client_events import PresenceChanged
from saga_desktop.network.messages import Presence, PresenceSeat, decode
from tests.network.harness import CODE, GM_CODE, Clock, RawClient, make_host, player, reason_of


def told(events: list[object]) -> list[Presence]:
    return [e.presence for e in events if isinstance(e, PresenceChanged)]


def table_of(presence: Presence) -> list[tuple[str, str, str]]:
    return [(s.name, s.role, s.state) for s in presence.seats]


def test_a_seat_hears_who_joins_leaves_and_comes_back() -> None:
    _table, _host, net = make_host()
    ada = net.connect("c1", player("Ada"))
    first = told(ada.events)
    assert [table_of(p) for p in first] == [[("Ada", "player", "here")]]
    assert first[0].you == 0 and ada.client.presence == first[0]
    ada.events.clear()
    bo = net.connect("c2", player("Bo"), peer="10.0.0.3")
    assert table_of(told(ada.events)[-1]) == [("Ada", "player", "here"), ("Bo", "player", "here")]
    assert told(ada.events)[-1].you == 0 and told(bo.events)[-1].you == 1
    gm = net.connect("c3", player("Gunn", code=GM_CODE, role="gm"), peer="10.0.0.4")
    assert ("Gunn", "gm", "here") in table_of(told(ada.events)[-1])
    assert table_of(told(gm.events)[-1]) == table_of(told(ada.events)[-1])  # a GM seat too
    net.drop("c2")  # Bo's computer went away
    assert ("Bo", "player", "gone") in table_of(told(ada.events)[-1])
    ada.events.clear()
    net.connect("c4", bo.client, peer="10.0.0.3")  # back with the token
    assert ("Bo", "player", "here") in table_of(told(ada.events)[-1])
    assert told(bo.events)[-1].you == 1  # the seat gets the table again as it resumes


def test_nothing_is_resent_while_nothing_changes_and_away_is_told_once() -> None:
    clock = Clock()
    _table, host, net = make_host(clock=clock)
    ada = net.connect("c1", player("Ada", clock=clock))
    bo = net.connect("c2", player("Bo", clock=clock), peer="10.0.0.3")
    ada.events.clear()
    for _ in range(4):  # heartbeats and pongs both ways: nothing about the table changed
        clock.now += 1
        net.run(host.tick())
        for conn_id in ("c1", "c2"):
            link = net.links[conn_id]
            out = link.client.tick()
            link.events += out.events
            net.send_to_host(conn_id, out.data)
    assert told(ada.events) == []
    bo.open = False  # Bo's computer froze: nothing to or from it
    for _ in range(8):
        clock.now += 1
        net.run(host.tick())
        out = ada.client.tick()
        ada.events += out.events
        net.send_to_host("c1", out.data)
    states = [dict((n, s) for n, _r, s in table_of(p))["Bo"] for p in told(ada.events)]
    assert states == ["away", "gone"]


def test_a_player_seat_is_told_names_only_never_a_code_token_link_or_id() -> None:
    plain: dict[str, list[bytes]] = {}
    _table, host, net = make_host(
        tap=lambda conn, _s, data: plain.setdefault(conn, []).append(data)
    )
    net.connect("c1", player("Ada"))
    bo = net.connect("c2", player("Bo"), peer="10.0.0.3")
    net.connect("c3", player("Gunn", code=GM_CODE, role="gm"), peer="10.0.0.4")
    host.admin.links = ["saga://10.0.0.1:4567/Saga"]
    net.run(host.tick())
    presence = [m for m in plain["c2"] if json.loads(m)["type"] == "presence"]
    assert presence, "the player's seat was told who is at the table"
    secrets = [CODE.text, GM_CODE.text, "saga://", "rtt", "seat_id", "token"]
    secrets += [s.token for s in host._state.seats.values()]
    for message in presence:
        assert not [s for s in secrets if s.encode() in message], message
        fields = set(json.loads(message)) | {k for s in json.loads(message)["seats"] for k in s}
        assert fields == {"type", "seats", "you", "gm_at_host", "name", "role", "state"}
    assert bo.client.table is None  # the GM's table (code, links, round trips): never


def test_presence_from_a_seat_is_refused_without_a_traceback() -> None:
    _table, host, net = make_host()
    ada = net.connect("c1", player("Ada"))
    raw = RawClient(host, "c9", net=net)
    raw.join("Mallory")
    before = host.seats()
    forged = Presence(seats=[PresenceSeat(name="Ada", role="player", state="gone")])
    raw.send(forged.model_dump_json().encode())
    answer = raw.last()
    assert answer["type"] == "refused" and "'presence'" in reason_of(answer)
    assert host.seats() == before and raw.closed is None
    assert ("Ada", "player", "here") in table_of(ada.client.presence or forged)
    raw.send_json({"type": "presence", "seats": [{"name": "x", "role": "king", "state": "here"}]})
    assert raw.last()["type"] == "refused" and "seats.0.role" in reason_of(raw.last())


def test_a_presence_message_keeps_its_limits() -> None:
    line = {"name": "Ada", "role": "player", "state": "here"}
    for bad in (
        {"type": "presence", "seats": [line], "you": 1},  # not one of the seats
        {"type": "presence", "seats": [line] * 201},
        {"type": "presence", "seats": [{**line, "name": "x" * 201}]},
        {"type": "presence", "seats": [{**line, "token": "abc"}]},
    ):
        try:
            decode(json.dumps(bad).encode())
        except ValueError:
            continue
        raise AssertionError(f"read {bad}")
