"""The dice pool's combat tracker and creation dialog in French: a fight started and declared."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QGroupBox, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.resources import resources_dir
from saga_desktop.ui.dicepool.combat import CombatDock
from saga_desktop.ui.dicepool.creation import CreationDialog
from saga_desktop.ui.language import LocaleFormatter
from tests.ui.test_window_sizes import window_for

ENGLISH = {"Start encounter", "Who fights?", "Declare", "End encounter", "Combatant", "Side"}


def shown(dock: QDockWidget) -> set[str]:
    texts = {w.text() for w in dock.findChildren(QLabel) if w.isVisible()}
    texts |= {b.text() for b in dock.findChildren(QAbstractButton) if b.isVisible()}
    texts |= {g.title() for g in dock.findChildren(QGroupBox) if g.isVisible()}
    return texts


def test_a_fight_is_declared_in_french(qtbot: QtBot) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    i18n.set_formatter(LocaleFormatter(QLocale("fr")))
    window = window_for(qtbot, "dice-pool", (1366, 768))
    dock = window.findChild(CombatDock, "dicepool-combat")
    assert dock is not None and dock.windowTitle() == "Combat"
    dock.show()
    dock.raise_()
    qtbot.wait(50)
    # The sample campaign is in the middle of a fight, at the declarations.
    texts = shown(dock)
    assert any(t.startswith("Round ") and t.endswith("\u00a0: déclaration") for t in texts), (
        "|".join(sorted(texts))
    )
    assert {"Déclarer", "Finir la rencontre"} <= texts
    assert not texts & ENGLISH, texts & ENGLISH
    headers = [dock.table.horizontalHeaderItem(i).text() for i in range(dock.table.columnCount())]
    assert headers == ["Combattant", "État", "Déclaré", "Réserve", "RÉF", "Camp"]
    sides = {dock.table.item(r, 5).text() for r in range(dock.table.rowCount())}
    assert sides <= {"joueur", "monstre"}, sides
    actions = [dock.action.itemText(i) for i in range(dock.action.count())]
    assert "Attaquer" in actions or "Attaque" in actions, actions
    assert dock.declare_box is not None and dock.declare_box.title().endswith(" déclare")


def test_the_creation_dialog_counts_its_budget_in_french(qtbot: QtBot) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    window = window_for(qtbot, "dice-pool")
    dialog = CreationDialog(window.bridge, window)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Nouveau personnage"
    assert dialog.budget.text().startswith("Attributs 0 sur ")
    assert dialog.rows["skill"].add_button.text() == "Ajouter une compétence"
    assert dialog.rows["skill"].title().startswith("Compétences\u00a0: chacune de 1 à ")
