"""A player's sheet is the GM's sheet: the game's own sheet dock, in each game, over sockets.

For each game a player joins the hosted sample: their own character's sheet shows exactly the
texts the GM's sheet dock shows for that character (widget texts, not screenshots) and is live;
the other characters' sheets are there, every control closed, titled "(read only)". An edit the
rules do not let a player make is refused at the seat with the host's own words, and the same
request forged past the window is refused by the host with nothing changed.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.session import Session
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.ui.gate import LOCAL, OPERATION, barred
from saga_desktop.ui.network.seat_sheets import embedded_sheet
from tests.ui.network.seat_fixtures import seat_sheet, widget_texts
from tests.ui.network.table_fixtures import WAIT, hosted, join
from tests.ui.network.test_seat_sheet_gate import controls


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_a_players_sheet_is_the_gms_sheet_of_that_character(qtbot: QtBot, game: str) -> None:
    session = Session(find_ruleset(game).sample_campaign())
    me, other = session.campaign.characters[:2]
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, me.player)
        own, theirs = seat_sheet(client, me.id), seat_sheet(client, other.id)
        gm_sheet = embedded_sheet(menu.bridge, me.id)
        assert gm_sheet is not None
        mine = widget_texts(own)
        assert mine == widget_texts(gm_sheet) and any(me.name in text for text in mine)
        assert own.windowTitle() == me.name
        assert theirs.windowTitle().endswith("(read only)")
        shut = [barred(w) for w in controls(theirs) if w.property(OPERATION) != LOCAL]
        assert shut and all(shut)  # (exporting or viewing a pile is for anyone)
        assert not all(barred(w) for w in controls(own)) or game == "dice-pool"

        before = session.revision
        refused: list[str] = []
        client.bridge.refused.connect(refused.append)
        assert client.bridge.apply(EditCharacter(other.id, name="Forged")) is None
        assert refused == ["Only the GM may do that (core.EditCharacter)."]
        answers: list[RequestAnswered] = []
        client.transport.received.connect(
            lambda e: answers.append(e) if isinstance(e, RequestAnswered) else None
        )
        client.transport.request({"kind": "core.EditCharacter", "character": other.id,
                                  "name": "Forged"})  # fmt: skip
        qtbot.waitUntil(lambda: bool(answers), timeout=WAIT)
        assert not answers[0].ok and answers[0].message == refused[0]
        assert session.revision == before and other.name != "Forged"
        gm_sheet.deleteLater()


def test_a_players_window_opens_on_their_own_sheet(qtbot: QtBot) -> None:
    """Sam plays the second character: his sheet is the one in front, not the first's."""
    session = Session(find_ruleset("dice-pool").sample_campaign())
    first, sam = session.campaign.characters[:2]
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, sam.player)
        qtbot.waitExposed(client)
        mine = seat_sheet(client, sam.id)
        qtbot.waitUntil(lambda: not mine.visibleRegion().isEmpty(), timeout=WAIT)
        assert seat_sheet(client, first.id).visibleRegion().isEmpty()
