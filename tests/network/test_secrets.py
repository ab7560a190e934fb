"""What a seat may not see is never sent to it, and nothing crosses the wire in plain text."""

from __future__ import annotations

from tests.network.harness import CODE, GM_CODE, SECRET, make_host, player


def test_a_gm_secret_never_reaches_a_player_seat_before_encryption() -> None:
    plaintexts: list[tuple[str | None, bytes]] = []
    table, host, net = make_host(tap=lambda conn, seat, data: plaintexts.append((seat, data)))
    net.connect("p1", player("Ada"))
    net.connect("gm", player("Co-GM", code=GM_CODE, role="gm"))
    net.connect("p2", player("Bo"))
    net.request("p1", {"kind": "draw"})
    net.run(table.gm_move("t-s2", "1,1"))
    net.drop("p1")
    net.run(table.gm_move("t-s1", "2,2"))
    net.connect("p1-again", net.links["p1"].client)
    roles = {seat.seat_id: seat.role for seat in host.seats()}
    to_players = [data for seat, data in plaintexts if seat is None or roles[seat] == "player"]
    to_gm = [data for seat, data in plaintexts if seat is not None and roles[seat] == "gm"]
    assert to_players and to_gm
    assert not any(SECRET.encode() in data for data in to_players)
    assert any(SECRET.encode() in data for data in to_gm)  # the tap really sees the views


def test_a_players_hand_is_not_sent_to_the_other_players() -> None:
    plaintexts: list[tuple[str | None, bytes]] = []
    table, _host, net = make_host(tap=lambda conn, seat, data: plaintexts.append((seat, data)))
    net.connect("p1", player("Ada"))
    net.connect("p2", player("Bo"))
    for _ in range(3):
        net.request("p1", {"kind": "draw"})
    cards = list(table.hands["s1"])
    assert len(cards) == 3
    for card in cards:
        assert any(f'"{card}"'.encode() in data for seat, data in plaintexts if seat == "s1")
        assert not any(f'"{card}"'.encode() in data for seat, data in plaintexts if seat == "s2")


def test_a_captured_byte_stream_holds_no_plaintext() -> None:
    table, _host, net = make_host()
    links = [
        net.connect("p1", player("Adalbertina")),
        net.connect("gm", player("Gunnhildur", code=GM_CODE, role="gm")),
    ]
    net.request("p1", {"kind": "move", "token": "t-s1", "hex": "hex-of-the-sunken-road"})
    net.request("p1", {"kind": "draw"})
    net.run(table.gm_move("t-s2", "hex-of-the-drowned-king"))
    stream = b"".join(b"".join(link.to_host + link.to_client) for link in links)
    known = [
        SECRET,
        "Adalbertina",
        "Gunnhildur",
        "hex-of-the-sunken-road",
        "hex-of-the-drowned-king",
        "songs-and-sagas",
        "1.2.0",
        "reconnect_token",
        "welcome",
        *table.hands["s1"],
        # The codes' words; their two-digit numbers turn up in any few kilobytes of random bytes.
        *CODE.text.split("-")[1:],
        *GM_CODE.text.split("-")[1:],
        links[0].client.reconnect_token or "?",
    ]
    assert len(stream) > 1000
    for text in known:
        assert text.encode() not in stream, text
