"""The Player View on the players' screen: placement, following the GM, holding, and secrecy."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF, QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import JournalEntry
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.ops.characters import AddCharacter
from saga_desktop.model.ops.journal import AddNote
from saga_desktop.model.ops.map import ChartRegion, MoveParty
from saga_desktop.model.session import Session
from saga_desktop.model.songs.state import Enemy
from saga_desktop.model.songs.table import table_of
from saga_desktop.storage import paths
from saga_desktop.storage.backups import BackupStore
from saga_desktop.storage.recovery import RecoveryStore
from saga_desktop.ui import files as files_module
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.document import CampaignDocument
from saga_desktop.ui.main_window import MainWindow
from saga_desktop.ui.messages import Button
from saga_desktop.ui.player import PlayerViewFeature

SECRET = "ZQXSECRET"


def screen_named(name: str):  # type: ignore[no-untyped-def]
    return next(s for s in QGuiApplication.screens() if s.name() == name)


@pytest.fixture(autouse=True)
def _no_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files_module, "ask", lambda *_a, **_k: Button.Discard)


def secret_campaign() -> Session:
    campaign = new_campaign("Secrets", rng=random.Random(5))
    session = Session(campaign)
    session.apply(AddCharacter("Astrid"))
    session.apply(
        ChartRegion(
            0,
            0,
            title="Glass Shore",
            notes="Waves of green glass.",
            gm_notes=f"{SECRET} the shore is a mimic",
        )
    )
    session.apply(
        ChartRegion(1, 0, title=f"{SECRET} vault", notes=f"{SECRET} inside", gm_notes=SECRET)
    )
    session.apply(MoveParty(0, 0))
    session.apply(AddNote(f"{SECRET}: the captain lies"))
    c = session.campaign
    c.map.regions[1] = c.map.regions[1].model_copy(update={"hidden": True})
    c.play.enemies.append(
        Enemy(id="e1", name=f"{SECRET} horror", max_resilience=9, resilience=9, notes=SECRET)
    )
    c.journal.append(JournalEntry(id=999, at=c.modified, kind="note", text=SECRET))
    return session


@pytest.fixture
def gm(qtbot: QtBot) -> Iterator[tuple[MainWindow, PlayerViewFeature]]:
    session = secret_campaign()
    bridge = SessionBridge(session)
    doc = CampaignDocument(
        bridge, BackupStore(paths.backups_dir()), RecoveryStore(paths.recovery_dir())
    )
    window = MainWindow(doc, QSettings())
    qtbot.addWidget(window)
    window.setScreen(screen_named("GM"))
    window.show()
    feature = window.player_feature
    assert feature is not None
    yield window, feature
    if feature.player is not None:
        feature.player.close()
        feature.player.deleteLater()


def test_opens_full_screen_on_the_chosen_screen(
    gm: tuple[MainWindow, PlayerViewFeature], qtbot: QtBot
) -> None:
    _window, feature = gm
    feature.choose_screen("TABLE")
    feature.full_screen_action.setChecked(True)
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    qtbot.waitUntil(player.isVisible)
    assert player.windowHandle().screen().name() == "TABLE"
    assert player.isFullScreen()
    assert player.windowHandle().geometry() == screen_named("TABLE").geometry()
    assert QSettings().value("player/screen") == "TABLE"


def test_moves_when_its_screen_is_removed(
    gm: tuple[MainWindow, PlayerViewFeature], qtbot: QtBot
) -> None:
    _, feature = gm
    feature.choose_screen("TABLE")
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    # The offscreen platform cannot unplug a screen; announce it the way Qt does.
    app = QApplication.instance()
    app.screenRemoved.emit(screen_named("TABLE"))
    qtbot.waitUntil(lambda: player.windowHandle().screen().name() == "GM")
    assert player.isVisible()
    assert not player.isFullScreen(), "alone with the GM's screen it becomes a normal window"


def test_single_screen_opens_a_normal_window(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    session = secret_campaign()
    bridge = SessionBridge(session)
    gm_screen = screen_named("GM")
    monkeypatch.setattr(QGuiApplication, "screens", staticmethod(lambda: [gm_screen]))
    from saga_desktop.ui.player import PlayerWindow

    player = PlayerWindow(bridge, QSettings())
    qtbot.addWidget(player)
    player.open_on(gm_screen, full_screen=True)
    assert player.isVisible() and not player.isFullScreen()


def test_follows_the_gm_within_one_event_loop_turn(
    gm: tuple[MainWindow, PlayerViewFeature],
) -> None:
    window, feature = gm
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    window.bridge.apply(ChartRegion(0, 1, title="Singing Fen", notes="Reeds hum in the wind."))
    window.bridge.apply(MoveParty(0, 1))
    QApplication.processEvents()
    assert "Singing Fen" in player.region.title.text()
    assert "Reeds hum" in player.region.notes.text()
    t = table_of(window.bridge.session.campaign)
    reds = sum(1 for code in t.draw if code[-1] in "HD")
    assert f"Draw pile {len(t.draw)} cards ({reds} red" in player.table.piles.text()


def test_hold_the_screen(gm: tuple[MainWindow, PlayerViewFeature]) -> None:
    window, feature = gm
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    feature.hold_action.setChecked(True)
    assert player.held and player.stack.currentWidget() is player.curtain
    window.bridge.apply(ChartRegion(0, 1, title="Prepared in secret"))
    window.bridge.apply(MoveParty(0, 1))
    assert "Prepared in secret" not in player.region.title.text()
    feature.hold_action.setChecked(False)
    assert "Prepared in secret" in player.region.title.text()


def test_show_a_region_to_players(gm: tuple[MainWindow, PlayerViewFeature]) -> None:
    window, feature = gm
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    window.bridge.apply(ChartRegion(3, -1, title="Far Tower", notes="A tower on the horizon."))
    assert player.show_region(3, -1)
    assert "Far Tower" in player.region.title.text()
    assert not player.show_region(1, 0), "hidden regions cannot be shown"
    assert not player.show_region(9, 9), "uncharted hexes cannot be shown"
    feature.back_action.trigger()
    assert "Glass Shore" in player.region.title.text()


def _all_text(widget: QWidget) -> list[str]:
    texts = [
        widget.toolTip(),
        widget.accessibleName(),
        widget.accessibleDescription(),
        widget.windowTitle(),
        widget.statusTip(),
        widget.whatsThis(),
    ]
    if isinstance(widget, QLabel | QAbstractButton):
        texts.append(widget.text())
    for child in widget.findChildren(QWidget):
        texts += [
            child.toolTip(),
            child.accessibleName(),
            child.accessibleDescription(),
            child.statusTip(),
            child.whatsThis(),
        ]
        if isinstance(child, QLabel | QAbstractButton):
            texts.append(child.text())
        scene = getattr(child, "scene", None)
        if callable(scene) and scene() is not None:
            for item in scene().items():
                texts.append(item.toolTip())
                text = getattr(item, "toPlainText", None) or getattr(item, "text", None)
                if callable(text):
                    texts.append(str(text()))
        tooltip_for = getattr(child, "tooltip_for", None)
        if callable(tooltip_for):
            from saga_desktop.rules.hexgrid import Hex

            for q in range(-3, 4):
                for r in range(-3, 4):
                    texts.append(str(tooltip_for(Hex(q, r))))
    return texts


def test_nothing_secret_reaches_the_players(
    gm: tuple[MainWindow, PlayerViewFeature], qtbot: QtBot
) -> None:
    window, feature = gm
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    for held in (False, True, False):
        feature.hold_action.setChecked(held)
        leaks = [t for t in _all_text(player) if SECRET in t]
        assert leaks == []
    # Even when the party stands in a hidden region, or the GM tries to show one.
    window.bridge.apply(MoveParty(1, 0))
    assert player.region.title.text() == "Uncharted lands"
    assert not player.show_region(1, 0)
    assert [t for t in _all_text(player) if SECRET in t] == []


def test_players_map_fits_the_charted_land_or_follows_the_gm_when_linked(
    gm: tuple[MainWindow, PlayerViewFeature], qtbot: QtBot
) -> None:
    from saga_desktop.ui.map import MapView
    from saga_desktop.ui.map.geometry import hex_centre

    window, feature = gm
    assert not feature.link_action.isChecked()  # by default the players see the charted land
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    players_map = player.map_widget
    assert isinstance(players_map, MapView)
    gm_map = window.map_feature.view
    window.bridge.apply(ChartRegion(4, -2, title="Far Cape"))
    QApplication.processEvents()
    layout = players_map.map_scene.layout
    seen = players_map.mapToScene(players_map.viewport().rect()).boundingRect()
    for q, r in ((0, 0), (4, -2)):  # the visible regions, large, and all in view
        assert seen.contains(hex_centre(layout, q, r))
    assert players_map.scale_factor() > 1.5, "the charted land fills the players' screen"
    before = players_map.centre()
    gm_map.follow(gm_map.centre() + QPointF(-500, 0), gm_map.scale_factor())
    qtbot.wait(100)
    assert (players_map.centre() - before).manhattanLength() < 2, "unlinked: the players' map stays"
    feature.link_action.setChecked(True)
    gm_map.follow(gm_map.centre() + QPointF(300, 120), gm_map.scale_factor() * 1.5)
    theirs, mine = players_map.viewport().size(), gm_map.viewport().size()
    ratio = min(theirs.width() / mine.width(), theirs.height() / mine.height())
    qtbot.waitUntil(
        lambda: (
            abs(players_map.scale_factor() - gm_map.scale_factor() * ratio) < 1e-3
            and (players_map.centre() - gm_map.centre()).manhattanLength() < 2
        ),
        timeout=2000,
    )


def test_cards_are_a_fifth_of_the_screen_and_names_are_whole(
    gm: tuple[MainWindow, PlayerViewFeature], qtbot: QtBot
) -> None:
    from saga_desktop.model.ops.characters import EditCharacter
    from saga_desktop.model.songs.ops.rolls import BeginTrial
    from saga_desktop.rules import songs
    from saga_desktop.ui.cards import CardWidget

    window, feature = gm
    astrid = window.bridge.session.campaign.characters[0].id
    window.bridge.apply(EditCharacter(astrid, name="Sigrun Wolfsbane of the Ninth Fjord"))
    window.bridge.apply(BeginTrial(astrid, songs.Attribute.HEART, dr=12, risk=3))
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    player.resize(1920, 1080)
    qtbot.waitUntil(lambda: player.height() == 1080)
    QApplication.processEvents()
    cards = [w for w in player.table.findChildren(CardWidget) if w.isVisible()]
    assert cards, "the revealed cards are on the players' screen"
    assert all(c.height() >= 1080 / 5 for c in cards)
    names = [
        label
        for label in player.table.findChildren(QLabel)
        if label.text() == "Sigrun Wolfsbane of the Ninth Fjord"
    ]
    assert names and all(
        label.heightForWidth(label.width()) <= label.height() for label in names
    ), "the name wraps: nothing cut"


def test_the_last_roll_in_large_type(gm: tuple[MainWindow, PlayerViewFeature]) -> None:
    from saga_desktop.model.songs.ops.play import AskOracle
    from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
    from saga_desktop.rules import songs

    window, feature = gm
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    cid = window.bridge.session.campaign.characters[0].id
    roll = window.bridge.apply(BeginTrial(cid, songs.Attribute.HEART, dr=12))
    assert player.result.headline.text() == f"Rolled {roll.d20}: still to be decided"
    result = window.bridge.apply(ResolveTrial())
    expected = "Success!" if result.success else "Setback"
    assert player.result.headline.text().startswith(expected)
    assert player.result.explanation.text() == window.bridge.session.campaign.journal[-1].text
    window.bridge.apply(AskOracle("Is the bridge safe?", factors=2))
    assert player.result.headline.text() in {"Strong yes", "Weak yes", "No"}
    window.bridge.session.undo()
    assert player.result.headline.text().startswith(expected), "undo brings the last roll back"


def test_a_character_waiting_for_the_gm_is_not_on_the_players_screen(
    gm: tuple[MainWindow, PlayerViewFeature], qtbot: QtBot
) -> None:
    from saga_desktop.model.ops.characters import AcceptCharacter

    window, feature = gm
    feature.open_action.setChecked(True)
    player = feature.player
    assert player is not None
    cid = window.bridge.apply(AddCharacter("Zed the Unready", player="Zed", submit=True))
    assert not [t for t in _all_text(player) if "Zed the Unready" in t]
    window.bridge.apply(AcceptCharacter(cid))
    qtbot.waitUntil(lambda: any("Zed the Unready" in t for t in _all_text(player)))
