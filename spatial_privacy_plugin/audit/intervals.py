"""The attacker's interval solver: what a reader can derive about each withheld cell.

The attacker of SPEC section 7 holds every published value and total, and
knows more than "counts are >= 0": an emitted cell is non-empty (unless the
release publishes its empty cells as such), status labels bound a cell
(an old "primary" label says 1..k-1), and the number of distinct people in
the release is known unless the policy keeps it secret. Over the withheld
cells x that is

    sum_{j in E} x_j = total_E - published_E   for every published equality E,
    sum_{j in S} x_j >= total_S - published_S  for every published lower sum S
                                               (distinct people with several points),
    lower <= x <= upper,  x integer,

and each withheld cell's interval is its minimum and maximum over that
system. Nested (laminar) equalities are rewritten into disjoint ones, so
most bounds follow from a closed form that is exact for integers; the rest
is solved by linear programming, with the integer programme wherever the
relaxation's optimum is not whole.
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix, vstack

from ..errors import N_, Cancelled, InputError
from . import tree
from .highs import Programme

EXACT_WIDTH = 1e-6  # an interval narrower than this is an exact disclosure
CONTRADICTION = N_("The published totals contradict each other (no non-negative counts satisfy "
                   "them): check that every total was computed from the same data, as a sum of "
                   "the cells it covers.")
UNSOLVED = N_("The attacker's programme of this release could not be solved (HiGHS: {reason}), "
              "so the release cannot be audited. Nothing was written: report it with the "
              "inputs.")


@dataclass(frozen=True)
class Intervals:
    """Attacker bounds per cell (published cells: their value, both ends)."""

    lower: np.ndarray
    upper: np.ndarray

    @property
    def width(self):
        return self.upper - self.lower


def equalities_from_groups(groups):
    """Cell sets from a label per cell: one set per distinct label (NaN/None: in none).

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


def _reduced_lower_sums(values, withheld, at_least, rows):
    """Lower sums over withheld cells: (cells, residual) with every equality row that lies
    wholly inside taken out (its sum is known), or None when a row straddles a lower sum.

    ``rows`` must be disjoint (the free form) for the reduction to hold.
    """
    if not at_least:
        return []
    row_of_cell = {}
    for index, (cells, _) in enumerate(rows):
        for cell in cells.tolist():
            row_of_cell[cell] = index
    reduced = []
    for cells, total in at_least:
        cells = np.asarray(cells, dtype=np.int64)
        hidden = cells[withheld[cells]]
        residual = total - float(np.sum(values[cells[~withheld[cells]]]))
        members = set(hidden.tolist())
        inside = {row_of_cell[cell] for cell in members if cell in row_of_cell}
        for index in inside:
            row_cells, row_total = rows[index]
            if not members.issuperset(row_cells.tolist()):
                return None
            residual -= row_total
        free = np.array(sorted(cell for cell in members if cell not in row_of_cell),
                        dtype=np.int64)
        reduced.append((free, residual))
    return reduced


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


def _others_upper(upper):
    """Per variable: the sum of the other variables' upper bounds (inf when one is inf)."""
    infinite = np.isinf(upper)
    finite_sum = upper[~infinite].sum()
    others_infinite = (infinite.sum() - infinite) > 0
    return np.where(others_infinite, np.inf, finite_sum - np.where(infinite, 0.0, upper))


def single_row_bounds(residual, lower, upper):
    """Bounds of each x_i when sum(x) = residual and lower <= x <= upper (closed form), or None
    when no x satisfies them. Exact for integers when the bounds and residual are whole."""
    if residual < lower.sum() - EXACT_WIDTH or residual > upper.sum() + EXACT_WIDTH:
        return None
    others_lower = lower.sum() - lower
    return (np.maximum(lower, residual - _others_upper(upper)),
            np.minimum(upper, residual - others_lower))


def lower_sum_bounds(residual, lower, upper):
    """Bounds of each x_i when sum(x) >= residual and lower <= x <= upper, or None when no x
    satisfies them: only lower bounds rise."""
    if residual > upper.sum() + EXACT_WIDTH:
        return None
    return np.maximum(lower, residual - _others_upper(upper)), upper.copy()


def _outer_bounds(matrix, totals, pairs, delta, lower, upper, at_least=None, at_most=None,
                  passes=20):
    """Valid (possibly loose) bounds by propagating each constraint until nothing moves.

    ``matrix``: the rows as a sparse 0/1 matrix; ``pairs``: (a, b) positions;
    ``at_least``/``at_most``: (matrix, totals) of lower and upper sums.
    """
    lower, upper = lower.copy(), upper.copy()
    systems = [(matrix, totals, (True, True))]
    if at_least is not None:
        systems.append((*at_least, (True, False)))
    if at_most is not None:
        systems.append((*at_most, (False, True)))
    for _ in range(passes):
        before = (lower.copy(), upper.copy())
        for rows, row_totals, (raises_lower, lowers_upper) in systems:
            if not len(row_totals):
                continue
            # Each row bounds each of its variables by its total less the others' extreme ends.
            entries = rows.tocoo()
            row_of, variable_of = entries.row, entries.col
            infinite = np.isinf(upper)
            finite_upper = np.where(infinite, 0.0, upper)
            lower_sum = rows @ lower
            upper_sum = rows @ finite_upper
            infinite_count = rows @ infinite.astype(float)
            others_upper = np.where(infinite_count[row_of] - infinite[variable_of] > 0, np.inf,
                                    upper_sum[row_of] - finite_upper[variable_of])
            if raises_lower:
                np.maximum.at(lower, variable_of, row_totals[row_of] - others_upper)
            if lowers_upper:
                others_lower = lower_sum[row_of] - lower[variable_of]
                np.minimum.at(upper, variable_of, row_totals[row_of] - others_lower)
        if len(pairs):
            first, second = pairs[:, 0], pairs[:, 1]
            np.minimum.at(upper, first, upper[second] + delta)
            np.minimum.at(upper, second, upper[first] + delta)
            np.maximum.at(lower, first, lower[second] - delta)
            np.maximum.at(lower, second, lower[first] - delta)
        if np.array_equal(before[0], lower) and np.array_equal(before[1], upper):
            break
    return lower, upper


def _row_matrix(position, rows, n):
    """(sparse 0/1 matrix, totals) of (cells, total) rows over the variables at ``position``."""
    row_cells = [np.asarray(cells, dtype=np.int64) for cells, _ in rows]
    row_index = np.repeat(np.arange(len(rows)), [len(cells) for cells in row_cells])
    columns = position.get_indexer(np.concatenate(row_cells)) if rows else np.empty(0, np.int64)
    matrix = csr_matrix((np.ones(len(columns)), (row_index, columns)), shape=(len(rows), n))
    return matrix, np.array([total for _, total in rows], dtype=float)


def block_programme(variables, rows, lower, upper, pairs=(), delta=0.0, at_least=(), at_most=()):
    """The attacker's programme over one block: (``Programme`` over ``variables``, their bounds
    by propagation (valid, maybe loose), their positions as a ``pd.Index``), or None when no
    solution exists. The constraints are those ``bounds_by_programming`` lists."""
    variables = np.asarray(variables)
    n = len(variables)
    position = pd.Index(variables)
    matrix, totals = _row_matrix(position, rows, n)
    floor_matrix, floor_totals = _row_matrix(position, list(at_least), n)
    ceiling_matrix, ceiling_totals = _row_matrix(position, list(at_most), n)
    pair_positions = position.get_indexer(np.asarray(pairs, dtype=np.int64).ravel()).reshape(-1, 2)
    outer_lower, outer_upper = _outer_bounds(matrix, totals, pair_positions, delta,
                                             np.asarray(lower, dtype=float),
                                             np.asarray(upper, dtype=float),
                                             (floor_matrix, floor_totals),
                                             (ceiling_matrix, ceiling_totals))
    if np.any(outer_lower > outer_upper + EXACT_WIDTH):
        return None
    n_pairs = len(pair_positions)
    differences = csr_matrix(
        (np.tile([1.0, -1.0, -1.0, 1.0], n_pairs),
         (np.repeat(np.arange(2 * n_pairs), 2),
          np.column_stack([pair_positions, pair_positions]).ravel())),
        shape=(2 * n_pairs, n))
    inequalities = [differences] if n_pairs else []
    inequality_totals = [np.full(2 * n_pairs, float(delta))] if n_pairs else []
    if len(floor_totals):
        inequalities.append(-floor_matrix)
        inequality_totals.append(-floor_totals)
    if len(ceiling_totals):
        inequalities.append(ceiling_matrix)
        inequality_totals.append(ceiling_totals)
    box = [(low, None if np.isinf(high) else high) for low, high in zip(outer_lower, outer_upper)]
    programme = Programme(matrix if len(rows) else None, totals if len(rows) else None,
                          vstack(inequalities).tocsr() if inequalities else None,
                          np.concatenate(inequality_totals) if inequalities else None, box)
    return programme, outer_lower, outer_upper, position


def solve_extreme(programme, objective, integer):
    """``programme``'s optimum of ``objective``, over whole numbers with ``integer``. A
    whole-number optimum of the relaxation is the integer optimum too (common: two releases
    under nested totals form a network matrix); otherwise the MILP is solved."""
    result = programme.solve(objective)
    if integer and result.status == 0 and \
            np.abs(result.x - np.round(result.x)).max(initial=0.0) > EXACT_WIDTH:
        result = programme.solve(objective, whole=True)
    return result


def bounds_by_programming(variables, rows, lower, upper, pairs=(), delta=0.0, integer=False,
                          classes=None, at_least=(), at_most=(), is_canceled=None, progress=None):
    """Min and max of every variable of one block, by LP (MILP with ``integer``).

    Constraints: ``sum(x[cells]) = total`` for each (cells, total) row,
    ``sum(x[cells]) >= total`` for each of ``at_least`` (``<=`` for ``at_most``),
    ``lower <= x <= upper``, and ``|x[a] - x[b]| <= delta`` for each pair
    (a, b) of variables. Returns (lower, upper), or None when infeasible.
    Bounds found by propagation are valid but may be loose; a bound that
    some solution already reaches is exact, so its programme is skipped
    (most withheld cells reach their box or their row's residual in some
    solution). Variables with the same label in ``classes`` are
    interchangeable (the system maps onto itself when they are swapped), so
    share their bounds: one programme pair per class. Matrices are sparse: a
    block may hold a whole country's withheld cells under one grand total.
    ``is_canceled`` is asked before every programme (raising ``Cancelled``),
    and ``progress(done, total)`` told of the variables done.
    """
    system = block_programme(variables, rows, lower, upper, pairs, delta, at_least, at_most)
    if system is None:
        return None
    programme, outer_lower, outer_upper, _ = system
    n = len(outer_lower)
    seen_lower, seen_upper = np.full(n, np.inf), np.full(n, -np.inf)
    exact_lower, exact_upper = outer_lower.copy(), outer_upper.copy()
    _, first_of_class, class_of = np.unique(np.arange(n) if classes is None else classes,
                                            return_index=True, return_inverse=True)
    class_of = class_of.reshape(-1)
    for done, i in enumerate(first_of_class):
        if progress is not None:
            progress(done, len(first_of_class))
        for sign in (1.0, -1.0):
            reached = seen_lower[i] <= outer_lower[i] + EXACT_WIDTH if sign > 0 \
                else seen_upper[i] >= outer_upper[i] - EXACT_WIDTH
            if reached:
                continue
            if is_canceled is not None and is_canceled():
                raise Cancelled()
            objective = np.zeros(n)
            objective[i] = sign
            result = solve_extreme(programme, objective, integer)
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


def _raw_sums(known, withheld, sums):
    """(withheld cells, total less the published part) of each (cells, total) pair."""
    raw = []
    for cells, total in sums:
        cells = np.asarray(cells, dtype=np.int64)
        raw.append((cells[withheld[cells]], total - float(np.sum(known[cells]))))
    return raw


def attacker_intervals(values, withheld, equalities, integer=False, lower=None, upper=None,
                       at_least=(), at_most=(), is_canceled=None, progress=None):
    """Bounds an attacker derives for every cell from what is published.

    ``values``: cell counts (only the published ones are read); ``withheld``:
    mask of cells not published; ``equalities``: (cell indices, published
    total) pairs; ``at_least``: (cell indices, total) pairs the cells sum to
    at least (distinct people who may have points in several cells);
    ``at_most``: pairs they sum to at most (a total left blank because it is
    below k); ``lower``/``upper``: what the attacker knows of each withheld
    cell on its own (1 for an emitted cell, a label's range; default 0 and
    inf). With ``integer`` the bounds are those of whole-number counts (an
    LP bound of 2.5 is really 2). Published cells get [value, value]; a
    withheld cell in no constraint keeps its own box. ``is_canceled`` is asked
    before every block and programme (raising ``Cancelled``);
    ``progress(done, total)`` hears of the withheld cells bounded so far.
    """
    values = np.asarray(values, dtype=float)
    withheld = np.asarray(withheld, dtype=bool)
    n = len(values)
    box_lower = np.zeros(n) if lower is None else np.asarray(lower, dtype=float)
    box_upper = np.full(n, np.inf) if upper is None else np.asarray(upper, dtype=float)
    known = np.where(withheld, 0.0, np.nan_to_num(values))
    result_lower = np.where(withheld, box_lower, known)
    result_upper = np.where(withheld, box_upper, known)
    if is_canceled is not None and is_canceled():
        raise Cancelled()
    nested = nested_sums_bounds(withheld, result_lower, result_upper, equalities, at_least,
                                at_most)
    if nested is not None:
        lower, upper = nested[:2]
        if integer:
            lower, upper = np.ceil(lower - EXACT_WIDTH), np.floor(upper + EXACT_WIDTH)
        return Intervals(np.where(withheld, lower, known), np.where(withheld, upper, known))
    rows = _residual_rows(known, withheld, equalities)
    floors = _reduced_lower_sums(known, withheld, at_least, rows)
    if floors is None:  # a lower sum straddles an equality: it is solved with what it touches
        floors = _raw_sums(known, withheld, at_least)
    ceilings = _raw_sums(known, withheld, at_most)
    # A sum over published cells only is a check on the published values themselves.
    if any(not len(cells) and residual > EXACT_WIDTH for cells, residual in floors) or \
            any(not len(cells) and residual < -EXACT_WIDTH for cells, residual in ceilings):
        raise InputError(CONTRADICTION)
    kinds = [(row, "equal") for row in rows] + [(row, "floor") for row in floors if len(row[0])] \
        + [(row, "ceiling") for row in ceilings if len(row[0])]
    blocks = _components([row for row, _ in kinds])
    sizes = [sum(len(kinds[index][0][0]) for index in block) for block in blocks]
    total, finished = max(sum(sizes), 1), 0
    for block, size in zip(blocks, sizes):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        if progress is not None:
            progress(finished, total)
        parts = {"equal": [], "floor": [], "ceiling": []}
        for index in block:
            parts[kinds[index][1]].append(kinds[index][0])
        variables = np.unique(np.concatenate([cells for cells, _ in
                                              parts["equal"] + parts["floor"] + parts["ceiling"]]))
        box = (box_lower[variables], box_upper[variables])
        if len(block) == 1 and parts["equal"]:
            bounds = single_row_bounds(parts["equal"][0][1], *box)
        elif len(block) == 1 and parts["floor"]:
            bounds = lower_sum_bounds(parts["floor"][0][1], *box)
        else:
            inside = None if progress is None else \
                (lambda done, of, start=finished: progress(start + size * done / of, total))
            bounds = bounds_by_programming(variables, parts["equal"], *box, integer=integer,
                                           at_least=parts["floor"], at_most=parts["ceiling"],
                                           is_canceled=is_canceled, progress=inside)
        if bounds is None:
            raise InputError(CONTRADICTION)
        result_lower[variables], result_upper[variables] = bounds
        finished += size
    if np.any(result_lower[withheld] > result_upper[withheld] + EXACT_WIDTH):
        raise InputError(CONTRADICTION)
    return Intervals(result_lower, result_upper)


def nested_sums_bounds(withheld, cell_lower, cell_upper, equalities, at_least=(), at_most=(),
                       targets=()):
    """The closed forms of nested sums (``tree.laminar_bounds``): (cell lower, cell upper,
    target lower, target upper) when the equalities, lower sums, upper sums and ``targets``
    (cell index arrays, sums to bound) are nested or disjoint, else None. ``cell_lower`` /
    ``cell_upper``: each cell's box (a published cell: its value at both ends). A sum over
    published cells only says nothing of the ``withheld`` ones and is left out, as the
    programmes leave it out."""
    def about_withheld(cells):
        return bool(withheld[np.asarray(cells, dtype=np.int64)].any())

    sums = [(cells, total, total) for cells, total in equalities if about_withheld(cells)] + \
        [(cells, total, np.inf) for cells, total in at_least if about_withheld(cells)] + \
        [(cells, -np.inf, total) for cells, total in at_most if about_withheld(cells)] + \
        [(cells, -np.inf, np.inf) for cells in targets]
    found = tree.laminar_bounds(cell_lower, cell_upper, [cells for cells, _, _ in sums],
                                np.array([low for _, low, _ in sums], dtype=float),
                                np.array([high for _, _, high in sums], dtype=float),
                                CONTRADICTION)
    if found is None:
        return None
    first_target = len(sums) - len(targets)
    return found[0], found[1], found[2][first_target:], found[3][first_target:]


def protection_failures(intervals, protected, protection, k=None, threshold=None):
    """Protected cells whose interval is narrower than p (or, given k, whose upper bound is
    below k: intervals must straddle k).

    Given the policy's ``threshold`` (its k, one or one per cell), a cell the
    attacker can prove holds at least that many people is not at risk,
    however narrow its interval: such a cell could have been published.
    """
    failing = protected & (intervals.width < protection - EXACT_WIDTH)
    if k is not None:
        failing |= protected & (intervals.upper < k - EXACT_WIDTH)
    if threshold is not None:
        failing &= intervals.lower < np.asarray(threshold, dtype=float) - EXACT_WIDTH
    return failing
