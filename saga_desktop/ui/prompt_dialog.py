"""Sending a check to players: which characters, why, and whether they roll physical dice.

Every game's check or roll panel opens this when the GM prompts a check; the check itself (what
is checked, the difficulty) is set in the panel, so a player never chooses it. Each character
chosen gets a prompt of their own, waiting in the campaign until rolled or cancelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.types import NAME_MAX


@dataclass(frozen=True, slots=True)
class PromptTargets:
    """The characters a check goes to, the reason shown with it, and physical dice."""

    characters: tuple[str, ...]
    reason: str = ""
    physical: bool = False


class PromptDialog(QDialog):
    """Pick the characters who must roll the check set up in the GM's panel."""

    def __init__(
        self,
        what: str,
        characters: Sequence[tuple[str, str]],
        chosen: Sequence[str] = (),
        parent: QWidget | None = None,
        *,
        physical: bool = True,
    ) -> None:
        """``what`` describes the check; ``characters`` are ``(id, name)`` pairs.

        ``physical=False`` for a game without dice (Resonance draws cards): no dice choice.
        """
        super().__init__(parent)
        self.setObjectName("promptDialog")
        self.setWindowTitle(tr("Send a check to players"))
        layout = QVBoxLayout(self)
        heading = QLabel(what)
        heading.setTextFormat(Qt.TextFormat.PlainText)
        heading.setWordWrap(True)
        layout.addWidget(heading)
        who = QLabel(tr("Who rolls it (each gets the check in their own window):"))
        who.setWordWrap(True)
        layout.addWidget(who)
        self.list = QListWidget()
        for cid, name in characters:
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = cid in chosen
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        layout.addWidget(self.list)
        self.reason = QLineEdit(
            placeholderText=tr("Why (shown to the players), e.g. Climb the cliff")
        )
        self.reason.setMaxLength(NAME_MAX)
        layout.addWidget(self.reason)
        self.physical = QCheckBox(tr("The players roll physical dice and type what they show"))
        layout.addWidget(self.physical)
        self.physical.setVisible(physical)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Send"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.list.itemChanged.connect(lambda _i: self._enable())
        self._enable()

    def _enable(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.targets().characters))

    def targets(self) -> PromptTargets:
        """What was chosen."""
        ids = tuple(
            str(item.data(Qt.ItemDataRole.UserRole))
            for i in range(self.list.count())
            if (item := self.list.item(i)).checkState() == Qt.CheckState.Checked
        )
        physical = self.physical.isChecked() and not self.physical.isHidden()
        return PromptTargets(ids, " ".join(self.reason.text().split()), physical)


def ask_prompt_targets(
    parent: QWidget,
    what: str,
    characters: Sequence[tuple[str, str]],
    chosen: Sequence[str] = (),
    *,
    physical: bool = True,
) -> PromptTargets | None:
    """Ask the GM whom to send the check to; None when cancelled (``physical``: offer dice)."""
    dialog = PromptDialog(what, characters, chosen, parent, physical=physical)
    return dialog.targets() if dialog.exec() else None
