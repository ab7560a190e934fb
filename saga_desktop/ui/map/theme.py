"""The map's two looks, paper and dark, and the risk badges that read without colour.

A :class:`MapTheme` is a plain set of colours. :func:`resolve_theme` turns the player's choice
(``"system"``, ``"paper"`` or ``"dark"``) into a theme, following the system colour scheme when
asked to.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainterPath, QPolygonF

from saga_desktop.i18n import tr, trc


class ThemeChoice(enum.Enum):
    """What the player picked in the Theme menu."""

    SYSTEM = "system"
    PAPER = "paper"
    DARK = "dark"

    @property
    def title(self) -> str:
        """The menu text."""
        if self.value == "paper":
            return tr("Paper")
        return tr("Dark") if self.value == "dark" else tr("Follow System")


@dataclass(frozen=True)
class MapTheme:
    """The colours of one look of the map."""

    name: str
    paper: QColor
    paper_edge: QColor
    grid: QColor
    region_fill: QColor
    region_visited_fill: QColor
    region_edge: QColor
    ink: QColor
    faint_ink: QColor
    cursor: QColor
    party: QColor
    party_edge: QColor
    path: QColor
    hidden: QColor
    die: QColor
    die_edge: QColor
    badge_text: QColor
    fog: QColor
    """The wash over uncharted land on the players' map..."""
    fog_light: QColor
    fog_dark: QColor
    """...and the lighter and darker drifts in it."""


PAPER = MapTheme(
    name="paper",
    paper=QColor("#f2e8d0"),
    paper_edge=QColor("#e4d4b0"),
    grid=QColor("#c4ae86"),
    region_fill=QColor("#ead9b4"),
    region_visited_fill=QColor("#e0c994"),
    region_edge=QColor("#6b5434"),
    ink=QColor("#33271a"),
    faint_ink=QColor("#7a6547"),
    cursor=QColor("#1f5fa8"),
    party=QColor("#9c2a22"),
    party_edge=QColor("#3a0f0b"),
    path=QColor("#9c2a22"),
    hidden=QColor("#5b4d8a"),
    die=QColor("#f8f4ea"),
    die_edge=QColor("#2e2418"),
    badge_text=QColor("#ffffff"),
    fog=QColor("#d3cbbb"),
    fog_light=QColor("#f3eee4"),
    fog_dark=QColor("#b3a891"),
)

DARK = MapTheme(
    name="dark",
    paper=QColor("#1d2126"),
    paper_edge=QColor("#161a1e"),
    grid=QColor("#3b434c"),
    region_fill=QColor("#2a3139"),
    region_visited_fill=QColor("#35404b"),
    region_edge=QColor("#9fb3c6"),
    ink=QColor("#ece5d6"),
    faint_ink=QColor("#aab4bf"),
    cursor=QColor("#6fb1ff"),
    party=QColor("#e0574a"),
    party_edge=QColor("#fbe3df"),
    path=QColor("#f08a5d"),
    hidden=QColor("#b7a6ff"),
    die=QColor("#e9e4d8"),
    die_edge=QColor("#101214"),
    badge_text=QColor("#ffffff"),
    fog=QColor("#121519"),
    fog_light=QColor("#2c323a"),
    fog_dark=QColor("#08090b"),
)


def resolve_theme(choice: ThemeChoice) -> MapTheme:
    """The theme for a choice; ``SYSTEM`` follows the platform's light or dark scheme."""
    if choice is ThemeChoice.PAPER:
        return PAPER
    if choice is ThemeChoice.DARK:
        return DARK
    scheme = QGuiApplication.styleHints().colorScheme()
    return DARK if scheme == Qt.ColorScheme.Dark else PAPER


class BadgeShape(enum.Enum):
    """Risk badges differ by shape as well as colour."""

    RING = "ring"  # risk 0: calm, an open ring
    CIRCLE = "circle"  # 1: serenity
    DIAMOND = "diamond"  # 2: a twist or a threat
    TRIANGLE = "triangle"  # 3: danger
    STAR = "star"  # 4 and up: the GM has stepped it beyond the usual range


_RISK_COLOURS = {
    0: QColor("#6f7a80"),
    1: QColor("#3f7d3a"),
    2: QColor("#b57414"),
    3: QColor("#b2332a"),
}
_HIGH_RISK = QColor("#6a2a78")


def risk_colour(risk: int) -> QColor:
    """The badge colour for a risk rating."""
    return _RISK_COLOURS.get(risk, _HIGH_RISK)


def risk_shape(risk: int) -> BadgeShape:
    """The badge shape for a risk rating."""
    if risk <= 0:
        return BadgeShape.RING
    if risk >= 4:
        return BadgeShape.STAR
    return (BadgeShape.CIRCLE, BadgeShape.DIAMOND, BadgeShape.TRIANGLE)[risk - 1]


@cache
def badge_path(shape: BadgeShape, radius: float) -> QPainterPath:
    """The outline of a badge centred on (0, 0)."""
    path = QPainterPath()
    r = radius
    if shape in (BadgeShape.RING, BadgeShape.CIRCLE):
        path.addEllipse(QPointF(0, 0), r, r)
    elif shape is BadgeShape.DIAMOND:
        path.addPolygon(
            QPolygonF(
                [
                    QPointF(0, -r * 1.2),
                    QPointF(r * 1.2, 0),
                    QPointF(0, r * 1.2),
                    QPointF(-r * 1.2, 0),
                ]
            )
        )
        path.closeSubpath()
    elif shape is BadgeShape.TRIANGLE:
        path.addPolygon(
            QPolygonF(
                [QPointF(0, -r * 1.35), QPointF(r * 1.3, r * 0.95), QPointF(-r * 1.3, r * 0.95)]
            )
        )
        path.closeSubpath()
    else:
        pts = []
        for i in range(16):
            rad = r * (1.35 if i % 2 == 0 else 0.95)
            a = math.pi * i / 8 - math.pi / 2
            pts.append(QPointF(rad * math.cos(a), rad * math.sin(a)))
        path.addPolygon(QPolygonF(pts))
        path.closeSubpath()
    return path


def risk_words(risk: int) -> str:
    """A short description of a risk rating for tooltips and lists."""
    if risk <= 0:
        return trc("risk", "calm")
    if risk == 1:
        return trc("risk", "low")
    if risk == 2:
        return trc("risk", "moderate")
    return trc("risk", "high") if risk == 3 else trc("risk", "extreme")
