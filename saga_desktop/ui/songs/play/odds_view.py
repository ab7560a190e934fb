"""The odds of a roll before it is made: a percentage, a two-colour bar and the details in words."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from saga_desktop.i18n import tr, tr_noop
from saga_desktop.rules import songs
from saga_desktop.ui.elide import plain_tip
from saga_desktop.ui.songs.play.roll_words import pct

SUCCESS = QColor("#17643f")  # a dark green and a light orange: apart for every eye
SETBACK = QColor("#e3834a")  # (tests/ui/test_colour_vision.py)


class OddsBar(QWidget):
    """A bar split into success (dark green, left) and setback (light orange, right)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._success: Fraction | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(tr("Chance of success"))

    def set_success(self, success: Fraction | None) -> None:
        """Show a chance (None: no roll possible)."""
        self._success = success
        self.update()

    def sizeHint(self) -> QSize:
        """A slim bar."""
        return QSize(200, 14)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Two rounded parts, or an empty track."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.palette().color(QPalette.ColorRole.Mid))
        painter.drawRoundedRect(rect, 5, 5)
        if self._success is None:
            return
        split = rect.width() * float(self._success)
        painter.setBrush(SETBACK)
        painter.drawRoundedRect(rect, 5, 5)
        if split > 0:
            painter.setBrush(SUCCESS)
            painter.drawRoundedRect(QRectF(rect.left(), rect.top(), split, rect.height()), 5, 5)


COUNTS = (
    tr_noop("none"),
    tr_noop("one"),
    tr_noop("two"),
    tr_noop("three"),
    tr_noop("four"),
    tr_noop("five"),
)
"""How many black cards, in words."""


def black_cards_text(odds: songs.RollOdds) -> str:
    """``"black risk cards: none 25%, one 50%, two 25%"`` (empty without risk cards)."""
    if len(odds.black_cards) <= 1:
        return ""
    parts = [
        tr("{count} {chance}", count=tr(COUNTS[n]) if n < len(COUNTS) else n, chance=pct(p))
        for n, p in enumerate(odds.black_cards)
        if p
    ]
    return tr("Black risk cards: {chances}", chances=tr(", ").join(parts))


class OddsView(QWidget):
    """The engine's exact odds of the roll as set up, or why it cannot be rolled."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(3)
        self.headline = QLabel(self)
        self.headline.setObjectName("odds-headline")
        self.headline.setTextFormat(Qt.TextFormat.PlainText)
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.headline.setFont(font)
        self.bar = OddsBar(self)
        self.details = QLabel(self)
        self.details.setObjectName("odds-details")
        self.details.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setWordWrap(True)
        box.addWidget(self.headline)
        box.addWidget(self.bar)
        box.addWidget(self.details)
        self.odds: songs.RollOdds | None = None
        """The odds shown (None when the roll cannot be made)."""
        self.compact = False
        """Only the headline and the bar are shown (the details are the headline's tooltip)."""

    def show_odds(self, odds: songs.RollOdds) -> None:
        """Show the chance of success and the details."""
        self.odds = odds
        self.headline.setText(tr("Success {chance}", chance=pct(odds.success)))
        self.bar.set_success(odds.success)
        self.bar.setToolTip(
            tr(
                "Success {chance}, setback {setback}",
                chance=pct(odds.success),
                setback=pct(odds.setback),
            )
        )
        lines = [
            tr(
                "Setback {setback} · natural 1: {one} · natural 20: {twenty}",
                setback=pct(odds.setback),
                one=pct(odds.natural_1),
                twenty=pct(odds.natural_20),
            )
        ]
        blacks = black_cards_text(odds)
        if blacks:
            lines.append(blacks)
        if odds.card:
            lines.append(
                tr(
                    "A card for the hand {chance} (red {red})",
                    chance=pct(odds.card),
                    red=pct(odds.red_card),
                )
            )
        self.details.setText("\n".join(lines))
        self._fit_details()

    def show_refusal(self, reason: str) -> None:
        """The roll cannot be made as set up: say why."""
        self.odds = None
        self.headline.setText(tr("Cannot roll"))
        self.bar.set_success(None)
        self.bar.setToolTip("")
        self.details.setText(reason)
        self._fit_details()

    def set_compact(self, compact: bool) -> None:
        """Keep to the headline and the bar (a short dock); the details stay one hover away."""
        self.compact = compact
        self._fit_details()

    def _fit_details(self) -> None:
        hide = self.compact and self.odds is not None  # a refusal always says why
        self.details.setVisible(not hide)
        self.headline.setToolTip(plain_tip(self.details.text()) if hide else "")
