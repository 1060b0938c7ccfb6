"""Counting in PostGIS: the same results as the GeoPackage path, cell for cell."""

import re
import threading

import numpy as np
import pytest
from qgis.core import QgsProcessingException, QgsProcessingFeatureSourceDefinition, QgsProject

from pg_server import QUOTED_FIELD, connect, postgis_layer

SWEEP_SIZES = "250,500,1000,2000"


def table(layer, key_fields=()):
    """Every attribute of every feature, sorted by the given key fields (a stable comparison)."""
    names = layer.fields().names()
    rows = [tuple(feature.attributes()) for feature in layer.getFeatures()]
    if key_fields:
        indices = [names.index(name) for name in key_fields]
        rows.sort(key=lambda row: tuple(str(row[i]) for i in indices))
    return names, rows


def sweep(run, layer, feedback=None, person="person_id", **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": person, "RHO": 0.1, "RESOLUTIONS": SWEEP_SIZES,
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("resolutionsweep", parameters, feedback=feedback)


def grid(run, layer, feedback=None, person="person_id", **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": person, "RHO": 0.1, "RESOLUTION": 500,
                  "OUTPUT": "TEMPORARY_OUTPUT", "AUDIT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("suppressedgrid", parameters, feedback=feedback)


def counted_in_postgis(feedback):
    return [message for message in feedback.messages if "counted in PostGIS" in message]


@pytest.mark.parametrize("extra", [{}, {"MARGINALS": 3, "PARENT_FACTOR": 2},
                                   {"KEY_FIELDS": ["sex", "age_band"], "MARGINALS": 1}],
                         ids=["plain", "totals", "attributes"])
def test_the_sweep_counted_in_postgis_equals_the_geopackage_sweep(run, city_gpkg, feedback, extra):
    in_postgis = sweep(run, postgis_layer("trips"), feedback, **extra)
    assert len(counted_in_postgis(feedback)) == 4  # one query per size, and the log says so
    assert not any("feature by feature" in message for message in feedback.messages)
    from_file = sweep(run, city_gpkg, **extra)
    assert table(in_postgis["OUTPUT"]) == table(from_file["OUTPUT"])
    assert in_postgis["RECOMMENDED_RESOLUTION"] == from_file["RECOMMENDED_RESOLUTION"]
    names, rows = table(from_file["OUTPUT"])
    assert len(rows) == 4 and all(row[names.index("cells_withheld")] > 0 for row in rows)


@pytest.mark.parametrize("extra", [{}, {"MARGINALS": 3, "PARENT_FACTOR": 2},
                                   {"KEY_FIELDS": ["sex"], "MARGINALS": 1}],
                         ids=["plain", "totals", "attributes"])
def test_the_grid_counted_in_postgis_equals_the_geopackage_grid_cell_for_cell(run, city_gpkg,
                                                                              feedback, extra):
    in_postgis = grid(run, postgis_layer("trips"), feedback, **extra)
    assert len(counted_in_postgis(feedback)) == 1
    from_file = grid(run, city_gpkg, **extra)
    for output in ("OUTPUT", "AUDIT"):
        assert table(in_postgis[output]) == table(from_file[output])
    geometries = [[feature.geometry().asWkt() for feature in result["OUTPUT"].getFeatures()]
                  for result in (in_postgis, from_file)]
    assert geometries[0] == geometries[1]
    assert in_postgis["CELLS_WITHHELD"] == from_file["CELLS_WITHHELD"] > 0


def test_a_subset_string_becomes_the_where_clause(run, city_gpkg, feedback):
    layer = postgis_layer("trips", sql="\"person_id\" <= 6000 AND \"sex\" LIKE '%'")
    in_postgis = sweep(run, layer, feedback)
    assert counted_in_postgis(feedback)
    filtered = city_gpkg.clone()
    filtered.setSubsetString("\"person_id\" <= 6000")
    from_file = sweep(run, filtered)
    assert table(in_postgis["OUTPUT"]) == table(from_file["OUTPUT"])
    persons = {feature["persons"] for feature in in_postgis["OUTPUT"].getFeatures()}
    assert persons == {6000}


def test_a_field_name_with_quotes_works_and_injects_nothing(run, feedback):
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute('DROP TABLE IF EXISTS trips_injection')
        cursor.execute('CREATE TABLE trips_injection AS SELECT fid, person_id AS '
                       '"p"" FROM trips WHERE false --", geom FROM trips')
        cursor.execute('ALTER TABLE trips_injection ADD PRIMARY KEY (fid)')
    injected = sweep(run, postgis_layer("trips_injection"), feedback,
                     person='p" FROM trips WHERE false --')
    assert counted_in_postgis(feedback)
    quoted = sweep(run, postgis_layer("trips_quoted"), person=QUOTED_FIELD)
    plain = sweep(run, postgis_layer("trips"))
    assert table(injected["OUTPUT"]) == table(plain["OUTPUT"]) == table(quoted["OUTPUT"])
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM trips")
        assert cursor.fetchone()[0] == 36_022
        cursor.execute('DROP TABLE trips_injection')


def test_a_selection_is_read_by_feature_not_counted_in_the_database(run, feedback):
    layer = postgis_layer("trips")
    QgsProject.instance().addMapLayer(layer)
    try:
        layer.selectByExpression('"person_id" <= 100')
        result = sweep(run, QgsProcessingFeatureSourceDefinition(layer.id(), True), feedback)
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    assert not counted_in_postgis(feedback)
    assert {feature["persons"] for feature in result["OUTPUT"].getFeatures()} == {100}


def test_rows_the_engine_must_judge_take_the_general_path_and_its_error(run, feedback):
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS trips_broken")
        cursor.execute("CREATE TABLE trips_broken AS SELECT fid, person_id, geom FROM trips")
        cursor.execute("ALTER TABLE trips_broken ADD PRIMARY KEY (fid)")
        cursor.execute("UPDATE trips_broken SET person_id = NULL WHERE fid <= 3")
    with pytest.raises(QgsProcessingException, match="3 record"):
        sweep(run, postgis_layer("trips_broken"), feedback)
    assert any("need the general path" in message for message in feedback.messages)
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE trips_broken")


EDGE_SIZES = (0.1, 0.3, 1.0 / 3.0, 7.0, 250.0, 1000.0)


@pytest.mark.parametrize("points_per_person", ["several", "one"])
def test_points_on_cell_edges_fall_in_the_engine_s_cells(provider, points_per_person):
    """Points exactly on edges, and a hair either side, in cells of awkward sizes (people
    counted distinct, and with one point each counted as rows)."""
    from spatial_privacy.processing_provider.io.postgis import PostgisCounter
    from spatial_privacy.spatial_privacy_plugin.release import grid

    origin = (4_321_000.1, 3_210_000.7)
    xs, ys = [], []
    for size in EDGE_SIZES:
        steps = np.arange(-40, 41)
        for edge in origin[0] + steps * size, origin[0] + steps.astype(float) * size:
            for nudge in (0.0, np.nextafter(1.0, 2.0) - 1.0, -(np.nextafter(1.0, 2.0) - 1.0)):
                xs.append(edge * (1.0 + nudge))
                ys.append(origin[1] + steps * size * (1.0 + nudge))
    x, y = np.concatenate(xs), np.concatenate(ys)
    persons = np.arange(len(x)) % (97 if points_per_person == "several" else len(x))
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS edge_points")
        cursor.execute("CREATE TABLE edge_points (fid serial PRIMARY KEY, person_id integer, "
                       "geom geometry(Point, 3035))")
        cursor.execute("INSERT INTO edge_points (person_id, geom) SELECT p, "
                       "ST_SetSRID(ST_MakePoint(x, y), 3035) FROM unnest(%s::int[], "
                       "%s::float8[], %s::float8[]) AS t(p, x, y)",
                       (persons.tolist(), x.tolist(), y.tolist()))
        cursor.execute("SELECT ST_X(geom), ST_Y(geom) FROM edge_points ORDER BY fid")
        stored = np.array(cursor.fetchall())
    assert np.array_equal(stored[:, 0], x) and np.array_equal(stored[:, 1], y)  # exact doubles

    class Feedback:
        def isCanceled(self):
            return False

        def pushInfo(self, message):
            pass

    counter = PostgisCounter(postgis_layer("edge_points"), "person_id", [], Feedback())
    codes = grid.encode_person_ids(persons, "person_id")
    try:
        counter.summary()
        assert counter.one_point == (points_per_person == "one")
        for size in EDGE_SIZES:
            expected = grid.count_cells(x, y, codes, np.zeros(len(x), dtype=np.int64), origin, size)
            counted, _ = counter.count_cells(origin, size)
            for name in ("col", "row", "n_persons", "n_rows"):
                assert np.array_equal(getattr(counted, name), getattr(expected, name)), (size, name)
    finally:
        counter.close()
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("DROP TABLE edge_points")


def test_cancelling_the_run_cancels_the_query(provider):
    from spatial_privacy.processing_provider.io.postgis import PostgisCounter

    class Feedback:
        cancelled = False

        def isCanceled(self):
            return self.cancelled

    feedback = Feedback()
    counter = PostgisCounter(postgis_layer("trips"), "person_id", [], feedback)
    timer = threading.Timer(0.3, lambda: setattr(feedback, "cancelled", True))
    timer.start()
    try:
        with pytest.raises(QgsProcessingException, match="Cancelled"):
            counter.fetch("SELECT pg_sleep(20)")
        assert counter.fetch("SELECT 1") == [(1,)]  # the connection is still usable
    finally:
        timer.cancel()
        counter.close()


def test_schema_and_table_names_with_quotes_are_quoted(run, feedback):
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute('DROP SCHEMA IF EXISTS "odd ""schema" CASCADE')
        cursor.execute('CREATE SCHEMA "odd ""schema"')
        cursor.execute('CREATE TABLE "odd ""schema"."trips ""q"" x" AS SELECT fid, person_id, geom '
                       'FROM trips')
        cursor.execute('ALTER TABLE "odd ""schema"."trips ""q"" x" ADD PRIMARY KEY (fid)')
    try:
        odd = sweep(run, postgis_layer('trips "q" x', schema='odd "schema'), feedback)
        assert counted_in_postgis(feedback)
        assert table(odd["OUTPUT"]) == table(sweep(run, postgis_layer("trips"))["OUTPUT"])
    finally:
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute('DROP SCHEMA "odd ""schema" CASCADE')


def test_multipoints_take_the_general_path_which_explodes_them(run, feedback):
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS trips_multi")
        cursor.execute("CREATE TABLE trips_multi AS SELECT fid, person_id, "
                       "ST_Multi(geom)::geometry(MultiPoint, 3035) AS geom FROM trips")
        cursor.execute("ALTER TABLE trips_multi ADD PRIMARY KEY (fid)")
    try:
        multi = sweep(run, postgis_layer("trips_multi"), feedback)
        assert not counted_in_postgis(feedback)
        assert any("36022 row(s) of the PostGIS layer need the general path" in message
                   for message in feedback.messages)
        assert table(multi["OUTPUT"]) == table(sweep(run, postgis_layer("trips"))["OUTPUT"])
    finally:
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("DROP TABLE trips_multi")


def by_feature(layer):
    """The layer read feature by feature: a feature limit above its row count."""
    QgsProject.instance().addMapLayer(layer)
    return QgsProcessingFeatureSourceDefinition(layer.id(), False, 10 ** 12)


def test_one_point_per_person_counted_as_rows_equals_the_reading_path(run, feedback):
    """With one row per person the database counts rows and the withheld share is the sum of
    the withheld groups: the same sweep as reading the points."""
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS trips_one")
        cursor.execute("CREATE TABLE trips_one AS SELECT DISTINCT ON (person_id) fid, person_id, "
                       "sex, geom FROM trips ORDER BY person_id, fid")
        cursor.execute("ALTER TABLE trips_one ADD PRIMARY KEY (fid)")
    layer = postgis_layer("trips_one")
    try:
        for extra in ({}, {"KEY_FIELDS": ["sex"]}):
            counted = sweep(run, postgis_layer("trips_one"), feedback, **extra)
            assert any("12000 distinct ids in 12000 points" in message
                       for message in feedback.messages)
            read = sweep(run, by_feature(layer), **extra)
            names, rows = table(counted["OUTPUT"])
            assert (names, rows) == table(read["OUTPUT"])
            shares = [row[names.index("withheld_person_share")] for row in rows]
            assert any(share is not None and share > 0 for share in shares)
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("DROP TABLE trips_one")


def test_an_untyped_geometry_column_is_checked_row_by_row(run, feedback):
    """A column declared plain ``geometry`` may hold other types: each row's type is checked,
    and a table of points only is still counted in the database."""
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS trips_untyped")
        cursor.execute("CREATE TABLE trips_untyped AS SELECT fid, person_id, "
                       "geom::geometry AS geom FROM trips")
        cursor.execute("ALTER TABLE trips_untyped ADD PRIMARY KEY (fid)")
    try:
        untyped = sweep(run, postgis_layer("trips_untyped"), feedback)
        assert counted_in_postgis(feedback)
        assert table(untyped["OUTPUT"]) == table(sweep(run, postgis_layer("trips"))["OUTPUT"])
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("UPDATE trips_untyped SET geom = ST_Multi(geom) WHERE fid <= 2")
        feedback.messages.clear()
        sweep(run, postgis_layer("trips_untyped"), feedback)
        assert not counted_in_postgis(feedback)
        assert any("2 row(s) of the PostGIS layer need the general path" in message
                   for message in feedback.messages)
    finally:
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("DROP TABLE trips_untyped")


@pytest.mark.parametrize("ids, warning", [
    ("p AS person_id", "consecutive integers"), ("p * 2 AS person_id", None),
    ("p::text AS person_id", "consecutive integers"), ("'p' || p AS person_id", None),
    ("p * 2 AS person_id, p % 10 AS user_id", "'user_id'")],
    ids=["consecutive", "gaps", "text digits", "text", "another person field repeats"])
def test_one_point_ids_raise_the_feature_id_warning_of_the_reading_path(run, ids, warning):
    """With one row per person the signs that features are counted come from counts in the
    database; the warning is the reading path's (a negative control warns of nothing)."""
    from conftest import RecordingFeedback

    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS trips_ids")
        cursor.execute(f"CREATE TABLE trips_ids AS SELECT fid, {ids}, geom FROM (SELECT "
                       "DISTINCT ON (person_id) fid, person_id AS p, geom FROM trips ORDER BY "
                       "person_id, fid) AS one")
        cursor.execute("ALTER TABLE trips_ids ADD PRIMARY KEY (fid)")
    layer = postgis_layer("trips_ids")
    try:
        warnings = []
        for source in (postgis_layer("trips_ids"), by_feature(layer)):
            feedback = RecordingFeedback()
            sweep(run, source, feedback)
            warnings.append([message for message in feedback.messages
                             if "Choose the field that identifies people" in message])
        assert warnings[0] == warnings[1]
        assert (warning is None) == (not warnings[0])
        assert warning is None or warning in warnings[0][0]
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("DROP TABLE trips_ids")


class QuietFeedback:
    def isCanceled(self):
        return False

    def pushInfo(self, message):
        pass


def session_settings(counter):
    """(jit, work_mem in kB) of the connection the counter uses in the calling thread."""
    jit, work_mem = counter.fetch("SELECT current_setting('jit'), "
                                  "pg_size_bytes(current_setting('work_mem')) / 1024")[0]
    return jit, int(work_mem)


def test_the_pushdown_sessions_run_without_jit_and_with_room_to_sort(provider):
    from spatial_privacy.processing_provider.io.postgis import WORK_MEM_KB, PostgisCounter

    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('jit'), "
                       "pg_size_bytes(current_setting('work_mem')) / 1024")
        server_jit, server_work_mem = cursor.fetchone()
    # Negative control: the test server's own defaults differ from the push-down's.
    assert server_jit == "on" and server_work_mem < WORK_MEM_KB
    counter = PostgisCounter(postgis_layer("trips"), "person_id", [], QuietFeedback())
    try:
        assert session_settings(counter) == ("off", WORK_MEM_KB)
        # The sizes of a sweep count on threads of their own, each on its own connection.
        on_thread = []
        worker = threading.Thread(target=lambda: on_thread.append(session_settings(counter)))
        worker.start()
        worker.join()
        assert on_thread == [("off", WORK_MEM_KB)]
        assert len(counter.connections) == 2
    finally:
        counter.close()
    with connect() as connection, connection.cursor() as cursor:  # other sessions untouched
        cursor.execute("SELECT current_setting('jit')")
        assert cursor.fetchone()[0] == server_jit


def test_a_larger_work_mem_of_the_server_is_kept(provider):
    from spatial_privacy.processing_provider.io.postgis import WORK_MEM_KB, PostgisCounter

    larger = 4 * WORK_MEM_KB
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"ALTER ROLE CURRENT_USER SET work_mem = '{larger}kB'")
    try:
        counter = PostgisCounter(postgis_layer("trips"), "person_id", [], QuietFeedback())
        try:
            assert session_settings(counter) == ("off", larger)
        finally:
            counter.close()
    finally:
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("ALTER ROLE CURRENT_USER RESET work_mem")


def test_cell_indices_beyond_the_engine_s_limit_are_refused_as_by_the_engine(run, city_gpkg,
                                                                             feedback):
    # 1 mm cells 4 000 km from the origin: more than 2**31 cells along each axis.
    errors = []
    for layer in (postgis_layer("trips"), city_gpkg):
        with pytest.raises(QgsProcessingException) as refused:
            sweep(run, layer, feedback, RESOLUTIONS="0.001", ORIGIN="0,0 [EPSG:3035]")
        errors.append(str(refused.value))
        if layer is not city_gpkg:
            assert any("Counting in PostGIS" in message for message in feedback.messages)
    assert "would not fit" in errors[0] and errors[0] == errors[1]


@pytest.mark.parametrize("subset, marks", [
    ("\"sex\" <> 'x;y'", ";"), ("\"person_id\" <= 6000 /* a note */", "/*"),
    ("\"sex\" <> '--'", "--")])
def test_a_filter_that_could_end_or_hide_the_statement_is_refused(run, feedback, subset, marks):
    layer = postgis_layer("trips", sql=subset)  # QGIS itself opens it
    with pytest.raises(QgsProcessingException, match=f"filter contains {re.escape(marks)}: "):
        sweep(run, layer, feedback)


def test_the_plugins_queries_run_in_read_only_transactions(feedback):
    """Even a query that switches the session's default to read-write (as a function in a
    filter could) leaves the next query read-only."""
    from spatial_privacy.processing_provider.io.postgis import PostgisCounter

    counter = PostgisCounter(postgis_layer("trips"), "person_id", [], feedback)
    try:
        assert counter.fetch("SHOW transaction_read_only") == [("on",)]
        counter.fetch("SELECT set_config('default_transaction_read_only', 'off', false)")
        assert counter.fetch("SHOW transaction_read_only") == [("on",)]
        with pytest.raises(Exception, match="read-only transaction"):
            counter.fetch("CREATE TEMPORARY TABLE written AS SELECT 1 AS one")
    finally:
        counter.close()
