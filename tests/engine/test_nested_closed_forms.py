"""SPEC section 12: the closed forms of nested totals against the general programmes, case by
case. Every random table below is solved twice: by the tree's two passes (``audit.tree``) and,
with the closed forms switched off, by the programmes (MILP blocks, flow networks) that serve
what is not a tree. Intervals of cells and of totals, and the cells and totals the grid
withholds, must be identical."""

import numpy as np
import pytest

from spatial_privacy_plugin.audit import tree
from spatial_privacy_plugin.audit.intervals import attacker_intervals
from spatial_privacy_plugin.audit.withheld_sums import withheld_sum_intervals
from spatial_privacy_plugin.counting.cells import count_cells, people_total
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.release import grid

from linked_table_cases import random_table


def general(monkeypatch):
    """Switch the closed forms off: every caller then takes the programmes."""
    monkeypatch.setattr(tree, "laminar_bounds", lambda *args, **kwargs: None)


def random_laminar(rng):
    """A random tree of sums: cells under sets nested up to four levels, each set published
    (an equality), a lower sum (distinct people) or withheld (a sum to bound), each cell
    published or withheld with the attacker's box; all true of one vector of counts."""
    n_cells = int(rng.integers(1, 16))
    truth = rng.integers(0, 9, n_cells).astype(float)
    sets, levels = [], [np.arange(n_cells)]
    for _ in range(int(rng.integers(1, 4))):
        finer = []
        for group in levels[-1]:
            group = rng.permutation(np.atleast_1d(group))
            cuts = np.sort(rng.choice(np.arange(1, len(group)), size=min(
                int(rng.integers(0, 3)), len(group) - 1), replace=False)) if len(group) > 1 \
                else np.empty(0, dtype=np.int64)
            finer.extend(np.split(group, cuts))
        levels.append(finer)
    for level in levels[::-1]:
        for group in (level if isinstance(level, list) else [level]):
            if rng.random() < 0.7:
                sets.append(np.sort(np.atleast_1d(group)))
    equalities, at_least, targets = [], [], []
    for cells in sets:
        total = float(truth[cells].sum())
        kind = rng.choice(3, p=[0.5, 0.2, 0.3])
        if kind == 0:
            equalities.append((cells, total))
        elif kind == 1:
            at_least.append((cells, float(rng.integers(0, total + 1))))
        targets.append(cells)
    withheld = rng.random(n_cells) < 0.6
    lower = np.where(withheld & (truth >= 1) & (rng.random(n_cells) < 0.6), 1.0, 0.0)
    upper = np.where(rng.random(n_cells) < 0.3, truth + rng.integers(0, 4, n_cells), np.inf)
    return truth, withheld, equalities, at_least, targets, lower, upper


def both_ways(monkeypatch, solve):
    fast = solve()
    with monkeypatch.context() as patched:
        general(patched)
        slow = solve()
    return fast, slow


def test_the_tree_finds_crossing_sets_and_nested_ones():
    assert tree.laminar_parents([np.array([0, 1]), np.array([1, 2])], 3) is None
    parents, innermost = tree.laminar_parents(
        [np.array([0, 1]), np.array([2]), np.array([0, 1, 2, 3]), np.array([0, 1, 2, 3])], 5)
    assert parents.tolist() == [2, 2, 3, -1]
    assert innermost.tolist() == [0, 0, 1, 2, -1]


def test_a_hand_tree():
    # N = 20 over a parent [a, b] published as 9 and a withheld cell c >= 1: c = 11, and a, b
    # withheld (>= 1 each) in 9 lie in [1, 8].
    intervals = attacker_intervals(np.array([4.0, 5.0, 11.0]), np.array([True, True, True]),
                                   [(np.array([0, 1]), 9.0), (np.arange(3), 20.0)], True,
                                   np.ones(3), np.full(3, np.inf))
    assert intervals.lower.tolist() == [1.0, 1.0, 11.0]
    assert intervals.upper.tolist() == [8.0, 8.0, 11.0]


@pytest.mark.parametrize("seed", range(4))
def test_closed_forms_equal_the_programmes_on_random_trees(monkeypatch, seed):
    rng = np.random.default_rng(20261206 + seed)
    compared = 0
    for _ in range(600):
        truth, withheld, equalities, at_least, targets, lower, upper = random_laminar(rng)

        def cells():
            return attacker_intervals(truth, withheld, equalities, True, lower, upper, at_least)

        def sums():
            return withheld_sum_intervals(truth, withheld, equalities, targets, lower, upper,
                                          at_least)

        for solve in (cells, sums):
            fast, slow = both_ways(monkeypatch, solve)
            assert np.array_equal(fast.lower, slow.lower), (fast, slow)
            assert np.array_equal(fast.upper, slow.upper), (fast, slow)
            compared += 1
        # Both are true of the counts they were made from.
        fast = cells()
        assert np.all(fast.lower <= truth) and np.all(truth <= fast.upper)
    assert compared == 1200


def test_contradictions_are_refused_both_ways(monkeypatch):
    # The parent says 3, one of its two cells is published as 5.
    equalities = [(np.array([0, 1]), 3.0), (np.arange(3), 9.0)]
    values, withheld = np.array([2.0, 5.0, 2.0]), np.array([True, False, True])
    for patched in (False, True):
        with monkeypatch.context() as context:
            if patched:
                general(context)
            with pytest.raises(InputError):
                attacker_intervals(values, withheld, equalities, True, np.ones(3),
                                   np.full(3, np.inf))


@pytest.mark.parametrize("seed", range(2))
def test_the_grid_withholds_the_same_cells_and_totals_both_ways(monkeypatch, seed):
    """The chosen complements (cells and totals) are those of the programmes, over random
    grids: one point per person or several, totals published and withheld, N known and
    secret."""
    rng = np.random.default_rng(7100 + seed)
    for _ in range(150):
        case = random_table(rng)
        persons = np.arange(len(case["x"]), dtype=np.int64)
        if rng.random() < 0.4:  # several points per person: N becomes a lower sum
            persons = persons // 2
        counts = count_cells(case["x"], case["y"], persons, case["key"], (0.0, 0.0), 250.0)
        people = people_total(persons) if case["people_known"] else None

        def suppress():
            try:
                status, linked = grid.suppress(counts, case["k"], case["marginals"],
                                               people=people)
            except InputError as error:
                return str(error)
            return status.tolist(), None if linked is None else \
                (linked.totals_withheld.tolist(), linked.unprotectable.tolist(),
                 linked.total_intervals.lower.tolist(), linked.total_intervals.upper.tolist())

        fast, slow = both_ways(monkeypatch, suppress)
        assert fast == slow
