"""Claims on seats answered from a GM seat, as on an unattended ``--serve`` (no host window).

While a GM seat is connected, an app asking for a character's seat or a taken one waits; every
GM seat is told who waits (and nobody else is), and answers with a request. With no GM seat, a
character's seat is first come, first served, and a taken seat is still never handed over.
"""

from __future__ import annotations

from typing import Any

from saga_desktop.network.claims import ANSWER_CLAIM, WAITING, answer_claim
from saga_desktop.network.client_events import ClaimsChanged, Closed, HostRefused, Waiting
from saga_desktop.network.host import HostProtocol
from saga_desktop.network.interface import ClaimInfo
from tests.network.harness import CODE, GM_CODE, FakeTable, Link, Loopback, player

REN = "Renwick-7f3"  # a character's player: distinctive, so the bytes can be searched for it
CHARACTERS = {REN.casefold(), "sam"}


class Served:
    """A host without a window (``--serve``), recording each connection's plaintext."""

    def __init__(self) -> None:
        self.table = FakeTable()
        self.plain: dict[str, list[bytes]] = {}
        self.host = HostProtocol(
            self.table,
            CODE,
            GM_CODE,
            guarded=lambda name: name.casefold() in CHARACTERS,
            tap=lambda conn, _seat, data: self.plain.setdefault(conn, []).append(data),
        )
        self.table.host = self.host
        self.net = Loopback(self.host)

    def gm(self, conn_id: str = "gm", name: str = "Gunn") -> Link:
        link = self.net.connect(conn_id, player(name, GM_CODE, role="gm"), peer="10.0.0.1")
        assert link.client.joined
        return link

    def answer(self, conn_id: str, op: dict[str, Any]) -> tuple[bool, str]:
        request_id = self.net.request(conn_id, op)
        link = self.net.links[conn_id]
        (answer,) = [e for e in link.events if getattr(e, "request_id", None) == request_id]
        return answer.ok, answer.message


def last_claims(link: Link) -> tuple[ClaimInfo, ...]:
    told = [e for e in link.events if isinstance(e, ClaimsChanged)]
    assert told, link.events
    assert told[-1].claims == link.client.claims
    return told[-1].claims


def test_a_claim_reaches_the_gm_seats_only_and_a_gm_seat_lets_it_in() -> None:
    served = Served()
    gm = served.gm()
    ada = served.net.connect("ada", player("Ada"))
    assert ada.client.joined  # a new player without a character sits down at once
    ren = served.net.connect("ren", player(REN), peer="10.0.0.3")
    assert not ren.client.joined and Waiting(WAITING) in ren.events
    (claim,) = last_claims(gm)
    assert claim.text() == f"{REN} asks for {REN}'s seat (a character's, not taken yet)"
    assert not any(isinstance(e, ClaimsChanged) for e in ada.events + ren.events)
    assert not any(REN.encode() in data or b'"claims"' in data for data in served.plain["ada"])
    ok, message = served.answer("gm", {"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": True})
    assert ok, message
    assert ren.client.joined and ren.client.seat_name == REN
    assert last_claims(gm) == () and served.host.claims() == []
    assert not any(b'"claims"' in data for data in served.plain["ada"] + served.plain["ren"])


def test_a_gm_seat_refuses_a_new_computer_on_a_taken_seat_with_a_reason() -> None:
    served = Served()
    ren = served.net.connect("ren", player(REN))  # no GM seat yet: first come
    assert ren.client.joined
    gm = served.gm()
    other = served.net.connect("other", player(REN.upper()), peer="10.0.0.9")
    assert Waiting(WAITING) in other.events
    (claim,) = last_claims(gm)
    name = REN.upper()
    assert claim.taken and claim.text() == f"{name} (new computer) asks for {name}'s seat"
    request_id = served.net.request("gm", answer_claim(claim.claim_id, False, " Ren is here. "))
    assert not other.open and isinstance(other.events[-1], Closed)
    assert other.events[-1].reason.endswith(": Ren is here.")
    assert ren.open and ren.client.joined and last_claims(gm) == ()
    assert request_id in [getattr(e, "request_id", None) for e in gm.events]


def test_a_players_forged_answer_is_refused_and_changes_nothing() -> None:
    served = Served()
    served.gm()
    ada = served.net.connect("ada", player("Ada"))
    ren = served.net.connect("ren", player(REN), peer="10.0.0.3")
    (claim,) = served.host.claims()
    for op in (
        {"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": True},
        {"kind": ANSWER_CLAIM, "claim": claim.claim_id, "accept": True},
    ):
        ok, message = served.answer("ada", op)
        assert not ok and message == "Only the GM lets players in."
    assert not ren.client.joined and served.host.claims() == [claim]
    assert ada.open and [s.name for s in served.host.seats()] == ["Gunn", "Ada"]


def test_a_gm_seats_bad_or_late_answer_is_refused() -> None:
    served = Served()
    served.gm()
    served.net.connect("ren", player(REN), peer="10.0.0.3")
    (claim,) = served.host.claims()
    for op, says in (
        ({"op": ANSWER_CLAIM, "claim": str(claim.claim_id), "accept": True}, "needs a claim"),
        ({"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": 1}, "needs a claim"),
        ({"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": True, "x": 1}, "'x' is not"),
        ({"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": False, "reason": "r" * 201},
         "at most 200"),
        ({"op": ANSWER_CLAIM, "claim": 999, "accept": True}, "no longer waiting"),
    ):  # fmt: skip
        ok, message = served.answer("gm", op)
        assert not ok and says in message, message
    assert served.host.claims() == [claim]
    assert served.answer("gm", {"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": True})[0]
    ok, message = served.answer("gm", {"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": True})
    assert not ok and "no longer waiting" in message


def test_with_no_gm_seat_a_characters_seat_is_first_come_and_a_taken_one_is_refused() -> None:
    served = Served()
    first = served.net.connect("first", player(REN))
    assert first.client.joined and served.host.claims() == []
    second = served.net.connect("second", player(REN), peer="10.0.0.9")
    assert not second.client.joined and served.host.claims() == []
    refused = [e for e in second.events if isinstance(e, HostRefused)]
    assert refused and "taken by another computer" in refused[-1].reason
    assert first.open and first.client.seat_name == REN


def test_a_gm_seat_arriving_is_told_the_claims_and_a_second_gm_sees_the_first_ones_answer() -> None:
    served = Served()
    one = served.gm("gm1")
    served.net.connect("ren", player(REN), peer="10.0.0.3")
    two = served.gm("gm2", "Gunnhild")
    (claim,) = last_claims(two)
    assert last_claims(one) == (claim,)
    assert served.answer("gm1", {"op": ANSWER_CLAIM, "claim": claim.claim_id, "accept": True})[0]
    assert last_claims(two) == () and last_claims(one) == ()


def test_when_the_last_gm_seat_leaves_the_waiting_claims_are_settled_as_with_no_gm() -> None:
    served = Served()
    sam = served.net.connect("sam", player("Sam"))  # before the GM: first come
    assert sam.client.joined
    gm = served.gm()
    ren = served.net.connect("ren", player(REN), peer="10.0.0.3")
    intruder = served.net.connect("intruder", player("sam"), peer="10.0.0.9")
    assert len(last_claims(gm)) == 2
    served.net.drop("gm")
    assert ren.client.joined and ren.client.seat_name == REN  # not taken: first come
    assert not intruder.client.joined  # taken: never handed over without an answer
    refused = [e for e in intruder.events if isinstance(e, HostRefused)]
    assert refused and "taken by another computer" in refused[-1].reason
    assert sam.open and sam.client.joined and served.host.claims() == []


def test_a_gm_seat_that_comes_back_after_the_claims_were_settled_shows_none() -> None:
    served = Served()
    gm = served.gm()
    served.net.connect("ren", player(REN), peer="10.0.0.3")
    assert len(last_claims(gm)) == 1
    served.net.drop("gm")  # the claim is settled: Ren sits down
    served.net.connect("gm", gm.client, peer="10.0.0.1")  # the same app, back with its token
    assert gm.client.joined and last_claims(gm) == () and gm.client.claims == ()
