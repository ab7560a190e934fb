"""The roll panel through real widgets: exact odds, a full roll, keeping a card, XP, burns."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_character
from saga_desktop.model.songs.ops.rolls import BeginTrial, pending_trial, table_deck
from saga_desktop.model.songs.table import DISCARD, REVEALED, hand_pile, table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.rules.records import Adjustment
from saga_desktop.rules.songs.odds import percent
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.songs.play import TableFeature
from saga_desktop.ui.songs.play.roll_words import CardChoice
from tests.ui.songs.play.conftest import give, make_feature, party_session, stack

BK = songs.BurnKind
S = songs.Attribute.STRENGTH


def engine_odds(session: Session, request: songs.TrialRequest, cid: str) -> songs.RollOdds:
    c = session.campaign
    roller = to_rules_character(c.character(cid))
    return songs.trial_odds(request, roller, table_deck(c), c.play.options)


def roll(qtbot: QtBot, feature: TableFeature) -> None:
    with qtbot.waitSignal(feature.panel.rollShown, timeout=5000):
        qtbot.mouseClick(feature.panel.setup.roll_button, Qt.MouseButton.LeftButton)


def physical(feature: TableFeature, value: int) -> None:
    setup = feature.panel.setup
    setup.physical.setChecked(True)
    setup.d20.setValue(value)


# -- odds -----------------------------------------------------------------------------------------


def test_odds_shown_are_the_engines(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    setup = feature.panel.setup
    assert setup.character_id == "pc1" and "Strength +3" in setup.attribute.currentText()
    assert setup.risk.value() == 2 and "Region 1 (Glass cliffs): risk 2" in setup.region_note.text()
    expected = engine_odds(session, songs.TrialRequest(S, 12, 2), "pc1")
    assert setup.odds.odds == expected
    assert setup.odds.headline.text() == f"Success {percent(expected.success)}"
    qtbot.mouseClick(setup.dr.buttons.button(15), Qt.MouseButton.LeftButton)
    assert setup.dr.value() == 15
    assert setup.odds.odds == engine_odds(session, songs.TrialRequest(S, 15, 2), "pc1")
    setup.risk.setValue(4)
    assert "overridden" in setup.region_note.text()
    assert setup.odds.odds == engine_odds(session, songs.TrialRequest(S, 15, 4), "pc1")
    qtbot.mouseClick(setup.from_map, Qt.MouseButton.LeftButton)
    assert setup.risk.value() == 2
    setup.fate.setChecked(True)
    fate = engine_odds(session, songs.TrialRequest(S, 15, 2, songs.RollKind.FATE), "pc1")
    assert setup.odds.odds == fate and fate.card == 0
    setup.adjustments.add("DR", -3, "A rope ladder")
    ladder = (Adjustment(-3, "A rope ladder"),)
    lower = songs.TrialRequest(S, 15, 2, songs.RollKind.FATE, dr_adjustments=ladder)
    assert setup.odds.odds == engine_odds(session, lower, "pc1")
    assert setup.odds.odds.success > fate.success
    assert setup.odds_ms < 16, f"odds took {setup.odds_ms:.2f} ms"


def test_a_refused_roll_says_why(qtbot: QtBot) -> None:
    feature = make_feature(qtbot, SessionBridge(party_session(region_risk=None)))
    setup = feature.panel.setup
    assert setup.risk.isEnabled() and "no charted region" in setup.region_note.text()
    setup.risk.setValue(1)  # typed by hand: the roll can be made
    assert setup.roll_button.isEnabled()
    setup.dr.setValue(60)
    setup.adjustments.add("DR", 20, "A wall of fire")
    assert setup.odds.odds is not None  # the engine bounds the base DR only


# -- a full roll ----------------------------------------------------------------------------------


def test_full_trial_roll_keeps_a_red_card(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    stack(session, "7S", "3H")
    feature.show_table(animate=False)
    physical(feature, 20)
    roll(qtbot, feature)
    result = feature.panel.result
    assert feature.panel.showing_result
    assert result.headline.text() == "Success · natural 20"
    assert result.dr.text().startswith("DR: 12 + 2 for 7♠ = 14")
    assert result.score.text() == "Score: d20 20 + 3 Strength = 23"
    assert feature.scene.cards_in(REVEALED) == [Card.from_code("7S"), Card.from_code("3H")]
    choices = [b for b in result.keep_group.buttons() if isinstance(b, CardChoice)]
    allowed = {b.card.code: b.isEnabled() for b in choices}
    assert allowed == {"7S": False, "3H": True}
    assert result.settle.text() == "Take 3♥"
    with qtbot.waitSignal(feature.panel.trialSettled) as settled:
        qtbot.mouseClick(result.settle, Qt.MouseButton.LeftButton)
    assert isinstance(settled.args[0], songs.TrialResult)
    assert session.campaign.play.pending is None
    assert feature.scene.cards_in(hand_pile("pc1")) == [Card.from_code("3H")]
    assert feature.scene.cards_in(DISCARD)[-1] == Card.from_code("7S")
    assert session.campaign.journal[-1].kind == "trial"
    assert "took 3♥" in result.outcome.text()
    qtbot.mouseClick(result.new_roll, Qt.MouseButton.LeftButton)
    assert feature.panel.showing_setup


def test_the_generator_rolls_what_a_twin_session_rolls(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    twin = party_session()
    expected = twin.apply(BeginTrial("pc1", S, 12, risk=2))
    roll(qtbot, feature)
    shown = pending_trial(session.campaign)
    assert shown == expected
    assert feature.panel.result.die.face == expected.d20
    assert feature.scene.cards_in(REVEALED) == list(expected.revealed)


def test_setback_marks_xp(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    physical(feature, 1)
    roll(qtbot, feature)
    result = feature.panel.result
    assert result.headline.text() == "Setback · natural 1"
    assert result.keep_note.text() == "Setback: XP will be marked (0 → 1 of 8)."
    assert result.turn.isVisible() and not result.turn.isEnabled()  # no card to turn it with
    assert result.settle.text() == "Accept the setback (mark XP)"
    result.consequence.setText("The ice cracks")
    qtbot.mouseClick(result.settle, Qt.MouseButton.LeftButton)
    assert session.campaign.character("pc1").sheet.xp == 1
    assert "The ice cracks" in session.campaign.journal[-1].text
    assert result.keep_note.text() == "Sigrid marked XP: 0 → 1/8."
    assert feature.scene.cards_in(REVEALED) == []


def test_turn_the_table(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    give(session, "pc1", "QC")
    feature.panel.setup.sync()
    physical(feature, 2)
    roll(qtbot, feature)
    result = feature.panel.result
    assert result.turn.isEnabled()
    result.turn_actions["QC"].trigger()  # type: ignore[attr-defined]
    assert session.campaign.character("pc1").sheet.xp == 0
    assert table_of(session.campaign).hands["pc1"] == []
    assert "turned into a success" in result.outcome.text()
    assert result.headline.text() == "Success (the table turned)"


# -- burns ----------------------------------------------------------------------------------------


def test_burns_before_the_roll(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    give(session, "pc1", "5H")
    give(session, "pc2", "9C")
    stack(session, "2D", "4H")
    setup = feature.panel.setup
    setup.sync()
    picker = setup.burns
    picker.menu_actions[(BK.CALL_THE_GODS, "5H", "pc1")].trigger()
    picker.menu_actions[(BK.AID_AN_ALLY, "9C", "pc2")].trigger()
    assert picker.list.count() == 2 and "Bjorn burns 9♣ (+3, Elk)" in picker.list.item(1).text()
    assert not picker.menu_actions[(BK.CONJURE_VANORI, "5H", "pc1")].isEnabled()
    roller = to_rules_character(session.campaign.character("pc1"))
    helper = to_rules_character(session.campaign.character("pc2"))
    request = songs.TrialRequest(
        S, 12, 2, burns=(songs.call_the_gods(roller, Card.from_code("5H")),
                         songs.aid_an_ally(helper, Card.from_code("9C"))),
    )  # fmt: skip
    assert setup.odds.odds == engine_odds(session, request, "pc1")
    physical(feature, 6)
    roll(qtbot, feature)
    result = feature.panel.result
    assert (
        result.score.text()
        == "Score: d20 6 + 3 Strength + 2 Call the Gods + 3 aid from Bjorn (Elk) = 14"
    )
    assert table_of(session.campaign).hands["pc2"] == []
    assert result.headline.text() == "Success"
    assert result.keep_note.text() == "No card: a card was burned for this roll."
    assert not any(b.isEnabled() for b in result.keep_group.buttons())
    assert picker.list.count() == 0  # the burns belonged to that roll


def test_burn_after_the_roll(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    give(session, "pc1", "5H")
    stack(session, "2D", "4H")
    physical(feature, 9)  # 12 vs 12: a setback
    roll(qtbot, feature)
    result = feature.panel.result
    assert result.headline.text() == "Setback" and result.burns.isVisible()
    result.burns.menu_actions[(BK.CALL_THE_GODS, "5H", "pc1")].trigger()
    roll_now = pending_trial(session.campaign)
    assert roll_now is not None and roll_now.success
    assert result.headline.text() == "Success"
    assert result.keep_note.text() == "No card: a card was burned for this roll."
    assert session.campaign.journal[-1].kind == "burn"


# -- following the model --------------------------------------------------------------------------


def test_undo_and_redo_move_the_panel(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    roll(qtbot, feature)
    assert feature.panel.showing_result
    session.undo()
    assert feature.panel.showing_setup and feature.scene.cards_in(REVEALED) == []
    with qtbot.waitSignal(feature.panel.rollShown):
        session.redo()
    assert feature.panel.showing_result and len(feature.scene.cards_in(REVEALED)) == 2


def test_start_trial_for_another_feature(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    assert feature.start_trial("pc2", songs.Attribute.HEART, reason="Persuade the jarl", dr=15)
    setup = feature.panel.setup
    assert setup.character_id == "pc2" and setup.attribute.currentData() == "heart"
    assert setup.dr.value() == 15 and feature.panel.reason.text() == "Persuade the jarl"
    assert not feature.panel.reason.isHidden()
    roll(qtbot, feature)
    assert not feature.start_trial("pc1")  # a roll waits


def test_resilience_trial_at_zero(qtbot: QtBot, feature: TableFeature, session: Session) -> None:
    session.campaign.character("pc3").sheet.resilience = 0
    assert feature.start_trial("pc3", S, reason="Resilience trial")
    setup = feature.panel.setup
    assert not setup.purpose_note.isHidden() and not setup.fate.isEnabled()
    physical(feature, 20)
    roll(qtbot, feature)
    qtbot.mouseClick(feature.panel.result.settle, Qt.MouseButton.LeftButton)
    assert session.campaign.character("pc3").sheet.resilience == 1


def test_choices_survive_other_changes(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    from saga_desktop.model.songs.ops.play import RevealReaction

    stack(session, "3H", "9D")
    physical(feature, 18)
    roll(qtbot, feature)
    result = feature.panel.result
    nine = next(b for b in result.keep_group.buttons() if b.card.code == "9D")  # type: ignore[attr-defined]
    qtbot.mouseClick(nine, Qt.MouseButton.LeftButton)
    session.apply(RevealReaction("a passer-by"))  # another change at the table
    assert result.kept_card() == Card.from_code("9D")
    qtbot.mouseClick(result.settle, Qt.MouseButton.LeftButton)
    assert table_of(session.campaign).hands["pc1"] == ["9D"]


def test_a_typed_consequence_survives_other_changes(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    from saga_desktop.model.songs.ops.play import RollInitiative

    physical(feature, 1)
    roll(qtbot, feature)
    result = feature.panel.result
    qtbot.keyClicks(result.consequence, "The rope snaps")
    session.apply(RollInitiative())
    assert result.consequence.text() == "The rope snaps"
