"""The gate's audit of sums over atoms, beside single atoms and records: a cut cell's pieces
in one area, a withheld cell over its attribute records, and withheld area counts."""

import numpy as np

from ..errors import N_
from .intervals import EXACT_WIDTH, Intervals, protection_failures
from ..problems import problem


def sliver_at_risk(low, high, protection, threshold):
    """Sums over atoms (slivers, a cut cell's pieces, intersections of areas) at risk: narrower
    than p, possibly holding somebody and not proven to hold ``threshold`` (k) or more."""
    return (high - low < protection - EXACT_WIDTH) & (high >= 1) & (low < threshold)


def withheld_area_problems(withheld_areas, result, first, protection, k, label_k):
    """(problems, indices of the areas that fail) of withheld area counts (their sums over
    atoms, from group ``first`` on): narrower than p and not proven to hold the policy's k, or
    exact, unless proven empty."""
    if not withheld_areas:
        return [], ()
    areas = Intervals(result.group_lower[first:first + len(withheld_areas)],
                      result.group_upper[first:first + len(withheld_areas)])
    # An area proven empty gives nobody away, whatever its interval.
    narrow = (protection_failures(areas, np.ones(len(withheld_areas), dtype=bool), protection, k,
                                  np.inf if label_k is None else label_k) |
              (areas.width < EXACT_WIDTH)) & (areas.upper >= 1)
    if not narrow.any():
        return [], ()
    examples = [f"{withheld_areas[area][1]} [{areas.lower[area]:g}, {areas.upper[area]:g}]"
                for area in np.flatnonzero(narrow)[:5]]
    return [problem(
        N_("{count} withheld area count(s) can be narrowed below p = {p:g} from what the release "
           "publishes (area [interval]: {examples}). Withhold more area counts or cells, or do "
           "not publish the number of people."),
        count=int(narrow.sum()), p=float(protection), examples="; ".join(examples))], \
        tuple(np.flatnonzero(narrow).tolist())


def cell_sum_problems(sums, result, names, protected, threshold, protection, k):
    """(problems, records of cells narrowed) of the sums over atoms (``atoms.CellSums``): a
    cut cell's piece in an area by the rule of slivers, a withheld cell over its records by
    the rule of withheld records."""
    n_pieces = len(sums.pieces)
    low, high = result.group_lower[:n_pieces], result.group_upper[:n_pieces]
    largest_k = np.array([threshold[records].max() for records in sums.piece_records])
    at_risk = sliver_at_risk(low, high, protection, largest_k)
    problems = []
    if at_risk.any():
        examples = [f"{names[sums.piece_records[piece][0]]} ∩ {sums.piece_area[piece] or '—'} "
                    f"[{low[piece]:g}, {high[piece]:g}]" for piece in np.flatnonzero(at_risk)[:5]]
        problems.append(problem(
            N_("{count} sliver(s) where a published area's border crosses a cell can be narrowed "
               "below p = {p:g} summed over the cell's pieces in that area (over the cell's "
               "attribute records, or over the areas of other published layers that cut it), "
               "however wide each piece alone (cell ∩ area [interval]: {examples}). Withhold the "
               "cells around those borders (every attribute record of them), or do not publish "
               "those area counts beside this grid."),
            count=int(at_risk.sum()), p=float(protection), examples="; ".join(examples)))
    n_cells = len(sums.cells)
    cells = Intervals(result.group_lower[n_pieces:n_pieces + n_cells],
                      result.group_upper[n_pieces:n_pieces + n_cells])
    narrow = protection_failures(
        cells, np.array([protected[records].any() for records in sums.cell_records], bool),
        protection, k, np.array([threshold[records].max() for records in sums.cell_records]))
    failing = np.zeros(len(threshold), dtype=bool)
    if narrow.any():
        examples = [f"{names[sums.cell_records[cell][0]]} [{cells.lower[cell]:g}, "
                    f"{cells.upper[cell]:g}]" for cell in np.flatnonzero(narrow)[:5]]
        problems.append(problem(
            N_("{count} withheld cell(s) published per attribute can be narrowed by an attacker "
               "below p = {p:g} summed over all their attribute records, however wide each "
               "record's own interval (cell [interval]: {examples}). Withhold more cells (every "
               "attribute record of them), or publish fewer totals and area counts."),
            count=int(narrow.sum()), p=float(protection), examples="; ".join(examples)))
        for cell in np.flatnonzero(narrow):
            failing[sums.cell_records[cell]] = True
    return problems, failing


def place_problems_of(sums, result, atom_record, threshold, protection):
    """(problems, atoms of the places that fail) of the intersections of areas of different
    layers over several cells (``atoms.CellSums.places``, bounded after the pieces and the
    cells), by the rule of slivers: narrower than p, possibly holding somebody and not proven
    to hold k or more."""
    if not len(sums.places):
        return [], set()
    first = len(sums.pieces) + len(sums.cells)
    low = result.group_lower[first:first + len(sums.places)]
    high = result.group_upper[first:first + len(sums.places)]
    largest_k = np.array([threshold[atom_record[atoms]].max() for atoms in sums.places])
    at_risk = sliver_at_risk(low, high, protection, largest_k)
    if not at_risk.any():
        return [], set()
    examples = [f"{sums.place_areas[place]} [{low[place]:g}, {high[place]:g}]"
                for place in np.flatnonzero(at_risk)[:5]]
    failing = {int(atom) for place in np.flatnonzero(at_risk) for atom in sums.places[place]}
    return [problem(
        N_("{count} intersection(s) of published areas of different layers can be narrowed "
           "below p = {p:g} by subtracting their counts from each other, over the cells they "
           "span (area ∩ area [interval]: {examples}). Withhold the cells in those "
           "intersections, or withhold more of those area counts."),
        count=int(at_risk.sum()), p=float(protection), examples="; ".join(examples))], failing
