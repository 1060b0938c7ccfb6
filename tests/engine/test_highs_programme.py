"""One programme's rows stacked once (``audit.highs.Programme``) give what ``linprog`` gives for
every objective: the same status (optimum, no solution, unbounded) and optimum,
for the relaxation and (where the relaxation has an optimum, as the audits use it) the integer
programme, with and without HiGHS's presolve."""

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import csr_matrix

from spatial_privacy_plugin.audit.highs import Programme


def random_programme(rng):
    n, m = int(rng.integers(2, 10)), int(rng.integers(1, 5))
    equalities = csr_matrix(rng.choice([-1.0, 0.0, 1.0], size=(m, n)))
    if rng.random() < 0.5:  # solvable: the rows of a whole-number point
        totals = equalities @ rng.integers(0, 6, n).astype(float)
    else:  # often without a solution
        totals = rng.integers(-3, 6, m).astype(float)
    inequalities = csr_matrix(rng.choice([-1.0, 0.0, 1.0], size=(2, n)))
    limits = rng.integers(-1, 8, 2).astype(float)
    bounds = [(0.0, None if rng.random() < 0.4 else float(rng.integers(1, 8)))
              for _ in range(n)]
    return dict(A_eq=equalities, b_eq=totals, A_ub=inequalities, b_ub=limits, bounds=bounds)


def test_every_objective_gets_linprogs_status_and_optimum():
    rng = np.random.default_rng(20261204)
    statuses = set()
    for _ in range(150):
        rows = random_programme(rng)
        programme = Programme(**rows)
        n = len(rows["bounds"])
        for target in range(n):
            for sign in (1.0, -1.0):
                objective = np.zeros(n)
                objective[target] = sign
                bounded = linprog(objective, method="highs", **rows).status == 0
                # The integer programme only where the relaxation has an optimum, as the
                # audits solve it (HiGHS's MIP solver may call an unbounded one optimal).
                for whole in (False, True) if bounded else (False,):
                    # None: the audits' choice (presolve for integer programmes only).
                    for presolve in (True, False, None):
                        expected = linprog(objective, method="highs",
                                           integrality=np.ones(n) if whole else None,
                                           options={"presolve": whole if presolve is None
                                                    else presolve}, **rows)
                        found = programme.solve(objective, whole, presolve)
                        if expected.status == 4:
                            continue  # linprog's HiGHS gave up (seen without presolve)
                        assert found.status == expected.status
                        if expected.status == 0:
                            assert abs(found.fun - expected.fun) < 1e-7
                            assert np.allclose(rows["A_eq"] @ found.x, rows["b_eq"])
                        statuses.add(found.status)
    assert {0, 2, 3} <= statuses  # optima, programmes without a solution, unbounded ones


def test_a_programme_without_rows_is_its_bounds():
    programme = Programme(bounds=[(1.0, 4.0), (0.0, None)])
    assert programme.solve(np.array([1.0, 0.0])).fun == 1.0
    assert programme.solve(np.array([-1.0, 0.0])).fun == -4.0
    assert programme.solve(np.array([0.0, -1.0])).status == 3
