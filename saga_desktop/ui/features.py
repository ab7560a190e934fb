"""The features installed into the main window, and the table's default layout.

Each feature adds its own docks and menu entries through the window's public methods
(``add_dock``, ``menu``); this module only decides the order, wires features to each other and
arranges the docks the first time (later the remembered layout wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

if TYPE_CHECKING:
    from saga_desktop.ui.main_window import MainWindow

MENUS = ("&Campaign", "&Map", "&Journal")
"""The core's menus; a game adds its own (Party, Play, ...) between them."""


def install_features(window: MainWindow) -> None:
    """Install every feature of the table into ``window``: the core's, then the game's."""
    from saga_desktop.ui.announcer import install_announcer
    from saga_desktop.ui.cardtable.feature import install_card_table
    from saga_desktop.ui.chat.feature import install_chat
    from saga_desktop.ui.journal import install_journal
    from saga_desktop.ui.map import install_map, player_map
    from saga_desktop.ui.player import install_player_view

    for title in MENUS:  # in this order, before Help
        window.menu(title)
    bridge = window.bridge
    window.map_feature = install_map(window, bridge, settings=window.settings)
    window.map_feature.fill_menu(window.menu("&Map"))
    window.card_table = install_card_table(window, bridge, window.settings)
    window.journal_feature = install_journal(window, bridge)
    window.chat_feature = install_chat(window, bridge)  # type: ignore[attr-defined]
    install_announcer(window, bridge)  # speaks what happens, in the journal's words
    # A player's seat: the second screen and the campaign's rulings are the GM's.
    window.options_action.setVisible(not bridge.limited)
    if not bridge.limited:
        window.player_feature = install_player_view(window, bridge, map_factory=player_map)
    window.install_ruleset_ui()
    arrange_default_layout(window)


SHEET_SHARE, SHEET_CAP_CHARS = 0.23, 56
"""The sheets start with this share of the window's width, at most this many characters wide."""
PANEL_SHARE, PANEL_CAP_CHARS = 0.34, 72
"""The same for the game's main panel (the roll panel) over the tabs on the right."""


def default_width(window: MainWindow, share: float, cap_chars: int) -> int:
    """A dock's first width: a share of the window, capped (a wide screen widens the map)."""
    return min(round(window.width() * share), window.fontMetrics().averageCharWidth() * cap_chars)


def arrange_default_layout(window: MainWindow) -> None:
    """Arrange the docks the first time the app starts.

    Sheets on the left, the roll panel over a stack of tabs on the right, the card table along
    the bottom, the map in the middle.
    """
    from saga_desktop.ui.registry import find_ui

    docks = {d.objectName(): d for d in window.findChildren(QDockWidget)}
    size = window.size()  # moving docks about may grow the window for a moment
    right = Qt.DockWidgetArea.RightDockWidgetArea
    game = find_ui(window.bridge.session.campaign.ruleset)
    roll = docks.get(game.main_dock) if game is not None and game.main_dock else None
    side = game.side_docks if game is not None else ()
    tabs = ("RegionsDock", "journal", "chat", *side, "TablesDock")  # "chat": Table talk
    stack = [docks[n] for n in tabs if n in docks]
    if roll is not None and stack:
        window.addDockWidget(right, roll)
        window.addDockWidget(right, stack[0])
        window.splitDockWidget(roll, stack[0], Qt.Orientation.Vertical)
        for dock in stack[1:]:
            window.tabifyDockWidget(stack[0], dock)
        stack[0].raise_()
    table = docks.get("card-table")
    if table is not None:
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, table)
    window.setCorner(Qt.Corner.BottomRightCorner, right)
    window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    sheets = [d for name, d in docks.items() if name.startswith("sheet-")]
    wide = [(d, default_width(window, SHEET_SHARE, SHEET_CAP_CHARS)) for d in sheets[:1]]
    wide += [(d, default_width(window, PANEL_SHARE, PANEL_CAP_CHARS)) for d in (roll,) if d]
    if wide:
        window.resizeDocks([d for d, _ in wide], [w for _, w in wide], Qt.Orientation.Horizontal)
    layout = window.layout()
    if layout is not None:
        layout.activate()  # recompute the (now smaller) minimum before shrinking back
    window.resize(size)
    if table is not None:
        window.resizeDocks([table], [round(window.height() * 0.26)], Qt.Orientation.Vertical)
    if roll is not None and stack:  # the game's main panel gets most of the right side
        tall = window.height()
        window.resizeDocks(
            [roll, stack[0]], [round(tall * 0.58), round(tall * 0.32)], Qt.Orientation.Vertical
        )
