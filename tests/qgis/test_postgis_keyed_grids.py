"""The cell key grid and the DP grid counted in PostGIS: the GeoPackage path's output, cell for cell."""

import numpy as np
import pytest
from osgeo import gdal
from qgis.core import QgsFeature, QgsGeometry, QgsProcessingException, \
    QgsProcessingFeatureSourceDefinition, QgsProject, QgsRectangle, QgsVectorLayer

from pg_server import QUOTED_FIELD, conninfo, connect, postgis_layer
from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

# A record key per person with all 53 bits in use (the golden ratio's fractional multiples):
# a float sum in another order would differ in the last bits and pick other noise.
RECORD_KEY = "(person_id * 0.6180339887498949 - floor(person_id * 0.6180339887498949))::float8"
KEYED = "trips_keyed"
ONE = "trips_keyed_one"


def counted_in_postgis(feedback):
    return [message for message in feedback.messages if "counted in PostGIS" in message]


def execute(*statements):
    with connect() as connection, connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def geopackage(table, folder):
    """The PostGIS table copied into a GeoPackage in its key order (the same rows, read by
    the engine from the file)."""
    gdal.UseExceptions()
    path = folder / f"{table}.gpkg"
    gdal.VectorTranslate(str(path), f"PG:{conninfo()}", format="GPKG", layerName=table,
                         options=["-sql", f"SELECT * FROM {table} ORDER BY fid"])
    layer = QgsVectorLayer(f"{path}|layername={table}", table, "ogr")
    assert layer.isValid() and layer.featureCount() > 0
    return layer


@pytest.fixture(scope="module")
def keyed(tmp_path_factory):
    """The sample city with a record key per person (several trips each), one trip per person,
    and both as GeoPackages."""
    folder = tmp_path_factory.mktemp("keyed")
    execute(f"DROP TABLE IF EXISTS {KEYED}, {ONE}",
            f"CREATE TABLE {KEYED} AS SELECT fid, person_id, age_band, sex, {RECORD_KEY} AS "
            f"record_key, {RECORD_KEY}::numeric(40, 30) AS record_numeric, person_id::text AS "
            "person_text, geom FROM trips",
            f"ALTER TABLE {KEYED} ADD PRIMARY KEY (fid)",
            f"CREATE TABLE {ONE} AS SELECT DISTINCT ON (person_id) * FROM {KEYED} ORDER BY "
            "person_id, fid",
            f"ALTER TABLE {ONE} ADD PRIMARY KEY (fid)")
    yield {KEYED: geopackage(KEYED, folder), ONE: geopackage(ONE, folder), "folder": folder}
    execute(f"DROP TABLE {KEYED}, {ONE}")


@pytest.fixture
def ckm(tmp_path):
    write_ptable_csv(create_ptable(4, 2.0, 2), tmp_path / "ptable.csv")
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nmethod = "cell key"\n'
                      'ckm_min_d = 3\nckm_min_v = 2\nckm_min_js = 2\nptable = "ptable.csv"\n')
    return {"PTABLE": str(tmp_path / "ptable.csv"), "POLICY": str(policy),
            "KEY_FILE": str(tmp_path / "programme.key")}


def cell_key_grid(run, layer, ckm, feedback=None, **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "RESOLUTION": 250,
                  "OUTPUT": "TEMPORARY_OUTPUT", "UTILITY": "TEMPORARY_OUTPUT",
                  "AUDIT": "TEMPORARY_OUTPUT", **ckm}
    parameters.update(extra)
    return run("cellkeygrid", parameters, feedback)


def rows(layer):
    return [tuple(feature.attributes()) + (feature.geometry().asWkt(),)
            for feature in layer.getFeatures()]


def assert_same_release(in_postgis, from_file):
    for output in ("OUTPUT", "UTILITY", "AUDIT"):
        assert rows(in_postgis[output]) == rows(from_file[output]), output
    for name in ("CELLS", "CELLS_BELOW_P", "KEY_FINGERPRINT", "PTABLE_HASH"):
        assert in_postgis[name] == from_file[name], name


@pytest.mark.parametrize("table", [KEYED, ONE], ids=["several points", "one point"])
@pytest.mark.parametrize("keys", [{"RECORD_KEY_FIELD": "record_key"}, {}],
                         ids=["record key field", "key file"])
def test_the_cell_key_grid_counted_in_postgis_equals_the_geopackage_grid(run, keyed, ckm,
                                                                         feedback, table, keys):
    extra = dict(keys, KEY_FIELDS=["sex"], AUDIT_PARENT_FACTOR=4)
    in_postgis = cell_key_grid(run, postgis_layer(table), ckm, feedback, **extra)
    assert len(counted_in_postgis(feedback)) == 2  # the grid and its parents, as the log says
    assert not any("Reading" in message and "feature" in message for message in feedback.messages)
    from_file = cell_key_grid(run, keyed[table], ckm, **extra)
    assert_same_release(in_postgis, from_file)
    published = [feature["n_persons"] for feature in in_postgis["OUTPUT"].getFeatures()]
    assert len(published) > 100 and in_postgis["CELLS"] == len(published)


@pytest.mark.parametrize("table", [KEYED, ONE], ids=["several points", "one point"])
@pytest.mark.parametrize("record_field", ["record_key", None], ids=["record key field", "key file"])
def test_the_database_s_cell_keys_are_the_engine_s_to_the_bit(provider, keyed, table,
                                                              record_field, tmp_path):
    """Every group's count and cell key from the database against the engine's on the
    GeoPackage's arrays (a negative control: another origin gives other keys)."""
    from spatial_privacy.processing_provider.io.postgis import CountedInput, PostgisCounter
    from spatial_privacy.processing_provider.io.postgis_keyed import CellKeyCounts
    from spatial_privacy.spatial_privacy_plugin.noise import cellkey
    from spatial_privacy.spatial_privacy_plugin.release import grid

    from conftest import RecordingFeedback

    table_rows = [(f["person_id"], f.geometry().asPoint(), f["record_key"])
                  for f in keyed[table].getFeatures()]
    ids = np.array([row[0] for row in table_rows])
    x = np.array([row[1].x() for row in table_rows])
    y = np.array([row[1].y() for row in table_rows])
    codes = grid.encode_person_ids(ids, "person_id")
    secret = bytes(range(32))
    if record_field:
        person_keys = cellkey.field_record_keys([row[2] for row in table_rows], codes, "record_key")
    else:
        person_keys = cellkey.hmac_record_keys(secret, cellkey.person_ids_by_code(codes, ids))
    table_ckm = create_ptable(4, 2.0, 2)
    origin = (4_300_000.0, 3_190_000.0)
    counter = PostgisCounter(postgis_layer(table), "person_id", [], RecordingFeedback())
    try:
        rows_, people, _, _, _ = counter.summary()
        counted = CountedInput(counter, {}, origin, rows_, rows_, None, None,
                               grid.PeopleTotal(people, people == rows_))
        keyed_counts = CellKeyCounts(counted, table_ckm, record_field=record_field,
                                     secret=None if record_field else secret)
        if record_field:
            keyed_counts.check_record_keys()
        for size in (100.0, 250.0, 1000.0 / 3.0):
            expected = cellkey.perturbed_cells(x, y, codes, np.zeros(len(x), dtype=np.int64),
                                               origin, size, person_keys, table_ckm)
            got = keyed_counts.perturbed(size)
            for name in ("col", "row", "n_persons", "cell_key", "published"):
                assert np.array_equal(getattr(got, name), getattr(expected, name)), (size, name)
        other = cellkey.perturbed_cells(x, y, codes, np.zeros(len(x), dtype=np.int64),
                                        (origin[0] + 50.0, origin[1]), 250.0, person_keys,
                                        table_ckm)
        assert not np.array_equal(other.cell_key[:50], keyed_counts.perturbed(250.0).cell_key[:50])
        everyone = cellkey.key_of_sum(int(person_keys.astype(object).sum()))
        assert keyed_counts.everyone() == everyone
    finally:
        counter.close()


def test_numeric_record_keys_and_a_study_area(run, keyed, ckm, feedback):
    """Keys in a numeric column (QGIS and the database both round its text to a double), and
    the empty cells of a study area published as 0."""
    area = QgsVectorLayer("Polygon?crs=EPSG:3035", "area", "memory")
    feature = QgsFeature()
    feature.setGeometry(QgsGeometry.fromRect(QgsRectangle(4_310_000, 3_200_000, 4_330_000,
                                                          3_220_000)))
    area.dataProvider().addFeatures([feature])
    extra = {"RECORD_KEY_FIELD": "record_numeric", "STUDY_AREA": area}
    in_postgis = cell_key_grid(run, postgis_layer(KEYED), ckm, feedback, **extra)
    assert counted_in_postgis(feedback)
    assert any("empty cells inside the study area" in message for message in feedback.messages)
    assert_same_release(in_postgis, cell_key_grid(run, keyed[KEYED], ckm, **extra))


def test_the_secret_never_reaches_the_server(run, keyed, ckm, feedback):
    """The statements the server ran hold no byte of the key file's secret."""
    cell_key_grid(run, postgis_layer(KEYED), ckm, feedback)
    assert counted_in_postgis(feedback)
    secret = open(ckm["KEY_FILE"]).read().strip()
    with connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT query FROM pg_stat_activity")
        statements = [row[0] or "" for row in cursor.fetchall()]
    assert not any(secret in statement or secret[:16] in statement for statement in statements)
    assert all(secret not in message for message in feedback.messages)


def test_a_subset_string_and_a_quoted_person_field(run, keyed, ckm, feedback):
    subset = "\"person_id\" <= 6000 AND \"sex\" LIKE '%'"
    in_postgis = cell_key_grid(run, postgis_layer(KEYED, sql=subset), ckm, feedback,
                               RECORD_KEY_FIELD="record_key")
    assert counted_in_postgis(feedback)
    filtered = keyed[KEYED].clone()
    filtered.setSubsetString("\"person_id\" <= 6000")
    assert_same_release(in_postgis, cell_key_grid(run, filtered, ckm,
                                                  RECORD_KEY_FIELD="record_key"))
    feedback.messages.clear()
    quoted = cell_key_grid(run, postgis_layer("trips_quoted"), ckm, feedback,
                           PERSON_FIELD=QUOTED_FIELD)
    assert counted_in_postgis(feedback)
    plain = cell_key_grid(run, keyed[KEYED], ckm)
    assert rows(quoted["OUTPUT"]) == rows(plain["OUTPUT"])


def test_text_ids_are_hashed_as_the_engine_hashes_them(run, keyed, ckm, feedback):
    in_postgis = cell_key_grid(run, postgis_layer(KEYED), ckm, feedback,
                               PERSON_FIELD="person_text")
    assert counted_in_postgis(feedback)
    assert_same_release(in_postgis, cell_key_grid(run, keyed[KEYED], ckm,
                                                  PERSON_FIELD="person_text"))


@pytest.mark.parametrize("change, message", [
    ("UPDATE {t} SET record_key = NULL WHERE fid <= 3", "3 record"),
    ("UPDATE {t} SET record_key = 1.5 WHERE fid = 7", "1 record"),
    ("UPDATE {t} SET record_key = 'NaN' WHERE fid = 7", "1 record"),
    ("UPDATE {t} SET record_key = record_key / 2 WHERE fid = (SELECT max(fid) FROM {t} WHERE "
     "person_id = 5)", "different record keys")],
    ids=["null", "above one", "nan", "two keys of one person"])
def test_bad_record_keys_are_refused_as_the_geopackage_path_refuses_them(run, ckm, change, message,
                                                                         tmp_path, feedback):
    execute("DROP TABLE IF EXISTS trips_bad_keys",
            f"CREATE TABLE trips_bad_keys AS SELECT * FROM {KEYED}",
            "ALTER TABLE trips_bad_keys ADD PRIMARY KEY (fid)",
            change.format(t="trips_bad_keys"))
    try:
        errors = []
        for layer in (postgis_layer("trips_bad_keys"), geopackage("trips_bad_keys", tmp_path)):
            with pytest.raises(QgsProcessingException, match=message) as raised:
                cell_key_grid(run, layer, ckm, feedback, RECORD_KEY_FIELD="record_key",
                              OUTPUT=str(tmp_path / "never.gpkg"))
            errors.append(str(raised.value))
        assert errors[0] == errors[1]
        assert counted_in_postgis(feedback) == [] and not (tmp_path / "never.gpkg").exists()
    finally:
        execute("DROP TABLE trips_bad_keys")


def test_keys_of_a_type_read_otherwise_and_a_selection_read_the_points(run, keyed, ckm, feedback):
    execute("DROP TABLE IF EXISTS trips_real_keys",
            f"CREATE TABLE trips_real_keys AS SELECT fid, person_id, record_key::real AS "
            f"record_key, geom FROM {KEYED}", "ALTER TABLE trips_real_keys ADD PRIMARY KEY (fid)")
    try:
        cell_key_grid(run, postgis_layer("trips_real_keys"), ckm, feedback,
                      RECORD_KEY_FIELD="record_key")
        assert not counted_in_postgis(feedback)
        assert any("of type float4" in message for message in feedback.messages)
    finally:
        execute("DROP TABLE trips_real_keys")
    feedback.messages.clear()
    layer = postgis_layer(KEYED)
    QgsProject.instance().addMapLayer(layer)
    try:
        layer.selectByExpression('"person_id" <= 100')
        result = cell_key_grid(run, QgsProcessingFeatureSourceDefinition(layer.id(), True), ckm,
                               feedback)
        limited = cell_key_grid(run, QgsProcessingFeatureSourceDefinition(layer.id(), False,
                                                                          10 ** 9), ckm, feedback)
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    assert not counted_in_postgis(feedback)
    assert 0 < result["CELLS"] < limited["CELLS"]
    assert rows(limited["OUTPUT"]) == rows(cell_key_grid(run, keyed[KEYED], ckm)["OUTPUT"])


def dp_policy(folder):
    path = folder / "dp.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nepsilon_budget = 100\n')
    return str(path)


def released(result):
    """The DP grid's cells without the head of the ledger each run charged (its own)."""
    layer = result["OUTPUT"]
    head = layer.fields().indexOf("ledger_head")
    return [row[:head] + row[head + 1:] for row in rows(layer)]


def dpgrid(run, layer, folder, name, feedback=None, **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "EPSILON": 1.0,
                  "MAX_CELLS_PER_PERSON": 2, "RESOLUTIONS": "500,1000,2000",
                  "EXTENT": "4310000,4330000,3200000,3220000 [EPSG:3035]",
                  "POLICY": dp_policy(folder), "LEDGER": str(folder / f"{name}.sqlite"),
                  "DATASET": "trips", "RELEASE_ID": name, "SEED": "test only",
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("dpgrid", parameters, feedback)


@pytest.mark.parametrize("table", [KEYED, ONE], ids=["several points", "one point"])
def test_the_dp_grid_counted_in_postgis_draws_from_the_same_true_counts(run, keyed, tmp_path,
                                                                       feedback, table):
    """Seeded on purpose (in the test only): the same true counts and the same choice of each
    person's cells give the same release; the log says where the counting ran."""
    in_postgis = dpgrid(run, postgis_layer(table), tmp_path, "postgis", feedback)
    assert len(counted_in_postgis(feedback)) == 1
    assert any("outside the extent" in message for message in feedback.messages)
    from_file = dpgrid(run, keyed[table], tmp_path, "file")
    assert released(in_postgis) == released(from_file)
    other_seed = dpgrid(run, keyed[table], tmp_path, "other", SEED="another")
    assert released(other_seed) != released(from_file)  # the seed is what matters
    layer = postgis_layer(table)
    QgsProject.instance().addMapLayer(layer)
    feedback.messages.clear()
    try:  # a feature limit: the rows are read, and the release is the same
        limited = dpgrid(run, QgsProcessingFeatureSourceDefinition(layer.id(), False, 10 ** 9),
                         tmp_path, "limited", feedback)
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    assert not counted_in_postgis(feedback)
    assert released(limited) == released(from_file)


@pytest.mark.parametrize("table", [KEYED, ONE], ids=["several points", "one point"])
def test_the_dp_pairs_of_the_database_are_the_engine_s(provider, keyed, table):
    """The engine's input itself: each person's distinct finest cells, people numbered alike,
    and the bounded true counts of every level (m = 1: a choice among several cells)."""
    from spatial_privacy.processing_provider.io.postgis import CountedInput, PostgisCounter
    from spatial_privacy.processing_provider.io.postgis_keyed import dp_pairs
    from spatial_privacy.spatial_privacy_plugin.noise import dp_release
    from spatial_privacy.spatial_privacy_plugin.release import grid
    from spatial_privacy.spatial_privacy_plugin.risk.masking import mask_generator

    from conftest import RecordingFeedback

    features = list(keyed[table].getFeatures())
    x = np.array([f.geometry().asPoint().x() for f in features])
    y = np.array([f.geometry().asPoint().y() for f in features])
    codes = grid.encode_person_ids(np.array([f["person_id"] for f in features]), "person_id")
    plan = dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.0, (250.0, 1000.0), 1)
    domain = dp_release.extent_domain((4_300_000.0, 3_190_000.0), 1000.0,
                                      (4_312_000.0, 3_205_000.0, 4_325_000.0, 3_222_000.0))
    expected = dp_release.point_pairs(x, y, codes, domain, plan)
    counter = PostgisCounter(postgis_layer(table), "person_id", [], RecordingFeedback())
    try:
        rows_, people, _, _, _ = counter.summary()
        counted = CountedInput(counter, {}, domain.origin, rows_, rows_, None, None,
                               grid.PeopleTotal(people, people == rows_))
        got = dp_pairs(counted, domain, 250.0, dp_release.check_domain(domain, plan))
    finally:
        counter.close()
    assert expected.outside and got.outside
    if table == ONE:  # people are numbered apart from their cells; each has one
        assert np.array_equal(np.sort(got.cells), np.sort(expected.cells))
    else:
        assert np.array_equal(got.persons, expected.persons)
        assert np.array_equal(got.cells, expected.cells)
        assert len(np.unique(expected.persons)) < len(expected.persons)  # several cells each
    truths = [dp_release.bounded_level_counts(pairs, domain, (250.0, 1000.0), 1,
                                              mask_generator("test only"))
              for pairs in (got, expected)]
    for level_got, level_expected in zip(*truths):
        assert np.array_equal(level_got, level_expected)
