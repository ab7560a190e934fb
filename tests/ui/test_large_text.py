"""Text at 150% of the system's font size: nothing in the docks is cut (issue 32).

A player who reads better with larger text sets it in the system; Qt gives the app that font.
With the font half as large again, at 1366×768, every wrapped label in the shown docks has the
height its lines need and every button shows its whole text (a dock too small for its content
scrolls instead).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication
from pytestqt.qtbot import QtBot

from tests.ui.test_window_sizes import shown_docks, squeezed_labels, window_for

GAMES = ("songs-and-sagas", "resonance", "dice-pool")


@pytest.fixture
def large_text(qtbot: QtBot) -> Iterator[float]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.font()
    font = app.font()
    font.setPointSizeF(before.pointSizeF() * 1.5)
    app.setFont(font)
    try:
        yield font.pointSizeF()
    finally:
        app.setFont(before)


def cut_buttons(window: object) -> list[str]:
    found = []
    for dock in shown_docks(window):  # type: ignore[arg-type]
        for button in dock.findChildren(QAbstractButton):
            if not button.isVisible() or button.visibleRegion().isEmpty() or not button.text():
                continue
            text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            need = button.fontMetrics().horizontalAdvance(text)
            if need > button.width():
                found.append(f"{dock.objectName()}: {text!r} {button.width()}<{need}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_at_150_percent_text_nothing_in_the_docks_is_cut(
    qtbot: QtBot, game: str, large_text: float
) -> None:
    window = window_for(qtbot, game, (1366, 768))
    assert window.font().pointSizeF() == pytest.approx(large_text)
    qtbot.wait(50)
    assert squeezed_labels(window) == []
    assert cut_buttons(window) == []


def test_the_check_finds_a_cut_button(qtbot: QtBot, large_text: float) -> None:
    from PySide6.QtWidgets import QPushButton

    window = window_for(qtbot, "songs-and-sagas", (1366, 768))
    dock = shown_docks(window)[0]
    body = dock.widget()
    assert body is not None
    narrow = QPushButton("A label far too long for its button", body)
    narrow.setFixedWidth(40)
    narrow.show()
    qtbot.wait(20)
    assert any("far too long" in line for line in cut_buttons(window))
