"""The ledger and the budget refuse what would corrupt them or spend a budget twice (issue 15)."""

import json
import os
import sqlite3

import pytest

from spatial_privacy_plugin.ledger import store as ledger_module
from spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, reassess, summarise_zones
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.policy import policy_from_mapping
from spatial_privacy_plugin.ledger.store import Ledger, LedgerError

POLICY = budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.20, warn_at=0.5)
FILE_CONTENT = {"rho": 0.1, "tolerance": 0.2, "counting_unit": "person",
                "per_release_ceiling": 0.05, "cumulative_ceiling": 0.20, "warn_at": 0.5}


def summary(worst, zones_hash="zones-v1", gate_on="estimate"):
    return summarise_zones(["centre", "edge"], [worst / 3, worst], [900, 100],
                           p_reid_low=[worst / 4, worst * 0.8], zones_hash=[zones_hash] * 2,
                           gate_on=gate_on)


def test_an_integer_zones_hash_is_refused_by_name():
    with pytest.raises(InputError, match="zones_hash field holds 123, not text"):
        summarise_zones(["a", "b"], [0.01, 0.02], [10, 10], zones_hash=[123, 123])


def test_every_value_is_stored_in_its_column_type_so_the_entry_verifies(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    with ledger.transaction() as transaction:
        # An integer where the column is REAL comes back as 1.0: it must hash as 1.0.
        transaction.append(entry_type="release", dataset="d", release_id="r1", worst_p_reid=1,
                           per_release_ceiling=1, cumulative_ceiling=1)
    assert [entry["worst_p_reid"] for entry in ledger.read_entries()] == [1.0]
    for wrong in ({"zones_hash": 123}, {"worst_p_reid": "0.1"}, {"worst_p_reid": True},
                  {"worst_p_reid": float("nan")}, {"dataset": 7}):
        with pytest.raises(LedgerError, match="takes (text|a finite number)"):
            with ledger.transaction() as transaction:
                transaction.append(**dict({"entry_type": "release", "dataset": "d",
                                           "release_id": "r2"}, **wrong))
    assert len(ledger.read_entries()) == 1  # nothing half-written, and the chain still verifies


@pytest.mark.parametrize("low, estimate, high, fragment", [
    (-5.0, 0.02, 0.03, "p_reid_low outside \\[0, 1\\] \\(zone edge: -5.0\\)"),
    (0.03, 0.02, 0.04, "p_reid_low above their p_reid \\(zone edge"),
    (0.01, 0.02, 0.015, "p_reid_high below their p_reid \\(zone edge"),
    (0.01, 0.02, 1.5, "p_reid_high outside \\[0, 1\\] \\(zone edge"),
    (0.01, -0.02, 0.03, "p_reid outside \\[0, 1\\] \\(zone edge"),
])
def test_risks_are_probabilities_and_the_estimate_lies_in_its_interval(low, estimate, high,
                                                                       fragment):
    for gate_on in ("estimate", "lower bound"):
        with pytest.raises(InputError, match=fragment):
            summarise_zones(["centre", "edge"], [0.01, estimate], [10, 10],
                            p_reid_low=[0.005, low], gate_on=gate_on, p_reid_high=[0.02, high])


def test_a_negative_lower_bound_cannot_refill_the_budget(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    policy = budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.20, gate_on="lower bound")
    with pytest.raises(InputError, match="p_reid_low"):
        gate_release(ledger, "d", "r1", summarise_zones(
            ["a"], [0.04], [10], p_reid_low=[-5], gate_on="lower bound"), policy)
    assert ledger.read_entries() == []


@pytest.mark.parametrize("zone_ids, n_records, fragment", [
    (["a", None], [10, 10], "1 zone\\(s\\) have no zone_id"),
    (["a", "  "], [10, 10], "have no zone_id"),
    (["a", "a"], [10, 10], "zone id a appears 2 times"),
    (["a", "b"], [10, -3], "n_records that is not a whole number of 0 or more \\(zone b: -3.0\\)"),
    (["a", "b"], [10, 2.5], "n_records that is not a whole number"),
])
def test_zone_ids_and_record_counts_are_checked(zone_ids, n_records, fragment):
    with pytest.raises(InputError, match=fragment):
        summarise_zones(zone_ids, [0.01, 0.02], n_records)


@pytest.mark.parametrize("spelling", ["Mob", "mob ", "MOB", "mob\u200b", "\uff4d\uff4f\uff42",
                                      " M\u200bO\u200bB\u00a0"])
def test_dataset_names_are_one_budget_however_they_are_spelt(tmp_path, spelling):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    policy = budget_policy(per_release_ceiling=0.15, cumulative_ceiling=0.20)
    assert gate_release(ledger, "mob", "r1", summary(0.12), policy)[0].passed
    decision, _ = gate_release(ledger, spelling, "r2", summary(0.12), policy)
    assert not decision.passed and decision.prior_releases == 1
    assert "cumulative ceiling" in " ".join(template for template, _ in decision.problems)
    assert [entry["dataset"] for entry in ledger.read_entries()] == ["mob"]


def test_release_ids_are_compared_after_normalisation_and_stored_as_given(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    assert gate_release(ledger, "Mobility ", "2026-R1", summary(0.01), POLICY)[0].passed
    for spelling in ("2026-r1", " 2026-R1", "２０２６-Ｒ１", "2026-\u200bR1"):
        decision, _ = gate_release(ledger, "mobility", spelling, summary(0.01), POLICY)
        assert not decision.passed
        assert decision.problems[0][1] == {"release": spelling, "recorded": "2026-R1"}
    entries = ledger.read_entries()
    assert [(entry["dataset"], entry["release_id"]) for entry in entries] == \
        [("Mobility ", "2026-R1")]
    rows, _ = reassess(ledger, "MOBILITY", ["2026-r1"], lambda release, basis: summary(0.01))
    assert [row[0] for row in rows] == ["2026-R1"]
    for blank in ("", "   ", "\u200b", "\u200b\u00a0"):
        with pytest.raises(InputError, match="Name the dataset"):
            gate_release(ledger, blank, "r9", summary(0.01), POLICY)


def test_name_key():
    from spatial_privacy_plugin.ledger.store import name_key

    assert len({name_key(name) for name in ("mob", "Mob ", "MOB", "mob\u200b",
                                            "\uff4d\uff4f\uff42", "\ufeffmob")}) == 1
    assert name_key("mob") != name_key("mob2")


def test_a_failed_write_after_the_charge_leaves_the_release_spent(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")

    def unwritable(decision, head):
        assert ledger.read_entries()[-1]["entry_hash"] == head.hash  # committed already
        raise OSError("disk full")

    with pytest.raises(OSError):
        gate_release(ledger, "d", "r1", summary(0.01), POLICY, after_charge=unwritable)
    assert [entry["release_id"] for entry in ledger.read_entries()] == ["r1"]
    written = []
    decision, head = gate_release(ledger, "d", "r2", summary(0.01), POLICY,
                                  after_charge=lambda decision, head: written.append(head))
    assert decision.passed and decision.prior_releases == 1
    assert written == [head] == [(2, ledger.read_entries()[-1]["entry_hash"])]


def test_record_off_only_reads_the_ledger(tmp_path, monkeypatch):
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    # A ledger that does not exist is not created by a dry run.
    decision, _ = gate_release(ledger, "d", "r1", summary(0.01), POLICY, record=False)
    assert decision.passed and not path.exists()
    gate_release(ledger, "d", "r1", summary(0.01), POLICY)
    # Another process holds the write lock: a dry run neither waits for it nor takes it.
    monkeypatch.setattr(ledger_module, "BUSY_TIMEOUT_S", 0.2)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    try:
        decision, head = gate_release(ledger, "d", "r2", summary(0.01), POLICY, record=False)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert decision.passed and decision.prior_releases == 1
    assert head == (1, ledger.read_entries()[-1]["entry_hash"]) and len(ledger.read_entries()) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only files")
def test_record_off_works_on_a_read_only_ledger(tmp_path):
    path = tmp_path / "ledger.sqlite"
    gate_release(Ledger(path), "d", "r1", summary(0.01), POLICY)
    path.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        assert gate_release(Ledger(path), "d", "r2", summary(0.01), POLICY, record=False)[0].passed
    finally:
        tmp_path.chmod(0o755)
        path.chmod(0o644)


def test_changed_ceilings_are_named_with_both_policy_hashes(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    gate_release(ledger, "d", "r1", summary(0.01), POLICY)
    same = gate_release(ledger, "d", "r2", summary(0.01), POLICY)[0]
    assert same.notices == ()
    # Looser ceilings need a policy file with a new hash (issue 44): loose values are refused.
    looser = budget_policy(policy_from_mapping(dict(FILE_CONTENT, per_release_ceiling=0.08)))
    decision, _ = gate_release(ledger, "d", "r3", summary(0.01), looser)
    assert decision.passed and len(decision.notices) == 1
    template, values = decision.notices[0]
    assert "ceilings changed" in template
    assert (values["old_hash"], values["new_hash"]) == (POLICY.policy_hash, looser.policy_hash)
    assert (values["old_release"], values["new_release"], values["release"]) == (0.05, 0.08, "r2")
    assert template.format(**values)  # every placeholder is filled


def test_a_combining_mark_standing_alone_opens_no_fresh_budget(tmp_path):
    from spatial_privacy_plugin.ledger.store import name_key

    assert name_key("ci\u0307ty") == name_key("city") == name_key("C\u0130TY")
    assert name_key("Re\u0301gion") == name_key("R\u00e9gion") != name_key("region")
    ledger = Ledger(tmp_path / "ledger.sqlite")
    assert gate_release(ledger, "city", "r1", summary(0.04), POLICY)[0].passed
    decision, _ = gate_release(ledger, "ci\u0307ty", "r1", summary(0.04), POLICY)
    assert not decision.passed and "already in the ledger" in decision.problems[0][0]


def test_loose_values_never_loosen_the_budget_a_release_recorded(tmp_path):
    """Issue 44: ceilings, warn_at and the gate basis recorded with a release bind later runs;
    only a policy file with a new hash that sets the looser value changes them."""
    ledger = Ledger(tmp_path / "ledger.sqlite")
    gate_release(ledger, "d", "r1", summary(0.01), POLICY)
    for given, name in (({"per_release_ceiling": 1.0, "cumulative_ceiling": 1.0},
                         "per_release_ceiling = 1 is looser than 0.05"),
                        ({"cumulative_ceiling": 0.5},
                         "cumulative_ceiling = 0.5 is looser than 0.2"),
                        ({"warn_at": 0.9}, "warn_at = 0.9 is looser than 0.5"),
                        ({"gate_on": "lower bound"},
                         "gate_on = lower bound is looser than estimate")):
        values = dict({"per_release_ceiling": 0.05, "cumulative_ceiling": 0.20, "warn_at": 0.5},
                      **given)
        decision, _ = gate_release(ledger, "d", "r2", summary(0.01), budget_policy(**values))
        assert not decision.passed
        template, params = decision.problems[0]
        assert template.format(**params).startswith(name)
    # A file with the recorded hash that leaves a ceiling to a loose value loosens nothing.
    same_file = policy_from_mapping({key: value for key, value in FILE_CONTENT.items()
                                     if key != "per_release_ceiling"})
    recorded = gate_release(ledger, "d", "r2", summary(0.01),
                            budget_policy(same_file, per_release_ceiling=0.05))[0]
    assert recorded.passed
    assert not gate_release(ledger, "d", "r3", summary(0.01),
                            budget_policy(same_file, per_release_ceiling=0.08))[0].passed
    tighter = budget_policy(per_release_ceiling=0.04, cumulative_ceiling=0.15, warn_at=0.4)
    assert gate_release(ledger, "d", "r3", summary(0.01), tighter)[0].passed
    assert [entry["release_id"] for entry in ledger.read_entries()] == ["r1", "r2", "r3"]
    assert json.loads(ledger.read_entries()[-1]["details"]) == {"warn_at": 0.4}
