"""Suppression that holds across a series of releases of the same grid.

Each release on its own may be safe while two consecutive ones are not: a
cell published last month at 9 and withheld this month beside a total that
moved by one is recovered by differencing. Any such attack rests on an
assumption linking the months; the one modelled here is the policy's
``series_max_change`` = delta: the attacker assumes that no cell's count
changes by more than delta people between consecutive releases.

The attacker then holds one linear system over every release's withheld
cells: each release's published equalities, and ``|x[t, c] - x[t-1, c]| <=
delta`` for every cell c, where a value published (or a cell absent, known
to be 0) is a constant. Its bounds are computed per connected block:
by a closed form for one equality with box bounds, by LP otherwise.

A declared total left blank is a withheld cell too (SPEC section 7): its bounds are the
extremes of the sum of its cells over the same system, and a later release that publishes
the same parent's total bounds it by that total +- delta per cell.

A cell published in one release and withheld in the next ("flipping") is
pinned to the published value +- delta whatever else is withheld: when
2 * delta is below the protection level, no suppression pattern can protect
it; the remedy is a stable geometry (same cells withheld each month) or a
coarser one.
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from ..errors import N_, InputError
from ..audit.intervals import EXACT_WIDTH, Intervals, _reduced_lower_sums, _residual_rows, \
    bounds_by_programming, protection_failures, single_row_bounds
from ..audit.withheld_sums import block_sum_bounds

SERIES_CONTRADICTION = N_(
    "The releases of the series cannot all hold if no cell changes by more than "
    "series_max_change = {delta:g} people between releases: the data moved more than the "
    "assumed attacker model allows. Set series_max_change in the policy to the largest change "
    "an attacker could assume (at least the largest observed change of a published cell).")


@dataclass(frozen=True)
class PublishedRelease:
    """One earlier release as the attacker holds it.

    ``cell_keys``: identity of each cell, the same in every release of the
    series; ``values``: published counts (NaN where withheld);
    ``protected``: withheld cells whose interval must stay p wide (all of
    them, unless old status labels tell the complementary ones apart);
    ``equalities``: (cell indices, published total) pairs, its number of people
    among them when it was published with one point per person; ``lower`` and
    ``upper``: what the release says of each withheld cell on its own
    (non-empty, a label's range); ``at_least``: (cell indices, total) pairs the
    cells add up to at least (its number of people, several points per person);
    ``withheld_sums``: (cell indices, name) of each declared total it left blank, a
    withheld cell whose value is the sum of its cells (SPEC section 7).
    """

    cell_keys: np.ndarray
    values: np.ndarray
    withheld: np.ndarray
    protected: np.ndarray
    equalities: list
    lower: np.ndarray = None  # None: 0
    upper: np.ndarray = None  # None: unbounded
    at_least: tuple = ()
    withheld_sums: tuple = ()

    def narrow_sums(self, sums, protection, k=None, threshold=None):
        """The (cells, name) of its ``withheld_sums`` whose intervals ``sums`` fail the
        protection (``intervals.protection_failures``)."""
        failing = protection_failures(sums, np.ones(len(self.withheld_sums), dtype=bool),
                                      protection, k, threshold)
        return [total for total, fails in zip(self.withheld_sums, failing) if fails]

    def boxes(self):
        n = len(self.cell_keys)
        return (np.zeros(n) if self.lower is None else np.array(self.lower, dtype=float),
                np.full(n, np.inf) if self.upper is None else np.array(self.upper, dtype=float))


@dataclass(frozen=True)
class Series:
    previous: list  # PublishedRelease, oldest first
    max_change: float  # the policy's series_max_change

    def previously_withheld(self, cell_keys):
        """Per current cell: withheld in the latest earlier release."""
        return self.withheld_before(len(self.previous), cell_keys)

    def withheld_before(self, index, cell_keys):
        """Per cell of release ``index`` (the current one: ``len(previous)``): withheld in the
        release before it."""
        before = self.previous[index - 1]
        position = pd.Index(before.cell_keys).get_indexer(np.asarray(cell_keys, dtype=object))
        return (position >= 0) & np.asarray(before.withheld, dtype=bool)[position]


@dataclass(frozen=True)
class SeriesIntervals:
    current: Intervals
    previous: list  # Intervals per earlier release (for complementary cells: valid, maybe loose)
    pinned_lower: np.ndarray  # bounds of each current cell from the earlier releases alone
    pinned_upper: np.ndarray
    current_sums: Intervals = None  # of the sums asked for (``current_sums``)
    previous_sums: list = ()  # Intervals per earlier release, of its ``withheld_sums``


def _release_arrays(series, cell_keys, values, withheld, equalities):
    releases = [(release.cell_keys, np.asarray(release.values, dtype=float),
                 np.asarray(release.withheld, dtype=bool), release.equalities)
                for release in series.previous]
    releases.append((np.asarray(cell_keys, dtype=object), np.asarray(values, dtype=float),
                     np.asarray(withheld, dtype=bool), equalities))
    return releases


def _links(releases, offsets, delta, true_current, boxes):
    """Box bounds and pairwise links between consecutive releases, over the stacked variables.

    ``boxes``: (lower, upper) per release, what each says of its cells on its
    own. A link to a known value (published, or a cell absent and so 0) is a box
    on the other variable; between two withheld cells it is a pair. A
    current cell's box is widened to hold its true value: if the data moved
    more than delta there, the attacker's assumption is wrong for that cell
    and the audit keeps the truth inside the interval.
    """
    lower, upper = (np.concatenate(ends) for ends in zip(*boxes))
    pairs = []
    last = len(releases) - 1
    for index in range(1, len(releases)):
        keys_before, values_before, withheld_before, _ = releases[index - 1]
        keys_now, values_now, withheld_now, _ = releases[index]
        union = pd.Index(keys_before).append(pd.Index(keys_now)).unique()
        before = pd.Index(keys_before).get_indexer(union)
        now = pd.Index(keys_now).get_indexer(union)
        hidden_before = (before >= 0) & withheld_before[before]
        hidden_now = (now >= 0) & withheld_now[now]
        known_before = np.where(before >= 0, np.nan_to_num(values_before[before]), 0.0)
        known_now = np.where(now >= 0, np.nan_to_num(values_now[now]), 0.0)

        only_now = hidden_now & ~hidden_before
        variables = offsets[index] + now[only_now]
        reach = np.full(len(variables), float(delta))
        if index == last:  # (an auditor without the true values passes NaN: no widening)
            reach = np.fmax(reach, np.abs(true_current[now[only_now]] - known_before[only_now]))
        lower[variables] = np.maximum(lower[variables], known_before[only_now] - reach)
        upper[variables] = np.minimum(upper[variables], known_before[only_now] + reach)

        only_before = hidden_before & ~hidden_now
        variables = offsets[index - 1] + before[only_before]
        lower[variables] = np.maximum(lower[variables], known_now[only_before] - delta)
        upper[variables] = np.minimum(upper[variables], known_now[only_before] + delta)

        both = hidden_before & hidden_now
        pairs.append(np.column_stack([offsets[index - 1] + before[both],
                                      offsets[index] + now[both]]))
    pairs = np.concatenate(pairs) if pairs else np.empty((0, 2), dtype=np.int64)
    return lower, upper, pairs.astype(np.int64)


def _interchangeable(releases, offsets, rows, lower, upper, hidden):
    """A class label per variable: cells whose variables sit in the same rows with the same
    boxes in every release can be swapped without changing the system, so share their bounds.

    With a grand total, most withheld cells of a release are alike; one
    programme per class instead of per cell keeps the joint audit fast.
    """
    rows_of = {}
    for row_index, (cells, _) in enumerate(rows):
        for cell in cells.tolist():
            rows_of.setdefault(cell, []).append(row_index)
    chains = {}  # cell key -> its variables, oldest release first
    for index, (keys, _, _, _) in enumerate(releases):
        for position in np.flatnonzero(hidden[offsets[index]:offsets[index + 1]]).tolist():
            chains.setdefault(keys[position], []).append((index, offsets[index] + position))
    labels = np.full(len(hidden), -1, dtype=np.int64)
    signatures = {}
    for chain in chains.values():
        signature = tuple((index, tuple(rows_of.get(variable, ())), lower[variable],
                           upper[variable]) for index, variable in chain)
        for place, (_, variable) in enumerate(chain):
            labels[variable] = signatures.setdefault((signature, place), len(signatures))
    return labels


def release_boxes(series, current_lower, current_upper):
    """(lower, upper) per release of the series, the current one last.

    Each release's own boxes, except that a cell withheld in the release
    before may be emitted although empty (the grid keeps a withheld cell
    that emptied, see ``grid.suppressed_grid``), so its minimum is 0.
    """
    boxes = []
    releases = list(series.previous)
    for index, release in enumerate(releases + [None]):
        if release is None:
            lower, upper = np.array(current_lower, dtype=float), np.asarray(current_upper, float)
            keys = None
        else:
            (lower, upper), keys = release.boxes(), release.cell_keys
        if index > 0 and keys is not None:
            lower[series.withheld_before(index, keys)] = 0.0
        boxes.append((lower, upper))
    return boxes


def _hidden_sums(sums, values, withheld, offset):
    """(withheld cells + ``offset``, total less the published cells) of each (cells, total)
    of ``sums`` that holds a withheld cell."""
    known = np.where(withheld, 0.0, np.nan_to_num(values))
    found = []
    for cells, total in sums:
        cells = np.asarray(cells, dtype=np.int64)
        hidden = cells[withheld[cells]]
        if len(hidden):
            found.append((hidden + offset, total - float(np.sum(known[cells]))))
    return found


def series_intervals(series, cell_keys, values, withheld, equalities, integer=True, cache=None,
                     knowledge=None, is_canceled=None, current_sums=None):
    """The attacker's bounds on every withheld cell of every release of the series, and,
    given ``current_sums`` (index arrays: this release's withheld totals), on the sums of
    cells they and every earlier release's ``withheld_sums`` name.

    ``values`` are the current release's true counts (they only widen a
    link the data break, see ``_links``); published cells get their value
    at both ends, as in ``intervals.attacker_intervals``. ``knowledge``
    (``suppression.Knowledge``) is what the attacker knows of the current
    release's cells on their own and of its people total; the caller gives
    cells withheld in the latest release a minimum of 0. A ``cache`` (a dict
    kept across the rounds of one suppression) reuses the bounds of blocks
    that did not change since the last round. ``is_canceled``: asked before
    every programme.
    """
    releases = _release_arrays(series, cell_keys, values, withheld, equalities)
    offsets = np.concatenate([[0], np.cumsum([len(keys) for keys, _, _, _ in releases])])
    true_current = releases[-1][1]
    n_current = len(releases[-1][0])
    current_lower = np.zeros(n_current) if knowledge is None else knowledge.lower
    current_upper = np.full(n_current, np.inf) if knowledge is None else knowledge.upper
    boxes = release_boxes(series, current_lower, current_upper)
    lower, upper, pairs = _links(releases, offsets, series.max_change, true_current, boxes)
    pinned_lower = lower[offsets[-2]:].copy()
    pinned_upper = upper[offsets[-2]:].copy()

    rows = []
    current_rows = []
    for index, (_, release_values, release_withheld, release_equalities) in enumerate(releases):
        known = np.where(release_withheld, 0.0, np.nan_to_num(release_values))
        release_rows = _residual_rows(known, release_withheld, release_equalities)
        rows += [(cells + offsets[index], residual) for cells, residual in release_rows]
        current_rows = release_rows
    floors = []
    for index, release in enumerate(series.previous):
        floors += _hidden_sums(release.at_least, *releases[index][1:3], offsets[index])
    if knowledge is not None and knowledge.at_least:
        current = releases[-1]
        known = np.where(current[2], 0.0, np.nan_to_num(current[1]))
        reduced = _reduced_lower_sums(known, current[2], knowledge.at_least, current_rows)
        floors += _hidden_sums(knowledge.at_least, *current[1:3], offsets[-2]) \
            if reduced is None else \
            [(cells + offsets[-2], residual) for cells, residual in reduced if len(cells)]
    ceilings = [] if knowledge is None else \
        _hidden_sums(knowledge.at_most, *releases[-1][1:3], offsets[-2])
    hidden = np.concatenate([release_withheld for _, _, release_withheld, _ in releases])
    n_variables = len(hidden)
    # Blocks: variables joined by an equality or a lower sum (chain its cells) or a link.
    edges = [np.column_stack([cells[:-1], cells[1:]]) for cells, _ in rows + floors + ceilings
             if len(cells) > 1]
    edges = np.concatenate(edges + [pairs]) if edges or len(pairs) else np.empty((0, 2), np.int64)
    graph = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])),
                       shape=(n_variables, n_variables))
    _, block_of = connected_components(graph, directed=False)
    rows_of_block, pairs_of_block, floors_of_block, ceilings_of_block = {}, {}, {}, {}
    for row in rows:
        rows_of_block.setdefault(block_of[row[0][0]], []).append(row)
    for floor in floors:
        floors_of_block.setdefault(block_of[floor[0][0]], []).append(floor)
    for ceiling in ceilings:
        ceilings_of_block.setdefault(block_of[ceiling[0][0]], []).append(ceiling)
    for pair in pairs:
        pairs_of_block.setdefault(block_of[pair[0]], []).append(pair)

    classes = _interchangeable(releases, offsets, rows + floors + ceilings, lower, upper, hidden)
    all_values = np.concatenate([np.nan_to_num(release_values) for _, release_values, _, _
                                 in releases])
    result_lower = np.where(hidden, lower, all_values)
    result_upper = np.where(hidden, upper, all_values)

    def system(block):
        """(variables, rows, lower, upper, pairs, lower sums, upper sums) of a block."""
        variables = np.flatnonzero((block_of == block) & hidden)
        return (variables, rows_of_block.get(block, []), lower[variables], upper[variables],
                np.array(pairs_of_block.get(block, []), dtype=np.int64).reshape(-1, 2),
                floors_of_block.get(block, []), ceilings_of_block.get(block, []))

    for block in np.unique(block_of[hidden]):
        arguments = system(block)
        variables, block_rows, _, _, block_pairs, block_floors, block_ceilings = arguments
        if not block_rows and not block_floors and not block_ceilings and not len(block_pairs):
            if np.any(lower[variables] > upper[variables] + EXACT_WIDTH):
                raise InputError(SERIES_CONTRADICTION, delta=series.max_change)
            continue
        if len(block_rows) == 1 and not block_floors and not block_ceilings and \
                not len(block_pairs):
            bounds = single_row_bounds(block_rows[0][1], lower[variables], upper[variables])
        else:
            key = _block_key(arguments)
            bounds = None if cache is None else cache.get(key)
            if bounds is None:
                bounds = bounds_by_programming(variables, block_rows, lower[variables],
                                               upper[variables], block_pairs, series.max_change,
                                               integer, classes[variables], block_floors,
                                               block_ceilings, is_canceled)
                if cache is not None and bounds is not None:
                    cache[key] = bounds
        if bounds is None:
            raise InputError(SERIES_CONTRADICTION, delta=series.max_change)
        result_lower[variables], result_upper[variables] = bounds

    intervals = [Intervals(result_lower[start:end], result_upper[start:end])
                 for start, end in zip(offsets[:-1], offsets[1:])]
    if current_sums is None:
        return SeriesIntervals(intervals[-1], intervals[:-1], pinned_lower, pinned_upper)
    targets = [[cells for cells, _ in release.withheld_sums] for release in series.previous]
    sums = _sum_intervals(targets + [list(current_sums)], releases, offsets, block_of, system,
                          result_lower, result_upper, series.max_change, integer, cache,
                          is_canceled)
    return SeriesIntervals(intervals[-1], intervals[:-1], pinned_lower, pinned_upper, sums[-1],
                           sums[:-1])


def _block_key(system):
    """A block's system (as ``series_intervals`` builds it) as a key of its bounds' cache."""
    variables, rows, lower, upper, pairs, floors, ceilings = system
    return (variables.tobytes(), pairs.tobytes(), lower.tobytes(), upper.tobytes()) + tuple(
        tuple((cells.tobytes(), residual) for cells, residual in group)
        for group in (rows, floors, ceilings))


def _sum_intervals(targets, releases, offsets, block_of, system, cell_lower, cell_upper, delta,
                   integer, cache, is_canceled):
    """Intervals per release of the sums over its ``targets`` (cell index arrays) of the
    joint system: a published cell adds its value, a block holding one of the sum's withheld
    cells its bounds, one holding several the extremes of their sum over its programme (the
    blocks are independent, so the parts' extremes add up). One programme per block serves
    all the parts in it."""
    low = [np.zeros(len(release_targets)) for release_targets in targets]
    high = [np.zeros(len(release_targets)) for release_targets in targets]
    parts_of_block = {}  # block -> [(release, target, withheld variables in the block)]
    for index, release_targets in enumerate(targets):
        _, values, withheld, _ = releases[index]
        for place, cells in enumerate(release_targets):
            cells = np.asarray(cells, dtype=np.int64)
            variables = offsets[index] + cells[withheld[cells]]
            published = float(np.nan_to_num(values[cells[~withheld[cells]]]).sum())
            low[index][place] = high[index][place] = published
            for block in np.unique(block_of[variables]):
                part = variables[block_of[variables] == block]
                if len(part) == 1:  # its cell's bounds are the part's
                    low[index][place] += cell_lower[part[0]]
                    high[index][place] += cell_upper[part[0]]
                else:
                    parts_of_block.setdefault(block, []).append((index, place, part))
    for block, parts in parts_of_block.items():
        arguments = system(block)
        key = ("sums",) + tuple(part.tobytes() for _, _, part in parts) + _block_key(arguments)
        bounds = None if cache is None else cache.get(key)
        if bounds is None:
            variables, rows, lower, upper, pairs, floors, ceilings = arguments
            bounds = block_sum_bounds(
                [part for _, _, part in parts], variables, rows, lower, upper, pairs, delta,
                floors, ceilings, integer, is_canceled,
                ([cell_lower[part].sum() for _, _, part in parts],
                 [cell_upper[part].sum() for _, _, part in parts]))
            if bounds is None:
                raise InputError(SERIES_CONTRADICTION, delta=delta)
            if cache is not None:
                cache[key] = bounds
        for (index, place, _), least, greatest in zip(parts, *bounds):
            low[index][place] += least
            high[index][place] += greatest
    return [Intervals(least, greatest) for least, greatest in zip(low, high)]


def flipping_cells(previous_keys, previous_withheld, cell_keys, withheld):
    """Cells whose state changes between two releases: (key, previous state, state) rows.

    A state is "published", "withheld" or "absent" (no one there: known to
    be 0). A cell flips when it is withheld in one release and not in the
    other; under a bounded-change attacker it is then pinned near the value
    known from the other release.
    """
    before = pd.Series(np.where(previous_withheld, "withheld", "published"),
                       index=pd.Index(previous_keys, dtype=object))
    now = pd.Series(np.where(withheld, "withheld", "published"),
                    index=pd.Index(cell_keys, dtype=object))
    states = pd.concat({"previous_state": before, "state": now}, axis=1).fillna("absent")
    flips = (states["previous_state"] == "withheld") != (states["state"] == "withheld")
    return states[flips].rename_axis("cell_id").reset_index()
