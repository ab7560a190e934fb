"""File › New: the dialog opens with the Name field ready, so no keystroke is lost."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.ui.dialogs import NewCampaignDialog


def test_typing_at_once_fills_the_name_then_tab_walks_the_form(qtbot: QtBot) -> None:
    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    focus = QApplication.focusWidget()
    assert focus is dialog.name
    qtbot.keyClicks(focus, "Beyond the Radiant Gates")
    assert dialog.name.text() == "Beyond the Radiant Gates"
    assert not dialog.set_options.isChecked()  # a space went nowhere else
    order: list[QWidget | None] = []
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    assert order == [dialog.description, dialog.ruleset, dialog.set_options]
