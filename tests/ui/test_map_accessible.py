"""The map through Qt's accessibility API: its regions and tokens as named children.

A players' map holds exactly what it draws: no hidden region, no hidden token.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.map import ChartRegion, MoveParty
from saga_desktop.model.ops.regions import SetRegionHidden
from saga_desktop.model.ops.tokens import PlaceToken, SetTokenHidden
from saga_desktop.ui import announce
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map import MapFeature
from saga_desktop.ui.map.view import player_map

Text = QAccessible.Text


def _names(view: object) -> list[tuple[str, str]]:
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface is not None
    out = []
    for i in range(iface.childCount()):
        child = iface.child(i)
        assert child is not None and child.isValid()
        assert iface.indexOfChild(child) == i
        out.append((child.text(Text.Name), child.text(Text.Description)))
    return out


def _world(bridge: SessionBridge) -> None:
    s = bridge.session
    s.apply(ChartRegion(0, 0, title="Camp", terrain="Hills"))
    s.apply(ChartRegion(1, 0, title="Secret Vault", terrain="Caves"))
    s.apply(ChartRegion(2, -1, title="Fen", terrain="Marsh"))
    s.apply(SetRegionHidden(1, 0))
    s.apply(MoveParty(0, 0))
    shown = s.apply(PlaceToken(category="enemy", q=2, r=-1, name="Troll"))
    hidden = s.apply(PlaceToken(category="enemy", q=0, r=0, name="Lurker"))
    assert shown and hidden
    s.apply(SetTokenHidden(str(hidden)))


def test_the_gm_map_names_every_region_and_token(qtbot: QtBot, feature: MapFeature) -> None:
    _world(feature.bridge)
    view = feature.view
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface is not None and iface.text(Text.Name) == "Hex map"
    assert "Arrows" in iface.text(Text.Description)
    names = _names(view)
    assert [n for n, _ in names] == [
        "Region 1 — Camp",
        "Region 2 — Secret Vault",
        "Region 3 — Fen",
        "Troll",
        "Lurker",
    ]
    assert "Hills" in names[0][1] and "The party is here" in names[0][1]
    assert "Hidden from the players" in names[1][1]
    assert "card 10 of hearts ♥" in names[1][1]
    assert "Tokens: Troll" in names[2][1]
    assert "on Region 3 — Fen" in names[3][1]
    fen = iface.child(2)
    assert fen is not None
    rect = fen.rect()
    assert rect.isValid() and rect.width() > 4
    assert iface.childAt(rect.center().x(), rect.center().y()) is not None


def test_a_players_map_holds_no_hidden_region_or_token(qtbot: QtBot, bridge: SessionBridge) -> None:
    _world(bridge)
    window = QMainWindow()
    qtbot.addWidget(window)
    view = player_map(bridge, window)
    window.setCentralWidget(view)
    window.resize(800, 600)
    window.show()
    qtbot.waitExposed(window)
    names = _names(view)
    assert [n for n, _ in names] == ["Region 1 — Camp", "Region 3 — Fen", "Troll"]
    assert not any("Secret" in n or "Caves" in d or "Lurker" in n + d for n, d in names)


def test_the_focused_child_is_the_region_under_the_cursor(
    qtbot: QtBot, feature: MapFeature
) -> None:
    _world(feature.bridge)
    view = feature.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_N)  # from the party's Camp: 2, then 3
    qtbot.keyClick(view, Qt.Key.Key_N)
    iface = QAccessible.queryAccessibleInterface(view)
    focused = iface.focusChild()
    assert focused is not None and focused.text(Text.Name) == "Region 3 — Fen"
    assert focused.state().focused


def test_on_a_players_map_the_cursor_walks_and_enter_reads_the_public_note(
    qtbot: QtBot, bridge: SessionBridge
) -> None:
    _world(bridge)
    said: list[str] = []

    def heard(a: announce.Announcement) -> None:
        said.append(a.text)

    window = QMainWindow()
    qtbot.addWidget(window)
    view = player_map(bridge, window)
    window.setCentralWidget(view)
    window.show()
    qtbot.waitExposed(window)
    announce.listeners.append(heard)
    try:
        view.setFocus()
        qtbot.keyClick(view, Qt.Key.Key_Home)
        qtbot.keyClick(view, Qt.Key.Key_N)  # Camp, then Fen: the hidden vault is skipped
        assert said[-1].startswith("Region 3 — Fen")
        qtbot.keyClick(view, Qt.Key.Key_Return)
        assert said[-1].startswith("Region 3 — Fen") and " Note: " in said[-1]
        assert not any("Vault" in s or "Lurker" in s for s in said)
    finally:
        announce.listeners.remove(heard)
