"""A player's own sheet reads in the dark scheme: the read-only header is light text on dark.

At Sam's seat his own character's name, player and pronouns are read-only fields (the GM edits
them); drawn as text on the window's ground, they must stay readable when the scheme is dark
(they were near-white on white), at 100% and at 200% alike, in all three games.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.sample import build_sample as dicepool_sample
from saga_desktop.model.resonance.sample import build_sample as resonance_sample
from saga_desktop.model.songs.sample import build_sample as songs_sample
from saga_desktop.ui.appearance import Appearance, appearance_manager
from saga_desktop.ui.network.menu import SessionMenu
from saga_desktop.ui.palette import contrast
from tests.ui.network.seat_fixtures import seat_sheet, seat_window
from tests.ui.network.table_fixtures import hosted


@pytest.fixture(autouse=True)
def _dark() -> Iterator[None]:
    appearance_manager().set_choice(Appearance.DARK)
    yield
    appearance_manager().set_choice(Appearance.SYSTEM)


GAMES = {"songs": songs_sample, "resonance": resonance_sample, "dice-pool": dicepool_sample}


@pytest.fixture(params=sorted(GAMES))
def menu(qtbot: QtBot, request: pytest.FixtureRequest) -> Iterator[SessionMenu]:
    with hosted(qtbot, GAMES[request.param]()) as menu:
        yield menu


def drawn(widget: QWidget) -> QImage:
    QApplication.processEvents()
    parent = widget.parentWidget()
    assert parent is not None
    return parent.grab(widget.geometry()).toImage()


def legibility(edit: QLineEdit) -> float:
    """The best contrast between a pixel of the field as drawn and the field's ground."""
    image = drawn(edit)
    ground = QColor(image.pixel(2, image.height() // 2))
    best = 1.0
    for x in range(0, image.width(), 2):
        for y in range(0, image.height(), 2):
            best = max(best, contrast(QColor(image.pixel(x, y)), ground))
    return best


def check(dock: QWidget, dark: bool, header: bool = True) -> None:
    """Name and player read as text on the window's own ground, in the scheme in effect."""
    QApplication.processEvents()  # the new palette reaches every widget
    edits = [e for e in dock.findChildren(QLineEdit) if e.isReadOnly() and e.text()]
    edits = [  # the header's closed fields (a spin box's own field is the spin box's)
        e for e in edits if e.isVisibleTo(dock) and e.objectName() != "qt_spinbox_lineedit"
    ]
    assert edits or not header, "no read-only field in the header"
    window = QApplication.palette().color(QPalette.ColorRole.Window)
    assert (window.lightnessF() < 0.5) is dark
    for edit in edits:
        image = drawn(edit)
        ground = QColor(image.pixel(2, image.height() // 2))
        assert contrast(ground, window) < 1.3, (edit.accessibleName(), ground.name())
        assert legibility(edit) >= 4.5, edit.accessibleName()


@pytest.mark.parametrize("scale", [1, 2])
def test_the_players_own_sheet_header_reads_in_the_dark(
    qtbot: QtBot, menu: SessionMenu, scale: int
) -> None:
    appearance_manager().set_choice(Appearance.LIGHT)  # the seat opens light...
    sam = seat_window(qtbot, menu, "Sam")
    sam.resize(1366 // scale, 768 // scale)  # 200%: half the room, in device-independent pixels
    font = sam.font()
    font.setPointSizeF(font.pointSizeF() * scale)
    sam.setFont(font)
    mine = [c.id for c in menu.bridge.session.campaign.characters if c.player == "Sam"]
    dock = seat_sheet(sam, mine[0])  # Sam's own character
    dock.show()
    dock.raise_()
    qtbot.waitExposed(sam)
    # Songs & Sagas shows its header as closed fields; the other games' read-only fields, if
    # any, are held to the same.
    header = menu.bridge.session.campaign.ruleset == "songs-and-sagas"
    check(dock, dark=False, header=header)
    appearance_manager().set_choice(Appearance.DARK)  # ...and the player turns the lights down
    check(dock, dark=True, header=header)
    appearance_manager().set_choice(Appearance.LIGHT)  # and up again
    check(dock, dark=False, header=header)
