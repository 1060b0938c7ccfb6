"""Outputs to a PostGIS table written with COPY are the tables and layers the PyQGIS sink writes."""

import pytest
from qgis.core import QgsDataSourceUri, QgsProcessingContext, QgsProcessingOutputLayerDefinition, \
    QgsProject, QgsVectorLayer

from conftest import RecordingFeedback
from layers import point_layer
from pg_server import conninfo, connect
from test_bulk_write import records_gpkg
from test_cell_key_cli import qgis_process
from test_installed_plugin import plugin_zip, qgis_process_env  # noqa: F401 (fixtures)

QUOTED_TABLE = 'grid "copy"'  # a table name with a double quote in it
QUOTED_FIELD = 'no"te'


def destination(table, prefix="postgis:", schema="public"):
    """A PostGIS destination as Processing's "Save to PostGIS table" writes it."""
    from psycopg2.extensions import parse_dsn

    parts = parse_dsn(conninfo())
    uri = QgsDataSourceUri()
    uri.setConnection(parts["host"], parts["port"], parts["dbname"], parts["user"],
                      parts["password"])
    uri.setDataSource(schema, table, "geom")
    return prefix + uri.uri(False)


def loaded(table):
    """The table as QGIS loads it (the key QGIS finds itself)."""
    uri = QgsDataSourceUri(destination(table, prefix=""))
    layer = QgsVectorLayer(uri.uri(False), table, "postgres")
    assert layer.isValid(), table
    return layer


def schema_of(table):
    """Columns (name, type, not null, default), constraints and indexes of a table, with its
    own name replaced by ``T`` (sequence and index names contain it)."""
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT quote_ident(%s)", (table,))
        quoted = cursor.fetchone()[0]
        relation = f"public.{quoted}"
        cursor.execute(
            "SELECT attname, format_type(atttypid, atttypmod), attnotnull, "
            "pg_get_expr(adbin, adrelid) FROM pg_attribute LEFT JOIN pg_attrdef ON "
            "adrelid = attrelid AND adnum = attnum WHERE attrelid = %s::regclass AND attnum > 0 "
            "AND NOT attisdropped ORDER BY attnum", (relation,))
        columns = cursor.fetchall()
        cursor.execute("SELECT contype, pg_get_constraintdef(oid) FROM pg_constraint WHERE "
                       "conrelid = %s::regclass ORDER BY 1, 2", (relation,))
        constraints = cursor.fetchall()
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND "
                       "tablename = %s ORDER BY 1", (table,))
        indexes = [row[0] for row in cursor.fetchall()]
        cursor.execute("SELECT type, srid, coord_dimension FROM geometry_columns WHERE "
                       "f_table_name = %s", (table,))
        geometry = cursor.fetchall()
        cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", (relation, columns[0][0]))
        serial = cursor.fetchone()[0]
        sequence = None
        if serial is not None:
            cursor.execute(f"SELECT last_value FROM {serial}")
            sequence = cursor.fetchone()[0]

    def unnamed(text):
        return None if text is None else text.replace(table.replace('"', '""'), "T").replace('"', "")
    return ([(name, kind, not_null, unnamed(default)) for name, kind, not_null, default in columns],
            constraints, [unnamed(index) for index in indexes], geometry, sequence)


def rows_of(table):
    """Every row as stored (geometry as EWKB), in key order."""
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT quote_ident(%s)", (table,))
        quoted = cursor.fetchone()[0]
        cursor.execute(f"SELECT *, ST_AsEWKB(geom) FROM public.{quoted} ORDER BY 1")
        names = [column.name for column in cursor.description]
        return [tuple(value.tobytes() if isinstance(value, memoryview) else value
                      for name, value in zip(names, row) if name != "geom")
                for row in cursor.fetchall()]


def features_of(layer):
    return [(tuple(feature.attributes()), feature.geometry().asWkt(17))
            for feature in layer.getFeatures()]


def assert_same_layer(written, expected):
    """The two tables are the same, in the database and as QGIS loads them."""
    assert schema_of(written) == schema_of(expected)
    rows = rows_of(expected)
    assert rows and rows_of(written) == rows
    copied, sunk = loaded(written), loaded(expected)
    assert copied.crs() == sunk.crs() and copied.wkbType() == sunk.wkbType()
    assert [(field.name(), field.typeName(), field.length(), field.precision())
            for field in copied.fields()] == \
        [(field.name(), field.typeName(), field.length(), field.precision())
         for field in sunk.fields()]
    assert copied.featureCount() == sunk.featureCount() == len(rows)
    assert features_of(copied) == features_of(sunk)
    assert copied.extent() == sunk.extent()


def drop(*tables):
    from psycopg2 import sql

    with connect() as connection, connection.cursor() as cursor:
        for table in tables:
            cursor.execute(sql.SQL("DROP TABLE IF EXISTS {}").format(sql.Identifier("public", table)))


@pytest.fixture
def through_the_sink(monkeypatch):
    """Runs with this fixture's ``off()`` called write PostGIS outputs through the sink."""
    from spatial_privacy.processing_provider.io import bulk_write

    class Switch:
        @staticmethod
        def off():
            monkeypatch.setattr(bulk_write, "_postgis_target", lambda *args: (None, None))
    return Switch


@pytest.fixture
def people():
    """Dense cells and scattered single points; a key field whose name has a double quote."""
    points = [(4_000_050.0 + 100 * (i % 3), 3_000_050.0, i) for i in range(60)]
    points += [(4_000_000.0 + 100 * i + 10, 3_000_500.0 + 37 * i, 1000 + i) for i in range(40)]
    layer = point_layer([((x, y), [person, "fm"[person % 2] if person % 11 else None])
                         for x, y, person in points], fields="person_id:integer,sex:string")
    layer.startEditing()
    layer.renameAttribute(1, 'se"x')
    layer.commitChanges()
    return layer


GRID = {"PERSON_FIELD": "person_id", "RHO": 0.2, "RESOLUTION": 100, "KEY_FIELDS": ['se"x'],
        "MARGINALS": 1}


def test_the_copy_grid_equals_the_sink_s_grid(run, people, through_the_sink):
    drop(QUOTED_TABLE, "grid_sink")
    copy_log, sink_log = RecordingFeedback(), RecordingFeedback()
    result = run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=destination(QUOTED_TABLE)),
                 copy_log)
    through_the_sink.off()
    sink = run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=destination("grid_sink")),
               sink_log)
    assert any("in bulk (COPY)" in message for message in copy_log.messages)
    assert not any("COPY" in message for message in sink_log.messages)
    assert result["OUTPUT"] == destination(QUOTED_TABLE)  # what the sink hands back
    assert sink["OUTPUT"] == destination("grid_sink")
    assert_same_layer(QUOTED_TABLE, "grid_sink")
    assert 'se"x' in loaded(QUOTED_TABLE).fields().names()
    assert any(None in attributes for attributes, _ in features_of(loaded(QUOTED_TABLE)))


def test_a_second_copy_replaces_the_table_as_the_sink_does(run, people):
    """Processing overwrites: a second run replaces the table (fewer cells at 200 m)."""
    drop("grid_twice")
    run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=destination("grid_twice")))
    first = len(rows_of("grid_twice"))
    run("suppressedgrid", dict(GRID, INPUT=people, RESOLUTION=200,
                               OUTPUT=destination("grid_twice", prefix="postgres://")))
    second = rows_of("grid_twice")
    assert 0 < len(second) < first and [row[0] for row in second] == list(range(1, len(second) + 1))
    assert schema_of("grid_twice")[4] == len(second)  # the key's sequence goes on after the rows


@pytest.mark.parametrize("existing", [False, True])
def test_a_write_that_fails_midway_leaves_the_database_as_it_was(run, people, monkeypatch,
                                                                 existing):
    """A failure after the first rows went in (here: the server refuses a chunk) leaves no
    table, or the table that was there, untouched: everything is one transaction."""
    from qgis.core import QgsProcessingException

    from spatial_privacy.processing_provider.io import postgis_bulk
    from spatial_privacy.processing_provider.output_marks import MARK

    drop("grid_failed")
    if existing:
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("CREATE TABLE public.grid_failed (id serial PRIMARY KEY, note text)")
            cursor.execute("INSERT INTO public.grid_failed (note) VALUES ('kept')")
            # An earlier output of the plugin's (a table of the user's is never replaced).
            cursor.execute("COMMENT ON TABLE public.grid_failed IS %s", (MARK,))
    monkeypatch.setattr(postgis_bulk, "ROWS_PER_CHUNK", 8)
    chunks = []
    real_chunk = postgis_bulk._binary_chunk

    def failing_chunk(columns, start, stop):
        chunks.append(start)
        data = real_chunk(columns, start, stop)
        return data if len(chunks) < 3 else data[:-5]  # a truncated row: the server refuses it
    monkeypatch.setattr(postgis_bulk, "_binary_chunk", failing_chunk)
    with pytest.raises(QgsProcessingException, match="nothing was written"):
        run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=destination("grid_failed")))
    assert len(chunks) > 2  # rows had been sent before the one refused
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('public.grid_failed') IS NOT NULL")
        assert cursor.fetchone()[0] == existing
        if existing:
            cursor.execute("SELECT note FROM public.grid_failed")
            assert cursor.fetchall() == [("kept",)]


def test_cancelling_stops_the_copy_and_writes_nothing(run, people, monkeypatch):
    from qgis.core import QgsProcessingException

    from spatial_privacy.processing_provider.io import postgis_bulk

    drop("grid_cancelled")
    monkeypatch.setattr(postgis_bulk, "ROWS_PER_CHUNK", 8)
    sent = []
    real_chunk = postgis_bulk._binary_chunk
    monkeypatch.setattr(postgis_bulk, "_binary_chunk",
                        lambda *args: sent.append(1) or real_chunk(*args))

    class CancelOnceCopying(RecordingFeedback):
        def isCanceled(self):  # noqa: N802
            return len(sent) >= 2

    with pytest.raises(QgsProcessingException, match="Cancelled"):
        run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=destination("grid_cancelled")),
            CancelOnceCopying())
    assert len(sent) == 2  # stopped after two chunks of the grid's 46 cells
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('public.grid_cancelled')")
        assert cursor.fetchone()[0] is None


def test_the_copy_output_is_loaded_and_styled_when_qgis_asks_for_it(run, people):
    """As for the sink: the output is registered for loading, with the style's post-processor,
    and the layer QGIS loads from it is the table."""
    from qgis.core import QgsProcessingUtils

    drop("grid_loaded")
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    target = destination("grid_loaded", prefix="postgres://")
    result = run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=QgsProcessingOutputLayerDefinition(
        target, QgsProject.instance())), context=context)
    assert result["OUTPUT"] == target
    assert list(context.layersToLoadOnCompletion()) == [target]
    details = context.layerToLoadOnCompletionDetails(target)
    assert details.postProcessor() is not None
    layer = QgsProcessingUtils.mapLayerFromString(target, context)
    assert layer is not None and layer.featureCount() == len(rows_of("grid_loaded"))
    details.postProcessor().postProcessLayer(layer, context, None)
    assert layer.renderer().type() == "RuleRenderer"


def test_an_auth_configuration_qgis_cannot_resolve_is_left_to_the_sink(run, people, feedback):
    """The log says why COPY did not write; the sink then reports its own connection error."""
    from qgis.core import QgsProcessingException

    target = destination("grid_auth").replace("password=", "authcfg=nosuch1 password=")
    assert QgsDataSourceUri(target[len("postgis:"):]).authConfigId() == "nosuch1"
    try:
        run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=target), feedback)
    except QgsProcessingException:
        pass  # whatever the sink makes of it
    assert any("authentication configuration could not be resolved" in message
               for message in feedback.messages)
    assert not any("in bulk (COPY)" in message for message in feedback.messages)


def test_other_destinations_keep_their_writers(run, people, tmp_path, feedback):
    """A memory output and a GeoPackage are not written with COPY."""
    memory = run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT="TEMPORARY_OUTPUT"), feedback)
    assert memory["OUTPUT"].featureCount() > 40
    run("suppressedgrid", dict(GRID, INPUT=people, OUTPUT=str(tmp_path / "grid.gpkg")), feedback)
    assert not any("COPY" in message for message in feedback.messages)
    assert any("in bulk." in message for message in feedback.messages)


def quoted_records(path):
    """The records GeoPackage of test_bulk_write with one more text field whose name has a
    double quote, NULL in some rows."""
    from osgeo import ogr

    records_gpkg(path)
    dataset = ogr.Open(str(path), 1)
    layer = dataset.GetLayer(0)
    layer.CreateField(ogr.FieldDefn(QUOTED_FIELD, ogr.OFTString))
    for feature in layer:
        if feature.GetFID() % 3 == 0:
            feature.SetField(QUOTED_FIELD, 'it said "x"')
            layer.SetFeature(feature)
    layer = dataset = None
    return str(path)


RISK = {"KEY_FIELDS": ["sex", "age_band"], "WEIGHT_FIELD": "weight",
        "POPULATION_UNIQUENESS": True}


def test_record_risk_by_copy_equals_the_sink_s_table(run, tmp_path, through_the_sink):
    drop("risk_copy", "risk_sink")
    source = quoted_records(tmp_path / "records.gpkg")
    copy_log, sink_log = RecordingFeedback(), RecordingFeedback()
    run("disclosurerisk", dict(RISK, INPUT=source, OUTPUT=destination("risk_copy")), copy_log)
    through_the_sink.off()
    run("disclosurerisk", dict(RISK, INPUT=source, OUTPUT=destination("risk_sink")), sink_log)
    assert any("in bulk (COPY)" in message for message in copy_log.messages)
    assert any("feature by feature" in message for message in sink_log.messages)
    assert_same_layer("risk_copy", "risk_sink")
    names = loaded("risk_copy").fields().names()
    assert QUOTED_FIELD in names and "fid" in names and "individual_risk" in names
    assert len(rows_of("risk_copy")) == 395


def test_record_risk_of_an_input_gdal_cannot_stream_goes_through_the_sink(run, feedback):
    """A memory layer of records: the sink writes, and the log says why not COPY."""
    drop("risk_memory")
    records = point_layer([((4e6 + i, 3e6), [i, "fm"[i % 2]]) for i in range(30)],
                          fields="person_id:integer,sex:string")
    run("disclosurerisk", {"INPUT": records, "KEY_FIELDS": ["sex"],
                           "OUTPUT": destination("risk_memory")}, feedback)
    assert any("not with COPY" in message for message in feedback.messages)
    assert len(rows_of("risk_memory")) == 30


def test_record_risk_by_copy_inside_a_model_reaches_the_next_step(provider, tmp_path):
    """A model step whose output is a PostGIS table takes COPY; the next step reads the table."""
    import processing
    from models import child, child_output, model, model_input
    from qgis.core import QgsProcessingParameterFeatureSource

    drop("risk_model")
    source = quoted_records(tmp_path / "records.gpkg")
    risk_and_save = model("risk_then_save", [QgsProcessingParameterFeatureSource("records", "r")], [
        child("spatialprivacy:disclosurerisk", "risk", {
            "INPUT": model_input("records"), "KEY_FIELDS": ["sex", "age_band"]}, outputs=["OUTPUT"]),
        child("native:savefeatures", "save", {"INPUT": child_output("risk", "OUTPUT")},
              outputs=["OUTPUT"]),
    ])
    log = RecordingFeedback()
    processing.run(risk_and_save, {
        "records": source, "risk:output": destination("risk_model", prefix="postgres://"),
        "save:output": str(tmp_path / "saved.gpkg")}, feedback=log)
    assert any("in bulk (COPY)" in message for message in log.messages)
    saved = QgsVectorLayer(str(tmp_path / "saved.gpkg"), "saved", "ogr")
    assert saved.featureCount() == len(rows_of("risk_model")) == 395
    assert sorted(feature["individual_risk"] for feature in saved.getFeatures()) == \
        sorted(feature["individual_risk"] for feature in loaded("risk_model").getFeatures())


@pytest.mark.slow
def test_grid_and_record_risk_by_copy_from_qgis_process(qgis_process_env, run, tmp_path,
                                                        through_the_sink):
    """qgis_process writes PostGIS outputs with COPY: the tables the sink writes in QGIS."""
    drop("cli_grid", "cli_grid_sink", "cli_risk", "cli_risk_sink")
    people = point_layer([((4_000_050.0 + 100 * (i % 3), 3_000_050.0 + 300 * (i % 2)),
                           [i, "fm"[i % 2]]) for i in range(80)],
                         fields="person_id:integer,sex:string")
    from qgis.core import QgsVectorFileWriter

    people_file = str(tmp_path / "people.gpkg")
    options = QgsVectorFileWriter.SaveVectorOptions()
    options.driverName = "GPKG"
    QgsVectorFileWriter.writeAsVectorFormatV2(people, people_file, QgsProject.instance()
                                              .transformContext(), options)
    completed, report = qgis_process(qgis_process_env, "suppressedgrid", INPUT=people_file,
                                     PERSON_FIELD="person_id", RHO=0.2, RESOLUTION=100,
                                     KEY_FIELDS="sex", OUTPUT=destination("cli_grid"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert "in bulk (COPY)" in completed.stdout + completed.stderr
    source = quoted_records(tmp_path / "records.gpkg")
    completed, report = qgis_process(qgis_process_env, "disclosurerisk", INPUT=source,
                                     KEY_FIELDS="sex", OUTPUT=destination("cli_risk"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert "in bulk (COPY)" in completed.stdout + completed.stderr
    through_the_sink.off()
    run("suppressedgrid", {"INPUT": people_file, "PERSON_FIELD": "person_id", "RHO": 0.2,
                           "RESOLUTION": 100, "KEY_FIELDS": ["sex"],
                           "OUTPUT": destination("cli_grid_sink")})
    run("disclosurerisk", {"INPUT": source, "KEY_FIELDS": ["sex"],
                           "OUTPUT": destination("cli_risk_sink")})
    assert_same_layer("cli_grid", "cli_grid_sink")
    assert_same_layer("cli_risk", "cli_risk_sink")
