"""A seat's RemoteSession over real sockets: the Session face, acting through the host.

Applying at a GM seat changes the host's campaign and, by the time apply returns, the seat's
own typed campaign too, reported to its listeners as a local change is; a refusal raises the
same OperationError message a local apply gives; Undo and Redo step the host's history. A
player's seat may ask only for what the ruleset lets a player ask, and a forged request is
refused by the host with nothing changed.
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.changes import Aspect, Cause, Changes
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.map import ChartRegion, EditRegion
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.session import Session
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.visibility import view_for
from saga_desktop.ui.bridge import SessionBridge
from tests.network.test_seat_model import typed
from tests.ui.network.seat_fixtures import seat_session
from tests.ui.network.table_fixtures import hosted


def test_a_gm_seat_applies_on_the_host_and_sees_it_on_return(qtbot: QtBot) -> None:
    session = build_sample()
    with hosted(qtbot, session) as menu:
        assert menu.hosting is not None
        remote = seat_session(qtbot, menu, "Gunn", menu.hosting.gm_code)
        heard: list[Changes] = []
        remote.subscribe(heard.append)
        assert remote.apply(ChartRegion(5, -3, title="Gull rock")) is None
        assert session.campaign.map.region_at(5, -3) is not None
        assert remote.campaign.map.region_at(5, -3) is not None  # already on return
        assert heard and Aspect.REGIONS in heard[-1] and (5, -3) in heard[-1].regions
        assert heard[-1].label == "Chart region" or heard[-1].label
        assert remote.undo_label == session.undo_label

        local = Session(session.export().model_copy(deep=True))
        with pytest.raises(OperationError) as here:
            local.apply(ChartRegion(5, -3))
        with pytest.raises(OperationError) as there:
            remote.apply(ChartRegion(5, -3))
        assert str(there.value) == str(here.value)

        assert remote.undo()
        assert session.campaign.map.region_at(5, -3) is None
        assert remote.campaign.map.region_at(5, -3) is None
        assert heard[-1].cause is Cause.UNDO
        assert remote.redo() and remote.campaign.map.region_at(5, -3) is not None
        assert typed(view_for(remote.campaign, Viewer.GM)) == typed(
            view_for(session.campaign, Viewer.GM)
        )


def test_a_players_seat_may_only_what_the_rules_let_a_player(qtbot: QtBot) -> None:
    session = build_sample()
    pc = session.campaign.characters[0]
    with hosted(qtbot, session) as menu:
        remote = seat_session(qtbot, menu, pc.player)
        bridge = SessionBridge(remote)
        assert bridge.remote and not SessionBridge(session).remote
        assert bridge.may("core.MoveToken") and not bridge.may("core.ChartRegion")
        assert bridge.may("songs.VanoriGift", {"character": pc.id})
        other = session.campaign.characters[1].id
        assert not bridge.may("songs.VanoriGift", {"character": other})
        assert SessionBridge(session).may("core.ChartRegion")  # the GM's own table
        assert bridge.viewer.characters == {pc.id} and bridge.scope().viewer.role == "player"
        assert SessionBridge(session).viewer is Viewer.GM
        before = session.revision
        refused: list[str] = []
        bridge.refused.connect(refused.append)
        assert bridge.apply(EditRegion(0, 0, notes="forged")) is None
        assert refused and session.revision == before
        assert typed(view_for(remote.campaign, Viewer.player(pc.id))) == typed(
            view_for(session.campaign, Viewer.player(pc.id))
        )
