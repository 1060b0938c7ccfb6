"""Counting people in square cells: person and key codes, cell indices, distinct counts.

Coordinates are in metres of a projected CRS. A point's cell is
``col = floor((x - x0) / res)``, ``row = floor((y - y0) / res)``: cells are
half-open, so a point on an interior edge belongs to the cell to its right
or above. Counts are of distinct people (or devices), never of rows.
"""

from dataclasses import dataclass
from typing import Optional

import numpy as np
import pandas as pd

from ..errors import N_, InputError

def _as_series(values):
    """A Series with the narrowest dtype (object columns of ints become int64)."""
    return pd.Series(values).infer_objects()


def encode_person_ids(values, field_name):
    """Integer codes for person ids; NULL ids are refused, never dropped."""
    if isinstance(values, np.ndarray) and values.dtype.kind in "iuf":
        ids = values  # read as is: a Series would copy it, and fresh memory is not free
        missing = int(np.isnan(ids).sum()) if ids.dtype.kind == "f" else 0
    else:
        values = _as_series(values)
        ids = values.to_numpy()
        missing = int(values.isna().sum())
    if missing:
        raise InputError(
            N_("{count} record(s) have a NULL id in the field '{field}'. Counting them would "
               "either drop them or merge strangers: fill in their ids (or give each its own id) "
               "and run again."),
            count=missing, field=field_name,
        )
    if ids.dtype.kind in "iuf" and not (ids[1:] < ids[:-1]).any():
        # Numeric ids sorted ascending (a common trip-table layout): the codes
        # of first appearance are the run numbers, with no hashing.
        codes = run_starts(ids).astype(np.int64)
        np.cumsum(codes, out=codes)
        codes -= 1
        return codes
    codes, _ = pd.factorize(ids, sort=False)
    return np.asarray(codes, dtype=np.int64)


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


# No projected CRS on Earth has coordinates beyond a billion metres (the
# equator is 4e7 m long); a larger value is a broken geometry, and it would
# overflow the cell indices.
MAX_COORDINATE_M = 1e9


# Cell indices stay well inside int64 so that combined cell codes cannot overflow.
MAX_CELL_INDEX = 2 ** 31


def check_coordinates(x, y):
    """Refuse NaN, infinite and absurdly large coordinates (beyond ±1e9 m)."""
    if len(x) == 0 and len(y) == 0:
        return
    bounds = np.array([np.min(x), np.max(x), np.min(y), np.max(y)])
    if np.all(np.abs(bounds) <= MAX_COORDINATE_M):
        return  # a NaN would have made a bound NaN, an infinity a bound infinite
    bad = ~(np.isfinite(x) & np.isfinite(y))
    if bad.any():
        raise InputError(
            N_("{count} point(s) have NaN or infinite coordinates: repair or remove their "
               "geometries first."),
            count=int(bad.sum()),
        )
    far = (np.abs(x) > MAX_COORDINATE_M) | (np.abs(y) > MAX_COORDINATE_M)
    first = int(np.flatnonzero(far)[0])
    raise InputError(
        N_("{count} point(s) lie more than {limit:g} m from the CRS's origin (e.g. {x:g}, {y:g}): no "
           "place on Earth has such coordinates in a metric CRS. Repair or remove their "
           "geometries, or check the layer's CRS."),
        count=int(far.sum()), limit=MAX_COORDINATE_M, x=float(x[first]), y=float(y[first]))


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


def default_origin(x, y, cell_size):
    """A grid origin that is no data coordinate: the multiple of ``cell_size`` at or below the
    smallest x and y read (not a rounded layer extent). Every grid on it, of that size or one
    dividing it, lies on the lattice through (0, 0): in EPSG:3035 the INSPIRE/ETRS89-LAEA grid.
    """
    size = check_resolution(cell_size)
    return (float(np.floor(float(np.min(x)) / size) * size),
            float(np.floor(float(np.min(y)) / size) * size))


@dataclass(frozen=True)
class PeopleTotal:
    """The number of distinct people in a release, which the attacker knows unless the policy
    keeps it secret. With one point per person the cells add up to it; with several, to at
    least it (a person may count in several cells)."""

    n: int
    one_point: bool


def people_total(person_codes):
    n = int(person_codes.max()) + 1 if len(person_codes) else 0
    return PeopleTotal(n, len(person_codes) == n)


def cell_index(coordinate, start, resolution):
    """floor((coordinate - start) / resolution), exact at cell edges.

    The division can land a hair below an integer for a point on an edge; the
    correction makes the index agree with the edges ``start + index * res``
    that the output polygons are drawn with.
    """
    largest = max(abs(float(coordinate.min())), abs(float(coordinate.max()))) if len(coordinate) else 0.0
    reach = (largest + abs(start)) / resolution  # bounds every |quotient|
    if not reach < MAX_CELL_INDEX:
        raise InputError(
            N_("A cell index would not fit: coordinates up to {largest:g} m from an origin at "
               "{start:g} make more than {limit} cells of {resolution:g} m. Repair the outlying "
               "geometries (or a wrong CRS), set the grid origin near the data, or choose a "
               "larger cell size."),
            largest=largest, start=float(start), limit=MAX_CELL_INDEX, resolution=float(resolution))
    scaled = coordinate - start
    scaled /= resolution
    index = np.floor(scaled, out=np.empty(len(scaled), dtype=np.int64), casting="unsafe")
    # Only a quotient within rounding error of a whole number can be off by
    # one; the error is a few ulps of |coordinate| / resolution.
    scaled -= index
    margin = 1e-12 * (1.0 + reach)
    near_edge = np.flatnonzero((scaled < margin) | (scaled > 1.0 - margin))
    del scaled
    if len(near_edge):
        near, near_index = coordinate[near_edge], index[near_edge]
        near_index += near >= start + (near_index + 1) * resolution
        near_index -= near < start + near_index * resolution
        index[near_edge] = near_index
    return index


def _distinct_labels(values):
    """(text of each distinct value, position of each value among them): one str() per
    distinct value, not per value."""
    position, distinct = pd.factorize(values)
    return np.array([str(value) for value in distinct.tolist()], dtype=object), position


def cell_ids(resolution, cols, rows):
    """Stable text ids ('250m_12_-3'): the same cell gets the same id in every release.

    ``resolution`` is one size or a size per cell. The head of an id ('250m_12_') is made
    once per distinct size and column, and each id is that head joined to its row's text:
    one string operation per cell, none of them a Python call.
    """
    cols, rows = np.asarray(cols).reshape(-1), np.asarray(rows).reshape(-1)
    if not cols.size:
        return np.array([], dtype=object)
    size_of, size_values = pd.factorize(np.broadcast_to(np.asarray(resolution, dtype=float),
                                                        cols.shape))
    col_labels, col_of = _distinct_labels(cols)
    head_of, heads = pd.factorize(size_of * len(col_labels) + col_of)
    head_labels = np.array([f"{size_values[head // len(col_labels)]:g}m_"
                            f"{col_labels[head % len(col_labels)]}_" for head in heads.tolist()],
                           dtype=object)
    row_labels, row_of = _distinct_labels(rows)
    return head_labels[head_of] + row_labels[row_of]


SERIES_KEY_SEPARATOR = "|"  # never in a cell id


def series_keys(ids, key_labels=None):
    """Identity of each group across a series: its cell id, with its attribute values if any."""
    ids = np.asarray(ids, dtype=object)
    if key_labels is None:
        return ids
    return (pd.Series(ids, dtype=object) + SERIES_KEY_SEPARATOR
            + pd.Series(np.asarray(key_labels, dtype=object), dtype=object)).to_numpy(dtype=object)


def split_series_keys(keys):
    """(cell ids, attribute labels or None) of series keys made by ``series_keys``."""
    parts = pd.Series(np.asarray(keys, dtype=object), dtype=object).str.split(
        SERIES_KEY_SEPARATOR, n=1, expand=True)
    if len(parts) == 0 or parts.shape[1] == 1:
        return np.asarray(keys, dtype=object), None
    return parts[0].to_numpy(dtype=object), parts[1].to_numpy(dtype=object)


def cell_positions(ids):
    """(col, row) arrays of cell ids made by ``cell_ids``."""
    if len(ids) == 0:
        return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.int64)
    parts = pd.Series(ids, dtype=object).str.rsplit("_", n=2, expand=True)
    return parts[1].astype(np.int64).to_numpy(), parts[2].astype(np.int64).to_numpy()


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
    # The distinct (person, group) pairs, when asked for (the cell key method sums over them).
    pair_person: Optional[np.ndarray] = None
    pair_group: Optional[np.ndarray] = None


def dense_codes(*columns):
    """Mixed-radix int64 code of several non-negative integer columns."""
    code = np.array(columns[0], dtype=np.int64)
    for column in columns[1:]:
        radix = int(column.max()) + 1 if len(column) else 1
        if radix > 1:  # a column of zeros adds nothing
            code *= radix
            code += column
    return code


def run_starts(sorted_values):
    """Mask of the first element of each run of equal values in a sorted array."""
    starts = np.empty(len(sorted_values), dtype=bool)
    starts[:1] = True
    np.not_equal(sorted_values[1:], sorted_values[:-1], out=starts[1:])
    return starts


def count_cells(x, y, person_codes, key_codes, origin, resolution, with_pairs=False):
    """Distinct people and rows per non-empty cell x key combination (``with_pairs``: and the
    distinct (person, group) pairs)."""
    code = cell_index(x, origin[0], resolution)
    rows = cell_index(y, origin[1], resolution)
    col_min, row_min = int(code.min()), int(rows.min())
    row_span = int(rows.max()) - row_min + 1
    key_span = int(key_codes.max()) + 1
    # code = ((col - col_min) * row_span + row - row_min) * key_span + key, built in place
    # (every array the size of the input is fresh memory, and costs its page faults).
    code -= col_min
    code *= row_span
    code += rows
    del rows
    code -= row_min
    if key_span > 1:
        code *= key_span
        code += key_codes
    counts = count_cells_by_code(code, person_codes, with_pairs)
    first_row = counts["first_row"]
    cell = counts["first_code"] // key_span
    return CellCounts(cell // row_span + col_min, cell % row_span + row_min, key_codes[first_row],
                      counts["n_persons"], counts["n_rows"], first_row, counts["group_of_row"],
                      counts.get("pair_person"), counts.get("pair_group"))


def count_cells_by_code(group_code, person_codes, with_pairs=False):
    """Distinct people and rows per group code; ``group_code`` (int64) is used as work memory.
    With ``with_pairs``, also the person and group of each distinct (person, group) pair.

    Groups come from hashing the integer codes (no string keys, no sort),
    numbered in order of first appearance, so a group starts where the
    running maximum of the numbers rises; distinct (person, group) pairs come
    from one in-place sort of their combined codes. Memory stays a small
    multiple of the input arrays.
    """
    group_of_row = np.asarray(pd.factorize(group_code)[0], dtype=np.int64)
    running = np.maximum.accumulate(group_of_row)
    first_row = np.flatnonzero(run_starts(running))
    del running
    first_code = group_code[first_row]
    n_groups = len(first_row)
    # (person, group) packed in one int64, the group in the low bits (masking
    # is far cheaper than a modulo); persons and groups < 2**31 each.
    group_bits = max(int(n_groups - 1).bit_length(), 1)
    pairs = np.left_shift(person_codes, group_bits, out=group_code)
    pairs |= group_of_row
    # Person-major codes: a layer whose rows come grouped by person (as trip
    # tables do; person codes follow first appearance) leaves them nearly
    # sorted, which timsort ("stable") sorts in close to linear time, about
    # ten times faster than quicksort; on shuffled rows it is about 15 % slower.
    pairs.sort(kind="stable")
    distinct = pairs[run_starts(pairs)]
    found = {"pair_person": distinct >> group_bits} if with_pairs else {}
    distinct &= (1 << group_bits) - 1
    if with_pairs:
        found["pair_group"] = distinct
    return {"first_row": first_row, "first_code": first_code, "group_of_row": group_of_row,
            "n_persons": np.bincount(distinct, minlength=n_groups),
            "n_rows": np.bincount(group_of_row, minlength=n_groups), **found}
