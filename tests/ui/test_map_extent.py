"""The box around the charted hexes is kept up to date as regions come and go."""

from __future__ import annotations

import random

from saga_desktop.model.campaign import Region
from saga_desktop.rules.hexgrid import Hex, Orientation
from saga_desktop.ui.map.geometry import extent_rect, layout_for, regions_rect
from saga_desktop.ui.map.index import RegionIndex


def _walked(index: RegionIndex, orientation: Orientation) -> tuple[float, ...] | None:
    layout = layout_for(orientation)
    points = [layout.to_point(Hex(q, r)) for q, r in index.coords()]
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def test_the_extent_follows_every_change_as_a_walk_of_every_hex_would() -> None:
    rng = random.Random(5)
    layouts = {o: layout_for(o) for o in Orientation}
    index = RegionIndex()
    index.load(Region(q=q, r=r, number=i + 1) for i, (q, r) in enumerate([(0, 0), (3, -2)]))
    number = 10
    for step in range(400):
        orientation = Orientation.POINTY if step % 50 < 40 else Orientation.FLAT
        q, r = rng.randint(-30, 30), rng.randint(-30, 30)
        if rng.random() < 0.45 and len(index):
            q, r = rng.choice(index.coords())
            index.set(q, r, None)
        else:
            number += 1
            index.set(q, r, Region(q=q, r=r, number=number, title=f"R{step}"))
        assert index.extent(layouts[orientation]) == _walked(index, orientation)


def test_the_extent_gives_the_rectangle_a_walk_gives() -> None:
    index = RegionIndex()
    index.load(Region(q=q, r=-q, number=q + 20) for q in range(-12, 9))
    layout = layout_for(Orientation.POINTY)
    extent = index.extent(layout)
    assert extent is not None
    assert extent_rect(extent) == regions_rect(layout, index.coords())
    for q in range(-12, 9):
        index.set(q, -q, None)
    assert index.extent(layout) is None
