"""Issue 34 through Processing: a budget is charged before anything is released, and a release
output anchors the ledger, so a ledger that cannot be written, or that lost entries, spends
nothing and passes nothing."""

import sqlite3

import pytest
from layers import cells_layer, point_layer
from qgis.core import QgsProcessingException, QgsProcessingFeedback, QgsVectorLayer

DP_POLICY = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nepsilon_budget = 2\n'


def people(count=24):
    return point_layer([((50 + 100 * (i % 3), 50 + 100 * (i % 2)), [f"p{i}"]) for i in range(count)])


def dp_parameters(folder, release_id, epsilon=1.0, **extra):
    policy = folder / "dp.toml"
    policy.write_text(DP_POLICY)
    return dict({"INPUT": people(), "PERSON_FIELD": "person_id", "EPSILON": epsilon,
                 "RESOLUTIONS": "100,200", "EXTENT": "0,400,0,400 [EPSG:3035]",
                 "POLICY": str(policy), "LEDGER": str(folder / "ledger.sqlite"),
                 "DATASET": "mobility", "RELEASE_ID": release_id,
                 "OUTPUT": str(folder / f"{release_id}.gpkg")}, **extra)


def anchors(path):
    layer = QgsVectorLayer(str(path), "release", "ogr")
    return {(feature["ledger_seq"], feature["ledger_head"]) for feature in layer.getFeatures()}


def entries(path):
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT seq, release_id, entry_hash FROM ledger ORDER BY seq")
        found = rows.fetchall()
    connection.close()
    return found


def test_the_dp_grid_carries_the_entry_that_charged_it(run, tmp_path):
    result = run("dpgrid", dp_parameters(tmp_path, "dp1"))
    (seq, release, digest), = entries(tmp_path / "ledger.sqlite")
    assert (seq, release) == (1, "dp1") and result["LEDGER_HEAD"] == digest
    assert anchors(tmp_path / "dp1.gpkg") == {(1, digest)}


def test_a_budget_cannot_be_spent_through_a_read_only_ledger(run, tmp_path, read_only):
    run("dpgrid", dp_parameters(tmp_path, "dp1"))
    before = entries(tmp_path / "ledger.sqlite")
    read_only(tmp_path / "ledger.sqlite")
    for attempt in range(3):  # not a free release to repeat: nothing is released at all
        with pytest.raises(QgsProcessingException, match="cannot be written"):
            run("dpgrid", dp_parameters(tmp_path, f"dp{attempt + 2}", epsilon=0.5))
        assert not (tmp_path / f"dp{attempt + 2}.gpkg").exists()
    assert entries(tmp_path / "ledger.sqlite") == before


def truncate(path):
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM ledger WHERE seq = (SELECT max(seq) FROM ledger)")
        connection.execute("UPDATE sqlite_sequence SET seq = seq - 1 WHERE name = 'ledger'")
    connection.close()


def drop(path):
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE ledger")
    connection.close()


@pytest.mark.parametrize("tamper", [truncate, drop, lambda path: path.unlink()],
                         ids=["truncated chain", "dropped table", "deleted ledger"])
def test_a_budget_cannot_be_restarted_by_cutting_the_ledger(run, tmp_path, tamper):
    run("dpgrid", dp_parameters(tmp_path, "dp1"))
    run("dpgrid", dp_parameters(tmp_path, "dp2"))  # the budget of 2 is spent
    with pytest.raises(QgsProcessingException, match="above its epsilon_budget"):
        run("dpgrid", dp_parameters(tmp_path, "dp3"))
    tamper(tmp_path / "ledger.sqlite")
    # The earlier release's output anchors the ledger: the budget does not come back.
    with pytest.raises(QgsProcessingException, match="does not hold the entry 2:|holds no ledger"):
        run("dpgrid", dp_parameters(tmp_path, "dp3", LEDGER_HEAD=str(tmp_path / "dp2.gpkg")))
    assert not (tmp_path / "dp3.gpkg").exists()


def test_a_release_that_fails_after_its_charge_stays_spent_and_leaves_no_file(run, tmp_path):
    feedback = QgsProcessingFeedback()
    feedback.cancel()  # the data is small enough to be read before anything checks it
    with pytest.raises(QgsProcessingException,
                       match="dp1 is charged to the ledger \\(entry 1\\), but its output could not "
                             "be completed: Cancelled. The budget stays spent"):
        run("dpgrid", dp_parameters(tmp_path, "dp1"), feedback)
    assert [release for _, release, _ in entries(tmp_path / "ledger.sqlite")] == ["dp1"]
    assert list(tmp_path.glob("*.gpkg*")) == [] and list(tmp_path.glob(".*")) == []
    with pytest.raises(QgsProcessingException, match="already in the ledger"):
        run("dpgrid", dp_parameters(tmp_path, "dp1"))


def test_a_trailing_full_stop_is_the_same_dataset(run, tmp_path):
    run("dpgrid", dp_parameters(tmp_path, "dp1", epsilon=1.5))
    with pytest.raises(QgsProcessingException, match="above its epsilon_budget"):
        run("dpgrid", dp_parameters(tmp_path, "dp2", DATASET="mobility."))


def zone_table(rows):
    return cells_layer(rows, fields="zone_id:string,p_reid:double,n_records:integer,"
                                    "zones_hash:string")


def budget_parameters(folder, release_id, **extra):
    return dict({"ZONE_RISK": zone_table([["a", 0.01, 100, "v1"], ["b", 0.02, 50, "v1"]]),
                 "LEDGER": str(folder / "ledger.sqlite"), "DATASET": "mobility",
                 "RELEASE_ID": release_id, "PER_RELEASE_CEILING": 0.5, "CUMULATIVE_CEILING": 0.9,
                 "OUTPUT": str(folder / f"{release_id}.gpkg")}, **extra)


def test_the_risk_budget_gate_record_anchors_the_ledger(run, tmp_path):
    first = run("riskbudgetgate", budget_parameters(tmp_path, "r1"))
    (seq, _, digest), = entries(tmp_path / "ledger.sqlite")
    assert anchors(tmp_path / "r1.gpkg") == {(1, digest)} and first["LEDGER_HEAD"] == digest
    for head in (str(tmp_path / "r1.gpkg"), f"1:{digest}", digest):
        run("riskbudgetgate", budget_parameters(tmp_path, f"r-{len(head)}", LEDGER_HEAD=head,
                                                RECORD=False))
    with sqlite3.connect(tmp_path / "ledger.sqlite") as connection:  # every entry deleted
        connection.execute("DELETE FROM ledger")
        connection.execute("DELETE FROM sqlite_sequence")
    connection.close()
    with pytest.raises(QgsProcessingException, match="does not hold the entry 1:"):
        run("riskbudgetgate", budget_parameters(tmp_path, "r2",
                                                LEDGER_HEAD=str(tmp_path / "r1.gpkg")))
    with pytest.raises(QgsProcessingException, match="does not hold the entry 1:"):
        run("reassessreleases", {"LEDGER": str(tmp_path / "ledger.sqlite"), "DATASET": "mobility",
                                 "ZONE_RISK": budget_parameters(tmp_path, "x")["ZONE_RISK"],
                                 "LEDGER_HEAD": f"1:{digest}",
                                 "OUTPUT": str(tmp_path / "reassessment.gpkg")})
    assert not (tmp_path / "r2.gpkg").exists()


def zone_risk(run, records):
    zones = point_layer([("POLYGON((0 0,1000 0,1000 1000,0 1000,0 0))", ["a"]),
                         ("POLYGON((1000 0,2000 0,2000 1000,1000 1000,1000 0))", ["b"])],
                        "zone_id:string", geometry="Polygon")
    output = run("zonerisk", {"ZONES": zones, "ZONE_ID_FIELD": "zone_id", "RECORDS": records,
                              "KEY_FIELDS": ["sex"], "PERSON_FIELD": "person_id",
                              "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
    return {feature["zone_id"]: (feature["n_records"], feature["n_persons"], feature["p_reid"])
            for feature in output.getFeatures()}


def test_zone_risk_counts_the_parts_of_a_multipoint_as_one_person(run):
    others = [(f"MULTIPOINT(({100 + 40 * i} 500))", [f"p{i}", ["F", "M"][i % 2]])
              for i in range(1, 8)] + \
        [(f"MULTIPOINT(({1100 + 40 * i} 500))", [f"q{i}", "F"]) for i in range(6)]
    fields = "person_id:string,sex:string"
    one_part = point_layer([("MULTIPOINT((100 500))", ["p0", "M"])] + others, fields,
                           geometry="MultiPoint")
    two_parts = point_layer([("MULTIPOINT((100 500),(140 520))", ["p0", "M"])] + others, fields,
                            geometry="MultiPoint")
    assert zone_risk(run, two_parts) == zone_risk(run, one_part)
    assert zone_risk(run, one_part)["a"][:2] == (8, 8)
