"""How far a published grid lies from the true one: the utility measures of the Eurostat 2024
guidelines on geo-referenced statistics (chapter 6), on one set of cells.

The cells scored are those where the true or the published count is non-zero:
a cell both call empty changes no measure but the means, and an extent's empty
margin would otherwise dilute them. A withheld cell is read as 0 published (the
reader has no figure there; the guidelines' case studies do the same). All of
it is for the data holder: every figure is computed from the true counts.
"""

from dataclasses import dataclass

import numpy as np

from ..errors import N_, InputError
from ..noise.cellkey_audit import hellinger
from ..release.sweep import morans_i
from .transport import GRID_FLOW_SECONDS, MAX_TRANSPORT_PAIRS, wasserstein

@dataclass(frozen=True)
class Scored:
    """The utility of one published grid against the truth (see ``score``)."""

    cells: int
    cells_withheld: int
    share_withheld: float
    share_changed: object
    mae: object
    mse: object
    hellinger: object
    wasserstein_m: object
    transport_pairs: int
    kw_bound: object
    morans_i_errors: object
    morans_z_errors: object
    small_cells: int
    small_published_exact: int


def aligned(true_col, true_row, true_n, col, row, values):
    """The union of the true grid's cells and the published grid's, as (col, row, true count,
    published value, withheld): cells missing from a grid hold 0; ``values`` NaN (or None)
    marks a withheld cell."""
    import pandas as pd

    truth = pd.DataFrame({"col": np.asarray(true_col, dtype=np.int64),
                          "row": np.asarray(true_row, dtype=np.int64),
                          "n": np.asarray(true_n, dtype=np.int64)})
    release = pd.DataFrame({"col": np.asarray(col, dtype=np.int64),
                            "row": np.asarray(row, dtype=np.int64),
                            "value": np.asarray(values, dtype=float)})
    if truth.duplicated(["col", "row"]).any() or release.duplicated(["col", "row"]).any():
        raise InputError(N_("A grid to compare names a cell twice: compare grids of one count "
                            "per cell."))
    both = truth.merge(release, on=["col", "row"], how="outer", indicator=True)
    withheld = (both["_merge"] != "left_only").to_numpy() & both["value"].isna().to_numpy()
    value = both["value"].fillna(0.0).to_numpy()
    return (both["col"].to_numpy(), both["row"].to_numpy(),
            both["n"].fillna(0).to_numpy(np.int64), value, withheld)


def score(true_col, true_row, true_n, col, row, values, resolution, k,
          max_pairs=MAX_TRANSPORT_PAIRS, is_canceled=None, announce=None,
          max_grid_seconds=GRID_FLOW_SECONDS):
    """The utility of a published grid (cells ``col``, ``row`` with ``values``, NaN where
    withheld) against the true counts, over the cells where either is non-zero:

    ``mae``, ``mse``: mean absolute and squared error per cell (a withheld cell published as
    0); ``hellinger`` and ``wasserstein_m`` (metres) between the two distributions of people
    (``kw_bound``: the most ``wasserstein_m`` may lie above the exact distance, relatively;
    0: exact);
    Moran's I (and its z) of the errors over queen neighbours among the scored cells (None
    when the errors are all equal); ``share_withheld``: of the scored cells;
    ``share_changed``: of the published (not withheld) cells, those whose value is not the
    true count; ``small_cells``: true counts 1..k − 1; ``small_published_exact``: those
    published exactly (a withheld cell is not published). ``max_pairs``, ``is_canceled``,
    ``announce`` and ``max_grid_seconds``: as ``transport.wasserstein`` takes them.
    """
    col, row, truth, value, withheld = aligned(true_col, true_row, true_n, col, row, values)
    if np.any(value < 0) or np.any(value != np.round(value)):
        raise InputError(N_("A published count to compare is negative or not whole."))
    scored = (truth != 0) | (value != 0) | withheld
    col, row, truth, value, withheld = (col[scored], row[scored], truth[scored], value[scored],
                                        withheld[scored])
    published = value.astype(np.int64)
    error = published - truth
    shown = ~withheld
    small = (truth >= 1) & (truth <= k - 1)
    cells = int(len(truth))
    moran, z = morans_i(col, row, error) if cells else (None, None)
    transport = wasserstein(col, row, truth, published, resolution, max_pairs, is_canceled,
                            announce, max_grid_seconds)
    return Scored(
        cells=cells,
        cells_withheld=int(withheld.sum()),
        share_withheld=float(withheld.mean()) if cells else 0.0,
        share_changed=float((error[shown] != 0).mean()) if shown.any() else None,
        mae=float(np.abs(error).mean()) if cells else None,
        mse=float((error.astype(float) ** 2).mean()) if cells else None,
        hellinger=hellinger(truth, published) if cells else None,
        wasserstein_m=transport.distance,
        transport_pairs=transport.pairs,
        kw_bound=transport.bound,
        morans_i_errors=moran,
        morans_z_errors=z,
        small_cells=int(small.sum()),
        small_published_exact=int((small & shown & (error == 0)).sum()),
    )


def mean_absolute_error(true_col, true_row, true_n, col, row, values):
    """The mean absolute error per cell of published ``values`` against the true counts
    ``true_n``, over the cells where either is non-zero, as ``score``'s ``mae`` (None without
    such a cell)."""
    _, _, truth, value, withheld = aligned(true_col, true_row, true_n, col, row, values)
    scored = (truth != 0) | (value != 0) | withheld
    return float(np.abs(value[scored] - truth[scored]).mean()) if scored.any() else None
