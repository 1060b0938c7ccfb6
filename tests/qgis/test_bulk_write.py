"""A GeoPackage grid written in bulk is the layer the PyQGIS sink writes, cell for cell."""

import sqlite3

import pytest
from qgis.core import QgsVectorLayer

from layers import point_layer
from test_cell_key_cli import qgis_process
from test_installed_plugin import plugin_zip, qgis_process_env  # noqa: F401 (fixtures)


def rows_and_geometries(layer):
    return [(tuple(feature.attributes()[1:] if layer.providerType() == "ogr" else
                   feature.attributes()), feature.geometry().asWkt(6))
            for feature in layer.getFeatures()]


@pytest.fixture
def people():
    # Three dense cells and scattered single points (withheld cells), on a 100 m lattice.
    points = [(4_000_050.0 + 100 * (i % 3), 3_000_050.0, i) for i in range(60)]
    points += [(4_000_000.0 + 100 * i + 10, 3_000_500.0 + 37 * i, 1000 + i) for i in range(40)]
    return point_layer([((x, y), [person, "fm"[person % 2]]) for x, y, person in points],
                       fields="person_id:integer,sex:string")


def test_the_bulk_geopackage_grid_equals_the_sink_s_grid(run, people, tmp_path, feedback):
    parameters = {"INPUT": people, "PERSON_FIELD": "person_id", "RHO": 0.2, "RESOLUTION": 100,
                  "KEY_FIELDS": ["sex"], "MARGINALS": 1}
    path = tmp_path / "grid.gpkg"
    bulk = run("suppressedgrid", dict(parameters, OUTPUT=str(path)), feedback)
    assert any("in bulk" in message for message in feedback.messages)
    assert bulk["OUTPUT"] == str(path)
    memory = run("suppressedgrid", dict(parameters, OUTPUT="TEMPORARY_OUTPUT"))["OUTPUT"]
    written = QgsVectorLayer(str(path), "grid", "ogr")
    assert written.isValid() and written.crs().authid() == "EPSG:3035"
    assert written.fields().names()[1:] == memory.fields().names()  # fid first, as the sink does
    expected = rows_and_geometries(memory)
    assert len(expected) > 40 and rows_and_geometries(written) == expected
    assert written.extent() == memory.extent()
    connection = sqlite3.connect(str(path))
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    check = connection.execute("SELECT rtreecheck('rtree_grid_geom')").fetchone()[0]
    # Withheld counts are bound as NaN, which SQLite stores as NULL; the others stay integers.
    stored = dict(connection.execute("SELECT status, group_concat(DISTINCT typeof(n_persons)) "
                                     "FROM grid GROUP BY status"))
    connection.close()
    assert stored == {"published": "integer", "withheld": "null"}
    assert "rtree_grid_geom" in tables and check == "ok"  # the spatial index, valid
    assert written.renderer().type() == "RuleRenderer"  # the style travels with the file
    # The spatial index finds the cells.
    assert sum(1 for _ in written.getFeatures(written.extent())) == len(expected)


def gpkg_errors(path):
    """What GDAL's GeoPackage validator (its sample validate_gpkg, with the extra checks)
    finds wrong in a file."""
    validator = pytest.importorskip("osgeo_utils.samples.validate_gpkg")
    return validator.check(str(path), abort_at_first_error=False, extra_checks=True,
                           warning_msg=False)


def test_bulk_geopackages_pass_gdal_s_validator_and_answer_spatial_filters(run, people, tmp_path):
    """The grid and record risk written in bulk are valid GeoPackages by GDAL's validator, as
    the sink's are; a spatial filter over part of the grid returns exactly the cells that
    the memory layer (no index) returns. Negative control: a blob naming another CRS fails."""
    import shutil

    from qgis.core import QgsRectangle

    grid = tmp_path / "grid.gpkg"
    _grid_run(run, people, grid)
    risk = tmp_path / "risk.gpkg"
    run("disclosurerisk", {"INPUT": str(records_gpkg(tmp_path / "records.gpkg")),
                           "KEY_FIELDS": ["sex"], "OUTPUT": str(risk)})
    sink = tmp_path / "sink.gpkg"
    _grid_run(run, people, f"ogr:dbname='{sink}' table=\"grid\" (geom)")
    assert gpkg_errors(sink) == []
    assert gpkg_errors(grid) == [] and gpkg_errors(risk) == []
    broken = tmp_path / "broken.gpkg"
    shutil.copy(grid, broken)
    connection = sqlite3.connect(str(broken))
    for (trigger,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                                         "AND name LIKE 'rtree_grid_geom_update%'").fetchall():
        connection.execute(f'DROP TRIGGER "{trigger}"')  # they call GDAL's SQL functions
    connection.execute("UPDATE grid SET geom = CAST(substr(geom, 1, 4) || X'39300000' || "
                       "substr(geom, 9) AS BLOB) WHERE fid = 1")  # srs_id 12345
    connection.commit()
    connection.close()
    assert gpkg_errors(broken) != []
    written = QgsVectorLayer(str(grid), "grid", "ogr")
    memory = _grid_run(run, people, "TEMPORARY_OUTPUT")["OUTPUT"]
    probe = QgsRectangle(4_000_120.0, 3_000_000.0, 4_000_330.0, 3_000_700.0)

    def found(layer):
        return sorted(feature["cell_id"] for feature in layer.getFeatures(probe))
    assert 0 < len(found(memory)) < memory.featureCount() and found(written) == found(memory)


@pytest.mark.parametrize("count", [1, 51, 52, 3_000, 200_000])
def test_the_bulk_r_tree_is_valid_and_finds_what_insertion_finds(provider, count):
    """The R-tree packed in bulk passes SQLite's own check and answers box queries as the
    R-tree built one insertion at a time does (several levels at the larger counts)."""
    import numpy as np

    from spatial_privacy.processing_provider.io.sqlite_bulk import write_rtree

    rng = np.random.default_rng(count)
    x, y = rng.uniform(4e6, 4.1e6, count), rng.uniform(3e6, 3.1e6, count)
    boxes = np.stack([x, x + 100.3, y, y + 100.7], axis=1)
    ids = np.arange(1, count + 1)
    connection = sqlite3.connect(":memory:")
    for name in ("bulk", "inserted"):
        connection.execute(f"CREATE VIRTUAL TABLE {name} USING rtree(id, minx, maxx, miny, maxy)")
    write_rtree(connection, "bulk", ids, boxes)
    connection.executemany("INSERT INTO inserted VALUES (?, ?, ?, ?, ?)",
                           zip(ids.tolist(), *boxes.T.tolist()))
    connection.commit()
    assert connection.execute("SELECT rtreecheck('bulk')").fetchone()[0] == "ok"
    query = "SELECT id FROM {} WHERE maxx >= ? AND minx <= ? AND maxy >= ? AND miny <= ? ORDER BY id"
    for probe in rng.uniform([4e6, 3e6], [4.1e6, 3.1e6], (20, 2)).tolist():
        window = (probe[0], probe[0] + 5_000, probe[1], probe[1] + 5_000)
        found = [connection.execute(query.format(name), window).fetchall()
                 for name in ("bulk", "inserted")]
        assert found[0] == found[1]
    stored = connection.execute("SELECT * FROM bulk ORDER BY id").fetchall()
    assert len(stored) == count
    assert stored == connection.execute("SELECT * FROM inserted ORDER BY id").fetchall()
    connection.close()


def test_a_bulk_geopackage_grid_is_loaded_and_styled_when_qgis_asks_for_it(run, people,
                                                                           tmp_path):
    """The GUI asks for outputs to be loaded into the project: the bulk file is, with its style."""
    from qgis.core import QgsProcessingContext, QgsProcessingOutputLayerDefinition, QgsProject

    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    path = str(tmp_path / "loaded.gpkg")
    output = QgsProcessingOutputLayerDefinition(path, QgsProject.instance())
    result = run("suppressedgrid", {"INPUT": people, "PERSON_FIELD": "person_id", "RHO": 0.2,
                                    "RESOLUTION": 100, "OUTPUT": output}, context=context)
    assert result["OUTPUT"] == path
    assert context.willLoadLayerOnCompletion(path)
    assert context.layerToLoadOnCompletionDetails(path).postProcessor() is not None


@pytest.mark.parametrize("algorithm", ["suppressedgrid", "disclosurerisk"])
@pytest.mark.parametrize("destination", ["TEMPORARY_OUTPUT", "out.gpkg", "out.shp"])
def test_every_layer_qgis_is_asked_to_load_exists_after_the_run(run, people, tmp_path,
                                                               algorithm, destination):
    """The dialog and runAndLoadResults load what the run registered: a name registered for a
    temporary output that never exists makes QGIS report "not correctly generated"."""
    from qgis.core import QgsProcessingContext, QgsProcessingOutputLayerDefinition, QgsProject, \
        QgsProcessingUtils

    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    sink = destination if destination == "TEMPORARY_OUTPUT" else str(tmp_path / destination)
    parameters = {"INPUT": people, "OUTPUT": QgsProcessingOutputLayerDefinition(
        sink, QgsProject.instance())}
    if algorithm == "suppressedgrid":
        parameters.update({"PERSON_FIELD": "person_id", "RHO": 0.2, "RESOLUTION": 100})
    else:
        parameters.update({"KEY_FIELDS": ["sex"]})
    output = run(algorithm, parameters, context=context)["OUTPUT"]
    registered = list(context.layersToLoadOnCompletion())
    assert len(registered) == 1, registered
    if destination == "TEMPORARY_OUTPUT":  # processing.run hands the layer itself back
        assert registered == [output.id()]
    else:
        assert QgsProcessingUtils.mapLayerFromString(registered[0], context) is not None


def records_gpkg(path, spatial_index=True, gaps=True):
    """A GeoPackage point table of records written by GDAL: integer, real, text (one with a
    width, one with NULLs) fields; with ``gaps``, some features deleted (fids not contiguous)."""
    import numpy as np
    from osgeo import ogr, osr

    rng = np.random.default_rng(20)
    reference = osr.SpatialReference()
    reference.ImportFromEPSG(3035)
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = dataset.CreateLayer("records", reference, ogr.wkbPoint,
                                [f"SPATIAL_INDEX={'YES' if spatial_index else 'NO'}"])
    for name, kind, width in (("person_id", ogr.OFTInteger64, 0), ("sex", ogr.OFTString, 1),
                              ("age_band", ogr.OFTString, 0), ("note", ogr.OFTString, 0),
                              ("weight", ogr.OFTReal, 0)):
        definition = ogr.FieldDefn(name, kind)
        definition.SetWidth(width)
        layer.CreateField(definition)
    for number in range(400):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("person_id", number)
        feature.SetField("sex", "fm"[number % 2])
        feature.SetField("age_band", ["0-17", "18-64 années", "65+"][int(rng.integers(0, 3))])
        if number % 7:
            feature.SetField("note", f"n{number % 5}")
        feature.SetField("weight", float(rng.uniform(1, 50)))
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(4_000_000 + float(rng.uniform(0, 5_000)), 3_000_000 +
                          float(rng.uniform(0, 5_000)))
        feature.SetGeometry(point)
        layer.CreateFeature(feature)
    if gaps:
        for fid in (1, 2, 50, 51, 399):
            layer.DeleteFeature(fid)
    layer = dataset = None
    return path


def features_of(layer):
    return [(tuple(feature.attributes()), feature.geometry().asWkt(17))
            for feature in layer.getFeatures()]


def table_schema(path, table):
    connection = sqlite3.connect(str(path))
    columns = [row[1:] for row in connection.execute(f'PRAGMA table_info("{table}")')]
    rtree = connection.execute(f'SELECT * FROM "rtree_{table}_geom" ORDER BY id').fetchall()
    check = connection.execute(f"SELECT rtreecheck('rtree_{table}_geom')").fetchone()[0]
    count = connection.execute("SELECT feature_count FROM gpkg_ogr_contents").fetchone()[0]
    connection.close()
    return columns, rtree, check, count


@pytest.mark.parametrize("spatial_index, gaps", [(True, True), (False, True), (True, False)])
def test_record_risk_in_bulk_equals_the_sink_s_geopackage(run, tmp_path, spatial_index, gaps):
    """Record risk of a GeoPackage point table into a new GeoPackage: copied in SQLite (the
    input's rows, blobs and R-tree, or a packed R-tree where it has none) with the risk fields
    bound, the same layer as the sink writes from the same input read feature by feature."""
    from qgis.core import QgsFeatureSource, QgsProcessingFeatureSourceDefinition

    from conftest import RecordingFeedback

    source = str(records_gpkg(tmp_path / "records.gpkg", spatial_index, gaps))
    parameters = {"KEY_FIELDS": ["sex", "age_band"], "WEIGHT_FIELD": "weight",
                  "POPULATION_UNIQUENESS": True}
    bulk_log, sink_log = RecordingFeedback(), RecordingFeedback()
    bulk = run("disclosurerisk", dict(parameters, INPUT=source, OUTPUT=str(tmp_path / "bulk.gpkg")),
               bulk_log)
    # A feature limit above the count: the same features, read and written through QGIS.
    everything = QgsProcessingFeatureSourceDefinition(source, False, 10 ** 9)
    sink = run("disclosurerisk", dict(parameters, INPUT=everything,
                                      OUTPUT=str(tmp_path / "sink.gpkg")), sink_log)
    assert any("in bulk" in message for message in bulk_log.messages)
    assert any("feature by feature" in message for message in sink_log.messages)
    assert not any("in bulk" in message for message in sink_log.messages)
    written, expected = (QgsVectorLayer(result["OUTPUT"], name, "ogr")
                         for result, name in ((bulk, "bulk"), (sink, "sink")))
    assert written.isValid() and written.crs() == expected.crs()
    assert [(field.name(), field.typeName(), field.length()) for field in written.fields()] == \
        [(field.name(), field.typeName(), field.length()) for field in expected.fields()]
    rows = features_of(expected)
    assert len(rows) == (395 if gaps else 400) and features_of(written) == rows
    assert any(None in attributes or "NULL" in map(str, attributes) for attributes, _ in rows)
    assert written.extent() == expected.extent()
    bulk_schema, sink_schema = table_schema(bulk["OUTPUT"], "bulk"), table_schema(sink["OUTPUT"], "sink")
    assert bulk_schema == sink_schema and bulk_schema[2] == "ok"
    assert written.hasSpatialIndex() == QgsFeatureSource.SpatialIndexPresence.SpatialIndexPresent
    probe = expected.extent().buffered(-1_500)
    found = [sorted(feature.id() for feature in layer.getFeatures(probe))
             for layer in (written, expected)]
    assert len(found[0]) > 10 and found[0] == found[1]  # the spatial index answers as the sink's
    assert written.renderer().type() == expected.renderer().type()


def _grid_run(run, people, path, feedback=None):
    return run("suppressedgrid", {"INPUT": people, "PERSON_FIELD": "person_id", "RHO": 0.2,
                                  "RESOLUTION": 100, "OUTPUT": str(path)}, feedback)


@pytest.mark.parametrize("output", ["grid", "records"])
@pytest.mark.parametrize("ending", ["failure", "cancellation"])
def test_a_bulk_write_that_fails_or_is_cancelled_leaves_no_output(run, people, tmp_path,
                                                                  monkeypatch, output, ending):
    """The GeoPackage is built in a hidden file renamed to the destination only when complete:
    a failure or a cancellation half-way (after the rows, before the file is finished) leaves
    no file of its own and an existing destination as it was."""
    from qgis.core import QgsProcessingException

    from conftest import RecordingFeedback
    from spatial_privacy.processing_provider.io import bulk_write

    source = records_gpkg(tmp_path / "records.gpkg")
    destination = tmp_path / "out" / "result.gpkg"
    destination.parent.mkdir()
    destination.write_bytes(b"an earlier output")
    feedback = RecordingFeedback()
    set_contents = bulk_write._set_contents

    def interrupted(connection, *arguments):
        set_contents(connection, *arguments)  # the rows and the spatial index are in
        assert list(destination.parent.iterdir()) != [destination]  # the hidden file exists
        if ending == "cancellation":
            feedback.cancel()
        else:
            raise OSError("disk full")
    monkeypatch.setattr(bulk_write, "_set_contents", interrupted)
    with pytest.raises((QgsProcessingException, OSError)) as raised:
        if output == "grid":
            _grid_run(run, people, destination, feedback)
        else:
            run("disclosurerisk", {"INPUT": str(source), "KEY_FIELDS": ["sex"],
                                   "OUTPUT": str(destination)}, feedback)
    assert ("Cancelled" if ending == "cancellation" else "disk full") in str(raised.value)
    assert list(destination.parent.iterdir()) == [destination]
    assert destination.read_bytes() == b"an earlier output"
    # Negative control: the same run uninterrupted replaces the file with the output.
    monkeypatch.setattr(bulk_write, "_set_contents", set_contents)
    if output == "grid":
        _grid_run(run, people, destination)
    else:
        run("disclosurerisk", {"INPUT": str(source), "KEY_FIELDS": ["sex"],
                               "OUTPUT": str(destination)})
    assert not [path for path in destination.parent.iterdir() if path.name.startswith(".")]
    assert QgsVectorLayer(str(destination), "result", "ogr").featureCount() > 0


def test_record_risk_to_other_destinations_goes_through_the_sink(run, tmp_path, feedback):
    """A memory output, a shapefile and a table selected from a GeoPackage take the sink."""
    source = str(records_gpkg(tmp_path / "records.gpkg"))
    result = run("disclosurerisk", {"INPUT": source, "KEY_FIELDS": ["sex"],
                                    "OUTPUT": str(tmp_path / "risk.shp")}, feedback)
    assert any("feature by feature" in message for message in feedback.messages)
    assert QgsVectorLayer(result["OUTPUT"], "risk", "ogr").featureCount() == 395
    memory = run("disclosurerisk", {"INPUT": source, "KEY_FIELDS": ["sex"],
                                    "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
    assert memory.featureCount() == 395


def test_record_risk_in_bulk_inside_a_model_reaches_the_next_step(provider, tmp_path):
    """A model output that is a new GeoPackage takes the bulk path; the next step reads it."""
    import processing
    from models import child, child_output, model, model_input
    from qgis.core import QgsProcessingParameterFeatureSource

    from conftest import RecordingFeedback

    source = str(records_gpkg(tmp_path / "records.gpkg"))
    risk_and_count = model("risk_then_save", [QgsProcessingParameterFeatureSource("records", "r")], [
        child("spatialprivacy:disclosurerisk", "risk", {
            "INPUT": model_input("records"), "KEY_FIELDS": ["sex", "age_band"]}, outputs=["OUTPUT"]),
        child("native:savefeatures", "save", {"INPUT": child_output("risk", "OUTPUT")},
              outputs=["OUTPUT"]),
    ])
    log = RecordingFeedback()
    processing.run(risk_and_count, {"records": source, "risk:output": str(tmp_path / "risk.gpkg"),
                                    "save:output": str(tmp_path / "saved.gpkg")}, feedback=log)
    assert any("in bulk" in message for message in log.messages)
    saved = QgsVectorLayer(str(tmp_path / "saved.gpkg"), "saved", "ogr")
    direct = QgsVectorLayer(str(tmp_path / "risk.gpkg"), "risk", "ogr")
    assert saved.featureCount() == direct.featureCount() == 395
    assert sorted(f["individual_risk"] for f in saved.getFeatures()) == \
        sorted(f["individual_risk"] for f in direct.getFeatures())


@pytest.mark.slow
def test_record_risk_in_bulk_from_qgis_process(qgis_process_env, tmp_path):
    """qgis_process writes the bulk GeoPackage; it loads with its style and spatial index."""
    from qgis.core import QgsFeatureSource

    source = records_gpkg(tmp_path / "records.gpkg")
    output = tmp_path / "risk.gpkg"
    completed, report = qgis_process(qgis_process_env, "disclosurerisk", INPUT=source,
                                     KEY_FIELDS="sex", OUTPUT=output)
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert "in bulk" in completed.stdout + completed.stderr
    assert report["results"]["OUTPUT"] == str(output)
    connection = sqlite3.connect(str(output))
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    connection.close()
    assert "layer_styles" in tables or output.with_suffix(".qml").exists()  # the style, stored
    written = QgsVectorLayer(str(output), "risk", "ogr")
    assert written.featureCount() == 395
    assert written.hasSpatialIndex() == QgsFeatureSource.SpatialIndexPresence.SpatialIndexPresent


@pytest.mark.parametrize("many", [False, True])
def test_distinct_rows_are_numbered_as_they_first_appear(plugin_package, many):
    """The distinct rows of risk values (and of text keys as words) found by hashing: the same
    numbering as counting tuples of the values in order, floats told apart by their bits (0.0
    and -0.0 two values, NaN one), missing text one value; with many columns of many values
    the codes are renumbered before they overflow, with the same result."""
    import struct

    import numpy as np

    from spatial_privacy.processing_provider.values import distinct_rows

    rng = np.random.default_rng(5)
    count = 3_000
    floats = rng.integers(0, 4, count) / 3.0
    floats[rng.random(count) < 0.2] = np.nan
    floats[rng.random(count) < 0.2] = -0.0
    texts = np.array([None if value == 0 else "é" * int(value) for value in
                      rng.integers(0, 3, count)], dtype=object)
    columns = [rng.integers(0, 3, count), floats, rng.random(count) < 0.5, texts]
    if many:
        columns += [rng.random(count) for _ in range(6)]
    keys = [tuple(struct.pack("<d", value) if isinstance(value, float) else value
                  for value in row) for row in zip(*[column.tolist() for column in columns])]
    numbers = {}
    expected = [numbers.setdefault(key, len(numbers)) for key in keys]
    codes, first = distinct_rows(columns)
    assert codes.tolist() == expected
    assert first.tolist() == [keys.index(key) for key in numbers]
    assert len(numbers) < count or many


@pytest.mark.parametrize("algorithm", ["suppressedgrid", "disclosurerisk", "recordswap"])
def test_a_relative_geopackage_goes_in_bulk_where_qgis_puts_it(run, people, tmp_path, monkeypatch,
                                                               algorithm):
    """OUTPUT=out.gpkg (as typed on qgis_process's command line) is written in bulk in the
    working directory, where QGIS's own writer puts a relative path, and QGIS loads it."""
    from qgis.core import QgsProcessingContext, QgsProcessingOutputLayerDefinition, QgsProject, \
        QgsProcessingUtils

    from conftest import RecordingFeedback
    from test_record_swap import census_layer

    if algorithm == "suppressedgrid":
        parameters = {"INPUT": people, "PERSON_FIELD": "person_id", "RHO": 0.2,
                      "RESOLUTION": 100}
    elif algorithm == "disclosurerisk":
        parameters = {"INPUT": str(records_gpkg(tmp_path / "records.gpkg")),
                      "KEY_FIELDS": ["sex", "age_band"]}
    else:
        persons = str(tmp_path / "persons.gpkg")
        assert run_native("native:centroids", {"INPUT": census_layer(300),
                                               "OUTPUT": persons}) == persons
        parameters = {"INPUT": persons, "HOUSEHOLD_FIELD": "household_id",
                      "PERSON_FIELD": "person_id", "RISK_FIELDS": ["age_band", "sex"],
                      "SEED": "test"}
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    # Where QGIS's own writer puts a relative GeoPackage: the working directory.
    run_native("native:centroids", {"INPUT": people, "OUTPUT": "native.gpkg"})
    assert (work / "native.gpkg").is_file()
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    feedback = RecordingFeedback()
    result = run(algorithm, dict(parameters, OUTPUT=QgsProcessingOutputLayerDefinition(
        "out.gpkg", QgsProject.instance())), feedback, context)
    assert any("in bulk" in message for message in feedback.messages), feedback.messages
    assert not any("written feature by feature" in message for message in feedback.messages)
    assert result["OUTPUT"] == str(work / "out.gpkg")
    written = QgsVectorLayer(str(work / "out.gpkg"), "out", "ogr")
    assert written.isValid() and written.featureCount() > 0
    registered = list(context.layersToLoadOnCompletion())
    assert len(registered) == 1
    assert QgsProcessingUtils.mapLayerFromString(registered[0], context) is not None


def run_native(algorithm, parameters):
    import processing

    return processing.run(algorithm, parameters)["OUTPUT"]
