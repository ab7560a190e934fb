"""The map speaks the open game: Songs & Sagas' d20 drop, risk and cards; a plain map elsewhere."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QMainWindow, QToolTip, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.session import Session
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import MapFeature, install_map
from saga_desktop.ui.map.chart_dialog import ChartDialog
from saga_desktop.ui.map.regions_dock import RISK
from saga_desktop.ui.map.theme import ThemeChoice
from tests.ui.conftest import hex_pos

GAMES = ["songs-and-sagas", "resonance", "dice-pool"]


def _feature(qtbot: QtBot, game: str, tmp_path: object) -> MapFeature:
    campaign = new_campaign("Charting", ruleset=game, rng=random.Random(3))
    bridge = SessionBridge(Session(campaign))
    window = QMainWindow()
    qtbot.addWidget(window)
    feature = install_map(window, bridge, user_tables_dir=None)
    feature.set_theme(ThemeChoice.PAPER)
    feature.set_reduced_motion(True)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    return feature


def _menu_texts(feature: MapFeature, h: Hex) -> list[str]:
    menu = feature.flows.context_menu(h)
    texts = [a.text() for a in menu.actions()]
    menu.deleteLater()
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_only_songs_and_sagas_drops_a_d20_and_rates_risk(
    qtbot: QtBot, game: str, tmp_path: object
) -> None:
    feature = _feature(qtbot, game, tmp_path)
    songs = game == "songs-and-sagas"
    button = feature.view.start_button
    assert button.isVisible()
    assert ("d20" in button.text()) is songs
    assert feature.actions["drop_d20"].isVisible() is songs
    feature.bridge.session.apply(ChartRegion(0, 0, title="Gatewatch", terrain="Moor"))
    assert feature.regions_dock.table.isColumnHidden(RISK) is not songs
    tip = feature.view.tooltip_for(Hex(0, 0))
    assert "Gatewatch" in tip and "Moor" in tip
    assert ("Risk" in tip) is songs
    assert any("risk" in t.lower() for t in _menu_texts(feature, Hex(0, 0))) is songs
    assert feature.view.map_scene.look().risk is songs  # no risk badges on a plain map
    uncharted = _menu_texts(feature, Hex(3, 3))[0]
    assert uncharted == ("&Chart this hex…" if songs else "&Add a region here…")


@pytest.mark.parametrize("game", ["resonance", "dice-pool"])
def test_a_plain_map_starts_by_adding_a_region(qtbot: QtBot, game: str, tmp_path: object) -> None:
    feature = _feature(qtbot, game, tmp_path)
    finished: list[int] = []

    def answer(dialog: QDialog) -> None:
        dialog.finished.connect(finished.append)
        assert isinstance(dialog, ChartDialog)
        assert "reveal" not in dialog.chart_button.text().lower()
        dialog.form.title.setText("Harbour")
        QTimer.singleShot(0, dialog.chart_button.click)

    feature.flows.dialogOpened.connect(answer)
    qtbot.mouseClick(feature.view.start_button, Qt.MouseButton.LeftButton)
    session = feature.bridge.session
    qtbot.waitUntil(lambda: bool(session.campaign.map.regions))
    region = session.campaign.map.regions[0]
    assert region.title == "Harbour" and region.risk_card is None
    assert session.campaign.map.party is None  # nothing was dropped
    qtbot.waitUntil(lambda: finished == [QDialog.DialogCode.Accepted])  # no card: it closes
    assert not feature.view.start_button.isVisible()


def test_hovering_a_hex_describes_it_while_the_player_view_is_active(
    qtbot: QtBot, feature: MapFeature
) -> None:
    notes = "Alders with roots in black water.\nEvery path ends at a sluice gate."
    feature.bridge.session.apply(ChartRegion(0, 0, title="Gatewatch", terrain="Moor", notes=notes))
    other = QWidget()  # the Player View, say, just opened on the second screen
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    pos = hex_pos(feature, Hex(0, 0))
    viewport = feature.view.viewport()
    QTest.mouseMove(viewport, pos - QPoint(3, 3))
    QTest.mouseMove(viewport, pos)
    try:
        qtbot.waitUntil(QToolTip.isVisible, timeout=3000)
        text = QToolTip.text()
    finally:
        QToolTip.hideText()
    assert "Gatewatch" in text and "Moor" in text and "Alders with roots" in text
