"""Card table bugs, each caught through real widgets: secrets, stale views, markup, captions."""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QHelpEvent, QImage, QPalette, QTextDocument
from PySide6.QtWidgets import QApplication, QGraphicsView, QToolTip
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.songs.ops.play import AskOracle, EndScene, RollInitiative
from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
from saga_desktop.model.songs.table import DISCARD, DRAW, table_of
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import CardWidget
from saga_desktop.ui.cardtable.items import app_text_px
from saga_desktop.ui.cardtable.view import TableView
from saga_desktop.ui.player.panels import TablePanel
from tests.ui.songs.play.conftest import make_feature, party_session

MARKUP = "<img src=x><b>bold</b> Hrafnhildur the Long-Winded Wanderer of the Northern Fells"


def tooltip_at(view: QGraphicsView, scene_pos: QPointF) -> str:
    """Hover: the tooltip the view shows at a point of the scene."""
    QToolTip.hideText()
    pos = view.mapFromScene(scene_pos)
    port = view.viewport()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, port.mapToGlobal(pos))
    QApplication.sendEvent(port, event)
    return QToolTip.text() if QToolTip.isVisible() else ""


def shown(tip: str) -> str:
    """What Qt renders for a tooltip's text."""
    if QtGui.Qt.mightBeRichText(tip):  # type: ignore[attr-defined]
        doc = QTextDocument()
        doc.setHtml(tip)
        return doc.toPlainText()
    return tip


def players_panel(qtbot: QtBot) -> TablePanel:
    """The Player View's strip of cards."""
    panel = TablePanel()
    qtbot.addWidget(panel)
    panel.resize(900, 400)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def test_face_down_cards_cannot_be_read(qtbot: QtBot) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    panel = players_panel(qtbot)
    session.apply(AskOracle("Is it safe?", 2))
    session.apply(BeginTrial("pc1", songs.Attribute.STRENGTH, 12, risk=3))
    panel.show_table(session.campaign)
    draw = table_of(session.campaign).draw
    secrets = [Card.from_code(code) for code in draw]
    tip = tooltip_at(feature.view, feature.scene.centre_of(DRAW))
    assert not any(c.long_name in tip or c.name in tip for c in secrets), tip
    players_see = [w.card for w in panel.findChildren(CardWidget)]
    assert players_see and not [c for c in players_see if c in secrets]
    for item in feature.scene.items():
        texts = [item.toolTip(), str(item.data(0) or "")]
        text = getattr(item, "text", None)
        if callable(text):
            texts.append(str(text()))
        card = getattr(item, "card", None)
        assert card is None or card.code not in draw, "the scene knows a face-down card"
        assert not [t for t in texts for c in secrets if t and c.long_name in t]


def test_the_table_view_stays_fresh(qtbot: QtBot) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    S = songs.Attribute.STRENGTH
    for op in (BeginTrial("pc1", S, 12, risk=3), ResolveTrial(), AskOracle("Go?", 3),
               RollInitiative(), EndScene()):  # fmt: skip
        feature.view.viewport().repaint()  # the GM's view paints first, then the players'
        session.apply(op)
        feature.view.viewport().repaint()
        QApplication.processEvents()
    for view in (feature.view,):
        fresh = type(view)(feature.scene)  # type: ignore[arg-type]
        qtbot.addWidget(fresh)
        fresh.setWindowFlag(Qt.WindowType.FramelessWindowHint)
        fresh.resize(view.size())
        fresh.setTransform(view.transform())
        fresh.show()
        qtbot.waitExposed(fresh)
        fresh.horizontalScrollBar().setValue(view.horizontalScrollBar().value())
        fresh.verticalScrollBar().setValue(view.verticalScrollBar().value())
        QApplication.processEvents()
        seen: QImage = view.viewport().grab().toImage()
        truth: QImage = fresh.viewport().grab().toImage()
        assert seen == truth, f"{type(view).__name__} shows a stale table"


def test_names_in_tooltips_are_plain_text(qtbot: QtBot) -> None:
    session = party_session()
    session.apply(AddCharacter(MARKUP))
    feature = make_feature(qtbot, SessionBridge(session))
    owner = session.campaign.characters[-1].id
    item = feature.scene.lane_name_item(owner)
    assert item is not None and feature.scene.lane_name(owner) == MARKUP
    assert item.text() != MARKUP, "the long name is cut short on the table"  # type: ignore[attr-defined]
    centre = item.mapToScene(item.boundingRect().center())  # type: ignore[attr-defined]
    tip = tooltip_at(feature.view, centre)
    assert shown(tip) == MARKUP


def test_the_line_under_the_table(qtbot: QtBot) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    line, view = feature.table_dock.latest, feature.view
    long = "A very long explanation of a roll, " * 12
    feature.card_table.show_latest(long)
    QApplication.processEvents()
    assert line.height() < 2.2 * line.fontMetrics().height(), "one line"
    assert line.text() != line.full_text and shown(line.toolTip()) == " ".join(long.split())
    top_left = line.mapTo(feature.table_dock, QPoint(0, 0))
    view_bottom = view.mapTo(feature.table_dock, QPoint(0, view.height()))
    assert top_left.y() >= view_bottom.y(), "never over the cards"
    ink = line.palette().color(QPalette.ColorRole.WindowText)
    ground = line.palette().color(QPalette.ColorRole.Window)
    assert contrast(ink, ground) >= 4.5
    session.apply(EndScene())
    assert line.full_text.startswith("Scene 1 ends: "), line.full_text
    session.apply(ChartRegion(2, -1, title="Moor"))
    assert line.full_text != "", "every labelled change is told"
    other = party_session(seed=4)
    feature.bridge.replace(other)
    assert line.full_text == other.campaign.journal[-1].text, "a reopened file: its newest line"
    fresh = party_session(seed=5)
    fresh.campaign.journal.clear()
    feature.bridge.replace(fresh)
    assert line.full_text == "" and line.text() == line.placeholder, "a new campaign: no action"


def contrast(a: QColor, b: QColor) -> float:
    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_table_text_follows_the_application_font(qtbot: QtBot) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    feature.table_dock.setFloating(True)
    feature.table_dock.resize(460, 260)  # a small dock shrinks the table to fit
    qtbot.waitUntil(lambda: feature.view.scale_factor < 0.75, timeout=2000)
    view: TableView = feature.view
    item = feature.scene.lane_name_item("pc1")
    on_screen = item.font().pixelSize() * view.scale_factor  # type: ignore[attr-defined]
    assert on_screen >= 0.8 * app_text_px(), (on_screen, app_text_px())


def test_players_counts_have_one_source(qtbot: QtBot) -> None:
    session = party_session()
    feature = make_feature(qtbot, SessionBridge(session))
    panel = TablePanel()
    qtbot.addWidget(panel)
    for op in (AskOracle("Now?", 4), RollInitiative(), AskOracle("And?", 2)):
        session.apply(op)
        panel.show_table(session.campaign)
        red, black = feature.scene.meter.counts
        t = table_of(session.campaign)
        assert f"Draw pile {len(t.draw)} cards ({red} red, {black} black)" in panel.piles.text()
        assert red + black == len(t.draw) == feature.scene.counts()[DRAW]
        assert f"discard {len(t.discard)}" in panel.piles.text()
        assert feature.scene.caption(DISCARD) == f"Discard {len(t.discard)}"
