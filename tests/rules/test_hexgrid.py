from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saga_desktop.rules.errors import RulesError
from saga_desktop.rules.hexgrid import DIRECTIONS, Hex, Layout, Orientation, cube_round

coords = st.integers(-50, 50)
hexes = st.builds(Hex, coords, coords)
layouts = st.builds(
    Layout,
    st.sampled_from(list(Orientation)),
    st.floats(0.5, 80),
    st.floats(-500, 500),
    st.floats(-500, 500),
)


@given(hexes, layouts)
def test_centre_round_trip(h: Hex, layout: Layout) -> None:
    assert layout.to_hex(*layout.to_point(h)) == h


@given(hexes, layouts, st.integers(0, 5), st.floats(0.0, 0.97))
def test_points_towards_corners_and_edges_stay_inside(
    h: Hex, layout: Layout, corner: int, t: float
) -> None:
    cx, cy = layout.to_point(h)
    x0, y0 = layout.corners(h)[corner]
    x1, y1 = layout.corners(h)[(corner + 1) % 6]
    # towards a corner
    assert layout.to_hex(cx + (x0 - cx) * t, cy + (y0 - cy) * t) == h
    # towards the middle of an edge
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    assert layout.to_hex(cx + (mx - cx) * t, cy + (my - cy) * t) == h


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("corner", range(6))
def test_just_across_an_edge_is_the_neighbour(orientation: Orientation, corner: int) -> None:
    layout = Layout(orientation, 10.0, 3.0, -7.0)
    h = Hex(2, -3)
    cx, cy = layout.to_point(h)
    x0, y0 = layout.corners(h)[corner]
    x1, y1 = layout.corners(h)[(corner + 1) % 6]
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    inside = layout.to_hex(cx + (mx - cx) * 0.999, cy + (my - cy) * 0.999)
    outside = layout.to_hex(cx + (mx - cx) * 1.001, cy + (my - cy) * 1.001)
    assert inside == h
    assert outside in h.neighbours()
    nx, ny = layout.to_point(outside)
    # the neighbour found lies straight across that edge: its centre mirrors ours
    assert math.isclose(nx, 2 * mx - cx, abs_tol=1e-6) and math.isclose(
        ny, 2 * my - cy, abs_tol=1e-6
    )


@pytest.mark.parametrize("orientation", list(Orientation))
def test_corner_points_round_to_one_of_the_three_hexes_sharing_it(orientation: Orientation) -> None:
    layout = Layout(orientation, 1.0)
    h = Hex(0, 0)
    for x, y in layout.corners(h):
        found = layout.to_hex(x, y)
        assert found == h or found in h.neighbours()


def test_pointy_and_flat_geometry() -> None:
    pointy = Layout(Orientation.POINTY, 1.0)
    assert pointy.to_point(Hex(1, 0)) == pytest.approx((math.sqrt(3), 0.0))
    assert pointy.width == pytest.approx(math.sqrt(3)) and pointy.height == 2
    flat = Layout(Orientation.FLAT, 1.0)
    assert flat.to_point(Hex(1, 0)) == pytest.approx((1.5, math.sqrt(3) / 2))
    assert flat.width == 2 and flat.height == pytest.approx(math.sqrt(3))
    with pytest.raises(RulesError):
        Layout(size=0)


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(b) <= a.distance(Hex(0, 0)) + Hex(0, 0).distance(b)


@given(hexes, st.integers(0, 8))
def test_rings(centre: Hex, radius: int) -> None:
    ring = centre.ring(radius)
    assert len(ring) == max(1, 6 * radius)
    assert len(set(ring)) == len(ring)
    assert all(centre.distance(h) == radius for h in ring)
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        assert radius <= 1 or a.distance(b) == 1
    assert len(list(centre.spiral(radius))) == 1 + 3 * radius * (radius + 1)


def test_ring_refuses_negative_radius() -> None:
    with pytest.raises(RulesError):
        Hex(0, 0).ring(-1)


@given(hexes, hexes)
def test_lines(a: Hex, b: Hex) -> None:
    line = a.line_to(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(line))


def test_line_example_and_neighbours() -> None:
    assert Hex(0, 0).line_to(Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert len(set(Hex(0, 0).neighbours())) == 6
    assert all(Hex(0, 0).distance(n) == 1 for n in Hex(0, 0).neighbours())
    assert Hex(0, 0).neighbour(6) == DIRECTIONS[0]
    assert Hex(1, 2).s == -3
    assert str(Hex(1, -2)) == "(1, -2)"


def test_cube_round() -> None:
    assert cube_round(0.2, 0.1) == Hex(0, 0)
    assert cube_round(0.4, 0.3) == Hex(1, 0)  # s = -0.7 is the coordinate nearest a whole number
    assert cube_round(-0.6, 0.1) == Hex(-1, 0)
    assert cube_round(1.0, -0.5001, -0.4999) == Hex(1, -1)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_hexes_in_rect_cover_every_point(orientation: Orientation) -> None:
    layout = Layout(orientation, 3.0)
    found = set(layout.hexes_in_rect(0, 0, 40, 30))
    for i in range(41):
        for j in range(31):
            assert layout.to_hex(i, j) in found
