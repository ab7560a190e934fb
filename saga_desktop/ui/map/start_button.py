"""The "Drop the d20" button at the bottom centre of an empty map (the GM's map only)."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from saga_desktop.i18n import tr


class StartButton(QPushButton):
    """A large button over the viewport, shown while the GM's map has no party and no region."""

    def __init__(self, viewport: QWidget) -> None:
        super().__init__(viewport)
        self.setObjectName("StartMap")
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.setFont(font)
        self.hide()

    def update_for(self, *, empty: bool, text: str, tip: str) -> None:
        """Show it (with the game's words, English worded here) on an empty map, else hide it."""
        text, tip = (tr(text) if text else ""), (tr(tip) if tip else "")
        self.setText(text)
        self.setToolTip(tip)
        self.setAccessibleName(text)
        self.setVisible(empty)
        if empty:
            self.place()

    def place(self) -> None:
        """Size it to its text and put it at the bottom centre of the viewport."""
        self.adjustSize()
        size = self.sizeHint()
        self.resize(size.width() + 40, round(size.height() * 1.6))
        parent = self.parentWidget()
        if parent is None:
            return
        r = parent.rect()
        self.move(r.center().x() - self.width() // 2, r.bottom() - self.height() - 32)
