"""Colours that carry a meaning stay apart for the three common colour-vision deficiencies.

Each pair is simulated as a protanope, a deuteranope and a tritanope sees it (Machado, Oliveira
and Fernandes 2009, full severity, in linear RGB) and the two simulated colours must stay at
least ``APART`` apart in CIELAB (ΔE*ab, 1976). Colour is never the only sign (the words and
symbols beside it say the same), but it should not mislead either: the odds bar's green and red
once came within ΔE 16 of each other for red-blind and green-blind eyes.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from saga_desktop.ui.cards import BLACK, RED
from saga_desktop.ui.dicepool.widgets import LOSS, WIN
from saga_desktop.ui.songs.play.odds_view import SETBACK, SUCCESS

APART = 25.0

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}  # fmt: skip

PAIRS = {
    "odds bar: success and setback": (SUCCESS, SETBACK),
    "card faces: red and black suits": (RED, BLACK),
    "dice pool: a win and a miss": (QColor(WIN), QColor(LOSS)),
}


def _linear(value: float) -> float:
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(max(v, 0.0), 1.0) for v in linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(colour: QColor, kind: str | None) -> tuple[float, float, float]:
    """The colour in CIELAB as an eye of ``kind`` sees it (None: typical vision)."""
    rgb = (_linear(colour.redF()), _linear(colour.greenF()), _linear(colour.blueF()))
    if kind is not None:
        m = MACHADO[kind]
        rgb = tuple(sum(m[i][j] * rgb[j] for j in range(3)) for i in range(3))  # type: ignore[assignment]
    return _lab(rgb)


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("kind", [None, *MACHADO])
def test_a_meaningful_pair_stays_apart(pair: str, kind: str | None) -> None:
    a, b = PAIRS[pair]
    apart = delta_e(seen(a, kind), seen(b, kind))
    assert apart >= APART, f"{pair} for {kind or 'typical vision'}: ΔE {apart:.1f}"


def test_the_simulation_merges_what_it_should() -> None:
    """A pure red and a pure green are near for a deuteranope, far for typical vision."""
    red, green = QColor("#d62728"), QColor("#7f7f00")
    assert delta_e(seen(red, None), seen(green, None)) > 40
    assert delta_e(seen(red, "deuteranopia"), seen(green, "deuteranopia")) < APART
