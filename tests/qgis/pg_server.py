"""The PostGIS test server that `make test` starts (scripts/postgres_for_tests.sh).

Tests find it through the environment variable SPATIAL_PRIVACY_TEST_PG (a
libpq connection string). Without it (pytest run by hand) the PostGIS tests
skip, saying how to run them; with it, a server that does not answer fails them.
"""

import os

import pytest
from qgis.core import QgsDataSourceUri, QgsVectorLayer

ENV = "SPATIAL_PRIVACY_TEST_PG"
QUOTED_FIELD = 'per"son\'id'  # the column of trips_quoted holding the person id


def used_by(module):
    """Whether a test module talks to this server (it imports from this module)."""
    return any(getattr(value, "__module__", None) == __name__ for value in vars(module).values())


def conninfo():
    value = os.environ.get(ENV)
    if not value:
        pytest.skip(f"{ENV} is not set: run `make test`, which starts a PostGIS server on loopback")
    return value


def connect():
    import psycopg2

    return psycopg2.connect(conninfo())


def postgis_layer(table, sql="", schema="public", key="fid", name=None):
    """The table as QGIS opens it from a PostGIS connection (geometry column ``geom``)."""
    from psycopg2.extensions import parse_dsn

    parts = parse_dsn(conninfo())
    uri = QgsDataSourceUri()
    uri.setConnection(parts["host"], parts["port"], parts["dbname"], parts["user"],
                      parts["password"])
    uri.setDataSource(schema, table, "geom", sql, key)
    layer = QgsVectorLayer(uri.uri(False), name or table, "postgres")
    assert layer.isValid(), f"PostGIS layer {schema}.{table} did not open"
    return layer
