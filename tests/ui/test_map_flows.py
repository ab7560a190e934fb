"""The map's flows through real widgets: the d20 drop, charting, travel and the hex menu."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, DropD20, MoveParty
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules.cards import Card, Suit
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.chart_dialog import ChartDialog, EditRegionDialog
from saga_desktop.ui.map.geometry import HEX_SIZE
from saga_desktop.ui.map.travel import TravelDialog
from tests.ui.conftest import answer_dialogs, hex_pos, seeded_session

RISK = {Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 2, Suit.SPADES: 3}
SEED_SEVEN_DROP = Hex(3, -4)
"""Where the d20 lands on a new campaign seeded with 7 (checked against the model below)."""


def dump(feature: MapFeature) -> dict[str, object]:
    return feature.bridge.session.export().model_dump(mode="json")


# -- the d20 drop -----------------------------------------------------------------------------


@pytest.mark.parametrize("reduced", [False, True])
def test_d20_drop_lands_on_the_expected_hex(
    qtbot: QtBot, feature: MapFeature, reduced: bool
) -> None:
    twin = seeded_session(7).apply(DropD20())
    assert Hex(twin.q, twin.r) == SEED_SEVEN_DROP
    feature.set_reduced_motion(reduced)
    charted_hexes: list[Hex] = []

    def cancel(dialog: QDialog) -> None:
        assert isinstance(dialog, ChartDialog)
        charted_hexes.append(dialog.hex)
        dialog.reject()

    answer_dialogs(feature, cancel)
    view = feature.view
    with qtbot.waitSignal(view.dropFinished, timeout=5000):
        feature.actions["drop_d20"].trigger()
        if not reduced:
            assert view.die.running
    party = feature.bridge.session.campaign.map.party
    assert party is not None and party.hex == SEED_SEVEN_DROP
    die = view.die.item
    assert die.isVisible() and die.face == twin.face
    assert die.pos() == QPointF(twin.x * HEX_SIZE, twin.y * HEX_SIZE)
    assert view.map_scene.layout.to_hex(die.pos().x(), die.pos().y()) == SEED_SEVEN_DROP
    # The die rested on new land, so the charting flow opened; cancelling charts nothing.
    qtbot.waitUntil(lambda: charted_hexes == [SEED_SEVEN_DROP])
    assert feature.bridge.session.campaign.map.regions == []


def test_drop_button_on_the_empty_map(qtbot: QtBot, feature: MapFeature) -> None:
    button = feature.view.start_button
    assert button.isVisible()
    answer_dialogs(feature, lambda d: d.reject())
    with qtbot.waitSignal(feature.view.dropFinished, timeout=3000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not button.isVisible()
    feature.bridge.session.undo()
    assert button.isVisible() and not feature.view.die.item.isVisible()


# -- charting ---------------------------------------------------------------------------------


def test_charting_through_the_dialog_then_undo(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    top = Card.from_code(table_of(session.campaign).draw[-1])
    before = dump(feature)
    view = feature.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=hex_pos(feature, Hex(2, -1)))
    assert feature.actions["chart"].isEnabled()
    dialogs = answer_dialogs(feature, lambda d: None)
    feature.actions["chart"].trigger()
    [dialog] = dialogs
    assert isinstance(dialog, ChartDialog)
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.form.title, "The Drowned Stair")
    qtbot.keyClicks(dialog.form.terrain, "Lake")
    qtbot.keyClicks(dialog.form.notes, "Steps lead down into still water.")
    qtbot.keyClicks(dialog.form.gm_notes, "A door at the bottom.")
    qtbot.mouseClick(dialog.chart_button, Qt.MouseButton.LeftButton)
    region = session.campaign.map.region_at(2, -1)
    assert region is not None
    assert (region.number, region.title, region.terrain) == (1, "The Drowned Stair", "Lake")
    assert region.risk == RISK[top.suit] and region.risk_card == top.code
    assert region.gm_notes == "A door at the bottom."
    assert dialog.card.card == top
    assert (
        dialog.revealed_page.isVisible() and f"Risk {region.risk}" in dialog.revealed_title.text()
    )
    assert view.map_scene.region_at(2, -1) is not None
    assert table_of(session.campaign).discard == [top.code]
    [done] = dialog.done_buttons.buttons()
    assert done.text() == "&Done" and dialog.focusWidget() is done
    # Not Close renamed: a style that puts icons on dialog buttons gave "Done" Close's icon.
    assert dialog.done_buttons.standardButton(done) == QDialogButtonBox.StandardButton.NoButton
    assert done.icon().isNull()
    qtbot.mouseClick(done, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    session.undo()
    assert session.campaign.map.regions == []
    assert (
        table_of(session.campaign).draw[-1] == top.code and table_of(session.campaign).discard == []
    )
    assert view.map_scene.region_at(2, -1) is None
    assert dump(feature) == before


def test_cancel_leaves_nothing_behind_even_after_rolling(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    before = dump(feature)
    rng_before = session.rng.getstate()
    dialog = feature.flows.chart_hex(Hex(0, 0))
    assert dialog is not None
    qtbot.waitExposed(dialog)
    qtbot.mouseClick(dialog.form.buttons["weather"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.form.buttons["omens"], Qt.MouseButton.LeftButton)
    assert "Weather: " in dialog.form.notes.toPlainText()
    qtbot.keyClicks(dialog.form.title, "Never charted")
    dialog.reject()
    assert dump(feature) == before
    assert session.rng.getstate() == rng_before


def test_table_rolls_in_the_dialog_are_journaled_on_ok(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    dialog = feature.flows.chart_hex(Hex(0, 0))
    assert dialog is not None
    qtbot.mouseClick(dialog.form.buttons["weather"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.form.buttons["names"], Qt.MouseButton.LeftButton)
    weather = dialog.form.rolls[0].result
    name = dialog.form.rolls[1].result
    assert dialog.form.title.text() == name
    dialog.chart()
    region = session.campaign.map.region_at(0, 0)
    assert region is not None and region.title == name and f"Weather: {weather}" in region.notes
    tables = [e for e in session.campaign.journal if e.kind == "table"]
    assert [e.details["result"] for e in tables] == [weather, name]


def test_double_click_charts_or_edits(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    session.apply(ChartRegion(1, 1, title="Old name"))
    dialogs = answer_dialogs(feature, lambda d: None)
    vp = feature.view.viewport()
    qtbot.mouseDClick(vp, Qt.MouseButton.LeftButton, pos=hex_pos(feature, Hex(4, 4)))
    qtbot.mouseDClick(vp, Qt.MouseButton.LeftButton, pos=hex_pos(feature, Hex(1, 1)))
    assert isinstance(dialogs[0], ChartDialog) and dialogs[0].hex == Hex(4, 4)
    edit = dialogs[-1]
    assert isinstance(edit, EditRegionDialog)
    dialogs[0].reject()
    edit.form.title.setText("New name")
    edit.save()
    region = session.campaign.map.region_at(1, 1)
    assert region is not None and region.title == "New name"
    assert not edit.isVisible()


# -- travel -----------------------------------------------------------------------------------


def _chart_each(dialog: QDialog) -> None:
    if isinstance(dialog, ChartDialog):
        dialog.form.title.setText(f"Passage {dialog.hex.q}")
        dialog.chart()
        dialog.accept()


def test_travel_charts_new_hexes_one_at_a_time_and_adds_days(
    qtbot: QtBot, feature: MapFeature
) -> None:
    session = feature.bridge.session
    session.apply(MoveParty(0, 0))
    session.apply(ChartRegion(1, 0, title="Known"))

    def answer(dialog: QDialog) -> None:
        if isinstance(dialog, TravelDialog):
            assert [(h.q, h.r) for h in dialog.path] == [(1, 0), (2, 0), (3, 0)]
            assert len(dialog.uncharted) == 2
            dialog.mode_buttons[next(m for m in dialog.mode_buttons if m.id == "mounted")].click()
            assert dialog.days() == 2
            dialog.accept()
        else:
            _chart_each(dialog)

    dialogs = answer_dialogs(feature, answer)
    with qtbot.waitSignal(feature.flows.journeyFinished, timeout=5000) as blocker:
        feature.flows.plan_travel(Hex(3, 0))
    result = blocker.args[0]
    assert result is not None and result.days == 2 and result.hexes == 3
    m = session.campaign.map
    assert m.days == 2 and m.party is not None and m.party.hex == Hex(3, 0)
    assert [type(d).__name__ for d in dialogs] == ["TravelDialog", "ChartDialog", "ChartDialog"]
    assert [(r.number, r.q, r.visited) for r in m.regions] == [
        (1, 1, True),
        (2, 2, True),
        (3, 3, True),
    ]
    assert not feature.view.map_scene.path_item.isVisible()


def test_cancelling_a_charting_stops_the_journey_there(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    session.apply(MoveParty(0, 0))
    seen: list[str] = []

    def answer(dialog: QDialog) -> None:
        seen.append(type(dialog).__name__)
        if isinstance(dialog, TravelDialog):
            dialog.accept()
        elif seen.count("ChartDialog") == 1:
            _chart_each(dialog)
        else:
            dialog.reject()

    answer_dialogs(feature, answer)
    with qtbot.waitSignal(feature.flows.journeyFinished, timeout=5000) as blocker:
        feature.flows.plan_travel(Hex(0, 3))
    assert blocker.args[0].hexes == 1
    m = session.campaign.map
    assert m.party is not None and m.party.hex == Hex(0, 1) and m.days == 1
    assert len(m.regions) == 1


def test_dragging_the_party_token_plans_a_journey(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    session.apply(MoveParty(0, 0))
    token = feature.view.map_scene.party
    vp = feature.view.viewport()
    start = feature.view.mapFromScene(token.pos())
    end = hex_pos(feature, Hex(2, 0))
    dialogs = answer_dialogs(feature, lambda d: d.reject())
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 11):
        qtbot.mouseMove(vp, start + (end - start) * (i / 10))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    qtbot.waitUntil(lambda: bool(dialogs))
    assert isinstance(dialogs[0], TravelDialog) and dialogs[0].path[-1] == Hex(2, 0)
    assert token.pos() == token.home()  # the token waits at home until the journey is made


# -- the hex menu -----------------------------------------------------------------------------


def test_context_menu_steps_risk_hides_and_deletes(qtbot: QtBot, feature: MapFeature) -> None:
    session = feature.bridge.session
    session.apply(ChartRegion(0, 0, title="Menu"))
    risk = session.campaign.map.regions[0].risk
    menu = feature.flows.context_menu(Hex(0, 0))
    texts = [a.text().replace("&", "") for a in menu.actions() if a.text()]
    for wanted in (
        "Travel here…",
        "Step risk up",
        "Step risk down",
        "Edit region…",
        "GM-only note…",
        "Hide from players",
        "Delete region",
    ):
        assert wanted in texts
    actions = {a.text().replace("&", ""): a for a in menu.actions()}
    actions["Step risk up"].trigger()
    assert session.campaign.map.regions[0].risk == risk + 1
    actions["Hide from players"].trigger()
    assert session.campaign.map.regions[0].hidden
    actions["Delete region"].trigger()
    assert session.campaign.map.regions == []
    session.undo()
    assert session.campaign.map.regions[0].title == "Menu"
    uncharted = [a.text().replace("&", "") for a in feature.flows.context_menu(Hex(5, 5)).actions()]
    assert "Chart this hex…" in uncharted


def test_undo_while_the_die_falls_opens_no_charting(qtbot: QtBot, feature: MapFeature) -> None:
    feature.set_reduced_motion(False)
    dialogs = answer_dialogs(feature, lambda d: d.reject())
    with qtbot.waitSignal(feature.view.dropFinished, timeout=3000):
        feature.actions["drop_d20"].trigger()
        feature.bridge.session.undo()
    qtbot.wait(50)
    assert dialogs == []
    assert feature.bridge.session.campaign.map.party is None
    assert not feature.view.die.item.isVisible()
