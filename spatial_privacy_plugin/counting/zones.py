"""Which polygon holds each point, for many points at once.

Polygons are given as rings of vertex coordinates (exterior first, then
holes); a point is inside when a ray from it crosses the polygon's rings an
odd number of times (even-odd rule, so holes are excluded). Points are first
narrowed to each polygon's bounding box through a sort on x, then tested
against every edge in vectorised blocks: no Python loop per point.
"""

import numpy as np

BLOCK_CELLS = 4_000_000  # candidate points x edges tested at once (bounds memory)


def part_edges(rings):
    """(starts, ends) of a part's edges as ``assign_points`` tests them: (n, 2) arrays, each
    ring closed whether or not its last vertex repeats the first."""
    starts = np.concatenate([ring[:-1] if np.array_equal(ring[0], ring[-1]) else ring
                             for ring in rings])
    ends = np.concatenate([(ring[1:] if np.array_equal(ring[0], ring[-1])
                            else np.roll(ring, -1, axis=0)) for ring in rings])
    return starts, ends


def _inside(px, py, starts, ends):
    """Even-odd crossing test of points against a polygon's edges."""
    inside = np.zeros(len(px), dtype=bool)
    block = max(1, BLOCK_CELLS // max(len(starts), 1))
    x1, y1 = starts[:, 0], starts[:, 1]
    x2, y2 = ends[:, 0], ends[:, 1]
    for begin in range(0, len(px), block):
        qx = px[begin:begin + block, None]
        qy = py[begin:begin + block, None]
        straddles = (y1 > qy) != (y2 > qy)
        with np.errstate(divide="ignore", invalid="ignore"):
            crossing_x = (x2 - x1) * (qy - y1) / (y2 - y1) + x1
        crosses = straddles & (qx < crossing_x)
        inside[begin:begin + block] = (np.count_nonzero(crosses, axis=1) % 2) == 1
    return inside


def tested_parts(polygons):
    """(polygon index, rings) of every part ``assign_points`` tests, in its order: rings of
    fewer than three vertices hold nothing and are left out."""
    for index, parts in enumerate(polygons):
        for rings in parts:
            rings = [np.asarray(ring, dtype=float) for ring in rings if len(ring) >= 3]
            if rings:
                yield index, rings


def assign_points(x, y, polygons):
    """Index of the polygon holding each point, -1 where none does.

    ``polygons``: a list, one entry per polygon feature, of parts; each part
    a list of rings, each ring an (n, 2) array of vertices. Where polygons
    overlap, the first one listed wins.
    """
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    owner = np.full(len(x), -1, dtype=np.int64)
    order = np.argsort(x, kind="stable")
    sorted_x = x[order]
    for index, rings in tested_parts(polygons):
        exterior = rings[0]
        low = np.searchsorted(sorted_x, exterior[:, 0].min(), side="left")
        high = np.searchsorted(sorted_x, exterior[:, 0].max(), side="right")
        candidates = order[low:high]
        candidates = candidates[(owner[candidates] < 0)
                                & (y[candidates] >= exterior[:, 1].min())
                                & (y[candidates] <= exterior[:, 1].max())]
        if len(candidates) == 0:
            continue
        starts, ends = part_edges(rings)
        hit = _inside(x[candidates], y[candidates], starts, ends)
        owner[candidates[hit]] = index
    return owner
