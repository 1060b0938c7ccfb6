"""Issue 42's policy, parameter and ledger rows: bad input × algorithm, through Processing.

Three tables on the good parameters of the bad-input matrix (``GOOD``): rows that
must be refused (a QgsProcessingException naming the problem, no traceback, nothing
written beside the outputs and every input file unchanged, byte for byte), rows that
must run but warn that a safeguard is off, and rows that must simply run.
"""

import pytest
from matrix_layers import file_contents
from qgis.core import QgsProcessingException
from test_bad_input_matrix import BUDGET, DP_POLICY, DPGRID, DROP, GRID, POLICY_USERS, REASSESS, \
    TRACEBACK_MARKERS, parameters_for, policy_file, recorded_ledger, written_files

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
     policy(with_bom(DP_POLICY + CEILINGS))),
    ("JSON policy with a UTF-8 byte order mark", POLICY_USERS, policy(with_bom(
        JSON_POLICY % ', "per_release_ceiling": 0.5, "cumulative_ceiling": 0.9'), "policy.json")),
]


def cases(rows):
    return [pytest.param(algorithm, *rest, id=f"{kind} / {algorithm}")
            for kind, algorithms, *rest in rows for algorithm in algorithms]


@pytest.mark.parametrize("algorithm, change, fragment", cases(REFUSED))
def test_bad_policy_input_gets_a_clear_error_and_nothing_is_written(run, tmp_path, feedback,
                                                                    algorithm, change, fragment):
    parameters, outputs = parameters_for(algorithm, change, tmp_path)
    inputs = file_contents(tmp_path / "inputs")
    with pytest.raises(QgsProcessingException) as caught:
        run(algorithm, parameters, feedback)
    message = str(caught.value)
    assert fragment in message
    for text in [message] + [str(line) for line in feedback.messages]:
        assert not any(marker in text for marker in TRACEBACK_MARKERS), text
    assert written_files(outputs) == []
    assert file_contents(tmp_path / "inputs") == inputs


@pytest.mark.parametrize("algorithm, change, fragment", cases(WARNED))
def test_a_safeguard_that_is_off_is_warned_of(run, tmp_path, feedback, algorithm, change,
                                              fragment):
    parameters, outputs = parameters_for(algorithm, change, tmp_path)
    run(algorithm, parameters, feedback)
    assert any(fragment in str(line) for line in feedback.messages), feedback.messages
    assert written_files(outputs)


@pytest.mark.parametrize("algorithm, change", cases(ACCEPTED))
def test_a_policy_file_that_is_only_saved_differently_runs(run, tmp_path, feedback, algorithm,
                                                           change):
    parameters, outputs = parameters_for(algorithm, change, tmp_path)
    inputs = file_contents(tmp_path / "inputs")
    run(algorithm, parameters, feedback)
    assert written_files(outputs)
    policies = [name for name in inputs if name.startswith("policy.")]
    assert policies and all(inputs[name] == (tmp_path / "inputs" / name).read_bytes()
                            for name in policies)

