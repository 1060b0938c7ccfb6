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
from .parallel import in_parallel

# What a published layer says of a cell: published or withheld, nothing more (a label that
# said "primary" would tell the attacker n <= k - 1).
STATUS_PUBLISHED = "published"
STATUS_WITHHELD = "withheld"
# Why a cell is withheld: for the data holder's audit table only. Layers written by versions
# before 0.2 published these as status labels; they are still read (and their bounds used).
STATUS_PRIMARY = "primary"
STATUS_COMPLEMENTARY = "complementary"
WITHHELD_STATUSES = (STATUS_WITHHELD, STATUS_PRIMARY, STATUS_COMPLEMENTARY)
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


def published_status(reasons):
    """The status column a release publishes: withheld for every cell not published."""
    reasons = np.asarray(reasons, dtype=object)
    return np.where(reasons == STATUS_PUBLISHED, STATUS_PUBLISHED, STATUS_WITHHELD).astype(object)


def emitted_lower(may_be_empty):
    """What an emitted cell holds at least: one person, unless ``may_be_empty`` (a release
    that emits empty cells as such, or a cell a series keeps withheld after it emptied)."""
    return np.where(may_be_empty, 0.0, 1.0)


def attacker_knowledge(lower, people, equalities, upper=None):
    """(equalities, suppression.Knowledge): what the attacker knows beside the published totals.

    ``lower``/``upper``: what each cell holds at least and at most on its own
    (``emitted_lower``, label bounds); no cell holds more than the release's
    people; the people total is one more equality (one point per person) or
    a lower sum over all cells. ``people`` None: the total is secret.
    """
    from .suppression import Knowledge

    n_groups = len(lower)
    upper = np.full(n_groups, np.inf) if upper is None else np.asarray(upper, dtype=float)
    if people is None:
        return list(equalities), Knowledge(np.asarray(lower, dtype=float), upper)
    everyone = (np.arange(n_groups), float(people.n))
    upper = np.minimum(upper, float(people.n))
    if people.one_point:
        return list(equalities) + [everyone], Knowledge(np.asarray(lower, dtype=float), upper)
    return list(equalities), Knowledge(np.asarray(lower, dtype=float), upper, (everyone,))


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


def cell_ids(resolution, cols, rows):
    """Stable text ids ('250m_12_-3'): the same cell gets the same id in every release.

    ``resolution`` is one size or a size per cell.
    """
    sizes = pd.Series(np.broadcast_to(np.asarray(resolution, dtype=float), np.shape(cols)))
    return (sizes.map(lambda size: f"{size:g}m_") + pd.Series(cols).astype(str) + "_"
            + pd.Series(rows).astype(str)).to_numpy(dtype=object)


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


def blanked_counts(n_persons, published):
    """Counts as a nullable column with every withheld value dropped (<NA>), at the source."""
    counts = pd.array(np.where(published, n_persons, 0), dtype="Int64")
    counts[~published] = pd.NA
    return counts


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


def count_cells(x, y, person_codes, key_codes, origin, resolution):
    """Distinct people and rows per non-empty cell x key combination."""
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
    counts = count_cells_by_code(code, person_codes)
    first_row = counts["first_row"]
    cell = counts["first_code"] // key_span
    return CellCounts(cell // row_span + col_min, cell % row_span + row_min, key_codes[first_row],
                      counts["n_persons"], counts["n_rows"], first_row, counts["group_of_row"])


def count_cells_by_code(group_code, person_codes):
    """Distinct people and rows per group code; ``group_code`` (int64) is used as work memory.

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
    distinct &= (1 << group_bits) - 1
    return {"first_row": first_row, "first_code": first_code, "group_of_row": group_of_row,
            "n_persons": np.bincount(distinct, minlength=n_groups),
            "n_rows": np.bincount(group_of_row, minlength=n_groups)}


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


@dataclass(frozen=True)
class Marginals:
    """Totals published beside the grid, and the protection withheld cells need against them.

    ``kind``: one of MARGINAL_KINDS; parents are the cells of a grid
    ``parent_factor`` times coarser on the same origin (so each parent is an
    exact union of children). Totals are per published key combination.
    ``straddle_k``: intervals must also reach k, so a reader cannot tell a
    withheld cell was small.
    """

    kind: str
    parent_factor: int = 4
    protection: float = 1.0
    straddle_k: bool = False

    @property
    def grand_total(self):
        return self.kind in (MARGINALS_TOTAL, MARGINALS_BOTH)

    @property
    def parents(self):
        return self.kind in (MARGINALS_PARENTS, MARGINALS_BOTH)


MARGINALS_NONE = "none"
MARGINALS_TOTAL = "grand total"
MARGINALS_PARENTS = "parent cells"
MARGINALS_BOTH = "grand total and parent cells"
MARGINAL_KINDS = (MARGINALS_NONE, MARGINALS_TOTAL, MARGINALS_PARENTS, MARGINALS_BOTH)


def _total_labels(col, row, key, marginals):
    """Per group: the label of its grand-total set and of its parent set (None: not declared).

    Parent labels are the parents' cell ids (with the key combination), so
    an earlier release's parents can be matched by reading its layer.
    """
    grand = key.astype(object) if marginals.grand_total else None
    parents = None
    if marginals.parents:
        factor = int(marginals.parent_factor)
        if factor < 2:
            raise InputError(N_("The parent factor must be a whole number of at least 2, got "
                                "{value}."), value=marginals.parent_factor)
        parents = (np.floor_divide(col, factor), np.floor_divide(row, factor))
    return grand, parents


def grid_equalities(col, row, key, n_persons, marginals, k):
    """The published equalities (cells, total) of a grid's declared marginals.

    A total below k is itself withheld in the release that would carry it
    (the coarser grid applies the same policy), so it publishes no equality.
    """
    from .intervals import equalities_from_groups, with_totals

    grand, parents = _total_labels(col, row, key, marginals)
    cell_sets = []
    if grand is not None:
        cell_sets += equalities_from_groups(grand)
    if parents is not None:
        parent_col, parent_row = parents
        cell_sets += equalities_from_groups(_dense_codes(parent_col - parent_col.min(),
                                                         parent_row - parent_row.min(), key))
    return [(cells, total) for cells, total in with_totals(cell_sets, n_persons) if total >= k]


def published_totals(counts, marginals, k, resolution):
    """Per group: its parent's cell id and the published totals it lies in (<NA>: none).

    These are the values printed beside the grid; written into the grid, they
    make a release self-describing, so a later release of the series can
    rebuild the equalities an attacker holds.
    """
    n_groups = len(counts.n_persons)
    frame = pd.DataFrame({"parent_id": pd.Series([None] * n_groups, dtype=object),
                          "parent_total": pd.array([pd.NA] * n_groups, dtype="Int64"),
                          "grand_total": pd.array([pd.NA] * n_groups, dtype="Int64")})
    if marginals is None:
        return frame
    grand, parents = _total_labels(counts.col, counts.row, counts.key, marginals)
    if grand is not None:
        frame["grand_total"] = _published_sums(counts.n_persons, [counts.key], k)
    if parents is not None:
        factor = int(marginals.parent_factor)
        frame["parent_id"] = cell_ids(resolution * factor, *parents)
        frame["parent_total"] = _published_sums(counts.n_persons, [*parents, counts.key], k)
    return frame


def _published_sums(n_persons, groups, k):
    """Per group: the total of its set (cells sharing ``groups``), <NA> below k (not published)."""
    totals = pd.Series(n_persons, dtype="int64").groupby(groups).transform("sum")
    return pd.array(totals.where(totals >= k), dtype="Int64")


def equalities_from_columns(parent_ids, parent_totals, grand_totals, key_labels=None):
    """An earlier release's published equalities, rebuilt from its totals columns.

    Cells sharing a parent id (and attribute values, ``key_labels``) with a
    parent total form one equality, the cells of one attribute combination
    with a grand total another; a set whose cells disagree on its total is
    refused (the layer was edited, or mixes releases).
    """
    from .intervals import equalities_from_groups

    equalities = []
    parent_totals = pd.array(parent_totals, dtype="Float64")
    grand_totals = pd.array(grand_totals, dtype="Float64")
    keys = [""] * len(parent_ids) if key_labels is None else list(key_labels)
    # One text per (parent, attribute values): a tuple would make a 2-D array of them.
    parent_labels = np.array([f"{label}{SERIES_KEY_SEPARATOR}{key}"
                              if label is not None and not pd.isna(total) else None
                              for label, total, key in zip(parent_ids, parent_totals, keys)],
                             dtype=object)
    grand_labels = np.array([None if pd.isna(total) else key
                             for total, key in zip(grand_totals, keys)], dtype=object)
    for labels, totals in ((parent_labels, parent_totals), (grand_labels, grand_totals)):
        for cells in equalities_from_groups(labels):
            values = np.asarray(totals[cells], dtype=float)
            if np.any(values != values[0]):
                raise InputError(N_("An earlier release gives different totals for the same set "
                                    "of cells: use the grid layers exactly as they were published."))
            equalities.append((cells, float(values[0])))
    return equalities


def status_bounds(statuses, values, k=None):
    """(lower, upper, protected) per record, as the attacker reads them from a published layer.

    A withheld record holds at least one person, unless the layer publishes
    empty cells (a published 0: the full study-area grid). Old labels say
    more, given ``k`` (one, or one per record): "primary" 1..k-1,
    "complementary" at least k; a record labelled complementary then needs no
    protection (it is known to be large). Every other withheld record is
    protected.
    """
    statuses = np.asarray(statuses, dtype=object)
    values = np.asarray(values, dtype=float)
    withheld = statuses != STATUS_PUBLISHED
    zeros_published = bool(np.any(values[~withheld] == 0))
    lower = np.where(withheld & ~zeros_published, 1.0, 0.0)
    upper = np.full(len(statuses), np.inf)
    complementary = statuses == STATUS_COMPLEMENTARY
    if k is not None:
        k = np.broadcast_to(np.asarray(k, dtype=float), (len(statuses),))
        primary = statuses == STATUS_PRIMARY
        upper[primary] = k[primary] - 1.0
        lower[complementary] = k[complementary]
    return lower, upper, withheld & ~complementary


def published_release(cells, keys=None, k=None):
    """A grid as published (its cell_id, n_persons, status and totals columns: a DataFrame or a
    mapping of columns), as the attacker of a series holds it. ``keys``: the groups' series
    keys (``series_keys``; default the cell ids); ``k``: the policy's, to read old labels."""
    from .series import PublishedRelease

    status = np.asarray(cells["status"], dtype=object)
    keys = np.asarray(cells["cell_id"] if keys is None else keys, dtype=object)
    values = pd.to_numeric(pd.Series(np.asarray(cells["n_persons"], dtype=object)),
                           errors="coerce").to_numpy(dtype=float)
    lower, upper, protected = status_bounds(status, values, k)
    return PublishedRelease(keys, values, status != STATUS_PUBLISHED, protected,
                            equalities_from_columns(cells["parent_id"], cells["parent_total"],
                                                    cells["grand_total"],
                                                    split_series_keys(keys)[1]),
                            lower, upper)


def suppress(counts, k, marginals=None, is_canceled=None, published_zero=None, series=None,
             cell_keys=None, people=None, zeros_emitted=False):
    """Primary suppression (n < k), then complementary suppression against what is published.

    ``published_zero`` marks empty cells that are structural zeros (published
    as 0); every other cell below k, an unobserved zero included, is withheld.
    The attacker knows the declared marginals, the people total ``people``
    (``PeopleTotal``; None when the policy keeps it secret), that an emitted
    cell is non-empty unless ``zeros_emitted`` (the release emits empty cells
    as such), and, with a ``series`` (earlier releases and the attacker's
    link between them, ``cell_keys`` naming the cells), every earlier
    release. Returns (reason per group: published, primary or complementary;
    SuppressionResult or None when nothing is published beside the grid).
    """
    from .suppression import complementary_suppression

    primary = counts.n_persons < k
    if published_zero is not None:
        primary &= ~published_zero
    status = np.where(primary, STATUS_PRIMARY, STATUS_PUBLISHED).astype(object)
    if marginals is None or marginals.kind == MARGINALS_NONE and series is None and people is None:
        return status, None
    if not marginals.protection > 0:
        raise InputError(N_("The protection level must be positive, got {value}."),
                         value=marginals.protection)
    equalities = [] if marginals.kind == MARGINALS_NONE else \
        grid_equalities(counts.col, counts.row, counts.key, counts.n_persons, marginals, k)
    may_be_empty = np.full(len(primary), bool(zeros_emitted))
    if series is not None:
        may_be_empty |= series.previously_withheld(cell_keys)
    equalities, knowledge = attacker_knowledge(emitted_lower(may_be_empty), people, equalities)
    result = complementary_suppression(counts.n_persons, primary, equalities, marginals.protection,
                                       k if marginals.straddle_k else None, is_canceled=is_canceled,
                                       series=series, cell_keys=cell_keys, knowledge=knowledge,
                                       threshold=k)
    status[result.complementary] = STATUS_COMPLEMENTARY
    return status, result


def sweep(x, y, person_codes, key_codes, origin, resolutions, k, tolerance, marginals=None,
          progress=None, is_canceled=None, people_known=True):
    """One row per resolution: what suppression at k costs there.

    ``suppressed_fraction = cells_withheld / cells`` over non-empty groups
    (cell x key combination) with primary suppression. With marginals, the
    complementary cells they force are counted too and ``publishable`` means
    ``withheld_fraction_total <= tolerance`` with every primary cell
    protectable; without, ``suppressed_fraction <= tolerance``.
    ``withheld_person_share`` (people with a record in a withheld group) is
    left empty unless at least two groups are withheld, so that it can never
    give away one withheld cell's count. ``people_known``: the attacker knows
    the number of people (the table publishes it), unless the policy keeps
    it secret.
    """
    persons = int(person_codes.max()) + 1

    def count_at(resolution):
        return count_cells(x, y, person_codes, key_codes, origin, resolution)

    def withheld_people(counts, withheld):
        seen = np.zeros(persons, dtype=bool)
        seen[person_codes[withheld[counts.group_of_row]]] = True
        return int(seen.sum())

    return sweep_counted(count_at, people_total(person_codes), len(person_codes), withheld_people,
                         resolutions, k, tolerance, marginals, progress, is_canceled, people_known)


def sweep_counted(count_at, people, n_rows, withheld_people, resolutions, k, tolerance,
                  marginals=None, progress=None, is_canceled=None, people_known=True):
    """The sweep (see ``sweep``) from cells counted elsewhere, e.g. by a database.

    ``count_at(resolution)`` gives the ``CellCounts`` at one resolution (its
    ``first_row`` and ``group_of_row`` are not used); ``people`` is the
    ``PeopleTotal`` of the input, ``n_rows`` its number of points, and
    ``withheld_people(counts, withheld)`` the number of distinct people with a
    point in a group marked in ``withheld``.
    """
    persons = people.n
    known = people if people_known else None

    def sweep_row(resolution):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        counts = count_at(resolution)
        status, suppression = suppress(counts, k, marginals, is_canceled, people=known)
        withheld = status != STATUS_PUBLISHED
        n_primary = int(np.sum(status == STATUS_PRIMARY))
        published = counts.n_persons[~withheld]
        share = None
        if withheld.sum() >= 2:
            share = withheld_people(counts, withheld) / persons
        moran, moran_z = morans_i(*_withheld_cells(counts, withheld))
        fraction = n_primary / len(withheld)
        total_fraction = float(withheld.sum()) / len(withheld)
        unprotectable = int(suppression.unprotectable.sum()) if suppression is not None else 0
        return {
            "resolution_m": float(resolution),
            "k": int(k),
            "cells": int(len(withheld)),
            "cells_withheld": n_primary,
            "suppressed_fraction": fraction,
            "median_published_count": float(np.median(published)) if len(published) else None,
            "publishable": bool(total_fraction <= tolerance and unprotectable == 0),
            "cells_complementary": int(np.sum(status == STATUS_COMPLEMENTARY)),
            "withheld_fraction_total": total_fraction,
            "cells_unprotectable": unprotectable,
            "rows": int(n_rows),
            "persons": persons,
            "cells_withheld_if_rows_counted": int(np.sum(counts.n_rows < k)),
            "withheld_person_share": share,
            "withheld_morans_i": moran,
            "withheld_morans_z": moran_z,
            "withheld_clustered": bool(moran_z is not None and moran_z > CLUSTERED_Z),
        }

    records = in_parallel(sweep_row, resolutions, progress)
    return pd.DataFrame.from_records(records)


def series_flips(x, y, person_codes, key_codes, origin, resolution, k, marginals, previous_ids,
                 previous_withheld, people_known=True):
    """Cells at this resolution whose withheld state differs from an earlier release's.

    A cell is withheld when any of its groups (cell x key combination) is;
    a cell absent from one release had no one there. Returns the rows of
    ``series.flipping_cells``.
    """
    from .series import flipping_cells

    counts = count_cells(x, y, person_codes, key_codes, origin, resolution)
    status, _ = suppress(counts, k, marginals,
                         people=people_total(person_codes) if people_known else None)
    withheld = pd.Series(status != STATUS_PUBLISHED).groupby(
        cell_ids(resolution, counts.col, counts.row)).any()
    before = pd.Series(np.asarray(previous_withheld, dtype=bool)).groupby(
        np.asarray(previous_ids, dtype=object)).any()
    return flipping_cells(before.index.to_numpy(dtype=object), before.to_numpy(),
                          withheld.index.to_numpy(dtype=object), withheld.to_numpy())


def non_nested_pairs(resolutions):
    """Pairs (fine, coarse) of resolutions whose coarse cells are not unions of fine ones."""
    pairs = []
    for index, fine in enumerate(resolutions):
        for coarse in resolutions[index + 1:]:
            ratio = coarse / fine
            if abs(ratio - round(ratio)) > 1e-9 * ratio:
                pairs.append((fine, coarse))
    return pairs


def recommended_resolution(sweep_table):
    """The finest publishable resolution, or None when none is publishable."""
    publishable = sweep_table.loc[sweep_table["publishable"], "resolution_m"]
    return float(publishable.min()) if len(publishable) else None


def empty_cells(origin, resolution, study_area, zero_mask, occupied_col, occupied_row):
    """Empty cells whose centre lies in the study area: (col, row, inside the zero mask).

    ``study_area`` and ``zero_mask`` are polygons as ``zones.assign_points``
    takes them (``zero_mask`` may be empty). Cells holding points are left out.
    """
    from .zones import assign_points

    corners = np.concatenate([np.concatenate(rings) for parts in study_area for rings in parts])
    col_range = cell_index(corners[:, 0], origin[0], resolution)
    row_range = cell_index(corners[:, 1], origin[1], resolution)
    cols, rows = np.meshgrid(np.arange(col_range.min(), col_range.max() + 1),
                             np.arange(row_range.min(), row_range.max() + 1))
    cols, rows = cols.ravel(), rows.ravel()
    centre_x = origin[0] + (cols + 0.5) * resolution
    centre_y = origin[1] + (rows + 0.5) * resolution
    inside = assign_points(centre_x, centre_y, study_area) >= 0
    low_col = min(int(cols.min()), int(occupied_col.min(initial=cols.min())))
    low_row = min(int(rows.min()), int(occupied_row.min(initial=rows.min())))
    high_row = max(int(rows.max()), int(occupied_row.max(initial=rows.max())))

    def code(c, r):
        return (c - low_col) * (high_row - low_row + 1) + (r - low_row)
    empty = inside & ~np.isin(code(cols, rows), code(occupied_col, occupied_row))
    cols, rows = cols[empty], rows[empty]
    masked = (assign_points(centre_x[empty], centre_y[empty], zero_mask) >= 0) if zero_mask \
        else np.zeros(len(cols), dtype=bool)
    return cols, rows, masked


def with_empty_cells(counts, cols, rows, keys=None):
    """The counts with empty cells appended (0 people, 0 rows, no input row; key code 0 or
    ``keys``)."""
    zeros = np.zeros(len(cols), dtype=np.int64)
    return CellCounts(np.concatenate([counts.col, cols]), np.concatenate([counts.row, rows]),
                      np.concatenate([counts.key, zeros if keys is None else keys]),
                      np.concatenate([counts.n_persons, zeros]),
                      np.concatenate([counts.n_rows, zeros]),
                      np.concatenate([counts.first_row, zeros - 1]), counts.group_of_row)


def _refuse_zeros_with_attributes(key_codes):
    if key_codes.max(initial=0) > 0:
        raise InputError(N_("True zeros need a grid without published attribute fields: an "
                            "empty cell x attribute combination is not a structural zero."))


NO_AUDIT = pd.DataFrame(columns=["cell_id", "first_row", "lower", "upper", "width", "ok", "reason"])


@dataclass(frozen=True)
class GridRelease:
    """A suppressed grid and, with marginals, the attacker's bounds on its withheld cells."""

    cells: pd.DataFrame
    audit: pd.DataFrame  # withheld cells: cell_id, first_row, lower, upper, width, ok (empty without marginals)
    unprotectable: int
    exposed_earlier: tuple = ()  # cell ids of earlier releases' primary cells this one would expose


def suppressed_grid(x, y, person_codes, key_codes, origin, resolution, k, marginals=None,
                    is_canceled=None, study_area=None, zero_mask=(), series=None, key_labels=None,
                    people_known=True):
    """The grid at one resolution with primary and, given marginals, complementary suppression.

    ``cells`` has one row per non-empty cell x key combination:
    ``cell_id, col, row, resolution_m, n_persons, status, first_row``.
    ``n_persons`` is <NA> for every withheld group: the value is dropped here,
    at the source, so no later step can leak it. The audit holds only bounds
    an attacker derives anyway from what is published. With a
    ``study_area``, empty cells inside it are emitted too: as published
    zeros, or withheld where they fall in the ``zero_mask`` (people live
    there but none was observed). With a ``series`` (``series.Series`` of
    earlier releases of this grid), suppression and audit hold across the
    series, and a cell withheld last time and empty now may be emitted as a
    withheld cell (complementary); ``key_labels`` (text of each key code's
    attribute values) then name the groups across releases. ``cells`` also has
    the published totals (``parent_id, parent_total, grand_total``).
    ``status`` says published or withheld; why a cell is withheld (primary,
    complementary) is in the audit table only. ``people_known``: the
    attacker knows the number of people in the release (unless the policy
    keeps it secret), so complementary suppression protects against it too.
    """
    counts = count_cells(x, y, person_codes, key_codes, origin, resolution)
    return suppressed_grid_counted(counts, people_total(person_codes), origin, resolution, k,
                                   marginals, is_canceled, study_area, zero_mask, series,
                                   key_labels, people_known)


def suppressed_grid_counted(counts, people, origin, resolution, k, marginals=None,
                            is_canceled=None, study_area=None, zero_mask=(), series=None,
                            key_labels=None, people_known=True):
    """The suppressed grid (see ``suppressed_grid``) from cells counted elsewhere, e.g. by a
    database: ``counts`` (``CellCounts``; ``first_row`` names a row of whatever the caller
    looks key values up in) and the input's ``PeopleTotal`` ``people``."""
    if series is not None and counts.key.max(initial=0) > 0 and key_labels is None:
        raise InputError(N_("A series with published attribute fields needs the attribute values "
                            "of each key to match groups across releases."))
    published_zero = None
    if study_area is not None:
        _refuse_zeros_with_attributes(counts.key)
        cols, rows, masked = empty_cells(origin, resolution, study_area, zero_mask,
                                         counts.col, counts.row)
        counts = with_empty_cells(counts, cols, rows)
        published_zero = np.concatenate([np.zeros(len(counts.n_persons) - len(cols), dtype=bool),
                                         ~masked])
    ids = cell_ids(resolution, counts.col, counts.row)
    labels = None if key_labels is None else np.asarray(key_labels, dtype=object)
    emptied = np.zeros(len(ids), dtype=bool)
    group_keys = series_keys(ids, None if labels is None else labels[counts.key])
    if series is not None:
        # A group the latest release withheld and nobody occupies now: were it simply absent,
        # the attacker would know it is 0 and bound last month's value by the series' change.
        # It is a candidate complement, emitted only if withheld.
        latest = series.previous[-1]
        gone = latest.cell_keys[latest.withheld
                                & (pd.Index(group_keys).get_indexer(latest.cell_keys) < 0)]
        gone_ids, gone_labels = split_series_keys(gone)
        gone_codes = None
        if gone_labels is not None:
            # Attribute values seen in no current record get codes of their own.
            labels = np.concatenate([labels, pd.Index(gone_labels).difference(pd.Index(labels))
                                     .to_numpy(dtype=object)])
            gone_codes = pd.Index(labels).get_indexer(gone_labels).astype(np.int64)
        counts = with_empty_cells(counts, *cell_positions(gone_ids), gone_codes)
        ids = np.concatenate([ids, gone_ids])
        group_keys = np.concatenate([group_keys, gone])
        emptied = np.concatenate([emptied, np.ones(len(gone), dtype=bool)])
        published_zero = emptied if published_zero is None else \
            np.concatenate([published_zero, np.zeros(len(gone), dtype=bool)]) | emptied
    status, suppression = suppress(counts, k, marginals, is_canceled, published_zero, series,
                                   group_keys, people if people_known else None,
                                   study_area is not None)
    published = status == STATUS_PUBLISHED
    n_persons = blanked_counts(counts.n_persons, published)
    order = np.lexsort((counts.key, counts.row, counts.col))
    order = order[~(emptied & published)[order]]
    cells = pd.DataFrame({
        "cell_id": ids,
        "col": counts.col,
        "row": counts.row,
        "resolution_m": float(resolution),
        "n_persons": n_persons,
        "status": published_status(status),
        "first_row": counts.first_row,
    }).join(published_totals(counts, marginals, k, resolution))
    if labels is not None:
        cells["key_label"] = labels[counts.key]  # names a group that no record holds any more
    cells = cells.iloc[order].reset_index(drop=True)
    if suppression is None:
        return GridRelease(cells, NO_AUDIT, 0)
    audit = _audit_table(ids, counts.first_row, (counts.key, counts.row, counts.col), status,
                         suppression, marginals, k, None if labels is None else labels[counts.key])
    return GridRelease(cells, audit, int(suppression.unprotectable.sum()),
                       suppression.exposed_earlier)


def _audit_table(ids, first_row, order, status, suppression, marginals, k, key_labels=None):
    """The bounds an attacker derives for every withheld group (never its value), in ``order``
    (lexsort keys, most significant last), and why it is withheld (``reason``: primary or
    complementary; for the data holder, never for publication: it would tell the attacker
    which cells are small). With ``key_labels`` (a series with attribute fields) each row
    also names its group's values."""
    from .intervals import protection_failures

    intervals = suppression.intervals
    withheld = status != STATUS_PUBLISHED
    failing = protection_failures(intervals, withheld, marginals.protection,
                                  k if marginals.straddle_k else None, k)
    rows = np.flatnonzero(withheld)
    rows = rows[np.lexsort(tuple(key[rows] for key in order))]
    audit = pd.DataFrame({
        "cell_id": ids[rows],
        "first_row": first_row[rows],
        "lower": intervals.lower[rows],
        "upper": intervals.upper[rows],
        "width": intervals.width[rows],
        "ok": ~failing[rows],
        "reason": status[rows],
    })
    if key_labels is not None:
        audit["key_label"] = key_labels[rows]
    return audit


def stratified_sweep(x, y, person_codes, key_codes, origin, resolutions, k, tolerance,
                     stratum_of_point, stratum_names, marginals=None, progress=None,
                     is_canceled=None):
    """The sweep run separately in each stratum (density band, administrative unit).

    All strata share one origin, so their grids nest into one. Adds the
    columns ``stratum`` and ``recommended`` (the finest publishable
    resolution of that stratum). A stratum without points is left out.
    ``k`` is one threshold or one per stratum (the policy's stratum_rho).
    Each stratum's rows leave out the number of people: it is one total over
    all strata (not per stratum), which costs a whole release at most a
    complement or two; the grid itself protects against it.
    """
    tables = []
    names = list(stratum_names)
    stratum_k = np.broadcast_to(np.asarray(k, dtype=np.int64), (len(names),))
    for index, name in enumerate(names):
        members = np.flatnonzero(stratum_of_point == index)
        if len(members) == 0:
            continue
        table = sweep(x[members], y[members], pd.factorize(person_codes[members])[0].astype(np.int64),
                      key_codes[members], origin, resolutions, int(stratum_k[index]), tolerance,
                      marginals,
                      None if progress is None else
                      (lambda done, total, i=index: progress(i * total + done, total * len(names))),
                      is_canceled, people_known=False)
        table.insert(0, "stratum", name)
        best = recommended_resolution(table)
        table["recommended"] = table["resolution_m"] == best if best is not None else False
        tables.append(table)
    # Figures a stratum may lack (None) are floats (NaN) in every table, so the result's dtypes
    # do not depend on which strata have them (pandas 2 warns on all-NA columns in a concat).
    optional = {name: float for name in ("median_published_count", "withheld_person_share",
                                         "withheld_morans_i", "withheld_morans_z")}
    return pd.concat([table.astype(optional) for table in tables], ignore_index=True)


def parse_stratum_resolutions(text, strata_names):
    """'core=250;suburb=500;rural=2000' into a resolution per stratum name, all nested."""
    mapping = {}
    for part in str(text or "").replace(",", ";").split(";"):
        if not part.strip():
            continue
        name, _, value = part.partition("=")
        try:
            mapping[name.strip()] = check_resolution(float(value))
        except ValueError:
            raise InputError(N_("'{part}' is not stratum=metres (e.g. core=250;rural=2000)."),
                             part=part.strip()) from None
    missing = [name for name in strata_names if name not in mapping]
    if missing:
        raise InputError(N_("No cell size is given for the stratum/strata {names}: give one for "
                            "every stratum, e.g. core=250;rural=2000."), names=", ".join(missing))
    sizes = sorted(set(mapping.values()))
    if non_nested_pairs(tuple(sizes)):
        raise InputError(N_("The strata's cell sizes {sizes} are not nested: each must be a whole "
                            "multiple of the finer ones, so that coarse and fine cells never "
                            "overlap."), sizes=", ".join(f"{size:g}" for size in sizes))
    return mapping


def multi_resolution_cells(x, y, origin, strata, stratum_sizes):
    """Each point's cell in one non-overlapping grid whose cell size follows the strata.

    Levels go from the coarsest size to the finest. A cell at one level is
    kept when the stratum holding its centre asks for that size (or a coarser
    one); otherwise it is split into the cells of the next finer level, each
    decided by its own centre. Cells whose centre lies in no stratum are kept
    at the coarsest size. The rule depends only on the strata and the origin,
    so it is the same in every release. Returns (level index, col, row,
    stratum index) per point and the sizes of the levels.
    """
    from .zones import assign_points

    levels = sorted(set(stratum_sizes), reverse=True)
    wanted = np.asarray(stratum_sizes, dtype=float)
    n = len(x)
    level = np.full(n, -1, dtype=np.int64)
    cols = np.zeros(n, dtype=np.int64)
    rows = np.zeros(n, dtype=np.int64)
    stratum = np.full(n, -1, dtype=np.int64)
    for index, size in enumerate(levels):
        open_ = np.flatnonzero(level < 0)
        if len(open_) == 0:
            break
        c = cell_index(x[open_], origin[0], size)
        r = cell_index(y[open_], origin[1], size)
        unique, inverse = np.unique(np.column_stack([c, r]), axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        centre_stratum = assign_points(origin[0] + (unique[:, 0] + 0.5) * size,
                                       origin[1] + (unique[:, 1] + 0.5) * size, strata)
        asked = np.where(centre_stratum >= 0, wanted[np.maximum(centre_stratum, 0)], levels[0])
        keep = (asked[inverse] >= size) | (index == len(levels) - 1)
        chosen = open_[keep]
        level[chosen] = index
        cols[chosen] = c[keep]
        rows[chosen] = r[keep]
        stratum[chosen] = centre_stratum[inverse][keep]
    return level, cols, rows, stratum, levels


def multi_resolution_empty_cells(origin, strata, stratum_sizes, study_area, zero_mask, occupied_ids):
    """Empty cells of the grid with a cell size per stratum whose centre is in the study area.

    The same coarse-to-fine rule as ``multi_resolution_cells``, walked over
    the study area's extent instead of the points. Returns (size, col, row,
    stratum index, inside the zero mask) per empty cell; cells whose id is
    in ``occupied_ids`` are left out.
    """
    from .zones import assign_points

    levels = sorted(set(stratum_sizes), reverse=True)
    wanted = np.asarray(stratum_sizes, dtype=float)
    corners = np.concatenate([np.concatenate(rings) for parts in study_area for rings in parts])
    low, high = corners.min(axis=0), corners.max(axis=0)
    cols, rows = np.meshgrid(
        np.arange(cell_index(low[:1], origin[0], levels[0])[0],
                  cell_index(high[:1], origin[0], levels[0])[0] + 1),
        np.arange(cell_index(low[1:], origin[1], levels[0])[0],
                  cell_index(high[1:], origin[1], levels[0])[0] + 1))
    cols, rows = cols.ravel(), rows.ravel()
    leaves = []
    for index, size in enumerate(levels):
        centre_x = origin[0] + (cols + 0.5) * size
        centre_y = origin[1] + (rows + 0.5) * size
        stratum = assign_points(centre_x, centre_y, strata)
        asked = np.where(stratum >= 0, wanted[np.maximum(stratum, 0)], levels[0])
        keep = (asked >= size) | (index == len(levels) - 1)
        leaves.append((np.full(int(keep.sum()), float(size)), cols[keep], rows[keep],
                       stratum[keep], centre_x[keep], centre_y[keep]))
        if index + 1 < len(levels):
            # Split the other cells into their children at the next size.
            ratio = int(round(size / levels[index + 1]))
            child_col, child_row = (offset.ravel() for offset in np.meshgrid(np.arange(ratio),
                                                                             np.arange(ratio)))
            cols = (cols[~keep][:, None] * ratio + child_col[None, :]).ravel()
            rows = (rows[~keep][:, None] * ratio + child_row[None, :]).ravel()
    sizes, cols, rows, stratum, centre_x, centre_y = (np.concatenate(parts) for parts in zip(*leaves))
    empty = (assign_points(centre_x, centre_y, study_area) >= 0) & \
        (pd.Index(occupied_ids).get_indexer(cell_ids(sizes, cols, rows)) < 0)
    masked = (assign_points(centre_x[empty], centre_y[empty], zero_mask) >= 0) if zero_mask \
        else np.zeros(int(empty.sum()), dtype=bool)
    return sizes[empty], cols[empty], rows[empty], stratum[empty], masked


def multi_resolution_grid(x, y, person_codes, origin, strata, stratum_names, stratum_sizes, k,
                          stratum_k=None, study_area=None, zero_mask=(), key_codes=None,
                          marginals=None, is_canceled=None, people_known=True):
    """The suppressed grid with a cell size per stratum (primary suppression per cell's k).

    ``stratum_k``: a k per stratum (adversary-known strata may carry their own
    threshold); cells whose centre lies in no stratum use ``k``. With a
    ``study_area``, empty cells inside it are emitted as published zeros, or
    withheld inside the ``zero_mask``, as in ``suppressed_grid``. With
    ``key_codes`` (published attribute fields) there is one group per cell x
    attribute combination. With ``marginals`` (the grand total only: cells of
    different sizes have no common parent grid) withheld cells get
    complementary suppression as in ``suppressed_grid``, against the people
    total too when ``people_known``. Returns a GridRelease.
    """
    if marginals is not None and marginals.parents:
        raise InputError(N_("Parent totals are not defined for a grid with a cell size per "
                            "stratum (its cells have no common parent grid): declare the grand "
                            "total only."))
    if key_codes is None:
        key_codes = np.zeros(len(x), dtype=np.int64)
    if study_area is not None:
        _refuse_zeros_with_attributes(key_codes)
    level, cols, rows, stratum, levels = multi_resolution_cells(x, y, origin, strata, stratum_sizes)
    offset_c = cols - cols.min()
    offset_r = rows - rows.min()
    counts = count_cells_by_code(_dense_codes(level, offset_c, offset_r, key_codes), person_codes)
    first = counts["first_row"]
    sizes = np.asarray(levels, dtype=float)[level[first]]
    cell_cols, cell_rows, cell_stratum = cols[first], rows[first], stratum[first]
    ids = cell_ids(sizes, cell_cols, cell_rows)
    n_persons = counts["n_persons"]
    published_zero = np.zeros(len(first), dtype=bool)
    if study_area is not None:
        empty_sizes, empty_cols, empty_rows, empty_stratum, masked = multi_resolution_empty_cells(
            origin, strata, stratum_sizes, study_area, zero_mask, ids)
        ids = np.concatenate([ids, cell_ids(empty_sizes, empty_cols, empty_rows)])
        sizes = np.concatenate([sizes, empty_sizes])
        cell_cols = np.concatenate([cell_cols, empty_cols])
        cell_rows = np.concatenate([cell_rows, empty_rows])
        cell_stratum = np.concatenate([cell_stratum, empty_stratum])
        n_persons = np.concatenate([n_persons, np.zeros(len(empty_sizes), dtype=n_persons.dtype)])
        first = np.concatenate([first, np.full(len(empty_sizes), -1, dtype=first.dtype)])
        published_zero = np.concatenate([published_zero, ~masked])
    cell_k = np.full(len(first), int(k), dtype=np.int64)
    if stratum_k is not None:
        known = cell_stratum >= 0
        cell_k[known] = np.asarray(stratum_k, dtype=np.int64)[cell_stratum[known]]
    primary = (n_persons < cell_k) & ~published_zero
    status = np.where(primary, STATUS_PRIMARY, STATUS_PUBLISHED).astype(object)
    group_key = np.where(first >= 0, key_codes[np.maximum(first, 0)], 0)
    grand_total = pd.array([pd.NA] * len(first), dtype="Int64")
    suppression = None
    if marginals is not None and (marginals.grand_total or people_known):
        from .intervals import equalities_from_groups, with_totals
        from .suppression import complementary_suppression

        equalities = [] if not marginals.grand_total else \
            [(cells, total) for cells, total in
             with_totals(equalities_from_groups(group_key), n_persons) if total >= k]
        equalities, knowledge = attacker_knowledge(
            emitted_lower(np.full(len(n_persons), study_area is not None)),
            people_total(person_codes) if people_known else None, equalities)
        # With a k per stratum, intervals straddle the largest (the strictest) when asked to.
        suppression = complementary_suppression(
            n_persons, primary, equalities, marginals.protection,
            int(cell_k.max()) if marginals.straddle_k else None, is_canceled=is_canceled,
            knowledge=knowledge, threshold=cell_k)
        status[suppression.complementary] = STATUS_COMPLEMENTARY
        if marginals.grand_total:
            grand_total = _published_sums(n_persons, [group_key], k)
    published = status == STATUS_PUBLISHED
    names = np.asarray(list(stratum_names) + [None], dtype=object)
    frame = pd.DataFrame({
        "cell_id": ids, "col": cell_cols, "row": cell_rows,
        "resolution_m": sizes, "n_persons": blanked_counts(n_persons, published),
        "status": published_status(status), "k": cell_k, "stratum": names[cell_stratum], "first_row": first,
        "parent_id": None, "parent_total": pd.array([pd.NA] * len(first), dtype="Int64"),
        "grand_total": grand_total, "key": group_key,
    })
    cells = frame.sort_values(["resolution_m", "col", "row", "key"],
                              ascending=[False, True, True, True]).drop(columns="key") \
        .reset_index(drop=True)
    if suppression is None:
        return GridRelease(cells, NO_AUDIT, 0)
    audit = _audit_table(ids, first, (group_key, cell_rows, cell_cols, -sizes), status,
                         suppression, marginals, int(cell_k.max()))
    return GridRelease(cells, audit, int(suppression.unprotectable.sum()))
