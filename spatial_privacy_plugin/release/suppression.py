"""Complementary suppression: withhold more cells until no withheld cell can be narrowed.

A published table is a set of cells and a set of published linear equalities
(each: a set of cells and their published sum, e.g. the grand total or the
totals of coarser parent cells). The attacker's bounds on each withheld cell
come from ``intervals.attacker_intervals`` (the attacker of SPEC section 7:
published values and totals, non-empty emitted cells, the number of people);
a withheld cell whose interval is narrower than the protection level p is
(nearly) disclosed, width 0 means exactly recovered. Every withheld cell must
keep width >= p (and, where the policy asks, an upper bound >= k so that a
reader cannot even conclude the cell was small): the reader cannot tell a
primary cell from a complementary one.
"""

from dataclasses import dataclass

import numpy as np

from ..errors import Cancelled
from ..audit.intervals import Intervals, attacker_intervals, protection_failures

def _candidates(cell, values, lower, cells_of_row, rows_of_cell, withheld, taken, need):
    """Published cells whose withholding can widen a failing cell's interval.

    A fully withheld equality pins the sum of its cells, so the cell's
    interval stays within what that sum leaves above the cells' known
    minimums whatever else is withheld: when that slack is below ``need``
    nothing helps (an empty answer). Otherwise the open equality with the
    smallest withheld sum binds the interval and is widened first; when all
    its equalities are closed, the equalities of the withheld cells beside it
    are tried (to break an exact determination by a cycle).
    """
    rows = rows_of_cell.get(cell, [])
    for row in rows:
        cells = cells_of_row[row]
        if withheld[cells].all() and values[cells].sum() - lower[cells].sum() < need:
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


def cheapest_cover(values, gains, deficit, cells_needed):
    """Positions of the cheapest cells (by their values, the people withheld) found among two
    covers whose gains reach ``deficit`` with at least ``cells_needed`` cells: the smallest
    single cell that covers it alone, and the smallest cells taken in turn. Returns what
    reaches furthest when nothing covers it."""
    order = np.argsort(values, kind="stable")
    reached = np.cumsum(gains[order])
    enough = (reached >= deficit) & (np.arange(1, len(order) + 1) >= cells_needed)
    greedy = order[:int(np.argmax(enough)) + 1] if enough.any() else order
    if cells_needed <= 1:
        alone = order[gains[order] >= deficit]
        if len(alone) and values[alone[0]] < values[greedy].sum():
            return alone[:1]
    return greedy


@dataclass(frozen=True)
class SuppressionResult:
    withheld: np.ndarray  # primary and complementary
    complementary: np.ndarray
    intervals: Intervals
    unprotectable: np.ndarray  # withheld cells no pattern can protect with these equalities
    exposed_earlier: tuple = ()  # keys of earlier releases' withheld cells this release would expose


@dataclass(frozen=True)
class Knowledge:
    """What the attacker knows of the withheld cells besides the published equalities.

    ``lower``/``upper``: per cell, what it holds at least and at most on its
    own (1 for a non-empty emitted cell; the number of people at most);
    ``at_least``: (cells, total) pairs whose cells hold at least that many
    people together (distinct people with points in several cells, a total
    left unpublished although it reaches k); ``at_most``: pairs whose cells
    hold at most that many (a declared total left blank because it is below
    k: the rule is known, so the blank says so).
    """

    lower: np.ndarray
    upper: np.ndarray
    at_least: tuple = ()
    at_most: tuple = ()

    @classmethod
    def none(cls, n):
        return cls(np.zeros(n), np.full(n, np.inf))


def _audit(values, withheld, equalities, integer, series, cell_keys, cache, knowledge,
           is_canceled, progress):
    """(intervals of this release, [(earlier release, its intervals)], pinned widths or None)."""
    if series is None:
        return attacker_intervals(values, withheld, equalities, integer, knowledge.lower,
                                  knowledge.upper, knowledge.at_least, knowledge.at_most,
                                  is_canceled, progress), [], None
    from .series import series_intervals

    joint = series_intervals(series, cell_keys, values, withheld, equalities, integer, cache,
                             knowledge, is_canceled)
    return joint.current, list(zip(series.previous, joint.previous)), \
        (joint.pinned_lower, joint.pinned_upper)


def complementary_suppression(values, primary, equalities, protection, k=None, integer=True,
                              is_canceled=None, series=None, cell_keys=None, knowledge=None,
                              threshold=None, progress=None, cache=None):
    """Withhold more cells until every withheld cell's attacker interval is wide enough.

    First, equality by equality (a parent cell, the total): while it holds
    fewer than two withheld cells, or what its withheld cells hold above
    their known minimums is below p (or k when ``k`` is given, so that
    intervals straddle k), withhold the cheapest published cells that cover
    the gap (``cheapest_cover``). Then audit the whole pattern, where
    equalities interact, and for each withheld cell that still fails
    withhold the smallest published cell sharing an equality with it; repeat
    until the audit passes. Every round withholds at least one more cell, so
    this terminates; cells that cannot be protected (e.g. the only child of
    a published parent) are reported in ``unprotectable``. ``knowledge``
    (``Knowledge``) is what the attacker knows of each cell beyond the
    equalities; ``threshold`` (the policy's k): a cell the attacker can
    prove holds at least that many needs no protection.

    With a ``series`` (``series.Series``; ``cell_keys`` name this release's
    cells), the audit is joint over the earlier releases too; cells withheld
    in the latest release are preferred as complements (a stable pattern
    gives differencing nothing), an earlier withheld cell that this release
    would narrow gets its cell here withheld, and a cell pinned by its
    earlier published value is reported unprotectable at once. ``cache``: a dict of the
    joint audit's bounds the caller keeps across calls (``series.series_intervals``).

    ``is_canceled`` is asked between cells and before every programme of the
    audit (raising ``Cancelled``); ``progress(share)`` hears how far the work
    is, from 0 to 1: the audit rounds' number is not known in advance, so
    round r fills half of what is left after round r - 1.
    """
    values = np.asarray(values, dtype=float)
    primary = np.asarray(primary, dtype=bool)
    knowledge = Knowledge.none(len(values)) if knowledge is None else knowledge
    lower = np.asarray(knowledge.lower, dtype=float)
    withheld = primary.copy()
    need = protection if k is None else max(protection, k)
    preferred = np.zeros(len(values), dtype=bool) if series is None \
        else series.previously_withheld(cell_keys)
    position = {} if series is None else {key: i for i, key in enumerate(cell_keys)}

    def useful(candidates):
        """The candidates withheld last release if any, else all; those that widen the
        interval (hold more than their known minimum) if any."""
        pool = candidates[preferred[candidates]]
        pool = pool if len(pool) else candidates
        widening = pool[values[pool] > lower[pool]]
        return widening if len(widening) else pool

    def check():
        if is_canceled is not None and is_canceled():
            raise Cancelled()

    def best(candidates):
        pool = useful(candidates)
        return int(pool[np.argmin(values[pool])])

    for cells, _ in sorted(equalities, key=lambda equality: len(equality[0])):
        cells = np.asarray(cells, dtype=np.int64)
        if not primary[cells].any():
            continue  # protect withheld cells only: nothing here needs hiding
        check()
        while True:
            hidden = cells[withheld[cells]]
            slack = values[hidden].sum() - lower[hidden].sum()
            if len(hidden) >= 2 and slack >= need:
                break
            # A published zero adds nothing to a withheld sum: it protects no one.
            candidates = cells[~withheld[cells] & (values[cells] > 0)]
            if len(candidates) == 0:
                break
            pool = useful(candidates)
            chosen = pool[cheapest_cover(values[pool], values[pool] - lower[pool], need - slack,
                                         2 - len(hidden))]
            withheld[chosen] = True

    cells_of_row = [np.asarray(cells, dtype=np.int64) for cells, _ in equalities]
    rows_of_cell = {}
    for row_index, cells in enumerate(cells_of_row):
        for cell in cells.tolist():
            rows_of_cell.setdefault(cell, []).append(row_index)
    unprotectable = np.zeros(len(values), dtype=bool)
    cache = {} if cache is None else cache  # the joint audit's bounds, by content, across rounds
    rounds = 0
    while True:
        check()
        round_progress = None if progress is None else \
            (lambda done, total, start=1.0 - 0.5 ** rounds, width=0.5 ** (rounds + 1):
             progress(start + width * done / total))
        intervals, earlier, pinned = _audit(values, withheld, equalities, integer, series,
                                            cell_keys, cache, knowledge, is_canceled,
                                            round_progress)
        rounds += 1
        failing = protection_failures(intervals, withheld, protection, k, threshold) \
            & ~unprotectable
        if pinned is not None:
            # Pinned by an earlier published value: nothing withheld now can widen it.
            narrow = protection_failures(Intervals(*pinned), withheld, protection, k, threshold)
            unprotectable |= failing & narrow
            failing &= ~narrow
        additions = set()
        # Judged afresh each round: a cell withheld since may cover an earlier one again.
        exposed = []
        for cell in np.flatnonzero(failing).tolist():
            check()
            candidates = _candidates(cell, values, lower, cells_of_row, rows_of_cell, withheld,
                                     additions, need)
            if len(candidates) == 0:
                unprotectable[cell] = True
                continue
            additions.add(best(candidates))
        for release, release_intervals in earlier:
            narrowed = protection_failures(release_intervals, release.protected, protection, k,
                                           threshold)
            for key in release.cell_keys[narrowed].tolist():
                if key in exposed:
                    continue
                here = position.get(key)
                if here is not None and not withheld[here]:
                    additions.add(here)  # its value now pins the earlier one: withhold it too
                    continue
                candidates = np.empty(0, dtype=np.int64) if here is None else _candidates(
                    here, values, lower, cells_of_row, rows_of_cell, withheld, additions, need)
                if len(candidates) == 0:
                    exposed.append(key)
                else:
                    additions.add(best(candidates))
        if not additions:
            break
        withheld[list(additions)] = True
    return SuppressionResult(withheld, withheld & ~primary, intervals, unprotectable,
                             tuple(exposed))
