"""Record and zone disclosure risk through Processing."""

import pytest
from layers import cells_layer, point_layer
from qgis.core import NULL, QgsProcessingException, QgsVectorLayer

IHSN_ROWS = [["urban", "female", "secondary incomplete", "employed", 180, "h1"],
             ["urban", "female", "secondary incomplete", "employed", 180, "h1"],
             ["urban", "female", "primary incomplete", "non-LF", 215, "h2"],
             ["urban", "male", "secondary complete", "employed", 76, "h3"],
             ["rural", "female", "secondary complete", "unemployed", 186, "h4"],
             ["urban", "male", "secondary complete", "employed", 76, "h5"],
             ["urban", "female", "primary complete", "non-LF", 180, "h6"],
             ["urban", "male", "post-secondary", "unemployed", 131, "h7"],
             ["urban", "female", "secondary incomplete", "non-LF", 215, "h8"],
             ["urban", "male", "post-secondary", "unemployed", 131, "h9"]]
IHSN_FIELDS = "residence:string,gender:string,education:string,labour:string,weight:double,household:string"
KEYS = ["residence", "gender", "education", "labour"]


def rows(layer):
    return [dict(zip(layer.fields().names(), f.attributes())) for f in layer.getFeatures()]


def test_record_risk_on_the_ihsn_example(run, feedback):
    table = cells_layer(IHSN_ROWS, fields=IHSN_FIELDS)
    result = run("disclosurerisk", {"INPUT": table, "KEY_FIELDS": KEYS, "WEIGHT_FIELD": "weight",
                                    "HOUSEHOLD_FIELD": "household", "RISK_THRESHOLD": 0.02,
                                    "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    records = rows(result["OUTPUT"])
    assert [round(r["individual_risk"], 9) for r in records] == [
        0.005424520, 0.005424520, 0.025096439, 0.012563425, 0.028247279,
        0.012563425, 0.029010932, 0.007403834, 0.025096439, 0.007403834]
    assert [r["f_k"] for r in records[:3]] == [2, 2, 1] and records[0]["F_pop_k"] == 360
    assert records[0]["household_risk"] == pytest.approx(1 - (1 - 0.005424520) ** 2)
    assert records[0]["residence"] == "urban"  # input attributes are carried through
    assert result["EXPECTED_REIDENTIFICATIONS"] == pytest.approx(0.1582, abs=5e-5)
    assert result["RECORDS_ABOVE_THRESHOLD"] == 4
    assert result["MAX_RISK"] == pytest.approx(0.029010932)


@pytest.mark.parametrize("change, fragment", [
    (lambda rows: rows[0].__setitem__(1, NULL), "explicit category"),
    (lambda rows: rows[0].__setitem__(4, 0), "weight"),
    (lambda rows: rows[0].__setitem__(4, -5), "weight"),
])
def test_bad_records_are_refused(run, change, fragment):
    bad = [list(row) for row in IHSN_ROWS]
    change(bad)
    with pytest.raises(QgsProcessingException, match=fragment):
        run("disclosurerisk", {"INPUT": cells_layer(bad, fields=IHSN_FIELDS), "KEY_FIELDS": KEYS,
                               "WEIGHT_FIELD": "weight", "OUTPUT": "TEMPORARY_OUTPUT"})


def zones_layer(ids=("city", "periphery")):
    return point_layer([("POLYGON((0 0, 1000 0, 1000 1000, 0 1000, 0 0))", [ids[0]]),
                        ("POLYGON((1000 0, 5000 0, 5000 1000, 1000 1000, 1000 0))", [ids[1]])],
                       "zone_id:string", geometry="Polygon")


def records_layer(extra=()):
    """1000 city records sharing a handful of keys; 10 periphery records with rarer keys."""
    points = [((10 + i % 900, 10 + i // 10), [f"p{i}", ["F", "M"][i % 2], f"a{i % 5}", 50])
              for i in range(1000)]
    points += [((1500 + 100 * i, 500), [f"q{i}", "F", f"old{i // 2}", 50]) for i in range(10)]
    points += list(extra)
    return point_layer(points, "person_id:string,sex:string,age:string,weight:double")


def zone_risk(run, zones, records, **extra):
    parameters = {"ZONES": zones, "ZONE_ID_FIELD": "zone_id", "RECORDS": records,
                  "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight",
                  "PERSON_FIELD": "person_id", "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("zonerisk", parameters)


def test_the_worst_zone_is_the_sparse_periphery(run, tmp_path):
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                      'per_release_ceiling = 0.01\n', encoding="utf-8")
    result = zone_risk(run, zones_layer(), records_layer(), POLICY=str(policy),
                       OUTPUT=str(tmp_path / "zones.gpkg"))
    zones = {row["zone_id"]: row for row in rows(QgsVectorLayer(result["OUTPUT"]))}
    assert result["WORST_ZONE"] == "periphery"
    assert zones["periphery"]["n_records"] == 10 and zones["city"]["n_persons"] == 1000
    assert zones["periphery"]["p_reid"] > 30 * zones["city"]["p_reid"]
    assert result["POOLED_P_REID"] < result["WORST_P_REID"] / 20
    assert zones["periphery"]["p_reid_low"] < zones["periphery"]["p_reid"] < zones["periphery"]["p_reid_high"]
    assert zones["city"]["ceiling"] == 0.01 and len(zones["city"]["zones_hash"]) == 64
    styled = QgsVectorLayer(result["OUTPUT"])
    assert styled.renderer().type() == "RuleRenderer"


def test_uniqueness_method_counts_sample_uniques(run):
    result = zone_risk(run, zones_layer(), records_layer(), METHOD=1)
    zones = {row["zone_id"]: row for row in rows(result["OUTPUT"])}
    assert zones["periphery"]["n_sample_unique"] == 0  # the periphery keys come in pairs
    assert zones["city"]["p_reid"] == 0 and zones["city"]["method"] == "uniqueness"


def test_records_outside_every_zone_are_refused(run):
    outside = [((9000, 9000), ["z", "F", "a1", 50])]
    with pytest.raises(QgsProcessingException, match="1 record"):
        zone_risk(run, zones_layer(), records_layer(outside))


def test_duplicate_zone_ids_are_refused(run):
    with pytest.raises(QgsProcessingException, match="repeats"):
        zone_risk(run, zones_layer(("same", "same")), records_layer())


def test_zones_hash_is_the_same_for_the_same_zones(run):
    first = rows(zone_risk(run, zones_layer(), records_layer())["OUTPUT"])[0]["zones_hash"]
    again = rows(zone_risk(run, zones_layer(), records_layer())["OUTPUT"])[0]["zones_hash"]
    other = rows(zone_risk(run, zones_layer(("city", "rural")), records_layer())["OUTPUT"])[0]["zones_hash"]
    assert first == again != other
