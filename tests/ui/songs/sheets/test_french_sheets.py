"""A Songs & Sagas character sheet, the Party menu and character creation in French."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit, QRadioButton
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.resources import resources_dir
from saga_desktop.rules import songs
from saga_desktop.ui.songs.sheets.creation import CreationDialog
from saga_desktop.ui.songs.sheets.dock import SheetDock

from .conftest import WindowMaker, seeded_session

ENGLISH = {
    "Dismiss",
    "Hand of cards",
    "Export as PDF…",
    "Remove from the party…",
    "Change Vanori…",
    "&Player",
    "Pro&nouns",
    "Damage",
    "Repair",
    "New armor:",
    "Add item…",
    "Add weapon…",
    "Add condition…",
    "Mark XP",
    "Clear a box",
    "&Now",
    "M&ax",
    "empty",
    "Tend wounds…",
    "Roll the resilience trial…",
    "Invent your own",
    "&Reveal the cards",
    "Redraw",
    "Re&roll",
    "&Create character",
    "Roll a &d6 for the Vanori",
}


def shown_texts(widget: object) -> list[str]:
    """Every button's and label's text and every field's placeholder under ``widget``."""
    assert hasattr(widget, "findChildren")
    texts = [b.text() for b in widget.findChildren(QAbstractButton)]
    texts += [label.text() for label in widget.findChildren(QLabel)]
    texts += [edit.placeholderText() for edit in widget.findChildren(QLineEdit)]
    return texts


def test_a_sheet_speaks_french(qtbot: QtBot, make_window: WindowMaker, tmp_path: Path) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    _window, sheets = make_window(seeded_session())
    sheets.bridge.apply(QuickCharacter("Astrid", weapon="Hache", vanori="bear", player="Ren"))
    dock = sheets.show_sheet("pc1")
    assert isinstance(dock, SheetDock)
    sheet = dock.sheet
    assert dock.toggleViewAction().text().startswith("Fiche\u00a0: ")
    assert sheet.vanori.name_label.text() == "L’Ours"
    assert sheet.vanori.gift_label.text().startswith("Don\u00a0: Quand vous êtes touché")
    assert "Force" in sheet.vanori.detail_label.text()
    box = sheet.attributes.boxes[songs.Attribute.STRENGTH]
    assert box.name_label.text() == "FORCE"
    assert "écraser" in box.verbs_label.text()
    assert sheet.inventory.fullness.text().startswith("Emplacements utilisés\u00a0: ")
    assert sheet.hand.title.text().startswith("Cartes en main")
    assert sheet.gear.armor_row.name_label.text() == "Armure"
    texts = shown_texts(dock)
    assert "Exporter en PDF…" in texts
    assert not ENGLISH & set(texts), ENGLISH & set(texts)
    # The Party menu, and a printed sheet in French that is still written.
    menu = sheets.party_menu
    entries = [a.text() for a in menu.actions()]
    assert "&Nouveau personnage…" in entries, entries
    assert sheets.flows.new_action.objectName() == "party_new"
    written = sheets.flows.export_pdf("pc1", tmp_path / "astrid.pdf")
    assert written is not None and written.stat().st_size > 1000


def test_creation_speaks_french(qtbot: QtBot, make_window: WindowMaker) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    _window, sheets = make_window(seeded_session())
    dialog = CreationDialog(sheets.bridge, sheets.window)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.windowTitle() == "Nouveau personnage"
    radios = [r.text() for r in dialog.findChildren(QRadioButton)]
    assert "1. Ours" in radios and "Inventer le vôtre" in radios, radios
    assert dialog.summary.text().startswith("Attributs avant le Vanori\u00a0: Force +0")
    assert "Reste à faire\u00a0: Révéler une carte pour chaque attribut." in dialog.summary.text()
    dialog.attributes.reveal_button.click()
    meaning = dialog.attributes.meanings[songs.Attribute.HEART].text()
    assert any(suit in meaning for suit in ("Cœur", "Carreau", "Trèfle", "Pique")), meaning
    assert dialog.attributes.left.text().startswith("Cartes à retirer restantes\u00a0: ")
    texts = shown_texts(dialog)
    assert not ENGLISH & set(texts), ENGLISH & set(texts)
