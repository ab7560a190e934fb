"""The Regions dock's detail area: the selected region's whole title and note, edited in place.

The note is plain text. An edit is applied as one :class:`EditRegion` (journaled, undoable) when
the player presses *Save note*, leaves the box, or picks another region, so typing is never lost
and never half-applied. A refusal (a note too long) is shown under the box and the typed text
stays. When the note changes underneath (Undo, the edit dialog) and nothing is being typed, the box
follows.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr
from saga_desktop.model.campaign import Region
from saga_desktop.model.operation import OperationError
from saga_desktop.model.ops.map import EditRegion
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.theme import risk_words
from saga_desktop.ui.map.tooltip import region_heading


def _plain_label(bold: bool = False) -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if bold:
        font = label.font()
        font.setBold(True)
        label.setFont(font)
    return label


class RegionNotes(QWidget):
    """The whole title, terrain, risk (where the game has it) and public note of one region."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RegionNotes")
        self.bridge = bridge
        self.show_risk = True
        self._at: tuple[int, int] | None = None
        self._shown = ""  # the note as last read from the campaign
        self.heading = _plain_label(bold=True)
        self.facts = _plain_label()
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("RegionNoteText")
        self.notes.setAccessibleName(tr("Region note"))
        self.notes.setTabChangesFocus(True)
        self.notes.textChanged.connect(self._typed)
        self.notes.installEventFilter(self)
        self.error = _plain_label()
        self.error.setStyleSheet("color: #b3261e;")
        self.error.hide()
        self.save_button = QPushButton(tr("&Save note"))
        self.save_button.clicked.connect(self.save)
        self.revert_button = QPushButton(tr("Re&vert"))
        self.revert_button.clicked.connect(self.revert)
        # The buttons sit beside the facts, so a short dock still shows them and the note.
        row = self.button_row = QHBoxLayout()
        row.addWidget(self.facts, 1)
        row.addWidget(self.revert_button, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignTop)
        self.notes.setMinimumHeight(self.notes.fontMetrics().lineSpacing() * 3 + 12)
        # It takes the room the pane has (its default wish of 192 px made a short pane scroll).
        self.notes.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        if bridge.limited:  # a player's seat reads the note; only the GM writes it
            self.notes.setReadOnly(True)
            self.save_button.hide()
            self.revert_button.hide()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.addWidget(self.heading)
        lay.addLayout(row)
        lay.addWidget(self.notes, 1)
        lay.addWidget(self.error)
        self.show_region(None)

    @property
    def region_hex(self) -> tuple[int, int] | None:
        """The (q, r) of the region shown, if any."""
        return self._at

    def _region(self) -> Region | None:
        return None if self._at is None else self.bridge.session.campaign.map.region_at(*self._at)

    def dirty(self) -> bool:
        """True while the box holds typing not yet applied."""
        return self._at is not None and self.notes.toPlainText() != self._shown

    def show_region(self, at: tuple[int, int] | None) -> None:
        """Show the region at a hex (None: no region selected); typing on the last one is saved."""
        if self.dirty() and at != self._at:
            self.save()
        self._at = at
        self.refresh(force=True)

    def clear(self) -> None:
        """Show no region and keep nothing typed (another campaign was opened)."""
        self._at = None
        self.refresh(force=True)

    def refresh(self, *, force: bool = False) -> None:
        """Read the region again; the box follows unless the player is typing in it."""
        region = self._region()
        if region is None:
            self._at = None
            self.heading.setText(tr("No region selected"))
            self.facts.setText(tr("Pick a region in the list or on the map to read its note."))
            self._set_text("")
            self.notes.setEnabled(False)
            self.notes.setPlaceholderText("")
            self._update_buttons()
            return
        self.heading.setText(region_heading(region))
        facts = [region.terrain] if region.terrain else []
        if self.show_risk:
            facts.append(
                tr("Risk {risk} ({words})", risk=region.risk, words=risk_words(region.risk))
            )
        facts.append(tr("visited") if region.visited else tr("not visited yet"))
        if region.hidden:
            facts.append(tr("hidden from the players"))
        self.facts.setText(" · ".join(facts))
        self.notes.setEnabled(True)
        self.notes.setPlaceholderText(tr("No notes yet. Type here; Save note keeps them."))
        if force or not self.dirty():
            self._set_text(region.notes)
        self._shown = region.notes
        self._update_buttons()

    def _set_text(self, text: str) -> None:
        self._shown = text
        if self.notes.toPlainText() != text:
            self.notes.setPlainText(text)
        self.error.hide()

    def _typed(self) -> None:
        self.error.hide()
        self._update_buttons()

    def _update_buttons(self) -> None:
        dirty = self.dirty()
        self.save_button.setEnabled(dirty)
        self.revert_button.setEnabled(dirty)

    def save(self) -> bool:
        """Apply the typed note as one undoable operation; False (and why, shown) if refused."""
        if not self.dirty() or self._at is None:
            return True
        try:
            self.bridge.try_apply(EditRegion(*self._at, notes=self.notes.toPlainText()))
        except OperationError as exc:
            self.error.setText(tr("The note was not saved: {problem}", problem=exc))
            self.error.show()
            return False
        self.refresh(force=True)
        return True

    def revert(self) -> None:
        """Throw the typing away: show the note as it is in the campaign."""
        self.refresh(force=True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Leaving the box saves what was typed."""
        if watched is self.notes and event.type() == QEvent.Type.FocusOut:
            self.save()
        return super().eventFilter(watched, event)
