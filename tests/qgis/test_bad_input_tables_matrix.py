"""Outputs kept in a database: a layer added to an existing GeoPackage and a PostGIS table
(issue 42, "every output is written to a hidden name and renamed only when complete").

Each row is a destination × an algorithm (the sink writes the geomask, the grid goes through
the sink into a GeoPackage and through COPY into PostGIS). A run that fails after writing its
output, and a run cancelled as it finishes, leave the database's tables as they were (the
user's table row for row); a run that succeeds gives its layer under the name asked for, marked,
styled and readable by QGIS through its spatial index; a killed run's hidden tables are removed
by the next run writing there.
"""

import errno
import hashlib
import os
import socket
import sqlite3
import subprocess

import pytest
from matrix_layers import people, polygons, saved
from pg_server import connect
from qgis.core import QgsApplication, QgsDataSourceUri, QgsFeatureRequest, \
    QgsProcessingException, QgsRectangle, QgsVectorLayer
from test_bad_input_outputs_matrix import pg_rows, postgis_destination, users_postgis_table, \
    USERS_TABLE

GEOMASK, GRID = "geomask", "suppressedgrid"
COMMON = {GEOMASK: {"MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0},
          GRID: {"PERSON_FIELD": "person_id", "RHO": 0.25, "RESOLUTION": 100}}
HIDDEN = "_sp_partial_"
# The host part of hidden names written here (partial_files): a hash of the host's name.
HOST = hashlib.sha256(socket.gethostname().encode("utf-8")).hexdigest()[:4]


class GeoPackageLayer:
    """The output added as the layer ``release`` to the user's GeoPackage holding ``zones``."""

    name = "a layer added to a GeoPackage"

    def __init__(self, folder, algorithm):
        self.folder = folder
        self.path = folder / "data.gpkg"
        saved(polygons(["POLYGON((0 0,300 0,300 200,0 200,0 0))",
                        "POLYGON((300 0,600 0,600 200,300 200,300 0))"]), self.path, "zones")
        self.destination = f"ogr:dbname='{self.path}' table=\"release\" (geom)"
        self.final = "release"

    def tables(self):
        with sqlite3.connect(self.path) as connection:
            names = sorted(row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'"))
        connection.close()
        return names

    def state(self):
        """The file's tables (but GeoPackage's own: GDAL may add its empty metadata tables),
        its layers, the user's layer row by row, the folder's files."""
        with sqlite3.connect(self.path) as connection:
            zones = connection.execute("SELECT * FROM zones ORDER BY fid").fetchall()
            layers = connection.execute("SELECT * FROM gpkg_contents ORDER BY 1").fetchall()
        connection.close()
        return [name for name in self.tables() if not name.startswith("gpkg_")], layers, zones, \
            sorted(path.name for path in self.folder.iterdir())

    def layer(self):
        return QgsVectorLayer(f"{self.path}|layername={self.final}", self.final, "ogr")

    def mark(self):
        with sqlite3.connect(self.path) as connection:
            found = connection.execute("SELECT description FROM gpkg_contents WHERE "
                                       "table_name = ?", (self.final,)).fetchone()
        connection.close()
        return found[0]

    def styles(self):
        """The tables the file's styles are for."""
        if "layer_styles" not in self.tables():
            return []
        with sqlite3.connect(self.path) as connection:
            styled = [row[0] for row in connection.execute("SELECT f_table_name FROM layer_styles")]
        connection.close()
        return styled

    def leave_hidden_table(self, pid, host):
        """A hidden table as a run of process ``pid`` killed mid-way leaves it."""
        from osgeo import ogr
        name = f"{HIDDEN}abcdef_{pid}_{host}_release"
        dataset = ogr.Open(str(self.path), 1)
        dataset.CopyLayer(dataset.GetLayerByName("zones"), name)
        dataset = None
        return name


class GeoPackageLayerByPath(GeoPackageLayer):
    """The same, the destination given as a path with ``|layername=`` (QGIS 3.22 itself would
    write a file of that name)."""

    name = "a GeoPackage's layer named by its path"

    def __init__(self, folder, algorithm):
        super().__init__(folder, algorithm)
        self.destination = f"{self.path}|layername=release"


class PostgisTable:
    """The output as the table ``release_<algorithm>`` of the schema holding the user's
    table."""

    name = "a PostGIS table"

    def __init__(self, folder, algorithm):
        self.final = f"release_{algorithm}"
        users_postgis_table()
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS public.{self.final}")
            cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND "
                           "tablename LIKE '\\_sp\\_partial\\_%'")
            for (name,) in cursor.fetchall():
                cursor.execute(f'DROP TABLE public."{name}"')
        self.destination = postgis_destination(self.final)

    def tables(self):
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("SELECT relname FROM pg_class c JOIN pg_namespace n ON n.oid = "
                           "c.relnamespace WHERE nspname = 'public' AND relkind IN ('r', 'i', "
                           "'S')")
            return sorted(row[0] for row in cursor.fetchall())

    def state(self):
        return self.tables(), pg_rows(USERS_TABLE)

    def layer(self):
        uri = QgsDataSourceUri(self.destination[len("postgres://"):])
        return QgsVectorLayer(uri.uri(False), self.final, "postgres")

    def mark(self):
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute("SELECT obj_description(%s::regclass, 'pg_class')",
                           (f"public.{self.final}",))
            return cursor.fetchone()[0]

    def leave_hidden_table(self, pid, host):

        from spatial_privacy.processing_provider.output_marks import MARK
        name = f"{HIDDEN}abcdef_{pid}_{host}_{self.final}"
        with connect() as connection, connection.cursor() as cursor:
            cursor.execute(f'CREATE TABLE public."{name}" AS SELECT * FROM public.{USERS_TABLE}')
            cursor.execute(f'COMMENT ON TABLE public."{name}" IS %s', (MARK,))
        return name


KINDS = [GeoPackageLayer, GeoPackageLayerByPath, PostgisTable]
CASES = [pytest.param(kind, algorithm, id=f"{kind.name} [{algorithm}]")
         for kind in KINDS for algorithm in (GEOMASK, GRID)]


def after_the_write(monkeypatch, algorithm, then):
    """The algorithm's ``process`` followed by ``then(parameters, feedback)``: what happens once
    its output is written (a later output failing, a cancel pressed)."""
    cls = type(QgsApplication.processingRegistry().algorithmById(f"spatialprivacy:{algorithm}"))
    written = cls.process

    def process(self, parameters, context, feedback):
        results = written(self, parameters, context, feedback)
        then(parameters, feedback)
        return results
    monkeypatch.setattr(cls, "process", process)


@pytest.mark.parametrize("kind, algorithm", CASES)
def test_a_run_that_fails_after_writing_leaves_the_tables_as_they_were(
        run, tmp_path, feedback, monkeypatch, kind, algorithm):
    target = kind(tmp_path, algorithm)
    before = target.state()

    def second_output_fails(parameters, feedback):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "second.gpkg"))
    after_the_write(monkeypatch, algorithm, second_output_fails)
    with pytest.raises(QgsProcessingException) as caught:
        run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=target.destination),
            feedback)
    message = str(caught.value)
    assert "the disk is full" in message and "second.gpkg" in message, message
    assert target.state() == before


@pytest.mark.parametrize("kind, algorithm", CASES)
def test_a_cancelled_run_leaves_nothing(run, tmp_path, feedback, monkeypatch, kind, algorithm):
    target = kind(tmp_path, algorithm)
    before = target.state()
    after_the_write(monkeypatch, algorithm, lambda parameters, feedback: feedback.cancel())
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=target.destination),
            feedback)
    assert target.state() == before


@pytest.mark.parametrize("kind, algorithm", CASES)
def test_a_run_gives_its_layer_under_its_name_and_a_rerun_replaces_it(
        run, tmp_path, feedback, monkeypatch, kind, algorithm):
    from spatial_privacy.processing_provider.output_marks import MARK
    target = kind(tmp_path, algorithm)
    before = target.tables()
    seen = []  # the tables once the output is written: its name not yet among them
    after_the_write(monkeypatch, algorithm, lambda parameters, feedback: seen.append(
        target.final in target.tables()))
    for resolution in (100, 200):  # the second run replaces the first's layer
        parameters = dict(COMMON[algorithm], INPUT=people(), OUTPUT=target.destination)
        if algorithm == GRID:
            parameters["RESOLUTION"] = resolution
        result = run(algorithm, parameters, feedback)
    assert seen == [False, True]  # the first run's layer is replaced only when complete
    tables = target.tables()
    assert not [name for name in tables if HIDDEN in name], tables
    assert set(before) < set(tables) and target.final in tables
    assert HIDDEN not in str(result["OUTPUT"]) and target.final in str(result["OUTPUT"])
    assert not any(HIDDEN in str(line) for line in feedback.messages), feedback.messages
    assert target.mark() == MARK
    layer = target.layer()
    assert layer.isValid()
    count = 2 if algorithm == GRID else 24  # the second run's 200 m cells
    assert layer.featureCount() == count and len(list(layer.getFeatures())) == count
    # Through the spatial index: the features in a box.
    inside = QgsFeatureRequest().setFilterRect(QgsRectangle(0, 0, 1000, 1000))
    assert len(list(layer.getFeatures(inside))) == count
    assert not list(layer.getFeatures(QgsFeatureRequest().setFilterRect(
        QgsRectangle(5000, 5000, 6000, 6000))))
    if isinstance(target, GeoPackageLayer):
        assert sorted(path.name for path in tmp_path.iterdir()) == ["data.gpkg"]
        if algorithm == GRID:  # its style, once, with the layer it styles, loaded with it
            assert target.styles() == ["release"] and layer.renderer().type() == "RuleRenderer"


def dead_process_id():
    finished = subprocess.Popen(["true"])
    finished.wait()
    return finished.pid


@pytest.mark.parametrize("kind, algorithm", CASES)
def test_hidden_tables_of_a_killed_run_are_removed_by_the_next(run, tmp_path, feedback, kind,
                                                               algorithm):
    target = kind(tmp_path, algorithm)
    stale = target.leave_hidden_table(dead_process_id(), HOST)
    running = target.leave_hidden_table(os.getppid(), HOST)  # a run still going: kept
    other_host = target.leave_hidden_table(dead_process_id(), "0000" if HOST != "0000" else "1111")
    run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=target.destination), feedback)
    tables = target.tables()
    assert stale not in tables and running in tables and other_host in tables
    assert any("Removed 1 hidden partial table(s)" in str(line) and stale in str(line)
               for line in feedback.messages), feedback.messages


def test_a_postgis_table_whose_name_fills_the_hidden_one_is_written_under_its_own(run, feedback):
    # PostgreSQL cuts names at 63 bytes: the hidden name is cut, the table's own is not.
    target = PostgisTable(None, "g" * 20 + "é" * 15)  # its name 58 bytes of 63
    run(GRID, dict(COMMON[GRID], INPUT=people(), OUTPUT=target.destination), feedback)
    tables = target.tables()
    assert target.final in tables and not [name for name in tables if HIDDEN in name], tables
    assert target.layer().featureCount() == 6
