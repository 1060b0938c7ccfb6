"""The benchmark's SQL generator of synthetic trips (scripts/make_synthetic_postgis.py), small."""

import sys
from pathlib import Path

from pg_server import conninfo, connect, postgis_layer

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import make_synthetic_postgis  # noqa: E402

ROWS = "SELECT fid, person_id, age_band, sex, ST_AsText(geom) FROM {} WHERE person_id <= 1000 " \
       "ORDER BY fid"


def test_generated_trips_are_the_same_for_the_same_people_whatever_the_size():
    """A person's rows depend on its number only: the 3 000-trip table is the first thousand
    people of the 6 000-trip one (a draw from a session's random() would differ)."""
    small, large = "synthetic_test_small", "synthetic_test_large"
    try:
        assert 2_700 < make_synthetic_postgis.create(conninfo(), 3_000, small, log=lambda _: None) \
            < 3_300
        make_synthetic_postgis.create(conninfo(), 6_000, large, log=lambda _: None)
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute(ROWS.format(small))
            small_rows = cursor.fetchall()
            cursor.execute(ROWS.format(large))
            assert cursor.fetchall() == small_rows
            cursor.execute(f"SELECT count(*) FILTER (WHERE n = 1), count(*) FILTER (WHERE n > 1), "
                           f"count(DISTINCT age_band) FROM (SELECT person_id, count(*) AS n, "
                           f"min(age_band) AS age_band FROM {small} GROUP BY person_id) AS people")
            one, several, bands = cursor.fetchone()
            assert one > 0 and several > 0 and one + several == 1_000 and bands == 5
            # The sample city's extent: the villages lie at most 20 km out.
            cursor.execute(f"SELECT max(ST_Distance(geom, ST_SetSRID(ST_MakePoint(4321000, "
                           f"3210000), 3035))), min(ST_SRID(geom)) FROM {small}")
            farthest, srid = cursor.fetchone()
            assert 5_000 < farthest < 25_000 and srid == 3035
        layer = postgis_layer(small)
        assert layer.featureCount() == len(small_rows)
    finally:
        make_synthetic_postgis.drop(conninfo(), small)
        make_synthetic_postgis.drop(conninfo(), large)
