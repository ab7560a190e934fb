"""Play operations: trial and fate rolls in steps, burns, the oracle, look-ups, rest, scenes.

Conservation (52 cards, always), odds equal to the engine's, refusals that change nothing, and
undo/redo that restore and replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saga_desktop.model.campaign import Region, check_piles
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_character
from saga_desktop.model.songs.ops.play import (
    AskOracle,
    ComePrepared,
    EndScene,
    EnemyMorale,
    NextSession,
    OwlInsight,
    Rest,
    RevealReaction,
    RollInitiative,
    VanoriGift,
    preview_next_card,
    preview_oracle,
)
from saga_desktop.model.songs.ops.rolls import (
    AddBurn,
    BeginTrial,
    BurnChoice,
    ResolveTrial,
    current_region,
    pending_trial,
    preview_trial,
    table_deck,
)
from saga_desktop.model.songs.state import (
    Attributes,
    CustomVanori,
    Enemy,
    Gear,
    InventoryEntry,
    SongsSheet,
)
from saga_desktop.model.songs.table import table_of
from saga_desktop.model.types import HexCoord
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Adjustment
from tests.model.conftest import make_session

S = songs.Attribute.STRENGTH
BK = songs.BurnKind


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def c(code: str) -> Card:
    return Card.from_code(code)


def count_cards(session: Session) -> int:
    t = table_of(session.campaign)
    return len(t.draw) + len(t.discard) + len(t.revealed) + sum(len(h) for h in t.hands.values())


def give(session: Session, hand: str, *codes: str) -> None:
    """Test set-up: move cards from wherever they are into a hand (before any step is recorded)."""
    t = table_of(session.campaign)
    places = [t.draw, t.discard, t.revealed, *t.hands.values()]
    for code in codes:
        for place in places:
            if code in place:
                place.remove(code)
        t.hands[hand].append(code)
    check_piles(session.campaign)


def stack(session: Session, *codes: str) -> None:
    """Test set-up: put these cards on top of the draw pile, the first one revealed first."""
    t = table_of(session.campaign)
    for code in codes:
        t.draw.remove(code)
    t.draw.extend(reversed(codes))


def sheet(vanori: str = "bear", strength: int = 0, resilience: int = 8, **kw: object) -> SongsSheet:
    return SongsSheet.model_validate(
        {
            "attributes": Attributes(strength=strength).model_dump(),
            "vanori": vanori,
            "max_resilience": 10,
            "resilience": resilience,
            **kw,
        }
    )


@pytest.fixture
def party() -> Session:
    """Sigrid (Bear, strength 2), Bjorn (Elk), Ulla (Ox, hurt, damaged axe), Runa (Owl)."""
    session = make_session(11)
    session.apply(AddCharacter("Sigrid", sheet=sheet("bear", 2)))
    session.apply(AddCharacter("Bjorn", sheet=sheet("elk")))
    axe = InventoryEntry(kind="weapon", name="Axe", weapon=Gear(die=8, damage=1))
    session.apply(AddCharacter("Ulla", sheet=sheet("ox", resilience=2, inventory=[axe])))
    session.apply(AddCharacter("Runa", sheet=sheet("owl", xp=7)))
    return session


def undo_redo_exact(session: Session, op: Operation) -> object:
    before = dump(session)
    result = session.apply(op)
    after = dump(session)
    assert count_cards(session) == 52
    assert session.undo()
    assert dump(session) == before
    assert session.redo()
    assert dump(session) == after
    return result


def refused(session: Session, op: Operation, match: str) -> None:
    before = dump(session)
    with pytest.raises(OperationError, match=match):
        session.apply(op)
    assert dump(session) == before


# -- beginning a roll -----------------------------------------------------------------------------


def test_begin_trial_reveals_risk_cards_and_waits(party: Session) -> None:
    stack(party, "7S", "3H")
    roll = undo_redo_exact(party, BeginTrial("pc1", S, 12, risk=2, d20=11))
    assert isinstance(roll, songs.TrialRoll)
    assert roll.revealed == (c("7S"), c("3H"))
    assert roll.score == 13 and roll.dr == 14 and not roll.success
    assert table_of(party.campaign).revealed == ["7S", "3H"]
    assert pending_trial(party.campaign) == roll
    assert party.campaign.journal[-1].kind == "roll"
    assert party.campaign.journal[-1].text.startswith(roll.explain())


def test_only_one_roll_at_a_time(party: Session) -> None:
    party.apply(BeginTrial("pc1", S, risk=1, d20=5))
    refused(party, BeginTrial("pc2", S, risk=0, d20=5), "waiting to be settled")
    refused(party, EndScene(), "settle it")


def test_risk_comes_from_the_party_region(party: Session) -> None:
    refused(party, BeginTrial("pc1", S), "no charted region")
    party.apply(ChartRegion(0, 0, title="Glass cliffs"))
    m = party.campaign.map
    m.regions[0] = Region.model_validate({**m.regions[0].model_dump(), "risk": 3})
    m.party = HexCoord(q=0, r=0)
    region = current_region(party.campaign)
    assert region is not None and region.risk == 3
    roll = party.apply(BeginTrial("pc1", S, d20=10))
    assert len(roll.revealed) == 3


def test_fate_roll_reveals_nothing(party: Session) -> None:
    roll = party.apply(BeginTrial("pc1", S, kind=songs.RollKind.FATE, d20=1))
    assert roll.revealed == () and table_of(party.campaign).revealed == []
    result = party.apply(ResolveTrial())
    assert result.setback and result.xp is None


@pytest.mark.parametrize(
    ("op", "match"),
    [
        (BeginTrial("pc1", S, d20=21, risk=1), "1 to 20"),
        (BeginTrial("pc1", S, dr=99, risk=1), "difficulty rating"),
        (BeginTrial("ghost", S, risk=1), "not in this campaign"),
        (BeginTrial("pc1", S, risk=1, purpose=songs.RollPurpose.ATTACK), "combat panel"),
        (BeginTrial("pc1", S, risk=1, purpose=songs.RollPurpose.RESILIENCE), "no resilience"),
        (BeginTrial("pc1", S, risk=1, burns=(BurnChoice(BK.CALL_THE_GODS, c("2C")),)), "hand"),
        (
            BeginTrial("pc1", S, risk=1, burns=(BurnChoice(BK.TURN_THE_TABLE, c("2C")),)),
            "not burned before",
        ),
        (BeginTrial("pc1", S, risk=1, bonuses=(Adjustment(2, " "),)), "reason"),
    ],
)
def test_illegal_rolls_change_nothing(party: Session, op: BeginTrial, match: str) -> None:
    refused(party, op, match)


# -- burns ----------------------------------------------------------------------------------------


def test_burns_before_the_roll(party: Session) -> None:
    give(party, "pc1", "5H", "6H", "KD")
    give(party, "pc2", "9C")
    burns = (
        BurnChoice(BK.CALL_THE_GODS, c("5H")),
        BurnChoice(BK.AID_AN_ALLY, c("9C"), by="pc2"),
        BurnChoice(BK.CONJURE_VANORI, c("6H")),
        BurnChoice(BK.COME_PREPARED, c("KD"), item="Rope", dr_reduction=1),
    )
    roll = undo_redo_exact(party, BeginTrial("pc1", S, 12, risk=0, burns=burns, d20=6))
    # d20 6 + 2 strength + 2 gods + 3 Elk aid = 13 vs 12 - 2 conjured - 1 rope = 9.
    assert roll.score == 13 and roll.dr == 9 and roll.success
    assert (
        table_of(party.campaign).hands["pc1"] == [] and table_of(party.campaign).hands["pc2"] == []
    )
    assert {"5H", "6H", "KD", "9C"} <= set(table_of(party.campaign).discard)
    assert any(e.name == "Rope" for e in party.campaign.character("pc1").sheet.inventory)


def test_aid_must_come_from_another_hand(party: Session) -> None:
    give(party, "pc1", "5H")
    refused(
        party,
        BeginTrial("pc1", S, risk=0, burns=(BurnChoice(BK.AID_AN_ALLY, c("5H"), by="pc1"),)),
        "another character",
    )


def test_burn_after_the_roll_then_no_card(party: Session) -> None:
    give(party, "pc1", "5H")
    stack(party, "2D")
    party.apply(BeginTrial("pc1", S, 12, risk=1, d20=10))  # 12 vs 12: a setback
    roll = undo_redo_exact(party, AddBurn(BurnChoice(BK.CALL_THE_GODS, c("5H"))))
    assert roll.score == 14 and roll.success
    assert party.campaign.journal[-1].kind == "burn"
    refused(party, ResolveTrial(keep=c("2D")), "No card is taken")
    result = party.apply(ResolveTrial())
    assert result.success and result.kept is None
    assert "2D" in table_of(party.campaign).discard and table_of(party.campaign).revealed == []


def test_burns_after_the_roll_follow_the_ruling(party: Session) -> None:
    party.campaign.play.options = party.campaign.play.options.replace(burns_after_roll=False)
    give(party, "pc1", "5H")
    party.apply(BeginTrial("pc1", S, risk=0, d20=10))
    refused(party, AddBurn(BurnChoice(BK.CALL_THE_GODS, c("5H"))), "before the d20")
    refused(party, AddBurn(BurnChoice(BK.COME_PREPARED, c("5H"), item="x")), "cannot be added")


def test_no_burn_without_a_pending_roll(party: Session) -> None:
    give(party, "pc1", "5H")
    refused(party, AddBurn(BurnChoice(BK.CALL_THE_GODS, c("5H"))), "No roll is waiting")
    refused(party, ResolveTrial(), "No roll is waiting")


# -- settling -------------------------------------------------------------------------------------


def test_success_keeps_a_red_card_first(party: Session) -> None:
    stack(party, "7S", "3H", "9D")
    party.apply(BeginTrial("pc1", S, 12, risk=3, d20=20))
    refused(party, ResolveTrial(keep=c("7S")), "red card must be taken")
    result = undo_redo_exact(party, ResolveTrial(keep=c("9D")))
    assert isinstance(result, songs.TrialResult)
    assert result.kept == c("9D")
    t = table_of(party.campaign)
    assert t.hands["pc1"] == ["9D"] and t.revealed == [] and {"7S", "3H"} <= set(t.discard)
    assert party.campaign.play.pending is None
    assert party.campaign.journal[-1].kind == "trial"
    assert party.campaign.journal[-1].text == result.explain()


def test_setback_marks_xp_and_blessing_at_eight(party: Session) -> None:
    party.apply(BeginTrial("pc4", S, 12, risk=1, d20=1))
    result = undo_redo_exact(party, ResolveTrial(consequence="The rope snaps"))
    assert result.setback and result.xp is not None and result.xp.blessings
    assert party.campaign.character("pc4").sheet.xp == 0
    assert "The rope snaps" in party.campaign.journal[-1].text


def test_turn_the_table(party: Session) -> None:
    give(party, "pc1", "QC")
    party.apply(BeginTrial("pc1", S, 12, risk=1, d20=2))
    refused(party, ResolveTrial(turn_the_table=c("AH")), "not in")
    result = undo_redo_exact(party, ResolveTrial(turn_the_table=c("QC"), consequence="Noise"))
    assert result.success and result.turned is not None and result.xp is None
    assert table_of(party.campaign).hands["pc1"] == []
    assert party.campaign.character("pc1").sheet.xp == 0


def test_turning_a_success_is_refused(party: Session) -> None:
    give(party, "pc1", "QC")
    party.apply(BeginTrial("pc1", S, 12, risk=0, d20=20))
    refused(party, ResolveTrial(turn_the_table=c("QC")), "Only a setback")


def test_resilience_trial(party: Session) -> None:
    party.campaign.character("pc3").sheet.resilience = 0
    refused(party, BeginTrial("pc3", S, risk=0, d20=20), "resilience trial first")
    party.apply(BeginTrial("pc3", S, risk=0, d20=20, purpose=songs.RollPurpose.RESILIENCE))
    party.apply(ResolveTrial())
    assert party.campaign.character("pc3").sheet.resilience == 1


# -- odds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("risk", [0, 1, 3, 7])
@pytest.mark.parametrize("kind", list(songs.RollKind))
def test_preview_odds_equal_the_engine(party: Session, risk: int, kind: songs.RollKind) -> None:
    give(party, "pc1", "5H")
    give(party, "pc2", "9C")
    party.apply(AskOracle(factors=4))  # some cards in the discard
    burns = (BurnChoice(BK.CALL_THE_GODS, c("5H")), BurnChoice(BK.AID_AN_ALLY, c("9C"), by="pc2"))
    op = BeginTrial("pc1", S, 15, kind=kind, risk=risk, burns=burns, bonuses=(Adjustment(1, "x"),))
    before = dump(party)
    odds = preview_trial(party.campaign, op)
    assert dump(party) == before
    roller = to_rules_character(party.campaign.character("pc1"))
    helper = to_rules_character(party.campaign.character("pc2"))
    request = songs.TrialRequest(
        S, 15, risk, kind,
        burns=(songs.call_the_gods(roller, c("5H")), songs.aid_an_ally(helper, c("9C"))),
        bonuses=(Adjustment(1, "x"),),
    )  # fmt: skip
    rulings = party.campaign.play.options
    assert odds == songs.trial_odds(request, roller, table_deck(party.campaign), rulings)
    assert odds.success + odds.setback == 1


def test_preview_refuses_like_the_operation(party: Session) -> None:
    with pytest.raises(OperationError):
        preview_trial(party.campaign, BeginTrial("pc1", S))  # no region, no risk
    party.apply(BeginTrial("pc1", S, risk=1))
    with pytest.raises(OperationError, match="waiting"):
        preview_trial(party.campaign, BeginTrial("pc2", S, risk=1))


def test_oracle_journals_its_odds(party: Session) -> None:
    expected = preview_oracle(party.campaign, 2)
    record = undo_redo_exact(party, AskOracle("Is the ford guarded?", 2))
    assert isinstance(record, songs.OracleRecord) and len(record.reveal.cards) == 3
    entry = party.campaign.journal[-1]
    assert entry.kind == "oracle" and entry.text == record.explain()
    assert entry.details["odds"] == expected.to_data()
    assert set(table_of(party.campaign).discard) >= {x.code for x in record.reveal.cards}
    refused(party, AskOracle(factors=11), "favouring factors")


# -- one-card look-ups ----------------------------------------------------------------------------


def test_reaction_initiative_morale(party: Session) -> None:
    top = table_of(party.campaign).draw[-1]
    odds = preview_next_card(party.campaign)
    assert sum(p for _s, p in odds.suits) == 1
    reaction = undo_redo_exact(party, RevealReaction("the ferryman"))
    assert reaction.card.code == top and table_of(party.campaign).discard[-1] == top
    initiative = undo_redo_exact(party, RollInitiative())
    assert initiative.party_first == initiative.card.is_red
    morale = undo_redo_exact(party, EnemyMorale(name="the wolves"))
    assert "the wolves" in morale.explain()
    party.campaign.play.enemies.append(
        Enemy(id="draugr", name="Draugr", max_resilience=9, resilience=9)
    )
    listed = undo_redo_exact(party, EnemyMorale(enemy="draugr"))
    assert listed.enemy_id == "draugr"
    refused(party, EnemyMorale(enemy="ghost"), "not in this campaign")
    kinds = [e.kind for e in party.campaign.journal[-4:]]
    assert kinds == ["reaction", "initiative", "morale", "morale"]


# -- rest -----------------------------------------------------------------------------------------


def test_rests(party: Session) -> None:
    stack(party, "5H", "9D")
    short = undo_redo_exact(party, Rest("pc3"))
    assert short.recovered == 5 and party.campaign.character("pc3").sheet.resilience == 7
    long = undo_redo_exact(party, Rest("pc3", songs.RestKind.LONG, repair_weapon="Axe"))
    assert long.repaired is not None and long.multiplier == 1
    axe = party.campaign.character("pc3").sheet.inventory[0]
    assert axe.weapon is not None and axe.weapon.damage == 0
    full = undo_redo_exact(party, Rest("pc3", songs.RestKind.FULL))
    assert full.after == 10
    assert party.campaign.journal[-1].text.startswith("Ulla: full rest")


def test_ox_rest_and_refusals(party: Session) -> None:
    give(party, "pc3", "2S")
    give(party, "pc1", "3S")
    stack(party, "5D")
    record = undo_redo_exact(party, Rest("pc3", ox_card=c("2S")))
    assert record.ox is not None and record.multiplier == 2 and record.after == 8
    refused(party, Rest("pc1", ox_card=c("3S")), "Vanori")
    refused(party, Rest("pc3", songs.RestKind.LONG, ox_card=c("3S")), "Ox turns")
    refused(party, Rest("pc3", songs.RestKind.SHORT, repair_armor=True), "long rest")
    refused(party, Rest("pc3", songs.RestKind.SHORT, clear="Cold"), "full rest")
    refused(party, Rest("pc3", songs.RestKind.FULL, clear="Cold"), "Cold")


# -- scenes, sessions, other burns ----------------------------------------------------------------


def test_end_scene_shuffles_the_discard_back(party: Session) -> None:
    give(party, "pc1", "AS")
    party.apply(AskOracle(factors=5))
    gathered = undo_redo_exact(party, EndScene())
    t = table_of(party.campaign)
    assert gathered == 6 and t.discard == [] and len(t.draw) == 51 and t.hands["pc1"] == ["AS"]
    assert party.campaign.play.scene_number == 2
    assert party.campaign.journal[-1].kind == "scene"


def test_come_prepared(party: Session) -> None:
    give(party, "pc1", "4C")
    record = undo_redo_exact(party, ComePrepared("pc1", c("4C"), "Lantern"))
    assert isinstance(record, songs.BurnRecord)
    assert any(e.name == "Lantern" for e in party.campaign.character("pc1").sheet.inventory)
    refused(party, ComePrepared("pc1", c("4C"), "Rope"), "not in")


def test_owl_insight_once_per_session(party: Session) -> None:
    give(party, "pc4", "4C", "5C")
    party.campaign.character("pc4").sheet.xp = 2
    record = undo_redo_exact(party, OwlInsight("pc4", c("4C")))
    assert record.after == 4
    refused(party, OwlInsight("pc4", c("5C")), "already used")
    undo_redo_exact(party, NextSession())
    assert party.campaign.play.session_number == 2
    assert not party.campaign.character("pc4").sheet.owl_used_this_session
    party.apply(OwlInsight("pc4", c("5C")))


def test_custom_vanori_gift(party: Session) -> None:
    custom = CustomVanori(name="Seal", first="heart", second="willpower", resilience_die=8)
    party.apply(AddCharacter("Eira", sheet=sheet("custom", custom_vanori=custom.model_dump())))
    give(party, "pc5", "8H")
    record = undo_redo_exact(party, VanoriGift("pc5", c("8H"), "The seal sings"))
    assert "The seal sings" in record.explain()
    give(party, "pc1", "8C")
    refused(party, VanoriGift("pc1", c("8C")), "no such gift")


# -- property: conservation, refusals, exact undo/redo --------------------------------------------


def _card(data: st.DataObject, session: Session, hand: str | None = None) -> Card:
    t = table_of(session.campaign)
    pool = list(t.hands.get(hand, [])) if hand else [x for h in t.hands.values() for x in h]
    return c(data.draw(st.sampled_from(pool or ["AS"])))


def _pc(data: st.DataObject) -> str:
    return data.draw(st.sampled_from(["pc1", "pc2", "pc3", "pc4", "ghost"]))


def _add_burn(data: st.DataObject, session: Session) -> AddBurn:
    roll = pending_trial(session.campaign)
    roller = roll.character_id if roll else "pc1"
    kind = data.draw(st.sampled_from([BK.CALL_THE_GODS, BK.AID_AN_ALLY, BK.CONJURE_VANORI]))
    by = data.draw(st.sampled_from(["pc1", "pc2", "pc3"])) if kind is BK.AID_AN_ALLY else None
    return AddBurn(BurnChoice(kind, _card(data, session, by or roller), by=by))


def _resolve(data: st.DataObject, session: Session) -> ResolveTrial:
    roll = pending_trial(session.campaign)
    revealed = [c(x) for x in table_of(session.campaign).revealed] or [c("AS")]
    keep = data.draw(st.none() | st.sampled_from(revealed))
    turn = data.draw(st.booleans())
    card = _card(data, session, roll.character_id if roll else "pc1") if turn else None
    return ResolveTrial(keep=None if turn else keep, turn_the_table=card)


RECIPES: list[Callable[[st.DataObject, Session], Operation]] = [
    lambda d, s: BeginTrial(
        _pc(d),
        d.draw(st.sampled_from(list(songs.Attribute))),
        d.draw(st.sampled_from([9, 12, 15, 30])),
        d.draw(st.sampled_from(list(songs.RollKind))),
        risk=d.draw(st.integers(0, 6)),
        d20=d.draw(st.none() | st.integers(1, 20)),
    ),
    lambda d, s: BeginTrial(
        "pc1",
        S,
        12,
        risk=d.draw(st.integers(0, 3)),
        burns=(BurnChoice(d.draw(st.sampled_from(sorted(BK, key=str))), _card(d, s, "pc1")),),
    ),
    lambda d, s: _add_burn(d, s),
    lambda d, s: _resolve(d, s),
    lambda d, s: AskOracle("Q?", d.draw(st.integers(0, 12))),
    lambda d, s: RevealReaction("npc"),
    lambda d, s: RollInitiative(),
    lambda d, s: EnemyMorale(name="foes"),
    lambda d, s: Rest(_pc(d), d.draw(st.sampled_from(list(songs.RestKind)))),
    lambda d, s: Rest("pc3", ox_card=_card(d, s, "pc3")),
    lambda d, s: EndScene(),
    lambda d, s: NextSession(),
    lambda d, s: ComePrepared(_pc(d), _card(d, s), "Torch"),
    lambda d, s: OwlInsight("pc4", _card(d, s, "pc4")),
]


def _party(seed: int) -> Session:
    session = make_session(seed)
    session.apply(AddCharacter("Sigrid", sheet=sheet("bear", 2)))
    session.apply(AddCharacter("Bjorn", sheet=sheet("elk")))
    session.apply(AddCharacter("Ulla", sheet=sheet("ox", resilience=2)))
    session.apply(AddCharacter("Runa", sheet=sheet("owl", xp=5)))
    rng = random.Random(seed)
    for pc in ("pc1", "pc2", "pc3", "pc4"):
        give(session, pc, *rng.sample(table_of(session.campaign).draw, 2))
    return session


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**16))
def test_play_sequences_conserve_cards_and_undo_exactly(data: st.DataObject, seed: int) -> None:
    session = _party(seed)
    states = [dump(session)]
    for _ in range(data.draw(st.integers(1, 20))):
        op = data.draw(st.sampled_from(RECIPES))(data, session)
        before = dump(session)
        try:
            session.apply(op)
        except OperationError:
            assert dump(session) == before, f"refused {op!r} changed the campaign"
            continue
        assert count_cards(session) == 52
        states.append(dump(session))
    for expected in reversed(states[:-1]):
        assert session.undo()
        assert dump(session) == expected
    for expected in states[1:]:
        assert session.redo()
        assert dump(session) == expected
