"""A budget cannot be spent without being charged, nor restarted by editing the ledger (issue 34).

The ledger is charged before any noise is drawn or output written, so a ledger
that cannot be written releases nothing. What the hash chain alone cannot see
(the last entries deleted with their sequence, every entry deleted, the table
dropped, the file replaced, every hash recomputed) the anchor sees: the head a
release output carries.
"""

import json
import sqlite3

import pytest

from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, reassess, \
    summarise_zones
from spatial_privacy_plugin.ledger.dp_budget import DpBudget, record_dp_release
from spatial_privacy_plugin.ledger.names import check_name, name_key
from spatial_privacy_plugin.ledger.store import CONTENT, GENESIS, Head, Ledger, LedgerError, \
    entry_hash, parse_head
from spatial_privacy_plugin.noise import dp_release

BUDGET = DpBudget(2.0, None, "policy-hash")
POLICY = budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.20)
ZONES = summarise_zones(["a", "b"], [0.01, 0.04], [100, 50], zones_hash=["z", "z"])


def laplace(epsilon=1.0):
    return dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, epsilon, (1000.0, 2000.0), 1)


class Release:
    """Stands for drawing the noise and writing the output: records the heads it was given."""

    def __init__(self):
        self.heads = []

    def __call__(self, decision, head):
        self.heads.append(head)
        return "written"


def programme(tmp_path):
    """A ledger with a risk-budget release and a DP release of 'mobility': (path, their heads)."""
    path = tmp_path / "ledger.sqlite"
    first = gate_release(Ledger(path), "mobility", "r1", ZONES, POLICY)[1]
    second = record_dp_release(Ledger(path), "mobility", "dp1", laplace(), BUDGET, Release())[1]
    return path, [first, second]


def edit(path, *statements):
    with sqlite3.connect(path) as connection:
        for statement in statements:
            connection.execute(statement)
    connection.close()


# Charged before anything is released --------------------------------------------------------

@pytest.mark.parametrize("unwritable", ["file", "folder"])
def test_a_read_only_ledger_releases_nothing_and_spends_nothing(tmp_path, read_only, unwritable):
    path, _ = programme(tmp_path)
    before = Ledger(path).read_entries()
    read_only(path if unwritable == "file" else tmp_path)
    release, recorded = Release(), []
    for attempt in range(2):  # a refusal, not a free run to repeat
        with pytest.raises(LedgerError, match="cannot be written .*nothing was recorded, and "
                                              "nothing was released"):
            record_dp_release(Ledger(path), "mobility", f"dp{attempt + 2}", laplace(0.5), BUDGET,
                              release)
        with pytest.raises(LedgerError, match="cannot be written"):
            gate_release(Ledger(path), "mobility", f"r{attempt + 2}", ZONES, POLICY,
                         after_charge=lambda decision, head: recorded.append(head))
    assert release.heads == [] and recorded == []  # no noise drawn, no record written
    assert Ledger(path).read_entries() == before
    # Only reading still works on a read-only ledger (a dry run of the gate).
    assert gate_release(Ledger(path), "mobility", "r9", ZONES, POLICY, record=False)[0].passed


def test_the_output_carries_the_entry_its_release_made(tmp_path):
    path, heads = programme(tmp_path)
    entries = Ledger(path).read_entries()
    assert heads == [(1, entries[0]["entry_hash"]), (2, entries[1]["entry_hash"])]
    release = Release()
    decision, head, result = record_dp_release(Ledger(path), "mobility", "dp2", laplace(0.5),
                                               BUDGET, release)
    assert release.heads == [head] == [Ledger(path).head()] and head.seq == 3


def test_a_refused_release_on_a_new_ledger_leaves_no_file(tmp_path):
    path = tmp_path / "new.sqlite"
    assert not record_dp_release(Ledger(path), "d", "r1", laplace(3.0), BUDGET, Release())[0].passed
    assert not gate_release(Ledger(path), "d", "r1", summarise_zones(["a"], [0.5], [10]),
                            POLICY)[0].passed
    with pytest.raises(InputError, match="no release of dataset d"):
        reassess(Ledger(path), "d", None, lambda release, basis: ZONES)
    assert not path.exists()


# The anchor ---------------------------------------------------------------------------------

def truncate_last(path):
    edit(path, "DELETE FROM ledger WHERE seq = (SELECT max(seq) FROM ledger)",
         "UPDATE sqlite_sequence SET seq = seq - 1 WHERE name = 'ledger'")


def empty(path):
    edit(path, "DELETE FROM ledger", "DELETE FROM sqlite_sequence")


def rewrite(path):
    """Change the first entry's risk and recompute every hash after it: the chain verifies."""
    connection = sqlite3.connect(path)
    connection.row_factory = sqlite3.Row
    rows = [dict(row) for row in connection.execute("SELECT * FROM ledger ORDER BY seq")]
    rows[0]["worst_p_reid"] = 0.0001
    previous = GENESIS
    for row in rows:
        row["previous_hash"] = previous
        row["entry_hash"] = previous = entry_hash(row)
        connection.execute("UPDATE ledger SET worst_p_reid = ?, previous_hash = ?, entry_hash = ? "
                           "WHERE seq = ?", (row["worst_p_reid"], row["previous_hash"],
                                             row["entry_hash"], row["seq"]))
    connection.commit()
    connection.close()


def replace(path):
    path.unlink()


TAMPERING = {"the last entry deleted with its sequence": truncate_last,
             "every entry deleted and the sequence emptied": empty,
             "every hash recomputed after a change": rewrite,
             "the ledger file deleted": replace}


@pytest.mark.parametrize("tamper", TAMPERING.values(), ids=list(TAMPERING))
def test_tampering_the_chain_cannot_see_is_refused_given_the_head_of_a_release(tmp_path, tamper):
    path, heads = programme(tmp_path)
    tamper(path)
    Ledger(path).read_entries()  # the chain alone does not see it ...
    for head in (heads[-1], Head(None, heads[-1].hash)):  # ... the anchor does
        ledger = Ledger(path, [head])
        with pytest.raises(LedgerError, match="does not hold the entry"):
            ledger.read_entries()
        with pytest.raises(LedgerError, match="does not hold the entry"):
            record_dp_release(ledger, "mobility", "dp2", laplace(0.5), BUDGET, Release())
        with pytest.raises(LedgerError, match="does not hold the entry"):
            gate_release(ledger, "mobility", "r2", ZONES, POLICY)
        with pytest.raises(LedgerError, match="does not hold the entry"):
            reassess(ledger, "mobility", None, lambda release, basis: ZONES)
    assert path.exists() == (tamper is not replace)  # a missing ledger is not started afresh


def test_the_heads_of_an_intact_ledger_pass(tmp_path):
    path, heads = programme(tmp_path)
    ledger = Ledger(path, heads + [Head(0, GENESIS), Head(None, heads[0].hash)])
    assert gate_release(ledger, "mobility", "r2", ZONES, POLICY)[0].passed
    assert len(Ledger(path, heads).read_entries()) == 3  # a head stays valid as the ledger grows
    with pytest.raises(LedgerError, match="does not hold the entry 1:"):
        Ledger(path, [Head(1, heads[1].hash)]).read_entries()  # the right hash at another entry


def test_a_dropped_table_is_refused_without_any_head(tmp_path):
    path, _ = programme(tmp_path)
    edit(path, "DROP TABLE ledger")
    for read in (lambda: Ledger(path).read_entries(),
                 lambda: gate_release(Ledger(path), "mobility", "r2", ZONES, POLICY),
                 lambda: record_dp_release(Ledger(path), "mobility", "dp2", laplace(), BUDGET,
                                           Release())):
        with pytest.raises(LedgerError, match="holds no ledger table: the table was dropped"):
            read()


@pytest.mark.parametrize("column", ["details", "entry_hash", "seq", "worst_p_reid"])
def test_a_ledger_with_a_column_missing_is_refused_by_name(tmp_path, column):
    path, _ = programme(tmp_path)
    kept = [name for name in ("seq",) + CONTENT + ("entry_hash",) if name != column]
    edit(path, f"CREATE TABLE copy AS SELECT {', '.join(kept)} FROM ledger", "DROP TABLE ledger",
         "ALTER TABLE copy RENAME TO ledger")
    for read in (lambda: Ledger(path).read_entries(),
                 lambda: reassess(Ledger(path), "mobility", None, lambda release, basis: ZONES)):
        with pytest.raises(LedgerError, match=f"lacks the column\\(s\\) {column}:"):
            read()


@pytest.mark.parametrize("text, head", [
    ("3:" + "ab" * 32, Head(3, "ab" * 32)), (" " + "AB" * 32 + " ", Head(None, "ab" * 32))])
def test_heads_are_read_as_entry_and_hash(text, head):
    assert parse_head(text) == head and parse_head(str(head)) == head


@pytest.mark.parametrize("text", ["", "3:abc", "x:" + "ab" * 32, "-1:" + "ab" * 32, "ab" * 33,
                                  "٣:" + "ab" * 32])
def test_a_head_that_is_not_one_is_refused(text):
    with pytest.raises(InputError, match="is not an entry number and a SHA-256 hash"):
        parse_head(text)


# Dataset names ------------------------------------------------------------------------------

@pytest.mark.parametrize("name, fragment", [
    ("mob\u0456lity", "mixes the scripts cyrillic, latin"),  # a Cyrillic і for the i
    ("\u0441linics", "mixes the scripts cyrillic, latin"),  # a Cyrillic с
    ("m" * 10_000, "has 10000 characters, more than 200"),
    ("m" * 201, "has 201 characters, more than 200")])
def test_names_that_would_open_a_fresh_budget_are_refused(tmp_path, name, fragment):
    path, _ = programme(tmp_path)
    for attempt in (lambda: gate_release(Ledger(path), name, "r2", ZONES, POLICY),
                    lambda: gate_release(Ledger(path), "mobility", name, ZONES, POLICY),
                    lambda: record_dp_release(Ledger(path), name, "dp2", laplace(), BUDGET,
                                              Release())):
        with pytest.raises(InputError, match=fragment):
            attempt()
    assert len(Ledger(path).read_entries()) == 2


def test_a_trailing_full_stop_is_the_same_dataset(tmp_path):
    path, _ = programme(tmp_path)
    for spelling in ("mobility.", "Mobility!", "mobility. ", "mobility…"):
        decision = record_dp_release(Ledger(path), spelling, f"dp-{spelling}", laplace(1.5),
                                     BUDGET, Release())[0]
        assert not decision.passed and decision.epsilon_before == pytest.approx(1.0)
    assert name_key("2026-R1.") == name_key("2026-r1")


@pytest.mark.parametrize("name", ["мобильность", "Κινητικότητα", "東京 mobility 2026",
                                  "m" * 200, "Région Île-de-France"])
def test_names_in_one_script_or_an_accepted_mix_pass(name):
    assert check_name(name) == name


def test_the_anchor_is_what_an_output_records(tmp_path):
    """The head a release reports is the entry that holds its own figures."""
    path, heads = programme(tmp_path)
    entry = Ledger(path).read_entries()[heads[1].seq - 1]
    assert entry["release_id"] == "dp1" and json.loads(entry["details"])["epsilon"] == 1.0
    assert entry["entry_hash"] == heads[1].hash
