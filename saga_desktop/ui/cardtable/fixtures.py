"""The fixed furniture of the card table: pile bases and captions, row panels, lane labels.

Every text is shown as plain text, elided to its place with the full text in a plain tooltip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.model.visibility import PileView
from saga_desktop.ui.cardtable.items import FELT_PANEL, INK_SOFT, Caption, PileBase
from saga_desktop.ui.cardtable.layout import TableLayout
from saga_desktop.ui.cardtable.piles import pile_label, plural
from saga_desktop.ui.cardtable.words import short_label

ROW_HINT = tr_noop("Cards turned over wait here")


def _rounded(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, 8, 8)
    return path


def _panel() -> QGraphicsPathItem:
    item = QGraphicsPathItem()
    item.setBrush(QBrush(FELT_PANEL))
    item.setPen(QPen(Qt.PenStyle.NoPen))
    item.setZValue(-1)
    return item


class PileFixture:
    """One pile's furniture: a stack's base and caption, or a row's panel and empty outline."""

    def __init__(self, scene: QGraphicsScene, pile: PileView, label: str = "") -> None:
        self.label = label or pile_label(pile.label)
        self.stack = pile.kind != "row"
        self.shared = pile.owner is None
        self.caption = Caption(1.0, bold=True, shrink=0.8)
        self.hint = Caption(0.92)
        self.hint.setBrush(INK_SOFT)
        self.hint.setVisible(False)
        self.panel = _panel()
        self.panel.setVisible(not self.stack and self.shared)
        self.base = PileBase(
            tr("Empty") if self.stack else tr("No cards"), face_down=pile.cards is None
        )
        self.items: list[QGraphicsItem] = [self.caption, self.hint, self.panel, self.base]
        if not self.stack and not self.shared:
            self.caption.setVisible(False)  # a lane's row is named in the lane's label column
        for item in self.items:
            scene.addItem(item)
        self._count = -1

    def place(self, layout: TableLayout, name: str) -> None:
        """Put the furniture where the layout keeps the pile."""
        self.caption.set_text_size(layout.text)
        self.hint.set_text_size(layout.text)
        self.base.set_text_size(layout.text * 0.85)
        if self.stack:
            rect = layout.caption_rect(name)
            self.caption.set_width(rect.width() - 4)
            self.caption.setPos(rect.topLeft())
            self.base.setPos(layout.centre(name))
            return
        rect = layout.row_rect(name)
        self.panel.setPath(_rounded(rect.adjusted(-6, -6, 6, 6)))
        self.caption.set_width(rect.width())
        self.caption.setPos(QPointF(rect.left(), rect.top() - layout.label_h))
        self.hint.set_width(rect.width() - 16)
        self.hint.setPos(QPointF(rect.left() + 6, rect.center().y() - layout.text * 0.6))
        self.base.setPos(layout.slot(name, 0, 1))
        self.base.setVisible(not self.shared and self._count == 0)

    def set_count(self, count: int) -> None:
        """Show how many cards the pile holds."""
        self._count = count
        if self.stack:
            self.base.set_count(count)
            self.caption.set_line(tr("{pile} {count}", pile=self.label, count=count))
            return
        self.caption.set_line(
            tr("{pile} {count}", pile=self.label, count=count) if count else self.label
        )
        self.base.setVisible(not self.shared and count == 0)
        self.hint.set_line(tr(ROW_HINT))
        self.hint.setVisible(self.shared and count == 0)

    def hide_hint(self) -> None:
        """Cards are moving: the empty row's hint makes way."""
        self.hint.setVisible(False)

    def remove(self, scene: QGraphicsScene) -> None:
        """Take the furniture off the table."""
        for item in self.items:
            scene.removeItem(item)


class LaneFixture:
    """A character's lane: its panel, the owner's name and the count of its rows' cards."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.panel = _panel()
        self.name = Caption(1.08, bold=True, shrink=0.72)
        self.count = Caption(0.92)
        self.count.setBrush(INK_SOFT)
        for item in (self.panel, self.name, self.count):
            scene.addItem(item)

    def place(self, layout: TableLayout, owner: str, name: str) -> None:
        """Label the lane with its owner's name."""
        rect = layout.lane_rect(owner)
        self.panel.setPath(_rounded(rect.adjusted(-8, -8, 8, 8)))
        for caption in (self.name, self.count):
            caption.set_text_size(layout.text)
            caption.set_width(layout.label_w - 14)
        self.name.set_line(name, QPointF(rect.left(), rect.top() + 4))
        self.count.setPos(QPointF(rect.left(), rect.top() + 8 + layout.text * 1.5))

    def set_piles(self, piles: Sequence[PileView], names: Mapping[str, str]) -> None:
        """Write the count: ``"2 cards"`` for a lone row, else each row's label and count.

        A row's label leaves out the owner's name (the lane is labelled with it already).
        """
        rows = [p for p in piles if p.kind == "row"]
        if len(rows) == 1 and len(piles) == 1:
            self.count.set_line(plural(rows[0].count))
        else:
            counts = (tr("{pile} {count}", pile=short_label(p, names), count=p.count) for p in rows)
            self.count.set_line(" · ".join(counts))

    def remove(self, scene: QGraphicsScene) -> None:
        """Take the lane's furniture off the table."""
        for item in (self.panel, self.name, self.count):
            scene.removeItem(item)
