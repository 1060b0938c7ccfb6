"""The risk budget gate through Processing: nothing is recorded that was not written, names and
types are normalised, a dry run only reads the ledger (issue 15)."""

import sqlite3

import pytest
from layers import cells_layer
from qgis.core import QgsProcessingException

FIELDS = "zone_id:string,p_reid:double,n_records:integer,p_reid_low:double,zones_hash:{kind}"


def zone_table(worst, zones_hash="v1", kind="string"):
    return cells_layer([["centre", worst / 3, 900, worst / 4, zones_hash],
                        ["edge", worst, 100, worst * 0.8, zones_hash]],
                       fields=FIELDS.format(kind=kind))


def gate(run, ledger, release_id, worst=0.01, feedback=None, **extra):
    parameters = {"ZONE_RISK": zone_table(worst), "LEDGER": str(ledger), "DATASET": "mobility",
                  "RELEASE_ID": release_id, "PER_RELEASE_CEILING": 0.05,
                  "CUMULATIVE_CEILING": 0.20, "WARN_AT": 0.5, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("riskbudgetgate", parameters, feedback)


def recorded(ledger):
    with sqlite3.connect(ledger) as connection:
        return [row[0] for row in connection.execute("SELECT release_id FROM ledger ORDER BY seq")]


def test_an_unwritable_output_records_nothing(run, tmp_path):
    ledger = tmp_path / "ledger.sqlite"
    gate(run, ledger, "r1")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(QgsProcessingException):
        gate(run, ledger, "r2", OUTPUT=str(blocker / "record.gpkg"))
    assert recorded(ledger) == ["r1"]  # the budget is not spent, the id not burnt
    result = gate(run, ledger, "r2", OUTPUT=str(tmp_path / "record.gpkg"))
    assert result["PASSED"] and recorded(ledger) == ["r1", "r2"]


def test_an_integer_zones_hash_is_refused_and_the_ledger_stays_valid(run, tmp_path):
    ledger = tmp_path / "ledger.sqlite"
    with pytest.raises(QgsProcessingException, match="zones_hash field holds 123, not text"):
        gate(run, ledger, "r1", ZONE_RISK=zone_table(0.01, 123, "integer"))
    gate(run, ledger, "r1")
    assert gate(run, ledger, "r2")["PASSED"]  # no false report of tampering


def test_dataset_spellings_share_one_budget(run, tmp_path):
    ledger = tmp_path / "ledger.sqlite"
    gate(run, ledger, "r1", 0.04, PER_RELEASE_CEILING=0.15, CUMULATIVE_CEILING=0.2)
    gate(run, ledger, "r2", 0.12, PER_RELEASE_CEILING=0.15, CUMULATIVE_CEILING=0.2)
    for spelling in ("Mobility ", "MOBILITY", "mobility\u200b", "\uff4d\uff4f\uff42ility"):
        with pytest.raises(QgsProcessingException, match="cumulative ceiling"):
            gate(run, ledger, "r3", 0.12, DATASET=spelling, PER_RELEASE_CEILING=0.15,
                 CUMULATIVE_CEILING=0.2)
    with pytest.raises(QgsProcessingException, match="already in the ledger"):
        gate(run, ledger, "R1 ", 0.01, PER_RELEASE_CEILING=0.15, CUMULATIVE_CEILING=0.2)


def test_record_off_leaves_the_ledger_as_it_was(run, tmp_path, feedback):
    ledger = tmp_path / "new-ledger.sqlite"
    assert gate(run, ledger, "r1", RECORD=False)["PASSED"]
    assert not ledger.exists()  # a dry run creates nothing
    gate(run, ledger, "r1")
    before = ledger.read_bytes()
    result = gate(run, ledger, "r2", feedback=feedback, RECORD=False)
    assert result["PASSED"] and ledger.read_bytes() == before
    assert any("ledger was only read" in message for message in feedback.messages)


def test_changed_ceilings_are_named_in_a_warning(run, tmp_path, feedback):
    ledger = tmp_path / "ledger.sqlite"
    first = gate(run, ledger, "r1")
    # A looser ceiling needs a policy file with a new hash (issue 44); a loose value is refused.
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                      'per_release_ceiling = 0.08\ncumulative_ceiling = 0.2\nwarn_at = 0.5\n',
                      encoding="utf-8")
    second = gate(run, ledger, "r2", feedback=feedback, POLICY=str(policy),
                  PER_RELEASE_CEILING=None, CUMULATIVE_CEILING=None, WARN_AT=None)
    assert second["PASSED"]
    record = next(second["OUTPUT"].getFeatures())
    old_hash = next(first["OUTPUT"].getFeatures())["policy_hash"]
    warnings = [message for message in feedback.messages if "ceilings changed" in message]
    assert len(warnings) == 1
    assert old_hash in warnings[0] and record["policy_hash"] in warnings[0]
    assert "0.05 -> 0.08" in warnings[0]
