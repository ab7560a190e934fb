"""The GM's prompted checks in the check panel: send the check set up to players, and the queue.

*Send to players…* prompts the single check as set up (stat, DC or an adversary's defence) to
one or more characters; each waits in the campaign until its player draws for it in their own
window, or the GM draws here for them (*Draw here*) or takes it back (*Cancel*).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.model.changes import Changes
from saga_desktop.model.operation import Operation, OperationError
from saga_desktop.model.resonance.ops.checks import BeginCheck
from saga_desktop.model.resonance.ops.prompts import CancelPromptedCheck, DrawPrompt, PromptCheck
from saga_desktop.model.resonance.state import play_of
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.prompt_dialog import PromptTargets, ask_prompt_targets
from saga_desktop.ui.resonance.setup import CheckSetup
from saga_desktop.ui.resonance.words import plain_label


class PromptQueue(QGroupBox):
    """Prompted checks waiting, with Draw here and Cancel; sends the setup's check to players."""

    def __init__(self, bridge: SessionBridge, setup: CheckSetup, parent: QWidget | None = None):
        super().__init__("Checks sent to players", parent)
        self.setObjectName("resonance-prompts")
        self.bridge, self.setup = bridge, setup
        self.send_button = QPushButton("Send to players…")
        self.send_button.setObjectName("send-check")
        self.send_button.setToolTip("Prompt this check to characters: each player draws and plays")
        self.send_button.clicked.connect(self.send)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        self.list.setWordWrap(True)
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.draw_button = QPushButton("Draw here")
        self.draw_button.setToolTip("Draw for the selected prompt here, for its player")
        self.cancel_button = QPushButton("Cancel")
        buttons.addWidget(self.draw_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        self.problem = plain_label()
        layout.addWidget(self.problem)
        self.draw_button.clicked.connect(self.draw_here)
        self.cancel_button.clicked.connect(self.cancel)
        setup.changed.connect(self._enable)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh())
        self.refresh()

    def _on_changed(self, _changes: Changes) -> None:
        self.refresh()

    def _enable(self) -> None:
        self.send_button.setEnabled(self.setup.kind_of() == "single")

    def refresh(self) -> None:
        """List the prompts waiting (the box hides when there are none)."""
        campaign = self.bridge.session.campaign
        prompts = getattr(campaign.play, "prompts", None)
        if prompts is None:
            return  # another game's campaign, before this panel goes away
        names = {c.id: c.name for c in campaign.characters}
        foes = {a.id: a.name for a in play_of(campaign).adversaries}
        self.list.clear()
        for p in prompts:
            why = f" — {p.reason}" if p.reason else ""
            what = p.explain(foes.get(p.adversary or "", ""))
            text = f"#{p.id} {names.get(p.character, '?')}: {what}"
            item = QListWidgetItem(text + why)
            item.setData(Qt.ItemDataRole.UserRole, p.id)
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.setVisible(bool(prompts))
        self._enable()

    def _selected(self) -> int | None:
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def _apply(self, op: Operation) -> bool:
        before = self.bridge.session.revision
        self.bridge.apply(op, self)
        return self.bridge.session.revision != before

    def _check(self) -> BeginCheck | None:
        try:
            op = self.setup.operation()
        except OperationError as exc:
            self.problem.setText(str(exc))
            return None
        if not isinstance(op, BeginCheck):
            self.problem.setText("Only a single check is sent to players")
            return None
        self.problem.setText("")
        return op

    def send(self) -> None:
        """Ask whom to send the check as set up to, then prompt it to each."""
        op = self._check()
        if op is None:
            return
        party = [(c.id, c.name) for c in self.bridge.session.campaign.characters]
        what = f"{op.stat.title} check" + (f" against DC {op.dc}" if op.adversary is None else "")
        targets = ask_prompt_targets(self, what, party, [op.character])
        if targets is not None:
            self.send_to(targets)

    def send_to(self, targets: PromptTargets) -> None:
        """Prompt the check as set up to each character chosen (stops at the first refusal)."""
        op = self._check()
        if op is None:
            return
        for character in targets.characters:
            prompt = PromptCheck(character, op.stat, op.dc, op.adversary, op.defence,
                                 targets.reason)  # fmt: skip
            if not self._apply(prompt):
                return

    def draw_here(self) -> None:
        """Draw for the selected prompt here (its cards then wait in the panel above)."""
        number = self._selected()
        if number is not None:
            self._apply(DrawPrompt(number))

    def cancel(self) -> None:
        """Take the selected prompt back."""
        number = self._selected()
        if number is not None:
            self._apply(CancelPromptedCheck(number))
