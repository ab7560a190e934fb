"""At 1024×600 the cards a roll revealed show whole, beside its finishing buttons."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from saga_desktop.model.songs.ops.rolls import BeginTrial
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules import songs
from tests.ui.test_window_sizes import ON_1024, _discard_on_teardown, fully_shown, window_for

__all__ = ["_discard_on_teardown"]


def test_the_revealed_cards_of_a_waiting_roll_show_at_1024x600(qtbot: QtBot) -> None:
    window = window_for(qtbot, "songs-and-sagas", ON_1024)
    campaign = window.bridge.session.campaign
    roller = next(cid for cid, hand in table_of(campaign).hands.items() if hand)
    window.bridge.apply(BeginTrial(roller, songs.Attribute.STRENGTH, 12, risk=3, d20=2))
    result = window.table_feature.panel.result  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: result.settle.isVisible())
    cards = result.keep_group.buttons()
    assert len(cards) == 3
    for widget in (*cards, result.headline, result.settle, result.turn, result.consequence):
        qtbot.waitUntil(lambda w=widget: fully_shown(w), timeout=3000)  # type: ignore[misc]
