"""The cell key grid, the DP grid, the record swap and record risk written in bulk into a new
GeoPackage (issue 43): the feature sink is not used, and the layer is the one the sink writes
(rows, geometries, R-tree, style, the plugin's mark)."""

import sqlite3

import pytest
from layers import people_in_cells, point_layer
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
