"""A player makes their Songs & Sagas character in their own window, with the game's own dialog.

Over real sockets *Party › New character* at a player's seat opens the GM's creation dialog; the
host reveals each card and rolls each die, the player makes the choices the rules give them
(redraw up to two attributes, choose or roll the Vanori, roll max resilience again once), and
the character goes to the GM, who accepts it or sends it back with a reason. The player sees
where each of their characters stands, and makes one sent back again in its place.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from saga_desktop.model.operation import Operation
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.drafts import CreationMove, FinishCreation
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.state import play_of, sheet_of
from saga_desktop.rules import songs
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.registry import find_ui
from saga_desktop.ui.songs.sheets.creation import CreationDialog
from saga_desktop.ui.songs.sheets.remade import RemadePart
from saga_desktop.ui.songs.sheets.vanori import CUSTOM
from tests.ui.network.seat_fixtures import seat_window, widget_texts
from tests.ui.network.table_fixtures import WAIT, hosted
from tests.ui.songs.test_player_fight import refused

HEART = songs.Attribute.HEART


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[Session, SessionMenu]]:
    """The sample campaign hosted over loopback sockets."""
    session = build_sample()
    with hosted(qtbot, session) as menu:
        yield session, menu


def new_character(window: SeatWindow) -> CreationDialog:
    """*Party › New character* in the player's window."""
    ui = find_ui("songs-and-sagas")
    assert ui is not None
    ui.new_character(window)
    dialog = window.sheets_feature.flows.dialogs[-1]  # type: ignore[attr-defined]
    assert isinstance(dialog, CreationDialog) and dialog.isVisible()
    return dialog


def make(dialog: CreationDialog, qtbot: QtBot, vanori: str) -> None:
    """Play the steps: reveal, redraw the heart, choose the Vanori, roll max resilience.

    ``vanori`` is one of the six, or ``"custom"``: the one set up in the chooser's fields.
    """
    steps = dialog.attributes
    steps.reveal_button.click()
    qtbot.waitUntil(lambda: steps.redraws[HEART].isEnabled(), timeout=WAIT)
    assert all(label.text() for label in steps.meanings.values())
    steps.redraws[HEART].click()
    qtbot.waitUntil(lambda: steps.left.text() == "Redraws left: 1", timeout=WAIT)
    assert "redrawn" in steps.meanings[HEART].text()
    index = CUSTOM if vanori == "custom" else songs.VANORI_ORDER.index(vanori)
    dialog.chooser.group.button(index).setChecked(True)
    dialog.resilience.roll_button.click()
    qtbot.waitUntil(lambda: dialog.resilience.reroll_button.isEnabled(), timeout=WAIT)
    assert not dialog.roll_vanori.isEnabled()  # the Vanori is settled with its die
    assert dialog.create_button.isEnabled()


def menu_texts(window: SeatWindow) -> list[str]:
    """The Party menu's entries."""
    menu = window.sheets_feature.party_menu  # type: ignore[attr-defined]
    return [action.text() for action in menu.actions()]


def test_a_player_makes_a_character_and_the_gm_accepts_it(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Kari")
    dialog = new_character(window)
    assert "no character yet" in dialog.standing.text()
    assert dialog.player.text() == "Kari" and dialog.player.isReadOnly()
    assert dialog.create_button.text() == "&Send to the GM"
    assert not dialog.create_button.isEnabled()  # nothing revealed yet
    make(dialog, qtbot, "owl")
    # Every card and die came from the host's own table.
    draft = play_of(session.campaign).drafts["Kari"]
    assert draft.moves == ["reveal", "redraw", "choose_vanori", "roll_resilience"]
    assert dialog.table.draw is not None
    assert dialog.table.draw.to_data() == draft.draw
    dialog.name.setText("Sigrun")
    dialog.weapon.setText("Spear")
    dialog.pronouns.setText("she/her")
    dialog.create_button.click()
    qtbot.waitUntil(lambda: any(c.name == "Sigrun" for c in session.campaign.characters))
    sigrun = next(c for c in session.campaign.characters if c.name == "Sigrun")
    assert (sigrun.status, sigrun.player, sheet_of(sigrun).vanori) == ("submitted", "Kari", "owl")
    assert sheet_of(sigrun).pronouns == "she/her" and not play_of(session.campaign).drafts
    assert not dialog.isVisible()
    qtbot.waitUntil(
        lambda: any("waiting for the GM's approval" in t for t in menu_texts(window)),
        timeout=WAIT,
    )
    again = new_character(window)
    assert "Sigrun waits for the GM's answer" in again.standing.text()
    assert not again.create_button.isEnabled()
    again.reject()
    review = menu.review.show_dialog()
    shown = review.shown_sheet()
    assert shown is not None and any("Owl" in text for text in widget_texts(shown))
    review.accept_button.click()
    assert session.campaign.character(sigrun.id).accepted
    qtbot.waitUntil(lambda: any(t.endswith("Sigrun (Kari)") for t in menu_texts(window)))
    assert window.statusBar().currentMessage() == "The GM accepted Sigrun: at the table."


def test_a_character_sent_back_is_made_again_in_its_place(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Kari")
    dialog = new_character(window)
    make(dialog, qtbot, "bear")
    dialog.name.setText("Sigrun")
    dialog.weapon.setText("Spear")
    dialog.create_button.click()
    campaign = session.campaign
    qtbot.waitUntil(lambda: any(c.status == "submitted" for c in campaign.characters))
    review = menu.review.show_dialog()
    qtbot.keyClicks(review.reason, "We have a Sigrun already; pick another name.")
    review.back_button.click()
    sent_back = next(c for c in campaign.characters if c.name == "Sigrun")
    assert sent_back.status == "returned"
    qtbot.waitUntil(lambda: "Make Sigrun &again…" in menu_texts(window), timeout=WAIT)
    said = window.statusBar().currentMessage()
    assert said == "The GM sent Sigrun back: We have a Sigrun already; pick another name."
    first = sheet_of(sent_back).model_dump()
    piles = {k: list(v) for k, v in campaign.piles.items()}
    state = session.rng.getstate()
    again = new_character(window)
    assert "pick another name" in again.standing.text()
    assert again.create_button.text() == "Send it &again" and again.name.text() == "Sigrun"
    assert again.weapon.text() == "Spear"
    # Its cards, its Vanori and its max resilience stand: nothing is drawn or rolled anew.
    qtbot.waitUntil(lambda: again.create_button.isEnabled(), timeout=WAIT)
    assert again.table.vanori is not None and again.table.vanori.id == "bear"
    assert again.table.draw is not None and again.table.draw.redraws_used == 1
    assert not again.attributes.reveal_button.isEnabled()
    assert {k: list(v) for k, v in campaign.piles.items()} == piles
    assert session.rng.getstate() == state
    again.name.setText("Sigrid")
    again.create_button.click()
    qtbot.waitUntil(lambda: any(c.name == "Sigrid" for c in campaign.characters))
    sigrid = next(c for c in campaign.characters if c.name == "Sigrid")
    assert sigrid.id == sent_back.id and sigrid.status == "submitted"
    assert all(c.name != "Sigrun" for c in campaign.characters)
    made = sheet_of(sigrid).model_dump()
    assert {k: v for k, v in made.items() if k != "name"} == {
        k: v for k, v in first.items() if k != "name"
    }
    assert {k: list(v) for k, v in campaign.piles.items()} == piles
    # The GM's review says what changed since the version sent back.
    review = menu.review.show_dialog()
    shown = review.shown_sheet()
    assert shown is not None
    part = shown.findChild(RemadePart)
    assert part is not None and part.isVisibleTo(shown)
    assert part.words.text().splitlines() == [
        "You sent it back: We have a Sigrun already; pick another name.",
        "Name: Sigrun → Sigrid",
        "Every other card and roll is the one you saw.",
    ]
    review.reject()
    assert session.undo()  # the GM rewinds: Sigrun is back, sent back
    qtbot.waitUntil(lambda: "Make Sigrun &again…" in menu_texts(window), timeout=WAIT)


def test_a_character_in_the_making_waits_or_is_set_aside(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Kari")
    dialog = new_character(window)
    assert not dialog.aside_button.isEnabled()
    dialog.attributes.reveal_button.click()
    qtbot.waitUntil(lambda: "Kari" in play_of(session.campaign).drafts, timeout=WAIT)
    shown = [label.text() for label in dialog.attributes.meanings.values()]
    dialog.reject()  # closed: the cards stay on the table for later
    later = new_character(window)
    assert [label.text() for label in later.attributes.meanings.values()] == shown
    assert not later.attributes.reveal_button.isEnabled()
    later.aside_button.click()
    qtbot.waitUntil(lambda: not play_of(session.campaign).drafts, timeout=WAIT)
    assert "sets their unfinished character aside" in session.campaign.journal[-1].text
    assert later.attributes.reveal_button.isEnabled()


def test_what_a_player_may_not_ask_is_refused_by_the_host(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Kari")
    assert not window.sheets_feature.flows.quick_action.isVisible()  # type: ignore[attr-defined]
    assert not window.sheets_feature.flows.remove_menu.isEnabled()  # type: ignore[attr-defined]
    forged: list[tuple[Operation, str]] = [
        (CreationMove("Ren", "reveal"), "must name you (Kari)"),
        (QuickCharacter("Vey", player="Kari"), "send it with submit"),
        (QuickCharacter("Vey", player="Ren", submit=True), "must name you (Kari)"),
        (FinishCreation("Kari", "Vey", "Spear", submit=True, replaces="pc1"), "your own"),
    ]
    for op, says in forged:
        refused(window, qtbot, session, op, says)


def test_a_player_invents_their_vanori(qtbot: QtBot, table: tuple[Session, SessionMenu]) -> None:
    session, menu = table
    window = seat_window(qtbot, menu, "Kari")
    dialog = new_character(window)
    chooser = dialog.chooser
    chooser.custom_name.setText("Salmon")
    chooser.first.setCurrentIndex(chooser.first.findData("heart"))
    chooser.second.setCurrentIndex(chooser.second.findData("willpower"))
    chooser.die.setCurrentIndex(chooser.die.findData(8))
    chooser.gift.setText("Burn a card to swim against any current")
    make(dialog, qtbot, "custom")
    assert "d8" in dialog.resilience.detail.text()
    dialog.name.setText("Sigrun")
    dialog.weapon.setText("Spear")
    dialog.create_button.click()
    qtbot.waitUntil(lambda: any(c.name == "Sigrun" for c in session.campaign.characters))
    sheet = sheet_of(next(c for c in session.campaign.characters if c.name == "Sigrun"))
    assert sheet.vanori == "custom" and sheet.custom_vanori is not None
    assert sheet.custom_vanori.name == "Salmon"
    assert "swim against any current" in sheet.custom_vanori.ability
