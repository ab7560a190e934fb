"""A layout that places widgets in rows and wraps them to the next row when space runs out.

Used for the attribute boxes and button rows of the sheet, so a narrow dock stacks them instead
of clipping them (after the Qt "Flow Layout" example).
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Widgets left to right, wrapping; every row is as tall as its tallest item.

    With ``columns`` (e.g. ``(4, 2, 1)``) the items form an even grid instead: the largest of
    those column counts that fits, every item the same width.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        spacing: int = 6,
        columns: tuple[int, ...] = (),
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        self._columns = tuple(sorted(columns, reverse=True))
        self._heights: dict[int, int] = {}
        """Heights already worked out per width, until the layout is invalidated (as Qt's box
        layouts keep theirs): a sheet asks for the same width many times while it settles."""
        self.setContentsMargins(0, 0, 0, 0)

    def invalidate(self) -> None:
        """Forget the worked-out heights: an item or its hints changed."""
        self._heights.clear()
        super().invalidate()

    def addItem(self, item: QLayoutItem) -> None:
        """Append an item (called by ``addWidget``)."""
        self._items.append(item)
        self._heights.clear()

    def count(self) -> int:
        """Number of items."""
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        """The item at ``index``, or None."""
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        """Remove and return the item at ``index``."""
        self._heights.clear()
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        """The layout does not ask for more space than its rows need."""
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        """Its height depends on the width it gets."""
        return True

    def heightForWidth(self, width: int) -> int:
        """The height needed at ``width``."""
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._arrange(QRect(0, 0, width, 0), apply=False)
        return height

    def setGeometry(self, rect: QRect) -> None:
        """Place the items inside ``rect``."""
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:
        """All items on one row."""
        width = sum(i.sizeHint().width() for i in self._items)
        width += self._spacing * max(0, len(self._items) - 1)
        height = max((i.sizeHint().height() for i in self._items), default=0)
        m = self.contentsMargins()
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def minimumSize(self) -> QSize:
        """The widest single item."""
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m: QMargins = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _arrange(self, rect: QRect, *, apply: bool) -> int:
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        if self._columns:
            return self._grid(rect, area, apply=apply)
        rows: list[list[tuple[QLayoutItem, int, int, int]]] = [[]]
        x = area.x()
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            width = min(hint.width(), area.width()) if area.width() > 0 else hint.width()
            width = max(width, item.minimumSize().width())
            if x > area.x() and x + width > area.right() + 1:
                rows.append([])
                x = area.x()
            height = item.heightForWidth(width) if item.hasHeightForWidth() else hint.height()
            rows[-1].append((item, x, width, height))
            x += width + self._spacing
        y = area.y()
        for row in rows:
            row_height = max((h for *_rest, h in row), default=0)
            if apply:
                for item, left, width, height in row:
                    # Items of a row share its middle line, so labels sit beside their fields.
                    top = y + (row_height - height) // 2
                    item.setGeometry(QRect(QPoint(left, top), QSize(width, height)))
            y += row_height + self._spacing
        return max(0, y - self._spacing) - rect.y() + m.bottom()

    def _grid(self, rect: QRect, area: QRect, *, apply: bool) -> int:
        items = [i for i in self._items if not i.isEmpty()]
        widest = max((i.sizeHint().width() for i in items), default=1)
        cols = self._columns[-1]
        for n in self._columns:
            if n * widest + (n - 1) * self._spacing <= area.width():
                cols = n
                break
        width = max(1, (area.width() - (cols - 1) * self._spacing) // cols)
        y = area.y()
        for start in range(0, len(items), cols):
            row = items[start : start + cols]
            heights = [
                i.heightForWidth(width) if i.hasHeightForWidth() else i.sizeHint().height()
                for i in row
            ]
            height = max(heights)
            if apply:
                for n, item in enumerate(row):
                    x = area.x() + n * (width + self._spacing)
                    item.setGeometry(QRect(x, y, width, height))
            y += height + self._spacing
        m = self.contentsMargins()
        return max(0, y - self._spacing) - rect.y() + m.bottom()


def flow_row(*widgets: QWidget, spacing: int = 6) -> QWidget:
    """A row of widgets that wraps onto more rows when its dock is narrow."""
    box = QWidget()
    flow = FlowLayout(box, spacing)
    for widget in widgets:
        flow.addWidget(widget)
    return box
