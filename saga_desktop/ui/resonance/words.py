"""Short words and numbers the Resonance docks share: stats with suits, odds, results."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from saga_desktop.i18n import number, tr, tr_noop, trn
from saga_desktop.i18n import percent as number_percent
from saga_desktop.i18n.words import say, sentence
from saga_desktop.rules import resonance

STAT_NAMES = {
    resonance.Stat.HEART: tr_noop("Heart"),
    resonance.Stat.BODY: tr_noop("Body"),
    resonance.Stat.MIND: tr_noop("Mind"),
    resonance.Stat.SPIRIT: tr_noop("Spirit"),
}
TIER_NAMES = {
    resonance.Tier.ROUTINE: tr_noop("Routine"),
    resonance.Tier.EASY: tr_noop("Easy"),
    resonance.Tier.MODERATE: tr_noop("Moderate"),
    resonance.Tier.HARD: tr_noop("Hard"),
    resonance.Tier.VERY_HARD: tr_noop("Very Hard"),
    resonance.Tier.LEGENDARY: tr_noop("Legendary"),
}
"""The rules' names, said in the app's language where they are shown."""


def stat_name(stat: resonance.Stat) -> str:
    """E.g. ``"Body"`` (« Corps »)."""
    return tr(STAT_NAMES[stat])


def stat_title(stat: resonance.Stat) -> str:
    """E.g. ``"Body ♣"``."""
    return tr("{stat} {suit}", stat=stat_name(stat), suit=stat.suit.symbol)


def percent(p: Fraction) -> str:
    """A probability as a rounded percentage, in the app's number style (``"57.5%"``)."""
    tenths = round(float(p) * 1000)
    return number_percent(tenths / 1000, 0 if tenths % 10 == 0 else 1)


def check_odds_text(odds: resonance.CheckOdds, degrees: bool) -> str:
    """The odds of a single check in words (with the degrees when the campaign uses them)."""
    if odds.cards == 0:
        return tr("No card to draw: the check fails")
    if odds.short:
        text = tr(
            "Draws only {cards} of {asked} cards: success {chance}",
            cards=odds.cards,
            asked=odds.asked,
            chance=percent(odds.success),
        )
    else:
        text = trn(
            "Draws {n} card: success {chance}",
            "Draws {n} cards: success {chance}",
            odds.cards,
            chance=percent(odds.success),
        )
    if degrees:
        parts = tr(", ").join(
            tr("{degree} {chance}", degree=tr(d.title), chance=percent(p))
            for d, p in odds.degrees
            if p
        )
        text = tr("{odds}\n{degrees}", odds=text, degrees=parts)
    return text


def opposed_odds_text(odds: resonance.OpposedOdds, first: str, second: str) -> str:
    """Each side's chance in words."""
    return tr(
        "{first} wins {first_chance}, {second} wins {second_chance}, standoff {standoff}",
        first=first,
        first_chance=percent(odds.first),
        second=second,
        second_chance=percent(odds.second),
        standoff=percent(odds.standoff),
    )


def group_odds_text(odds: resonance.GroupOdds) -> str:
    """The group's chance and each member's."""
    each = tr(", ").join(tr("{name} {chance}", name=n, chance=percent(p)) for n, p in odds.members)
    return tr("The group succeeds {chance} ({each})", chance=percent(odds.success), each=each)


def round_odds_text(odds: resonance.ExtendedOdds) -> str:
    """What the next round of an extended check may bring."""
    return tr(
        "This round: +{progress} progress expected, {chance} to finish",
        progress=number(float(odds.expected_progress), 1),
        chance=percent(odds.finishes_this_round),
    )


def result_text(result: object) -> str:
    """A settled check in words, in the app's language (the engine's own words)."""
    said = getattr(result, "words", None)
    if callable(said):
        return sentence(say(said()))
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
