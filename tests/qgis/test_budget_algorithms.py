"""Risk budget gate and re-assessment through Processing, in a model and under qgis_process."""

import re
import sqlite3

import processing
import pytest
from layers import cells_layer
from models import child, child_output, halting_message, model, model_input
from qgis.core import QgsProcessingException, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterFile, QgsProcessingParameterNumber
from test_risk_algorithms import records_layer, zones_layer

ZONE_FIELDS = "zone_id:string,p_reid:double,n_records:integer,p_reid_low:double,zones_hash:string"


def zone_table(worst, zones_hash="v1"):
    return cells_layer([["centre", worst / 3, 900, worst / 4, zones_hash],
                        ["edge", worst, 100, worst * 0.8, zones_hash]], fields=ZONE_FIELDS)


def budget(run, ledger, release_id, worst, feedback=None, **extra):
    parameters = {"ZONE_RISK": zone_table(worst), "LEDGER": str(ledger), "DATASET": "mobility",
                  "RELEASE_ID": release_id, "PER_RELEASE_CEILING": 0.05,
                  "CUMULATIVE_CEILING": 0.20, "WARN_AT": 0.5, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("riskbudgetgate", parameters, feedback)


def test_the_worked_checks_through_processing(run, tmp_path, feedback):
    ledger = tmp_path / "ledger.sqlite"
    first = budget(run, ledger, "r1", 0.031)
    second = budget(run, ledger, "r2", 0.044)
    third = budget(run, ledger, "r3", 0.049, feedback)
    assert first["PASSED"] and not first["WARNING"] and first["WORST_ZONE"] == "edge"
    assert second["CUMULATIVE_P_REID"] == pytest.approx(0.0736, abs=1e-4)
    assert third["CUMULATIVE_P_REID"] == pytest.approx(0.1190, abs=1e-4) and third["WARNING"]
    assert third["HEADROOM"] == pytest.approx(0.2 - 0.119028, abs=1e-6)
    assert any("understates" in message for message in feedback.messages)
    record = next(third["OUTPUT"].getFeatures())
    assert record["ledger_head"] == third["LEDGER_HEAD"] and record["gate_basis"] == "estimate"
    with pytest.raises(QgsProcessingException, match="worst zone edge .*5.2 %.*ceiling 5.0 %"):
        budget(run, ledger, "r4", 0.052)


def test_negative_controls(run, tmp_path):
    ledger = tmp_path / "ledger.sqlite"
    budget(run, ledger, "r1", 0.01)
    with pytest.raises(QgsProcessingException, match="already in the ledger"):
        budget(run, ledger, "r1", 0.01)
    with pytest.raises(QgsProcessingException, match="zones differ"):
        budget(run, ledger, "r2", 0.01, ZONE_RISK=zone_table(0.01, zones_hash="v2"))
    with pytest.raises(QgsProcessingException, match="empty"):
        budget(run, ledger, "r3", 0.01, ZONE_RISK=cells_layer([], fields=ZONE_FIELDS))
    with pytest.raises(QgsProcessingException, match="no risk estimate"):
        budget(run, ledger, "r4", 0.01, ZONE_RISK=cells_layer(
            [["a", None, 10, None, "v1"]], fields=ZONE_FIELDS))
    with sqlite3.connect(ledger) as connection:
        connection.execute("UPDATE ledger SET cumulative_p_reid = 0 WHERE release_id = 'r1'")
    with pytest.raises(QgsProcessingException, match="entry 1 .*was changed"):
        budget(run, ledger, "r5", 0.01)


def test_policy_file_and_lower_bound(run, tmp_path):
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nper_release_ceiling = 0.05\n'
                      'cumulative_ceiling = 0.2\ngate_on = "lower bound"\n', encoding="utf-8")
    common = {"PER_RELEASE_CEILING": None, "CUMULATIVE_CEILING": None, "WARN_AT": None,
              "POLICY": str(policy)}
    # The estimate 0.06 is over 0.05, its lower bound 0.048 is not.
    result = budget(run, tmp_path / "ledger.sqlite", "r1", 0.06, **common)
    assert result["WORST_P_REID"] == pytest.approx(0.048)
    with pytest.raises(QgsProcessingException, match="conflicts"):
        budget(run, tmp_path / "ledger.sqlite", "r2", 0.01, **dict(common, PER_RELEASE_CEILING=0.1))


def zone_risk_budget_model():
    return model("zone_risk_then_budget", [
        QgsProcessingParameterFeatureSource("zones", "zones"),
        QgsProcessingParameterFeatureSource("records", "records"),
        QgsProcessingParameterNumber("ceiling", "ceiling", QgsProcessingParameterNumber.Type.Double),
        QgsProcessingParameterFile("ledger", "ledger"),
    ], [
        child("spatialprivacy:zonerisk", "risk", {
            "ZONES": model_input("zones"), "RECORDS": model_input("records"),
            "ZONE_ID_FIELD": "zone_id", "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight"}),
        child("spatialprivacy:riskbudgetgate", "gate", {
            "ZONE_RISK": child_output("risk", "OUTPUT"),
            "PER_RELEASE_CEILING": model_input("ceiling"), "DATASET": "survey",
            "LEDGER": model_input("ledger"), "RELEASE_ID": "2026", "CUMULATIVE_CEILING": 0.5},
            outputs=["OUTPUT"]),
    ])


def test_a_model_zone_risk_then_budget_halts_when_the_budget_is_exceeded(provider, tmp_path):
    parameters = {"zones": zones_layer(), "records": records_layer(),
                  "ledger": str(tmp_path / "ledger.sqlite"), "gate:output": "TEMPORARY_OUTPUT"}
    results = processing.run(zone_risk_budget_model(), dict(parameters, ceiling=0.5))
    assert results["gate:output"]
    message = halting_message(zone_risk_budget_model(),
                              dict(parameters, ceiling=0.001, ledger=str(tmp_path / "other.sqlite")))
    assert re.search("Risk budget gate FAILED for survey / 2026: .*per-release ceiling 0.10 %", message), message


def test_reassessment_flags_a_release_now_over_its_ceiling(run, tmp_path):
    ledger = tmp_path / "ledger.sqlite"
    budget(run, ledger, "r1", 0.03)
    budget(run, ledger, "r2", 0.04)
    ok = run("reassessreleases", {"LEDGER": str(ledger), "DATASET": "mobility",
                                  "ZONE_RISK": zone_table(0.045), "OUTPUT": "TEMPORARY_OUTPUT"})
    assert [f["verdict"] for f in ok["OUTPUT"].getFeatures()] == ["ok", "ok"]
    per_release = cells_layer([["centre", 0.01, 900, 0.005, "v1", "r1"],
                               ["edge", 0.03, 100, 0.02, "v1", "r1"],
                               ["centre", 0.02, 900, 0.01, "v1", "r2"],
                               ["edge", 0.09, 100, 0.07, "v1", "r2"]],
                              fields=ZONE_FIELDS + ",release_id:string")
    with pytest.raises(QgsProcessingException, match=r"r2 \(4.0 % → 9.0 %, ceiling 5.0 %\).*Withdraw"):
        run("reassessreleases", {"LEDGER": str(ledger), "DATASET": "mobility",
                                 "ZONE_RISK": per_release, "OUTPUT": "TEMPORARY_OUTPUT"})
    with sqlite3.connect(ledger) as connection:
        kinds = [row[0] for row in connection.execute("SELECT entry_type FROM ledger ORDER BY seq")]
    assert kinds == ["release", "release"] + ["reassessment"] * 4
