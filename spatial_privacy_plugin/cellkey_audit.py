"""What a cell key release costs (utility) and what it leaks when D and the p-table are known.

Both tables are for the data holder: they are computed from the original
counts, which no published output may hold.
"""

import numpy as np

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
    from .sweep import morans_i

    original = np.asarray(original, dtype=float)
    published = np.asarray(published, dtype=float)
    error = published - original
    absolute = np.abs(error)
    large = original > small_rows
    sums, counts = window_sums(col, row, absolute)
    p = original / original.sum() if original.sum() > 0 else original
    q = published / published.sum() if published.sum() > 0 else published
    hellinger = float(np.sqrt(max(0.0, 1.0 - float(np.sum(np.sqrt(p * q))))))
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
        "hellinger": hellinger,
        "morans_i_before": before,
        "morans_i_after": after,
        "share_changed": float((error != 0).mean()) if len(error) else None,
    }


def possible_originals(table, published, lower=1):
    """(least, largest) original count that can publish each value under the p-table.

    Row i <= I (the last row) publishes j with p(i, j) > 0; every larger count
    n publishes n + v for the last row's noise values v. ``lower``: what a cell
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
    if len(noise):
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


def attacker_intervals(table, published, totals=(), additive=True, lower=1, max_rounds=100):
    """Intervals of the original counts an attacker derives knowing D and the p-table.

    ``totals``: (member indices, published perturbed total) pairs. With
    ``additive`` (one point per person) a total equals the sum of its cells;
    otherwise each cell is at most the total and the cells add up to at
    least it. Bounds are propagated until nothing changes. Returns
    (least, largest) arrays over the cells.
    """
    least, largest = possible_originals(table, published, lower)
    least, largest = np.nan_to_num(least, nan=lower), np.nan_to_num(largest, nan=np.inf)
    bounds = []
    for members, total in totals:
        t_low, t_high = possible_originals(table, [total], lower)
        bounds.append([np.asarray(members, dtype=np.int64),
                       float(np.nan_to_num(t_low[0], nan=lower)),
                       float(np.nan_to_num(t_high[0], nan=np.inf))])
    for _ in range(max_rounds):
        changed = False
        for entry in bounds:
            members, t_low, t_high = entry
            low_sum, high_sum = least[members].sum(), largest[members].sum()
            new_high = np.minimum(largest[members], t_high - (low_sum - least[members])) \
                if additive else np.minimum(largest[members], t_high)
            new_low = np.maximum(least[members], t_low - (high_sum - largest[members]))
            entry[1] = max(t_low, low_sum) if additive else t_low
            entry[2] = min(t_high, high_sum)
            if (new_high < largest[members]).any() or (new_low > least[members]).any():
                changed = True
            largest[members], least[members] = new_high, new_low
        if not changed:
            break
    return least, largest


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
