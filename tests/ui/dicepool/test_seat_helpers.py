"""The helpers the GM ticks travel with a sent dice-pool check, over real loopback sockets.

The GM sets up Mara's REF check in the host's check dock, ticks "Bren assists" and sends it to
Mara. At Ren's seat (Mara) the check arrives with Bren ticked and the odds counted with Bren's
assist, exactly as the host would roll them; Ren may still leave Bren out, and a later change at
the table does not tick Bren again. At Sam's seat (Bren) the player is told: the status bar and
a screen reader say that the GM asks Bren to help Mara, and the check dock reads it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.model.dicepool.odds import check_preview
from saga_desktop.model.dicepool.ops.checks import AssistSpec, PromptCheck
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.characters import EditCharacter
from saga_desktop.model.session import Session
from saga_desktop.rules import dicepool as dp
from saga_desktop.ui import announce
from saga_desktop.ui.dicepool.check import CheckDock
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.prompt_dialog import PromptTargets
from tests.model.dicepool.conftest import party_session
from tests.ui.dicepool.test_seat_checks import check_dock
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    session = party_session()
    session.apply(EditCharacter("pc1", player="Ren"))  # Mara
    session.apply(EditCharacter("pc2", player="Sam"))  # Bren
    with hosted(qtbot, session) as menu:
        yield menu


@pytest.fixture
def heard() -> Iterator[list[announce.Announcement]]:
    spoken: list[announce.Announcement] = []
    announce.listeners.append(spoken.append)
    yield spoken
    announce.listeners.remove(spoken.append)


def helper_tick(dock: CheckDock, helper: str) -> QCheckBox:
    row = next(h for h in dock.helpers if h.helper_id == helper)
    return row.on


def percent_of(session: Session, assists: tuple[AssistSpec, ...]) -> str:
    odds = check_preview(session.campaign, "pc1", "ref", "", "skill", 4, assists)
    return dp.percent(odds.success)


def test_the_helper_the_gm_ticked_travels_with_the_check_and_is_told(
    qtbot: QtBot, menu: SessionMenu, heard: list[announce.Announcement]
) -> None:
    session = menu.bridge.session
    ren, sam = seat_window(qtbot, menu, "Ren"), seat_window(qtbot, menu, "Sam")
    gm = CheckDock(menu.bridge)
    qtbot.addWidget(gm)
    gm.character.setCurrentIndex(gm.character.findData("pc1"))
    gm.attribute.setCurrentIndex(gm.attribute.findData("ref"))
    gm.cl.setValue(4)
    helper_tick(gm, "pc2").setChecked(True)  # "Bren assists"
    helped = gm.odds.text()
    gm.prompt_to(PromptTargets(("pc1",), "Ford the river"))
    prompt = dicepool_play(session.campaign).prompts[0]
    assert [h.helper for h in prompt.helpers] == ["pc2"]
    assist = (AssistSpec("pc2", prompt.helpers[0].attribute, prompt.helpers[0].trait,
                         prompt.helpers[0].kind),)  # fmt: skip
    alone, with_bren = percent_of(session, ()), percent_of(session, assist)
    assert alone != with_bren and with_bren in helped
    # Ren's seat: the check arrives with Bren ticked, the odds with Bren's assist.
    dock = check_dock(ren)
    qtbot.waitUntil(lambda: not dock.setup.isHidden(), timeout=WAIT)
    tick = helper_tick(dock, "pc2")
    assert tick.isChecked(), "the helper was dropped on the way"
    assert with_bren in dock.odds.text()
    tick.setChecked(False)  # Ren decides alone after all
    assert alone in dock.odds.text()
    session.apply(EditCharacter("pc1", player="Ren", notes="wet boots"))  # the table moves on
    qtbot.waitUntil(lambda: "wet boots" in str(ren.bridge.session.campaign.characters[0]),
                    timeout=WAIT)  # fmt: skip
    assert not helper_tick(dock, "pc2").isChecked(), "a change ticked the helper again"
    # Sam's seat (Bren's): told, in the status bar, aloud and in the check dock.
    told = "The GM asks Bren to help Mara with REF vs CL 4 (challenging); Mara's player rolls."
    sam_dock = check_dock(sam)
    qtbot.waitUntil(lambda: sam.statusBar().currentMessage() == told, timeout=WAIT)
    assert any(a.text == told and a.source is sam_dock for a in heard)
    assert told in sam_dock.seat_note.text()
    assert not any(a.source is dock and "asks Bren" in a.text for a in heard)


def test_a_sent_check_refuses_a_helper_who_cannot_help(menu: SessionMenu) -> None:
    session = menu.bridge.session
    before = session.export().model_dump(mode="json")
    for assists in (
        (AssistSpec("pc1", "ref", ""),),  # Mara cannot help herself
        (AssistSpec("pc9", "ref", ""),),  # nobody
        (AssistSpec("pc2", "ref", ""), AssistSpec("pc2", "int", "")),  # twice
    ):
        with pytest.raises(OperationError):
            session.apply(PromptCheck("pc1", "ref", cl=4, assists=assists))
    assert session.export().model_dump(mode="json") == before
