"""The cell key audit under published totals: exact against enumeration, and the parent cells of
a coarser grid published beside the grid."""

import itertools

import numpy as np
import pytest

from spatial_privacy_plugin.noise import cellkey
from spatial_privacy_plugin.noise.cellkey_audit import attacker_intervals, bounds_under_totals, \
    parent_totals
from spatial_privacy_plugin.noise.ptable import create_ptable


def enumerated_bounds(least, largest, totals, additive):
    """Least and largest value of each cell over every whole-number assignment of the cells and
    of the totals (each total its own unknown: the sum of its members when additive, else between
    their largest and their sum, where a member is a cell or a smaller total inside)."""
    n = len(least)
    sets = [set(members) for members, _, _ in totals]
    inside = {index: [other for other in range(len(totals)) if sets[other] < sets[index]
                      or (sets[other] == sets[index] and other > index)] for index in range(len(totals))}
    direct = {index: [other for other in inside[index]
                      if not any(other in inside[middle] for middle in inside[index])]
              for index in inside}
    loose = {index: sets[index] - set().union(*[sets[other] for other in direct[index]])
             for index in inside}
    lows, highs = np.full(n, np.inf), np.full(n, -np.inf)
    ranges = [range(int(low), int(high) + 1) for low, high in zip(least, largest)]
    # Additive totals are their members' sums: only the distinct-people totals are unknowns.
    total_ranges = [[None] if additive else range(int(low), int(high) + 1) for _, low, high in totals]
    for cells in itertools.product(*ranges):
        if additive and not all(low <= sum(cells[c] for c in members) <= high
                                for members, low, high in totals):
            continue
        for values in itertools.product(*total_ranges):
            fits = additive or all(
                max(members) <= values[index] <= sum(members) for index, members in
                ((index, [cells[c] for c in loose[index]] + [values[o] for o in direct[index]])
                 for index in range(len(totals))))
            if fits:
                lows = np.minimum(lows, cells)
                highs = np.maximum(highs, cells)
    return lows, highs


@pytest.mark.parametrize("additive", [True, False])
@pytest.mark.parametrize("case", range(12))
def test_nested_totals_give_the_exact_bounds(case, additive):
    """Random people in 4 cells (one cell each when additive, else one or two), nested totals of
    distinct people, and every published value known up to ±1."""
    rng = np.random.default_rng(case)
    n = 4
    visits = [set(rng.choice(n, 1 if additive else rng.integers(1, 3), replace=False).tolist())
              for _ in range(rng.integers(2, 7))]
    true = np.array([sum(cell in cells for cells in visits) for cell in range(n)])
    least = np.maximum(true - rng.integers(0, 2, n), 0)
    largest = true + rng.integers(0, 2, n)
    families = [[[0, 1], [0, 1, 2, 3]], [[0, 1], [2, 3], [0, 1, 2, 3]], [[0, 1, 2], [0, 1]],
                [[1, 2], [1, 2]]]
    totals = []
    for members in families[case % len(families)]:
        total = sum(bool(cells & set(members)) for cells in visits)
        totals.append((members, max(total - rng.integers(0, 2), 0), total + rng.integers(0, 2)))
    got = bounds_under_totals(least, largest, totals, additive)
    expected = enumerated_bounds(least, largest, totals, additive)
    assert got[0].tolist() == expected[0].tolist() and got[1].tolist() == expected[1].tolist()
    assert (got[0] <= true).all() and (true <= got[1]).all()


@pytest.mark.parametrize("case", range(6))
def test_crossing_totals_are_solved_by_the_integer_programme(case):
    """Row and column totals of a 2 x 3 table cross: no tree, so the integer programme."""
    rng = np.random.default_rng(100 + case)
    true = rng.integers(0, 4, 6)
    least, largest = np.maximum(true - 2, 0), true + 2
    rows = [[0, 1, 2], [3, 4, 5]]
    columns = [[0, 3], [1, 4], [2, 5]]
    totals = [(members, true[members].sum() - 1, true[members].sum() + 1)
              for members in rows + columns]
    got = bounds_under_totals(least, largest, totals)
    expected = enumerated_bounds(least, largest, totals, True)
    assert got[0].tolist() == expected[0].tolist() and got[1].tolist() == expected[1].tolist()


def test_crossing_totals_that_propagation_cannot_solve():
    """x0 + x1 = 1, x1 + x2 = 1 and x0 + x1 + x2 = 2 with each cell 0 or 1: only (1, 0, 1) fits.
    Each total alone bounds no cell (every cell keeps 0..1 against each of them)."""
    least, largest = np.zeros(3), np.ones(3)
    totals = [([0, 1], 1, 1), ([1, 2], 1, 1), ([0, 1, 2], 2, 2)]
    for members, low, high in totals:
        alone = bounds_under_totals(least, largest, [(members, low, high)])
        assert alone[0].tolist() == [0, 0, 0] and alone[1].tolist() == [1, 1, 1]
    got = bounds_under_totals(least, largest, totals)
    assert got[0].tolist() == got[1].tolist() == [1, 0, 1]
    assert enumerated_bounds(least, largest, totals, True)[0].tolist() == [1, 0, 1]


def test_a_parent_total_closes_what_the_grand_total_leaves_open():
    """Two 250 m cells of 1 person inside a 1 km parent whose perturbed count is 0 (the margin
    exploit one level down): with the grand total alone the cells stay open; with the parent
    published beside the grid both are exactly 1."""
    table = create_ptable(2, 1.0, 0)
    zero_key = float(table.frame[(table.frame["i"] == 2) & (table.frame["j"] == 0)]
                     ["p_int_ub"].iloc[0])
    parent_published = 2 + table.noise([2], [zero_key])[0]
    assert parent_published == 0
    original = np.array([1, 1, 30, 40])
    published = cellkey.perturb_counts(original, [0.9, 0.95, 0.5, 0.5], table)
    grand = (np.arange(4), int(cellkey.perturb_counts([original.sum()], [0.3], table)[0]))
    open_low, open_high = attacker_intervals(table, published, [grand])
    assert (open_high[:2] - open_low[:2] > 0).all()
    least, largest = attacker_intervals(table, published, [grand, ([0, 1], parent_published)])
    assert least[:2].tolist() == [1, 1] and largest[:2].tolist() == [1, 1]
    assert (largest[2:] - least[2:] > 0).all()


def test_parent_totals_map_each_cell_to_its_coarser_cell():
    col, row, key = np.array([0, 1, 4, 5, 0]), np.array([0, 3, 0, 0, 0]), np.array([0, 0, 0, 0, 1])
    totals = parent_totals(col, row, key, np.array([0, 1, 0]), np.array([0, 0, 0]),
                           np.array([0, 0, 1]), np.array([7, 9, 4]), 4)
    assert sorted((members.tolist(), total) for members, total in totals) == \
        [([0, 1], 7), ([2, 3], 9), ([4], 4)]
