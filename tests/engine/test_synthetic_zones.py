"""The sample zones: the same every time, an exact partition of their square, people in each."""

import numpy as np
import pytest

from spatial_privacy_plugin.samples.synthetic import CENTRE, synthetic_trips
from spatial_privacy_plugin.samples.synthetic_zones import HALF_SIDE, synthetic_zones
from spatial_privacy_plugin.counting.zones import assign_points


def shoelace(ring):
    xs, ys = np.array(ring[:-1]).T
    return 0.5 * float(np.sum(xs * np.roll(ys, -1) - np.roll(xs, -1) * ys))


def test_the_zones_are_the_same_every_time():
    assert synthetic_zones() == synthetic_zones()


def test_the_zones_tile_their_square_counter_clockwise():
    zones = synthetic_zones()
    areas = [shoelace(ring) for _, ring in zones]
    assert all(area > 0 for area in areas)  # counter-clockwise, not degenerate
    # Shared borders are the same vertices in both zones: no gap, no overlap.
    assert sum(areas) == pytest.approx((2 * HALF_SIDE) ** 2, rel=1e-12)
    assert len({zone_id for zone_id, _ in zones}) == len(zones)
    assert all(ring[0] == ring[-1] for _, ring in zones)


def test_every_trip_lies_in_exactly_one_zone_and_every_zone_holds_people():
    trips = synthetic_trips()
    zones = synthetic_zones()
    x, y = trips["x"].to_numpy(), trips["y"].to_numpy()
    assert np.all(np.abs(x - CENTRE[0]) < HALF_SIDE) and np.all(np.abs(y - CENTRE[1]) < HALF_SIDE)
    polygons = [[[np.array(ring)]] for _, ring in zones]
    owners = assign_points(x, y, polygons)
    assert np.all(owners >= 0)
    people = trips.groupby(owners)["person_id"].nunique()
    assert len(people) == len(zones) and people.min() > 0
    # Every point in exactly one zone: counted zone by zone, the points add up to all of them.
    inside = sum(int(np.sum(assign_points(x, y, [polygon]) == 0)) for polygon in polygons)
    assert inside == len(trips)


def test_zones_follow_the_villages_of_the_city_they_are_drawn_for():
    assert synthetic_zones(3_000, 7) != synthetic_zones()
    trips = synthetic_trips(3_000, seed=7)
    owners = assign_points(trips["x"].to_numpy(), trips["y"].to_numpy(),
                           [[[np.array(ring)]] for _, ring in synthetic_zones(3_000, 7)])
    assert np.all(owners >= 0)
