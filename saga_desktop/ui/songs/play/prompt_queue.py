"""The GM's prompted rolls in the roll panel: send the roll set up to players, and the queue.

*Send to players…* prompts the roll as set up (attribute, DR, trial or fate, risk) to one or
more characters; each waits in the campaign until its player rolls it in their own window, or
the GM rolls it here for them (*Roll here*, with the real d20 typed in the setup when it is
ticked) or takes it back (*Cancel*). A table without the network uses the same queue. The list
and its buttons are the core's (:mod:`saga_desktop.ui.prompt_queue`).

At a player's seat the same list holds the rolls sent to the seat's own characters: picking one
sets it up in the panel, whose Roll button rolls it with the player's burns. Sending, cancelling
and rolling for a player are the GM's (the host would refuse them), so their buttons are gone.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QWidget

from saga_desktop.i18n import tr
from saga_desktop.i18n.words import say
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation, kind_of
from saga_desktop.model.songs.ops.prompts import CancelPromptedRoll, PromptRoll, RollPrompt
from saga_desktop.model.songs.state import SongsPrompt
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.prompt_queue import GmPromptQueue
from saga_desktop.ui.songs.play.roll_result import KIND_WORDS
from saga_desktop.ui.songs.play.roll_setup import RollSetup
from saga_desktop.ui.songs.sheets.terms import attribute_title


class PromptQueue(GmPromptQueue):
    """Prompted rolls waiting, with Roll here and Cancel; sends the setup's roll to players."""

    pickedChanged = Signal()
    """Another prompt was picked, or the prompts changed (read :meth:`picked`)."""

    def __init__(self, bridge: SessionBridge, setup: RollSetup, parent: QWidget | None = None):
        super().__init__(
            bridge,
            tr("Rolls sent to players"),
            send_tip=tr("Prompt this roll to characters: each player rolls it"),
            act=(tr("Roll here"), tr("Roll the selected prompt for its player (no burns)")),
            parent=parent,
        )
        self.setObjectName("roll-prompts")
        self.send_button.setObjectName("roll-send")
        self.setup = setup
        self._refreshing = False
        self.roll_button = self.act_button
        if bridge.limited:
            self.setTitle(tr("Rolls the GM sent you"))
            self.setToolTip(tr("Pick a roll: set up your burns below, then roll it"))
        # Hidden only (never shown here): the send button has no parent until the panel's footer.
        for button, allowed in (
            (self.send_button, bridge.may(kind_of(PromptRoll))),
            (self.cancel_button, bridge.may(kind_of(CancelPromptedRoll))),
            (self.act_button, not bridge.limited),  # a player rolls with the panel's Roll button
        ):
            if not allowed:
                button.hide()
        self.list.currentRowChanged.connect(self._row_changed)
        self.refresh()

    def _row_changed(self, _row: int) -> None:
        if not self._refreshing:
            self.pickedChanged.emit()

    def prompts(self) -> Sequence[SongsPrompt] | None:
        """The prompts waiting (at a player's seat, those of the seat's own characters)."""
        prompts: Sequence[SongsPrompt] | None = super().prompts()
        if prompts is None or not self.bridge.limited:
            return prompts
        viewer = self.bridge.viewer
        return [p for p in prompts if viewer.owns(p.character)]

    def refresh(self) -> None:
        """List the prompts waiting; the one picked stays picked while it waits."""
        picked = self.selected()
        self._refreshing = True  # the list is rebuilt: one pickedChanged at the end, not three
        try:
            super().refresh()
            for row in range(self.list.count()):
                if self.list.item(row).data(Qt.ItemDataRole.UserRole) == picked:
                    self.list.setCurrentRow(row)
        finally:
            self._refreshing = False
        if self.bridge.limited:  # a player's few rolls (up to three lines in a narrow dock)
            lines = 3 * self.list.count() * self.list.fontMetrics().lineSpacing()
            self.list.setMaximumHeight(min(160, lines + 2 * self.list.frameWidth() + 6))
        self.pickedChanged.emit()

    def picked(self) -> SongsPrompt | None:
        """The prompt picked in the list, as the campaign holds it."""
        number = self.selected()
        return next((p for p in self.prompts() or () if p.id == number), None)

    def describe(self, prompt: SongsPrompt, campaign: Campaign) -> str:
        """E.g. ``"Heart trial vs DR 12, risk 2 (real d20)"``."""
        said = say(prompt.words())
        return tr("{roll} (real d20)", roll=said) if prompt.physical else said

    def request(self) -> tuple[str, str] | None:
        """The roll as set up, in words, and whose it is."""
        op = self.setup.op()
        if op is None:
            return None
        said = tr(
            "{attribute} {kind} against DR {dr}",
            attribute=attribute_title(op.attribute),
            kind=tr(KIND_WORDS[op.kind]),
            dr=op.dr,
        )
        return said, op.character

    def prompt_op(self, character: str, targets: PromptTargets) -> Operation | None:
        """The roll as set up, prompted to ``character``."""
        op = self.setup.op()
        if op is None:
            return None
        return PromptRoll(character, op.attribute, op.dr, op.kind, op.risk,
                          targets.reason, targets.physical)  # fmt: skip

    def act_op(self, number: int) -> Operation:
        """Roll prompt ``number`` here, with the setup's real d20 if ticked."""
        d20 = self.setup.d20.value() if self.setup.physical.isChecked() else None
        return RollPrompt(number, d20=d20)

    def cancel_op(self, number: int) -> Operation:
        """Take prompt ``number`` back."""
        return CancelPromptedRoll(number)

    def roll_here(self) -> None:
        """Roll the selected prompt for its player (the *Roll here* button)."""
        self.act_here()
