"""Bounds of withheld totals: under SPEC section 7 a total is a cell of the release like any
other, so a total left blank is a withheld cell whose value is the sum of its cells.

The attacker's system is the one ``intervals.attacker_intervals`` solves (published
equalities, lower sums, upper sums, each cell's own box); a withheld total's interval is the
minimum and maximum of the sum of its cells over that system, in whole numbers, plus the
published part of the total. Nested totals (cells, parents, grand totals, the number of
people) take the closed forms of ``tree``; the rest goes to ``programmes.sum_bounds`` (flow
networks where the rows allow, integer programmes otherwise).
"""

import numpy as np
from scipy.sparse import csr_matrix

from ..errors import Cancelled
from .intervals import EXACT_WIDTH, Intervals, block_programme, nested_sums_bounds, \
    solve_extreme
from .programmes import sum_bounds


def withheld_sum_intervals(values, withheld, equalities, targets, lower, upper, at_least=(),
                           at_most=(), is_canceled=None):
    """Intervals (``Intervals``) of the sums over each of ``targets`` (cell index arrays).

    ``values``: the cells' counts (only published ones are read); ``withheld``: mask of
    withheld cells; ``equalities`` / ``at_least`` / ``at_most``: (cells, total) pairs as in
    ``attacker_intervals``; ``lower``/``upper``: each cell's own box; ``is_canceled``: asked
    per block of the programme.
    """
    values = np.asarray(values, dtype=float)
    withheld = np.asarray(withheld, dtype=bool)
    hidden = np.flatnonzero(withheld)
    local = np.full(len(values), -1, dtype=np.int64)
    local[hidden] = np.arange(len(hidden))
    known = np.where(withheld, 0.0, np.nan_to_num(values))
    lower, upper = np.asarray(lower, dtype=float), np.asarray(upper, dtype=float)
    nested = nested_sums_bounds(withheld, np.where(withheld, lower, known),
                                np.where(withheld, upper, known), equalities, at_least, at_most,
                                targets)
    if nested is not None:
        return Intervals(np.ceil(nested[2] - EXACT_WIDTH), np.floor(nested[3] + EXACT_WIDTH))

    def residual_row(cells, total, low_side, high_side):
        cells = np.asarray(cells, dtype=np.int64)
        rest = total - float(known[cells].sum())
        return local[cells[withheld[cells]]], rest if low_side else -np.inf, \
            rest if high_side else np.inf

    rows = [residual_row(cells, total, True, True) for cells, total in equalities]
    rows += [residual_row(cells, total, True, False) for cells, total in at_least]
    rows += [residual_row(cells, total, False, True) for cells, total in at_most]
    box_lower = lower[hidden]
    rows += [(np.array([index]), low, np.inf) for index, low in enumerate(box_lower) if low > 0]
    rows = [row for row in rows if len(row[0])]
    published_part = np.array([float(known[np.asarray(cells, dtype=np.int64)].sum())
                               for cells in targets])
    local_targets = [local[np.asarray(cells, dtype=np.int64)[withheld[np.asarray(
        cells, dtype=np.int64)]]] for cells in targets]
    low, high = sum_bounds(rows, upper[hidden], local_targets,
                           is_canceled=is_canceled)
    return Intervals(published_part + low, published_part + high)


def block_sum_bounds(sums, variables, rows, lower, upper, pairs=(), delta=0.0, at_least=(),
                     at_most=(), integer=True, is_canceled=None, known=None):
    """(least, greatest) of the sum over each of ``sums`` (arrays of ``variables``) over one
    block's system as ``intervals.bounds_by_programming`` takes it, or None when it has no
    solution. ``known``: valid (least, greatest) per sum, e.g. its cells' bounds added up;
    a solution that reaches one proves it exact, so its programme is skipped.
    ``is_canceled`` is asked before every programme."""
    system = block_programme(variables, rows, lower, upper, pairs, delta, at_least, at_most)
    if system is None:
        return None
    programme, outer_lower, outer_upper, position = system
    places = [position.get_indexer(np.asarray(members, dtype=np.int64)) for members in sums]
    members = csr_matrix((np.ones(sum(map(len, places))),
                          (np.repeat(np.arange(len(sums)), list(map(len, places))),
                           np.concatenate(places))), shape=(len(sums), len(position)))
    # Propagated bounds hold where a programme gives up; unbounded above stays inf.
    least = np.array([outer_lower[found].sum() for found in places])
    greatest = np.array([outer_upper[found].sum() for found in places])
    if known is not None:
        least, greatest = np.maximum(least, known[0]), np.minimum(greatest, known[1])
    seen_least, seen_greatest = np.full(len(sums), np.inf), np.full(len(sums), -np.inf)
    for index in range(len(sums)):
        for sign in (1.0, -1.0):
            if seen_least[index] <= least[index] + EXACT_WIDTH if sign > 0 else \
                    seen_greatest[index] >= greatest[index] - EXACT_WIDTH:
                continue
            if is_canceled is not None and is_canceled():
                raise Cancelled()
            result = solve_extreme(programme, sign * members[index].toarray().ravel(), integer)
            if result.status == 2:
                return None
            if result.status != 0:
                continue  # unbounded above, or given up: the valid bound stands
            reached = members @ result.x
            seen_least, seen_greatest = np.minimum(seen_least, reached), \
                np.maximum(seen_greatest, reached)
            if sign > 0:
                least[index] = max(least[index], result.fun)
            else:
                greatest[index] = min(greatest[index], -result.fun)
    return least, greatest
