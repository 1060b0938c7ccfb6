"""The test server itself: loopback only, PostGIS, the sample city loaded."""

from pg_server import QUOTED_FIELD, connect, postgis_layer


def test_the_server_listens_on_loopback_only_and_has_postgis():
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SHOW listen_addresses")
        assert cursor.fetchone()[0] == "127.0.0.1"
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'postgis'")
        assert cursor.fetchone()[0].startswith("3.")


def test_the_sample_city_is_loaded():
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT count(*), count(DISTINCT person_id), min(ST_SRID(geom)) FROM trips")
        assert cursor.fetchone() == (36_022, 12_000, 3035)
        cursor.execute('SELECT count(DISTINCT "per""son\'id") FROM trips_quoted')
        assert cursor.fetchone()[0] == 12_000
    layer = postgis_layer("trips")
    assert layer.featureCount() == 36_022 and layer.crs().authid() == "EPSG:3035"
    assert QUOTED_FIELD in postgis_layer("trips_quoted").fields().names()
