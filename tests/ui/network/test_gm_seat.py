"""A GM seat is the whole GM window: the main window on a RemoteSession, acting on the host.

Joining with the GM's code over real sockets opens the main window with every dock the GM's own
app has. From that window a whole Songs & Sagas scene is played on the host: a region charted,
a trial roll with a burn (through the roll panel), a fight with an enemy, a rest, the options
changed and that change undone (Edit › Undo). The host's campaign ends identical to the same
scene played at the GM's own table from the same seed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QDockWidget, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop.i18n.words import english
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.ops.campaign import SetOptions
from saga_desktop.model.ops.map import ChartRegion
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.songs.ops.combat import (
    Attack,
    EndCombat,
    ResolveAttack,
    RollSetup,
    StartCombat,
)
from saga_desktop.model.songs.ops.creation import QuickCharacter
from saga_desktop.model.songs.ops.play import Rest
from saga_desktop.model.songs.ops.rolls import BeginTrial, BurnChoice, ResolveTrial
from saga_desktop.model.songs.sample import build_sample
from saga_desktop.model.visibility import view_for
from saga_desktop.rules import songs
from saga_desktop.rules.cards import Card
from saga_desktop.ui.network.seat_window import SeatWindow
from saga_desktop.ui.songs.play.roll_panel import RollPanel
from tests.network.test_seat_model import typed
from tests.ui.network.seat_fixtures import seat_session, widget_texts
from tests.ui.network.table_fixtures import hosted

GM_DOCKS = {"RegionsDock", "TablesDock", "card-table", "combat", "enemies", "journal", "roll-panel"}


def scene(campaign: Callable[[], Campaign], apply: Callable[[Any], Any], roll: Callable[[Any], Any],
          undo: Callable[[], Any]) -> None:  # fmt: skip
    """The scene, reading what it needs from the campaign the player sees."""
    c = campaign()
    party = c.map.party
    assert party is not None
    apply(ChartRegion(party.q + 1, party.r, title="Gull rock", gm_notes="the gulls lie"))
    card = Card.from_code(campaign().piles["hand:pc2"][0])
    burn = BurnChoice(songs.BurnKind.CALL_THE_GODS, card)
    roll(BeginTrial("pc2", songs.Attribute.WILLPOWER, dr=12, burns=(burn,)))
    apply(ResolveTrial())
    apply(StartCombat(("e1",)))
    apply(Attack("pc1", "e1", RollSetup("strength", risk=1), weapon="Bearded axe"))
    apply(ResolveAttack())
    apply(EndCombat())
    apply(Rest("pc1"))
    apply(SetOptions((("hold_revealed", False),)))
    undo()


def saved(campaign: Campaign) -> dict[str, Any]:
    """The campaign as saved, without the times of day (each table's own clock)."""
    data = campaign.model_dump(mode="json", exclude={"created", "modified"})
    for entry in data["journal"]:
        entry.pop("at")
    return data


def test_a_gm_seat_runs_a_scene_and_the_host_ends_as_at_its_own_table(qtbot: QtBot) -> None:
    local = build_sample()

    def apply_here(op: Any) -> Any:
        return local.apply(op)

    scene(lambda: local.campaign, apply_here, apply_here, local.undo)

    session = build_sample()
    with hosted(qtbot, session) as menu:
        assert menu.hosting is not None
        remote = seat_session(qtbot, menu, "Gunn", menu.hosting.gm_code)
        window = SeatWindow(remote)
        qtbot.addWidget(window)
        assert {d.objectName() for d in window.findChildren(QDockWidget)} >= GM_DOCKS
        assert window.menu("&Campaign").actions()  # options and the game's entries
        panel = window.findChild(RollPanel)
        assert panel is not None
        panel.setup.sync()  # the odds count the draw pile's cards, as at the GM's own table
        assert panel.setup.roll_button.isEnabled(), panel.setup.odds.findChildren(QLabel)
        refused: list[str] = []
        window.bridge.refused.connect(refused.append)

        def apply_there(op: Any) -> Any:
            before = session.revision
            window.bridge.apply(op)
            assert session.revision == before + 1, refused

        def roll_there(op: Any) -> None:
            assert panel.roll(op) is not None, refused  # the panel shows the pending roll

        scene(lambda: window.bridge.session.campaign, apply_there, roll_there,
              window.undo_action.trigger)  # fmt: skip
        assert session.undo_label == local.undo_label
        assert saved(session.export()) == saved(local.export())
        assert typed(view_for(window.bridge.session.campaign, Viewer.GM)) == typed(
            view_for(session.campaign, Viewer.GM)
        )
        assert window.undo_action.text() == f"&Undo {english(session.undo_label or '')}"
        assert window.redo_action.isEnabled()
        window.close()


def test_a_gm_seat_reviews_a_players_character_in_its_sheet(qtbot: QtBot) -> None:
    session = build_sample()
    with hosted(qtbot, session) as menu:
        assert menu.hosting is not None
        window = SeatWindow(seat_session(qtbot, menu, "Gunn", menu.hosting.gm_code))
        qtbot.addWidget(window)
        kari = seat_session(qtbot, menu, "Kari")
        kari.apply(QuickCharacter("Sigrun", "Spear", "owl", player="Kari", submit=True))
        sigrun = next(c for c in session.campaign.characters if c.name == "Sigrun")
        assert sigrun.status == "submitted"
        review = window.review
        assert review is not None
        qtbot.waitUntil(lambda: "(1 waiting)" in review.action.text(), timeout=5000)
        dialog = review.show_dialog()
        shown = dialog.shown_sheet()
        assert shown is not None and any("Owl" in t for t in widget_texts(shown))
        dialog.accept_button.click()
        assert session.campaign.character(sigrun.id).accepted
        window.close()
