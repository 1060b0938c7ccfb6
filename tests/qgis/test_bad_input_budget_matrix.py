"""Issue 44's budget rows: bad input × algorithm, through Processing.

A budget that a parameter loosens, a destination that fails after the budget is
charged, zones without a CRS. Every refused row is checked as in the bad-input
matrix (``test_bad_input_matrix.py``): a QgsProcessingException naming the
problem, no traceback, nothing written beside the outputs and every input file
(ledgers included: nothing charged) unchanged, byte for byte.
"""

import sqlite3

import pytest
from pg_server import conninfo
from qgis.core import QgsDataSourceUri, QgsProcessingException
from test_bad_input_matrix import BUDGET, DPGRID, DROP, GRID, POLICY, SWAP, ZONE_RISK, \
    assert_refused, matrix_cases, parameters_for, policy_file, read_only_folder, read_only_path, \
    zone_table
from test_bad_input_matrix import writable_again  # noqa: F401 (autouse: read-only paths undone)

# The programme's policy: 5 % per release, 20 % over the programme, warn at half of it.
STRICT = POLICY + "per_release_ceiling = 0.05\ncumulative_ceiling = 0.2\nwarn_at = 0.5\n"
# The release: its worst zone at 7.9 %, over the policy's 5 %.
OVER = [["a", 0.01, 100, 0.005, "v1"], ["b", 0.079, 50, 0.06, "v1"]]
LOOSE = {"PER_RELEASE_CEILING": 1.0, "CUMULATIVE_CEILING": 1.0}


def strict_ledger(folder):
    """A ledger holding release r1 of 'mobility', gated under the policy file STRICT."""
    from spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, summarise_zones
    from spatial_privacy_plugin.ledger.store import Ledger
    from spatial_privacy_plugin.policy import load_policy
    path = folder / "strict.sqlite"
    policy = budget_policy(load_policy(policy_file(folder, STRICT, name="programme.toml")))
    decision, _ = gate_release(Ledger(path), "mobility", "r1",
                               summarise_zones(["a", "b"], [0.01, 0.02], [100, 50],
                                               zones_hash=["v1", "v1"]), policy)
    assert decision.passed
    return str(path)


def after_strict(**values):
    """Release r2 on the strict ledger, with ``values`` instead of the policy file."""
    return lambda i, o: dict({"LEDGER": strict_ledger(i), "RELEASE_ID": "r2",
                              "PER_RELEASE_CEILING": 0.05, "CUMULATIVE_CEILING": 0.2,
                              "WARN_AT": 0.5}, **values)


def policy_file_without(name, **values):
    """A new policy file (the strict one with ``name`` taken out) and loose ``values``: the
    file sets no looser ``name``, so the values may not loosen it."""
    def change(i, o):
        ledger = strict_ledger(i)
        text = "".join(line + "\n" for line in STRICT.splitlines() if not line.startswith(name))
        return dict({"LEDGER": ledger, "RELEASE_ID": "r2", "POLICY": policy_file(i, text),
                     "PER_RELEASE_CEILING": DROP, "CUMULATIVE_CEILING": DROP}, **values)
    return change


def read_only_geopackage(folder):
    """A GeoPackage holding another layer, unwritable (for root too: immutable)."""
    from osgeo import ogr
    path = folder / "shared.gpkg"
    source = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    source.CreateLayer("other", geom_type=ogr.wkbNone)
    source = None
    return read_only_path(path)


def into_geopackage(path, table="grid"):
    """An output added to a GeoPackage as one layer of it, as the dialog's Save to GeoPackage…
    writes it."""
    return f"ogr:dbname='{path}' table=\"{table}\" (geom)"


def destination(table, schema="public"):
    """A table of the PostGIS test server, as Processing's "Save to PostGIS table" gives it."""
    from psycopg2.extensions import parse_dsn
    parts = parse_dsn(conninfo())
    uri = QgsDataSourceUri()
    uri.setConnection(parts["host"], parts["port"], parts["dbname"], parts["user"],
                      parts["password"])
    uri.setDataSource(schema, table, "geom")
    return "postgis:" + uri.uri(False)


def zones_without_srs(folder, srs_id=0):
    """The matrix's two zones in a GeoPackage whose SRS is the specification's placeholder for
    none: srs_id 0 ("Undefined geographic SRS") or -1 ("Undefined Cartesian SRS"). GDAL reports
    a CRS for it, with no authority; QGIS takes it as valid."""
    import sqlite3 as database

    from osgeo import ogr
    path = folder / f"zones_srs{srs_id}.gpkg"
    source = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = source.CreateLayer("zones", geom_type=ogr.wkbPolygon)
    layer.CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    for zone, x in (("a", 0), ("b", 1000)):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature["zone_id"] = zone
        feature.SetGeometry(ogr.CreateGeometryFromWkt(
            f"POLYGON(({x} 0,{x + 1000} 0,{x + 1000} 1000,{x} 1000,{x} 0))"))
        layer.CreateFeature(feature)
    source = None
    with database.connect(path) as connection:
        for table in ("gpkg_geometry_columns", "gpkg_contents"):
            connection.execute(f"UPDATE {table} SET srs_id = ?", (srs_id,))  # nosec B608
    connection.close()
    return str(path)


PASSWORD = "never-in-a-message"
NO_SERVER = (f"postgis:dbname='nodb' host=127.0.0.1 port=1 user='someone' password='{PASSWORD}' "
             "table=\"public\".\"grid\" (geom)")
LOOSER = "is looser than"
REFUSED = [
    ("ceilings of 1 without a policy file, after a 5 % policy (the issue's run)", (BUDGET,),
     after_strict(ZONE_RISK=zone_table(OVER), **LOOSE),
     "per_release_ceiling = 1 is looser than 0.05"),
    ("a looser cumulative ceiling without a policy file", (BUDGET,),
     after_strict(CUMULATIVE_CEILING=0.5), "cumulative_ceiling = 0.5 is looser than 0.2"),
    ("a looser warn_at without a policy file", (BUDGET,), after_strict(WARN_AT=0.9),
     "warn_at = 0.9 is looser than 0.5"),
    ("the lower bound after the estimate, without a policy file", (BUDGET,),
     after_strict(GATE_ON=1), "gate_on = lower bound is looser than estimate"),
    ("looser ceilings with RECORD off", (BUDGET,), after_strict(RECORD=False, **LOOSE), LOOSER),
    ("a new policy file without per_release_ceiling, a looser one given", (BUDGET,),
     policy_file_without("per_release_ceiling", PER_RELEASE_CEILING=0.1),
     "per_release_ceiling = 0.1 is looser than 0.05"),
    # Every destination is checked before the budget is charged, not only a plain file path.
    ("ogr: destination in a read-only folder", (BUDGET, DPGRID), lambda i, o: {
        "OUTPUT": into_geopackage(read_only_folder(i) / "out.gpkg")},
     "cannot be written"),
    ("ogr: destination in a missing folder", (BUDGET, DPGRID), lambda i, o: {
        "OUTPUT": into_geopackage(o / "missing" / "out.gpkg")}, "cannot be written"),
    ("ogr: destination into a read-only GeoPackage", (BUDGET, DPGRID), lambda i, o: {
        "OUTPUT": into_geopackage(read_only_geopackage(i))},
     "shared.gpkg cannot be written"),
    ("PostGIS destination whose server does not answer", (BUDGET, DPGRID), lambda i, o: {
        "OUTPUT": NO_SERVER}, "The PostGIS database 127.0.0.1:1/nodb of the output cannot be "
                              "reached"),
    # Zones without a CRS are refused by name, not found to hold no record.
    ("zones in a GeoPackage of undefined geographic SRS", (ZONE_RISK,),
     lambda i, o: {"ZONES": zones_without_srs(i)}, "The layer 'zones_srs0' has no CRS"),
    ("zones in a GeoPackage of undefined Cartesian SRS", (ZONE_RISK,),
     lambda i, o: {"ZONES": zones_without_srs(i, -1)}, "The layer 'zones_srs-1' has no CRS"),
    ("hierarchy zones in a GeoPackage of undefined geographic SRS", (SWAP,),
     lambda i, o: {"HIERARCHY_ZONES": [zones_without_srs(i)], "HIERARCHY_ZONE_FIELDS": "zone_id"},
     "The layer 'zones_srs0' has no CRS"),
    ("published zones in a GeoPackage of undefined geographic SRS", (GRID,),
     lambda i, o: {"PUBLISHED_ZONES": [zones_without_srs(i)]}, "The layer 'zones_srs0' has no CRS"),
]


@pytest.mark.parametrize("algorithm, change, fragment", matrix_cases(REFUSED))
def test_bad_budget_input_gets_a_clear_error_and_nothing_is_written(run, tmp_path, feedback,
                                                                    algorithm, change, fragment):
    message = assert_refused(run, tmp_path, feedback, algorithm, change, fragment)
    assert PASSWORD not in message


def test_a_postgis_destination_is_checked_before_the_dp_budget_is_charged(run, tmp_path):
    """A schema that does not exist is refused before any ε is spent; the control, the same
    release into a schema that exists, is charged and written."""
    parameters, _ = parameters_for(DPGRID, None, tmp_path)
    ledger = tmp_path / "inputs" / "dp_ledger.sqlite"
    with pytest.raises(QgsProcessingException, match="its schema no_such_schema does not exist"):
        run(DPGRID, dict(parameters, OUTPUT=destination("dp_grid", schema="no_such_schema")))
    assert not ledger.exists()
    result = run(DPGRID, dict(parameters, OUTPUT=destination("dp_grid_control")))
    assert result["LEDGER_HEAD"] and len(entries(ledger)) == 1


def entries(ledger):
    with sqlite3.connect(ledger) as connection:
        connection.row_factory = sqlite3.Row
        return [dict(row) for row in connection.execute("SELECT * FROM ledger ORDER BY seq")]


def test_only_a_new_policy_file_loosens_the_recorded_ceilings(run, tmp_path, feedback):
    """The issue's sequence on one ledger, with its negative control: the 7.9 % release is
    refused under the 5 % policy, refused again with ceilings of 1 and no policy file (nothing
    charged), and passes under a new policy file of 10 %, whose hash the ledger records."""
    ledger = tmp_path / "ledger.sqlite"
    strict = policy_file(tmp_path, STRICT)
    base = {"LEDGER": str(ledger), "DATASET": "mobility", "OUTPUT": "TEMPORARY_OUTPUT"}
    run(BUDGET, dict(base, ZONE_RISK=zone_table(), RELEASE_ID="r1", POLICY=strict))
    with pytest.raises(QgsProcessingException, match="above the per-release ceiling 5"):
        run(BUDGET, dict(base, ZONE_RISK=zone_table(OVER), RELEASE_ID="r2", POLICY=strict))
    before = ledger.read_bytes()
    with pytest.raises(QgsProcessingException, match="per_release_ceiling = 1 is looser than 0.05"):
        run(BUDGET, dict(base, ZONE_RISK=zone_table(OVER), RELEASE_ID="r2", **LOOSE))
    assert ledger.read_bytes() == before
    wider = policy_file(tmp_path, STRICT.replace("0.05", "0.1"), name="programme-2027.toml")
    result = run(BUDGET, dict(base, ZONE_RISK=zone_table(OVER), RELEASE_ID="r2", POLICY=wider),
                 feedback)
    assert result["PASSED"]
    assert any("ceilings changed since release r1" in str(line) for line in feedback.messages)
    first, second = entries(ledger)
    assert (first["per_release_ceiling"], second["per_release_ceiling"]) == (0.05, 0.1)
    assert first["policy_hash"] != second["policy_hash"]
    assert second["policy_hash"] == next(result["OUTPUT"].getFeatures())["policy_hash"]
    # The new ceilings are recorded: loose values may now repeat them, not loosen them.
    with pytest.raises(QgsProcessingException, match="is looser than 0.1"):
        run(BUDGET, dict(base, ZONE_RISK=zone_table(), RELEASE_ID="r3", **LOOSE))
    tighter = run(BUDGET, dict(base, ZONE_RISK=zone_table(), RELEASE_ID="r3",
                               PER_RELEASE_CEILING=0.04, CUMULATIVE_CEILING=0.2, WARN_AT=0.5))
    assert tighter["PASSED"] and len(entries(ledger)) == 3
