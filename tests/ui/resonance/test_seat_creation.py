"""A Resonance player makes their character at their own seat, in the game's creation dialog.

Through real windows over loopback sockets: *Party › New character…* in the player's main window
opens the same dialog the GM uses; the player is the seat, the character goes to the GM for
approval, the player sees where it stands, and one sent back is made again in its own place.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import AcceptCharacter, SendBackCharacter
from saga_desktop.model.resonance.ops.characters import CreateCharacter
from saga_desktop.model.resonance.sample import sample_campaign
from saga_desktop.model.resonance.state import sheet_of
from saga_desktop.model.session import Session
from saga_desktop.rules import resonance
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.resonance.creation import CreationDialog
from saga_desktop.ui.resonance.panel import CheckPanel
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000


@pytest.fixture
def session() -> Session:
    return Session(sample_campaign())


@pytest.fixture
def menu(qtbot: QtBot, session: Session) -> Iterator[SessionMenu]:
    with hosted(qtbot, session) as menu:
        yield menu


def new_character(window: SeatWindow) -> CreationDialog:
    """Party › New character…, as the player picks it."""
    action = next(a for a in window.menu("&Party").actions() if a.text() == "&New character…")
    assert action.isVisible() and action.isEnabled()
    action.trigger()
    dialog = window.findChildren(CreationDialog)[-1]
    assert dialog.isVisible()
    return dialog


def ok_button(dialog: CreationDialog) -> Any:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def make(dialog: CreationDialog, name: str, stats: tuple[int, int, int, int]) -> None:
    dialog.name.setText(name)
    for stat, value in zip(resonance.Stat, stats, strict=True):
        dialog.stats[stat].setValue(value)


def standing(window: SeatWindow) -> str:
    panel = window.findChild(CheckPanel)
    assert panel is not None
    return panel.standing.text() if panel.standing.isVisible() else ""


def test_a_player_makes_a_character_and_the_gm_accepts_it(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    kari = seat_window(qtbot, menu, "Kari")
    dialog = new_character(kari)
    assert dialog.player.text() == "Kari" and dialog.player.isReadOnly()
    assert dialog.standing.text() == "You have no character yet: make one and send it to the GM."
    assert ok_button(dialog).text() == "Send to the GM"
    make(dialog, "Vey", (4, 3, 3, 2))
    dialog.pronouns.setText("they/them")
    dialog.concept.setText("Lamplighter")
    ok_button(dialog).click()
    vey = next(c for c in session.campaign.characters if c.name == "Vey")
    assert (vey.status, vey.player) == ("submitted", "Kari")
    sheet = sheet_of(vey)
    assert (sheet.heart, sheet.body, sheet.mind, sheet.spirit) == (4, 3, 3, 2)
    assert (sheet.pronouns, sheet.concept) == ("they/them", "Lamplighter")
    qtbot.waitUntil(lambda: "Vey: waiting for the GM's approval" in standing(kari), timeout=WAIT)
    again = new_character(kari)  # one waits for the GM: nothing more to send meanwhile
    assert "waits for the GM" in again.error.text() and not ok_button(again).isEnabled()
    again.reject()
    session.apply(AcceptCharacter(vey.id))
    qtbot.waitUntil(lambda: standing(kari) == "", timeout=WAIT)
    kari.close()


def test_a_character_sent_back_is_changed_and_sent_again(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    kari = seat_window(qtbot, menu, "Kari")
    dialog = new_character(kari)
    make(dialog, "Sigrun", (5, 5, 1, 1))
    ok_button(dialog).click()
    sigrun = next(c for c in session.campaign.characters if c.name == "Sigrun")
    session.apply(SendBackCharacter(sigrun.id, "Two fives make her a hero already; spread them."))
    qtbot.waitUntil(lambda: "spread them" in standing(kari), timeout=WAIT)
    dialog = new_character(kari)
    assert dialog.standing.text().startswith("Sigrun: sent back by the GM: Two fives")
    assert dialog.standing.text().endswith("Change it below and send it again.")
    assert dialog.name.text() == "Sigrun" and dialog.stats[resonance.Stat.HEART].value() == 5
    assert ok_button(dialog).text() == "Send it again"
    if folder := os.environ.get("SAGA_SCREENSHOTS"):  # for a person to look at
        QTest.qWait(100)
        dialog.grab().save(str(Path(folder) / "resonance-seat-sent-back.png"))
    make(dialog, "Sigrid", (4, 3, 3, 2))
    ok_button(dialog).click()
    again = next(c for c in session.campaign.characters if c.name == "Sigrid")
    assert again.id == sigrun.id and again.status == "submitted"
    assert all(c.name != "Sigrun" for c in session.campaign.characters)
    assert session.undo()  # the GM rewinds: Sigrun is back, sent back
    qtbot.waitUntil(lambda: "Sigrun: sent back by the GM" in standing(kari), timeout=WAIT)
    kari.close()


def test_a_forged_creation_is_refused_with_nothing_changed(
    qtbot: QtBot, menu: SessionMenu, session: Session
) -> None:
    kari = seat_window(qtbot, menu, "Kari")
    before = session.export().model_dump(mode="json")
    for op in (
        CreateCharacter("Vey", (3, 3, 3, 3), "Kari"),  # straight into the party
        CreateCharacter("Vey", (3, 3, 3, 3), "Ren", submit=True),  # for another player
        CreateCharacter("Vey", (3, 3, 3, 3), "Kari", submit=True, replaces="pc1"),  # Wren
    ):
        assert kari.bridge.apply(op) is None
    assert session.export().model_dump(mode="json") == before
    kari.close()
