"""High contrast: picked in View › Appearance, or followed from the system (issue 32)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from saga_desktop.ui import appearance
from saga_desktop.ui.appearance import Appearance, appearance_manager, high_contrast_palette
from saga_desktop.ui.palette import contrast

R, G = QPalette.ColorRole, QPalette.ColorGroup
PAIRS = [
    (R.WindowText, R.Window),
    (R.Text, R.Base),
    (R.ButtonText, R.Button),
    (R.HighlightedText, R.Highlight),
    (R.ToolTipText, R.ToolTipBase),
    (R.Link, R.Base),
]


@pytest.fixture(autouse=True)
def _back_to_system(qtbot: QtBot) -> object:
    yield None
    appearance_manager().set_choice(Appearance.SYSTEM)


@pytest.mark.parametrize("dark", [True, False])
def test_every_text_reaches_seven_to_one_and_disabled_text_four_and_a_half(dark: bool) -> None:
    palette = high_contrast_palette(dark)
    for text, ground in PAIRS:
        assert contrast(palette.color(text), palette.color(ground)) >= 7, (text, ground)
    for text, ground in ((R.WindowText, R.Window), (R.Text, R.Base), (R.ButtonText, R.Button)):
        dim = palette.color(G.Disabled, text)
        assert contrast(dim, palette.color(ground)) >= 4.5


def test_picking_high_contrast_paints_the_app_white_on_black(qtbot: QtBot) -> None:
    manager = appearance_manager()
    manager.set_choice(Appearance.HIGH_CONTRAST)
    palette = QApplication.palette()
    assert palette.color(R.Window).name() == "#000000"
    assert palette.color(R.WindowText).name() == "#ffffff"
    assert manager.dark and manager.high_contrast


def test_following_the_system_follows_its_wish_for_contrast(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = appearance_manager()
    monkeypatch.setattr(appearance, "system_wants_contrast", lambda: True)
    monkeypatch.setattr(appearance, "system_is_dark", lambda: False)
    manager.set_choice(Appearance.SYSTEM)
    palette = QApplication.palette()
    assert palette.color(R.Window).name() == "#ffffff"
    assert palette.color(R.WindowText).name() == "#000000"
    monkeypatch.setattr(appearance, "system_wants_contrast", lambda: False)
    manager.apply()
    assert QApplication.palette().color(R.Window).name() != "#ffffff" or not manager.high_contrast
    assert not manager.high_contrast
