"""The attacker's bounds on sums of atoms, with as few programmes as the system allows.

The system is a list of rows ``low <= sum(x[cells]) <= high`` (an equality
where ``low == high``) over non-negative whole numbers x below a box.
Solving one programme pair per atom over the whole system is exact but slow
(a city grid cut by a few hundred areas holds thousands of atoms). The same
bounds come quicker:

1. A row over one unknown fixes it (an equality) or narrows its box; a row
   holding equality rows wholly is replaced by its remainder (the number of
   people less the areas that partition them says nothing more); duplicate
   rows merge and rows that bind nothing beyond the box go. Each step keeps
   the set of solutions.
2. Unknowns that share no row form independent blocks, each solved apart.
3. Propagating each row gives valid (possibly loose) bounds; a bound that
   some solution reaches is exact. Programmes whose objective weighs every
   open bound at once yield such solutions by the hundred in a big block.
4. A block whose rows form two laminar families (the cells, the areas of one
   layer) is a flow network: every bound still open is a maximum flow from
   one solution (``atom_flows``), no programme.
5. Otherwise (areas of two layers that cross) flow networks over all rows
   but one family's bound every target, and whole-number solutions near one
   solution reach most of those bounds (``atom_crossings``).
6. Each bound still open gets a programme of its own: the relaxation first
   (a whole-number solution reaching its optimum, rounded to a whole number,
   is the integer optimum), the integer programme where none is found.
"""

import numpy as np
from scipy.sparse import bmat, csr_matrix, vstack
from scipy.sparse.csgraph import connected_components

from .crossings import settle_crossing
from .flows import FlowNetwork, crossing_families, crossings, group_matrix, target_edges
from .highs import GAVE_UP, Programme, least_slack
from ..errors import Cancelled, InputError
from .intervals import CONTRADICTION, EXACT_WIDTH, UNSOLVED, _outer_bounds

# A joint programme over a block is worth about this share of the block's targets settled one
# by one: the rounds go on while each settles at least as many.
JOINT_ROUND_WORTH = 0.01

def _check(consistent):
    if not consistent:
        raise InputError(CONTRADICTION)


def _key(cells):
    return np.sort(cells).tobytes()


class _Reduction:
    """The rows with every unknown that a row pins down taken out, and the box they leave."""

    def __init__(self, rows, upper):
        self.rows = [(np.asarray(cells, dtype=np.int64), float(low), float(high))
                     for cells, low, high in rows]
        self.lower = np.zeros(len(upper))
        self.upper = np.asarray(upper, dtype=float).copy()
        self.known = np.full(len(upper), np.nan)
        self._fix()
        self._merge_duplicates()
        self._subtract_inner_equalities()
        self._fix()
        self._merge_duplicates()

    def _settle(self, cells, low, high):
        """The row over its unknowns still free, or None once it is spent (into the box)."""
        known = ~np.isnan(self.known[cells])
        offset = float(self.known[cells[known]].sum())
        free, low, high = cells[~known], low - offset, high - offset
        if len(free) == 0:
            _check(low <= EXACT_WIDTH and high >= -EXACT_WIDTH)
            return None
        if len(free) == 1:
            cell = free[0]
            self.lower[cell] = max(self.lower[cell], low)
            self.upper[cell] = min(self.upper[cell], high)
            _check(self.lower[cell] <= self.upper[cell] + EXACT_WIDTH)
            if self.upper[cell] - self.lower[cell] < EXACT_WIDTH:
                self.known[cell] = self.lower[cell]
            return None
        least, most = float(self.lower[free].sum()), float(self.upper[free].sum())
        if high <= least + EXACT_WIDTH or low >= most - EXACT_WIDTH:
            # Every unknown at one end of its box (thin strips read as empty: a row of 0 over
            # atoms all over the grid would join its blocks and break their flow networks).
            _check(high >= least - EXACT_WIDTH and low <= most + EXACT_WIDTH)
            end = self.lower[free] if high <= least + EXACT_WIDTH else self.upper[free]
            self.lower[free], self.upper[free], self.known[free] = end, end, end
            return None
        if low <= least + EXACT_WIDTH and high >= most - EXACT_WIDTH:
            return None  # binds nothing beyond the box
        return free, low, high

    def _fix(self):
        while True:
            before = (len(self.rows), int(np.sum(~np.isnan(self.known))))
            self.rows = [row for row in (self._settle(*row) for row in self.rows)
                         if row is not None]
            if (len(self.rows), int(np.sum(~np.isnan(self.known)))) == before:
                return

    def _merge_duplicates(self):
        merged = {}
        for cells, low, high in self.rows:
            key = _key(cells)
            if key in merged:
                _, old_low, old_high = merged[key]
                low, high = max(low, old_low), min(high, old_high)
                _check(low <= high + EXACT_WIDTH)
            merged[key] = (np.sort(cells), low, high)
        self.rows = list(merged.values())

    def _subtract_inner_equalities(self):
        """Each row less the largest disjoint equality rows it holds wholly. Larger rows go
        first and only smaller rows are subtracted, so every step keeps the solutions."""
        if not self.rows:
            return
        n = len(self.lower)
        sizes = np.array([len(cells) for cells, _, _ in self.rows])
        equalities = np.flatnonzero([high - low < EXACT_WIDTH for _, low, high in self.rows])
        if not len(equalities):
            return
        matrix = group_matrix([cells for cells, _, _ in self.rows], n)
        shared = (matrix @ matrix[equalities].T).tocsr()  # cells each row shares with each equality
        rows = list(self.rows)
        for index in np.argsort(-sizes, kind="stable"):
            span = slice(shared.indptr[index], shared.indptr[index + 1])
            inner = equalities[shared.indices[span]]
            inner = inner[(shared.data[span] == sizes[inner]) & (sizes[inner] < sizes[index])]
            if not len(inner):
                continue
            cells, low, high = rows[index]
            taken, removed = self._largest_disjoint(inner, sizes, n)
            rows[index] = (cells[~taken[cells]], low - removed, high - removed)
        self.rows = rows

    def _largest_disjoint(self, inner, sizes, n):
        """(unknowns covered, their total) of disjoint rows among ``inner``: the largest rows
        first, within the family of non-crossing rows that covers most (the areas, not the
        cells they cut) when the rows split into two such families."""
        groups = [self.rows[row][0] for row in inner]
        family = crossing_families(groups, n)
        candidates = [inner]
        if family is not None:
            first, second = crossings(groups, n)
            crossed = np.zeros(len(inner), dtype=bool)
            crossed[first], crossed[second] = True, True
            candidates = [inner[~crossed | (family == side)] for side in (0, 1)]
        best = None
        for pool in candidates:
            taken, removed = np.zeros(n, dtype=bool), 0.0
            for child in pool[np.argsort(-sizes[pool], kind="stable")]:
                child_cells, child_total, _ = self.rows[child]
                if not taken[child_cells].any():
                    taken[child_cells] = True
                    removed += child_total
            if best is None or taken.sum() > best[0].sum():
                best = (taken, removed)
        return best


def _blocks(rows, free, n):
    """(block label per free unknown, block label per row): a row joins its unknowns."""
    if not len(free):
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    position = np.full(n, -1, dtype=np.int64)
    position[free] = np.arange(len(free))
    incidence = group_matrix([position[cells] for cells, _, _ in rows], len(free))
    graph = bmat([[None, incidence.T], [incidence, None]]) if rows else \
        csr_matrix((len(free), len(free)))
    _, labels = connected_components(graph, directed=False)
    return labels[:len(free)], labels[len(free):]


def _settled_signed(signed, reduced):
    """The ``signed`` rows over the unknowns the reduction left free (known ones moved into the
    limits); a row with none left is checked and dropped."""
    rows = []
    for cells, coefficients, low, high in signed:
        cells = np.asarray(cells, dtype=np.int64)
        coefficients = np.asarray(coefficients, dtype=float)
        known = ~np.isnan(reduced.known[cells])
        offset = float(coefficients[known] @ reduced.known[cells[known]])
        if known.all():
            _check(low - offset <= EXACT_WIDTH and high - offset >= -EXACT_WIDTH)
            continue
        rows.append((cells[~known], coefficients[~known], low - offset, high - offset))
    return rows


def sum_bounds(rows, upper, targets, integer=True, signed=(), is_canceled=None):
    """Min and max of ``sum(x[target])`` for each of ``targets`` (index arrays) subject to
    ``low <= sum(x[cells]) <= high`` for each (cells, low, high) row,
    ``low <= coefficients @ x[cells] <= high`` for each (cells, coefficients, low, high)
    row of ``signed`` (differences: a part at most its whole) and ``0 <= x <= upper``, over
    whole numbers with ``integer``. Raises the contradiction when no x satisfies the rows.
    Returns (low, high) arrays. The signed rows take no part in the reduction and the flow
    networks: a block holding one is solved by programmes. ``is_canceled``: asked per block.
    """
    n = len(upper)
    reduced = _Reduction(rows, upper)
    known = ~np.isnan(reduced.known)
    free = np.flatnonzero(~known)
    target_low = np.array([float(reduced.known[t[known[t]]].sum()) for t in targets])
    target_high = target_low.copy()
    signed = _settled_signed(signed, reduced)
    block_of_free, block_of_row = _blocks(reduced.rows + [(cells, low, high) for cells, _, low,
                                                          high in signed], free, n)
    block_of = np.full(n, -1, dtype=np.int64)
    block_of[free] = block_of_free
    order = np.argsort(block_of_free, kind="stable")
    members = np.split(free[order], np.flatnonzero(np.diff(block_of_free[order])) + 1) \
        if len(free) else []
    local = np.full(n, -1, dtype=np.int64)
    for variables in members:
        local[variables] = np.arange(len(variables))
    block_targets = [[] for _ in members]
    for index, target in enumerate(targets):
        target = np.asarray(target, dtype=np.int64)
        target = target[~known[target]]
        for block in np.unique(block_of[target]):
            block_targets[block].append((index, local[target[block_of[target] == block]]))
    block_rows = [[] for _ in members]
    for (cells, low, high), block in zip(reduced.rows, block_of_row):
        block_rows[block].append((local[cells], low, high))
    block_signed = [[] for _ in members]
    for (cells, coefficients, low, high), block in zip(signed, block_of_row[len(reduced.rows):]):
        block_signed[block].append((local[cells], coefficients, low, high))
    for block, variables in enumerate(members):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        indices = [index for index, _ in block_targets[block]]
        low, high = _block_bounds(block_rows[block], reduced.lower[variables],
                                  reduced.upper[variables],
                                  [cells for _, cells in block_targets[block]], integer,
                                  block_signed[block])
        np.add.at(target_low, indices, low)
        np.add.at(target_high, indices, high)
    return np.round(target_low, 9), np.round(target_high, 9)


def _whole(x):
    return np.abs(x - np.round(x)).max(initial=0.0) <= EXACT_WIDTH


class _Block:
    """One independent block: its programme, its targets and what solutions showed of them."""

    def __init__(self, rows, lower, upper, targets, integer, signed=()):
        n = len(lower)
        self.integer = integer
        equal = [(cells, low) for cells, low, high in rows if high - low < EXACT_WIDTH]
        floors = [(cells, low) for cells, low, high in rows
                  if high - low >= EXACT_WIDTH and np.isfinite(low)]
        ceilings = [(cells, high) for cells, low, high in rows
                    if high - low >= EXACT_WIDTH and np.isfinite(high)]
        systems = [(group_matrix([cells for cells, _ in group], n),
                    np.array([total for _, total in group], dtype=float))
                   for group in (equal, floors, ceilings)]
        lower, upper = _outer_bounds(*systems[0], np.empty((0, 2), dtype=np.int64), 0.0,
                                     lower, upper, systems[1], systems[2])
        _check(np.all(lower <= upper + EXACT_WIDTH))
        if integer:
            lower, upper = np.ceil(lower - EXACT_WIDTH), np.floor(upper + EXACT_WIDTH)
        self.targets = group_matrix(targets, n)
        self.target_unknowns = [np.asarray(cells, dtype=np.int64) for cells in targets]
        self.low, self.high = self._target_box(rows, targets, lower, upper)
        bounds = np.column_stack([lower, upper])
        inequalities = vstack([-systems[1][0], systems[2][0], _signed_matrix(signed, n)]).tocsr()
        limits = np.concatenate([-systems[1][1], systems[2][1], _signed_limits(signed)])
        self.options = {"A_eq": systems[0][0] if equal else None,
                        "b_eq": systems[0][1] if equal else None,
                        "A_ub": inequalities if len(limits) else None,
                        "b_ub": limits if len(limits) else None,
                        "bounds": bounds, "method": "highs"}
        self.programme = Programme(**{name: value for name, value in self.options.items()
                                      if name != "method"})
        self.seen_low = np.full(len(targets), np.inf)
        self.seen_high = np.full(len(targets), -np.inf)
        self.settled_low = np.zeros(len(targets), dtype=bool)
        self.settled_high = np.zeros(len(targets), dtype=bool)
        self.witnesses = None  # whole-number solutions near a base one, when set (crossings)

    def _target_box(self, rows, targets, lower, upper):
        """Valid bounds of each target: its unknowns' bounds added up, within a row over the
        same unknowns."""
        finite = np.where(np.isinf(upper), 0.0, upper)
        low = self.targets @ lower
        high = np.where(self.targets @ np.isinf(upper).astype(float) > 0, np.inf,
                        self.targets @ finite)
        by_cells = {_key(cells): (row_low, row_high) for cells, row_low, row_high in rows}
        for index, cells in enumerate(targets):
            row_low, row_high = by_cells.get(_key(cells), (-np.inf, np.inf))
            low[index], high[index] = max(low[index], row_low), min(high[index], row_high)
        if self.integer:
            low, high = np.ceil(low - EXACT_WIDTH), np.floor(high + EXACT_WIDTH)
        return low, high

    def objective(self, index, sign):
        """``sign`` times the sum of target ``index``, as a programme's objective (built from
        its unknowns: a row of the sparse target matrix costs more than the small solves)."""
        objective = np.zeros(self.targets.shape[1])
        np.add.at(objective, self.target_unknowns[index], sign)
        return objective

    def settled(self):
        return bool(self.settled_low.all() and self.settled_high.all())

    def solution(self):
        """One whole-number solution (it also checks that the block has one), or None when
        the programme's vertex is not whole."""
        result = self._solve(np.zeros(self.targets.shape[1]), False)
        if result.status != 0 or not _whole(result.x):
            return None
        self.seen(result.x)
        return np.round(result.x)

    def integer_solution(self):
        """One whole-number solution (the integer programme's), or None."""
        result = self._solve(np.zeros(self.targets.shape[1]), True)
        if result.status != 0:
            return None
        self.seen(result.x)
        return np.round(result.x)

    def seen(self, x):
        """Record a solution: every target bound it reaches is exact."""
        if self.integer and not _whole(x):
            return
        sums = self.targets @ x
        self.seen_low = np.minimum(self.seen_low, sums)
        self.seen_high = np.maximum(self.seen_high, sums)
        self._settle()

    def _settle(self):
        self.settled_low |= self.seen_low <= self.low + EXACT_WIDTH
        self.settled_high |= self.seen_high >= self.high - EXACT_WIDTH

    def tighten(self, low, high):
        """Take valid bounds (where tighter than those known)."""
        self.low, self.high = np.maximum(self.low, low), np.minimum(self.high, high)
        self._settle()

    def _solve(self, objective, whole):
        """The block's programme for ``objective`` (the integer programme with ``whole``);
        contradiction raised."""
        result = self.programme.solve(objective, whole)
        if result.status == 2:
            # HiGHS's presolve calls some programmes with differences (signed rows) infeasible
            # that are unbounded, or whose relaxation has whole solutions: the simplex alone
            # decides (a relaxation was solved so already, unless the simplex gave up).
            result = self.programme.solve(objective, whole, presolve=False)
            if result.status == GAVE_UP:
                # Without presolve it may give up instead (status unknown): the rows relaxed by
                # a slack each tell whether any solution exists.
                slack = least_slack(self.options)
                _check(slack is not None and slack <= EXACT_WIDTH)
                raise InputError(UNSOLVED, reason=result.message)
        _check(result.status != 2)
        return result

    def joint_rounds(self):
        """Programmes over every open bound of one side at once, while each settles enough
        bounds to be worth its cost (a block-wide programme costs as much as about
        ``JOINT_ROUND_WORTH`` of the block's targets settled one by one)."""
        worth = max(1.0, JOINT_ROUND_WORTH * len(self.low))
        for sign, settled in ((1.0, self.settled_low), (-1.0, self.settled_high)):
            for round_number in range(len(settled)):
                open_targets = np.flatnonzero(~settled)
                if not len(open_targets):
                    break
                # Weights spread evenly (a golden-ratio sequence), new in each round: targets
                # that compete (atoms of one cell) then win in turn.
                weights = 1.0 + (np.arange(len(open_targets)) * 0.6180339887 +
                                 round_number * 0.3819660113) % 1.0
                objective = sign * (self.targets[open_targets].T @ weights)
                result = self._solve(np.asarray(objective).ravel(), False)
                if result.status != 0:
                    break
                before = int(settled.sum())
                self.seen(result.x)
                if int(settled.sum()) - before < worth:
                    break

    def single_programmes(self):
        """A programme pair of its own for each bound still open."""
        for index in range(self.targets.shape[0]):
            for sign, settled in ((1.0, self.settled_low), (-1.0, self.settled_high)):
                if settled[index]:
                    continue
                objective = self.objective(index, sign)
                result = self._solve(objective, False)
                settled[index] = True
                if result.status == 3:  # unbounded: only possible for the maximum
                    self.high[index] = np.inf
                    continue
                optimum = sign * result.fun
                if self.integer and result.status == 0 and not _whole(result.x):
                    optimum = self._reached(index, sign, objective, result)
                    if optimum is None:
                        result = self._solve(objective, True)
                        optimum = sign * result.fun
                if sign > 0:
                    self.low[index] = max(self.low[index], optimum)
                else:
                    self.high[index] = min(self.high[index], optimum)
                self.seen(result.x)

    def _reached(self, index, sign, objective, relaxed):
        """The integer optimum when a whole-number solution reaches the relaxation's optimum
        rounded to a whole number (a valid bound), else None; with witnesses, first a
        solution that moves what the relaxation's optimum moves."""
        bound = np.ceil(relaxed.fun - EXACT_WIDTH) if sign > 0 else \
            np.floor(-relaxed.fun + EXACT_WIDTH)
        def reached():
            seen = self.seen_low if sign > 0 else self.seen_high
            return sign * (seen[index] - bound) <= EXACT_WIDTH

        if not reached() and self.witnesses is not None:
            free = np.union1d(self.witnesses.moved(relaxed.x), self.target_unknowns[index])
            found = self.witnesses.best(free, objective)
            if found is not None:
                self.seen(found)
        return bound if reached() else None


def _signed_matrix(signed, n):
    """Both sides of each signed row as ``<=`` rows: the low side negated, then the high."""
    sides = [(cells, -coefficients) for cells, coefficients, low, _ in signed if np.isfinite(low)]
    sides += [(cells, coefficients) for cells, coefficients, _, high in signed
              if np.isfinite(high)]
    rows = np.repeat(np.arange(len(sides)), [len(cells) for cells, _ in sides])
    columns = np.concatenate([cells for cells, _ in sides]) if sides else np.empty(0, np.int64)
    data = np.concatenate([values for _, values in sides]) if sides else np.empty(0)
    return csr_matrix((data, (rows, columns)), shape=(len(sides), n))


def _signed_limits(signed):
    return np.array([-low for _, _, low, _ in signed if np.isfinite(low)]
                    + [high for _, _, _, high in signed if np.isfinite(high)], dtype=float)


def _block_bounds(rows, lower, upper, targets, integer, signed=()):
    """(low, high) of each target's sum in one block (targets as local index arrays)."""
    block = _Block(rows, lower, upper, targets, integer, signed)
    if not rows and not signed:
        return block.low, block.high
    solution = block.solution()
    block.joint_rounds()
    if integer and not block.settled() and not signed:
        edges = _network_edges(rows, targets, len(lower))
        if edges is None and solution is None:
            # Crossing layers whose relaxation's vertices are not whole: a programme per bound
            # would be an integer programme each.
            solution = block.integer_solution()
            if solution is not None:
                settle_crossing(block, rows, targets, solution)
        elif edges is not None and solution is not None:
            network_rows, edges, family = edges
            network = FlowNetwork(network_rows, *block.options["bounds"].T, family)
            low, high, found_low, found_high = network.bounds(solution, edges, block.settled_low,
                                                              block.settled_high)
            block.low = np.where(found_low & ~block.settled_low, low, block.low)
            block.high = np.where(found_high & ~block.settled_high, high, block.high)
            block.settled_low[:], block.settled_high[:] = found_low, found_high
    block.single_programmes()
    return block.low, block.high


def _network_edges(rows, targets, n):
    """(rows, edge per target, family per row) when the rows, with a row over each target of
    several unknowns, form two laminar families (a flow network); else None."""
    rows, edges = target_edges(rows, targets, n)
    family = crossing_families([cells for cells, _, _ in rows], n)
    if family is None:
        return None
    return rows, edges, family
