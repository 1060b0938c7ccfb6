"""GDAL's Arrow stream and feature iteration read the same layer into the same arrays."""

import numpy as np
import pytest
from conftest import RecordingFeedback
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from osgeo import ogr, osr
from qgis.core import QgsProcessingFeatureSourceDefinition, QgsVectorLayer


def write_points(path, rows):
    """rows: (x, y, person, band, count) with None for NULL attributes."""
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(3035)
    layer = dataset.CreateLayer("points", srs, ogr.wkbPoint)
    for name, kind in (("person", ogr.OFTString), ("band", ogr.OFTString), ("count", ogr.OFTInteger64)):
        layer.CreateField(ogr.FieldDefn(name, kind))
    for x, y, person, band, count in rows:
        feature = ogr.Feature(layer.GetLayerDefn())
        for name, value in (("person", person), ("band", band), ("count", count)):
            if value is None:
                feature.SetFieldNull(name)
            else:
                feature.SetField(name, value)
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({x!r} {y!r})"))
        layer.CreateFeature(feature)
    dataset = None
    return QgsVectorLayer(str(path), "points", "ogr")


def both_paths(plugin_package, layer, fields, batch_size=None):
    """The layer read both ways; ``batch_size`` sets the Arrow stream's batches (a small
    one makes a column change type between batches: a batch with a NULL is an object column)."""
    from spatial_privacy.processing_provider.io import layers as io
    default_batch = io.ARROW_BATCH
    io.ARROW_BATCH = batch_size or default_batch
    try:
        fast = io.read_points_arrow(layer, fields, RecordingFeedback())
    finally:
        io.ARROW_BATCH = default_batch
    slow = io.read_points_by_feature(layer, fields, RecordingFeedback())
    return fast, slow


def assert_same(fast, slow, fields):
    assert fast is not None
    assert np.array_equal(fast.x, slow.x) and np.array_equal(fast.y, slow.y)
    for name in fields:
        assert list(fast.columns[name]) == list(slow.columns[name]), name
        assert [value is None for value in fast.columns[name]] == \
            [value is None for value in slow.columns[name]], name


coordinates = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
texts = st.one_of(st.none(), st.text(alphabet="abcé€ -", min_size=0, max_size=6))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(st.lists(st.tuples(coordinates, coordinates, texts, texts,
                          st.one_of(st.none(), st.integers(-2**40, 2**40))), min_size=1, max_size=40),
       st.one_of(st.none(), st.integers(1, 7)))
def test_both_paths_give_identical_arrays(plugin_package, qgis_app, tmp_path_factory, rows,
                                          batch_size):
    path = tmp_path_factory.mktemp("paths") / "points.gpkg"
    layer = write_points(path, rows)
    fields = ["person", "band", "count"]
    fast, slow = both_paths(plugin_package, layer, fields, batch_size)
    assert_same(fast, slow, fields)


def test_a_column_filled_by_batches_grows_and_changes_type_as_they_come(plugin_package):
    """The stream's row count is a hint: more rows grow the column, a batch of another type
    (an object batch after integers) turns it into an object column, fewer rows trim it."""
    from spatial_privacy.processing_provider.io.layers import _Column
    batches = [np.array([1, 2]), np.array([3, 4, 5]), np.array([None, 7], dtype=object)]
    column = _Column(expected_length=2)
    for batch in batches:
        column.append(batch)
    values = column.array()
    assert values.dtype == object and values.tolist() == [1, 2, 3, 4, 5, None, 7]
    short = _Column(expected_length=10, dtype=float)
    short.append(np.array([0.5, 1.5]))
    assert short.array(float).tolist() == [0.5, 1.5] and len(short.array(float)) == 2
    assert _Column(expected_length=3).array(float).dtype == float


def test_the_sweep_reads_a_geopackage_through_arrow_and_a_selection_feature_by_feature(
        run, tmp_path, feedback):
    from qgis.core import QgsProject
    layer = write_points(tmp_path / "points.gpkg",
                         [(50.0 + i, 50.0, f"p{i}", "a", i) for i in range(12)])
    common = {"PERSON_FIELD": "person", "RHO": 0.1, "RESOLUTIONS": "100",
              "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT"}
    whole = run("resolutionsweep", dict(common, INPUT=layer), feedback)
    assert any("Arrow stream" in message for message in feedback.messages)
    assert next(whole["OUTPUT"].getFeatures())["persons"] == 12
    QgsProject.instance().addMapLayer(layer)
    try:
        layer.selectByExpression('"count" < 5')
        selected = RecordingFeedback()
        part = run("resolutionsweep", dict(common, INPUT=QgsProcessingFeatureSourceDefinition(
            layer.id(), True)), selected)
        assert any("feature by feature" in message for message in selected.messages)
        assert next(part["OUTPUT"].getFeatures())["persons"] == 5
    finally:
        QgsProject.instance().removeMapLayer(layer.id())


def test_a_multipoint_layer_falls_back_to_feature_iteration(plugin_package, qgis_app, tmp_path):
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(tmp_path / "multi.gpkg"))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(3035)
    layer = dataset.CreateLayer("multi", srs, ogr.wkbMultiPoint)
    layer.CreateField(ogr.FieldDefn("person", ogr.OFTString))
    feature = ogr.Feature(layer.GetLayerDefn())
    feature.SetField("person", "a")
    feature.SetGeometry(ogr.CreateGeometryFromWkt("MULTIPOINT ((1 2),(3 4))"))
    layer.CreateFeature(feature)
    dataset = None
    from spatial_privacy.processing_provider.io.layers import read_points_arrow
    qgis_layer = QgsVectorLayer(str(tmp_path / "multi.gpkg"), "multi", "ogr")
    assert read_points_arrow(qgis_layer, ["person"], RecordingFeedback()) is None


def test_reading_reports_progress_by_batch_and_stops_when_cancelled(plugin_package, qgis_app,
                                                                      tmp_path):
    import pytest
    from qgis.core import QgsProcessingException

    from spatial_privacy.processing_provider.io import layers as io
    layer = write_points(tmp_path / "points.gpkg",
                         [(float(i), 0.0, f"p{i}", "a", i) for i in range(10)])
    default_batch = io.ARROW_BATCH
    io.ARROW_BATCH = 4
    try:
        feedback = RecordingFeedback()
        progress = []
        feedback.progressChanged.connect(progress.append)
        table = io.read_points_arrow(layer, ["person"], feedback)
        assert len(table.x) == 10
        assert progress == [40.0, 80.0, 100.0]  # per point read, batch by batch
        cancelled = RecordingFeedback()
        cancelled.cancel()
        with pytest.raises(QgsProcessingException, match="Cancelled"):
            io.read_points_arrow(layer, ["person"], cancelled)
    finally:
        io.ARROW_BATCH = default_batch


def test_columns_become_plain_python_values_with_missing_ones_as_null(plugin_package):
    """Writing converts text columns in one pass and mixed ones value by value: both give
    plain values, every kind of missing value as None (written as NULL)."""
    import pandas as pd

    from spatial_privacy.processing_provider.io.layers import plain_column
    text = pd.Series(["a", None, np.nan, pd.NA, "é"], dtype=object)
    assert plain_column(text) == ["a", None, None, None, "é"]
    mixed = np.array([1, "b", np.int64(3), np.float64("nan"), None], dtype=object)
    converted = plain_column(mixed)
    assert converted == [1, "b", 3, None, None] and type(converted[2]) is int
    assert plain_column(pd.array([1, None, 3], dtype="Int64")) == [1, None, 3]
    assert plain_column(np.array([0.5, np.nan])) == [0.5, None]
    assert plain_column(np.array([True, False])) == [True, False]
    assert plain_column([]) == []


@pytest.mark.parametrize("algorithm", ["resolutionsweep", "suppressedgrid", "geomask"])
def test_a_csv_without_its_coordinate_fields_is_named_as_a_table_without_points(run, tmp_path,
                                                                                algorithm):
    """Issue 42: a CSV loaded without its X/Y fields was refused as 'no valid CRS'; the real
    cause is named, with the way to load it as points, and the file is left as it was."""
    from qgis.core import QgsProcessingException, QgsVectorLayer

    csv = tmp_path / "trips.csv"
    csv.write_text("person_id,x,y\na,100,200\nb,300,400\n", encoding="utf-8")
    before = csv.read_bytes()
    table = QgsVectorLayer(f"file://{csv}?type=csv&geomType=none", "trips", "delimitedtext")
    assert table.isValid()
    parameters = {"INPUT": table, "PERSON_FIELD": "person_id", "RHO": 0.1,
                  "OUTPUT": str(tmp_path / "out.gpkg")}
    with pytest.raises(QgsProcessingException, match="has no geometry: it is a table without"):
        run(algorithm, parameters)
    assert csv.read_bytes() == before and not (tmp_path / "out.gpkg").exists()
