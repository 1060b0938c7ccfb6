"""Issue 42: a ledger path that held a ledger is never silently started afresh, even without a
head to check it against; a new ledger is born with its table; a crash's journal and a missing
folder are named for what they are."""

import os
import sqlite3
import subprocess

import pytest

from spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, summarise_zones
from spatial_privacy_plugin.ledger.dp_budget import DpBudget, record_dp_release
from spatial_privacy_plugin.ledger.store import Ledger, LedgerError
from spatial_privacy_plugin.noise.dp_release import MECHANISM_LAPLACE, plan_noise

from interrupted_ledger import interrupt_an_append

POLICY = budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.20)
EMPTIED = "holds no ledger: it is empty, or its tables were dropped"


def summary():
    return summarise_zones(["a", "b"], [0.01, 0.02], [100, 50], zones_hash=["v1", "v1"])


def recorded(path):
    assert gate_release(Ledger(path), "mobility", "r1", summary(), POLICY)[0].passed
    return path


def truncated(path):
    recorded(path).write_bytes(b"")
    return path


def dropped_and_vacuumed(path):
    """The ledger table dropped, sqlite_sequence taken out of the schema, the file vacuumed."""
    with sqlite3.connect(recorded(path)) as connection:
        connection.execute("DROP TABLE ledger")
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute("DELETE FROM sqlite_master WHERE name = 'sqlite_sequence'")
    connection.execute("PRAGMA writable_schema = OFF")
    connection.execute("VACUUM")
    connection.close()
    return path


def dp_release(ledger):
    return record_dp_release(ledger, "mobility", "dp9", plan_noise(MECHANISM_LAPLACE, 1.0, (100.0,), 1),
                             DpBudget(2.0, None, "h"), lambda decision, head: None)


@pytest.mark.parametrize("tamper", [truncated, dropped_and_vacuumed])
def test_an_emptied_ledger_is_refused_without_a_head(tmp_path, tamper):
    path = tamper(tmp_path / "ledger.sqlite")
    before = path.read_bytes()
    for attempt in (lambda: Ledger(path).read_entries(),
                    lambda: gate_release(Ledger(path), "mobility", "r2", summary(), POLICY),
                    lambda: dp_release(Ledger(path))):
        with pytest.raises(LedgerError, match=EMPTIED + ".*choose a path where no file exists"):
            attempt()
    assert path.read_bytes() == before
    assert sorted(item.name for item in tmp_path.iterdir()) == ["ledger.sqlite"]


def test_a_new_ledger_is_born_with_its_table(tmp_path):
    path = tmp_path / "ledger.sqlite"
    with Ledger(path).transaction():
        pass  # nothing appended: the ledger is there, with no entry
    assert Ledger(path).read_entries() == []
    assert gate_release(Ledger(path), "mobility", "r1", summary(), POLICY)[0].passed
    assert [entry["release_id"] for entry in Ledger(path).read_entries()] == ["r1"]
    assert sorted(item.name for item in tmp_path.iterdir()) == ["ledger.sqlite"]


def test_a_refused_first_release_leaves_no_ledger(tmp_path):
    path = tmp_path / "ledger.sqlite"
    decision, _ = gate_release(Ledger(path), "mobility", "r1",
                               summarise_zones(["a"], [0.5], [10]), POLICY)
    assert not decision.passed and list(tmp_path.iterdir()) == []


def test_a_new_ledger_in_a_missing_folder_names_the_folder(tmp_path):
    path = tmp_path / "missing" / "ledger.sqlite"
    for attempt in (lambda: Ledger(path).read_entries(),
                    lambda: Ledger(path).transaction().__enter__(),
                    lambda: dp_release(Ledger(path))):
        with pytest.raises(LedgerError, match=f"The folder {tmp_path / 'missing'} of the ledger "
                                              ".* does not exist"):
            attempt()
    assert list(tmp_path.iterdir()) == []


def interrupted(path):
    recorded(path)
    interrupt_an_append(path)
    assert os.path.getsize(f"{path}-journal") > 0
    return path


def test_an_append_a_crash_interrupted_is_undone_and_the_ledger_read(tmp_path):
    path = interrupted(tmp_path / "ledger.sqlite")
    assert [entry["release_id"] for entry in Ledger(path).read_entries()] == ["r1"]
    assert gate_release(Ledger(path), "mobility", "r2", summary(), POLICY)[0].passed


def read_only(paths):
    """Make ``paths`` unwritable (for root too: immutable); returns the undo."""
    if os.geteuid() != 0:
        for path in paths:
            path.chmod(0o555 if path.is_dir() else 0o444)
        return lambda: [path.chmod(0o755 if path.is_dir() else 0o644) for path in paths]
    done = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"cannot make a file immutable here: {done.stderr.strip()}")
    return lambda: subprocess.run(["chattr", "-i", *map(str, paths)], check=True)


def test_a_crash_journal_beside_a_read_only_ledger_is_named(tmp_path):
    path = interrupted(tmp_path / "ledger.sqlite")
    undo = read_only([path, tmp_path])
    try:
        with pytest.raises(LedgerError, match="journal of an append that was interrupted .*No "
                                              "committed entry is lost"):
            Ledger(path).read_entries()
    finally:
        undo()
