"""The card table of a joined player's window: the seat's piles from the host, no secrets."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.songs.ops.play import AskOracle, EndScene, RollInitiative
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.visibility import visible_piles
from saga_desktop.rules.cards import FULL_DECK
from saga_desktop.ui.cardtable.items import CardItem
from saga_desktop.ui.cardtable.motion import MotionSettings
from saga_desktop.ui.network.client_window import ClientWindow
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_table import BadPilesError, SeatTable, piles_of_view
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


def assert_no_secret(client: ClientWindow, menu: SessionMenu) -> None:
    """No card of the face-down draw pile is on the player's table, in any form."""
    campaign = menu.bridge.session.campaign
    hidden = [c for c in FULL_DECK if c.code in set(campaign.piles["draw"])]
    assert hidden
    items = client.cards.scene.items()
    codes = {i.card.code for i in items if isinstance(i, CardItem) and i.card is not None}
    assert not codes & {c.code for c in hidden}
    words = " ".join(texts_of(i) for i in items) + client.cards.summary.toolTip()
    for card in hidden:
        assert card.long_name not in words


def test_the_players_table_follows_the_gms_cards_without_showing_the_draw_pile(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    client = join(menu, qtbot)
    client.motion.set_reduced_motion(False)
    table = client.cards
    assert client.tabs.widget(client.tabs.indexOf(table)) is table
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
    client.motion.reduced_action.setChecked(True)  # View > Reduced motion
    assert client.motion.reduced_motion
    draw = client.cards.scene.counts()["draw"]
    with qtbot.waitSignal(client.cards.animationsFinished, timeout=WAIT):
        menu.bridge.apply(RollInitiative())
        qtbot.waitUntil(lambda: client.cards.scene.counts()["draw"] == draw - 1, timeout=WAIT)
        assert not client.cards.scene.animator.running  # in place the moment the view came


def view_of(piles: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"piles": piles, "characters": {"pc1": {"name": "Astrid"}, "pc2": {"name": "Ivar"}}}


def pile(
    i: int, name: str, face: str, cards: list[str] | None, owner: str | None = None
) -> dict[str, Any]:
    count = len(cards) if cards is not None else 3
    return {
        "index": i, "name": name, "label": name.title(), "face": face, "deck": "d",
        "owner": owner, "kind": "row" if owner else "stack", "count": count, "cards": cards,
    }  # fmt: skip


def test_the_seats_own_hidden_hand_shows_face_up_and_others_only_backs(qtbot: QtBot) -> None:
    table = SeatTable(MotionSettings())
    qtbot.addWidget(table)
    view = view_of({
        "mine": pile(1, "mine", "hidden", ["AH", "2C"], "pc1"),
        "theirs": pile(2, "theirs", "hidden", None, "pc2"),
        "draw": pile(0, "draw", "down", ["KS", "QS", "JS"]),  # a careless host: still backs
    })  # fmt: skip
    table.show_view(view)
    assert [p.name for p in table.scene.piles] == ["draw", "mine", "theirs"]
    shown = sorted(i.card.code for i in table.scene.items() if isinstance(i, CardItem) and i.card)
    assert shown == ["2C", "AH"]
    assert table.scene.cards_in("theirs") is None and table.scene.counts()["theirs"] == 3
    assert table.scene.lane_name("pc1") == "Astrid"
    assert "Ivar: Theirs — 3 cards, face down" in table.summary.accessibleDescription()
    assert "KS" not in table.summary.toolTip()


def test_piles_the_host_garbled_are_refused_in_one_line(qtbot: QtBot) -> None:
    table = SeatTable(MotionSettings())
    qtbot.addWidget(table)
    table.show_view(view_of({"draw": pile(0, "draw", "down", None)}))
    for bad in ({"draw": {"name": "draw", "count": -1}}, {"draw": 5}, ["draw"]):
        with pytest.raises(BadPilesError, match="cannot read"):
            piles_of_view({"piles": bad})
        with pytest.raises(BadPilesError):
            table.show_view({"piles": bad})
        assert table.scene.counts() == {"draw": 3}


def test_a_garbled_view_leaves_the_table_and_says_so(qtbot: QtBot, menu: SessionMenu) -> None:
    client = join(menu, qtbot)
    counts = client.cards.scene.counts()
    client.show_view({**client.view, "piles": {"draw": 5}}, None)
    assert "cannot read" in client.banner.text()
    assert client.cards.scene.counts() == counts
