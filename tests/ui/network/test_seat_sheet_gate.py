"""A player's own sheet shows only what they may do, in each game, over sockets.

The player's own sheet is the GM's sheet of that character (same widget texts). On it every
control a player may not use is disabled (a text field read-only, an edit menu withheld) with a
tooltip saying why, through the one gate that asks the bridge; what they may use (the Owl's gift,
exporting, viewing a pile) stays live. The GM's own sheet of the same character keeps every
control as it was. An edit forged past the window is refused by the host with nothing changed.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QScrollBar, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.ops.cards import SetAttribute as DicePoolAttribute
from saga_desktop.model.operation import Operation
from saga_desktop.model.ops.characters import AcceptCharacter
from saga_desktop.model.registry import find_ruleset
from saga_desktop.model.resonance.ops.characters import EditStats
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.creation import VanoriSpec
from saga_desktop.model.songs.ops.sheet import SetAttribute as SongsAttribute
from saga_desktop.model.songs.ops.sheet import SetVanori
from saga_desktop.network.client_events import RequestAnswered
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.gate import (
    CONTROLS,
    DOCK_BUTTONS,
    GM_ONLY,
    LOCAL,
    OPERATION,
    barred,
    gate,
    reason,
)
from saga_desktop.ui.network.remote_session import request_of
from saga_desktop.ui.network.seat_sheets import embedded_sheet
from tests.ui.network.seat_fixtures import forged as forged_request
from tests.ui.network.seat_fixtures import seat_session, seat_sheet, widget_texts
from tests.ui.network.table_fixtures import WAIT, hosted, join


def forged(game: str, cid: str) -> Operation:
    """An edit of the sheet only the GM makes, for the player's own character."""
    if game == "songs-and-sagas":
        return SongsAttribute(cid, "strength", 3)
    if game == "resonance":
        return EditStats(cid, (1, 1, 1, 1))
    return DicePoolAttribute(cid, "might", 1)


def controls(sheet: QWidget) -> list[QWidget]:
    """The sheet's controls, in the order of its children (the same for two copies)."""
    return [
        w
        for w in sheet.findChildren(QWidget)
        if isinstance(w, CONTROLS)
        and not isinstance(w, QScrollBar)
        and not w.objectName().startswith(DOCK_BUTTONS)
    ]


@pytest.mark.parametrize("game", ["songs-and-sagas", "resonance", "dice-pool"])
def test_a_players_own_sheet_offers_only_what_they_may_do(qtbot: QtBot, game: str) -> None:
    session = Session(find_ruleset(game).sample_campaign())
    me = session.campaign.characters[0]
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, me.player)
        mine = seat_sheet(client, me.id)
        gm_sheet = embedded_sheet(menu.bridge, me.id)
        assert gm_sheet is not None
        assert widget_texts(mine) == widget_texts(gm_sheet)

        theirs = controls(gm_sheet)
        gm_before = [barred(w) for w in theirs]
        gate(gm_sheet, menu.bridge, me.id)  # the GM's own table: nothing changes
        assert [barred(w) for w in theirs] == gm_before

        ours = controls(mine)
        assert len(ours) == len(theirs) and len(ours) > 3
        closed = 0
        for ctl, gm_ctl in zip(ours, theirs, strict=True):
            kind = ctl.property(OPERATION)
            allowed = kind == LOCAL or (
                kind and client.bridge.refusal(kind, {"character": me.id}) is None
            )
            if allowed:
                assert barred(ctl) == barred(gm_ctl), ctl.accessibleName() or ctl.objectName()
            else:
                assert barred(ctl), f"{type(ctl).__name__} {ctl.accessibleName()} is live"
                assert ctl.toolTip(), "a closed control says why"
                closed += 1
        assert closed >= 3
        assert plain_tip(GM_ONLY) in {c.toolTip() for c in ours}

        menus = [w for w in gm_sheet.findChildren(QWidget) if w.objectName() == "slotEntry"]
        withheld = [w for w in mine.findChildren(QWidget) if w.objectName() == "slotEntry"]
        assert len(menus) == len(withheld) and (game != "songs-and-sagas" or menus)
        assert all(not barred(w) for w in menus) and all(barred(w) for w in withheld)

        op = forged(game, me.id)
        before = session.revision, session.campaign.character(me.id).model_dump()
        answers: list[RequestAnswered] = []
        client.transport.received.connect(
            lambda e: answers.append(e) if isinstance(e, RequestAnswered) else None
        )
        client.transport.request(request_of(op))
        qtbot.waitUntil(lambda: bool(answers), timeout=WAIT)
        assert not answers[0].ok and "Only the GM" in answers[0].message
        assert (session.revision, session.campaign.character(me.id).model_dump()) == before
        gm_sheet.deleteLater()


def test_the_owls_gift_is_live_for_its_player_once_the_gm_accepts_the_character(
    qtbot: QtBot,
) -> None:
    """An allowed control follows the rules: closed, saying why, until the GM accepts."""
    campaign = find_ruleset("songs-and-sagas").sample_campaign()
    me = campaign.characters[0]
    me.status = "submitted"
    session = Session(campaign)
    session.apply(SetVanori(me.id, VanoriSpec("owl")))
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, me.player)
        sheet = seat_sheet(client, me.id)
        owl = next(w for w in controls(sheet) if w.accessibleName() == "Owl's gift")
        assert owl.property(OPERATION) == "songs.OwlInsight"
        assert barred(owl) and "waits for the GM's approval" in owl.toolTip()
        session.apply(AcceptCharacter(me.id))
        qtbot.waitUntil(lambda: not barred(owl), timeout=WAIT)
        assert owl.toolTip() == plain_tip("Once per session, burn a card to mark XP twice")
        mark = next(w for w in controls(sheet) if w.accessibleName() == "Mark XP")
        assert barred(mark) and mark.toolTip() == plain_tip(GM_ONLY)


def test_a_gm_seat_and_the_gms_own_table_keep_every_control(qtbot: QtBot) -> None:
    """Only a player's seat is limited: the GM's window and a GM seat gate nothing."""
    session = Session(find_ruleset("songs-and-sagas").sample_campaign())
    me = session.campaign.characters[0]
    with hosted(qtbot, session) as menu:
        assert menu.hosting is not None
        gm_seat = SessionBridge(seat_session(qtbot, menu, "Gunn", menu.hosting.gm_code))
        player = SessionBridge(seat_session(qtbot, menu, me.player))
        assert not menu.bridge.limited and not gm_seat.limited and player.limited
        for bridge in (menu.bridge, gm_seat):
            assert reason(bridge, None, me.id) is None  # an edit only the GM makes
            assert reason(bridge, "songs.SetAttribute", me.id) is None
        assert reason(player, "songs.SetAttribute", me.id) == GM_ONLY
        assert reason(player, LOCAL, me.id) is None
        assert reason(player, "songs.OwlInsight", me.id) is None
        other = session.campaign.characters[1].id
        assert (
            reason(player, "songs.OwlInsight", other) == "You may act only for your own characters."
        )


def test_a_player_writes_their_own_characters_notes_and_only_theirs(qtbot: QtBot) -> None:
    """Songs & Sagas: the notes box is live on the player's own sheet, closed on another's."""
    from PySide6.QtWidgets import QPlainTextEdit

    session = Session(find_ruleset("songs-and-sagas").sample_campaign())
    me, other = session.campaign.characters[:2]
    with hosted(qtbot, session) as menu:
        client = join(menu, qtbot, me.player)

        def notes_box(cid: str) -> QPlainTextEdit:
            box = seat_sheet(client, cid).findChild(QPlainTextEdit)
            assert box is not None and box.accessibleName() == "Notes"
            return box

        mine, theirs = notes_box(me.id), notes_box(other.id)
        assert not barred(mine) and barred(theirs)
        mine.setFocus()
        mine.selectAll()
        qtbot.keyClicks(mine, "Owes Ivar a ship.")
        mine.clearFocus()  # leaving the box saves the notes, as at the GM's table
        qtbot.waitUntil(
            lambda: session.campaign.character(me.id).notes == "Owes Ivar a ship.", timeout=WAIT
        )
        before = session.campaign.character(other.id).notes
        edit = {"kind": "songs.EditNotes", "character": other.id, "notes": "forged"}
        assert "own characters" in forged_request(qtbot, client, edit)
        assert session.campaign.character(other.id).notes == before
