"""The suppressed grid as a whole: primary and complementary suppression against what the
release publishes, empty cells inside a study area, and the data holder's audit table."""

import dataclasses
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..counting.cells import CellCounts, cell_ids, cell_index, cell_positions, count_cells, \
    people_total, series_keys, split_series_keys
from ..errors import N_, InputError
from .totals import MARGINALS_NONE, STATUS_COMPLEMENTARY, STATUS_PRIMARY, STATUS_PUBLISHED, \
    attacker_knowledge, blanked_counts, emitted_lower, published_status, \
    published_totals

def suppress(counts, k, marginals=None, is_canceled=None, published_zero=None, series=None,
             cell_keys=None, people=None, zeros_emitted=False, progress=None):
    """Primary suppression (n < k), then complementary suppression against what is published.

    ``published_zero`` marks empty cells that are structural zeros (published
    as 0); every other cell below k, an unobserved zero included, is withheld.
    The attacker knows the declared marginals, the people total ``people``
    (``PeopleTotal``; None when the policy keeps it secret), that an emitted
    cell is non-empty unless ``zeros_emitted`` (the release emits empty cells
    as such), and, with a ``series`` (earlier releases and the attacker's
    link between them, ``cell_keys`` naming the cells), every earlier
    release, and reads a declared total left blank as below k.
    ``is_canceled``/``progress``: as ``complementary_suppression`` takes them. Returns
    (reason per group: published, primary or complementary; ``LinkedSuppression``
    (cells and totals) or None when nothing is published beside the grid). Totals are cells
    (SPEC section 7): a total below k is withheld, and a total may be withheld as a
    complement; its blank says only "withheld".
    """
    from .linked_totals import DeclaredTotals, protect_linked_table

    primary = counts.n_persons < k
    if published_zero is not None:
        primary &= ~published_zero
    status = np.where(primary, STATUS_PRIMARY, STATUS_PUBLISHED).astype(object)
    if marginals is None or marginals.kind == MARGINALS_NONE and series is None and people is None:
        return status, None
    if not marginals.protection > 0:
        raise InputError(N_("The protection level must be positive, got {value}."),
                         value=marginals.protection)
    may_be_empty = np.full(len(primary), bool(zeros_emitted))
    if series is not None:
        may_be_empty |= series.previously_withheld(cell_keys)
    everyone, knowledge = attacker_knowledge(emitted_lower(may_be_empty), people, [])
    result = protect_linked_table(counts.n_persons, primary, DeclaredTotals.of_grid(
        counts.col, counts.row, counts.key, counts.n_persons, marginals), marginals.protection, k, marginals.straddle_k, knowledge, everyone,
        is_canceled, series, cell_keys, progress)
    status[result.cells.complementary] = STATUS_COMPLEMENTARY
    return status, result

def empty_cells(origin, resolution, study_area, zero_mask, occupied_col, occupied_row):
    """Empty cells whose centre lies in the study area: (col, row, inside the zero mask).

    ``study_area`` and ``zero_mask`` are polygons as ``zones.assign_points``
    takes them (``zero_mask`` may be empty). Cells holding points are left out.
    """
    from ..counting.zones import assign_points

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


def refuse_zeros_with_attributes(key_codes):
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
    exposed_earlier: tuple = ()  # ids of earlier releases' withheld cells (parent ids: totals) it would expose


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
    looks key values up in) and the input's ``PeopleTotal`` ``people``. A known number of
    people from 1 to k - 1 is refused: the release would be a place of fewer than k."""
    from .gate import refuse_few_people

    if people_known:
        refuse_few_people(people, k)
    if series is not None and counts.key.max(initial=0) > 0 and key_labels is None:
        raise InputError(N_("A series with published attribute fields needs the attribute values "
                            "of each key to match groups across releases."))
    published_zero = None
    if study_area is not None:
        refuse_zeros_with_attributes(counts.key)
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
    totals = published_totals(counts, marginals, resolution, suppression)
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
    }).join(totals)
    if labels is not None:
        cells["key_label"] = labels[counts.key]  # names a group that no record holds any more
    cells = cells.iloc[order].reset_index(drop=True)
    if suppression is None:
        return GridRelease(cells, NO_AUDIT, 0)
    audit = audit_table(ids, counts.first_row, (counts.key, counts.row, counts.col), status,
                         suppression, marginals, k, None if labels is None else labels[counts.key],
                         totals["parent_id"].to_numpy())
    return GridRelease(cells, audit, int(suppression.unprotectable.sum()),
                       suppression.exposed_earlier)


def audit_table(ids, first_row, order, status, suppression, marginals, k, key_labels=None,
                parent_ids=None):
    """The bounds an attacker derives for every withheld group (never its value), in ``order``
    (lexsort keys, most significant last), then every withheld total (named by its parent
    cell's id, ``parent_ids`` per group, or "grand total"; ``first_row`` -1), and why it is
    withheld (``reason``: primary or complementary; for the data holder, never for
    publication: it would tell the attacker which cells are small). With ``key_labels`` (a
    series with attribute fields) each row also names its group's values."""
    from ..audit.intervals import protection_failures

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
    from .linked_totals import LinkedSuppression

    if not isinstance(suppression, LinkedSuppression):  # a grid of strata: its own totals
        return audit
    totals = np.flatnonzero(suppression.totals_withheld)
    if not len(totals):
        return audit
    first = np.array([suppression.totals.members[total][0] for total in totals])
    bounds = suppression.total_intervals
    names = np.where(suppression.totals.grand[totals], "grand total",
                     np.asarray(parent_ids if parent_ids is not None else [None] * len(ids),
                                dtype=object)[first])
    rows_of_totals = pd.DataFrame({
        "cell_id": names, "first_row": -1, "lower": bounds.lower[totals],
        "upper": bounds.upper[totals], "width": bounds.width[totals],
        "ok": ~suppression.totals_unprotectable[totals],
        "reason": np.where(suppression.totals_primary[totals], STATUS_PRIMARY,
                           STATUS_COMPLEMENTARY)})
    if key_labels is not None:
        rows_of_totals["key_label"] = key_labels[first]
    return pd.concat([audit, rows_of_totals], ignore_index=True)
