"""A grid with a cell size per stratum: one non-overlapping grid whose cells follow
adversary-known strata (fine in the core, coarse where few people live)."""

import dataclasses

import numpy as np
import pandas as pd

from ..counting.cells import cell_ids, cell_index, check_resolution, count_cells_by_code, dense_codes, \
    people_total
from ..errors import N_, InputError
from .gate import refuse_few_people
from .grid_release import NO_AUDIT, GridRelease, audit_table, refuse_zeros_with_attributes
from .sweep import non_nested_pairs
from .totals import STATUS_COMPLEMENTARY, STATUS_PRIMARY, STATUS_PUBLISHED, attacker_knowledge, \
    blanked_counts, emitted_lower, published_status, published_sums

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
    from ..counting.zones import assign_points

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
    from ..counting.zones import assign_points

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
    if people_known:
        refuse_few_people(people_total(person_codes), k)
    if marginals is not None and marginals.parents:
        raise InputError(N_("Parent totals are not defined for a grid with a cell size per "
                            "stratum (its cells have no common parent grid): declare the grand "
                            "total only."))
    if key_codes is None:
        key_codes = np.zeros(len(x), dtype=np.int64)
    if study_area is not None:
        refuse_zeros_with_attributes(key_codes)
    level, cols, rows, stratum, levels = multi_resolution_cells(x, y, origin, strata, stratum_sizes)
    offset_c = cols - cols.min()
    offset_r = rows - rows.min()
    counts = count_cells_by_code(dense_codes(level, offset_c, offset_r, key_codes), person_codes)
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
        from ..audit.intervals import equalities_from_groups, with_totals
        from .suppression import complementary_suppression

        grand = with_totals(equalities_from_groups(group_key), n_persons) \
            if marginals.grand_total else []
        equalities, knowledge = attacker_knowledge(
            emitted_lower(np.full(len(n_persons), study_area is not None)),
            people_total(person_codes) if people_known else None,
            [(cells, total) for cells, total in grand if total >= k])
        # A declared total left blank says it is below k.
        knowledge = dataclasses.replace(knowledge, at_most=tuple(
            (cells, float(k) - 1.0) for cells, total in grand if 0 < total < k))
        # With a k per stratum, intervals straddle the largest (the strictest) when asked to.
        suppression = complementary_suppression(
            n_persons, primary, equalities, marginals.protection,
            int(cell_k.max()) if marginals.straddle_k else None, is_canceled=is_canceled,
            knowledge=knowledge, threshold=cell_k)
        status[suppression.complementary] = STATUS_COMPLEMENTARY
        if marginals.grand_total:
            grand_total = published_sums(n_persons, [group_key], k)
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
    audit = audit_table(ids, first, (group_key, cell_rows, cell_cols, -sizes), status,
                         suppression, marginals, int(cell_k.max()))
    return GridRelease(cells, audit, int(suppression.unprotectable.sum()))
