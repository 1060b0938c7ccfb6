"""Administrative-looking zones over the synthetic city, the same every time.

A Voronoi partition of a square around the city, with seeds on rings in the
core and the suburbs and one at each village (as districts are drawn around
the places people live, so that every zone holds people), whose inner borders are
made irregular by a deterministic midpoint displacement. A border shared by
two zones is built once and used by both, so the zones are an exact
partition: they cover the square without gaps or overlaps.
"""

import numpy as np

from .synthetic import CENTRE, village_centres

# Half the side of the square the zones cover: the synthetic city's farthest
# village lies 20 km out and its trips scatter a few hundred metres further.
HALF_SIDE = 25_000.0
# (number of seeds, ring radius in metres): the core and the suburban ring.
RINGS = ((1, 0.0), (6, 2_200.0), (10, 5_200.0))
SEED = 20261216
# Share of a border segment's length its midpoint moves sideways, at each of the levels.
DISPLACEMENT = (0.10, 0.06, 0.035)


def zone_seeds(rng, n_persons, seed):
    """The Voronoi seeds: rings around the centre, each point jittered a little, and the
    centres of the villages of ``synthetic_trips(n_persons, seed)``."""
    points = []
    for count, radius in RINGS:
        offset = rng.uniform(0.0, 2.0 * np.pi)
        for index in range(count):
            angle = offset + 2.0 * np.pi * index / count + rng.normal(0.0, 0.12)
            distance = radius * (1.0 + rng.normal(0.0, 0.08)) if radius else 0.0
            points.append((CENTRE[0] + distance * np.cos(angle),
                           CENTRE[1] + distance * np.sin(angle)))
    return np.vstack([np.array(points), np.column_stack(village_centres(n_persons, seed))])


def _jagged(start, end, key):
    """Points strictly between ``start`` and ``end`` of an irregular border, from start to end.

    The border's own generator (seeded by ``key``) displaces each midpoint
    sideways; the same key gives the same border.
    """
    rng = np.random.default_rng([SEED, *key])
    line = [np.asarray(start, float), np.asarray(end, float)]
    for share in DISPLACEMENT:
        refined = [line[0]]
        for a, b in zip(line[:-1], line[1:]):
            along = b - a
            normal = np.array([-along[1], along[0]])
            refined += [(a + b) / 2.0 + normal * rng.uniform(-share, share), b]
        line = refined
    return line[1:-1]


def synthetic_zones(n_persons=12_000, seed=20261133, half_side=HALF_SIDE):
    """Zones over the square of side ``2 * half_side`` around the city of
    ``synthetic_trips(n_persons, seed)``.

    Returns a list of ``(zone_id, ring)`` with ``ring`` a closed list of
    ``(x, y)`` in EPSG:3035, counter-clockwise. Seeds mirrored across the
    square's four sides make every zone's Voronoi cell end exactly at the
    square (the square's edges stay straight).
    """
    from scipy.spatial import Voronoi

    seeds = zone_seeds(np.random.default_rng(SEED), n_persons, seed)
    low = np.array(CENTRE) - half_side
    high = np.array(CENTRE) + half_side
    mirrored = [seeds]
    for axis in (0, 1):
        for bound in (low, high):
            reflected = seeds.copy()
            reflected[:, axis] = 2.0 * bound[axis] - seeds[:, axis]
            mirrored.append(reflected)
    diagram = Voronoi(np.vstack(mirrored))
    inner = len(seeds)
    # Borders between two real zones are jagged; those on the square stay straight.
    jagged = {}
    for (first, second), vertices in zip(diagram.ridge_points, diagram.ridge_vertices):
        if first < inner and second < inner and -1 not in vertices:
            key = tuple(sorted(vertices))
            jagged[key] = _jagged(diagram.vertices[key[0]], diagram.vertices[key[1]], key)
    zones = []
    for index in range(inner):
        # A cell is convex: its corners in order of angle around its seed.
        region = sorted(diagram.regions[diagram.point_region[index]], key=lambda vertex: np.arctan2(
            *(diagram.vertices[vertex] - seeds[index])[::-1]))
        corners = [np.clip(diagram.vertices[vertex], low, high) for vertex in region]
        ring = []
        for position, vertex in enumerate(region):
            following = region[(position + 1) % len(region)]
            ring.append(corners[position])
            key = tuple(sorted((vertex, following)))
            between = jagged.get(key, [])
            ring += between if key[0] == vertex else between[::-1]
        ring = [(round(float(x), 2), round(float(y), 2)) for x, y in ring]
        zones.append((f"Z{index + 1:02d}", ring + ring[:1]))
    return zones

