"""The sheet's flow layout: heights kept per width never go stale when items change."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.ui.songs.sheets.flow import FlowLayout


def test_kept_heights_follow_a_longer_text_and_a_new_item(qtbot: QtBot) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    flow = FlowLayout(host)
    label = QLabel("short")
    flow.addWidget(label)
    flow.addWidget(QLabel("also short"))
    host.resize(120, 200)
    host.show()
    QApplication.processEvents()
    before = flow.heightForWidth(120)
    assert flow.heightForWidth(120) == before  # the kept height

    label.setText("a label that has grown far wider than the hundred and twenty pixels")
    QApplication.processEvents()
    grown = flow.heightForWidth(120)
    assert grown > before  # the wider label moved the second one to a row of its own

    flow.addWidget(QLabel("another label far too wide to share a row at this width"))
    QApplication.processEvents()  # a widget added to a shown parent shows on the next turn
    assert flow.heightForWidth(120) > grown
