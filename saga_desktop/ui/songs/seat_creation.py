"""The Songs & Sagas form of a joined player's Character tab.

Over the network the host draws the attribute cards and rolls the dice, so the player sends one
request with their choices (:class:`~saga_desktop.model.songs.ops.creation.QuickCharacter`): the
name, pronouns, a weapon, and a Vanori chosen or left to the d6. The host then plays the rules'
own way through the rest: a card of spades (a negative modifier) is redrawn while redraws last,
and a max resilience roll in the lower half of the die is rolled again.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.ops.creation import QuickCharacter, describe_vanori
from saga_desktop.model.types import NAME_MAX
from saga_desktop.rules import songs
from saga_desktop.ui.network import named
from saga_desktop.ui.network.creation_panel import CreationForm
from saga_desktop.ui.network.seat import SeatContext

ROLL = ""
"""The Vanori choice that leaves it to the d6."""


class SongsCreationForm(CreationForm):
    """Pronouns, a weapon and a Vanori; the host draws and rolls the rest."""

    note = (
        "The GM's table draws your attribute cards and rolls your dice: a card of spades is "
        "redrawn while redraws last, and a low max resilience roll is rolled again."
    )

    def __init__(self, seat: SeatContext, parent: QWidget | None = None) -> None:
        super().__init__(seat, parent)
        self.pronouns = named(QLineEdit(), "creationPronouns")
        self.weapon = named(QLineEdit("Spear"), "creationWeapon")
        for edit in (self.pronouns, self.weapon):
            edit.setMaxLength(NAME_MAX)
        self.vanori = named(QComboBox(), "creationVanori")
        self.vanori.addItem("Roll the d6 for it", ROLL)
        for vid in songs.VANORI_ORDER:
            self.vanori.addItem(describe_vanori(songs.VANORI[vid]).capitalize(), vid)
        self.layout_.addRow("P&ronouns", self.pronouns)
        self.layout_.addRow("&Weapon", self.weapon)
        self.layout_.addRow("&Vanori", self.vanori)

    def load(self, character: dict[str, Any]) -> None:
        """Keep the pronouns and the Vanori of the character sent back."""
        sheet = character.get("sheet") or {}
        self.pronouns.setText(str(sheet.get("pronouns", "")))
        at = self.vanori.findData(sheet.get("vanori"))
        if at >= 0:
            self.vanori.setCurrentIndex(at)

    def operation(self, name: str, player: str, replaces: str | None) -> Operation:
        """A quick character with the player's choices, waiting for the GM."""
        vanori = self.vanori.currentData() or None
        return QuickCharacter(
            name,
            self.weapon.text() or "Spear",
            vanori,
            player,
            self.pronouns.text(),
            submit=True,
            replaces=replaces,
        )
