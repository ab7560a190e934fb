"""A monster's or NPC's sheet for the GM: its card dock with the GM's secret notes below.

The card part is the same as a character's (every edit one card operation, the fight's toll in
its "This fight" box); the notes are saved with ``EditMonster``.
"""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.dicepool.access import dicepool_play
from saga_desktop.model.dicepool.ops.monsters import EditMonster
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.dicepool.sheet import CardDock
from saga_desktop.ui.dicepool.widgets import label
from saga_desktop.ui.elide import menu_text, plain_tip


def monster_dock_name(monster_id: str) -> str:
    """The stable object name of a monster's sheet dock."""
    return f"monster-sheet-{monster_id}"


class MonsterDock(CardDock):
    """A monster's card with the GM's notes (the GM's window only: players never see notes)."""

    def __init__(self, bridge: SessionBridge, monster_id: str, parent: QWidget | None = None):
        self.notes: QPlainTextEdit | None = None
        self._draft: str | None = None  # notes typed and not saved survive a redraw
        super().__init__(bridge, monster_id, parent)
        self.setObjectName(monster_dock_name(monster_id))

    def refresh(self) -> None:
        """Rebuild the card, then the notes (keeping unsaved typing)."""
        if self.notes is not None and self.notes.document().isModified():
            self._draft = self.notes.toPlainText()
        self.notes = None
        super().refresh()
        monster = dicepool_play(self.bridge.session.campaign).monster(self.card_id)
        if monster is None:
            return
        action = self.toggleViewAction()
        action.setText(tr("Monster: {name}", name=menu_text(self.fontMetrics(), monster.name)))
        action.setToolTip(plain_tip(tr("Monster: {name}", name=monster.name)))
        box = QGroupBox(tr("GM's notes"))  # a title cannot wrap: the rest goes in a line below
        layout = QVBoxLayout(box)
        layout.addWidget(label(tr("Players never see them.")))
        notes = QPlainTextEdit()
        notes.setObjectName("monster-notes")
        notes.setPlainText(monster.notes if self._draft is None else self._draft)
        notes.document().setModified(self._draft is not None)
        notes.setMinimumHeight(80)
        save = QPushButton(tr("Save notes"))
        save.setObjectName("save-notes")
        save.clicked.connect(self._save_notes)
        layout.addWidget(notes)
        layout.addWidget(save)
        self.notes = notes
        # What the GM looks a monster up for comes first: its wounds, the fight, the notes.
        first = [self._part("injuries"), self._part("this-fight"), box]
        at = 1 if monster.incapacitated else 0  # under the line that says so
        for widget in first:
            if widget is not None:
                self.content.insertWidget(at, widget)
                at += 1

    def _part(self, name: str) -> QWidget | None:
        """A part of the card as drawn now, by object name (taken out of the layout)."""
        for i in range(self.content.count()):
            item = self.content.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None and widget.objectName() == name:
                self.content.removeWidget(widget)
                return widget
        return None

    def _save_notes(self) -> None:
        if self.notes is None:
            return
        text = self.notes.toPlainText()
        self._draft = None
        self.notes.document().setModified(False)
        if not self.apply(EditMonster(self.card_id, notes=text)):
            self._draft = text  # refused (too long, say): keep what was typed
            self.refresh()
