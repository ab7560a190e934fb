"""The Combat dock in French: a fight started, an attack set up and rolled, every text French."""

from __future__ import annotations

from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QMainWindow,
    QProgressBar,
)
from pytestqt.qtbot import QtBot

from saga_desktop import i18n
from saga_desktop.i18n import catalogs
from saga_desktop.model.songs.state import SongsPlay
from saga_desktop.resources import resources_dir
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.language import LocaleFormatter
from saga_desktop.ui.songs.combat import CombatFeature, install_combat
from tests.ui.songs.combat.conftest import settle_events


def english_ids() -> set[str]:
    """Every English text of the Combat dock's catalog part (placeholders left out)."""
    from babel.messages.pofile import read_po

    with (resources_dir() / "i18n" / "templates" / "ui.songs.combat.pot").open("rb") as f:
        catalog = read_po(f)
    found = set()
    for message in catalog:
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            if text and "{" not in text and text.strip() not in {"", "DR"}:
                found.add(text.replace("&", ""))
    return found


def shown_texts(feature: CombatFeature) -> set[str]:
    panel = feature.panel
    texts = {w.text() for w in panel.findChildren(QLabel) if w.isVisible()}
    texts |= {b.text().replace("&", "") for b in panel.findChildren(QAbstractButton)}
    texts |= {g.title() for g in panel.findChildren(QGroupBox) if g.isVisible()}
    for combo in panel.findChildren(QComboBox):
        texts |= {combo.itemText(i) for i in range(combo.count())}
    texts |= {w.toolTip() for w in panel.findChildren(QAbstractButton) if w.toolTip()}
    texts |= {bar.format() for bar in panel.findChildren(QProgressBar)}
    return {t for t in texts if t}


def test_a_fight_reads_in_french(qtbot: QtBot, bridge: SessionBridge) -> None:
    i18n.use(catalogs.load(resources_dir(), "fr"), "fr")
    i18n.set_formatter(LocaleFormatter(QLocale("fr")))
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_combat(window, bridge)
    window.resize(560, 1200)
    window.show()
    qtbot.waitExposed(window)
    panel = feature.panel
    english = english_ids()
    assert feature.dock.windowTitle() == "Combat"
    assert panel.heading.text() == "Aucun combat"
    assert panel.start_button.text() == "Révéler l’initiative et combattre"
    assert not shown_texts(feature) & english, shown_texts(feature) & english

    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    play = bridge.session.campaign.play
    assert isinstance(play, SongsPlay) and play.combat is not None
    if play.combat.turn == "enemies":
        qtbot.mouseClick(panel.end_turn_button, Qt.MouseButton.LeftButton)
    assert panel.heading.text() == "Round 1 · Tour du groupe"
    assert "d’abord" in panel.order.text() and "à chaque round" in panel.order.text()
    action = panel.action
    action.actor.setCurrentIndex(action.actor.findData("pc1"))
    action.target.setCurrentIndex(action.target.findData("wolves"))
    settle_events()
    assert action.title() == "Tour du groupe\u00a0: un personnage agit"
    assert action.roll_button.text() == "Lancer l’attaque"
    headline = action.odds.headline.text()
    assert headline.startswith("Réussite ") and headline.endswith("%"), headline
    assert "1 naturel\u00a0:" in action.odds.text.text()
    assert "Force" in {action.attribute.itemText(i) for i in range(action.attribute.count())}
    assert panel.party.rows["pc1"].status.text() == "à agir"
    assert "résilience" in panel.party.rows["pc1"].bar.format()
    assert not shown_texts(feature) & english, shown_texts(feature) & english

    qtbot.mouseClick(action.roll_button, Qt.MouseButton.LeftButton)
    settle = panel.settle
    assert settle.isVisible()
    assert settle.die.dice.text().startswith("Dé de dégâts")
    assert settle.outcome.text().split("\u00a0:")[0].split(" (")[0] in {"Réussite", "Revers"}
    assert settle.settle_button.text() in {"Lancer les dégâts", "Régler"}
    assert "trial" not in settle.line.text() and "attacking" not in settle.line.text()
    assert "Force" in settle.line.text(), settle.line.text()
    reason = settle.die.reason.text()
    assert reason.split("\u00a0:")[0] in {"Réussite", "Revers", "20 naturel", "1 naturel"}, reason
    assert not shown_texts(feature) & english, shown_texts(feature) & english
