"""One linear programme solved for many objectives (the attacker's least and greatest value of
each withheld number over the same rows).

``scipy.optimize.linprog`` checks and converts its rows on every call, which costs more than
the small programmes of an audit take to solve; here they are stacked once and every objective
goes to HiGHS through ``scipy.optimize.milp`` (its integrality all 0 for the relaxation). The
results read as ``linprog``'s: ``status`` (0 optimum, 2 no solution, 3 unbounded, 4 solver gave
up), ``fun`` and ``x``.
"""

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linprog, milp
from scipy.sparse import bmat, csc_matrix, csr_matrix, identity, vstack

GAVE_UP = 4  # linprog's status when HiGHS stops without an answer


class Programme:
    """Rows ``A_eq x = b_eq`` and ``A_ub x <= b_ub`` (each may be None) over unknowns within
    ``bounds`` ((low, high) per unknown, None or inf for no upper bound), as ``linprog`` takes
    them."""

    def __init__(self, A_eq=None, b_eq=None, A_ub=None, b_ub=None, bounds=None):  # noqa: N803
        blocks, lows, highs = [], [], []
        if A_eq is not None:
            blocks.append(A_eq)
            lows.append(np.asarray(b_eq, dtype=float))
            highs.append(np.asarray(b_eq, dtype=float))
        if A_ub is not None:
            blocks.append(A_ub)
            lows.append(np.full(A_ub.shape[0], -np.inf))
            highs.append(np.asarray(b_ub, dtype=float))
        box = np.array([(low, np.inf if high is None else high) for low, high in bounds],
                       dtype=float).reshape(-1, 2)
        self.n = len(box)
        self.bounds = Bounds(box[:, 0], box[:, 1])
        self.constraints = LinearConstraint(csc_matrix(vstack(blocks)), np.concatenate(lows),
                                            np.concatenate(highs)) if blocks else None

    def solve(self, objective, whole=False, presolve=None):
        """The optimum of ``objective`` (minimised); over whole numbers with ``whole``.
        ``presolve`` None: HiGHS's presolve for an integer programme; a relaxation is solved
        without it (the audits' programmes take a half to a third of the time: presolve costs
        more than it saves on them), and with it where the simplex alone gives up."""
        if presolve is None and not whole:
            result = self._milp(objective, False, False)
            if result.status != GAVE_UP:
                return result
        return self._milp(objective, whole, presolve is not False)

    def _milp(self, objective, whole, presolve):
        return milp(np.asarray(objective, dtype=float),
                    integrality=np.ones(self.n) if whole else None, bounds=self.bounds,
                    constraints=self.constraints, options={"presolve": presolve})


def least_slack(options):
    """The least total slack (a slack per row) that satisfies the rows of the linear programme
    of ``options`` (``linprog``'s arguments): 0 where the programme has a solution. That
    programme always has an optimum; None where HiGHS finds none all the same."""
    n = options["bounds"].shape[0]
    inequalities, equalities = options["A_ub"], options["A_eq"]
    n_ub = 0 if inequalities is None else inequalities.shape[0]
    n_eq = 0 if equalities is None else equalities.shape[0]
    slack = n_ub + 2 * n_eq
    elastic = {"bounds": np.vstack([options["bounds"], np.column_stack([np.zeros(slack),
                                                                        np.full(slack, np.inf)])]),
               "method": "highs"}
    if n_ub:
        elastic["A_ub"] = bmat([[inequalities, -identity(n_ub),
                                 csr_matrix((n_ub, 2 * n_eq))]]).tocsr()
        elastic["b_ub"] = options["b_ub"]
    if n_eq:
        elastic["A_eq"] = bmat([[equalities, csr_matrix((n_eq, n_ub)), identity(n_eq),
                                 -identity(n_eq)]]).tocsr()
        elastic["b_eq"] = options["b_eq"]
    result = linprog(np.concatenate([np.zeros(n), np.ones(slack)]), **elastic)
    return result.fun if result.status == 0 else None
