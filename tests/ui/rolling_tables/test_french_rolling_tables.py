"""The Tables dock in French: its buttons, its list and its refusals come from the catalog."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.rolling_tables.dock import TablesDock
from saga_desktop.ui.rolling_tables.library import TableLibrary

ENGLISH = {
    "Rolling tables",
    "Find a table…",
    "&Roll",
    "Add to region &note",
    "Add as &journal note",
    "&Show to players",
    "&Import table…",
    "Open tables &folder",
    "Pick a table and roll.",
}


def test_the_tables_dock_speaks_french(qtbot: QtBot, bridge: SessionBridge, tmp_path: Path) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    (tmp_path / "empty.txt").write_text("# nothing\n", "utf-8")
    (tmp_path / "feasts.txt").write_text("Roast\nStew\n", "utf-8")
    dock = TablesDock(bridge, TableLibrary(tmp_path))
    qtbot.addWidget(dock)
    dock.ensure_built()
    assert dock.windowTitle() == "Tables aléatoires"
    assert dock.roll_button.text() == "&Lancer"
    assert dock.search.placeholderText() == "Chercher une table…"
    assert dock.result.text() == "Choisissez une table et lancez."
    assert "empty.txt\u00a0: la table n’a aucune entrée" in dock.problems.text()
    mine = [dock.list.item(i).text() for i in range(dock.list.count())]
    assert "Feasts  ·  d2  (la vôtre)" in mine
    dock.select("yours:feasts")
    dock.roll()
    assert dock.result_title.text().startswith("Feasts\u00a0: ")
    shown = [b.text() for b in dock.findChildren(QAbstractButton)]
    shown += [w.text() for w in dock.findChildren(QLabel)]
    shown += [w.placeholderText() for w in dock.findChildren(QLineEdit)]
    assert not ENGLISH & set(shown), ENGLISH & set(shown)
