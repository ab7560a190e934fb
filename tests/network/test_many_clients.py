"""Many clients, many seeded actions, drops and reconnects: every view ends equal to the table's."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.network.host import HostLimits
from tests.network.harness import GM_CODE, ROOMY, make_host, player


def play(seed: int, players: int, steps: int, log_size: int) -> None:
    rng = random.Random(seed)
    limits = HostLimits(log_size=log_size, keys=ROOMY)  # reconnects come faster than in life
    table, host, net = make_host(seed=seed, limits=limits)
    for i in range(players):
        net.connect(f"c{i}", player(f"P{i}"), peer=f"10.0.0.{i}")
    net.connect("gm", player("Co-GM", code=GM_CODE, role="gm"), peer="10.0.1.1")
    conn_of = {f"s{i + 1}": f"c{i}" for i in range(players)}
    generation = 0
    for _ in range(steps):
        seat = rng.choice(sorted(conn_of))
        conn = conn_of[seat]
        link = net.links[conn]
        roll = rng.random()
        if not link.open:
            if roll < 0.5:
                generation += 1
                new_conn = f"{conn.split('#')[0]}#{generation}"
                client = link.client
                if rng.random() < 0.3:  # the app restarted: only the token survived
                    client = player(None, reconnect_token=client.reconnect_token)
                net.connect(new_conn, client, peer=f"10.0.0.{seat[1:]}")
                conn_of[seat] = new_conn
        elif roll < 0.1:
            net.drop(conn)
        elif roll < 0.4:
            token = rng.choice(sorted(table.tokens))
            net.request(conn, {"kind": "move", "token": token, "hex": f"{rng.randrange(9)},1"})
        elif roll < 0.6:
            net.request(conn, {"kind": "draw"})
        elif roll < 0.8:
            hand = sorted(table.hands[seat]) or ["c-none"]
            net.request(conn, {"kind": "play", "card": rng.choice(hand)})
        else:
            net.run(table.gm_move(rng.choice(sorted(table.tokens)), f"{rng.randrange(9)},2"))
    for seat, conn in conn_of.items():
        if not net.links[conn].open:
            net.connect(f"{conn}-final", net.links[conn].client, peer=f"10.0.0.{seat[1:]}")
            conn_of[seat] = f"{conn}-final"
    conn_of["s" + str(players + 1)] = "gm"
    for seat, conn in conn_of.items():
        client = net.links[conn].client
        assert client.joined and client.seat_id == seat
        assert client.view == table.current_view(seat), seat
        assert client.revision == next(s.revision for s in host.seats() if s.seat_id == seat)
    assert (
        sum(len(hand) for hand in table.hands.values()) + len(table.discard) + len(table.deck)
        == 200
    )


def test_six_players_three_hundred_actions() -> None:
    play(seed=7, players=6, steps=300, log_size=8)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 5), st.sampled_from([1, 3, 256]))
def test_any_seed_ends_with_every_view_equal_to_the_table(
    seed: int, players: int, log_size: int
) -> None:
    play(seed, players, steps=80, log_size=log_size)
