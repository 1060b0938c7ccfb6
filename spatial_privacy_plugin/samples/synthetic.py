"""A deterministic synthetic city of trips, for demos, tests and benchmarks.

People live in households in a dense core, a suburban ring or rural villages
(the sparse tail); each makes several trips whose points scatter around home or lead into
the core. Coordinates are metres in ETRS89-LAEA (EPSG:3035). The same seed
and size give the same table, bit for bit.
"""

import numpy as np
import pandas as pd

CRS = "EPSG:3035"
CENTRE = (4_321_000.0, 3_210_000.0)
AGE_BANDS = np.array(["0-17", "18-29", "30-44", "45-64", "65+"], dtype=object)
AGE_SHARES = (0.18, 0.17, 0.24, 0.26, 0.15)
SEXES = np.array(["F", "M"], dtype=object)
PURPOSES = np.array(["work", "education", "shopping", "leisure", "care", "other"], dtype=object)
PURPOSE_SHARES = (0.30, 0.10, 0.20, 0.25, 0.05, 0.10)
# Share of households in the dense core, the suburban ring and the rural villages
# (the sparse tail).
AREA_SHARES = (0.62, 0.30, 0.08)
N_VILLAGES = 8


def _household_homes(rng, n_households):
    area = rng.choice(len(AREA_SHARES), size=n_households, p=AREA_SHARES)
    angle = rng.uniform(0.0, 2.0 * np.pi, n_households)
    distance = np.where(area == 0, np.abs(rng.normal(0.0, 1_500.0, n_households)),
                        rng.uniform(3_000.0, 7_000.0, n_households))
    x = CENTRE[0] + distance * np.cos(angle)
    y = CENTRE[1] + distance * np.sin(angle)
    village_x, village_y = _village_centres(rng)
    village = rng.integers(0, N_VILLAGES, size=n_households)
    in_village = area == 2
    x[in_village] = village_x[village[in_village]] + rng.normal(0.0, 300.0, int(in_village.sum()))
    y[in_village] = village_y[village[in_village]] + rng.normal(0.0, 300.0, int(in_village.sum()))
    return x, y


def _village_centres(rng):
    """Villages: households gather around a few rural centres 10 to 20 km out."""
    village_angle = rng.uniform(0.0, 2.0 * np.pi, N_VILLAGES)
    village_distance = rng.uniform(10_000.0, 20_000.0, N_VILLAGES)
    return (CENTRE[0] + village_distance * np.cos(village_angle),
            CENTRE[1] + village_distance * np.sin(village_angle))


def village_centres(n_persons=12_000, seed=20261133):
    """The (x, y) arrays of the village centres of ``synthetic_trips(n_persons, seed)``.

    Villages are public places (a map shows them), so zones may be drawn around them.
    """
    rng = np.random.default_rng(seed)
    household_sizes = rng.integers(1, 5, size=n_persons)
    n_households = int(np.repeat(np.arange(len(household_sizes)), household_sizes)[:n_persons].max()) + 1
    # The draws synthetic_trips makes before the villages, in the same order.
    rng.choice(len(AREA_SHARES), size=n_households, p=AREA_SHARES)
    rng.uniform(0.0, 2.0 * np.pi, n_households)
    rng.normal(0.0, 1_500.0, n_households)
    rng.uniform(3_000.0, 7_000.0, n_households)
    return _village_centres(rng)


def synthetic_trips(n_persons=12_000, seed=20261133, mean_trips=3.0):
    """Trips of ``n_persons`` people: one row per trip point.

    Columns: ``trip_id, person_id, household_id, age_band, sex, trip_purpose,
    trip_hour, x, y``.
    """
    rng = np.random.default_rng(seed)
    household_sizes = rng.integers(1, 5, size=n_persons)
    household_of_person = np.repeat(np.arange(len(household_sizes)), household_sizes)[:n_persons]
    n_households = int(household_of_person.max()) + 1
    home_x, home_y = _household_homes(rng, n_households)
    age = rng.choice(AGE_BANDS, size=n_persons, p=AGE_SHARES)
    sex = rng.choice(SEXES, size=n_persons)
    trips = 1 + rng.poisson(mean_trips - 1.0, size=n_persons)
    person_of_trip = np.repeat(np.arange(n_persons), trips)
    n_trips = len(person_of_trip)
    household = household_of_person[person_of_trip]
    # Most trip points lie near home; a third lead into the core.
    into_core = rng.random(n_trips) < 1.0 / 3.0
    x = np.where(into_core, CENTRE[0] + rng.normal(0.0, 1_000.0, n_trips),
                 home_x[household] + rng.normal(0.0, 400.0, n_trips))
    y = np.where(into_core, CENTRE[1] + rng.normal(0.0, 1_000.0, n_trips),
                 home_y[household] + rng.normal(0.0, 400.0, n_trips))
    return pd.DataFrame({
        "trip_id": np.arange(1, n_trips + 1, dtype=np.int64),
        "person_id": person_of_trip.astype(np.int64) + 1,
        "household_id": household.astype(np.int64) + 1,
        "age_band": age[person_of_trip],
        "sex": sex[person_of_trip],
        "trip_purpose": rng.choice(PURPOSES, size=n_trips, p=PURPOSE_SHARES),
        "trip_hour": rng.integers(0, 24, size=n_trips).astype(np.int64),
        # Centimetre precision, as a GNSS-derived table would carry.
        "x": np.round(x, 2),
        "y": np.round(y, 2),
    })


def synthetic_region(n_persons, towns_per_side=2, spacing=100_000.0, seed=20261133):
    """Several synthetic cities on a square lattice ``spacing`` metres apart: a regional extent.

    Each town is ``synthetic_trips`` with its own seed; ids are renumbered so
    that people, households and trips stay distinct across towns. Most of the
    region's extent is empty, as a national one is.
    """
    towns = towns_per_side * towns_per_side
    frames = []
    offsets = {"trip_id": 0, "person_id": 0, "household_id": 0}
    for town in range(towns):
        trips = synthetic_trips(n_persons // towns, seed + town)
        for column, offset in offsets.items():
            trips[column] += offset
            offsets[column] = int(trips[column].max())
        trips["x"] += (town % towns_per_side) * spacing
        trips["y"] += (town // towns_per_side) * spacing
        frames.append(trips)
    return pd.concat(frames, ignore_index=True)
