"""The resolution sweep: what suppression at k costs at each cell size, how the withheld
cells cluster, which size to recommend, and which cells flip state in a series."""

import time

import numpy as np
import pandas as pd

from ..counting.cells import cell_ids, count_cells, people_total
from ..errors import Cancelled
from ..parallel import in_parallel
from .grid_release import suppress
from .totals import STATUS_COMPLEMENTARY, STATUS_PRIMARY, STATUS_PUBLISHED

# Queen neighbourhood: the eight cells sharing an edge or a corner.
QUEEN_OFFSETS = tuple((dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0))


# Moran's I z-score above which withheld cells count as clustered (one-sided 2.5 %).
CLUSTERED_Z = 1.96
# A size's fixed work beside its cells, as a share of the finest size's work.
FIXED_WORK = 0.01


def expected_work(resolutions):
    """Each size's expected share of a sweep's work, the finest size's being 1 (plus the fixed
    part): the cells it counts and protects, about 1/size² (twice the size, a quarter of the
    cells)."""
    finest = min(resolutions)
    return {resolution: (finest / resolution) ** 2 + FIXED_WORK for resolution in resolutions}


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


def sweep(x, y, person_codes, key_codes, origin, resolutions, k, tolerance, marginals=None,
          progress=None, is_canceled=None, people_known=True, on_size=None):
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
    it secret. ``progress(done, total)`` hears of the work done, each size
    weighted by ``expected_work`` (fractions included: each size's audit
    reports its solve blocks), ``on_size(resolution,
    seconds)`` of each size as it starts (None) and ends (its time), both from
    the caller's thread; ``is_canceled`` is asked between sizes, cells and solves.
    """
    persons = int(person_codes.max()) + 1

    def count_at(resolution):
        return count_cells(x, y, person_codes, key_codes, origin, resolution)

    def withheld_people(counts, withheld):
        seen = np.zeros(persons, dtype=bool)
        seen[person_codes[withheld[counts.group_of_row]]] = True
        return int(seen.sum())

    return sweep_counted(count_at, people_total(person_codes), len(person_codes), withheld_people,
                         resolutions, k, tolerance, marginals, progress, is_canceled, people_known,
                         on_size)


def sweep_counted(count_at, people, n_rows, withheld_people, resolutions, k, tolerance,
                  marginals=None, progress=None, is_canceled=None, people_known=True,
                  on_size=None):
    """The sweep (see ``sweep``) from cells counted elsewhere, e.g. by a database.

    ``count_at(resolution)`` gives the ``CellCounts`` at one resolution (its
    ``first_row`` and ``group_of_row`` are not used); ``people`` is the
    ``PeopleTotal`` of the input, ``n_rows`` its number of points, and
    ``withheld_people(counts, withheld)`` the number of distinct people with a
    point in a group marked in ``withheld``.
    """
    persons = people.n
    known = people if people_known else None
    # Written by the threads working on each size, read by the caller's thread in ``poll``.
    shares = dict.fromkeys(resolutions, 0.0)
    work = expected_work(resolutions)
    started, finished, told = {}, {}, set()

    def sweep_row(resolution):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        started[resolution] = time.monotonic()
        counts = count_at(resolution)
        status, suppression = suppress(
            counts, k, marginals, is_canceled, people=known,
            progress=lambda share: shares.__setitem__(resolution,
                                                      max(shares[resolution], share)))
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
        shares[resolution] = 1.0
        finished[resolution] = time.monotonic() - started[resolution]
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

    def poll():
        for resolution in resolutions[::-1]:
            for event, seen in (("start", started), ("end", finished)):
                if resolution in seen and (resolution, event) not in told:
                    told.add((resolution, event))
                    if on_size is not None:
                        on_size(resolution, finished[resolution] if event == "end" else None)
        if progress is not None:
            progress(sum(shares[size] * work[size] for size in resolutions),
                     sum(work.values()))

    # Coarsest first: the quick sizes report early, the finest take the longest.
    records = in_parallel(sweep_row, resolutions[::-1], poll=poll)[::-1]
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


def stratified_sweep(x, y, person_codes, key_codes, origin, resolutions, k, tolerance,
                     stratum_of_point, stratum_names, marginals=None, progress=None,
                     is_canceled=None, on_size=None):
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
                      is_canceled, people_known=False, on_size=on_size)
        table.insert(0, "stratum", name)
        best = recommended_resolution(table)
        table["recommended"] = table["resolution_m"] == best if best is not None else False
        tables.append(table)
    # Figures a stratum may lack (None) are floats (NaN) in every table, so the result's dtypes
    # do not depend on which strata have them (pandas 2 warns on all-NA columns in a concat).
    optional = {name: float for name in ("median_published_count", "withheld_person_share",
                                         "withheld_morans_i", "withheld_morans_z")}
    return pd.concat([table.astype(optional) for table in tables], ignore_index=True)
