"""Reference bounds for the audit tests: one plain LP per variable end, nothing skipped."""

import numpy as np
from scipy.optimize import linprog


def plain_lp_bounds(n, equalities, bounds, differences=(), delta=0.0):
    """Min and max of each of ``n`` variables.

    ``equalities``: (variable indices, total) rows; ``bounds``: (low, high)
    per variable (high None: unbounded); ``differences``: (a, b) pairs with
    |x[a] - x[b]| <= delta.
    """
    a_eq = [np.bincount(np.asarray(cells), minlength=n).astype(float) for cells, _ in equalities]
    b_eq = [total for _, total in equalities]
    a_ub = []
    for first, second in differences:
        for sign in (1.0, -1.0):
            row = np.zeros(n)
            row[first], row[second] = sign, -sign
            a_ub.append(row)
    lower, upper = np.zeros(n), np.zeros(n)
    for i in range(n):
        objective = np.zeros(n)
        objective[i] = 1.0
        ends = [linprog(sign * objective, A_eq=a_eq or None, b_eq=b_eq or None, A_ub=a_ub or None,
                        b_ub=[delta] * len(a_ub) or None, bounds=bounds, method="highs")
                for sign in (1.0, -1.0)]
        assert ends[0].status == 0, ends[0].message
        lower[i] = ends[0].fun
        upper[i] = np.inf if ends[1].status == 3 else -ends[1].fun
    return lower, upper
