"""The oracle dialog shows its whole odds line (and its answer) at 100% and 200%, never cut."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from saga_desktop.ui.songs.play import TableFeature
from saga_desktop.ui.songs.play.oracle_dialog import OracleDialog
from tests.ui.songs.play.test_play_actions import opened_by


def whole(label: QLabel) -> bool:
    """The label has the height its wrapped text needs at its width."""
    return label.height() >= label.heightForWidth(label.width())


@pytest.mark.parametrize("scale", [1, 2])
def test_the_odds_line_is_never_cut(qtbot: QtBot, feature: TableFeature, scale: int) -> None:
    dialog = opened_by(qtbot, feature, "oracle")
    assert isinstance(dialog, OracleDialog)
    font = dialog.font()
    font.setPointSizeF(font.pointSizeF() * scale)
    dialog.setFont(font)
    QApplication.processEvents()
    for factors in (0, 3, 10):
        dialog.factors.setValue(factors)
        QApplication.processEvents()
        assert whole(dialog.odds), (factors, dialog.odds.height(), dialog.odds.text())
        assert dialog.odds.geometry().right() <= dialog.width()
    qtbot.mouseClick(dialog.ask, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    for label in (dialog.odds, dialog.answer, dialog.detail):
        assert whole(label), label.text()
