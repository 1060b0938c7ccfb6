import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from spatial_privacy_plugin.counting.zones import assign_points


def winding_number(px, py, ring):
    """An independent reference: the winding number of a closed ring around a point."""
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        a1 = math.atan2(y1 - py, x1 - px)
        a2 = math.atan2(y2 - py, x2 - px)
        delta = a2 - a1
        while delta > math.pi:
            delta -= 2 * math.pi
        while delta < -math.pi:
            delta += 2 * math.pi
        total += delta
    return round(total / (2 * math.pi))


def test_square_with_a_hole_and_a_second_zone():
    outer = [(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]
    hole = [(4, 4), (6, 4), (6, 6), (4, 6), (4, 4)]
    other = [(10, 0), (20, 0), (20, 10), (10, 10), (10, 0)]
    polygons = [[[np.array(outer), np.array(hole)]], [[np.array(other)]]]
    x = np.array([1, 5, 15, 25, 9.5])
    y = np.array([1, 5, 5, 5, 9.5])
    assert assign_points(x, y, polygons).tolist() == [0, -1, 1, -1, 0]


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 9), st.integers(0, 10_000))
def test_star_polygons_match_the_winding_number(n_vertices, seed):
    rng = np.random.default_rng(seed)
    angles = np.sort(rng.uniform(0, 2 * np.pi, n_vertices))
    radii = rng.uniform(2, 10, n_vertices)
    ring = list(zip((radii * np.cos(angles)).tolist(), (radii * np.sin(angles)).tolist()))
    x = rng.uniform(-11, 11, 300)
    y = rng.uniform(-11, 11, 300)
    owner = assign_points(x, y, [[[np.array(ring)]]])
    expected = [0 if winding_number(px, py, ring) != 0 else -1 for px, py in zip(x, y)]
    assert owner.tolist() == expected
