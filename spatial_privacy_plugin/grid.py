"""Square grids: cells of points, distinct people per cell, sweeps and primary suppression.

Coordinates are in metres of a projected CRS. A point's cell is
``col = floor((x - x0) / res)``, ``row = floor((y - y0) / res)``: cells are
half-open, so a point on an interior edge belongs to the cell to its right
or above. Counts are of distinct people (or devices), never of rows.
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .errors import N_, Cancelled, InputError

STATUS_PUBLISHED = "published"
STATUS_PRIMARY = "primary"
STATUS_COMPLEMENTARY = "complementary"
WITHHELD_STATUSES = (STATUS_PRIMARY, STATUS_COMPLEMENTARY)
ALL_STATUSES = (STATUS_PUBLISHED,) + WITHHELD_STATUSES

# Queen neighbourhood: the eight cells sharing an edge or a corner.
QUEEN_OFFSETS = tuple((dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0))
# Moran's I z-score above which withheld cells count as clustered (one-sided 2.5 %).
CLUSTERED_Z = 1.96


def _as_series(values):
    """A Series with the narrowest dtype (object columns of ints become int64)."""
    return pd.Series(values).infer_objects()


def encode_person_ids(values, field_name):
    """Integer codes for person ids; NULL ids are refused, never dropped."""
    values = _as_series(values)
    missing = int(values.isna().sum())
    if missing:
        raise InputError(
            N_("{count} record(s) have a NULL id in the field '{field}'. Counting them would "
               "either drop them or merge strangers: fill in their ids (or give each its own id) "
               "and run again."),
            count=missing, field=field_name,
        )
    codes, _ = pd.factorize(values, sort=False)
    return codes.astype(np.int64)


def encode_key_columns(columns, n_rows):
    """One integer code per distinct combination of the published key values.

    NULL is a category of its own: a published NULL is a published value.
    Without key columns every row gets code 0.
    """
    combined = np.zeros(n_rows, dtype=np.int64)
    for values in columns:
        codes, uniques = pd.factorize(_as_series(values))
        codes = np.where(codes < 0, len(uniques), codes)  # NULL: the code after the values
        combined = combined * (len(uniques) + 1) + codes
        combined = pd.factorize(combined)[0].astype(np.int64)
    return combined


def check_coordinates(x, y):
    """Refuse NaN or infinite coordinates."""
    bad = ~(np.isfinite(x) & np.isfinite(y))
    if bad.any():
        raise InputError(
            N_("{count} point(s) have NaN or infinite coordinates: repair or remove their "
               "geometries before binning."),
            count=int(bad.sum()),
        )


def check_resolution(resolution):
    if not np.isfinite(resolution) or resolution <= 0:
        raise InputError(N_("A cell size must be a positive number of metres, got {value}."),
                         value=resolution)
    return float(resolution)


def parse_resolutions(text):
    """Parse '100,250,500' (commas, semicolons or spaces) into sorted distinct sizes."""
    parts = [part for part in str(text or "").replace(";", ",").replace(" ", ",").split(",") if part]
    if not parts:
        raise InputError(N_("Give at least one cell size in metres, e.g. 100,250,500,1000."))
    sizes = []
    for part in parts:
        try:
            value = float(part)
        except ValueError:
            raise InputError(N_("'{value}' is not a cell size: give numbers of metres separated "
                                "by commas, e.g. 100,250,500,1000."), value=part) from None
        sizes.append(check_resolution(value))
    return tuple(sorted(set(sizes)))


def default_origin(x, y):
    """Lower-left corner of the points actually read (not a rounded layer extent)."""
    return float(np.min(x)), float(np.min(y))


def cell_index(coordinate, start, resolution):
    """floor((coordinate - start) / resolution), exact at cell edges.

    The division can land a hair below an integer for a point on an edge; the
    correction makes the index agree with the edges ``start + index * res``
    that the output polygons are drawn with.
    """
    index = np.floor((coordinate - start) / resolution).astype(np.int64)
    index += coordinate >= start + (index + 1) * resolution
    index -= coordinate < start + index * resolution
    return index


def cell_ids(resolution, cols, rows):
    """Stable text ids ('250m_12_-3'): the same cell gets the same id in every release."""
    return (f"{resolution:g}m_" + pd.Series(cols).astype(str) + "_"
            + pd.Series(rows).astype(str)).to_numpy(dtype=object)


@dataclass(frozen=True)
class CellCounts:
    """Non-empty groups (cell x key combination) at one resolution."""

    col: np.ndarray
    row: np.ndarray
    key: np.ndarray
    n_persons: np.ndarray
    n_rows: np.ndarray
    first_row: np.ndarray  # index of one input row of the group, to look up key values
    group_of_row: np.ndarray


def _dense_codes(*columns):
    """Mixed-radix int64 code of several non-negative integer columns."""
    code = np.zeros(len(columns[0]), dtype=np.int64)
    for column in columns:
        code = code * (int(column.max()) + 1 if len(column) else 1) + column
    return code


def count_cells(x, y, person_codes, key_codes, origin, resolution):
    """Distinct people and rows per non-empty cell x key combination.

    One sort per resolution: groups come from the unique cell codes, and the
    distinct (group, person) pairs from the unique combined codes.
    """
    cols = cell_index(x, origin[0], resolution)
    rows = cell_index(y, origin[1], resolution)
    group_code = _dense_codes(cols - cols.min(), rows - rows.min(), key_codes)
    _, first_row, group_of_row = np.unique(group_code, return_index=True, return_inverse=True)
    group_of_row = group_of_row.reshape(-1)
    n_groups = len(first_row)
    n_persons_total = int(person_codes.max()) + 1
    # n_groups * n_persons <= n_rows**2 fits in int64 for any layer QGIS can hold.
    pair_code = group_of_row.astype(np.int64) * n_persons_total + person_codes
    distinct_pairs = np.unique(pair_code)
    n_persons = np.bincount(distinct_pairs // n_persons_total, minlength=n_groups)
    n_rows = np.bincount(group_of_row, minlength=n_groups)
    return CellCounts(cols[first_row], rows[first_row], key_codes[first_row],
                      n_persons, n_rows, first_row, group_of_row)


def primary_status(n_persons, k):
    """'primary' for every group with 0 < n < k, else 'published'."""
    return np.where(n_persons < k, STATUS_PRIMARY, STATUS_PUBLISHED).astype(object)


def morans_i(col, row, indicator):
    """Moran's I of a 0/1 indicator over queen neighbours among the given cells.

    Returns (I, z) with z under the normality assumption, or (None, None)
    when I is undefined (fewer than three cells, no neighbours, or a constant
    indicator). Binary symmetric weights: S0 = number of ordered neighbour
    pairs, S1 = 2 S0, S2 = 4 sum(d_i^2) with d_i the neighbour count.
    """
    n = len(indicator)
    values = np.asarray(indicator, dtype=float)
    deviation = values - values.mean()
    if n < 3 or not deviation.any():
        return None, None
    c = col - col.min() + 1
    r = row - row.min() + 1
    height = int(r.max()) + 2
    code = c * height + r
    order = np.argsort(code)
    sorted_code = code[order]
    cross = 0.0
    neighbours = np.zeros(n, dtype=np.int64)
    for dc, dr in QUEEN_OFFSETS:
        target = (c + dc) * height + (r + dr)
        position = np.clip(np.searchsorted(sorted_code, target), 0, n - 1)
        found = sorted_code[position] == target
        other = order[position[found]]
        cross += float(np.sum(deviation[found] * deviation[other]))
        neighbours += found
    s0 = float(neighbours.sum())
    if s0 == 0:
        return None, None
    moran = n / s0 * cross / float(np.sum(deviation ** 2))
    expected = -1.0 / (n - 1)
    s1 = 2.0 * s0
    s2 = 4.0 * float(np.sum(neighbours.astype(float) ** 2))
    variance = (n * n * s1 - n * s2 + 3 * s0 * s0) / ((n * n - 1) * s0 * s0) - expected ** 2
    z = (moran - expected) / np.sqrt(variance) if variance > 0 else None
    return float(moran), (None if z is None else float(z))


def _withheld_cells(counts, withheld):
    """Cells (geography) with at least one withheld group, as a 0/1 indicator per cell."""
    frame = pd.DataFrame({"col": counts.col, "row": counts.row, "withheld": withheld})
    per_cell = frame.groupby(["col", "row"], sort=False)["withheld"].any().reset_index()
    return per_cell["col"].to_numpy(), per_cell["row"].to_numpy(), per_cell["withheld"].to_numpy()


def sweep(x, y, person_codes, key_codes, origin, resolutions, k, tolerance,
          progress=None, is_canceled=None):
    """One row per resolution: what primary suppression at k costs there.

    ``suppressed_fraction = cells_withheld / cells`` over non-empty groups
    (cell x key combination); ``publishable`` when it is at most the tolerance.
    ``withheld_person_share`` (people with a record in a withheld group) is
    left empty unless at least two groups are withheld, so that it can never
    give away one withheld cell's count.
    """
    persons = int(person_codes.max()) + 1
    records = []
    for step, resolution in enumerate(resolutions):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        counts = count_cells(x, y, person_codes, key_codes, origin, resolution)
        withheld = counts.n_persons < k
        n_withheld = int(withheld.sum())
        published = counts.n_persons[~withheld]
        share = None
        if n_withheld >= 2:
            in_withheld = np.unique(person_codes[withheld[counts.group_of_row]])
            share = len(in_withheld) / persons
        moran, moran_z = morans_i(*_withheld_cells(counts, withheld))
        fraction = n_withheld / len(withheld)
        records.append({
            "resolution_m": float(resolution),
            "k": int(k),
            "cells": int(len(withheld)),
            "cells_withheld": n_withheld,
            "suppressed_fraction": fraction,
            "median_published_count": float(np.median(published)) if len(published) else None,
            "publishable": bool(fraction <= tolerance),
            "rows": int(len(person_codes)),
            "persons": persons,
            "cells_withheld_if_rows_counted": int(np.sum(counts.n_rows < k)),
            "withheld_person_share": share,
            "withheld_morans_i": moran,
            "withheld_morans_z": moran_z,
            "withheld_clustered": bool(moran_z is not None and moran_z > CLUSTERED_Z),
        })
        if progress is not None:
            progress(step + 1, len(resolutions))
    return pd.DataFrame.from_records(records)


def recommended_resolution(sweep_table):
    """The finest publishable resolution, or None when none is publishable."""
    publishable = sweep_table.loc[sweep_table["publishable"], "resolution_m"]
    return float(publishable.min()) if len(publishable) else None


def suppressed_grid(x, y, person_codes, key_codes, origin, resolution, k):
    """The grid at one resolution with primary suppression applied.

    Returns a DataFrame with one row per non-empty cell x key combination:
    ``cell_id, col, row, resolution_m, n_persons, status, first_row``.
    ``n_persons`` is <NA> for every withheld group: the value is dropped here,
    at the source, so no later step can leak it.
    """
    counts = count_cells(x, y, person_codes, key_codes, origin, resolution)
    status = primary_status(counts.n_persons, k)
    published = status == STATUS_PUBLISHED
    n_persons = pd.array(np.where(published, counts.n_persons, 0), dtype="Int64")
    n_persons[~published] = pd.NA
    order = np.lexsort((counts.key, counts.row, counts.col))
    frame = pd.DataFrame({
        "cell_id": cell_ids(resolution, counts.col, counts.row),
        "col": counts.col,
        "row": counts.row,
        "resolution_m": float(resolution),
        "n_persons": n_persons,
        "status": status,
        "first_row": counts.first_row,
    })
    return frame.iloc[order].reset_index(drop=True)
