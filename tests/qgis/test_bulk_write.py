"""A GeoPackage grid written in bulk is the layer the PyQGIS sink writes, cell for cell."""

import sqlite3

import pytest
from qgis.core import QgsVectorLayer

from layers import point_layer


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
    connection.close()
    assert "rtree_grid_geom" in tables  # the spatial index
    assert written.renderer().type() == "RuleRenderer"  # the style travels with the file
    # The spatial index finds the cells.
    assert sum(1 for _ in written.getFeatures(written.extent())) == len(expected)
