"""The Vanori's blessing shown card by card: one per attribute, then one for max resilience."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QGridLayout, QVBoxLayout, QWidget

from saga_desktop.rules import songs
from saga_desktop.rules.songs.experience import AttributeChange
from saga_desktop.ui.cards import CardWidget
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label

OMEN_TEXT = {
    songs.Omen.NONE: "No spade among the attribute cards: no omen.",
    songs.Omen.BAD: "One spade among the attribute cards: you see a bad omen.",
    songs.Omen.MENACING: "More than one spade: the omen becomes more menacing.",
}


def attribute_line(change: AttributeChange) -> str:
    """``"Strength: 9♥, +2 (+1 → +3)"`` or ``"Dexterity: 7♠, an omen; it stays +0"``."""
    title, card = change.attribute.title, change.card.name
    if change.omen:
        return f"{title}: {card}, an omen; it stays {change.before:+d}"
    gain = change.after - change.before
    if not gain:
        return f"{title}: {card}, stays {change.before:+d}"
    return f"{title}: {card}, +{gain} ({change.before:+d} → {change.after:+d})"


class BlessingDialog(QDialog):
    """The five cards of a blessing, each with what it did, and the omen and vision."""

    def __init__(self, blessing: songs.BlessingRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.blessing = blessing
        self.setWindowTitle(f"Blessing of the {blessing.vanori}")
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)
        layout = QVBoxLayout(self)
        layout.addWidget(
            plain_label(
                f"The XP track is full and clears: the {blessing.vanori} blesses you. "
                "A card for each attribute, then one for max resilience.",
                self,
            )
        )
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        rows = [(c.card, attribute_line(c), c.omen) for c in blessing.attributes]
        rows.append((blessing.resilience_card, self._resilience_line(), blessing.vision))
        self.lines: list[str] = []
        for n, (card, text, dark) in enumerate(rows):
            widget = CardWidget(card, 72, self)
            grid.addWidget(widget, n, 0)
            label = plain_label(text, self, factor=1.15, bold=dark)
            label.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
            grid.addWidget(label, n, 1)
            self.lines.append(text)
        layout.addLayout(grid)
        omen = plain_label(OMEN_TEXT[blessing.omen], self, bold=True)
        if blessing.omen is not songs.Omen.NONE:
            colour_label(omen, "warning")
        layout.addWidget(omen)
        self.lines.append(omen.text())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.accept)
        layout.addWidget(buttons)

    def _resilience_line(self) -> str:
        b = self.blessing
        if b.vision:
            return f"Max resilience: {b.resilience_card.name}, your Vanori shows you a vision"
        gain = b.max_after - b.max_before
        if not gain:
            return f"Max resilience: {b.resilience_card.name}, stays {b.max_after}"
        text = f"Max resilience: {b.resilience_card.name}, +{gain} ({b.max_before} → {b.max_after})"
        if b.resilience_after != b.resilience_before:
            text += f"; resilience {b.resilience_before} → {b.resilience_after}"
        return text
