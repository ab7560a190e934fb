"""The GM's prompted rolls in the roll panel: send the roll set up to players, and the queue.

*Send to players…* prompts the roll as set up (attribute, DR, trial or fate, risk) to one or
more characters; each waits in the campaign until its player rolls it in their own window, or
the GM rolls it here for them (*Roll here*, with the real d20 typed in the setup when it is
ticked) or takes it back (*Cancel*). A table without the network uses the same queue. The list
and its buttons are the core's (:mod:`saga_desktop.ui.prompt_queue`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from saga_desktop.model.campaign import Campaign
from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.ops.prompts import CancelPromptedRoll, PromptRoll, RollPrompt
from saga_desktop.model.songs.state import SongsPrompt
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.prompt_dialog import PromptTargets
from saga_desktop.ui.prompt_queue import GmPromptQueue
from saga_desktop.ui.songs.play.roll_setup import RollSetup


class PromptQueue(GmPromptQueue):
    """Prompted rolls waiting, with Roll here and Cancel; sends the setup's roll to players."""

    def __init__(self, bridge: SessionBridge, setup: RollSetup, parent: QWidget | None = None):
        super().__init__(
            bridge,
            "Rolls sent to players",
            send_tip="Prompt this roll to characters: each player rolls it",
            act=("Roll here", "Roll the selected prompt for its player (no burns)"),
            parent=parent,
        )
        self.setObjectName("roll-prompts")
        self.send_button.setObjectName("roll-send")
        self.setup = setup
        self.roll_button = self.act_button
        self.refresh()

    def describe(self, prompt: SongsPrompt, campaign: Campaign) -> str:
        """E.g. ``"Heart trial vs DR 12, risk 2 (real d20)"``."""
        return prompt.explain() + (" (real d20)" if prompt.physical else "")

    def request(self) -> tuple[str, str] | None:
        """The roll as set up, in words, and whose it is."""
        op = self.setup.op()
        if op is None:
            return None
        return f"{op.attribute.title} {op.kind.value} roll against DR {op.dr}", op.character

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
