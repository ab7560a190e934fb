"""Short words and numbers the Resonance docks share: stats with suits, odds, results."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from saga_desktop.rules import resonance


def stat_title(stat: resonance.Stat) -> str:
    """E.g. ``"Body ♣"``."""
    return f"{stat.title} {stat.suit.symbol}"


def percent(p: Fraction) -> str:
    """A probability as a rounded percentage."""
    return f"{float(p) * 100:.1f}%".replace(".0%", "%")


def check_odds_text(odds: resonance.CheckOdds, degrees: bool) -> str:
    """The odds of a single check in words (with the degrees when the campaign uses them)."""
    if odds.cards == 0:
        return "No card to draw: the check fails"
    drawn = f"only {odds.cards} of {odds.asked}" if odds.short else str(odds.cards)
    text = f"Draws {drawn} card{'s' if odds.cards != 1 or odds.short else ''}: "
    text += f"success {percent(odds.success)}"
    if degrees:
        parts = ", ".join(f"{d.title} {percent(p)}" for d, p in odds.degrees if p)
        text += f"\n{parts}"
    return text


def opposed_odds_text(odds: resonance.OpposedOdds, first: str, second: str) -> str:
    """Each side's chance in words."""
    return (
        f"{first} wins {percent(odds.first)}, {second} wins {percent(odds.second)}, "
        f"standoff {percent(odds.standoff)}"
    )


def group_odds_text(odds: resonance.GroupOdds) -> str:
    """The group's chance and each member's."""
    each = ", ".join(f"{n} {percent(p)}" for n, p in odds.members)
    return f"The group succeeds {percent(odds.success)} ({each})"


def round_odds_text(odds: resonance.ExtendedOdds) -> str:
    """What the next round of an extended check may bring."""
    return (
        f"This round: +{float(odds.expected_progress):.1f} progress expected, "
        f"{percent(odds.finishes_this_round)} to finish"
    )


def result_text(result: object) -> str:
    """A settled check in words: the engine's own explanation."""
    explain = getattr(result, "explain", None)
    return str(explain()) if callable(explain) else ""


def plain_label(text: str = "") -> QLabel:
    """A word-wrapped label that shows its text as plain text (names are user text)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


def fit_text(button: QPushButton) -> QPushButton:
    """Let a button be as narrow as its words (a push button asks for 80 px at least)."""
    fm = button.fontMetrics()
    button.setMinimumWidth(fm.horizontalAdvance(button.text()) + fm.averageCharWidth() * 3)
    return button
