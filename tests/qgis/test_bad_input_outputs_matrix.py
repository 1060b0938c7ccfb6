"""Outputs that would destroy a user's data, and what a run leaves beside its outputs
(issues 42 and 44).

Each refusal is a row: how to set up the run in an empty folder, the algorithms
it applies to, the fragment the message must contain. A refused run leaves every
file of the folder as it was, byte for byte, and nothing new beside them (and a
PostGIS table as it was). The rows of the second table are runs that succeed
but must leave their files, or the log, as the row says.
"""

import sqlite3

import pytest
from matrix_layers import file_contents, people, polygons, saved
from pg_server import conninfo, connect
from qgis.core import QgsDataSourceUri, QgsProcessingException, QgsVectorLayer
from test_installed_plugin import plugin_zip, qgis_process_env  # noqa: F401 (fixtures)

GEOMASK, GRID, SWAP = "geomask", "suppressedgrid", "recordswap"
COMMON = {GEOMASK: {"MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0},
          GRID: {"PERSON_FIELD": "person_id", "RHO": 0.25, "RESOLUTION": 100},
          SWAP: {"HOUSEHOLD_FIELD": "household_id", "PERSON_FIELD": "person_id",
                 "RISK_FIELDS": ["sex"], "HIERARCHY": "200,100"}}
USERS_TABLE = "users_zones"  # a PostGIS table of the user's, not written by the plugin


def trips_csv(folder):
    """The people of ``people()`` in a CSV, loaded as desktop users load one (delimited text)."""
    path = folder / "trips.csv"
    lines = ["x,y,person_id"] + [f"{feature.geometry().asPoint().x()},"
                                 f"{feature.geometry().asPoint().y()},{feature['person_id']}"
                                 for feature in people().getFeatures()]
    path.write_text("\n".join(lines) + "\n")
    layer = QgsVectorLayer(f"{path.as_uri()}?type=csv&xField=x&yField=y&crs=EPSG:3035",
                           "trips", "delimitedtext")
    assert layer.isValid() and layer.featureCount() == 24
    return layer, path


def users_zones_file(folder):
    """A GeoPackage of the user's whose only layer has the file's name (not written by us)."""
    path = folder / "zones.gpkg"
    saved(polygons(["POLYGON((0 0,300 0,300 200,0 200,0 0))"]), path, "zones")
    return path


def postgis_destination(table):
    from psycopg2.extensions import parse_dsn

    parts = parse_dsn(conninfo())
    uri = QgsDataSourceUri()
    uri.setConnection(parts["host"], parts["port"], parts["dbname"], parts["user"],
                      parts["password"])
    uri.setDataSource("public", table, "geom")
    return "postgres://" + uri.uri(False)


def pg_rows(table):
    """The rows of a PostGIS table, or None when it does not exist."""

    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s)", (f"public.{table}",))
        if cursor.fetchone()[0] is None:
            return None
        cursor.execute(f'SELECT * FROM public."{table}" ORDER BY 1')  # nosec: a test's own name
        return cursor.fetchall()


def users_postgis_table():

    with connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS public.{USERS_TABLE}")
        cursor.execute(f"CREATE TABLE public.{USERS_TABLE} (id serial PRIMARY KEY, zone text, "
                       "geom geometry(Polygon, 3035))")
        cursor.execute(f"INSERT INTO public.{USERS_TABLE} (zone, geom) SELECT 'z' || i, "
                       "ST_MakeEnvelope(i * 100, 0, i * 100 + 100, 100, 3035) FROM "
                       "generate_series(1, 25) AS i")
    return postgis_destination(USERS_TABLE)


def into_users_geopackage_layer(folder):
    return {"INPUT": people(), "OUTPUT": f"ogr:dbname='{users_zones_file(folder)}' "
                                         f"table=\"zones\" (geom)"}


def csv_onto_itself(folder):
    layer, path = trips_csv(folder)
    return {"INPUT": layer, "OUTPUT": str(path)}


def into_users_postgis_table(folder):
    return {"INPUT": people(), "OUTPUT": users_postgis_table()}


def into_users_geopackage(folder):
    return {"INPUT": people(), "OUTPUT": str(users_zones_file(folder))}


# setup(folder) -> parameters, algorithms, message fragment
REFUSALS = [
    ("item 1: a delimited-text CSV input written over by its output", csv_onto_itself,
     (GEOMASK, GRID), "would overwrite the input '"),
    ("item 2: a PostGIS table the plugin did not write", into_users_postgis_table,
     (GEOMASK, GRID), f"would replace the existing PostGIS table public.{USERS_TABLE}, which "
                      "this plugin did not write"),
    ("item 3: a GeoPackage whose only layer has the file's name", into_users_geopackage,
     (GEOMASK, GRID), "the layers it holds (zones), which this plugin did not write"),
    ("item 3: a layer of a GeoPackage the plugin did not write", into_users_geopackage_layer,
     (GEOMASK, GRID), "would replace the layer zones of "),
]
REFUSAL_CASES = [pytest.param(setup, algorithm, fragment, id=f"{name} [{algorithm}]")
                 for name, setup, algorithms, fragment in REFUSALS for algorithm in algorithms]


@pytest.mark.parametrize("setup, algorithm, fragment", REFUSAL_CASES)
def test_an_output_that_would_destroy_data_is_refused_and_writes_nothing(
        run, tmp_path, feedback, setup, algorithm, fragment):
    parameters = dict(COMMON[algorithm], **setup(tmp_path))
    before = file_contents(tmp_path)
    table_before = pg_rows(USERS_TABLE) if setup is into_users_postgis_table else None
    with pytest.raises(QgsProcessingException) as caught:
        run(algorithm, parameters, feedback)
    assert fragment in str(caught.value), str(caught.value)
    assert file_contents(tmp_path) == before  # every file as it was, nothing new beside them
    if setup is into_users_postgis_table:
        assert pg_rows(USERS_TABLE) == table_before


@pytest.mark.parametrize("algorithm", [GEOMASK, GRID])
def test_a_rerun_replaces_its_own_postgis_table(run, algorithm):
    # The sink (geomask) and COPY (the grid) both mark the table they write.
    destination = postgis_destination(f"own_{algorithm}")
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS public.own_{algorithm}")
    for _ in range(2):
        run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=destination))
    assert pg_rows(f"own_{algorithm}")


@pytest.mark.parametrize("name", ["release.gpkg", "release"])  # QGIS adds .gpkg to the second
@pytest.mark.parametrize("algorithm", [GEOMASK, GRID])
def test_a_geopackage_output_carries_the_mark_a_rerun_recognises(run, tmp_path, algorithm, name):
    from spatial_privacy.processing_provider.output_marks import MARK
    output = tmp_path / "release.gpkg"
    run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=str(tmp_path / name)))
    with sqlite3.connect(output) as connection:
        assert connection.execute("SELECT description FROM gpkg_contents WHERE table_name = "
                                  "'release'").fetchone() == (MARK,)
    connection.close()
    run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=str(tmp_path / name)))


# Runs that succeed, each leaving its folder and log as the row's check says.

def people_file_by_gdal(folder):
    """The people in a GeoPackage written by GDAL, as a plain path (no layer name)."""
    from osgeo import ogr, osr
    path = folder / "people.gpkg"
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    reference = osr.SpatialReference()
    reference.ImportFromEPSG(3035)
    layer = dataset.CreateLayer("people", reference, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("person_id", ogr.OFTString))
    for feature in people().getFeatures():
        out = ogr.Feature(layer.GetLayerDefn())
        out.SetField("person_id", feature["person_id"])
        out.SetGeometry(ogr.CreateGeometryFromWkt(feature.geometry().asWkt()))
        layer.CreateFeature(out)
    dataset = None
    return str(path)


def layer_names(path):
    from osgeo import ogr
    dataset = ogr.Open(str(path))
    return sorted(dataset.GetLayer(number).GetName() for number in range(dataset.GetLayerCount()))


def features(path, layer):
    """The rows of a layer read by GDAL (QGIS's own connection to the file, which a read
    through QGIS before the run would open, hid the failure)."""
    from osgeo import ogr
    dataset = ogr.Open(str(path))
    return sorted((feature.GetFID(), feature.GetField("person_id"),
                   feature.GetGeometryRef().ExportToWkt())
                  for feature in dataset.GetLayerByName(layer))


def layer_added_to_the_inputs_file(folder, algorithm, run, feedback):
    # The refusal's way out (another layer of the input's GeoPackage) with the input given by
    # its file name alone: QGIS 3.22 failed to load the new layer, leaving it empty.
    path = people_file_by_gdal(folder)
    before = features(path, "people")
    run(algorithm, dict(COMMON[algorithm], INPUT=path,
                        OUTPUT=f"ogr:dbname='{path}' table=\"release\""), feedback)
    # (a styled output keeps its style in the file's table of styles)
    assert set(layer_names(path)) - {"layer_styles"} == {"people", "release"}
    assert features(path, "people") == before
    assert QgsVectorLayer(f"{path}|layername=release", "release", "ogr").featureCount() > 0


def hidden_files(folder):
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


def output_name_of_240_characters(folder, algorithm, run, feedback):
    output = folder / ("g" * 235 + ".gpkg")
    run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=str(output)), feedback)
    assert QgsVectorLayer(str(output), "grid", "ogr").featureCount() > 0
    assert hidden_files(folder) == []


def dead_process_id():
    import subprocess
    finished = subprocess.Popen(["true"])
    finished.wait()
    return finished.pid


def stale_partials_of_a_dead_run(folder, algorithm, run, feedback):
    import os
    dead = dead_process_id()
    stale = [f".{'a' * 16}.{dead}.partial.gpkg", f".{'a' * 16}.{dead}.partial.gpkg-journal",
             f".grid.{dead}.partial.gpkg"]  # the last as earlier versions named it
    running = f".{'b' * 16}.{os.getppid()}.partial.gpkg"  # a run still going: kept
    for name in stale + [running]:
        (folder / name).write_bytes(b"partial")
    run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=str(folder / "grid.gpkg")),
        feedback)
    assert hidden_files(folder) == [running]
    assert any("Removed 3 hidden partial file(s)" in str(message) and stale[0] in str(message)
               for message in feedback.messages), feedback.messages


def left_in_rollback_journal_mode(folder, algorithm, run, feedback):
    output = folder / "release.gpkg"
    run(algorithm, dict(COMMON[algorithm], INPUT=people(), OUTPUT=str(output)), feedback)
    import gc
    gc.collect()
    assert output.read_bytes()[18:20] == b"\x01\x01"  # SQLite's header: not WAL (2, 2)
    assert [path.name for path in folder.iterdir()
            if path.name.startswith("release.gpkg-")] == []


def with_households(layer):
    """The layer's people each a household of their own, half of them F, half M."""
    from layers import point_layer
    return point_layer([(feature.geometry().asWkt(), [feature["person_id"], ["F", "M"][number % 2],
                                                      f"h{number}"])
                        for number, feature in enumerate(layer.getFeatures())],
                       "person_id:string,sex:string,household_id:string")


def ids_differing_by_zeros_and_spaces(folder, algorithm, run, feedback):
    from layers import point_layer
    ids = ["00012", "12", " 12", "7", "007"] + [f"p{number}" for number in range(20)]
    layer = point_layer([((50 + 100 * (number % 3), 50), [person])
                         for number, person in enumerate(ids)])
    if algorithm == SWAP:
        layer = with_households(layer)
    run(algorithm, dict(COMMON[algorithm], INPUT=layer, OUTPUT="TEMPORARY_OUTPUT"), feedback)
    warned = [str(message) for message in feedback.messages if "leading zeros" in str(message)]
    assert len(warned) == 1 and "2 id(s) of the person id field 'person_id'" in warned[0] and \
        "' 12', '00012', '12'" in warned[0], feedback.messages


OUTCOMES = [
    ("item 4: the refusal's way out, a layer added to the input's GeoPackage read by file "
     "name", layer_added_to_the_inputs_file, (GEOMASK, GRID)),
    ("item 5: an output name of 240 characters", output_name_of_240_characters, (GRID,)),
    ("item 5: stale partial files of killed runs beside the output",
     stale_partials_of_a_dead_run, (GRID, GEOMASK)),
    ("item 6: a GeoPackage output left in rollback-journal mode", left_in_rollback_journal_mode,
     (GRID, GEOMASK)),
    ("item 7: text ids differing by leading zeros or spaces", ids_differing_by_zeros_and_spaces,
     (GRID, SWAP)),
]
OUTCOME_CASES = [pytest.param(check, algorithm, id=f"{name} [{algorithm}]")
                 for name, check, algorithms in OUTCOMES for algorithm in algorithms]


@pytest.mark.parametrize("check, algorithm", OUTCOME_CASES)
def test_a_run_leaves_its_files_and_log_as_they_should_be(run, tmp_path, feedback, check,
                                                          algorithm):
    check(tmp_path, algorithm, run, feedback)


@pytest.mark.slow
def test_qgis_process_adds_a_layer_to_the_geopackage_its_input_reads_by_file_name(
        qgis_process_env, tmp_path):
    # Where the issue saw "Loading of layer failed" and an empty table left in the file.
    from test_cell_key_cli import qgis_process
    path = people_file_by_gdal(tmp_path)
    before = features(path, "people")
    completed, _ = qgis_process(qgis_process_env, GEOMASK, INPUT=path, MIN_RADIUS=10,
                                MAX_RADIUS=50, OUTPUT=f"ogr:dbname='{path}' table=\"release\"")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert layer_names(path) == ["people", "release"] and features(path, "people") == before
    from osgeo import ogr
    assert ogr.Open(str(path)).GetLayerByName("release").GetFeatureCount() == 24
