"""The cell key grid, the DP grid, the record swap and record risk written in bulk into a new
GeoPackage (issue 43): the feature sink is not used, and the layer is the one the sink writes
(rows, geometries, R-tree, style, the plugin's mark)."""

import sqlite3

import pytest
from layers import people_in_cells
from qgis.core import QgsVectorLayer

from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv


def rows_and_geometries(layer):
    """Every feature's attributes (a GeoPackage's fid left out) and geometry, in order."""
    skip = 1 if layer.providerType() == "ogr" else 0
    return [(tuple(feature.attributes()[skip:]), feature.geometry().asWkt(17))
            for feature in layer.getFeatures()]


def gpkg_state(path, table):
    """(R-tree check, R-tree entries, description, feature count) of a GeoPackage table."""
    connection = sqlite3.connect(str(path))
    try:
        check = connection.execute(f"SELECT rtreecheck('rtree_{table}_geom')").fetchone()[0]
        entries = connection.execute(f'SELECT count(*) FROM "rtree_{table}_geom"').fetchone()[0]
        description = connection.execute("SELECT description FROM gpkg_contents WHERE "
                                         "table_name = ?", (table,)).fetchone()[0]
        count = connection.execute("SELECT feature_count FROM gpkg_ogr_contents WHERE "
                                   "table_name = ?", (table,)).fetchone()[0]
    finally:
        connection.close()
    return check, entries, description, count


@pytest.fixture
def no_sink(monkeypatch):
    """The feature-by-feature writer made to fail: a run that uses it for its output fails."""
    from spatial_privacy.processing_provider.io import layers

    def refused(sink, *arguments, **named):
        raise AssertionError("the feature sink was used")
    monkeypatch.setattr(layers, "write_features", refused)
    return monkeypatch


def test_the_cell_key_grid_goes_into_a_geopackage_in_bulk(run, tmp_path, feedback, no_sink):
    from spatial_privacy.processing_provider.output_marks import MARK

    layer = people_in_cells({(col, row): 1 + (3 * col + 5 * row) % 23
                             for col in range(8) for row in range(6)})
    write_ptable_csv(create_ptable(4, 2.0, 2), tmp_path / "ptable.csv")
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nmethod = "cell key"\n'
                      'ckm_min_d = 3\nckm_min_v = 2\nckm_min_js = 2\nptable = "ptable.csv"\n')
    parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "KEY_FILE": str(tmp_path / "k.key"),
                  "PTABLE": str(tmp_path / "ptable.csv"), "RESOLUTION": 100,
                  "ORIGIN": "0,0 [EPSG:3035]", "POLICY": str(policy)}
    path = tmp_path / "cells.gpkg"
    result = run("cellkeygrid", dict(parameters, OUTPUT=str(path)), feedback)
    assert result["OUTPUT"] == str(path)
    assert any("in bulk" in message for message in feedback.messages)
    no_sink.undo()
    memory = run("cellkeygrid", dict(parameters, OUTPUT="TEMPORARY_OUTPUT"))["OUTPUT"]
    written = QgsVectorLayer(str(path), "cells", "ogr")
    assert written.fields().names()[1:] == memory.fields().names()
    expected = rows_and_geometries(memory)
    assert len(expected) == 48 and rows_and_geometries(written) == expected
    assert gpkg_state(path, "cells") == ("ok", 48, MARK, 48)
    assert written.renderer().type() == "RuleRenderer"  # the style stored in the file


def as_gpkg(layer, path):
    """A memory layer saved as a GeoPackage (one table named after the file)."""
    import processing

    processing.run("native:savefeatures", {"INPUT": layer, "OUTPUT": str(path)})
    return str(path)


def rtree_of(path, table):
    connection = sqlite3.connect(str(path))
    try:
        return connection.execute(f'SELECT * FROM "rtree_{table}_geom" ORDER BY id').fetchall()
    finally:
        connection.close()


def test_the_record_swap_goes_into_a_geopackage_in_bulk(run, tmp_path, feedback, monkeypatch):
    """Swapped persons of a GeoPackage into a new GeoPackage: copied in SQLite, the R-tree
    packed and its row map filled by SQLite (json_each), not through the feature sink; the
    same rows, geometries and R-tree entries as the sink's GeoPackage."""
    from test_record_swap import census_layer

    from spatial_privacy.processing_provider.algorithms.record_swap import RecordSwap
    from spatial_privacy.processing_provider.io import moved_points
    from spatial_privacy.processing_provider.output_marks import MARK

    source = as_gpkg(census_layer(600), tmp_path / "census.gpkg")
    parameters = {"INPUT": source, "HOUSEHOLD_FIELD": "household_id",
                  "PERSON_FIELD": "person_id", "RISK_FIELDS": ["age_band", "sex"],
                  "HIERARCHY": "10000,1000", "SWAP_RATE": 0.1, "SEED": "bulk",
                  "CARRY_ALONG": ["tenure"]}

    def refused(*arguments):
        raise AssertionError("the feature sink was used")
    monkeypatch.setattr(RecordSwap, "write_through_sink", refused)
    bulk = run("recordswap", dict(parameters, OUTPUT=str(tmp_path / "bulk.gpkg")), feedback)
    assert any("in bulk" in message for message in feedback.messages)
    monkeypatch.undo()
    monkeypatch.setattr(moved_points, "write_moved_points", lambda *arguments: None)
    sink = run("recordswap", dict(parameters, OUTPUT=str(tmp_path / "sink.gpkg")))
    written, expected = (QgsVectorLayer(result["OUTPUT"], name, "ogr")
                         for result, name in ((bulk, "bulk"), (sink, "sink")))
    rows = rows_and_geometries(expected)
    assert bulk["HOUSEHOLDS_SWAPPED"] == sink["HOUSEHOLDS_SWAPPED"] > 0
    assert len(rows) > 1000 and rows_and_geometries(written) == rows
    assert [feature.id() for feature in written.getFeatures()] == \
        [feature.id() for feature in expected.getFeatures()]
    assert gpkg_state(bulk["OUTPUT"], "bulk") == ("ok", len(rows), MARK, len(rows))
    assert rtree_of(bulk["OUTPUT"], "bulk") == rtree_of(sink["OUTPUT"], "sink")


@pytest.mark.parametrize("json_each", [True, False])
@pytest.mark.parametrize("gaps", [False, True])
def test_a_map_goes_in_in_key_order_with_or_without_json_each(plugin_package, monkeypatch,
                                                              json_each, gaps):
    """insert_map: every (key, value) row in key order, whether SQLite reads the values from
    JSON (consecutive keys) or they are bound many to a statement (keys with gaps, or an
    SQLite without json_each: a table of that name stands in, which cannot be called)."""
    import numpy as np

    from spatial_privacy.processing_provider.io import sqlite_bulk

    bound = []
    multi_row_insert = sqlite_bulk.multi_row_insert
    monkeypatch.setattr(sqlite_bulk, "multi_row_insert",
                        lambda *arguments: bound.append(multi_row_insert(*arguments)))
    rng = np.random.default_rng(5)
    keys = rng.permutation(np.arange(3, 2_003) * (7 if gaps else 1))
    values = rng.integers(-10 ** 12, 10 ** 12, len(keys))
    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE TABLE map (k INTEGER PRIMARY KEY, v INTEGER)")
    if not json_each:
        connection.execute("CREATE TEMP TABLE json_each (key, value)")
    sqlite_bulk.insert_map(connection, "map", ("k", "v"), keys, values)
    stored = connection.execute("SELECT k, v, typeof(v) FROM map ORDER BY rowid").fetchall()
    order = np.argsort(keys)
    assert stored == [(int(k), int(v), "integer") for k, v in zip(keys[order], values[order])]
    assert len(bound) == (0 if json_each and not gaps else 1)
