"""Totals are cells (SPEC section 7): a grid's parent totals and grand totals are cells of one
linked table with the grid's cells, and any of them may be withheld.

A total below k is withheld as a primary, as a cell is. A withheld total is a withheld cell
whose value is the sum of its cells: it needs the same protection (an attacker interval of
width p at least, unless the attacker can prove it holds k or more), and its blank says only
"withheld". Where withheld totals under one published total (their *ancestor*, e.g. parent
totals under the grand total) leave too little doubt between them, a published sibling
total is withheld as a complement, with the cheapest of its cells that give it the doubt
the others lack: withholding cells alone cannot help there, since a published total pins
the cells under it. The objective stays the number of people in withheld cells.
"""

from dataclasses import dataclass

import numpy as np

from ..audit.intervals import Intervals, equalities_from_groups, protection_failures
from ..audit.tree import laminar_parents
from ..audit.withheld_sums import withheld_sum_intervals
from ..errors import Cancelled
from .series import series_intervals
from .suppression import cheapest_cover, complementary_suppression

MAX_ROUNDS = 20  # openings after the audit: each opens a total, so this bounds the work


@dataclass(frozen=True)
class DeclaredTotals:
    """The totals a grid declares: each one's cells (index arrays), value, and whether it is
    a grand total (else a parent cell's total)."""

    members: tuple
    values: np.ndarray
    grand: np.ndarray

    @classmethod
    def of_grid(cls, col, row, key, n_persons, marginals):
        """The parent totals and grand totals ``marginals`` declares over the groups at
        ``col``, ``row`` with attribute codes ``key``, one per parent cell or key combination."""
        from .totals import MARGINALS_NONE, _total_labels, parent_codes

        if marginals is None or marginals.kind == MARGINALS_NONE:
            return cls((), np.empty(0), np.empty(0, dtype=bool))
        grand, parents = _total_labels(col, row, key, marginals)
        parent_sets = [] if parents is None else equalities_from_groups(
            parent_codes(col, row, key, marginals))
        grand_sets = [] if grand is None else equalities_from_groups(grand)
        members = tuple(parent_sets + grand_sets)
        n_persons = np.asarray(n_persons, dtype=float)
        return cls(members, np.array([n_persons[cells].sum() for cells in members], dtype=float),
                   np.array([False] * len(parent_sets) + [True] * len(grand_sets), dtype=bool))

    def equalities(self, withheld):
        return [(cells, value) for cells, value, hidden in
                zip(self.members, self.values, withheld) if not hidden]

    def nesting(self, n_cells):
        """(per total: the smallest declared total holding it, -1 for none; per cell: the
        smallest total holding it, -1 for none). Of two totals over the same cells (a parent
        cell that holds every cell of its attribute values), the parent is the inner one.
        A grid's totals nest (``tree.laminar_parents``)."""
        found = laminar_parents(self.members, n_cells)
        if found is None:
            raise ValueError("declared totals must be nested or disjoint")
        return found


@dataclass(frozen=True)
class LinkedSuppression:
    """Which cells and totals a grid withholds, and the attacker's bounds on both."""

    cells: object  # suppression.SuppressionResult
    totals: DeclaredTotals
    totals_withheld: np.ndarray
    totals_primary: np.ndarray
    total_intervals: Intervals
    totals_unprotectable: np.ndarray
    totals_exposed_earlier: tuple = ()  # names of earlier releases' withheld totals exposed

    @property
    def withheld(self):
        return self.cells.withheld

    @property
    def complementary(self):
        return self.cells.complementary

    @property
    def intervals(self):
        return self.cells.intervals

    @property
    def exposed_earlier(self):
        """Earlier releases' withheld cells, then withheld totals, this one would expose."""
        return tuple(self.cells.exposed_earlier) + tuple(self.totals_exposed_earlier)

    @property
    def unprotectable(self):
        """Cells, then totals, that no pattern found protects."""
        return np.concatenate([self.cells.unprotectable, self.totals_unprotectable])


def protect_linked_table(values, primary, totals, protection, k, straddle_k, knowledge,
                         extra_equalities=(), is_canceled=None, series=None, cell_keys=None,
                         progress=None):
    """Primary and complementary suppression over cells and totals together.

    ``values``: the cells' counts; ``primary``: cells below k; ``totals``:
    ``DeclaredTotals``; ``knowledge``: the attacker's ``suppression.Knowledge`` of
    each cell; ``extra_equalities``: equalities published besides the totals (the
    number of people). Totals from 1 to k - 1 are withheld; then, ancestor by
    ancestor, published sibling totals are opened until the withheld totals under it
    hold two pieces with at least p (k when intervals must straddle it) of doubt
    together; then cells are protected (``complementary_suppression``) against the
    published totals, and withheld totals audited as sums, opening more where one fails.
    ``is_canceled``/``progress``: as ``complementary_suppression`` takes them (each round
    reports afresh).
    """
    values = np.asarray(values, dtype=float)
    lower = np.asarray(knowledge.lower, dtype=float)
    need = protection if not straddle_k else max(protection, k)
    withheld_totals = (totals.values > 0) & (totals.values < k)
    totals_primary = withheld_totals.copy()
    ancestors, inside = totals.nesting(len(values))
    forced = np.zeros(len(values), dtype=bool)
    cells_withheld = np.asarray(primary, dtype=bool).copy()

    children = [[] for _ in totals.members]
    for total, parent in enumerate(ancestors.tolist()):
        if parent >= 0:
            children[parent].append(total)
    def floating(total, opened=()):
        """The doubt ``total``'s withheld cells give once it is withheld (with ``opened``):
        cells pinned by a published total inside it give none."""
        cells = totals.members[total]
        hidden = cells[cells_withheld[cells]]
        free = [cell for cell in hidden.tolist() if _open_up_to(
            inside[cell], total, ancestors, withheld_totals, opened)]
        return float((values[free] - lower[free]).sum()) if free else 0.0

    def plan(total, short):
        """(cost, totals to open, cells to withhold) that give ``total``, once withheld, at
        least ``short`` more doubt; None when nothing can."""
        if children[total]:
            best = None
            for child in children[total]:
                if withheld_totals[child]:
                    continue
                gained = floating(child, (child,))
                sub = (0.0, (), np.empty(0, dtype=np.int64)) if gained >= short else \
                    plan(child, short - gained)
                if sub is None:
                    continue
                sub = (sub[0], (child,) + tuple(sub[1]), sub[2])
                if best is None or sub[0] < best[0]:
                    best = sub
            return best
        cells = totals.members[total]
        open_cells = cells[~cells_withheld[cells] & (values[cells] > lower[cells])]
        if not len(open_cells):
            return None
        chosen = open_cells[cheapest_cover(values[open_cells],
                                           values[open_cells] - lower[open_cells], short, 1)]
        return float(values[chosen].sum()), (), chosen

    def open_sibling(total, short):
        """Withhold the cheapest published sibling of ``total``, with the totals inside it and
        the cells it needs to give ``short`` more doubt; False when there is none."""
        parent = ancestors[total]
        best = None
        for other in np.flatnonzero(~withheld_totals).tolist():
            if ancestors[other] != parent or other == total:
                continue
            held = floating(other, (other,))
            found = (0.0, (), np.empty(0, dtype=np.int64)) if held >= short else \
                plan(other, short - held)
            if found is None:
                continue
            cost = (found[0], float(totals.values[other]))
            if best is None or cost < best[0]:
                best = (cost, (other,) + tuple(found[1]), found[2])
        if best is None:
            return False
        withheld_totals[list(best[1])] = True
        forced[best[2]] = True
        cells_withheld[best[2]] = True
        return True

    def slack(total):
        return floating(total)

    def settle(parent, force=False):
        """Open siblings under ``parent`` until its withheld totals leave doubt between them
        (once more with ``force``: the audit found one of them narrow all the same). Totals
        under no declared total are tied only by the number of people, when it is an equality
        (``extra_equalities``)."""
        opened = False
        if parent < 0 and not extra_equalities:
            return opened
        while True:
            pieces = [total for total in np.flatnonzero(withheld_totals).tolist()
                      if ancestors[total] == parent]
            doubt = sum(map(slack, pieces))
            enough = len(pieces) >= 2 and doubt >= need
            if not pieces or (enough and not (force and not opened)):
                return opened
            if not open_sibling(pieces[0], need if enough else max(need - doubt, 1.0)):
                return opened
            opened = True

    for parent in np.unique(ancestors[withheld_totals]).tolist():
        settle(parent)
    series_cache = {}  # the series audit's bounds of blocks, by content, across rounds
    for _ in range(MAX_ROUNDS):
        equalities = totals.equalities(withheld_totals) + list(extra_equalities)
        cells = complementary_suppression(values, primary | forced, equalities, protection,
                                          k if straddle_k else None, is_canceled=is_canceled,
                                          series=series, cell_keys=cell_keys,
                                          knowledge=knowledge, threshold=k, progress=progress,
                                          cache=series_cache)
        cells_withheld = cells.withheld.copy()
        intervals = withheld_sum_intervals(values, cells.withheld, equalities, totals.members,
                                           knowledge.lower, knowledge.upper, knowledge.at_least,
                                           knowledge.at_most, is_canceled)
        failing = protection_failures(intervals, withheld_totals, protection,
                                      k if straddle_k else None, k)
        closed = set()  # published totals whose cells are all withheld and still too narrow
        narrow_earlier, widen = {}, set()
        if series is not None:
            intervals, narrow_earlier, narrow_now = _across_series(
                series, cell_keys, values, cells.withheld, equalities, knowledge, totals,
                withheld_totals, inside, intervals, protection, k if straddle_k else None, k,
                series_cache, is_canceled)
            failing |= narrow_now
            for holders in narrow_earlier.values():
                # Its total here is what narrows it: withhold that, or widen it if withheld.
                closed.update(holder for holder in holders if not withheld_totals[holder])
                widen.update(int(ancestors[holder]) for holder in holders
                             if withheld_totals[holder])
        narrow_parents = widen | {int(ancestors[total])
                                  for total in np.flatnonzero(failing).tolist()}
        for cell in np.flatnonzero(cells.unprotectable).tolist() + \
                _cells_of_keys(cell_keys, cells.exposed_earlier):
            if is_canceled is not None and is_canceled():
                raise Cancelled()
            holder = _smallest_total(inside, ancestors, ~withheld_totals, cell)
            if holder >= 0:
                closed.add(holder)
            else:
                holder = _smallest_total(inside, ancestors, withheld_totals, cell)
                if holder >= 0:
                    narrow_parents.add(int(ancestors[holder]))
        withheld_totals[list(closed)] = True
        changed = bool(closed)
        for parent in np.unique(ancestors[withheld_totals]).tolist():
            changed |= settle(parent, force=parent in narrow_parents)
        for parent in narrow_parents:
            # Nothing beside it to open: open beside the withheld total above, and so up.
            while not changed and parent >= 0 and withheld_totals[parent]:
                parent = int(ancestors[parent])
                changed |= settle(parent, force=True)
        if not changed:
            break
    complementary = cells.withheld & ~np.asarray(primary, dtype=bool)
    result = type(cells)(cells.withheld, complementary, cells.intervals, cells.unprotectable,
                         cells.exposed_earlier)
    return LinkedSuppression(result, totals, withheld_totals, totals_primary, intervals, failing,
                             tuple(narrow_earlier))


def _across_series(series, cell_keys, values, withheld, equalities, knowledge, totals,
                   withheld_totals, inside, intervals, protection, k, threshold, cache,
                   is_canceled):
    """Withheld totals under the series' audit: (``intervals`` of the totals narrowed by what
    the earlier releases say of this one's withheld totals; {name: this release's smallest
    totals over its cells (``inside``: per cell)} of each earlier withheld total narrowed below
    p; a mask of this release's withheld totals narrowed below p)."""
    current = np.flatnonzero(withheld_totals)
    joint = series_intervals(series, cell_keys, values, withheld, equalities, cache=cache,
                             knowledge=knowledge, is_canceled=is_canceled,
                             current_sums=[totals.members[total] for total in current])
    lower, upper = intervals.lower.copy(), intervals.upper.copy()
    lower[current] = np.maximum(lower[current], joint.current_sums.lower)
    upper[current] = np.minimum(upper[current], joint.current_sums.upper)
    narrow_now = np.zeros(len(withheld_totals), dtype=bool)
    narrow_now[current] = protection_failures(joint.current_sums, np.ones(len(current), bool),
                                              protection, k, threshold)
    position = {key: index for index, key in enumerate(np.asarray(cell_keys).tolist())}
    narrow_earlier = {}
    for release, sums in zip(series.previous, joint.previous_sums):
        for cells, name in release.narrow_sums(sums, protection, k, threshold):
            here = [position[key] for key in release.cell_keys[cells].tolist()
                    if key in position]
            narrow_earlier.setdefault(name, set()).update(
                int(inside[cell]) for cell in here if inside[cell] >= 0)
    return Intervals(lower, upper), narrow_earlier, narrow_now


def _cells_of_keys(cell_keys, keys):
    """The current cells of a series whose ``keys`` (earlier releases' cells this release
    would expose) they share: withholding a total above them may keep the earlier ones
    covered."""
    if cell_keys is None or not len(keys):
        return []
    position = {key: index for index, key in enumerate(np.asarray(cell_keys).tolist())}
    return [position[key] for key in keys if key in position]


def _open_up_to(total, top, ancestors, withheld_totals, opened):
    """Whether every total from ``total`` (a cell's smallest, -1: none) up to ``top``
    (excluded) is withheld or ``opened``: the cell then floats up to ``top``."""
    while total >= 0 and total != top:
        if not (withheld_totals[total] or total in opened):
            return False
        total = ancestors[total]
    return True


def _smallest_total(inside, ancestors, among, cell):
    """The smallest of the totals ``among`` (a mask) holding ``cell``, -1 for none: the first
    of them on the way up from the cell's smallest total."""
    total = inside[cell]
    while total >= 0 and not among[total]:
        total = ancestors[total]
    return int(total)
