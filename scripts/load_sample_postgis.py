"""Load the sample city into a PostGIS database (for the tests and the benchmark).

Usage: python3 scripts/load_sample_postgis.py CONNINFO FOLDER [N_PERSONS] [TABLE]
CONNINFO "-" reads the connection from SPATIAL_PRIVACY_TEST_PG (keeps the password out of
the process list).

Writes the sample city's GeoPackage (scripts/make_sample_data.py, the same
bytes every time) into FOLDER and copies it with GDAL into the table TABLE
(default ``trips``; geometry ``geom``, key ``fid``, EPSG:3035) of the database;
for the default table also ``trips_quoted``, the same rows with the person id
in a column named ``per"son'id`` (a name that would break unquoted SQL).
"""

import os
import sys
from pathlib import Path

from osgeo import gdal

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from make_sample_data import write_trips  # noqa: E402
from spatial_privacy_plugin.samples.synthetic import synthetic_trips  # noqa: E402

gdal.UseExceptions()
gdal.SetConfigOption("OGR_CURRENT_DATE", "2026-01-01T00:00:00.000Z")
gdal.SetConfigOption("PG_USE_COPY", "YES")
QUOTED_FIELD = 'per"son\'id'


def load(conninfo, folder, persons=12_000, table="trips"):
    import psycopg2
    from psycopg2 import sql

    gpkg = Path(folder) / f"{table}.gpkg"
    write_trips(gpkg, synthetic_trips(persons, seed=20261133))
    gdal.VectorTranslate(f"PG:{conninfo}", str(gpkg), format="PostgreSQL", layerName=table,
                         accessMode="overwrite",
                         layerCreationOptions=["GEOMETRY_NAME=geom", "FID=fid", "SPATIAL_INDEX=GIST",
                                               "LAUNDER=NO"],
                         options=["-gt", "100000"])
    with psycopg2.connect(conninfo) as connection, connection.cursor() as cursor:
        if table == "trips":
            cursor.execute("DROP TABLE IF EXISTS trips_quoted")
            cursor.execute(sql.SQL("CREATE TABLE trips_quoted AS SELECT fid, person_id AS {}, "
                                   "age_band, sex, geom FROM trips").format(
                sql.Identifier(QUOTED_FIELD)))
            cursor.execute("ALTER TABLE trips_quoted ADD PRIMARY KEY (fid)")
        cursor.execute(sql.SQL("ANALYZE {}").format(sql.Identifier(table)))
    return gpkg


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if len(arguments) < 2:
        sys.exit(__doc__)
    conninfo = os.environ["SPATIAL_PRIVACY_TEST_PG"] if arguments[0] == "-" else arguments[0]
    path = load(conninfo, arguments[1], int(arguments[2]) if len(arguments) > 2 else 12_000,
                arguments[3] if len(arguments) > 3 else "trips")
    print(f"loaded {path} into PostGIS")
