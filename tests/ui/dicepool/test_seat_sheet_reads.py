"""A dice-pool player's own sheet reads as a sheet at their seat, light and dark.

Loopback sockets: Ren opens the sample at their seat. Nothing on the card is a player's to edit,
so their sheet shows the name as a header with its player, each value as text (no greyed spin
boxes, no arrows), and no empty add rows or Remove buttons. The GM's own sheet of the same
character keeps every control. In the dark scheme a value reads light on dark.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QPushButton,
)
from pytestqt.qtbot import QtBot

from saga_desktop.model.dicepool.access import card_of
from saga_desktop.model.dicepool.sample import build_sample
from saga_desktop.ui.appearance import Appearance, appearance_manager
from saga_desktop.ui.gate import barred
from saga_desktop.ui.network.seat_sheets import embedded_sheet
from saga_desktop.ui.palette import contrast
from tests.ui.network.seat_fixtures import seat_sheet, seat_window
from tests.ui.network.table_fixtures import hosted

NARROW = 150
"""A sheet dock this narrow reads without sideways scrolling (a 1366×768 screen at 200%, the
map given most of it)."""


@pytest.fixture(autouse=True)
def _back_to_system() -> Iterator[None]:
    yield
    appearance_manager().set_choice(Appearance.SYSTEM)


@pytest.mark.parametrize("scheme", [Appearance.LIGHT, Appearance.DARK])
def test_a_players_own_dice_pool_sheet_reads_as_a_sheet(qtbot: QtBot, scheme: Appearance) -> None:
    session = build_sample()
    me = session.campaign.characters[0]
    with hosted(qtbot, session) as menu:
        ren = seat_window(qtbot, menu, me.player)
        ren.resize(1366, 768)
        qtbot.waitExposed(ren)
        sheet = seat_sheet(ren, me.id)  # gated in the light...
        appearance_manager().set_choice(scheme)  # ...then the player picks the scheme
        dark = QApplication.palette().color(QPalette.ColorRole.Window).lightnessF() < 0.5
        assert dark == (scheme is Appearance.DARK)
        sheet.show()
        sheet.raise_()
        qtbot.wait(50)
        names = [w for w in sheet.findChildren(QLabel) if w.objectName() == "sheet-name"]
        assert [n.text() for n in names] == [me.name] and names[0].isVisibleTo(sheet)
        shown = [w for w in sheet.findChildren(QLabel) if w.isVisibleTo(sheet)]
        assert f"Player: {me.player}" in [w.text() for w in shown]
        spins = [s for s in sheet.findChildren(QAbstractSpinBox) if s.isVisibleTo(sheet)]
        assert len(spins) >= 3  # STR, REF, INT at least
        for spin in spins:
            assert barred(spin) and spin.isEnabled(), "a value greyed out"
            assert spin.buttonSymbols() is QAbstractSpinBox.ButtonSymbols.NoButtons
            ink = spin.palette().color(QPalette.ColorRole.Text)
            assert spin.palette().color(QPalette.ColorRole.Base).alpha() == 0  # the sheet's
            paper = sheet.palette().color(QPalette.ColorRole.Window)
            assert contrast(ink, paper) >= 4.5, (ink.name(), paper.name())
        empty = [e for e in sheet.findChildren(QLineEdit)
                 if e.isVisibleTo(sheet) and not e.text() and e.parent() is not None
                 and not isinstance(e.parent(), QAbstractSpinBox)]  # fmt: skip
        assert [e.placeholderText() for e in empty] in ([], ["nothing worn"], ["nothing worn"] * 2)
        buttons = [b for b in sheet.findChildren(QPushButton) if b.isVisibleTo(sheet)]
        assert buttons == [], [b.text() for b in buttons]
        assert not [c for c in sheet.findChildren(QCheckBox) if c.isVisibleTo(sheet)]
        card = card_of(session.campaign, me.id)
        worn = [p for p in (card.armor, card.shield) if p is not None]
        levels = [w for w in shown if w.text() == "Level" and w.isVisibleTo(sheet)]
        assert len(levels) == len(worn) < 2  # no empty "Level" row under a shield not worn
        body = sheet.widget().widget()  # type: ignore[union-attr]
        assert body.minimumSizeHint().width() <= NARROW, "the sheet sets a wide dock"
        gm = embedded_sheet(menu.bridge, me.id)  # the GM's own sheet keeps its controls
        assert gm is not None
        gm.show()
        gm_buttons = [b.text() for b in gm.findChildren(QPushButton) if b.isVisibleTo(gm)]
        assert "Add" in gm_buttons
        assert all(
            s.buttonSymbols() is not QAbstractSpinBox.ButtonSymbols.NoButtons
            for s in gm.findChildren(QAbstractSpinBox)
        )
        gm.deleteLater()
