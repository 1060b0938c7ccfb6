"""One linear programme solved for many objectives (the attacker's least and greatest value of
each withheld number over the same rows).

``scipy.optimize.linprog`` checks and converts its rows on every call, which costs more than
the small programmes of an audit take to solve; here they are stacked once and every objective
goes to HiGHS through ``scipy.optimize.milp`` (its integrality all 0 for the relaxation). The
results read as ``linprog``'s: ``status`` (0 optimum, 2 no solution, 3 unbounded, 4 solver gave
up), ``fun`` and ``x``.
"""

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csc_matrix, vstack

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
