"""What a cell key release costs (utility) and what it leaks when D and the p-table are known.

Both tables are for the data holder: they are computed from the original
counts, which no published output may hold.
"""

import numpy as np

from ..errors import InputError
from ..audit.intervals import CONTRADICTION, bounds_by_programming

WINDOW = 5  # the worst-window error is over 5 x 5 cells


def _positions(col, row):
    """Sorted integer codes of cells and the lookup of a shifted code (for neighbour sums)."""
    c = np.asarray(col, dtype=np.int64) - int(np.min(col)) + WINDOW
    r = np.asarray(row, dtype=np.int64) - int(np.min(row)) + WINDOW
    height = int(r.max()) + WINDOW + 1
    code = c * height + r
    order = np.argsort(code)
    return c, r, height, code[order], order


def window_sums(col, row, values, half=WINDOW // 2):
    """Sum of ``values`` and number of cells in the (2 half + 1)² window around each cell."""
    values = np.asarray(values, dtype=float)
    c, r, height, sorted_code, order = _positions(col, row)
    sums = np.zeros(len(values))
    counts = np.zeros(len(values))
    for dc in range(-half, half + 1):
        for dr in range(-half, half + 1):
            target = (c + dc) * height + (r + dr)
            position = np.clip(np.searchsorted(sorted_code, target), 0, len(values) - 1)
            found = sorted_code[position] == target
            sums[found] += values[order[position[found]]]
            counts[found] += 1
    return sums, counts


def utility(col, row, original, published, small_rows=0):
    """Utility of a perturbed grid, one figure per key.

    ``mae``, ``mse`` and ``max_abs_error`` of n' − n over the cells; ``mse_large``
    over cells with n > ``small_rows`` (≈ V); ``worst_window_mae``: the largest
    mean absolute error over the cells of a 5 × 5 window centred on a cell;
    ``hellinger``: between the original and perturbed distributions of people
    over cells, sqrt(1 − Σ sqrt(p q)); Moran's I of the counts before and after
    (queen neighbours); ``share_changed``: share of cells with n' ≠ n.
    """
    from ..release.sweep import morans_i

    original = np.asarray(original, dtype=float)
    published = np.asarray(published, dtype=float)
    error = published - original
    absolute = np.abs(error)
    large = original > small_rows
    sums, counts = window_sums(col, row, absolute)
    before, _ = morans_i(np.asarray(col), np.asarray(row), original)
    after, _ = morans_i(np.asarray(col), np.asarray(row), published)
    return {
        "cells": int(len(original)),
        "mae": float(absolute.mean()) if len(absolute) else None,
        "mse": float((error ** 2).mean()) if len(error) else None,
        "mse_large": float((error[large] ** 2).mean()) if large.any() else None,
        "mean_error_large": float(error[large].mean()) if large.any() else None,
        "max_abs_error": float(absolute.max()) if len(absolute) else None,
        "worst_window_mae": float((sums / counts).max()) if len(absolute) else None,
        "hellinger": hellinger(original, published),
        "morans_i_before": before,
        "morans_i_after": after,
        "share_changed": float((error != 0).mean()) if len(error) else None,
    }


def hellinger(original, published):
    """Hellinger distance between two distributions of people over the same cells:
    sqrt(1 − Σ sqrt(p q)) with p = n / Σn and q = n' / Σn' (0: the same shares, 1: no cell
    in common). A grid with nobody in it is compared as it is (its shares all 0)."""
    original = np.asarray(original, dtype=float)
    published = np.asarray(published, dtype=float)
    p = original / original.sum() if original.sum() > 0 else original
    q = published / published.sum() if published.sum() > 0 else published
    return float(np.sqrt(max(0.0, 1.0 - float(np.sum(np.sqrt(p * q))))))


def possible_originals(table, published, lower=1):
    """(least, largest) original count that can publish each value under the p-table.

    Row i <= I (the last row) publishes j with p(i, j) > 0; every larger count
    n publishes n + v for the noise values v of its row (``table.row_of``: the last,
    or one of the rows reused in turn). ``lower``: what a cell
    holds at least (1 for an emitted non-empty cell). Values no count can
    publish get (nan, nan).
    """
    published = np.asarray(published, dtype=np.int64)
    frame = table.frame[(table.frame["p"] > 0) & (table.frame["i"] >= lower)]
    last = table.largest_i
    least = np.full(len(published), np.inf)
    largest = np.full(len(published), -np.inf)
    explicit = frame.groupby("j")["i"].agg(["min", "max"])
    known = np.isin(published, explicit.index.to_numpy())
    if known.any():
        rows = explicit.loc[published[known]]
        least[known] = rows["min"].to_numpy(float)
        largest[known] = rows["max"].to_numpy(float)
    noise = frame.loc[frame["i"] == last, "v"].to_numpy()
    if table.cycle_start is not None:
        _cycled_originals(table, frame, published, lower, least, largest)
    elif len(noise):
        # n > I with n + v = j: n = j - v for the last row's v.
        beyond_low = published - noise.max()
        beyond_high = published - noise.min()
        start = np.maximum(beyond_low, max(last + 1, lower))
        has_beyond = start <= beyond_high
        least = np.where(has_beyond, np.minimum(least, start), least)
        largest = np.where(has_beyond, np.maximum(largest, beyond_high), largest)
    least[~np.isfinite(least)] = np.nan
    largest[~np.isfinite(largest)] = np.nan
    return least, largest


def _cycled_originals(table, frame, published, lower, least, largest):
    """Widen (least, largest) in place by the counts n above the last row that publish each value
    when rows from ``table.cycle_start`` serve them in turn: n = j − v where row_of(n) has v."""
    cycle = frame[frame["i"] >= table.cycle_start]
    start, values = table.cycle_start, cycle["v"].to_numpy()
    live = np.zeros((table.largest_i - start + 1, int(values.max() - values.min()) + 1), bool)
    live[cycle["i"].to_numpy() - start, values - values.min()] = True
    for noise in np.unique(values).tolist():
        original = published - noise
        above = (original > table.largest_i) & (original >= lower)
        possible = above & live[np.maximum(table.row_of(original) - start, 0),
                                noise - values.min()]
        least[possible] = np.minimum(least[possible], original[possible])
        largest[possible] = np.maximum(largest[possible], original[possible])


def attacker_intervals(table, published, totals=(), additive=True, lower=1):
    """Intervals of the original counts an attacker derives knowing D and the p-table.

    ``totals``: (member indices, published perturbed total) pairs: the grand total, the
    cells of a coarser grid published beside, any perturbed sum of cells. Each published
    value (cell or total) bounds its original by ``possible_originals``; the totals then
    bound the cells as ``bounds_under_totals`` describes. Returns (least, largest) arrays
    over the cells.
    """
    least, largest = possible_originals(table, published, lower)
    t_low, t_high = possible_originals(table, [total for _, total in totals], lower)
    bounded = [(members, low, high) for (members, _), low, high in
               zip(totals, np.nan_to_num(t_low, nan=lower).tolist(),
                   np.nan_to_num(t_high, nan=np.inf).tolist())]
    return bounds_under_totals(np.nan_to_num(least, nan=lower),
                               np.nan_to_num(largest, nan=np.inf), bounded, additive)


def bounds_under_totals(least, largest, totals, additive=True):
    """The least and largest whole value of each cell given its own bounds and totals.

    ``totals``: (member indices, least, largest) of sums of cells. With ``additive`` (one
    point per person) a total is the sum of its members; otherwise (distinct people with
    points in several cells) it lies between the largest member and their sum. Nested or
    disjoint totals (grand total ⊃ parents ⊃ cells) form a tree, solved exactly in two
    passes: up, each total's attainable range from its members'; down, each member's from
    its total's and its siblings'. Crossing totals go to the integer programme of
    ``intervals.bounds_by_programming`` (with distinct people, over the cells alone:
    each crossing total bounds every member by its largest value and their sum by its least).
    """
    least, largest = np.asarray(least, dtype=float).copy(), np.asarray(largest, dtype=float).copy()
    totals = [(np.unique(np.asarray(members, dtype=np.int64)), float(low), float(high))
              for members, low, high in totals]
    totals = [entry for entry in totals if len(entry[0])]
    tree = _laminar_tree(len(least), [members for members, _, _ in totals])
    if tree is None:
        return _bounds_by_programming(least, largest, totals, additive)
    return _tree_bounds(least, largest, totals, tree, additive)


def _laminar_tree(n_cells, sets):
    """(sets largest first, the smallest set strictly holding each set (-1: none), the smallest
    set holding each cell (-1: none)), or None when two sets cross (share cells without one
    holding the other). A set listed twice is its own copy's child."""
    order = sorted(range(len(sets)), key=lambda index: -len(sets[index]))
    parent = np.full(len(sets), -1)
    owner = np.full(n_cells, -1)
    for index in order:
        owners = owner[sets[index]]
        if (owners != owners[0]).any():
            return None
        parent[index] = owners[0]
        owner[sets[index]] = index
    return order, parent, owner


class _MemberSums:
    """Per set: the sums of its members' least and largest values (infinite largest values
    counted apart, so that 'the others' sum' stays exact) and their largest least value."""

    def __init__(self, n_sets):
        self.low = np.zeros(n_sets)
        self.high = np.zeros(n_sets)
        self.infinite = np.zeros(n_sets, dtype=np.int64)
        self.top_low = np.full(n_sets, -np.inf)

    def add_cells(self, holder, low, high):
        """Add cells (any number, each to its holding set)."""
        n_sets = len(self.low)
        infinite = np.isinf(high)
        self.low += np.bincount(holder, weights=low, minlength=n_sets)
        self.high += np.bincount(holder, weights=np.where(infinite, 0.0, high), minlength=n_sets)
        self.infinite += np.bincount(holder, weights=infinite, minlength=n_sets).astype(np.int64)
        order = np.argsort(holder, kind="stable")
        sorted_holder = holder[order]
        starts = np.flatnonzero(np.concatenate(([True], sorted_holder[1:] != sorted_holder[:-1])))
        if len(order):
            self.top_low[sorted_holder[starts]] = np.maximum.reduceat(low[order], starts)

    def add_set(self, holder, low, high):
        """Add a set's range to the set holding it."""
        self.low[holder] += low
        if np.isinf(high):
            self.infinite[holder] += 1
        else:
            self.high[holder] += high
        self.top_low[holder] = max(self.top_low[holder], low)

    def total_high(self, index):
        return np.inf if self.infinite[index] else self.high[index]

    def others(self, holder, low, high):
        """(sum of the other members' least, of their largest) for members of ``holder``."""
        infinite = np.isinf(high)
        others_high = np.where(self.infinite[holder] - infinite > 0, np.inf,
                               self.high[holder] - np.where(infinite, 0.0, high))
        return self.low[holder] - low, others_high


def _tree_bounds(least, largest, totals, tree, additive):
    order, parent, owner = tree
    sums = _MemberSums(len(totals))
    held = owner >= 0
    sums.add_cells(owner[held], least[held], largest[held])
    up = np.zeros((len(totals), 2))
    for index in reversed(order):  # smallest first: a set's members are done before it
        _, low, high = totals[index]
        floor = sums.low[index] if additive else sums.top_low[index]
        up[index] = max(low, floor), min(high, sums.total_high(index))
        if up[index, 0] > up[index, 1]:
            raise InputError(CONTRADICTION)
        if parent[index] >= 0:
            sums.add_set(parent[index], up[index, 0], up[index, 1])
    down = up.copy()

    def narrowed(holder, low, high):
        others_low, others_high = sums.others(holder, low, high)
        new_low = np.maximum(low, down[holder, 0] - others_high)
        new_high = np.minimum(high, down[holder, 1] - others_low if additive else down[holder, 1])
        return new_low, new_high

    for index in order:  # largest first: a set's range is final before its members'
        if parent[index] >= 0:
            low, high = narrowed(parent[index], up[index, 0], up[index, 1])
            down[index] = low, high
    least[held], largest[held] = narrowed(owner[held], least[held], largest[held])
    return least, largest


def _bounds_by_programming(least, largest, totals, additive):
    cells = np.unique(np.concatenate([members for members, _, _ in totals]))
    for members, _, high in totals:
        if not additive:
            largest[members] = np.minimum(largest[members], high)
    bounds = bounds_by_programming(
        cells, [], least[cells], largest[cells], integer=True,
        at_least=[(members, low) for members, low, _ in totals],
        at_most=[(members, high) for members, _, high in totals if additive and np.isfinite(high)])
    if bounds is None:
        raise InputError(CONTRADICTION)
    least[cells], largest[cells] = bounds
    return least, largest


def parent_totals(col, row, key, parent_col, parent_row, parent_key, parent_published, factor):
    """(member indices, published count) of each parent cell of a coarser cell key grid published
    beside the grid (the same origin, ``factor`` cells wide, the same attribute values): the
    totals an attacker holds besides the cells. Cells whose parent is not in that grid (it holds
    nobody) are in none."""
    import pandas as pd

    cells = pd.DataFrame({"col": np.floor_divide(col, factor), "row": np.floor_divide(row, factor),
                          "key": key, "member": np.arange(len(col))})
    parents = pd.DataFrame({"col": parent_col, "row": parent_row, "key": parent_key,
                            "parent": np.arange(len(parent_col))})
    joined = cells.merge(parents, on=["col", "row", "key"]).sort_values(["parent", "member"])
    parent = joined["parent"].to_numpy()
    starts = np.flatnonzero(np.concatenate(([True], parent[1:] != parent[:-1]))) if len(parent) \
        else np.empty(0, dtype=np.int64)
    members = np.split(joined["member"].to_numpy(), starts[1:])
    published = np.asarray(parent_published)
    return [(cells_of, int(published[parent[start]])) for cells_of, start in zip(members, starts)]



def release_totals(table, cells, grand_total=None, parents=None, factor=None):
    """Every total an attacker holds beside a cell key grid, as (member indices, published
    value) pairs for ``attacker_intervals``: ``cells`` (col, row, key code, published count of
    each cell); ``grand_total`` (number of people, cell key of everyone) when the number of
    people is known (it is published perturbed with everyone's key); ``parents``
    (``cellkey.PerturbedCells`` of the grid ``factor`` cells wide on the same origin and key)
    when the coarser grid is published beside it."""
    from .cellkey import perturb_counts

    col, row, key, published = cells
    totals = []
    if grand_total is not None:
        people, everyone = grand_total
        totals.append((np.arange(len(published)),
                       int(perturb_counts([people], [everyone], table)[0])))
    if parents is not None:
        totals += parent_totals(col, row, key, parents.col, parents.row, parents.key,
                                parents.published, int(factor))
    return totals


SWEEP_FIGURES = ("mae", "mse", "max_abs_error", "worst_window_mae", "hellinger", "share_changed")


def sweep_utility(x, y, person_codes, key_codes, origin, resolutions, person_keys, table):
    """Per cell size, the utility of the cell key grid (every non-empty cell published): one row
    with ``resolution_m``, ``cells`` and SWEEP_FIGURES, for the sweep to show beside suppression."""
    import pandas as pd

    from .cellkey import perturbed_cells

    rows = []
    for resolution in resolutions:
        cells = perturbed_cells(x, y, person_codes, key_codes, origin, resolution, person_keys,
                                table)
        frame = pd.DataFrame({"col": cells.col, "row": cells.row, "n": cells.n_persons,
                              "published": cells.published})
        frame = frame.groupby(["col", "row"], as_index=False, sort=False).sum()
        figures = utility(frame["col"].to_numpy(), frame["row"].to_numpy(), frame["n"].to_numpy(),
                          frame["published"].to_numpy(), table.largest_i - 1)
        rows.append({"resolution_m": float(resolution), "cells": len(cells.n_persons),
                     **{name: figures[name] for name in SWEEP_FIGURES}})
    return pd.DataFrame(rows)
