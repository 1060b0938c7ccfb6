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
    check = connection.execute("SELECT rtreecheck('rtree_grid_geom')").fetchone()[0]
    connection.close()
    assert "rtree_grid_geom" in tables and check == "ok"  # the spatial index, valid
    assert written.renderer().type() == "RuleRenderer"  # the style travels with the file
    # The spatial index finds the cells.
    assert sum(1 for _ in written.getFeatures(written.extent())) == len(expected)


@pytest.mark.parametrize("count", [1, 51, 52, 3_000, 200_000])
def test_the_bulk_r_tree_is_valid_and_finds_what_insertion_finds(provider, count):
    """The R-tree packed in bulk passes SQLite's own check and answers box queries as the
    R-tree built one insertion at a time does (several levels at the larger counts)."""
    import numpy as np

    from spatial_privacy.processing_provider.bulk_write import write_rtree

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
