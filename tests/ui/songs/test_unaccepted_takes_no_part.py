"""A character waiting for the GM's approval takes no part in play, on any side of the table.

Kari sends Kestrel for approval while a fight goes on. The GM's Combat dock does not list
Kestrel on the party's side nor offer it under *Who*, the GM's card table (the table's view,
facing the players) does not read its making aloud, and Sam's journal never hears of it. Kari's
own journal keeps the line, and the GM's review shows Kestrel. Once accepted, it fights.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from saga_desktop.model.ops.characters import AcceptCharacter
from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.combat import EndTurn, StartCombat
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.drafts import CreationMove, FinishCreation
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.songs.state import play_of
from saga_desktop.ui.cardtable.feature import install_card_table
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.songs.combat import CombatPanel, install_combat
from tests.ui.network.seat_fixtures import seat_window
from tests.ui.network.table_fixtures import WAIT, hosted


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[tuple[Session, SessionMenu]]:
    session = build_sample()
    with hosted(qtbot, session) as menu:
        yield session, menu


def test_a_character_waiting_for_the_gm_is_in_no_fight_journal_or_caption(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    gm = QMainWindow()
    qtbot.addWidget(gm)
    combat = install_combat(gm, menu.bridge)
    cards = install_card_table(gm, menu.bridge)
    gm.resize(900, 900)
    gm.show()
    menu.bridge.apply(StartCombat(("e1",)))
    if play_of(session.campaign).combat.turn == "enemies":  # type: ignore[union-attr]
        menu.bridge.apply(EndTurn())
    sam = seat_window(qtbot, menu, "Sam")
    kari = seat_window(qtbot, menu, "Kari")
    kari.bridge.apply(QuickCharacter("Kestrel", player="Kari", submit=True))
    qtbot.waitUntil(lambda: any(c.name == "Kestrel" for c in session.campaign.characters))
    kestrel = next(c for c in session.campaign.characters if c.name == "Kestrel")
    assert kestrel.status == "submitted"
    panel = combat.panel
    assert isinstance(panel, CombatPanel)
    panel.refresh()
    actors = [panel.action.actor.itemText(i) for i in range(panel.action.actor.count())]
    assert actors and "Kestrel" not in actors
    assert kestrel.id not in panel.party.rows
    caption = cards.table_dock.latest.full_text
    assert "Kestrel" not in caption and "Attributes" not in caption, caption
    qtbot.waitUntil(
        lambda: any("Kestrel" in e.said for e in kari.bridge.session.campaign.journal),
        timeout=WAIT,
    )
    qtbot.wait(200)  # Sam's seat has heard the same change
    assert sam.bridge.session.revision == kari.bridge.session.revision
    assert not any("Kestrel" in e.said for e in sam.bridge.session.campaign.journal)
    assert any("Kestrel" in e.said for e in session.campaign.journal)  # the GM's own
    menu.bridge.apply(AcceptCharacter(kestrel.id))
    panel.refresh()
    actors = [panel.action.actor.itemText(i) for i in range(panel.action.actor.count())]
    assert "Kestrel" in actors and kestrel.id in panel.party.rows
    qtbot.waitUntil(
        lambda: any("Kestrel" in e.said for e in sam.bridge.session.campaign.journal),
        timeout=WAIT,
    )  # "The GM accepts Kestrel: they join the party."


def test_the_gms_table_caption_does_not_name_a_character_sent_for_approval(
    qtbot: QtBot, table: tuple[Session, SessionMenu]
) -> None:
    session, menu = table
    gm = QMainWindow()
    qtbot.addWidget(gm)
    cards = install_card_table(gm, menu.bridge)
    gm.show()
    kari = seat_window(qtbot, menu, "Kari")
    for move in ("reveal", "roll_vanori", "roll_resilience"):
        kari.bridge.apply(CreationMove("Kari", move))
    kari.bridge.apply(FinishCreation("Kari", "Kestrel", "Spear", submit=True))
    qtbot.waitUntil(lambda: any(c.name == "Kestrel" for c in session.campaign.characters))
    caption = cards.table_dock.latest.full_text
    assert caption == "A new character for the GM's approval", caption
