"""One character's sheet in a dock: movable, floatable, tabbed with the other sheets."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QHideEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from saga_desktop.i18n import tr
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.elide import menu_text, plain_tip
from saga_desktop.ui.gate import local
from saga_desktop.ui.lazy_dock import LazyDock
from saga_desktop.ui.songs.sheets.base import SheetContext
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label, tool_button
from saga_desktop.ui.songs.sheets.widget import SheetWidget


def dock_name(character_id: str) -> str:
    """The stable object name of a character's dock, which the window layout remembers."""
    return f"sheet-{character_id}"


class SheetDock(LazyDock):
    """A character sheet: the refusal line on top, the sheet scrolling below it.

    The sheet itself is made when the dock is first shown (a sheet tabbed behind another at
    start costs nothing until its tab is picked); the title follows the name from the start.
    """

    exportRequested = Signal(str)
    """The player asked to export this sheet (carries the character id)."""

    removeRequested = Signal(str)
    """The player asked to remove this character (carries the character id)."""

    def __init__(
        self, bridge: SessionBridge, character_id: str, parent: QWidget | None = None
    ) -> None:
        super().__init__("", parent)
        self.setObjectName(dock_name(character_id))
        self.character_id = character_id
        self.context = SheetContext(bridge, character_id, self)
        self._show_title()

    def build(self) -> None:
        """Make the refusal line and the sheet."""
        character_id = self.character_id
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.problem_bar = QFrame(body)
        bar = FlowLayout(self.problem_bar)
        bar.setContentsMargins(8, 4, 8, 4)
        self.problem = plain_label("", self.problem_bar, bold=True)
        self.problem.setAccessibleName(tr("Refused"))
        colour_label(self.problem, "warning")
        dismiss = tool_button(tr("Dismiss"), tr("Dismiss the message"), parent=self.problem_bar)
        local(dismiss).clicked.connect(self.clear_problem)
        bar.addWidget(self.problem)
        bar.addWidget(dismiss)
        self.problem_bar.hide()
        layout.addWidget(self.problem_bar)
        self.sheet = SheetWidget(self.context, body)
        self.scroll_area = QScrollArea(body)
        self.scroll_area.setWidget(self.sheet)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        layout.addWidget(self.scroll_area)
        self.setWidget(body)
        self.context.refused.connect(self.show_problem)
        self.context.applied.connect(lambda _r: self.clear_problem())
        self.sheet.exportRequested.connect(lambda: self.exportRequested.emit(character_id))
        self.sheet.removeRequested.connect(lambda: self.removeRequested.emit(character_id))
        self.refresh()

    def show_problem(self, message: str) -> None:
        """Say why an edit was refused (nothing was changed)."""
        self.problem.setText(tr("Not changed: {message}", message=message))
        self.problem_bar.show()

    def clear_problem(self) -> None:
        """Hide the refusal line."""
        self.problem.setText("")
        self.problem_bar.hide()

    @property
    def problem_text(self) -> str:
        """The refusal shown now ("" when none)."""
        return self.problem.text() if self.problem_bar.isVisibleTo(self) else ""

    def _show_title(self) -> None:
        character = self.context.character
        if character is not None:
            self.setWindowTitle(character.name)
            action = self.toggleViewAction()
            # A name is user text: "&" is a letter in the menu, and markup stays markup.
            action.setText(tr("Sheet: {name}", name=menu_text(self.fontMetrics(), character.name)))
            action.setToolTip(plain_tip(tr("Sheet: {name}", name=character.name)))

    def refresh(self) -> None:
        """Show the character as it is now; the title follows the name."""
        if self.context.character is None:
            return
        self._show_title()
        if self.built:
            self.sheet.refresh()

    def on_changed(self, changes: Changes) -> None:
        """Redraw after a change that touched this character or the cards."""
        if self.character_id in changes.characters:
            self.refresh()
        elif (
            self.built
            and Aspect.TABLE in changes
            and (character := self.context.character) is not None
        ):
            self.sheet.hand.refresh(character)

    def commit_typing(self) -> None:
        """Apply what is being typed in the sheet (nothing when it was never shown)."""
        if self.built:
            self.sheet.commit_typing()

    def hideEvent(self, event: QHideEvent) -> None:
        """Apply what is being typed when the dock is closed or tabbed away."""
        self.commit_typing()
        super().hideEvent(event)
