"""Declarations stay hidden from the players until all are in, but for those the rules show.

Combatants declare from the lowest REF up so that faster characters react to slower ones: a
player sees what the combatants slower than their character declared, and only *that* the others
have declared; the table sees none until the round is revealed; the GM sees all.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from saga_desktop.model.dicepool.ops.combat import Declare, StartEncounter
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.visibility import redact_view, view_for
from tests.model.dicepool.conftest import party_session

# Declaration order (lowest REF first): Brute m2, Bren pc2, Hound m1, Mara pc1.
ORDER = ("m2", "pc2", "m1", "pc1")
TARGETS = {"m2": "pc1", "pc2": "m1", "m1": "pc2", "pc1": "m2"}


def fight(declared: int) -> Session:
    s = party_session()
    s.apply(StartEncounter(("pc1", "pc2", "m1", "m2")))
    for cid in ORDER[:declared]:
        s.apply(Declare(cid, "attack", TARGETS[cid]))
    return s


def shown(s: Session, viewer: Viewer) -> dict[str, dict[str, object]]:
    play = view_for(s.campaign, viewer).play
    encounter = play["encounter"]
    assert isinstance(encounter, dict) and isinstance(encounter["declarations"], list)
    return {d["combatant_id"]: d for d in encounter["declarations"]}  # type: ignore[index,misc]


def test_each_viewer_sees_only_the_declarations_the_rules_show_them() -> None:
    s = fight(3)  # Brute, Bren and the Hound have declared; Mara has not
    gm = shown(s, Viewer.GM)
    assert all(not d.get("hidden") for d in gm.values()) and set(gm) == {"m2", "pc2", "m1"}
    bren = shown(s, Viewer.player("pc2"))
    assert bren["m2"]["target_id"] == "pc1"  # slower than Bren: the rules let Bren react
    assert bren["pc2"]["target_id"] == "m1"  # Bren's own
    assert bren["m1"] == {"combatant_id": "m1", "hidden": True}  # faster: not yet
    mara = shown(s, Viewer.player("pc1"))
    assert all(not d.get("hidden") for d in mara.values())  # the fastest sees everyone slower
    table = shown(s, Viewer.TABLE)
    assert all(d == {"combatant_id": cid, "hidden": True} for cid, d in table.items())


def test_the_last_declaration_reveals_the_round_to_everyone() -> None:
    s = fight(3)
    before = [e.said for e in view_for(s.campaign, Viewer.TABLE).journal]
    assert not any("declares" in line for line in before)
    s.apply(Declare("pc1", "attack", "m2"))
    table = shown(s, Viewer.TABLE)
    assert {cid: d["target_id"] for cid, d in table.items()} == TARGETS
    lines = [e.said for e in view_for(s.campaign, Viewer.TABLE).journal]
    assert lines[-1].startswith("Round 1, declared: Brute declares attack Mara;")
    assert s.undo()  # rewinding hides the round again
    assert shown(s, Viewer.TABLE)["m2"] == {"combatant_id": "m2", "hidden": True}


@settings(max_examples=40, deadline=None)
@given(
    declared=st.integers(0, 3),
    own=st.sets(st.sampled_from(["pc1", "pc2"])),
)
def test_no_hidden_declaration_reaches_a_player(declared: int, own: set[str]) -> None:
    s = fight(declared)
    viewer = Viewer.player(*own) if own else Viewer.TABLE
    view = view_for(s.campaign, viewer)
    assert redact_view(view, viewer) == view  # redacting again changes nothing
    reach = max((ORDER.index(c) for c in own), default=-1)
    for cid, d in shown(s, viewer).items():
        allowed = cid in own or ORDER.index(cid) < reach
        assert ("target_id" in d) == allowed, (cid, own)
    for entry in view.journal:
        assert "declares" not in entry.text
