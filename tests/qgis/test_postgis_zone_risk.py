"""Zone risk counted in PostGIS: the same zones, keys and risks as reading the points."""

import subprocess
import sys
import threading

import numpy as np
import pandas as pd
import pytest
from qgis.core import QgsProcessingException, QgsProcessingFeatureSourceDefinition, QgsProject, \
    QgsVectorLayer

from pg_server import QUOTED_FIELD, connect, postgis_layer

KEYS = ["age_band", "sex"]


@pytest.fixture(scope="module")
def zones(repo_root, tmp_path_factory):
    """The 25 sample zones over the sample city, as a GeoPackage layer."""
    path = tmp_path_factory.mktemp("zones") / "zones.gpkg"
    subprocess.run([sys.executable, str(repo_root / "scripts" / "make_sample_zones.py"), str(path)],
                   check=True, capture_output=True)
    layer = QgsVectorLayer(f"{path}|layername=zones", "zones", "ogr")
    assert layer.isValid() and layer.featureCount() == 25
    return layer


def zone_risk(run, zones, records, feedback=None, keys=KEYS, person="person_id", **extra):
    parameters = {"ZONES": zones, "ZONE_ID_FIELD": "zone_id", "RECORDS": records,
                  "KEY_FIELDS": keys, "PERSON_FIELD": person, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("zonerisk", parameters, feedback=feedback)


def rows_of(result):
    layer = result["OUTPUT"]
    names = layer.fields().names()
    rows = sorted(tuple(feature.attributes()) for feature in layer.getFeatures())
    scalars = tuple(result[name] for name in ("WORST_ZONE", "WORST_P_REID", "POOLED_P_REID"))
    return names, rows, scalars


def counted_in_postgis(feedback):
    return [message for message in feedback.messages if "Zones counted in PostGIS" in message]


def by_feature(layer):
    """The layer read feature by feature: a feature limit above its row count."""
    QgsProject.instance().addMapLayer(layer)
    return QgsProcessingFeatureSourceDefinition(layer.id(), False, 10 ** 12)


def copy_of_trips(name, columns="*"):
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")
        cursor.execute(f"CREATE TABLE {name} AS SELECT {columns} FROM trips")
        cursor.execute(f"ALTER TABLE {name} ADD PRIMARY KEY (fid)")


def drop(name):
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")


@pytest.mark.parametrize("extra", [{}, {"METHOD": 1}, {"PERSON_FIELD": ""},
                                   {"KEY_FIELDS": ["age_band", "sex", "trip_purpose"]}],
                         ids=["individual risk", "uniqueness", "no person", "three keys"])
def test_zone_risk_counted_in_postgis_equals_reading_the_points(run, zones, city_gpkg, feedback,
                                                                extra):
    in_postgis = zone_risk(run, zones, postgis_layer("trips"), feedback, **extra)
    assert len(counted_in_postgis(feedback)) == 1, feedback.messages[1][:3000]  # one query, logged
    assert not any("feature by feature" in message or "Arrow" in message
                   for message in feedback.messages)
    layer = postgis_layer("trips")
    try:
        read = zone_risk(run, zones, by_feature(layer), **extra)
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    from_file = zone_risk(run, zones, city_gpkg, **extra)
    assert rows_of(in_postgis) == rows_of(read) == rows_of(from_file)
    names, rows, _ = rows_of(from_file)
    n_records = [row[names.index("n_records")] for row in rows]
    assert len(rows) == 25 and len(set(n_records)) > 20
    if extra.get("PERSON_FIELD") == "":
        assert sum(n_records) == 36_022  # each trip a record
    else:  # one record per person, zone and key values: people, never their trips
        n_persons = [row[names.index("n_persons")] for row in rows]
        assert all(records >= persons for records, persons in zip(n_records, n_persons))
        assert sum(n_persons) <= sum(n_records) < 36_022


def test_weights_are_summed_in_the_database(run, zones, feedback):
    """Weights whose sums are exact in binary (quarters): the same risks to the last bit."""
    copy_of_trips("trips_weighted", "*, 1.0 + (fid % 4) * 0.25 AS weight")
    layer = postgis_layer("trips_weighted")
    try:
        in_postgis = zone_risk(run, zones, postgis_layer("trips_weighted"), feedback,
                               WEIGHT_FIELD="weight")
        assert counted_in_postgis(feedback)
        read = zone_risk(run, zones, by_feature(layer), WEIGHT_FIELD="weight")
        unweighted = zone_risk(run, zones, postgis_layer("trips_weighted"))
        assert rows_of(in_postgis) == rows_of(read) != rows_of(unweighted)
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("UPDATE trips_weighted SET weight = NULL WHERE fid <= 2")
            cursor.execute("UPDATE trips_weighted SET weight = 0 WHERE fid = 3")
        messages = []
        for source in (postgis_layer("trips_weighted"), by_feature(layer)):
            with pytest.raises(QgsProcessingException) as raised:
                zone_risk(run, zones, source, WEIGHT_FIELD="weight")
            messages.append(str(raised.value))
        # Three trips, counted as the distinct person records they are (in both paths alike).
        assert messages[0] == messages[1] and "record(s) have a sampling weight" in messages[0]
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
        drop("trips_weighted")


def border_points(zones):
    """Every vertex of the zones, points along their edges (on the line as doubles round
    it) and each of these nudged by one unit in the last place in x and in y."""
    xs, ys = [], []
    for feature in zones.getFeatures():
        for ring in feature.geometry().asPolygon():
            vertices = np.array([(point.x(), point.y()) for point in ring])
            starts, ends = vertices[:-1], vertices[1:]
            for share in (0.0, 0.5, 1.0 / 3.0, 0.9):
                along = starts + share * (ends - starts)
                xs.append(along[:, 0])
                ys.append(along[:, 1])
    x, y = np.concatenate(xs), np.concatenate(ys)
    nudged_x = [x, np.nextafter(x, np.inf), np.nextafter(x, -np.inf), x, x]
    nudged_y = [y, y, y, np.nextafter(y, np.inf), np.nextafter(y, -np.inf)]
    return np.concatenate(nudged_x), np.concatenate(nudged_y)


def points_table(name, x, y, persons, keys):
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {name}")
        cursor.execute(f"CREATE TABLE {name} (fid serial PRIMARY KEY, person_id integer, "
                       "age_band text, geom geometry(Point, 3035))")
        cursor.execute(f"INSERT INTO {name} (person_id, age_band, geom) SELECT p, k, "
                       "ST_SetSRID(ST_MakePoint(x, y), 3035) FROM unnest(%s::int[], %s::text[], "
                       "%s::float8[], %s::float8[]) AS t(p, k, x, y)",
                       (persons.tolist(), keys, x.tolist(), y.tolist()))
        cursor.execute(f"SELECT ST_X(geom), ST_Y(geom) FROM {name} ORDER BY fid")
        stored = np.array(cursor.fetchall())
    assert np.array_equal(stored[:, 0], x) and np.array_equal(stored[:, 1], y)  # exact doubles


class QuietFeedback:
    cancelled = False

    def isCanceled(self):
        return self.cancelled

    def pushInfo(self, message):
        pass


def test_points_on_borders_and_vertices_fall_in_the_engine_s_zones(provider, zones):
    """Zone for zone and key for key: the database's groups are the engine's, for points
    exactly on shared borders and vertices, a hair beside them, and outside every zone."""
    from qgis.core import QgsProcessingContext

    from spatial_privacy.processing_provider.io.polygons import read_polygons
    from spatial_privacy.processing_provider.io.postgis_zones import ZoneCounter
    from spatial_privacy.spatial_privacy_plugin.counting.zones import assign_points

    x, y = border_points(zones)
    persons = np.arange(len(x)) % 97
    keys = [None if i % 11 == 0 else f"k{i % 3}" for i in range(len(x))]
    points_table("border_points", x, y, persons, keys)
    polygons, _ = read_polygons(zones, zones.sourceCrs(), QgsProcessingContext(), "zone_id")
    owner = assign_points(x, y, polygons)
    assert (owner < 0).sum() > 100 and len(np.unique(owner)) == 26  # the square's far sides
    counter = ZoneCounter(postgis_layer("border_points"), "person_id", ["age_band"], None,
                          QuietFeedback())
    try:
        rows = counter.summary()[0]
        counter.load_zones(polygons)
        counted = counter.count_zones(rows)
        # Negative control: ST_Intersects alone puts the square's far sides in zones.
        naive_outside = counter.fetch(
            "SELECT COUNT(*) FROM border_points AS p WHERE NOT EXISTS (SELECT 1 FROM "
            "spatial_privacy_zone_parts AS z WHERE ST_Intersects(z.geom, p.geom))")[0][0]
        assert naive_outside < (owner < 0).sum()
    finally:
        counter.close()
        drop("border_points")
    no_key = "(NULL)"  # NULL as a key of its own, as the groups keep it
    frame = pd.DataFrame({"zone": owner, "key": [no_key if key is None else key for key in keys],
                          "person": persons})[owner >= 0]
    # A person's records of one zone and key are one record (distinct people).
    expected = frame.drop_duplicates(["zone", "key", "person"]).groupby(["zone", "key"]).size()
    got = pd.Series(counted.records, index=pd.MultiIndex.from_arrays(
        [counted.polygon, [no_key if key is None else key for key in counted.key_columns[0]]],
        names=["zone", "key"]))
    assert got.sort_index().to_dict() == expected.sort_index().to_dict()
    assert counted.rows - counted.assigned == (owner < 0).sum()
    assert counted.persons == frame.groupby("zone")["person"].nunique().to_dict()


def test_records_outside_every_zone_and_null_keys_are_refused_as_when_read(run, zones):
    """The reading path's refusals, with the same counts: records in no zone first, then
    records without a key value."""
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS trips_outside")
        cursor.execute("CREATE TABLE trips_outside AS SELECT * FROM trips")
        cursor.execute("ALTER TABLE trips_outside ADD PRIMARY KEY (fid)")
        cursor.execute("UPDATE trips_outside SET sex = NULL WHERE fid % 1000 = 0")
    layer = postgis_layer("trips_outside")
    try:
        messages = []
        for change in ("", "UPDATE trips_outside SET geom = ST_Translate(geom, 1e6, 0) "
                           "WHERE fid <= 5"):
            if change:
                with connect() as connection, connection.cursor() as cursor:
                    cursor.execute(change)
            for source in (postgis_layer("trips_outside"), by_feature(layer)):
                feedback = __import__("conftest").RecordingFeedback()
                with pytest.raises(QgsProcessingException) as raised:
                    zone_risk(run, zones, source, feedback)
                messages.append(str(raised.value))
        assert messages[0] == messages[1] and "36 record(s) have no value in the key field " \
            "'sex'" in messages[0]
        assert messages[2] == messages[3] and "5 record(s) lie in no zone" in messages[2]
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
        drop("trips_outside")


def test_a_subset_string_becomes_the_where_clause(run, zones, city_gpkg, feedback):
    layer = postgis_layer("trips", sql="\"person_id\" <= 6000 AND \"sex\" LIKE '%'")
    in_postgis = zone_risk(run, zones, layer, feedback)
    assert counted_in_postgis(feedback)
    filtered = city_gpkg.clone()
    filtered.setSubsetString("\"person_id\" <= 6000")
    assert rows_of(in_postgis) == rows_of(zone_risk(run, zones, filtered))
    names, rows, _ = rows_of(in_postgis)
    assert sum(row[names.index("n_persons")] for row in rows) >= 6000


def test_field_names_with_quotes_work_and_inject_nothing(run, zones, feedback):
    """A key and a person field whose names hold quotes and SQL: quoted identifiers."""
    key = 'a"ge" FROM trips WHERE false --'
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS trips_zone_quotes")
        cursor.execute('CREATE TABLE trips_zone_quotes AS SELECT fid, person_id AS "{}", age_band '
                       'AS "{}", sex, geom FROM trips'.format(QUOTED_FIELD.replace('"', '""'),
                                                             key.replace('"', '""')))
        cursor.execute("ALTER TABLE trips_zone_quotes ADD PRIMARY KEY (fid)")
    try:
        quoted = zone_risk(run, zones, postgis_layer("trips_zone_quotes"), feedback,
                           keys=[key, "sex"], person=QUOTED_FIELD)
        assert counted_in_postgis(feedback)
        assert rows_of(quoted) == rows_of(zone_risk(run, zones, postgis_layer("trips")))
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM trips")
            assert cursor.fetchone()[0] == 36_022
    finally:
        drop("trips_zone_quotes")


def test_zones_from_the_same_database_are_counted_there_too(run, zones, feedback):
    """Zones given as a PostGIS table of the same database: the same figures."""
    from osgeo import gdal

    from pg_server import conninfo

    gdal.UseExceptions()
    gdal.VectorTranslate(f"PG:{conninfo()}", zones.source().split("|")[0], format="PostgreSQL",
                         layerName="sample_zones", accessMode="overwrite",
                         layerCreationOptions=["GEOMETRY_NAME=geom", "FID=fid"])
    try:
        in_postgis = zone_risk(run, postgis_layer("sample_zones"), postgis_layer("trips"),
                               feedback)
        assert counted_in_postgis(feedback)
        assert rows_of(in_postgis) == rows_of(zone_risk(run, zones, postgis_layer("trips")))
    finally:
        drop("sample_zones")


def test_a_selection_is_read_by_feature_not_counted_in_the_database(run, zones, feedback):
    layer = postgis_layer("trips")
    QgsProject.instance().addMapLayer(layer)
    try:
        layer.selectByExpression('"person_id" <= 100')
        result = zone_risk(run, zones, QgsProcessingFeatureSourceDefinition(layer.id(), True),
                           feedback)
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    assert not counted_in_postgis(feedback)
    names, rows, _ = rows_of(result)
    assert sum(row[names.index("n_persons")] for row in rows) >= 100


def test_household_risk_reads_the_points(run, zones, feedback):
    """Households share risk across records: the database does not count them, the points
    are read (a negative control of the push-down's own log line)."""
    result = zone_risk(run, zones, postgis_layer("trips"), feedback, HOUSEHOLD_FIELD="person_id")
    assert not counted_in_postgis(feedback)
    assert any("feature by feature" in message for message in feedback.messages)
    assert result["OUTPUT"].featureCount() == 25


def test_cancelling_cancels_the_query_of_a_zone_counter(provider, zones):
    """The zone counter's queries are cancelled as the grids' are, and its session (with
    the zones' temporary tables) stays usable."""
    from qgis.core import QgsProcessingContext

    from spatial_privacy.processing_provider.io.polygons import read_polygons
    from spatial_privacy.processing_provider.io.postgis_zones import ZoneCounter

    feedback = QuietFeedback()
    counter = ZoneCounter(postgis_layer("trips"), "person_id", KEYS, None, feedback)
    timer = threading.Timer(0.3, lambda: setattr(feedback, "cancelled", True))
    try:
        rows = counter.summary()[0]
        counter.load_zones(read_polygons(zones, zones.sourceCrs(), QgsProcessingContext(),
                                         "zone_id")[0])
        timer.start()
        with pytest.raises(QgsProcessingException, match="Cancelled"):
            counter.fetch("SELECT pg_sleep(20) FROM spatial_privacy_zone_parts")
        feedback.cancelled = False
        assert counter.count_zones(rows).assigned == rows
    finally:
        timer.cancel()
        counter.close()
