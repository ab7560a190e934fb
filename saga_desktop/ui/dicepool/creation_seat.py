"""The creation dialog at a player's seat: a character for the GM to accept or send back.

*Party › New character…* opens the GM's own creation dialog
(:class:`~saga_desktop.ui.dicepool.creation.CreationDialog`); at a player's seat its *Player* is
the seat's name (read-only), *OK* sends the character to the host, which keeps it waiting for
the GM's approval, and a line at the top says where each of the seat's characters stands: at
the table, waiting for the GM, or sent back with the GM's reason. A character sent back fills
the form in, and what is sent takes its place (``replaces``). While one waits, nothing more is
sent: the GM reads it first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtWidgets import QDialogButtonBox

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.campaign import Character
from saga_desktop.model.changes import Changes
from saga_desktop.model.dicepool.ops.cards import CreateCharacter
from saga_desktop.model.dicepool.state import sheet_of
from saga_desktop.model.seat_model import same_name
from saga_desktop.ui.dicepool.widgets import label

if TYPE_CHECKING:
    from saga_desktop.ui.dicepool.creation import CreationDialog

STANDING = {
    "accepted": tr_noop("at the table"),
    "submitted": tr_noop("waiting for the GM's approval"),
    "returned": tr_noop("sent back by the GM"),
}


def seat_name(dialog: CreationDialog) -> str:
    """The name this seat joined with (a character's ``player``)."""
    model = getattr(dialog.bridge.session, "model", None)
    return str(getattr(model, "seat_name", ""))


class SeatCreation:
    """What the creation dialog does at a player's seat."""

    def __init__(self, dialog: CreationDialog) -> None:
        self.dialog = dialog
        self.name = seat_name(dialog)
        self.returned: str | None = None  # the character sent back the form was filled from
        dialog.player.setText(self.name)
        dialog.player.setReadOnly(True)
        dialog.player.setToolTip(tr("You: the GM sees the character as yours."))
        self.standing = label("")
        self.standing.setObjectName("creation-standing")
        dialog.layout().insertWidget(0, self.standing)  # type: ignore[union-attr]
        self.ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        dialog.bridge.changed.connect(self._changed)
        self.follow()

    def mine(self) -> list[Character]:
        """The seat's characters, in the campaign's order."""
        campaign = self.dialog.bridge.session.campaign
        return [c for c in campaign.characters if same_name(self.name, c.player)]

    def _changed(self, _changes: Changes) -> None:
        if shiboken6.isValid(self.dialog):
            self.follow()

    def follow(self) -> None:
        """Say where the seat's characters stand; fill the form from one sent back."""
        mine = self.mine()
        lines = [
            tr("{name}: {standing}", name=c.name, standing=tr(STANDING.get(c.status, c.status)))
            for c in mine
        ]
        back = next((c for c in mine if c.status == "returned"), None)
        waits = any(c.status == "submitted" for c in mine)
        if back is not None:
            said = back.review or tr("no reason given")
            lines.append(tr("The GM says: {review}", review=said))
            lines.append(tr("Change it below and send it again."))
        elif waits:
            lines.append(tr("The GM reads it now; the answer shows here and on its sheet."))
        elif not mine:
            lines.append(tr("You have no character yet: make one and send it to the GM."))
        self.standing.setText("\n".join(lines))
        if back is not None and back.id != self.returned:
            self.load(back)
        self.returned = None if back is None else back.id
        self.dialog.form_area.setEnabled(not waits)
        self.ok.setEnabled(not waits)
        self.ok.setText(tr("Send it again") if back is not None else tr("Send to the GM"))

    def load(self, character: Character) -> None:
        """Fill the form in from a character sent back."""
        d, sheet = self.dialog, sheet_of(character)
        d.name.setText(character.name)
        for key, value in (("str", sheet.strength), ("ref", sheet.reflexes),
                           ("int", sheet.intellect)):  # fmt: skip
            d.attrs[key].setValue(value)
        for kind, traits in (("skill", sheet.skills), ("proficiency", sheet.proficiencies),
                             ("vocation", sheet.vocations)):  # fmt: skip
            d.rows[kind].set_traits([(t.name, t.value) for t in traits])
        if sheet.weapons:
            w = sheet.weapons[0]
            d.weapon.setText(w.name)
            d.weapon_bonus.setValue(w.bonus)
            d.weapon_prof.setText(w.proficiency)
        if sheet.armor is not None:
            d.armor.setText(sheet.armor.name)
            d.armor_level.setValue(sheet.armor.level)

    def operation(self) -> CreateCharacter:
        """The character as entered, sent for the GM's approval (in place of one sent back)."""
        d = self.dialog
        return CreateCharacter(d.name.text(), d.spec(), self.name, True, self.returned)
