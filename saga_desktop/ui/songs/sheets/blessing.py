"""The Vanori's blessing shown card by card: one per attribute, then one for max resilience."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QGridLayout, QVBoxLayout, QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.rules import songs
from saga_desktop.rules.songs.experience import AttributeChange
from saga_desktop.ui.cards import CardWidget
from saga_desktop.ui.songs.sheets.style import colour_label, plain_label
from saga_desktop.ui.songs.sheets.terms import attribute_title, vanori_called

OMEN_TEXT = {
    songs.Omen.NONE: tr_noop("No spade among the attribute cards: no omen."),
    songs.Omen.BAD: tr_noop("One spade among the attribute cards: you see a bad omen."),
    songs.Omen.MENACING: tr_noop("More than one spade: the omen becomes more menacing."),
}


def attribute_line(change: AttributeChange) -> str:
    """``"Strength: 9♥, +2 (+1 → +3)"`` or ``"Dexterity: 7♠, an omen; it stays +0"``."""
    title, card = attribute_title(change.attribute), change.card.name
    before, after = f"{change.before:+d}", f"{change.after:+d}"
    if change.omen:
        return tr(
            "{attribute}: {card}, an omen; it stays {before}",
            attribute=title,
            card=card,
            before=before,
        )
    gain = change.after - change.before
    if not gain:
        return tr("{attribute}: {card}, stays {before}", attribute=title, card=card, before=before)
    return tr(
        "{attribute}: {card}, +{gain} ({before} → {after})",
        attribute=title,
        card=card,
        gain=gain,
        before=before,
        after=after,
    )


class BlessingDialog(QDialog):
    """The five cards of a blessing, each with what it did, and the omen and vision."""

    def __init__(self, blessing: songs.BlessingRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.blessing = blessing
        vanori = vanori_called(blessing.vanori)
        self.setWindowTitle(tr("Blessing of the {vanori}", vanori=vanori))
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 64)
        layout = QVBoxLayout(self)
        layout.addWidget(
            plain_label(
                tr(
                    "The XP track is full and clears: the {vanori} blesses you. "
                    "A card for each attribute, then one for max resilience.",
                    vanori=vanori,
                ),
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
        omen = plain_label(tr(OMEN_TEXT[blessing.omen]), self, bold=True)
        if blessing.omen is not songs.Omen.NONE:
            colour_label(omen, "warning")
        layout.addWidget(omen)
        self.lines.append(omen.text())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.accept)
        layout.addWidget(buttons)

    def _resilience_line(self) -> str:
        b = self.blessing
        card = b.resilience_card.name
        if b.vision:
            return tr("Max resilience: {card}, your Vanori shows you a vision", card=card)
        gain = b.max_after - b.max_before
        if not gain:
            return tr("Max resilience: {card}, stays {max}", card=card, max=b.max_after)
        if b.resilience_after != b.resilience_before:
            return tr(
                "Max resilience: {card}, +{gain} ({before} → {after}); "
                "resilience {now_before} → {now_after}",
                card=card,
                gain=gain,
                before=b.max_before,
                after=b.max_after,
                now_before=b.resilience_before,
                now_after=b.resilience_after,
            )
        return tr(
            "Max resilience: {card}, +{gain} ({before} → {after})",
            card=card,
            gain=gain,
            before=b.max_before,
            after=b.max_after,
        )
