"""The GM's prompted rolls in the roll panel: send the roll set up to players, and the queue.

*Send to players…* prompts the roll as set up (attribute, DR, trial or fate, risk) to one or
more characters; each waits in the campaign until its player rolls it in their own window, or
the GM rolls it here for them (*Roll here*, with the real d20 typed in the setup when it is
ticked) or takes it back (*Cancel*). A table without the network uses the same queue.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Operation
from saga_desktop.model.songs.ops.prompts import CancelPromptedRoll, PromptRoll, RollPrompt
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.prompt_dialog import PromptTargets, ask_prompt_targets
from saga_desktop.ui.songs.play.roll_setup import RollSetup


class PromptQueue(QGroupBox):
    """Prompted rolls waiting, with Roll here and Cancel; sends the setup's roll to players."""

    def __init__(self, bridge: SessionBridge, setup: RollSetup, parent: QWidget | None = None):
        super().__init__("Rolls sent to players", parent)
        self.setObjectName("roll-prompts")
        self.bridge, self.setup = bridge, setup
        self.send_button = QPushButton("Send to players…")
        self.send_button.setObjectName("roll-send")
        self.send_button.setToolTip("Prompt this roll to characters: each player rolls it")
        self.send_button.clicked.connect(self.send)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        self.list.setWordWrap(True)
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.roll_button = QPushButton("Roll here")
        self.roll_button.setToolTip("Roll the selected prompt for its player (no burns)")
        self.cancel_button = QPushButton("Cancel")
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        self.roll_button.clicked.connect(self.roll_here)
        self.cancel_button.clicked.connect(self.cancel)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh())
        self.refresh()

    def _on_changed(self, changes: Changes) -> None:
        if changes.aspects & (Aspect.PLAY | Aspect.CHARACTERS):
            self.refresh()

    def refresh(self) -> None:
        """List the prompts waiting (the box hides when there are none)."""
        campaign = self.bridge.session.campaign
        names = {c.id: c.name for c in campaign.characters}
        prompts = getattr(campaign.play, "prompts", [])
        self.list.clear()
        for p in prompts:
            extra = (f" — {p.reason}" if p.reason else "") + (" (real d20)" if p.physical else "")
            item = QListWidgetItem(f"#{p.id} {names.get(p.character, '?')}: {p.explain()}{extra}")
            item.setData(Qt.ItemDataRole.UserRole, p.id)
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.setVisible(bool(prompts))
        self.roll_button.setEnabled(bool(prompts))
        self.cancel_button.setEnabled(bool(prompts))

    def _selected(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _apply(self, op: Operation) -> bool:
        before = self.bridge.session.revision
        self.bridge.apply(op, self)
        return self.bridge.session.revision != before

    def send(self) -> None:
        """Ask whom to send the roll as set up to, then prompt it to each."""
        op = self.setup.op()
        if op is None:
            return
        party = [(c.id, c.name) for c in self.bridge.session.campaign.characters]
        what = f"{op.attribute.title} {op.kind.value} roll against DR {op.dr}"
        targets = ask_prompt_targets(self, what, party, [op.character])
        if targets is not None:
            self.send_to(targets)

    def send_to(self, targets: PromptTargets) -> None:
        """Prompt the roll as set up to each character chosen (stops at the first refusal)."""
        op = self.setup.op()
        if op is None:
            return
        for character in targets.characters:
            prompt = PromptRoll(character, op.attribute, op.dr, op.kind, op.risk,
                                targets.reason, targets.physical)  # fmt: skip
            if not self._apply(prompt):
                return

    def roll_here(self) -> None:
        """Roll the selected prompt for its player, with the setup's real d20 if ticked."""
        number = self._selected()
        if number is not None:
            d20 = self.setup.d20.value() if self.setup.physical.isChecked() else None
            self._apply(RollPrompt(number, d20=d20))

    def cancel(self) -> None:
        """Take the selected prompt back."""
        number = self._selected()
        if number is not None:
            self._apply(CancelPromptedRoll(number))
