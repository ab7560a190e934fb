"""The card table of a player's seat window: the seat's piles from the host, no secrets."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.songs.ops.play import AskOracle, EndScene, RollInitiative
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.visibility import visible_piles
from saga_desktop.network.client_events import ViewChanged
from saga_desktop.network.messages import Change
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.ui.cardtable.feature import CardTableFeature
from saga_desktop.ui.cardtable.items import CardItem
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.network.seat_fixtures import widget_texts
from tests.ui.network.table_fixtures import hosted, join

WAIT = 5000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def texts_of(item: QGraphicsItem) -> str:
    """Everything an item could tell: its tooltip, its data and its text."""
    out = [item.toolTip()]
    out += [str(item.data(role)) for role in range(4) if item.data(role) is not None]
    text = getattr(item, "full_text", None) or getattr(item, "text", None)
    if callable(text):
        text = text()
    return " ".join([*out, str(text or "")])


def cards(client: SeatWindow) -> CardTableFeature:
    """The card table of a seat's window."""
    assert client.card_table is not None
    return client.card_table


def assert_no_secret(client: SeatWindow, menu: SessionMenu) -> None:
    """No card of the face-down draw pile is on the player's table, in any form."""
    campaign = menu.bridge.session.campaign
    hidden = [c for c in FULL_DECK if c.code in set(campaign.piles["draw"])]
    assert hidden
    items = cards(client).scene.items()
    codes = {i.card.code for i in items if isinstance(i, CardItem) and i.card is not None}
    assert not codes & {c.code for c in hidden}
    dock = cards(client).table_dock
    words = " ".join(texts_of(i) for i in items) + " ".join(widget_texts(dock))
    for card in hidden:
        assert card.long_name not in words


def test_the_players_table_follows_the_gms_cards_without_showing_the_draw_pile(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    client = join(menu, qtbot)
    table = cards(client)
    table.motion.set_reduced_motion(False)
    assert table.table_dock.isVisible()
    hosting = menu.hosting
    assert hosting is not None
    campaign = menu.bridge.session.campaign

    def shows_the_hosts_piles() -> bool:
        wanted = visible_piles(campaign, Viewer.player("pc1"))
        return table.scene.piles == wanted

    qtbot.waitUntil(shows_the_hosts_piles, timeout=WAIT)
    assert_no_secret(client, menu)
    assert table.scene.lane_name("pc2") == "Ivar the Quiet"
    for op in (RollInitiative(), AskOracle("Is the tide out?", 1), EndScene()):
        with qtbot.waitSignal(table.animationsFinished, timeout=WAIT):
            menu.bridge.apply(op)
            qtbot.waitUntil(shows_the_hosts_piles, timeout=WAIT)
            moved = table.scene.animator.running
        assert moved, f"{op.label}: the cards moved at once"
        assert not table.scene.animator.running
        assert table.scene.counts() == {
            p.name: p.count for p in visible_piles(campaign, Viewer.player("pc1"))
        }
        assert table.scene.cards_in("draw") is None
        assert_no_secret(client, menu)
    assert table.scene.counts()["discard"] == 0  # the scene's end gathered every card


def test_with_reduced_motion_the_cards_jump_into_place(qtbot: QtBot, menu: SessionMenu) -> None:
    client = join(menu, qtbot)
    table = cards(client)
    table.motion.reduced_action.setChecked(True)  # View > Reduced motion
    assert table.motion.reduced_motion
    draw = table.scene.counts()["draw"]
    with qtbot.waitSignal(table.animationsFinished, timeout=WAIT):
        menu.bridge.apply(RollInitiative())
        qtbot.waitUntil(lambda: table.scene.counts()["draw"] == draw - 1, timeout=WAIT)
        assert not table.scene.animator.running  # in place the moment the view came


def test_a_deck_per_character_shows_only_backs_though_the_seat_can_tell_its_cards(
    qtbot: QtBot,
) -> None:
    """Resonance: the seat model names each face-down deck's cards (for odds), never the table."""
    from saga_desktop.model.registry import find_ruleset
    from saga_desktop.model.session import Session

    session = Session(find_ruleset("resonance").sample_campaign())
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, "Ren")  # Wren Calloway, pc1
        table, seat = cards(client), client.remote.campaign
        decks = [p for p in visible_piles(session.campaign, Viewer.TABLE) if p.face == "down"]
        assert decks
        for pile in decks:
            assert sorted(seat.piles[pile.name]) == sorted(session.campaign.piles[pile.name])
            assert table.scene.cards_in(pile.name) is None
            assert table.scene.counts()[pile.name] == pile.count
        faces = {i.card.code for i in table.scene.items() if isinstance(i, CardItem) and i.card}
        up = {c for p in visible_piles(session.campaign, Viewer.TABLE) for c in p.cards or []}
        assert faces == up  # the fatigue piles' cards, and not one card of a deck


def test_a_garbled_view_leaves_the_table_and_says_so(qtbot: QtBot, menu: SessionMenu) -> None:
    client = join(menu, qtbot)
    counts = cards(client).scene.counts()
    bad = {**client.view, "piles": {**client.view["piles"], "draw": {"count": -1}}}
    client.remote.on_event(
        ViewChanged(99, bad, [Change(op="set", path=["piles", "draw"], value={"count": -1})])
    )
    assert "cannot read" in client.statusBar().currentMessage()
    assert cards(client).scene.counts() == counts
