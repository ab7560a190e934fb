"""Views too big for one message: split into an outline and parts that rebuild them exactly."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.network.chunks import size_of, split_view
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.host import HostLimits, HostProtocol
from saga_desktop.network.messages import Snapshot, Welcome, decode
from saga_desktop.network.patch import apply_patch
from saga_desktop.network.table import SessionTable
from tests.network.harness import CODE, GM_CODE, Loopback, make_host, player

keys = st.text("abcdefghij0123456789,", min_size=1, max_size=6)
leaves = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.text(max_size=300))
views = st.recursive(
    leaves | st.lists(leaves, max_size=5),
    lambda inner: st.dictionaries(keys, inner, max_size=12),
    max_leaves=400,
).filter(lambda v: isinstance(v, dict))


@settings(max_examples=60, deadline=None)
@given(view=views, budget=st.integers(700, 5000))
def test_the_parts_rebuild_the_view_and_each_fits_the_budget(view: Any, budget: int) -> None:
    outline, parts = split_view(view, budget)
    assert size_of(outline) <= budget
    rebuilt = outline
    for part in parts:
        assert size_of([c.model_dump(mode="json") for c in part]) <= budget
        rebuilt = apply_patch(rebuilt, part)
    assert json.dumps(rebuilt, sort_keys=True) == json.dumps(view, sort_keys=True)


def test_a_small_view_is_its_own_outline() -> None:
    view = {"map": {"regions": {"0,0": {"title": "Home"}}}, "name": "Coast"}
    assert split_view(view, 10_000) == (view, [])


def test_a_hand_too_big_for_one_message_arrives_in_parts_on_join_patch_and_resume() -> None:
    limit = 8_000
    fast = {"rate": 1e6, "burst": 1e6}
    table, _host, net = make_host(limits=HostLimits(max_message=limit, log_size=4, **fast))
    table.deck = [f"card-{i:04d}-{'x' * 40}" for i in range(2000)]
    ada = net.connect("c1", player("Ada"))
    for _ in range(300):  # one request per card: each patch is small
        net.request("c1", {"kind": "draw"})
    bo = net.connect("c2", player("Bo"))  # joins a table whose view is far over the limit
    assert bo.client.view == table.current_view("s2")
    sizes = [len(data) for link in net.links.values() for data in link.to_client]
    assert max(sizes) <= limit + 64  # sealed messages: the plaintext limit plus the seal
    net.drop("c1")
    for _ in range(10):  # more than the log keeps: Ada will need the whole view back
        net.request("c2", {"kind": "draw"})
    net.connect("c1b", ada.client)
    assert ada.client.view == table.current_view("s1")
    assert bo.client.view == table.current_view("s2")


def test_a_patch_too_big_for_one_message_comes_as_the_view_in_parts() -> None:
    limit = 8_000
    sent: list[bytes] = []
    tap = lambda conn, seat, data: sent.append(data)  # noqa: E731
    table, _host, net = make_host(limits=HostLimits(max_message=limit), tap=tap)
    ada = net.connect("c1", player("Ada"))
    table.hands["s1"] = {f"card-{i:04d}-{'x' * 40}": "card" for i in range(400)}
    sent.clear()
    net.run(table.publish())  # one patch of 400 cards, over the limit
    assert ada.client.view == table.current_view("s1")
    kinds = [decode(data).type for data in sent]
    assert kinds[0] == "snapshot" and set(kinds[1:]) == {"view_part"}, kinds


def test_a_real_session_too_big_for_one_message_reaches_every_seat_whole() -> None:
    session = build_sample()
    for i in range(120):
        session.apply(ChartRegion(10 + i, -5, title=f"Ridge {i}", notes="y" * 200))
    table = SessionTable(session)
    plaintexts: list[bytes] = []
    tap = lambda conn, seat, data: plaintexts.append(data)  # noqa: E731
    host = HostProtocol(table, CODE, GM_CODE, tap=tap, limits=HostLimits(max_message=16_000))
    table.attach(host.publish)
    net = Loopback(host)
    table.on_actions = net.run
    v = table.versions()
    gm = net.connect("gm", ClientProtocol(GM_CODE, v.app_version, dict(v.rulesets), "Gunn", "gm"))
    ren = net.connect("ren", ClientProtocol(CODE, v.app_version, dict(v.rulesets), "Ren"))
    assert gm.client.view == table.build_view(Viewer.GM)
    assert ren.client.view == table.build_view(Viewer.player("pc1"))
    assert session.undo()  # an ordinary change after a view in parts
    assert gm.client.view == table.build_view(Viewer.GM)
    messages = [decode(p) for p in plaintexts]
    assert max(len(p) for p in plaintexts) <= 16_000
    heads = [m for m in messages if isinstance(m, (Welcome, Snapshot)) and m.parts]
    assert len(heads) == 2  # both seats were welcomed with a view in parts
