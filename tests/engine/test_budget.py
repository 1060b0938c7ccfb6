import math
import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from spatial_privacy_plugin.ledger.budget import budget_policy, cumulative_risk, gate_release, reassess, \
    summarise_zones
from spatial_privacy_plugin.errors import InputError, PolicyError
from spatial_privacy_plugin.ledger.store import Ledger, LedgerError

ROOT = Path(__file__).resolve().parents[2]
POLICY = budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.20, warn_at=0.5)


def summary(worst, zones_hash="zones-v1", gate_on="estimate"):
    return summarise_zones(["centre", "edge"], [worst / 3, worst], [900, 100],
                           p_reid_low=[worst / 4, worst * 0.8], zones_hash=[zones_hash] * 2,
                           gate_on=gate_on)


def test_worked_checks(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    expected = [(0.031, 0.031, False), (0.044, 0.073636, False), (0.049, 0.119028, True)]
    for number, (risk, cumulative, warns) in enumerate(expected, start=1):
        decision, _ = gate_release(ledger, "mobility", f"r{number}", summary(risk), POLICY)
        assert decision.passed
        assert decision.cumulative == pytest.approx(cumulative, abs=1e-6)
        assert decision.warning is warns
        assert decision.headroom == pytest.approx(0.20 - cumulative, abs=1e-6)
    decision, _ = gate_release(ledger, "mobility", "r4", summary(0.052), POLICY)
    assert not decision.passed
    assert "per-release ceiling" in decision.problems[0][0]
    assert decision.problems[0][1]["zone"] == "edge"
    assert len(ledger.read_entries()) == 3  # the blocked release is not recorded


def test_a_monthly_series_fits_as_many_releases_as_the_budget_allows(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    policy = budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.20)
    fits = math.floor(math.log(0.8) / math.log(0.98))  # 1 - 0.98^n <= 0.2
    assert fits == 11 and cumulative_risk([0.02] * 11) <= 0.2 < cumulative_risk([0.02] * 12)
    for month in range(1, fits + 1):
        decision, _ = gate_release(ledger, "monthly", f"2026-{month:02d}", summary(0.02), policy)
        assert decision.passed, month
    decision, _ = gate_release(ledger, "monthly", "2026-12", summary(0.02), policy)
    assert not decision.passed
    assert decision.problems[0][1]["prior"] == 11
    # Another dataset has its own budget.
    assert gate_release(ledger, "other", "r1", summary(0.02), policy)[0].passed


def test_missing_evidence_blocks():
    with pytest.raises(InputError, match="empty"):
        summarise_zones([], [], [])
    with pytest.raises(InputError, match="no risk estimate"):
        summarise_zones(["a", "b"], [0.01, None], [10, 10])
    with pytest.raises(InputError, match="p_reid_low"):
        summarise_zones(["a"], [0.01], [10], gate_on="lower bound")


def test_gating_on_the_lower_bound_uses_it_and_says_so():
    assert summary(0.06, gate_on="lower bound").worst == pytest.approx(0.048)
    assert summary(0.06).worst == pytest.approx(0.06)


def test_changed_zones_and_duplicate_release_ids_block(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    assert gate_release(ledger, "d", "r1", summary(0.01), POLICY)[0].passed
    moved = gate_release(ledger, "d", "r2", summary(0.01, zones_hash="zones-v2"), POLICY)[0]
    assert not moved.passed and "zones differ" in moved.problems[0][0]
    again = gate_release(ledger, "d", "r1", summary(0.01), POLICY)[0]
    assert not again.passed and "already in the ledger" in again.problems[0][0]


def test_loose_values_may_not_contradict_the_policy(tmp_path):
    from spatial_privacy_plugin.policy import load_policy
    path = tmp_path / "p.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nper_release_ceiling = 0.05\n'
                    'cumulative_ceiling = 0.2\n', encoding="utf-8")
    policy = load_policy(path)
    assert budget_policy(policy).policy_hash == policy.policy_hash
    with pytest.raises(PolicyError, match="conflicts"):
        budget_policy(policy, per_release_ceiling=0.08)
    with pytest.raises(PolicyError, match="cumulative_ceiling"):
        budget_policy(per_release_ceiling=0.05)


def ledger_with_releases(tmp_path, count):
    """A ledger holding releases r1..r<count> of dataset d; (path, ledger)."""
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    for number in range(1, count + 1):
        gate_release(ledger, "d", f"r{number}", summary(0.01), POLICY)
    return path, ledger


def test_negative_control_an_edited_row_blocks_and_is_named(tmp_path):
    path, ledger = ledger_with_releases(tmp_path, 3)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE ledger SET worst_p_reid = 0.001 WHERE release_id = 'r2'")
    with pytest.raises(LedgerError, match="entry 2 .*release r2.* was changed"):
        gate_release(ledger, "d", "r4", summary(0.01), POLICY)
    with pytest.raises(LedgerError, match="entry 2"):
        ledger.read_entries()


def test_a_deleted_last_entry_is_detected(tmp_path):
    path, ledger = ledger_with_releases(tmp_path, 2)
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM ledger WHERE seq = 2")
    with pytest.raises(LedgerError, match="deleted"):
        ledger.read_entries()


def test_a_file_that_is_not_a_ledger_is_refused(tmp_path):
    path = tmp_path / "ledger.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(LedgerError, match="cannot be opened|corrupt"):
        Ledger(path).read_entries()


def append_many(path, worker, count):
    ledger = Ledger(path)
    policy = budget_policy(per_release_ceiling=0.5, cumulative_ceiling=1.0)
    for number in range(count):
        gate_release(ledger, f"dataset-{worker}", f"r{number}", summary(0.0001), policy)


def test_concurrent_writers_all_land_with_an_intact_chain(tmp_path):
    path = tmp_path / "ledger.sqlite"
    Ledger(path).read_entries()  # create it
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=append_many, args=(path, worker, 15)) for worker in range(4)]
    for process in workers:
        process.start()
    for process in workers:
        process.join(120)
        assert process.exitcode == 0
    entries = Ledger(path).read_entries()
    assert len(entries) == 60
    assert {(e["dataset"], e["release_id"]) for e in entries} == \
        {(f"dataset-{w}", f"r{n}") for w in range(4) for n in range(15)}


CRASHING_WRITER = """
import sys, time
sys.path.insert(0, {root!r})
from spatial_privacy_plugin.ledger.store import Ledger
with Ledger({path!r}).transaction() as transaction:
    transaction.append(entry_type="release", dataset="d", release_id="half-written",
                       worst_p_reid=0.01, per_release_ceiling=0.05, cumulative_ceiling=0.2)
    print("appended", flush=True)
    time.sleep(60)
"""


def test_a_writer_killed_mid_append_leaves_a_valid_ledger(tmp_path):
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path)
    gate_release(ledger, "d", "r1", summary(0.01), POLICY)
    writer = subprocess.Popen([sys.executable, "-c", CRASHING_WRITER.format(root=str(ROOT), path=str(path))],
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline().strip() == "appended"
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(30)
    entries = ledger.read_entries()
    assert [e["release_id"] for e in entries] == ["r1"]
    assert gate_release(ledger, "d", "r2", summary(0.01), POLICY)[0].passed
    assert len(ledger.read_entries()) == 2


def test_reassessment_records_its_own_entries_and_flags_releases_now_over(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    gate_release(ledger, "d", "r1", summary(0.03), POLICY)
    gate_release(ledger, "d", "r2", summary(0.04), POLICY)
    today = {"r1": 0.035, "r2": 0.07}
    rows, _ = reassess(ledger, "d", None, lambda release, basis: summary(today[release]))
    assert [(row[0], row[4]) for row in rows] == [("r1", "ok"), ("r2", "over ceiling")]
    assert rows[1][1] == pytest.approx(0.04) and rows[1][2] == pytest.approx(0.07)
    entries = ledger.read_entries()
    assert [e["entry_type"] for e in entries] == ["release", "release", "reassessment", "reassessment"]
    assert entries[1]["worst_p_reid"] == pytest.approx(0.04)  # the release entry is untouched
    # Re-assessments do not count against the budget.
    assert gate_release(ledger, "d", "r3", summary(0.01), POLICY)[0].cumulative == \
        pytest.approx(cumulative_risk([0.03, 0.04, 0.01]))
    with pytest.raises(InputError, match="no release r9"):
        reassess(ledger, "d", ["r9"], lambda release, basis: summary(0.01))


def test_a_per_release_ceiling_above_the_cumulative_one_is_refused(tmp_path):
    from spatial_privacy_plugin.policy import load_policy
    with pytest.raises(PolicyError, match="per_release_ceiling = 0.5 is above cumulative_ceiling = "
                                          "0.2: .* contradict"):
        budget_policy(per_release_ceiling=0.5, cumulative_ceiling=0.2)
    path = tmp_path / "p.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nper_release_ceiling = 0.3\n'
                    'cumulative_ceiling = 0.2\n', encoding="utf-8")
    with pytest.raises(PolicyError, match=f"is above cumulative_ceiling = 0.2 \\({path}\\)"):
        load_policy(path)
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nper_release_ceiling = 0.3\n',
                    encoding="utf-8")
    with pytest.raises(PolicyError, match="per_release_ceiling = 0.3 is above cumulative_ceiling"):
        budget_policy(load_policy(path), cumulative_ceiling=0.2)


def test_safeguards_that_are_off_are_named(tmp_path):
    from spatial_privacy_plugin.policy import load_policy

    def notices(policy):
        return [template.format(**values) for template, values in policy.notices]
    loose = notices(budget_policy(per_release_ceiling=0.05, cumulative_ceiling=1.0))
    assert len(loose) == 2 and "cumulative_ceiling = 1 sets no limit" in loose[0]
    assert "No policy file: the ceilings (per-release 0.05, cumulative 1)" in loose[1]
    path = tmp_path / "p.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nper_release_ceiling = 1\n'
                    'cumulative_ceiling = 1.0\n', encoding="utf-8")
    assert [text.split(" sets")[0] for text in notices(budget_policy(load_policy(path)))] == \
        ["per_release_ceiling = 1", "cumulative_ceiling = 1"]
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nper_release_ceiling = 0.05\n'
                    'cumulative_ceiling = 0.2\n', encoding="utf-8")
    assert notices(budget_policy(load_policy(path))) == []
