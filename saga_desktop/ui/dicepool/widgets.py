"""Small widgets the dice-pool docks share: plain labels, dice faces, a refusal line."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayout, QWidget

from saga_desktop.i18n import percent, tr, trn
from saga_desktop.i18n.words import say
from saga_desktop.rules import dicepool as dp
from saga_desktop.rules.dicepool.wording import CHALLENGE_LEVELS

WIN = "#1f7a3a"
LOSS = "#8a8f98"
WARN = "#b3261e"


def label(text: str = "", parent: QWidget | None = None, *, bold: bool = False) -> QLabel:
    """A label that shows plain text only (player text is never rich text), wrapping."""
    widget = QLabel(parent)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    widget.setWordWrap(True)
    widget.setText(text)
    if bold:
        font = widget.font()
        font.setBold(True)
        widget.setFont(font)
    return widget


def warn(widget: QLabel, on: bool = True) -> None:
    """Colour a label as a warning (a refusal, an assist expected to cost wins)."""
    widget.setStyleSheet(f"color: {WARN};" if on else "")


def clear(layout: QLayout) -> None:
    """Remove and delete every widget and nested layout of ``layout``."""
    while layout.count():
        item = layout.takeAt(0)
        if item is None:
            break
        w = item.widget()
        if w is not None:
            w.hide()
            w.deleteLater()
        elif (inner := item.layout()) is not None:
            clear(inner)


class DiceRow(QWidget):
    """A row of dice: each face in a square, wins (4+) filled green, the rest grey.

    With no faces (``show_pool``) it shows the pool as blank dice before the roll.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(3)
        self.faces: tuple[int, ...] = ()
        self.setAccessibleName(tr("Dice"))

    def _die(self, text: str, style: str, tip: str) -> QLabel:
        die = QLabel(text, self)
        die.setTextFormat(Qt.TextFormat.PlainText)
        die.setAlignment(Qt.AlignmentFlag.AlignCenter)
        die.setFixedSize(24, 24)
        die.setToolTip(tip)
        die.setStyleSheet(f"border: 1px solid #555; border-radius: 4px; font-weight: bold; {style}")
        return die

    def show_pool(self, dice: int) -> None:
        """Blank dice, one per die of the pool (at most 30 drawn, then a count)."""
        clear(self.row)
        self.faces = ()
        for _ in range(min(dice, 30)):
            self.row.addWidget(self._die("", "background: palette(base);", tr("a die to roll")))
        if dice > 30:
            self.row.addWidget(label(f"+{dice - 30}", self))
        self.row.addStretch(1)

    def show_faces(self, faces: Sequence[int]) -> None:
        """The faces rolled, wins coloured."""
        clear(self.row)
        self.faces = tuple(faces)
        for face in faces:
            won = face >= dp.WIN_FACE
            style = f"background: {WIN}; color: white;" if won else f"color: {LOSS};"
            self.row.addWidget(self._die(str(face), style, tr("a win") if won else tr("no win")))
        self.row.addStretch(1)

    @property
    def wins_shown(self) -> int:
        """How many dice are shown as wins."""
        return sum(1 for f in self.faces if f >= dp.WIN_FACE)


def parse_faces(text: str) -> tuple[int, ...] | None:
    """Faces typed as digits separated by spaces or commas; None when something is not a number.

    Range and count are the rules' to check (their message names the problem).
    """
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def degrees_words(result: dp.CheckResult) -> str:
    """The verdict of a check in words."""
    if not result.success:
        short = result.request.cl - result.wins
        return trn(
            "Failure: {n} wins, {short} short of CL {cl}",
            "Failure: {n} wins, {short} short of CL {cl}",
            result.wins,
            short=short,
            cl=result.request.cl,
        )
    d = result.degrees
    if d == 0:
        extra = tr("a bare success")
    else:
        extra = trn("{n} degree of success", "{n} degrees of success", d)
    return trn(
        "Success: {n} wins against CL {cl}, {extra}",
        "Success: {n} wins against CL {cl}, {extra}",
        result.wins,
        cl=result.request.cl,
        extra=extra,
    )


def pct(p: Fraction | float) -> str:
    """A chance as the odds show it, in the app's number style: ``"57.5%"``, ``"25 %"``."""
    tenths = round(float(p) * 1000)
    return percent(tenths / 1000, 0 if tenths % 10 == 0 else 1)


def cl_name(cl: int) -> str:
    """A Challenge Level's name in the app's words (``"moderate"``)."""
    level = CHALLENGE_LEVELS.get(cl)
    return say(level) if level is not None else dp.CHALLENGE_LEVELS.get(cl, str(cl))


def said(record: object) -> str:
    """A rules record in the app's language (its words), else its English explanation."""
    words_of = getattr(record, "words", None)
    if callable(words_of):
        return say(words_of())
    explain = getattr(record, "explain", None)
    return str(explain()) if callable(explain) else str(record)
