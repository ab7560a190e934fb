"""The bytes a player's seat receives hold no hidden region, no GM table roll, no unmet monster.

A real session is hosted through the host protocol and every plaintext message a seat is sent is
tapped before encryption. The journal used to carry what the Player View hid: a hidden region's
title in its charting, hiding and travel lines, the GM's rolls on the tables, and a monster the
players had not met (in the play state).
"""

from __future__ import annotations

import json
from typing import Any

from saga_desktop.model.dicepool.ops.monsters import AddMonster, ShowMonster
from saga_desktop.model.ops.map import ChartRegion, EditRegion, MoveParty, SetRegionHidden
from saga_desktop.model.ops.rolling_tables import RollOnTable, ShowTableRoll
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.network.client import ClientProtocol
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.table import SessionTable
from tests.network.harness import CODE, GM_CODE, Loopback


class Hosted:
    """``session`` served to a GM seat and to Ren's seat, every plaintext sent recorded."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.table = SessionTable(session)
        self.sent: list[tuple[str | None, bytes]] = []
        tap = lambda conn, seat, data: self.sent.append((seat, data))  # noqa: E731
        self.host = HostProtocol(self.table, CODE, GM_CODE, tap=tap)
        self.table.attach(self.host.publish)
        self.net = Loopback(self.host)
        self.table.on_actions = self.net.run
        self.net.connect("gm", self.client("Gunn", GM_CODE, "gm"), peer="10.0.1.1")

    def client(self, name: str, code: Any = CODE, role: Any = "player") -> ClientProtocol:
        v = self.table.versions()
        return ClientProtocol(code, v.app_version, dict(v.rulesets), name, role)

    def join(self, name: str, peer: str) -> ClientProtocol:
        link = self.net.connect(name, self.client(name), peer=peer)
        return link.client

    def to_players(self) -> bytes:
        roles = {seat.seat_id: seat.role for seat in self.host.seats()}
        return b"".join(d for seat, d in self.sent if seat is None or roles[seat] == "player")

    def to_gm(self) -> bytes:
        roles = {seat.seat_id: seat.role for seat in self.host.seats()}
        return b"".join(d for seat, d in self.sent if seat is not None and roles[seat] == "gm")


def _journal_texts(client: ClientProtocol) -> list[str]:
    assert client.view is not None
    journal: dict[str, Any] = client.view["journal"]
    # the whole line as sent: its text, or its words and their values
    return [json.dumps(e, ensure_ascii=False) for e in journal.values()]


def test_a_hidden_regions_title_and_number_never_reach_a_player() -> None:
    from saga_desktop.model.songs.sample import build_sample

    hosted = Hosted(build_sample())
    s = hosted.session
    s.apply(ChartRegion(41, -17, title="Marker-Alpha-Grotto"))
    hidden = s.campaign.map.region_at(41, -17)
    assert hidden is not None
    s.apply(SetRegionHidden(41, -17))
    ren = hosted.join("Ren", "10.0.0.1")  # joins after the hiding: the whole journal is sent
    s.apply(EditRegion(41, -17, title="Marker-Beta-Vault"))
    s.apply(MoveParty(41, -17))  # "The party is placed in region N (TITLE)."
    s.apply(RollOnTable("weather", "Weather", ("Marker-Gamma-Storm",)))
    players = hosted.to_players()
    for marker in ("Marker-Alpha-Grotto", "Marker-Beta-Vault", "Marker-Gamma-Storm"):
        assert marker.encode() not in players, marker
        assert marker.encode() in hosted.to_gm(), marker  # the tap really sees the lines
    assert ren.view is not None
    stamped = [e for e in ren.view["journal"].values() if e.get("region") == hidden.number]
    assert stamped == []  # lines written on the hidden region reach Ren without its number
    assert ren.view == hosted.table.build_view(Viewer.player(*_owned(s, "Ren")))


def test_lines_follow_a_region_hidden_again_and_a_shown_table_roll_arrives() -> None:
    from saga_desktop.model.songs.sample import build_sample

    hosted = Hosted(build_sample())
    s = hosted.session
    ren = hosted.join("Ren", "10.0.0.1")
    s.apply(ChartRegion(23, 9, title="Marker-Delta-Ford"))
    assert any("Marker-Delta-Ford" in t for t in _journal_texts(ren))  # shown: Ren reads it
    s.apply(SetRegionHidden(23, 9))
    assert not any("Marker-Delta-Ford" in t for t in _journal_texts(ren))
    sam = hosted.join("Sam", "10.0.0.2")
    assert not any("Marker-Delta-Ford" in t for t in _journal_texts(sam))
    roll = s.apply(RollOnTable("omens", "Omens", ("Marker-Epsilon-Crow",)))
    assert roll.result == "Marker-Epsilon-Crow"
    assert not any("Marker-Epsilon-Crow" in t for t in _journal_texts(ren))
    s.apply(ShowTableRoll(s.campaign.journal[-1].id))
    assert any("Marker-Epsilon-Crow" in t for t in _journal_texts(ren))
    assert b"Marker-Delta-Ford" not in b"".join(
        d for seat, d in hosted.sent if seat == _seat_of(hosted, "Sam")
    )


def test_an_unmet_monster_never_reaches_a_player_until_shown() -> None:
    from saga_desktop.model.dicepool.sample import build_sample

    hosted = Hosted(build_sample())
    s = hosted.session
    ren = hosted.join("Ren", "10.0.0.1")
    monster = s.apply(AddMonster("Marker-Zeta-Wight", notes="Marker-Eta-weak-to-salt"))
    players = hosted.to_players()
    assert b"Marker-Zeta-Wight" not in players
    assert b"Marker-Zeta-Wight" in hosted.to_gm()
    s.apply(ShowMonster(monster))
    assert ren.view is not None
    names = [m["name"] for m in ren.view["play"]["monsters"]]
    assert "Marker-Zeta-Wight" in names
    assert any("Marker-Zeta-Wight" in t for t in _journal_texts(ren))
    assert b"Marker-Eta-weak-to-salt" not in hosted.to_players()  # the GM's notes, never


def _owned(session: Session, name: str) -> list[str]:
    return [c.id for c in session.campaign.characters if c.player == name]


def _seat_of(hosted: Hosted, name: str) -> str:
    return next(seat.seat_id for seat in hosted.host.seats() if seat.name == name)


def test_a_sent_character_reaches_only_its_player_and_the_gm() -> None:
    from saga_desktop.model.ops.characters import AcceptCharacter, AddCharacter
    from saga_desktop.model.songs.sample import build_sample

    hosted = Hosted(build_sample())
    s = hosted.session
    ren, sam = hosted.join("Ren", "10.0.0.1"), hosted.join("Sam", "10.0.0.2")
    sheet = s.campaign.characters[0].sheet.model_copy(deep=True)
    cid = s.apply(AddCharacter("Marker-Theta-Bryn", player="Ren", sheet=sheet, submit=True))
    assert ren.view is not None and sam.view is not None
    assert cid in ren.view["characters"]
    assert cid not in sam.view["characters"]
    assert f"hand:{cid}" not in ren.view["piles"]  # no cards until accepted
    s.apply(AcceptCharacter(cid))
    assert cid in sam.view["characters"] and f"hand:{cid}" in sam.view["piles"]
    assert sam.view == hosted.table.build_view(Viewer.player(*_owned(s, "Sam")))
