"""A GM seat asks the host for operations whose own field is called ``kind``.

A request names its operation by ``op`` (the saved form), so a fate roll, a long rest or a
dice-pool vocation check keeps its ``kind``: done from a GM seat over real sockets, the host's
campaign ends as if the GM had done the same at their own table.
"""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.ops.checks import PromptCheck, RollCheck
from saga_desktop.model.dicepool.sample import build_sample as dicepool_sample
from saga_desktop.model.operation import Operation
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.play import Rest
from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
from saga_desktop.model.songs.sample import build_sample as songs_sample
from saga_desktop.rules import songs
from saga_desktop.ui.network.remote_session import request_of
from tests.ui.network.seat_fixtures import seat_session
from tests.ui.network.table_fixtures import hosted
from tests.ui.network.test_gm_seat import saved

SONGS: list[Operation] = [
    BeginTrial("pc1", songs.Attribute.WILLPOWER, kind=songs.RollKind.FATE),
    ResolveTrial(),
    Rest("pc1", kind=songs.RestKind.LONG),
]
DICE_POOL: list[Operation] = [
    RollCheck("pc2", "int", "Millwright", kind="vocation"),
    PromptCheck("pc2", "int", "Millwright", kind="vocation", cl=4),
]


def test_a_request_names_its_operation_by_op_and_keeps_its_kind() -> None:
    request = request_of(Rest("pc1", kind=songs.RestKind.LONG))
    assert request == {"op": "songs.Rest", "character": "pc1", "kind": "long"}


def _played_from_a_gm_seat(
    qtbot: QtBot, build: Callable[[], Session], ops: list[Operation]
) -> tuple[Session, Session]:
    local = build()
    for op in ops:
        local.apply(op)
    session = build()
    with hosted(qtbot, session) as menu:
        assert menu.hosting is not None
        remote = seat_session(qtbot, menu, "Gunn", menu.hosting.gm_code)
        for op in ops:
            before = session.revision
            remote.apply(op)
            assert session.revision == before + 1, op.label
    return local, session


def test_a_gm_seat_makes_a_fate_roll_and_a_long_rest(qtbot: QtBot) -> None:
    local, hosted_session = _played_from_a_gm_seat(qtbot, songs_sample, SONGS)
    assert saved(hosted_session.export()) == saved(local.export())
    rest = hosted_session.campaign.journal[-1]
    assert rest.kind == "rest" and "long rest" in rest.text, rest
    assert rest.details.get("kind") == "long", rest.details


def test_a_gm_seat_rolls_and_prompts_a_vocation_check(qtbot: QtBot) -> None:
    local, hosted_session = _played_from_a_gm_seat(qtbot, dicepool_sample, DICE_POOL)
    assert saved(hosted_session.export()) == saved(local.export())
    prompts = hosted_session.campaign.play.model_dump(mode="json")["prompts"]
    assert prompts[-1]["kind"] == "vocation"


def test_a_players_seat_reads_the_tag_of_either_form_as_the_host_does(qtbot: QtBot) -> None:
    with hosted(qtbot, songs_sample()) as menu:
        ren = seat_session(qtbot, menu, "Ren")
        rest = {"character": "pc1", "kind": "long"}
        assert "Only the GM" in (ren.refusal({"op": "songs.Rest", **rest}) or "")
        assert "Only the GM" in (ren.refusal({**rest, "kind": "songs.Rest"}) or "")
        fate = {"character": "pc1", "attribute": "willpower", "kind": "fate"}
        assert "Only the GM" in (ren.refusal({"op": "songs.BeginTrial", **fate}) or "")
        assert not ren.may("songs.Rest", rest)
