"""Issue 42's policy, parameter and ledger rows: bad input × algorithm, through Processing.

Three tables on the good parameters of the bad-input matrix (``GOOD``): rows that
must be refused (a QgsProcessingException naming the problem, no traceback, nothing
written beside the outputs and every input file unchanged, byte for byte), rows that
must run but warn that a safeguard is off, and rows that must simply run.
"""

import sys
from pathlib import Path

import pytest
from matrix_layers import file_contents
from test_bad_input_matrix import BUDGET, DP_POLICY, DPGRID, DROP, GRID, POLICY_USERS, REASSESS, \
    assert_refused, matrix_cases, parameters_for, policy_file, read_only_path, recorded_ledger, \
    written_files
from test_bad_input_matrix import writable_again  # noqa: F401 (autouse: read-only paths undone)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from interrupted_ledger import interrupt_an_append  # noqa: E402 (the engine tests' crash)

JSON_POLICY = '{"rho": 0.1, "tolerance": 0.2, "counting_unit": "person", "epsilon_budget": 2%s}'
GAUSSIAN_POLICY = DP_POLICY + "delta = 1e-6\n"


def policy(text, name="policy.toml", encoding="utf-8"):
    """Every policy user given this policy file instead of a loose ρ (and of loose ceilings)."""
    return lambda i, o: {"POLICY": policy_file(i, text, encoding, name), "RHO": DROP,
                         "PER_RELEASE_CEILING": DROP, "CUMULATIVE_CEILING": DROP}


def with_bom(text):
    return "\ufeff" + text


def spent_dp_ledger(folder):
    """A ledger in which dataset 'mobility' spent its whole ε budget of 2 (written by the engine)."""
    from spatial_privacy_plugin.ledger.dp_budget import DpBudget, record_dp_release
    from spatial_privacy_plugin.ledger.store import Ledger
    from spatial_privacy_plugin.noise.dp_release import MECHANISM_LAPLACE, plan_noise
    path = folder / "spent.sqlite"
    record_dp_release(Ledger(path), "mobility", "dp0", plan_noise(MECHANISM_LAPLACE, 2.0, (100.0,), 1),
                      DpBudget(2.0, None, "h"), lambda decision, head: None)
    return str(path)


def truncated_ledger(folder):
    """The recorded ledger truncated to 0 bytes."""
    path = recorded_ledger(folder)
    path.write_bytes(b"")
    return str(path)


def vacuumed_ledger(folder):
    """The recorded ledger's table dropped, sqlite_sequence taken out, the file vacuumed."""
    import sqlite3
    path = recorded_ledger(folder)
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE ledger")
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute("DELETE FROM sqlite_master WHERE name = 'sqlite_sequence'")
    connection.execute("PRAGMA writable_schema = OFF")
    connection.execute("VACUUM")
    connection.close()
    return str(path)




def interrupted_ledger(folder):
    """The recorded ledger with the hot journal of an append a crash interrupted."""
    path = recorded_ledger(folder)
    interrupt_an_append(path)
    assert (folder / "recorded.sqlite-journal").stat().st_size > 0
    return path


def read_only_interrupted_ledger(folder):
    """The interrupted ledger, the ledger and its folder unwritable (for root too)."""
    path = interrupted_ledger(folder)
    read_only_path(path)
    read_only_path(folder)
    return str(path)


EMPTIED = "holds no ledger: it is empty, or its tables were dropped"
COMBINING_DOT = "mobi\u0307lity"  # i + U+0307: drawn like "mobility"

# input kind, algorithms, overrides (inputs, outputs) -> parameters, message fragment
REFUSED = [
    ("JSON policy with rho twice", POLICY_USERS,
     policy(JSON_POLICY.replace('"rho": 0.1,', '"rho": 0.1, "rho": 0.5,') % "", "policy.json"),
     "gives rho twice (0.1, then 0.5)"),
    ("TOML policy with rho twice", POLICY_USERS, policy(DP_POLICY + "rho = 0.5\n"),
     "gives rho twice"),
    ("per-release ceiling above the cumulative one in the policy", POLICY_USERS,
     policy(DP_POLICY + "per_release_ceiling = 0.5\ncumulative_ceiling = 0.2\n"),
     "per_release_ceiling = 0.5 is above cumulative_ceiling = 0.2"),
    ("per-release ceiling above the cumulative one given as values", (BUDGET,),
     lambda i, o: {"PER_RELEASE_CEILING": 0.5, "CUMULATIVE_CEILING": 0.2},
     "per_release_ceiling = 0.5 is above cumulative_ceiling = 0.2"),
    # ρ = 0.1: k = 10 withholds every cell of the matrix's people (4 a cell); grand total published
    ("protection_level 1e12", (GRID,), lambda i, o: dict(
        policy(DP_POLICY + "protection_level = 1e12\n")(i, o), MARGINALS=1),
     "leaves less than p = 1e+12 (the policy's protection_level) open"),
    ("Gaussian ε = 1e-300", (DPGRID,), lambda i, o: dict(
        policy(GAUSSIAN_POLICY, "dp.toml")(i, o), MECHANISM=1, EPSILON=1e-300),
     "ε = 1e-300 is below the smallest ε of one release, 1e-06"),
    ("Laplace ε = 1e-300", (DPGRID,), lambda i, o: {"EPSILON": 1e-300},
     "ε = 1e-300 is below the smallest ε of one release, 1e-06"),
    ("an extent of 10⁶ km at 1 m cells", (DPGRID,), lambda i, o: {
        "EXTENT": "0,1000000000,0,1000000000 [EPSG:3035]", "RESOLUTIONS": "1,2"},
     "The domain has 1000000000000000000 cells at the finest level, more than 4000000: give a "
     "smaller extent"),
    ("an extent without area", (DPGRID,), lambda i, o: {"EXTENT": "0,400,200,200 [EPSG:3035]"},
     "has no area (its width or height is 0)"),
    ("dataset name with a combining dot, after a release of the plain name", (BUDGET,),
     lambda i, o: {"LEDGER": str(recorded_ledger(i)), "DATASET": COMBINING_DOT},
     "The release id r1 is already in the ledger for this dataset"),
    ("dataset name with a combining dot, after the plain name spent its ε", (DPGRID,),
     lambda i, o: {"LEDGER": spent_dp_ledger(i), "DATASET": COMBINING_DOT},
     "above its epsilon_budget 2"),
    ("ledger truncated to 0 bytes", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER": truncated_ledger(i)}, EMPTIED),
    ("ledger whose table was dropped, sqlite_sequence removed, vacuumed", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER": vacuumed_ledger(i)}, EMPTIED),
    ("read-only ledger with a crash's journal", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER": read_only_interrupted_ledger(i), "RELEASE_ID": "r2"},
     "has beside it the journal of an append that was interrupted"),
    ("new ledger in a missing folder", (BUDGET, DPGRID),
     lambda i, o: {"LEDGER": str(i / "missing" / "ledger.sqlite")},
     "does not exist: nothing was recorded, and nothing was released. Give the programme's "
     "ledger file, or create the folder"),
    ("a ledger head of 10,000 characters", (BUDGET, REASSESS, DPGRID),
     lambda i, o: {"LEDGER_HEAD": "1" * 10_000}, "is not an entry number and a SHA-256 hash"),
]

# Rows that run, with the warning they must give.
WARNED = [
    ("a cumulative ceiling of 1 (no limit) in the policy", (BUDGET,),
     policy(DP_POLICY + "per_release_ceiling = 0.5\ncumulative_ceiling = 1.0\n"),
     "cumulative_ceiling = 1 sets no limit"),
    ("loose ceilings without a policy file", (BUDGET,), None,
     "No policy file: the ceilings (per-release 0.5, cumulative 0.9)"),
    ("δ = 0.9 for the Gaussian", (DPGRID,), lambda i, o: dict(
        policy(DP_POLICY + "delta = 0.9\n", "dp.toml")(i, o), MECHANISM=1),
     "δ = 0.9 in the policy"),
]

# Rows that simply run.
CEILINGS = "per_release_ceiling = 0.5\ncumulative_ceiling = 0.9\n"
ACCEPTED = [
    ("TOML policy with a UTF-8 byte order mark", POLICY_USERS,
     policy(with_bom(DP_POLICY + CEILINGS)), ()),
    ("JSON policy with a UTF-8 byte order mark", POLICY_USERS, policy(with_bom(
        JSON_POLICY % ', "per_release_ceiling": 0.5, "cumulative_ceiling": 0.9'), "policy.json"), ()),
    ("ledger with a crash's journal (undone)", (BUDGET, DPGRID),
     lambda i, o: {"LEDGER": str(interrupted_ledger(i)), "RELEASE_ID": "r2"},
     ("recorded.sqlite", "recorded.sqlite-journal")),
    ("ledger with a crash's journal (undone)", (REASSESS,),
     lambda i, o: {"LEDGER": str(interrupted_ledger(i))},
     ("recorded.sqlite", "recorded.sqlite-journal")),
]


@pytest.mark.parametrize("algorithm, change, fragment", matrix_cases(REFUSED))
def test_bad_policy_input_gets_a_clear_error_and_nothing_is_written(run, tmp_path, feedback,
                                                                    algorithm, change, fragment):
    assert_refused(run, tmp_path, feedback, algorithm, change, fragment)


@pytest.mark.parametrize("algorithm, change, fragment", matrix_cases(WARNED))
def test_a_safeguard_that_is_off_is_warned_of(run, tmp_path, feedback, algorithm, change,
                                              fragment):
    parameters, outputs = parameters_for(algorithm, change, tmp_path)
    run(algorithm, parameters, feedback)
    assert any(fragment in str(line) for line in feedback.messages), feedback.messages
    assert written_files(outputs)


@pytest.mark.parametrize("algorithm, change, changing", matrix_cases(ACCEPTED))
def test_input_that_is_only_saved_differently_runs(run, tmp_path, feedback, algorithm, change,
                                                   changing):
    """Every input file as it was, but ``changing`` (a ledger the run appends to); a run may add
    files beside them (a new ledger, a new key file)."""
    parameters, outputs = parameters_for(algorithm, change, tmp_path)
    inputs = file_contents(tmp_path / "inputs")
    run(algorithm, parameters, feedback)
    assert written_files(outputs)
    after = file_contents(tmp_path / "inputs")
    assert {name: after.get(name) for name in inputs if name not in changing} == \
        {name: data for name, data in inputs.items() if name not in changing}
