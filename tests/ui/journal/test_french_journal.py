"""The Journal dock in French: its controls, its filters, its lines of facts and its export."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit, QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.journal import install_journal
from saga_desktop.ui.journal.model import META_ROLE

ENGLISH = {
    "Search the journal…",
    "Add note…",
    "Edit",
    "Delete",
    "Export…",
    "Every kind",
    "Everyone",
}


def test_the_journal_speaks_french(qtbot: QtBot, bridge: SessionBridge, tmp_path: Path) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_journal(window, bridge)
    window.show()
    panel = feature.panel
    assert panel.add_button.text() == "Ajouter une note…"
    assert panel.search.placeholderText() == "Chercher dans le journal…"
    assert panel.kind.itemText(0) == "Tous les types"
    assert panel.status.text().endswith("entrées")
    kinds = {panel.kind.itemText(i) for i in range(1, panel.kind.count())}
    assert "Groupe" in kinds, kinds  # the party's entries
    meta = str(panel.model.index(0).data(META_ROLE))
    assert meta.startswith("Jour "), meta
    assert feature.actions["export"].text() == "&Exporter le journal en Markdown…"
    panel.export_to(tmp_path / "j.md")
    assert "## Jour " in (tmp_path / "j.md").read_text("utf-8")
    shown = [b.text() for b in panel.findChildren(QAbstractButton)]
    shown += [w.text() for w in panel.findChildren(QLabel)]
    shown += [w.placeholderText() for w in panel.findChildren(QLineEdit)]
    shown += [panel.kind.itemText(i) for i in range(panel.kind.count())]
    shown += [panel.character.itemText(0)]
    assert not ENGLISH & set(shown), ENGLISH & set(shown)
