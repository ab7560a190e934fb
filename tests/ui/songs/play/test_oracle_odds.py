"""The oracle's odds row: exact for the deck as it is, and never mistaken for the last answer's."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from saga_desktop.model.session import Session
from saga_desktop.model.songs.ops.play import preview_oracle
from saga_desktop.model.songs.table import table_of
from saga_desktop.rules.songs.odds import percent
from saga_desktop.ui.songs.play import TableFeature
from saga_desktop.ui.songs.play.oracle_dialog import OracleDialog
from tests.ui.songs.play.test_play_actions import opened_by


def odds_words(session: Session, factors: int) -> str:
    odds = preview_oracle(session.campaign, factors)
    return (
        f"Strong yes {percent(odds.strong_yes)} · weak yes {percent(odds.weak_yes)} · "
        f"no {percent(odds.no)}"
    )


def test_the_odds_row_says_which_question_and_which_cards(
    qtbot: QtBot, feature: TableFeature, session: Session
) -> None:
    dialog = opened_by(qtbot, feature, "oracle")
    assert isinstance(dialog, OracleDialog)
    dialog.factors.setValue(1)
    before = odds_words(session, 1)
    draw = table_of(session.campaign).draw
    red = sum(1 for code in draw if code[-1] in "HD")
    assert dialog.odds_title.text() == "Odds"
    assert dialog.odds.text().startswith(before)
    assert f"draw pile {red} red, {len(draw) - red} black" in dialog.odds.text()

    qtbot.mouseClick(dialog.ask, Qt.MouseButton.LeftButton)
    # The answer keeps the odds the question was asked at; the row now says it is the next
    # question's, counted from the two cards fewer.
    assert f"The odds of this question were: {before}" in dialog.detail.text()
    assert dialog.odds_title.text() == "Next time"
    assert dialog.odds.text().startswith(odds_words(session, 1))
    left = table_of(session.campaign).draw
    left_red = sum(1 for code in left if code[-1] in "HD")
    assert f"draw pile {left_red} red, {len(left) - left_red} black" in dialog.odds.text()
