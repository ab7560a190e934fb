"""Character creation through the real dialog, checked card by card against the engine."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.i18n.words import english
from saga_desktop.model.session import Session
from saga_desktop.model.songs.access import to_rules_character
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from saga_desktop.rules.songs.deck import TableDeck
from saga_desktop.ui.songs.sheets import SheetsFeature
from saga_desktop.ui.songs.sheets.creation import CreationDialog
from saga_desktop.ui.songs.sheets.dock import SheetDock


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


def engine_copy(session: Session) -> tuple[TableDeck, random.Random]:
    t = table_of(session.campaign)
    rng = random.Random()
    rng.setstate(session.rng.getstate())
    return TableDeck.from_codes(t.draw, t.discard, t.revealed, t.hands), rng


def open_dialog(sheets: SheetsFeature) -> CreationDialog:
    sheets.flows.new_action.trigger()
    dialog = sheets.flows.dialogs[-1]
    assert isinstance(dialog, CreationDialog) and dialog.isVisible()
    return dialog


def test_create_a_character_and_check_every_value(qtbot: QtBot, sheets: SheetsFeature) -> None:
    session = sheets.bridge.session
    deck, rng = engine_copy(session)
    dialog = open_dialog(sheets)
    assert not dialog.create_button.isEnabled()
    qtbot.mouseClick(dialog.attributes.reveal_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(
        dialog.attributes.redraws[songs.Attribute.WILLPOWER], Qt.MouseButton.LeftButton
    )
    assert not dialog.attributes.redraws[songs.Attribute.WILLPOWER].isEnabled()
    qtbot.mouseClick(dialog.roll_vanori, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.resilience.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.resilience.reroll_button, Qt.MouseButton.LeftButton)
    assert not dialog.resilience.reroll_button.isEnabled()
    dialog.name.setText("Sigrún")  # QTest types ASCII only
    qtbot.keyClicks(dialog.weapon, "Whale-bone spear")
    qtbot.keyClicks(dialog.player, "Ren")
    # The engine, by hand, on its own copy of the table: the same steps in the same order.
    draw = songs.reveal_attributes(deck, rng)
    draw = songs.redraw_attribute(draw, songs.Attribute.WILLPOWER, deck, rng)
    vanori_roll = songs.roll_vanori(rng)
    resilience = songs.roll_max_resilience(vanori_roll.vanori, rng)
    resilience = songs.reroll_max_resilience(resilience, rng)
    expected = songs.create_character(
        "pc1",
        "Sigrún",
        draw,
        vanori_roll.vanori,
        resilience,
        "Whale-bone spear",
        deck,
        vanori_roll,
    )
    # What the dialog showed is what the engine drew.
    for attribute in songs.Attribute:
        card = draw.card_for(attribute).card
        assert dialog.attributes.cards[attribute].card == card
        assert dialog.attributes.meanings[attribute].text().startswith(card.name)
    assert dialog.resilience.result.text() == str(resilience.total)
    assert dialog.create_button.isEnabled()
    with qtbot.waitSignal(dialog.created) as created:
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert created.args == ["pc1"]
    assert not dialog.isVisible()
    # The campaign holds exactly the engine's character, and the deck as the engine left it.
    made = to_rules_character(session.campaign.character("pc1"))
    e = expected.character
    assert made.attributes == e.attributes and made.vanori == e.vanori
    assert (made.max_resilience, made.resilience, made.armor) == (
        e.max_resilience,
        e.resilience,
        e.armor,
    )
    assert made.inventory == e.inventory
    t = table_of(session.campaign)
    assert t.draw == [c.code for c in deck.draw_pile]
    assert t.discard == [c.code for c in deck.discard]
    assert session.rng.getstate() == rng.getstate()
    # The new sheet shows it.
    dock = sheets.docks["pc1"]
    assert isinstance(dock, SheetDock) and dock.objectName() == "sheet-pc1"
    assert dock.windowTitle() == "Sigrún"
    for attribute, box in dock.sheet.attributes.boxes.items():
        assert box.value_label.text() == f"{e.attributes[attribute]:+d}"
    assert dock.sheet.resilience.numbers.text() == f"{e.resilience} / {e.max_resilience}"
    assert dock.sheet.vanori.name_label.text() == f"The {e.vanori.name}"
    assert "Whale-bone spear" in [r.name_label.text() for r in dock.sheet.gear._rows]
    assert dock.sheet.inventory.fullness.text() == "1 of 6 slots used, 5 free"
    assert english(session.undo_label or "") == "Create Sigrún"


def test_cancel_leaves_the_campaign_exactly_as_before(qtbot: QtBot, sheets: SheetsFeature) -> None:
    session = sheets.bridge.session
    before, rng = dump(session), session.rng.getstate()
    dialog = open_dialog(sheets)
    dialog.attributes.reveal_button.click()
    dialog.roll_vanori.click()
    dialog.resilience.roll_button.click()
    dialog.reject()
    assert dump(session) == before and session.rng.getstate() == rng
    assert session.undo_label is None and not sheets.docks


def test_refusals_show_inside_the_dialog(qtbot: QtBot, sheets: SheetsFeature) -> None:
    session = sheets.bridge.session
    dialog = open_dialog(sheets)
    dialog.attributes.reveal_button.click()
    dialog.chooser.group.button(6).setChecked(True)  # invent one, but leave it unnamed
    dialog.resilience.roll_button.click()
    assert dialog.problem.text() == "A custom Vanori needs a name"
    assert dialog.table.resilience is None
    qtbot.keyClicks(dialog.chooser.custom_name, "Salmon")
    dialog.chooser.second.setCurrentIndex(dialog.chooser.first.currentIndex())
    dialog.resilience.roll_button.click()
    assert "two different attributes" in dialog.problem.text()
    dialog.chooser.second.setCurrentIndex(3)
    dialog.resilience.roll_button.click()
    assert dialog.table.resilience is not None
    assert not dialog.chooser.isEnabled() and not dialog.roll_vanori.isEnabled()
    before = dump(session)
    dialog.create_button.click()  # no name, no weapon yet
    assert dialog.isVisible() and dialog.problem.text() == "A character needs a name"
    assert dump(session) == before
    qtbot.keyClicks(dialog.name, "Oda")
    dialog.create_button.click()
    assert dialog.problem.text() == "A weapon needs a name"
    qtbot.keyClicks(dialog.weapon, "Harpoon")
    dialog.create_button.click()
    assert not dialog.isVisible()
    sheet = session.campaign.character("pc1").sheet
    assert sheet.custom_vanori is not None and sheet.custom_vanori.name == "Salmon"


def test_quick_character_then_a_new_name(qtbot: QtBot, sheets: SheetsFeature) -> None:
    sheets.flows.quick_action.trigger()
    dialog = sheets.flows.dialogs[-1]
    session = sheets.bridge.session
    assert session.campaign.character("pc1").name == "Newcomer"
    assert "pc1" in sheets.docks
    name_edit = dialog.name_edit  # type: ignore[attr-defined]
    assert name_edit.text() == "Newcomer"
    name_edit.clear()
    qtbot.keyClicks(name_edit, "Brenna")
    dialog.confirm()  # type: ignore[attr-defined]
    assert session.campaign.character("pc1").name == "Brenna"
    assert sheets.docks["pc1"].windowTitle() == "Brenna"
    sheets.flows.quick_action.trigger()
    assert session.campaign.character("pc2").name == "Newcomer"
