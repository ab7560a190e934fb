"""A sheet dock through its real widgets: edits, refusals, undo and redo, the hand, XP."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot
from typing_extensions import override

from saga_desktop.i18n.words import english
from saga_desktop.model.operation import Context, Operation
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.sheet import AddCondition, AddItem, MarkXp, SetAttribute
from saga_desktop.model.songs.table import songs_deck, table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.cards import CardWidget
from saga_desktop.ui.songs.sheets import SheetsFeature
from saga_desktop.ui.songs.sheets import party as party_module
from saga_desktop.ui.songs.sheets.blessing import BlessingDialog
from saga_desktop.ui.songs.sheets.dock import SheetDock
from saga_desktop.ui.songs.sheets.entry_dialogs import AddEntryDialog, TendDialog


def dump(session: Session) -> dict[str, object]:
    return session.export().model_dump(mode="json")


@pytest.fixture
def dock(sheets: SheetsFeature) -> SheetDock:
    sheets.bridge.apply(QuickCharacter("Astrid", weapon="Axe", vanori="bear", player="Ren"))
    return sheets.docks["pc1"]


@dataclass(frozen=True)
class Deal(Operation):
    """Test helper: the top card of the draw pile goes to a hand (as a won card would)."""

    character: str

    @property
    @override
    def label(self) -> str:
        return "Deal"

    @override
    def apply(self, ctx: Context) -> None:
        deck = songs_deck(ctx)
        deck.hand(self.character).append(deck.draw_pile.pop())


def test_edits_go_through_operations_and_undo_redo(
    qtbot: QtBot, sheets: SheetsFeature, dock: SheetDock
) -> None:
    session = sheets.bridge.session
    window = sheets.window
    box = dock.sheet.attributes.boxes[songs.Attribute.STRENGTH]
    start = box.value_label.text()
    qtbot.mouseClick(box.raise_button, Qt.MouseButton.LeftButton)
    value = int(start) + 1
    assert box.value_label.text() == f"{value:+d}"
    assert session.campaign.character("pc1").sheet.attributes.strength == value
    assert english(session.undo_label or "") == "Set Strength"
    window.undo_action.trigger()  # type: ignore[attr-defined]
    assert box.value_label.text() == start
    window.redo_action.trigger()  # type: ignore[attr-defined]
    assert box.value_label.text() == f"{value:+d}"
    # The name field: typed, committed with Enter, journaled, undone.
    name = dock.sheet.identity.name_edit
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Astrid Ulfsdottir")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert session.campaign.character("pc1").name == "Astrid Ulfsdottir"
    assert dock.windowTitle() == "Astrid Ulfsdottir"
    window.undo_action.trigger()  # type: ignore[attr-defined]
    assert name.text() == "Astrid" and dock.windowTitle() == "Astrid"
    # Resilience steps and the spin box.
    resilience = dock.sheet.resilience
    top = session.campaign.character("pc1").sheet.max_resilience
    qtbot.mouseClick(resilience.lose, Qt.MouseButton.LeftButton)
    assert resilience.numbers.text() == f"{top - 1} / {top}"
    resilience.current_spin.setValue(0)
    assert resilience.numbers.text() == f"0 / {top}"
    assert "resilience trial" in resilience.status.text()
    window.undo_action.trigger()  # type: ignore[attr-defined]
    assert resilience.current_spin.value() == top - 1 and not resilience.status.isVisibleTo(dock)


def test_bad_edits_are_refused_with_the_reason(
    qtbot: QtBot, sheets: SheetsFeature, dock: SheetDock
) -> None:
    session = sheets.bridge.session
    # An empty name.
    name = dock.sheet.identity.name_edit
    name.setFocus()
    name.selectAll()
    qtbot.keyClick(name, Qt.Key.Key_Delete)
    before = dump(session)
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert dock.problem_text == "Not changed: A character needs a name"
    assert dump(session) == before and name.text() == "Astrid"
    # An attribute beyond +10.
    sheets.bridge.apply(SetAttribute("pc1", "heart", 10))
    box = dock.sheet.attributes.boxes[songs.Attribute.HEART]
    before = dump(session)
    qtbot.mouseClick(box.raise_button, Qt.MouseButton.LeftButton)
    assert dock.problem_text == r"Not changed: Heart lies between -5 and +10"
    assert dump(session) == before and box.value_label.text() == "+10"
    # An XP box cleared from an empty track.
    qtbot.mouseClick(dock.sheet.xp.clear_button, Qt.MouseButton.LeftButton)
    assert dock.problem_text == "Not changed: The XP track is already empty"
    # A seventh slot.
    sheets.bridge.apply(AddCondition("pc1", "Broken leg", 4))
    sheets.bridge.apply(AddItem("pc1", "Rope"))
    assert dock.sheet.inventory.fullness.text().startswith("Full: 6 of 6 slots")
    before = dump(session)
    dock.sheet.inventory._add("item")
    dialog = dock.context.dialogs[-1]
    assert isinstance(dialog, AddEntryDialog)
    qtbot.keyClicks(dialog.name_edit, "Bread")
    dialog.confirm()
    assert dialog.isVisible()
    assert dialog.problem.text() == (
        "Astrid has 0 free slots of 6; drop something or clear a condition first"
    )
    assert dump(session) == before
    dialog.reject()
    assert dump(session) == before
    # A good edit clears the message.
    qtbot.mouseClick(box.lower_button, Qt.MouseButton.LeftButton)
    assert dock.problem_text == ""


def test_inventory_shows_a_condition_across_its_slots(
    qtbot: QtBot, sheets: SheetsFeature, dock: SheetDock
) -> None:
    sheets.bridge.apply(AddCondition("pc1", "Broken leg", 3, "splinted"))
    grid = dock.sheet.inventory.grid
    spans = []
    for n in range(grid.count()):
        row, column, rows, _cols = grid.getItemPosition(n)
        widget = grid.itemAt(n).widget()
        if column == 1 and hasattr(widget, "entry"):
            spans.append((widget.entry.name, row, rows))
    assert spans == [("Axe", 0, 1), ("Broken leg", 1, 3)]
    assert dock.sheet.inventory.fullness.text() == "4 of 6 slots used, 2 free"
    # Drop the axe from its menu: the condition moves up and the weapon list empties.
    slot = next(w for w in dock.sheet.inventory.entries if getattr(w, "index", None) == 0)
    drop = next(a for a in slot.actions_menu().actions() if a.text() == "D&rop")
    drop.trigger()
    assert [e.name for e in sheets.bridge.session.campaign.character("pc1").sheet.inventory] == [
        "Broken leg"
    ]
    assert dock.sheet.gear.no_weapons.isVisibleTo(dock)


def test_the_hand_follows_the_card_table(sheets: SheetsFeature, dock: SheetDock) -> None:
    assert dock.sheet.hand.hand.cards == []
    sheets.bridge.apply(Deal("pc1"))
    sheets.bridge.apply(Deal("pc1"))
    codes = table_of(sheets.bridge.session.campaign).hands["pc1"]
    assert dock.sheet.hand.hand.cards == [Card.from_code(c) for c in codes]
    assert dock.sheet.hand.title.text() == "Hand of cards (2)"
    sheets.bridge.session.undo()
    assert len(dock.sheet.hand.hand.cards) == 1


def test_a_full_track_shows_the_blessing_cards(
    qtbot: QtBot, sheets: SheetsFeature, dock: SheetDock
) -> None:
    sheets.bridge.apply(MarkXp("pc1", 7))
    assert dock.sheet.xp.track.marked == 7
    assert dock.sheet.xp.track.accessibleName() == "XP 7 of 8"
    qtbot.mouseClick(dock.sheet.xp.mark_button, Qt.MouseButton.LeftButton)
    assert dock.sheet.xp.track.marked == 0
    dialog = dock.context.dialogs[-1]
    assert isinstance(dialog, BlessingDialog) and dialog.isVisible()
    shown = [w.card for w in dialog.findChildren(CardWidget)]
    entry = sheets.bridge.session.campaign.journal[-1]
    assert "Blessing of the Bear" in entry.text
    details = entry.details["blessings"][0]  # type: ignore[index]
    assert [c.code for c in shown] == details["reveal"]["cards"]  # type: ignore[index]
    assert table_of(sheets.bridge.session.campaign).discard[-5:] == [c.code for c in shown]
    assert dialog.lines[0].startswith("Strength: ")


def test_zero_resilience_offers_the_trial_and_tending(
    qtbot: QtBot, sheets: SheetsFeature, dock: SheetDock
) -> None:
    asked: list[str] = []
    resilience = dock.sheet.resilience
    with qtbot.waitSignal(sheets.resilienceTrialDue) as due:
        resilience.current_spin.setValue(0)
    assert due.args == ["pc1"]
    assert not resilience.trial_button.isVisibleTo(dock)  # nobody to roll it yet
    sheets.set_resilience_trial_handler(asked.append)
    assert resilience.trial_button.isVisibleTo(dock)
    qtbot.mouseClick(resilience.trial_button, Qt.MouseButton.LeftButton)
    assert asked == ["pc1"]
    # The trial failed (the play loop's business): incapacitated, and the sheet says so.
    session = sheets.bridge.session
    session.campaign.character("pc1").sheet.incapacitated = True
    dock.refresh()
    assert "Incapacitated" in resilience.status.text()
    assert resilience.tend_button.isVisibleTo(dock) and not resilience.lose.isEnabled()
    resilience._tend()
    dialog = dock.context.dialogs[-1]
    assert isinstance(dialog, TendDialog)
    qtbot.keyClicks(dialog.condition, "Limp")
    dialog.slots.setValue(2)
    dialog.confirm()
    sheet = session.campaign.character("pc1").sheet
    assert (sheet.resilience, sheet.incapacitated, sheet.inventory[-1].name) == (1, False, "Limp")
    assert resilience.numbers.text().startswith("1 / ")


def test_party_menu_lists_opens_and_removes(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, sheets: SheetsFeature, dock: SheetDock
) -> None:
    sheets.bridge.apply(QuickCharacter("Ivar & Co", vanori="raven"))
    texts = [a.text() for a in sheets.party_menu.actions()]
    assert texts[:2] == ["&1 Astrid (Ren)", "&2 Ivar && Co"]
    assert "&New character…" in texts and "&Quick character" in texts
    window = sheets.window
    qtbot.waitUntil(lambda: window.tabifiedDockWidgets(dock) == [sheets.docks["pc2"]])
    sheets.party_menu.actions()[0].trigger()
    assert not dock.visibleRegion().isEmpty()
    dock.close()
    sheets.party_menu.actions()[0].trigger()
    assert dock.isVisible()
    monkeypatch.setattr(party_module, "ask", lambda *_a, **_k: party_module.Button.Cancel)
    assert not sheets.flows.remove_character("pc1")
    monkeypatch.setattr(party_module, "ask", lambda *_a, **_k: party_module.Button.Yes)
    assert sheets.flows.remove_character("pc1")
    assert "pc1" not in sheets.docks
    assert sheets.party_menu.actions()[0].text() == "&1 Ivar && Co"
    sheets.bridge.session.undo()
    assert "pc1" in sheets.docks and sheets.docks["pc1"].objectName() == "sheet-pc1"


def test_every_control_has_an_accessible_name(dock: SheetDock) -> None:
    kinds = (QAbstractButton, QLineEdit, QAbstractSpinBox, QComboBox)
    unnamed = [
        w
        for w in dock.findChildren(QWidget)
        if isinstance(w, kinds)
        and w.focusPolicy() != Qt.FocusPolicy.NoFocus
        and not (w.accessibleName() or (isinstance(w, QAbstractButton) and w.text()))
        and not isinstance(w.parent(), QAbstractSpinBox)
    ]
    assert unnamed == []


def test_typing_is_kept_when_the_window_closes(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, sheets: SheetsFeature, dock: SheetDock
) -> None:
    from saga_desktop.ui import files as files_module

    session = sheets.bridge.session
    seen: list[str] = []

    def ask(*_a: object, **_k: object) -> object:
        seen.append(session.campaign.character("pc1").notes)
        return party_module.Button.Discard

    monkeypatch.setattr(files_module, "ask", ask)
    notes = dock.sheet.notes.edit
    notes.setFocus()
    qtbot.keyClicks(notes, "Owes Ivar a ship.")
    assert session.campaign.character("pc1").notes == ""
    sheets.window.close()
    assert seen == ["Owes Ivar a ship."]  # committed before the save question
    assert english(session.undo_label or "") == "Edit notes"


def test_change_vanori_and_the_owls_gift(
    qtbot: QtBot, sheets: SheetsFeature, dock: SheetDock
) -> None:
    from saga_desktop.ui.songs.sheets.vanori import VanoriDialog
    from saga_desktop.ui.songs.sheets.xp import OwlDialog

    session = sheets.bridge.session
    assert not dock.sheet.xp.owl_button.isVisibleTo(dock)  # a Bear has no such gift
    qtbot.mouseClick(dock.sheet.vanori.change_button, Qt.MouseButton.LeftButton)
    dialog = dock.context.dialogs[-1]
    assert isinstance(dialog, VanoriDialog)
    dialog.chooser.group.button(5).setChecked(True)  # 6. Owl
    dialog._apply()
    assert session.campaign.character("pc1").sheet.vanori == "owl"
    assert dock.sheet.vanori.name_label.text() == "The Owl"
    sheets.bridge.apply(Deal("pc1"))
    [card] = table_of(session.campaign).hands["pc1"]
    assert dock.sheet.xp.owl_button.isEnabled()
    qtbot.mouseClick(dock.sheet.xp.owl_button, Qt.MouseButton.LeftButton)
    owl = dock.context.dialogs[-1]
    assert isinstance(owl, OwlDialog) and owl.cards.currentData() == card
    owl.confirm()
    assert session.campaign.character("pc1").sheet.xp == 2
    assert table_of(session.campaign).hands["pc1"] == []
    assert not dock.sheet.xp.owl_button.isEnabled()
    assert dock.sheet.hand.hand.cards == []
