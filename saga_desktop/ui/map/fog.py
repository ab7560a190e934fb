"""The fog over uncharted land on the players' map: a soft, mottled wash that still reads as paper.

The texture is made once per theme from blurred blobs drawn with wrap-around, so it tiles without
seams; it is anchored to the scene (it moves with the map) and drawn with smooth scaling, which
suits a texture that has no edges to keep sharp.
"""

from __future__ import annotations

import random
from functools import cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QRadialGradient, QTransform

from saga_desktop.ui.map.geometry import HEX_SIZE
from saga_desktop.ui.map.theme import MapTheme

FOG_PIXELS = 256
"""The texture is this many pixels a side..."""
FOG_SPAN = HEX_SIZE * 17
"""...and one repeat of it covers this many scene units. Zoomed far out, where a repeat would show,
the players' map uses the plain wash (:func:`fog_wash`) instead."""
FOG_ALPHA = 0.62
"""How strongly the fog covers the paper (and the faint grid under it)."""


def _colour(hex_rgb: str, alpha: float) -> QColor:
    colour = QColor(hex_rgb)
    colour.setAlphaF(alpha)
    return colour


@cache
def _texture(wash: str, light: str, dark: str) -> QImage:
    n = FOG_PIXELS
    image = QImage(n, n, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(_colour(wash, FOG_ALPHA))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    rng = random.Random(1909)  # the same fog on every run
    for i in range(110):
        x, y = rng.uniform(0, n), rng.uniform(0, n)
        radius = rng.uniform(n * 0.05, n * 0.2)
        tone = light if i % 3 else dark
        gradient = QRadialGradient(QPointF(0, 0), radius)
        gradient.setColorAt(0.0, _colour(tone, rng.uniform(0.10, 0.30)))
        gradient.setColorAt(1.0, _colour(tone, 0.0))
        brush = QBrush(gradient)
        for dx in (-n, 0, n):
            for dy in (-n, 0, n):
                painter.save()
                painter.translate(x + dx, y + dy)
                painter.setBrush(brush)
                painter.drawEllipse(QPointF(0, 0), radius, radius)
                painter.restore()
    painter.end()
    return image


def fog_brush(theme: MapTheme) -> QBrush:
    """The fog of a theme as a brush anchored to the scene."""
    brush = QBrush(_texture(theme.fog.name(), theme.fog_light.name(), theme.fog_dark.name()))
    scale = FOG_SPAN / FOG_PIXELS
    brush.setTransform(QTransform.fromScale(scale, scale))
    return brush


def fog_wash(theme: MapTheme) -> QColor:
    """The fog as one flat colour over the paper (zoomed far out)."""
    paper, fog = theme.paper, theme.fog
    return QColor(
        round(paper.red() + (fog.red() - paper.red()) * FOG_ALPHA),
        round(paper.green() + (fog.green() - paper.green()) * FOG_ALPHA),
        round(paper.blue() + (fog.blue() - paper.blue()) * FOG_ALPHA),
    )
