"""On the sheet of a character made again after the GM sent it back: what changed since.

The GM reads a character waiting for approval in its sheet (*Session › Review characters*, or
its sheet dock). When the player made it again in the place of the version sent back, this part
says, above the sheet, why it went back and what differs from that version (name, cards, Vanori,
attributes, max resilience, weapon), or that nothing did. It hides once the GM has answered.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign, Character
from saga_desktop.model.songs.ops.remake import creation_record, what_changed
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.style import plain_label


def remade_words(campaign: Campaign, character: Character) -> str:
    """What changed since the version sent back ("" unless it waits and was made again)."""
    if character.status != "submitted":
        return ""
    details = creation_record(campaign, character.id)
    changed = None if details is None else what_changed(details)
    if changed is None or details is None:
        return ""
    was = details.get("was")
    reason = was.get("reason") if isinstance(was, dict) else ""
    lines = [tr("You sent it back: {reason}", reason=reason)] if reason else []
    lines += changed or [tr("Nothing changed since you sent it back.")]
    if changed:
        lines.append(tr("Every other card and roll is the one you saw."))
    return "\n".join(lines)


class RemadePart(SheetPart):
    """What changed since the GM sent the character back (hidden when it was not)."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Made again: what changed"), context, parent)
        self.setObjectName("songs-remade")
        self.words = plain_label("", self)
        self.words.setAccessibleName(tr("What changed since it was sent back"))
        self.body.addWidget(self.words)
        self.hide()

    def refresh(self, character: Character) -> None:
        """Say what changed, while the character waits for the GM."""
        bridge = self.context.bridge
        text = "" if bridge.limited else remade_words(bridge.session.campaign, character)
        self.words.setText(text)
        self.setVisible(bool(text))
