"""The GM's queue of checks sent to players, shared by the games' roll and check panels.

*Send to players…* (the panel places the button) prompts the check as set up to one or more
characters; each prompt waits in the campaign until its player rolls it in their own window,
or the GM acts on it here for them (the game names the button: *Roll here*, *Draw here*) or
takes it back (*Cancel*). The box hides while nothing waits. A game subclasses
:class:`GmPromptQueue` with its words, how a prompt reads, and its operations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Campaign
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.operation import Operation
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.prompt_dialog import PromptTargets, ask_prompt_targets


class GmPromptQueue(QGroupBox):
    """Prompts waiting, with an act-here button and Cancel; sends the panel's check to players.

    Subclasses give :meth:`describe`, :meth:`request`, :meth:`prompt_op`, :meth:`act_op` and
    :meth:`cancel_op`.
    """

    def __init__(
        self,
        bridge: SessionBridge,
        title: str,
        *,
        send_tip: str,
        act: tuple[str, str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(title, parent)
        self.bridge = bridge
        self.send_button = QPushButton(tr("Send to players…"))
        self.send_button.setToolTip(send_tip)
        self.send_button.clicked.connect(self.send)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        self.list.setWordWrap(True)
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.act_button = QPushButton(act[0])
        self.act_button.setToolTip(act[1])
        self.cancel_button = QPushButton(tr("Cancel"))
        buttons.addWidget(self.act_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)  # names are user text
        self.problem.setWordWrap(True)
        self.problem.hide()  # takes no room until there is something to say
        layout.addWidget(self.problem)
        self.act_button.clicked.connect(self.act_here)
        self.cancel_button.clicked.connect(self.cancel)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh())

    # What a game says and does.

    def describe(self, prompt: Any, campaign: Campaign) -> str:
        """How a waiting prompt reads after its number and character."""
        raise NotImplementedError

    def request(self) -> tuple[str, str] | None:
        """The check as set up: (what it is, in words; whose it is), or None (said why)."""
        raise NotImplementedError

    def prompt_op(self, character: str, targets: PromptTargets) -> Operation | None:
        """The operation prompting the check as set up to ``character`` (None: said why)."""
        raise NotImplementedError

    def act_op(self, number: int) -> Operation:
        """The operation for the act-here button on prompt ``number``."""
        raise NotImplementedError

    def cancel_op(self, number: int) -> Operation:
        """The operation taking prompt ``number`` back."""
        raise NotImplementedError

    def send_enabled(self) -> bool:
        """Whether the check as set up can be sent (a game may send only some kinds)."""
        return True

    # The shared behaviour.

    def show_problem(self, text: str) -> None:
        """Say why the check cannot be sent (an empty text clears it)."""
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def prompts(self) -> Sequence[Any] | None:
        """The prompts waiting, or None when the open campaign is another game's."""
        return getattr(self.bridge.session.campaign.play, "prompts", None)

    def _on_changed(self, changes: Changes) -> None:
        if changes.aspects & (Aspect.PLAY | Aspect.CHARACTERS):
            self.refresh()

    def refresh(self) -> None:
        """List the prompts waiting (the box hides when there are none)."""
        prompts = self.prompts()
        if prompts is None:
            return  # another game's campaign, before this panel goes away
        campaign = self.bridge.session.campaign
        names = {c.id: c.name for c in campaign.characters}
        self.list.clear()
        for p in prompts:
            words = {
                "number": p.id,
                "character": names.get(p.character, "?"),
                "check": self.describe(p, campaign),
            }
            if p.reason:
                text = tr("#{number} {character}: {check} — {reason}", reason=p.reason, **words)
            else:
                text = tr("#{number} {character}: {check}", **words)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, p.id)
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.setVisible(bool(prompts))
        self.act_button.setEnabled(bool(prompts))
        self.cancel_button.setEnabled(bool(prompts))
        self.update_send()

    def update_send(self) -> None:
        """Enable *Send to players…* for what is set up now."""
        self.send_button.setEnabled(self.send_enabled())

    def selected(self) -> int | None:
        """The number of the prompt picked in the list."""
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def apply(self, op: Operation) -> bool:
        """Apply ``op`` (a refusal shows over the box); whether it changed the campaign."""
        before = self.bridge.session.revision
        self.bridge.apply(op, self)
        return self.bridge.session.revision != before

    def send(self) -> None:
        """Ask whom to send the check as set up to, then prompt it to each."""
        request = self.request()
        if request is None:
            return
        what, whose = request
        party = [(c.id, c.name) for c in self.bridge.session.campaign.characters]
        targets = ask_prompt_targets(self, what, party, [whose])
        if targets is not None:
            self.send_to(targets)

    def send_to(self, targets: PromptTargets) -> None:
        """Prompt the check as set up to each character chosen (stops at the first refusal)."""
        for character in targets.characters:
            op = self.prompt_op(character, targets)
            if op is None or not self.apply(op):
                return

    def act_here(self) -> None:
        """Act on the selected prompt here, for its player."""
        number = self.selected()
        if number is not None:
            self.apply(self.act_op(number))

    def cancel(self) -> None:
        """Take the selected prompt back."""
        number = self.selected()
        if number is not None:
            self.apply(self.cancel_op(number))
