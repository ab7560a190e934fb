"""A player makes a dice-pool character at their seat with the game's own creation dialog.

Loopback sockets: the GM hosts the sample; Kari joins without a character and opens *Party ›
New character…* in the main window at her seat. The dialog is the GM's own, with the rules'
limits and the budget; her name is the player, and OK sends the character to the host, where
it waits for the GM. The GM sends it back with a reason: the dialog says so, is filled in from
it, and what she sends again takes its place. Monsters are the GM's: not offered at the seat,
and forged requests are refused by the host with nothing changed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.ops.cards import CardSpec, CreateCharacter
from saga_desktop.model.dicepool.ops.monsters import AddMonster
from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.model.dicepool.state import sheet_of
from saga_desktop.model.ops.characters import AcceptCharacter, SendBackCharacter
from saga_desktop.model.session import Session
from saga_desktop.ui.dicepool.creation import CreationDialog
from saga_desktop.ui.dicepool.feature import DicePoolFeature
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from tests.ui.dicepool.seat_helpers import refused_everywhere
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import hosted

WAIT = 10_000


@pytest.fixture
def menu(qtbot: QtBot) -> Iterator[SessionMenu]:
    with hosted(qtbot, build_sample()) as menu:
        yield menu


def feature_of(window: SeatWindow) -> DicePoolFeature:
    feature = getattr(window, "dicepool_feature", None)
    assert isinstance(feature, DicePoolFeature)
    return feature


def new_character(window: SeatWindow) -> CreationDialog:
    """*Party › New character…* in the seat's window."""
    party = [a for a in window.menuBar().actions() if a.text() == "&Party"]
    assert party and party[0].menu() is not None
    entries = {a.text(): a for a in party[0].menu().actions()}  # type: ignore[union-attr]
    assert "New &monster…" not in entries and "Monster &sheets" not in entries
    entries["&New character…"].trigger()
    dialog = feature_of(window).dialog
    assert dialog.isVisible()
    return dialog


def ok(dialog: CreationDialog) -> None:
    button = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert button.isEnabled(), dialog.seat.standing.text() if dialog.seat else ""
    button.click()


def standing(window: SeatWindow, character_id: str) -> str:
    dock = feature_of(window).sheets[character_id]
    return "\n".join(w.text() for w in dock.findChildren(QLabel) if w.isVisibleTo(dock))


def test_a_player_makes_a_character_the_gm_sends_it_back_and_it_is_made_again(
    qtbot: QtBot, menu: SessionMenu
) -> None:
    session: Session = menu.bridge.session
    kari = seat_window(qtbot, menu, "Kari")
    dialog = new_character(kari)
    assert dialog.seat is not None and "no character yet" in dialog.seat.standing.text()
    assert dialog.player.text() == "Kari" and dialog.player.isReadOnly()
    dialog.name.setText("Vey")
    dialog.attrs["str"].setValue(2)
    skills = dialog.rows["skill"]
    assert skills.title().startswith("Skills: each 1 to ")  # rows with the rules' limits
    climb, points = skills.add_row()
    climb.setText("Climb")
    points.setValue(3)
    assert points.maximum() == skills.top
    assert dialog.budget.text().startswith("Attributes 2 of ")
    ok(dialog)
    vey = next(c for c in session.campaign.characters if c.name == "Vey")
    assert (vey.status, vey.player) == ("submitted", "Kari")
    assert sheet_of(vey).strength == 2 and [t.name for t in sheet_of(vey).skills] == ["Climb"]
    assert not dialog.isVisible()
    qtbot.waitUntil(lambda: vey.id in feature_of(kari).sheets, timeout=WAIT)
    qtbot.waitUntil(lambda: "Waiting for the GM's approval" in standing(kari, vey.id))
    again = new_character(kari)  # one waits: nothing more is sent until the GM answers
    assert (
        again.seat is not None
        and "Vey: waiting for the GM's approval" in again.seat.standing.text()
    )
    assert not again.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    session.apply(SendBackCharacter(vey.id, "We have a Vey already; pick another name."))
    qtbot.waitUntil(lambda: "pick another name" in again.seat.standing.text(), timeout=WAIT)
    assert again.name.text() == "Vey" and again.attrs["str"].value() == 2
    assert again.rows["skill"].traits() == (("Climb", 3),)
    assert again.buttons.button(QDialogButtonBox.StandardButton.Ok).text() == "Send it again"
    qtbot.waitUntil(lambda: "Sent back by the GM: We have a Vey" in standing(kari, vey.id))
    again.name.setText("Vesna")
    ok(again)
    vesna = session.campaign.character(vey.id)
    assert (vesna.name, vesna.status, vesna.player) == ("Vesna", "submitted", "Kari")
    assert all(c.name != "Vey" for c in session.campaign.characters)
    session.apply(AcceptCharacter(vey.id))
    qtbot.waitUntil(lambda: "GM" not in standing(kari, vey.id), timeout=WAIT)


def test_monsters_and_characters_for_others_are_refused(qtbot: QtBot, menu: SessionMenu) -> None:
    session: Session = menu.bridge.session
    kari = seat_window(qtbot, menu, "Kari")
    before = session.export().model_dump(mode="json")
    for op in (
        AddMonster("Pike", CardSpec(strength=1)),
        CreateCharacter("Vey", CardSpec(strength=1), "Ren", submit=True),  # another's
        CreateCharacter("Vey", CardSpec(strength=1), "Kari"),  # not sent to the GM
        CreateCharacter("Vey", CardSpec(strength=1), "Kari", True, replaces="pc1"),
    ):
        refused_everywhere(menu, kari, op)
    assert session.export().model_dump(mode="json") == before
