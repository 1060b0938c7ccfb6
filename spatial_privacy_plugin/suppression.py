"""Complementary suppression and the attacker's linear-programming audit.

A published table is a set of cells and a set of published linear equalities
(each: a set of cells and their published sum, e.g. the grand total, row and
column totals, or the totals of coarser parent cells). An attacker who knows
every published value and every equality, and that counts are >= 0, can bound
each withheld cell by linear programming:

    min / max x_i  subject to  sum_{j in E} x_j = total_E - published_E  for every E,
                               x >= 0  (x: the withheld cells).

A withheld cell whose interval is narrower than the protection level p is
(nearly) disclosed; width 0 means exactly recovered. Primary cells must have
width >= p (and, where the policy asks, an upper bound >= k so that a reader
cannot even conclude the cell was small).
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.optimize import linprog
from scipy.sparse import csr_matrix

from .errors import N_, Cancelled, InputError

EXACT_WIDTH = 1e-6  # an interval narrower than this is an exact disclosure
CONTRADICTION = N_("The published totals contradict each other (no non-negative counts satisfy "
                   "them): check that every total was computed from the same data, as a sum of "
                   "the cells it covers.")


@dataclass(frozen=True)
class Intervals:
    """Attacker bounds per cell (published cells: their value, both ends)."""

    lower: np.ndarray
    upper: np.ndarray

    @property
    def width(self):
        return self.upper - self.lower


def equalities_from_groups(groups):
    """Equalities from a label per cell: one equality per distinct label (NaN/None: in none).

    Totals are filled in by the caller (``with_totals``) from the true values.
    """
    labels = np.asarray(groups, dtype=object)
    present = np.array([label is not None and label == label for label in labels])
    order = {}
    for index in np.flatnonzero(present):
        order.setdefault(labels[index], []).append(index)
    return [np.asarray(cells, dtype=np.int64) for cells in order.values()]


def with_totals(cell_sets, values):
    """(cells, total) pairs: the totals a publisher would print for these cell sets."""
    values = np.asarray(values, dtype=float)
    return [(cells, float(values[cells].sum())) for cells in cell_sets]


def _residual_rows(values, withheld, equalities):
    """Equalities over withheld cells only, with the published part subtracted.

    Rows with no withheld cell carry no information about them and are left
    out, and duplicates merged. When the rows are nested or disjoint (a
    laminar family: the grand total, parent cells, grandparents), each row is
    replaced by the sum of its *free* cells, those in no smaller row:
    ``sum(free cells of A) = R_A - sum(R_C for the largest rows C inside A)``.
    The system has the same solutions, and the rows become disjoint, so every
    bound follows without linear programming.
    """
    rows = {}
    for cells, total in equalities:
        cells = np.asarray(cells, dtype=np.int64)
        hidden = cells[withheld[cells]]
        if len(hidden) == 0:
            continue
        residual = total - float(np.sum(values[cells[~withheld[cells]]]))
        rows.setdefault(frozenset(hidden.tolist()), residual)
    freed = _free_rows(rows)
    if freed is not None:
        return freed
    return [(np.array(sorted(key), dtype=np.int64), residual) for key, residual in rows.items()]


def _free_rows(rows):
    """The disjoint form of a laminar family of rows, or None when rows cross."""
    by_size = sorted(rows, key=len)
    chains = {}  # cell -> the rows holding it, smallest first
    for key in by_size:
        for cell in key:
            chains.setdefault(cell, []).append(key)
    parent = {}  # row -> the smallest row strictly containing it
    for chain in chains.values():
        for inner, outer in zip(chain, chain[1:]):
            known = parent.get(inner)
            if known is None:
                if not inner < outer:
                    return None  # two rows share a cell without one containing the other
                parent[inner] = outer
            elif known is not outer:
                return None
    children_sum = {}
    for child, outer in parent.items():
        children_sum[outer] = children_sum.get(outer, 0.0) + rows[child]
    free = {}
    for cell, chain in chains.items():
        free.setdefault(chain[0], []).append(cell)
    result = []
    for key in by_size:
        free_sum = rows[key] - children_sum.get(key, 0.0)
        cells = free.get(key)
        if cells is None:
            if abs(free_sum) > EXACT_WIDTH:
                raise InputError(CONTRADICTION)
            continue
        result.append((np.array(sorted(cells), dtype=np.int64), free_sum))
    return result


def _components(rows):
    """Groups of row indices that share withheld cells (union-find over cells)."""
    parent = list(range(len(rows)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner = {}
    for row_index, (cells, _) in enumerate(rows):
        for cell in cells.tolist():
            if cell in owner:
                parent[find(row_index)] = find(owner[cell])
            else:
                owner[cell] = row_index
    groups = {}
    for row_index in range(len(rows)):
        groups.setdefault(find(row_index), []).append(row_index)
    return list(groups.values())


def single_row_bounds(residual, lower, upper):
    """Bounds of each x_i when sum(x) = residual and lower <= x <= upper (closed form), or None
    when no x satisfies them."""
    if residual < lower.sum() - EXACT_WIDTH or residual > upper.sum() + EXACT_WIDTH:
        return None
    infinite = np.isinf(upper)
    finite_sum = upper[~infinite].sum()
    others_infinite = (infinite.sum() - infinite) > 0
    others_upper = np.where(others_infinite, np.inf,
                            finite_sum - np.where(infinite, 0.0, upper))
    others_lower = lower.sum() - lower
    return (np.maximum(lower, residual - others_upper),
            np.minimum(upper, residual - others_lower))


def _outer_bounds(matrix, totals, pairs, delta, lower, upper, passes=20):
    """Valid (possibly loose) bounds by propagating each constraint until nothing moves.

    ``matrix``: the rows as a sparse 0/1 matrix; ``pairs``: (a, b) positions.
    """
    lower, upper = lower.copy(), upper.copy()
    entries = matrix.tocoo()
    row_of, variable_of = entries.row, entries.col
    for _ in range(passes):
        before = (lower.copy(), upper.copy())
        if len(totals):
            # Each row bounds each of its variables by its total less the others' extreme ends.
            infinite = np.isinf(upper)
            finite_upper = np.where(infinite, 0.0, upper)
            lower_sum = matrix @ lower
            upper_sum = matrix @ finite_upper
            infinite_count = matrix @ infinite.astype(float)
            others_lower = lower_sum[row_of] - lower[variable_of]
            others_upper = np.where(infinite_count[row_of] - infinite[variable_of] > 0, np.inf,
                                    upper_sum[row_of] - finite_upper[variable_of])
            np.minimum.at(upper, variable_of, totals[row_of] - others_lower)
            np.maximum.at(lower, variable_of, totals[row_of] - others_upper)
        if len(pairs):
            first, second = pairs[:, 0], pairs[:, 1]
            np.minimum.at(upper, first, upper[second] + delta)
            np.minimum.at(upper, second, upper[first] + delta)
            np.maximum.at(lower, first, lower[second] - delta)
            np.maximum.at(lower, second, lower[first] - delta)
        if np.array_equal(before[0], lower) and np.array_equal(before[1], upper):
            break
    return lower, upper


def bounds_by_programming(variables, rows, lower, upper, pairs=(), delta=0.0, integer=False,
                          classes=None):
    """Min and max of every variable of one block, by LP (MILP with ``integer``).

    Constraints: ``sum(x[cells]) = total`` for each (cells, total) row,
    ``lower <= x <= upper``, and ``|x[a] - x[b]| <= delta`` for each pair
    (a, b) of variables. Returns (lower, upper), or None when infeasible.
    Bounds found by propagation are valid but may be loose; a bound that
    some solution already reaches is exact, so its programme is skipped
    (most withheld cells reach 0 or their row's residual in some solution).
    Variables with the same label in ``classes`` are interchangeable (the
    system maps onto itself when they are swapped), so share their bounds:
    one programme pair per class. Matrices are sparse: a block may hold a
    whole country's withheld cells under one grand total.
    """
    variables = np.asarray(variables)
    n = len(variables)
    position = pd.Index(variables)
    row_cells = [np.asarray(cells, dtype=np.int64) for cells, _ in rows]
    row_index = np.repeat(np.arange(len(rows)), [len(cells) for cells in row_cells])
    columns = position.get_indexer(np.concatenate(row_cells)) if rows else np.empty(0, np.int64)
    matrix = csr_matrix((np.ones(len(columns)), (row_index, columns)), shape=(len(rows), n))
    totals = np.array([total for _, total in rows], dtype=float)
    pair_positions = position.get_indexer(np.asarray(pairs, dtype=np.int64).ravel()).reshape(-1, 2)
    outer_lower, outer_upper = _outer_bounds(matrix, totals, pair_positions, delta,
                                             np.asarray(lower, dtype=float),
                                             np.asarray(upper, dtype=float))
    if np.any(outer_lower > outer_upper + EXACT_WIDTH):
        return None
    n_pairs = len(pair_positions)
    differences = csr_matrix(
        (np.tile([1.0, -1.0, -1.0, 1.0], n_pairs),
         (np.repeat(np.arange(2 * n_pairs), 2),
          np.column_stack([pair_positions, pair_positions]).ravel())),
        shape=(2 * n_pairs, n))
    box = [(low, None if np.isinf(high) else high) for low, high in zip(outer_lower, outer_upper)]
    options = {"A_eq": matrix if len(rows) else None, "b_eq": totals if len(rows) else None,
               "A_ub": differences if n_pairs else None,
               "b_ub": np.full(2 * n_pairs, float(delta)) if n_pairs else None,
               "bounds": box, "method": "highs"}
    seen_lower, seen_upper = np.full(n, np.inf), np.full(n, -np.inf)
    exact_lower, exact_upper = outer_lower.copy(), outer_upper.copy()
    _, first_of_class, class_of = np.unique(np.arange(n) if classes is None else classes,
                                            return_index=True, return_inverse=True)
    for i in first_of_class:
        for sign in (1.0, -1.0):
            reached = seen_lower[i] <= outer_lower[i] + EXACT_WIDTH if sign > 0 \
                else seen_upper[i] >= outer_upper[i] - EXACT_WIDTH
            if reached:
                continue
            objective = np.zeros(n)
            objective[i] = sign
            result = linprog(objective, **options)
            # A whole-number optimum of the relaxation is the integer optimum too (common: two
            # releases under nested totals form a network matrix); otherwise solve the MILP.
            if integer and result.status == 0 and \
                    np.abs(result.x - np.round(result.x)).max(initial=0.0) > EXACT_WIDTH:
                result = linprog(objective, integrality=np.ones(n), **options)
            if result.status == 2:
                return None
            if result.status == 3:  # unbounded: only possible for the maximum
                continue
            seen_lower = np.minimum(seen_lower, result.x)
            seen_upper = np.maximum(seen_upper, result.x)
            if sign > 0:
                exact_lower[i] = max(outer_lower[i], result.fun)
            else:
                exact_upper[i] = min(outer_upper[i], -result.fun)
    return exact_lower[first_of_class][class_of], exact_upper[first_of_class][class_of]


def attacker_intervals(values, withheld, equalities, integer=False):
    """Bounds an attacker derives for every cell from what is published.

    ``values``: cell counts (only the published ones are read); ``withheld``:
    mask of cells not published; ``equalities``: (cell indices, published
    total) pairs. With ``integer`` the bounds are those of whole-number counts
    (an LP bound of 2.5 is really 2). Published cells get [value, value];
    a withheld cell in no equality gets [0, inf).
    """
    values = np.asarray(values, dtype=float)
    withheld = np.asarray(withheld, dtype=bool)
    known = np.where(withheld, 0.0, np.nan_to_num(values))
    lower = np.where(withheld, 0.0, known)
    upper = np.where(withheld, np.inf, known)
    rows = _residual_rows(known, withheld, equalities)
    for block in _components(rows):
        block_rows = [rows[i] for i in block]
        variables = np.unique(np.concatenate([cells for cells, _ in block_rows]))
        no_lower, no_upper = np.zeros(len(variables)), np.full(len(variables), np.inf)
        if len(block_rows) == 1:  # one equality: each cell ranges over [0, R], exact when alone
            bounds = single_row_bounds(block_rows[0][1], no_lower, no_upper)
        else:
            bounds = bounds_by_programming(variables, block_rows, no_lower, no_upper,
                                           integer=integer)
        if bounds is None:
            raise InputError(CONTRADICTION)
        lower[variables], upper[variables] = bounds
    return Intervals(lower, upper)


def protection_failures(intervals, primary, protection, k=None):
    """Primary cells whose interval is narrower than p (or, given k, whose upper bound is below k)."""
    failing = primary & (intervals.width < protection - EXACT_WIDTH)
    if k is not None:
        failing |= primary & (intervals.upper < k - EXACT_WIDTH)
    return failing


def _candidates(cell, values, cells_of_row, rows_of_cell, withheld, taken, need):
    """Published cells whose withholding can widen a failing cell's interval.

    A fully withheld equality pins the sum of its cells, so the cell's upper
    bound stays at that sum whatever else is withheld: when the sum is below
    ``need`` nothing helps (an empty answer). Otherwise the open equality
    with the smallest withheld sum binds the upper bound and is widened
    first; when all its equalities are closed, the equalities of the withheld
    cells beside it are tried (to break an exact determination by a cycle).
    """
    rows = rows_of_cell.get(cell, [])
    for row in rows:
        cells = cells_of_row[row]
        if withheld[cells].all() and values[cells].sum() < need:
            return np.empty(0, dtype=np.int64)

    def published_in(row_list):
        if not row_list:
            return np.empty(0, dtype=np.int64)
        cells = np.unique(np.concatenate([cells_of_row[row] for row in row_list]))
        open_cells = cells[~withheld[cells] & (values[cells] > 0)]
        return np.array([c for c in open_cells.tolist() if c not in taken], dtype=np.int64)

    open_rows = [row for row in rows if not withheld[cells_of_row[row]].all()]
    if open_rows:
        binding = min(open_rows, key=lambda row: float(
            values[cells_of_row[row][withheld[cells_of_row[row]]]].sum()))
        nearest = published_in([binding])
        if len(nearest):
            return nearest
    if not rows:
        return np.empty(0, dtype=np.int64)
    beside = np.unique(np.concatenate([cells_of_row[row] for row in rows]))
    return published_in(sorted({row for other in beside.tolist()
                                for row in rows_of_cell.get(other, [])}))


@dataclass(frozen=True)
class SuppressionResult:
    withheld: np.ndarray  # primary and complementary
    complementary: np.ndarray
    intervals: Intervals
    unprotectable: np.ndarray  # primary cells no pattern can protect with these equalities
    exposed_earlier: tuple = ()  # keys of earlier releases' primary cells this release would expose


def _audit(values, withheld, equalities, integer, series, cell_keys, cache):
    """(intervals of this release, [(earlier release, its intervals)], pinned widths or None)."""
    if series is None:
        return attacker_intervals(values, withheld, equalities, integer), [], None
    from .series import series_intervals

    joint = series_intervals(series, cell_keys, values, withheld, equalities, integer, cache)
    return joint.current, list(zip(series.previous, joint.previous)), \
        (joint.pinned_lower, joint.pinned_upper)


def complementary_suppression(values, primary, equalities, protection, k=None, integer=True,
                              is_canceled=None, series=None, cell_keys=None):
    """Withhold more cells until every primary cell's attacker interval is wide enough.

    First, equality by equality (a parent cell, a row): while it holds exactly
    one withheld cell, or its withheld cells sum to less than p (or k when
    ``k`` is given, so that intervals straddle k), withhold its smallest
    published cell. Then audit the whole pattern by LP, where equalities
    interact, and for each primary cell that still fails withhold the smallest
    published cell sharing an equality with it; repeat until the audit passes.
    Every round withholds at least one more cell, so this terminates; primary
    cells that cannot be protected (e.g. the only child of a published parent)
    are reported in ``unprotectable``.

    With a ``series`` (``series.Series``; ``cell_keys`` name this release's
    cells), the audit is joint over the earlier releases too; cells withheld
    in the latest release are preferred as complements (a stable pattern
    gives differencing nothing), an earlier primary cell that this release
    would narrow gets its cell here withheld, and a cell pinned by its
    earlier published value is reported unprotectable at once.
    """
    values = np.asarray(values, dtype=float)
    primary = np.asarray(primary, dtype=bool)
    withheld = primary.copy()
    need = protection if k is None else max(protection, k)
    preferred = np.zeros(len(values), dtype=bool) if series is None \
        else series.previously_withheld(cell_keys)
    position = {} if series is None else {key: i for i, key in enumerate(cell_keys)}

    def best(candidates):
        """The candidate withheld last release if any, else any; the smallest of them."""
        pool = candidates[preferred[candidates]]
        pool = pool if len(pool) else candidates
        return int(pool[np.argmin(values[pool])])

    for cells, _ in sorted(equalities, key=lambda equality: len(equality[0])):
        cells = np.asarray(cells, dtype=np.int64)
        if not primary[cells].any():
            continue  # protect primary cells only: nothing here needs hiding
        while True:
            hidden = cells[withheld[cells]]
            if len(hidden) >= 2 and values[hidden].sum() >= need:
                break
            # A published zero adds nothing to a withheld sum: it protects no one.
            candidates = cells[~withheld[cells] & (values[cells] > 0)]
            if len(candidates) == 0:
                break
            withheld[best(candidates)] = True

    cells_of_row = [np.asarray(cells, dtype=np.int64) for cells, _ in equalities]
    rows_of_cell = {}
    for row_index, cells in enumerate(cells_of_row):
        for cell in cells.tolist():
            rows_of_cell.setdefault(cell, []).append(row_index)
    unprotectable = np.zeros(len(values), dtype=bool)
    exposed = []
    cache = {}  # bounds of the joint audit's blocks, by content, across rounds
    while True:
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        intervals, earlier, pinned = _audit(values, withheld, equalities, integer, series,
                                            cell_keys, cache)
        failing = protection_failures(intervals, primary, protection, k) & ~unprotectable
        if pinned is not None:
            # Pinned by an earlier published value: nothing withheld now can widen it.
            narrow = protection_failures(Intervals(*pinned), primary, protection, k)
            unprotectable |= failing & narrow
            failing &= ~narrow
        additions = set()
        for cell in np.flatnonzero(failing).tolist():
            candidates = _candidates(cell, values, cells_of_row, rows_of_cell, withheld, additions,
                                     need)
            if len(candidates) == 0:
                unprotectable[cell] = True
                continue
            additions.add(best(candidates))
        for release, release_intervals in earlier:
            narrowed = protection_failures(release_intervals, release.primary, protection, k)
            for key in release.cell_keys[narrowed].tolist():
                if key in exposed:
                    continue
                here = position.get(key)
                if here is not None and not withheld[here]:
                    additions.add(here)  # its value now pins the earlier one: withhold it too
                    continue
                candidates = np.empty(0, dtype=np.int64) if here is None else _candidates(
                    here, values, cells_of_row, rows_of_cell, withheld, additions, need)
                if len(candidates) == 0:
                    exposed.append(key)
                else:
                    additions.add(best(candidates))
        if not additions:
            break
        withheld[list(additions)] = True
    return SuppressionResult(withheld, withheld & ~primary, intervals, unprotectable,
                             tuple(exposed))
