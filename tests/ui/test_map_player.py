"""The players' map: nothing secret in it, no editing, following the GM's map, the d20 drop."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QGraphicsItem, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.campaign import Region
from saga_desktop.model.ops.map import (
    AppendRegionNote,
    DropD20,
    EditRegion,
    MoveParty,
    SetRegionHidden,
)
from saga_desktop.model.session import Session
from saga_desktop.model.types import HexCoord
from saga_desktop.rules.hexgrid import Hex
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.geometry import hex_centre
from saga_desktop.ui.map.view import MapView, player_map
from tests.ui.conftest import seeded_session

SECRET = "SECRET"


def _secret_session() -> Session:
    """Every region has a GM-only note; every third is hidden with secrets in all its text."""
    session = seeded_session()
    regions = []
    for i, h in enumerate(Hex(0, 0).spiral(3)):
        hidden = i % 3 == 0
        regions.append(
            Region(
                q=h.q,
                r=h.r,
                number=i + 1,
                title=f"{SECRET} lair {i}" if hidden else f"Open moor {i}",
                notes=f"{SECRET} public-looking note of a hidden place" if hidden else "Heather.",
                gm_notes=f"{SECRET} the ferryman lies ({i})",
                terrain=f"{SECRET} terrain" if hidden else "moor",
                risk=i % 5,
                visited=i % 2 == 0,
                hidden=hidden,
            )
        )
    session.campaign.map.regions = regions
    session.campaign.map.party = HexCoord(q=0, r=0)  # standing in a hidden region
    return session


@pytest.fixture
def pair(qtbot: QtBot) -> tuple[MapView, MapView]:
    bridge = SessionBridge(_secret_session())
    gm = MapView(bridge)
    player = player_map(bridge)
    for view, size in ((gm, (900, 600)), (player, (1280, 720))):
        qtbot.addWidget(view)
        view.resize(*size)
        view.show()
        qtbot.waitExposed(view)
    return gm, player


def _texts(view: MapView) -> list[str]:
    widgets: list[QWidget] = [view, *view.findChildren(QWidget)]
    texts = []
    for w in widgets:
        texts += [w.toolTip(), w.accessibleName(), w.accessibleDescription()]
        texts += [w.statusTip(), w.whatsThis(), w.windowTitle()]
    for item in view.map_scene.items():
        texts.append(item.toolTip())
        for name in ("text", "toPlainText"):
            text = getattr(item, name, None)
            if callable(text):
                texts.append(str(text()))
        texts.append(str(getattr(item, "face", "")))
    for q in range(-6, 7):
        for r in range(-6, 7):
            texts.append(view.tooltip_for(Hex(q, r)))
    return texts


def _source_data(view: MapView) -> list[str]:
    """Everything the players' tiles are painted from."""
    out = []
    for region in view.map_scene.index:
        assert isinstance(region, Region) and region.gm_notes == ""
        out += [str(v) for v in region.model_dump().values()]
    for chunk in view.map_scene.index.chunks():
        for region in chunk.regions.values():
            out += [str(v) for v in region.model_dump().values()]  # type: ignore[union-attr]
        if chunk.detail is not None:
            out += [title for _x, _y, title in chunk.detail.titles]
    return out


def test_nothing_secret_reaches_the_players_map(
    qtbot: QtBot, pair: tuple[MapView, MapView]
) -> None:
    gm, player = pair
    session = gm.session
    hidden = {(r.q, r.r) for r in session.campaign.map.regions if r.hidden}
    public = {(r.q, r.r) for r in session.campaign.map.regions if not r.hidden}
    player.set_hex_px(120)  # titles are painted at this zoom: their data must be clean too
    player.tiles.settle_now()
    player.centre_on_hex(0, 0)
    player.grab()
    assert set(player.map_scene.index.coords()) == public
    assert not any(getattr(r, "gm_notes", "") for r in player.map_scene.index)
    for h in hidden:
        assert player.map_scene.region_at(*h) is None
        assert "Uncharted lands" in player.tooltip_for(Hex(*h))
    assert any("Open moor" in t for t in _texts(player))  # the check sees what is shown
    assert [t for t in _texts(player) + _source_data(player) if SECRET in t] == []
    # The GM's map shows the hidden regions (and only a players' map hides them).
    assert any(SECRET in gm.tooltip_for(Hex(*h)) for h in hidden)
    # The GM keeps working: new secrets never reach the players; a region hidden goes away.
    q, r = next(iter(sorted(public)))
    session.apply(AppendRegionNote(q, r, f"{SECRET} a trap", gm=True))
    session.apply(EditRegion(q, r, gm_notes=f"{SECRET} rewritten"))
    session.apply(SetRegionHidden(q, r, True))
    hq, hr = next(iter(sorted(hidden)))
    session.apply(EditRegion(hq, hr, title=f"{SECRET} renamed"))
    session.apply(MoveParty(hq, hr))
    player.grab()
    assert player.map_scene.region_at(q, r) is None
    assert [t for t in _texts(player) + _source_data(player) if SECRET in t] == []
    session.undo()
    session.undo()
    session.undo()  # shown again
    assert player.map_scene.region_at(q, r) is not None


def test_fog_over_uncharted_land_and_clear_charted_regions(
    qtbot: QtBot, pair: tuple[MapView, MapView]
) -> None:
    gm, player = pair
    gm.set_hex_px(40)
    player.set_hex_px(40)
    for view in pair:
        view.tiles.settle_now()
        view.centre_on_hex(0, 0)
    far = Hex(5, -1)  # uncharted
    secret = next(r for r in gm.session.campaign.map.regions if r.hidden and (r.q, r.r) != (0, 0))
    hidden = Hex(secret.q, secret.r)
    assert gm.map_scene.region_at(far.q, far.r) is None
    gm_image, player_image = gm.grab().toImage(), player.grab().toImage()

    def colour(view: MapView, image: object, h: Hex) -> tuple[int, int, int]:
        pos = view.mapFromScene(hex_centre(view.map_scene.layout, h.q, h.r))
        c = image.pixelColor(pos + QPoint(0, 12))  # type: ignore[attr-defined]
        return c.red(), c.green(), c.blue()

    paper = gm.map_scene.map_style.theme.paper
    assert colour(gm, gm_image, far) == (paper.red(), paper.green(), paper.blue())
    assert colour(player, player_image, far) != colour(gm, gm_image, far)  # fogged
    # A hidden region looks like fog on the players' map, like any uncharted land.
    fog = colour(player, player_image, hidden)
    assert max(abs(a - b) for a, b in zip(fog, colour(player, player_image, far), strict=True)) < 40


def test_no_editing_on_the_players_map(qtbot: QtBot, pair: tuple[MapView, MapView]) -> None:
    _gm, player = pair
    heard: list[object] = []
    for signal in (player.hexActivated, player.contextMenuWanted, player.partyDropped):
        signal.connect(lambda *args: heard.append(args))
    vp = player.viewport()
    at = player.mapFromScene(hex_centre(player.map_scene.layout, 1, 0))
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseDClick(vp, Qt.MouseButton.LeftButton, pos=at)
    QApplication.sendEvent(
        vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, vp.mapToGlobal(at))
    )
    player.setFocus()
    qtbot.keyClick(player, Qt.Key.Key_Return)
    party = player.map_scene.party
    token = player.mapFromScene(party.pos())
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=token)
    qtbot.mouseMove(vp, token + QPoint(120, 0))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=token + QPoint(120, 0))
    assert heard == []
    assert player.current_hex is None and not player.map_scene.cursor.isVisible()
    assert not party.flags() & QGraphicsItem.GraphicsItemFlag.ItemIsMovable
    assert party.toolTip() == "The party"
    assert player.start_button.isHidden()


def test_following_the_gms_zoom_and_centre(qtbot: QtBot, pair: tuple[MapView, MapView]) -> None:
    gm, player = pair
    gm.viewChanged.connect(player.follow)
    sent: list[tuple[QPointF, float]] = []
    gm.viewChanged.connect(lambda c, s: sent.append((c, s)))
    with qtbot.waitSignal(gm.viewChanged, timeout=1000):
        gm.zoom_by(1.7)
        for _ in range(10):
            gm.pan_by(23, -11)
    qtbot.wait(60)
    assert len(sent) == 1  # debounced: once per frame, not once per step
    assert player.scale_factor() == pytest.approx(gm.scale_factor())
    assert (player.centre() - gm.centre()).manhattanLength() < 2 / gm.scale_factor()
    gm.centre_on_hex(-2, 3)
    qtbot.waitUntil(lambda: len(sent) == 2, timeout=1000)
    assert (player.centre() - hex_centre(gm.map_scene.layout, -2, 3)).manhattanLength() < 2
    # Nothing moves, nothing is sent.
    qtbot.wait(60)
    assert len(sent) == 2


def test_show_a_region_to_the_players(qtbot: QtBot, pair: tuple[MapView, MapView]) -> None:
    gm, player = pair
    shown = next(
        r for r in gm.session.campaign.map.regions if not r.hidden and (r.q, r.r) != (0, 0)
    )
    secret = next(r for r in gm.session.campaign.map.regions if r.hidden)
    assert player.show_region(shown.q, shown.r)
    centre = hex_centre(player.map_scene.layout, shown.q, shown.r)
    assert (player.centre() - centre).manhattanLength() < 2
    ring = player.map_scene.highlight
    assert ring.isVisible() and ring.pos() == centre
    assert not player.show_region(secret.q, secret.r)
    assert ring.pos() == centre  # a hidden region is never pointed at
    assert not player.show_region(9, 9)
    player.clear_highlight()
    assert not ring.isVisible()


def test_the_planned_path_follows(qtbot: QtBot, pair: tuple[MapView, MapView]) -> None:
    gm, player = pair
    gm.pathChanged.connect(player.show_path)
    gm.show_path([Hex(0, 0), Hex(1, 0), Hex(2, 0)])
    assert player.map_scene.path_item.isVisible()
    gm.show_path([])
    assert not player.map_scene.path_item.isVisible()


def test_the_d20_drop_plays_on_the_players_map(qtbot: QtBot) -> None:
    bridge = SessionBridge(seeded_session())
    gm, player = MapView(bridge), MapView(bridge, player=True)
    for view in (gm, player):
        qtbot.addWidget(view)
        view.resize(800, 600)
        view.show()
    assert player.start_button.isHidden() and not gm.start_button.isHidden()
    with qtbot.waitSignals([gm.dropFinished, player.dropFinished], timeout=5000):
        bridge.apply(DropD20())
        assert player.die.running and player.die.item.isVisible()
        assert player.map_scene.party.opacity() == 0.0  # appears where the die comes to rest
    party = bridge.session.campaign.map.party
    assert party is not None
    assert player.map_scene.party_hex == party.hex
    assert player.map_scene.party.opacity() == 1.0
