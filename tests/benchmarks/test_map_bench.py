"""Map rendering speed: 10,000 charted regions against an empty map, ratios from one run.

Run with ``uv run pytest -m bench tests/benchmarks/test_map_bench.py -s``. Each case renders a
1920x1080 viewport into an image, alternating the two maps so a noisy machine slows both alike,
and compares the medians.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator

import PySide6
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from saga_desktop.model.campaign import Region
from saga_desktop.model.factory import new_campaign
from saga_desktop.model.session import Session
from saga_desktop.ui.bridge import SessionBridge
from saga_desktop.ui.map.geometry import HEX_SIZE, hex_centre
from saga_desktop.ui.map.view import MapView

pytestmark = [
    pytest.mark.bench,
    pytest.mark.skipif(
        PySide6.__version__ == "6.12.0" and sys.version_info < (3, 12),
        reason="PySide6 6.12.0 on Python 3.11 drops a reference to None on every call that "
        "returns nothing; thousands of paint calls end in 'deallocating None'. Run on Python "
        "3.12+ or another PySide6 release.",
    ),
]

SIDE = 100  # 100 x 100 = 10,000 regions
WIDTH, HEIGHT = 1920, 1080
ROUNDS = 15


def _session(regions: int) -> Session:
    campaign = new_campaign("Bench", rng=random.Random(1))
    rng = random.Random(2)
    out = []
    for i in range(regions):
        row, col = divmod(i, SIDE)
        q, r = col - row // 2, row  # a rectangle of hexes on screen
        out.append(
            Region(
                q=q, r=r, number=i + 1, title=f"Region {i + 1}", risk=rng.choice((1, 2, 2, 3)),
                visited=rng.random() < 0.3, hidden=rng.random() < 0.05, notes="Notes",
            )
        )  # fmt: skip
    campaign.map.regions = out
    return Session(campaign)


def _view(session: Session) -> MapView:
    view = MapView(SessionBridge(session))
    view.resize(WIDTH, HEIGHT)
    view.show()
    QApplication.processEvents()
    assert view.viewport().size().width() == WIDTH
    return view


def _render(view: MapView) -> float:
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    start = time.perf_counter()
    view.render(painter, QRectF(0, 0, WIDTH, HEIGHT), view.viewport().rect())
    elapsed = time.perf_counter() - start
    painter.end()
    return elapsed


def _ratio(full: Callable[[], float], empty: Callable[[], float]) -> tuple[float, float, float]:
    full(), empty()  # warm up glyph caches and paths
    a: list[float] = []
    b: list[float] = []
    for _ in range(ROUNDS):
        a.append(full())
        b.append(empty())
    fa, fb = statistics.median(a), statistics.median(b)
    return fa / fb, fa * 1000, fb * 1000


def _same_view(full: MapView, empty: MapView) -> None:
    empty.setTransform(full.transform())
    empty.centerOn(full.mapToScene(full.viewport().rect().center()))


@pytest.fixture(scope="module")
def views(qapp: object) -> Iterator[tuple[MapView, MapView]]:
    full, empty = _view(_session(SIDE * SIDE)), _view(_session(0))
    yield full, empty
    full.close()
    empty.close()


@pytest.mark.xfail(
    strict=False,
    reason="Goal 1.5x not reached: ~550 hexes in view each need a number, a badge and marks "
    "(per-item paint), while the empty map is one cached grid path per block of hexes (~1 ms).",
)
def test_viewport_at_normal_zoom(views: tuple[MapView, MapView]) -> None:
    full, empty = views
    full.set_hex_px(HEX_SIZE)
    full.centerOn(hex_centre(full.map_scene.layout, SIDE // 2 - SIDE // 4, SIDE // 2))
    _same_view(full, empty)
    ratio, ms_full, ms_empty = _ratio(lambda: _render(full), lambda: _render(empty))
    px = full.hex_px()
    print(
        f"\nviewport, {px:.0f} px hexes: {ms_full:.1f} ms vs {ms_empty:.1f} ms empty: {ratio:.2f}x"
    )
    assert ratio <= 1.5


def test_viewport_zoomed_out_to_all_regions(views: tuple[MapView, MapView]) -> None:
    full, empty = views
    full.fit_regions()
    _same_view(full, empty)
    visible = full.mapToScene(full.viewport().rect()).boundingRect()
    assert all(visible.contains(item.pos()) for item in list(full.map_scene.regions.values())[::97])
    ratio, ms_full, ms_empty = _ratio(lambda: _render(full), lambda: _render(empty))
    px = full.hex_px()
    print(f"\nall 10,000, {px:.1f} px hexes: {ms_full:.1f} ms vs {ms_empty:.1f} ms: {ratio:.2f}x")
    assert ratio <= 3.0


@pytest.mark.xfail(
    strict=False,
    reason="Goal 2x not reached: one Python item per region is created up front (~15 us each).",
)
def test_open_to_first_frame_10k_vs_empty() -> None:
    sessions = {"full": _session(SIDE * SIDE), "empty": _session(0)}

    def first_frame(kind: str) -> Callable[[], float]:
        def run() -> float:
            start = time.perf_counter()
            view = _view(sessions[kind])
            _render(view)
            elapsed = time.perf_counter() - start
            view.close()
            view.deleteLater()
            return elapsed

        return run

    a = [first_frame("full")() for _ in range(3)]
    b = [first_frame("empty")() for _ in range(3)]
    fa, fb = statistics.median(a), statistics.median(b)
    print(f"\nopen to first frame: {fa * 1000:.0f} ms vs {fb * 1000:.0f} ms empty: {fa / fb:.2f}x")
    assert fa / fb <= 2.0
