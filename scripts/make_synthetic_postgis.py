"""Generate synthetic trips inside PostGIS, in SQL (for the benchmark's 10 M and 100 M rows).

Usage: python3 scripts/make_synthetic_postgis.py CONNINFO N_TRIPS TABLE [--drop]
CONNINFO "-" reads the connection from SPATIAL_PRIVACY_TEST_PG. --drop drops TABLE instead.

Loading a large table through a GeoPackage and GDAL takes longer than every
benchmark it serves (10 M trips did not load in 40 minutes on a busy machine);
here the server builds the rows itself with generate_series, in batches of
people: 3 M trips in about 6 s on a quiet machine, 100 M in about 13 minutes
beside other work (load average 8 on 2 cores). The rows look like the
sample city's (scripts/make_sample_data.py) without being the same draws:
about N_TRIPS / 3 people, each with one to five trip points (mean three),
living in the dense core (62 %), a suburban ring 3 to 7 km out (30 %) or one
of the sample city's eight villages (8 %); a third of the points lead into
the core, the others scatter around home. Columns: ``fid`` (bigint primary
key, person by person), ``person_id`` (bigint), ``age_band``, ``sex`` (text,
one value per person) and ``geom`` (geometry(Point, 3035), centimetre
precision).

Deterministic: every draw is ``hashint8extended(number, stream)`` of the
person's (or trip's) number, the 64-bit hash PostgreSQL keeps stable for hash
partitioning, so the same N_TRIPS gives the same table in every run. The
table is UNLOGGED (the benchmark never needs it after a crash) and has no
spatial index (counting in the database scans it whole).
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from spatial_privacy_plugin.samples.synthetic import AGE_BANDS, AGE_SHARES, CENTRE, \
    village_centres  # noqa: E402

PEOPLE_PER_BATCH = 1_000_000
TRIPS_PER_PERSON = 3  # the mean of 1 + (hash mod 5)
FID_STRIDE = 8  # fid = person * 8 + trip number: unique, in person order


def uniform(hash_expression, bits):
    """A uniform draw in (0, 1) from 32 bits (``bits`` 0 or 32) of a 64-bit hash, in float8
    (a numeric constant would make every later step numeric arithmetic, ten times slower)."""
    return f"((({hash_expression} >> {bits}) & 4294967295)::float8 + 0.5) / 4294967296.0::float8"


def normals(hash_expression):
    """Two independent standard normal draws (Box-Muller) from one 64-bit hash."""
    radius = f"sqrt(-2.0 * ln({uniform(hash_expression, 0)}))"
    angle = f"(2.0 * pi() * {uniform(hash_expression, 32)})"
    return f"{radius} * cos({angle})", f"{radius} * sin({angle})"


def batch_sql(table):
    """INSERT of the trips of people %(first)s..%(last)s (bound), as SQL text."""
    village_x, village_y = village_centres()
    villages_x = "ARRAY[" + ", ".join(f"{v:.2f}" for v in village_x) + "]::float8[]"
    villages_y = "ARRAY[" + ", ".join(f"{v:.2f}" for v in village_y) + "]::float8[]"
    shares, bands = 0.0, []
    for band, share in zip(AGE_BANDS, AGE_SHARES):
        shares += share
        bands.append(f"WHEN age_draw < {shares:.4f} THEN '{band}'")
    home_x, home_y = normals("b")
    trip_x, trip_y = normals("d")
    ring_distance = f"(3000.0 + 4000.0 * {uniform('b', 0)})"
    ring_angle = f"(2.0 * pi() * {uniform('b', 32)})"
    # Person draws: a (area, village, trips, age band, sex), b (home); trip draws: c (into
    # the core or not), d (offset). OFFSET 0 keeps each person's home computed once.
    return f"""
INSERT INTO {table} (fid, person_id, age_band, sex, geom)
SELECT person * {FID_STRIDE} + trip, person, age_band, sex,
       ST_SetSRID(ST_MakePoint(round(x * 100.0) / 100.0, round(y * 100.0) / 100.0), 3035)
FROM (
  SELECT person, trip, age_band, sex,
         CASE WHEN (c & 1023) < 341 THEN {CENTRE[0]} + 1000.0 * {trip_x}
              ELSE home_x + 400.0 * {trip_x} END AS x,
         CASE WHEN (c & 1023) < 341 THEN {CENTRE[1]} + 1000.0 * {trip_y}
              ELSE home_y + 400.0 * {trip_y} END AS y
  FROM (
    SELECT homes.*, trip,
           hashint8extended(person * {FID_STRIDE} + trip, 3) AS c,
           hashint8extended(person * {FID_STRIDE} + trip, 4) AS d
    FROM (
      SELECT person, 1 + ((a >> 13) & 65535) %% 5 AS trips,
             CASE {' '.join(bands)} ELSE '{AGE_BANDS[-1]}' END AS age_band,
             CASE WHEN ((a >> 39) & 1) = 0 THEN 'F' ELSE 'M' END AS sex,
             CASE WHEN area < 0.62 THEN {CENTRE[0]} + 1500.0 * {home_x}
                  WHEN area < 0.92 THEN {CENTRE[0]} + {ring_distance} * cos({ring_angle})
                  ELSE ({villages_x})[village + 1] + 300.0 * {home_x} END AS home_x,
             CASE WHEN area < 0.62 THEN {CENTRE[1]} + 1500.0 * {home_y}
                  WHEN area < 0.92 THEN {CENTRE[1]} + {ring_distance} * sin({ring_angle})
                  ELSE ({villages_y})[village + 1] + 300.0 * {home_y} END AS home_y
      FROM (
        SELECT person, a, b, (a & 1023)::float8 / 1024.0 AS area, ((a >> 10) & 7)::int AS village,
               ((a >> 29) & 1023)::float8 / 1024.0 AS age_draw
        FROM (SELECT person, hashint8extended(person, 1) AS a, hashint8extended(person, 2) AS b
              FROM generate_series(%(first)s::bigint, %(last)s::bigint) AS person) AS draws
      ) AS people
      OFFSET 0
    ) AS homes
    CROSS JOIN LATERAL generate_series(1, homes.trips) AS trip
  ) AS trips
) AS points
"""


def create(conninfo, n_trips, table, log=print):
    """Create ``table`` with about ``n_trips`` trips (dropped first if it exists); returns
    the number of rows."""
    import psycopg2
    from psycopg2 import sql

    relation = sql.Identifier(table)
    people = max(n_trips // TRIPS_PER_PERSON, 1)
    insert = sql.SQL(batch_sql("{}")).format(relation)
    with psycopg2.connect(conninfo) as connection, connection.cursor() as cursor:
        cursor.execute(sql.SQL("DROP TABLE IF EXISTS {}").format(relation))
        cursor.execute(sql.SQL("CREATE UNLOGGED TABLE {} (fid bigint NOT NULL, person_id bigint "
                               "NOT NULL, age_band text, sex text, geom geometry(Point, 3035))")
                       .format(relation))
        connection.commit()
        started = time.monotonic()
        for first in range(1, people + 1, PEOPLE_PER_BATCH):
            last = min(first + PEOPLE_PER_BATCH - 1, people)
            cursor.execute(insert, {"first": first, "last": last})
            connection.commit()
            log(f"{table}: people {first:,}-{last:,} in {time.monotonic() - started:.0f} s")
        cursor.execute(sql.SQL("ALTER TABLE {} ADD PRIMARY KEY (fid)").format(relation))
        cursor.execute(sql.SQL("ANALYZE {}").format(relation))
        cursor.execute(sql.SQL("SELECT count(*) FROM {}").format(relation))
        rows = cursor.fetchone()[0]
    log(f"{table}: {rows:,} trips of {people:,} people in {time.monotonic() - started:.0f} s")
    return rows


def drop(conninfo, table):
    import psycopg2
    from psycopg2 import sql

    with psycopg2.connect(conninfo) as connection, connection.cursor() as cursor:
        cursor.execute(sql.SQL("DROP TABLE IF EXISTS {}").format(sql.Identifier(table)))


if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if argument != "--drop"]
    if len(arguments) != 3:
        sys.exit(__doc__)
    conninfo = os.environ["SPATIAL_PRIVACY_TEST_PG"] if arguments[0] == "-" else arguments[0]
    if "--drop" in sys.argv:
        drop(conninfo, arguments[2])
    else:
        create(conninfo, int(arguments[1]), arguments[2])
