"""The eight-box XP track, marking and clearing, the Owl's gift, and the blessing it brings."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QComboBox, QSizePolicy, QWidget

from saga_desktop.i18n import tr, trn
from saga_desktop.model.campaign import Character
from saga_desktop.model.operation import Operation, kind_of
from saga_desktop.model.songs.ops.play import OwlInsight
from saga_desktop.model.songs.ops.sheet import ClearXp, MarkXp
from saga_desktop.model.songs.state import sheet_of
from saga_desktop.rules import songs
from saga_desktop.ui.cards import card_plain
from saga_desktop.ui.gate import acts
from saga_desktop.ui.songs.sheets.base import SheetContext, SheetPart
from saga_desktop.ui.songs.sheets.entry_dialogs import SheetDialog
from saga_desktop.ui.songs.sheets.flow import FlowLayout
from saga_desktop.ui.songs.sheets.style import plain_label, tool_button

BOXES = songs.XP_BOXES


class XpTrack(QWidget):
    """Eight boxes, the marked ones filled; shrinks to fit a narrow dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.marked = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(tr("XP track"))

    def set_marked(self, marked: int) -> None:
        """Show ``marked`` filled boxes."""
        self.marked = marked
        self.setAccessibleName(tr("XP {marked} of {boxes}", marked=marked, boxes=BOXES))
        self.setToolTip(
            trn(
                "{n} of {boxes} XP box marked",
                "{n} of {boxes} XP boxes marked",
                marked,
                boxes=BOXES,
            )
        )
        self.update()

    def sizeHint(self) -> QSize:
        """Boxes about two lines of text tall."""
        side = self.fontMetrics().height() * 2
        return QSize(BOXES * (side + 6), side + 4)

    def minimumSizeHint(self) -> QSize:
        """Small boxes still read in a narrow dock."""
        side = self.fontMetrics().height()
        return QSize(BOXES * (side + 3), self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the boxes."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        gap = 6 if self.width() >= self.sizeHint().width() else 3
        side = min(self.height() - 4, (self.width() - gap * (BOXES - 1)) / BOXES)
        ink = self.palette().color(QPalette.ColorRole.WindowText)
        fill = self.palette().color(QPalette.ColorRole.Highlight)
        pen = QPen(ink, max(1.5, side / 14))
        for n in range(BOXES):
            rect = QRectF(n * (side + gap) + 1, 2, side - 2, side - 2)
            painter.setPen(pen)
            painter.setBrush(fill if n < self.marked else Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, side / 8, side / 8)


class XpPart(SheetPart):
    """XP marked on a setback; the eighth box brings the Vanori's blessing at once."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(tr("Experience"), context, parent)
        self.count = plain_label("", self, bold=True)
        self.body.addWidget(self.count)
        self.track = XpTrack(self)
        self.body.addWidget(self.track)
        row = FlowLayout()
        self.mark_button = tool_button(
            tr("Mark XP"),
            tr("Mark XP"),
            tr("Fill a box; the eighth brings the Vanori's blessing"),
            self,
        )
        self.clear_button = tool_button(tr("Clear a box"), tr("Clear an XP box"), parent=self)
        self.owl_button = tool_button(
            tr("Owl's gift…"),
            tr("Owl's gift"),
            tr("Once per session, burn a card to mark XP twice"),
            self,
        )
        acts(self.owl_button, kind_of(OwlInsight))
        self.mark_button.clicked.connect(lambda: self._xp(MarkXp(self.cid)))
        self.clear_button.clicked.connect(lambda: self.context.apply(ClearXp(self.cid)))
        self.owl_button.clicked.connect(self._owl)
        for button in (self.mark_button, self.clear_button, self.owl_button):
            row.addWidget(button)
        self.body.addLayout(row)

    def refresh(self, character: Character) -> None:
        """Show the marked boxes and whether the Owl's gift is ready."""
        sheet = sheet_of(character)
        self.track.set_marked(sheet.xp)
        self.count.setText(
            trn("{n} of {boxes} box marked", "{n} of {boxes} boxes marked", sheet.xp, boxes=BOXES)
        )
        owl = sheet.vanori == "owl"
        self.owl_button.setVisible(owl)
        self.owl_button.setEnabled(owl and not sheet.owl_used_this_session)
        if owl and sheet.owl_used_this_session:
            self.owl_button.setToolTip(tr("The Owl's gift was used this session"))

    def _xp(self, op: Operation) -> None:
        record = self.context.apply(op)
        if isinstance(record, songs.XpRecord) and record.blessings:
            show_blessings(self.context, record, self.window())

    def _owl(self) -> None:
        dialog = OwlDialog(self.context, self.window())
        self.context.keep(dialog)
        dialog.open()


class OwlDialog(SheetDialog):
    """Pick the card to burn for the Owl's gift."""

    def __init__(self, context: SheetContext, parent: QWidget | None = None) -> None:
        super().__init__(
            context,
            tr("The Owl's gift"),
            tr("Once per session, burn a card from your hand to mark XP twice."),
            parent,
        )
        self.cards = QComboBox(self)
        self.cards.setAccessibleName(tr("Card to burn"))
        for card in context.hand():
            self.cards.addItem(
                tr("{card}  ({name})", card=card.name, name=card_plain(card)), card.code
            )
        if not self.cards.count():
            self.cards.addItem(tr("No cards in hand"), "")
        self.form.addRow(tr("Burn"), self.cards)

    def operation(self) -> Operation:
        """Burn the chosen card."""
        return OwlInsight(self.context.character_id, str(self.cards.currentData() or ""))

    def confirm(self) -> None:
        """Burn, then show any blessing the marks brought."""
        super().confirm()
        record = self.result_value
        if isinstance(record, songs.XpRecord) and record.blessings:
            show_blessings(self.context, record, self.parentWidget())


def show_blessings(context: SheetContext, record: songs.XpRecord, parent: QWidget | None) -> None:
    """Show the cards of each blessing a mark brought."""
    from saga_desktop.ui.songs.sheets.blessing import BlessingDialog

    for blessing in record.blessings:
        dialog = BlessingDialog(blessing, parent)
        context.keep(dialog)
        dialog.open()
