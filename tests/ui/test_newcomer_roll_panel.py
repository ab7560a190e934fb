"""After a fight, the roll panel is free again (it used to stay on "A combat roll is waiting")."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.combat import (
    Attack,
    EndCombat,
    EndTurn,
    ResolveAttack,
    RollSetup,
    StartCombat,
)
from saga_desktop.model.songs.ops.rolls import BeginTrial, ResolveTrial
from saga_desktop.model.songs.state import play_of
from saga_desktop.rules import songs
from saga_desktop.ui.bridge import SessionBridge
from tests.model.songs.fight import fight_session
from tests.ui.songs.play.conftest import make_feature


def test_the_roll_panel_comes_back_after_a_fight(qtbot: QtBot) -> None:
    session = fight_session()
    feature = make_feature(qtbot, SessionBridge(session))
    panel = feature.panel
    session.apply(BeginTrial("pc1", songs.Attribute.STRENGTH, 12, risk=0, d20=15))
    session.apply(ResolveTrial())
    assert panel.showing_result  # a settled trial stays in view
    session.apply(StartCombat(("wolves", "draugr")))
    combat = play_of(session.campaign).combat
    assert combat is not None
    if combat.turn != "party":
        session.apply(EndTurn())
    session.apply(Attack("pc1", "wolves", RollSetup("strength", risk=0), weapon="Axe"))
    assert not panel.showing_setup  # a combat roll waits: settle it in the combat panel
    session.apply(ResolveAttack())
    session.apply(EndCombat())
    assert panel.showing_setup, "the roll panel is stuck on the combat roll"
