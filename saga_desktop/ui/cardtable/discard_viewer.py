"""The discard viewer: every card in the discard pile, the top card first, kept up to date."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from saga_desktop.i18n import tr, trn
from saga_desktop.model.changes import Aspect, Changes
from saga_desktop.model.ruleset import Viewer
from saga_desktop.model.visibility import visible_piles
from saga_desktop.rules.cards import Card
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.cards import card_colour
from saga_desktop.ui.cardtable.piles import (
    colours,
    first_public_stack,
    first_secret_stack,
    red_black,
)
from saga_desktop.ui.cardtable.words import card_plain


class DiscardViewer(QDialog):
    """A list of the discard pile; it follows the table while it stays open."""

    def __init__(self, bridge: SessionBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("discard-viewer")
        self.setWindowTitle(tr("Discard pile"))
        self.bridge = bridge
        box = QVBoxLayout(self)
        self.summary = QLabel(self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.cards = QListWidget(self)
        self.cards.setAccessibleName(tr("Cards in the discard pile, top card first"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        box.addWidget(self.summary)
        box.addWidget(self.cards, 1)
        box.addWidget(buttons)
        self.resize(360, 440)
        bridge.changed.connect(self._on_changed)
        bridge.sessionReplaced.connect(lambda _s: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        """Show the discard pile as it is now."""
        piles = visible_piles(self.bridge.session.campaign, Viewer.TABLE)
        shown = first_public_stack(piles)
        discard = [Card.from_code(code) for code in reversed(shown.cards or [])] if shown else []
        reds = sum(1 for c in discard if c.is_red)
        text = trn(
            "{n} card in the discard pile ({colours}), top card first.",
            "{n} cards in the discard pile ({colours}), top card first.",
            len(discard),
            colours=red_black(reds, len(discard) - reds),
        )
        draw = first_secret_stack(piles)
        split = colours(piles, draw) if draw is not None else None
        if draw is not None and split:
            still = tr(
                "Still to draw: {count} ({colours}).",
                count=draw.count,
                colours=red_black(*split),
            )
            text = f"{text}\n{still}"
        elif draw is not None:
            still = tr("Still to draw: {count}.", count=draw.count)
            text = f"{text}\n{still}"
        self.summary.setText(text)
        self.cards.clear()
        for i, card in enumerate(discard, start=1):
            item = QListWidgetItem(f"{i}. {card.name}  {card_plain(card)}")
            if card.is_red:  # black cards keep the theme's text colour (readable when dark)
                item.setForeground(QBrush(card_colour(card)))
            item.setData(Qt.ItemDataRole.UserRole, card.code)
            self.cards.addItem(item)

    def listed(self) -> list[str]:
        """The card codes listed, top card first."""
        return [
            str(self.cards.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.cards.count())
        ]

    def _on_changed(self, changes: Changes) -> None:
        if Aspect.TABLE in changes:
            self.refresh()
