"""Atoms: the attacker's bounds against an exhaustive search over every whole-number solution."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog

from spatial_privacy_plugin.audit.atoms import atom_intervals
from spatial_privacy_plugin.errors import InputError


def random_case(rng):
    """Three cells in a row, two areas whose border crosses one cell (two atoms there)."""
    border = int(rng.integers(0, 3))
    atom_record = [record for record in range(3) for _ in range(2 if record == border else 1)]
    in_a = [record < border for record in range(3)]
    atom_area = []
    for record in range(3):
        atom_area += ["A", "B"] if record == border else ["A" if in_a[record] else "B"]
    truth = rng.integers(0, 5, size=len(atom_record))
    for record in range(3):  # an emitted cell holds somebody
        atoms = [a for a, r in enumerate(atom_record) if r == record]
        if truth[atoms].sum() == 0:
            truth[atoms[0]] = 1
    withheld = rng.random(3) < 0.5
    return np.array(atom_record), atom_area, truth, withheld


def brute_force(atom_record, atom_area, truth, withheld):
    """Every atom vector consistent with what is published, searched exhaustively."""
    n = len(truth)
    records = [np.flatnonzero(atom_record == r) for r in range(3)]
    areas = [np.flatnonzero(np.array(atom_area) == name) for name in ("A", "B")]
    people = int(truth.sum())
    grid = np.array(list(itertools.product(range(people + 1), repeat=n)))
    ok = np.ones(len(grid), dtype=bool)
    for members, whole in [(records[r], None if withheld[r] else int(truth[records[r]].sum()))
                           for r in range(3)] + \
            [(members, int(truth[members].sum())) for members in areas] + \
            [(np.arange(n), people)]:
        sums = grid[:, members].sum(axis=1)
        ok &= (sums >= 1) if whole is None else (sums == whole)
    feasible = grid[ok]
    record_sums = np.stack([feasible[:, members].sum(axis=1) for members in records], axis=1)
    return feasible.min(axis=0), feasible.max(axis=0), record_sums.min(axis=0), \
        record_sums.max(axis=0)


def test_atom_bounds_are_the_exhaustive_search_s():
    # One point per person; counts of distinct people: test_distinct_people_attacker.py.
    rng = np.random.default_rng(20261201)
    for _ in range(150):
        atom_record, atom_area, truth, withheld = random_case(rng)
        values = np.array([truth[atom_record == r].sum() for r in range(3)], dtype=float)
        areas = [(np.flatnonzero(np.array(atom_area) == name),
                  float(truth[np.array(atom_area) == name].sum())) for name in ("A", "B")]
        people = int(truth.sum())
        result = atom_intervals(np.where(withheld, np.nan, values), withheld, np.ones(3),
                                np.full(3, float(people)), atom_record, areas, people)
        low, high, record_low, record_high = brute_force(atom_record, atom_area, truth, withheld)
        assert result.atom_lower.tolist() == low.tolist()
        assert result.atom_upper.tolist() == high.tolist()
        assert result.record_lower[withheld].tolist() == record_low[withheld].tolist()
        assert result.record_upper[withheld].tolist() == record_high[withheld].tolist()


def test_the_guidelines_sliver_is_exact_and_a_withheld_neighbour_opens_it():
    # A = 100 over tiles 15, 40, 26, 16 and A's part of tile 4 (tile 4 = 23); B = 50 over the
    # rest of tile 4 and a tile of 30.
    values = np.array([15, 40, 26, 16, 23, 30], dtype=float)
    atom_record = [0, 1, 2, 3, 4, 4, 5]
    areas = [(np.array([0, 1, 2, 3, 4]), 100.0), (np.array([5, 6]), 50.0)]
    plain = atom_intervals(values, np.zeros(6, bool), np.ones(6), np.full(6, np.inf), atom_record,
                           areas)
    assert (plain.atom_lower[4], plain.atom_upper[4]) == (3.0, 3.0)
    withheld = np.array([True, False, False, False, True, False])
    protected = atom_intervals(values, withheld, np.ones(6), np.full(6, np.inf), atom_record,
                               areas)
    assert (protected.atom_lower[4], protected.atom_upper[4]) == (0.0, 17.0)


def plain_programme(values, withheld, lower, upper, atom_record, areas, people, one_point, sums,
                    at_most):
    """The attacker's bounds by one LP pair per cut atom and per withheld record over the whole
    system, the integer programme wherever the relaxation's optimum is not whole; None when
    no whole numbers satisfy the system."""
    n, n_records = len(atom_record), len(values)
    records = [np.flatnonzero(atom_record == r) for r in range(n_records)]
    sums = [(np.flatnonzero(np.isin(atom_record, chosen)), total) for chosen, total in sums]
    at_most = [(np.flatnonzero(np.isin(atom_record, chosen)), total) for chosen, total in at_most]
    box = np.full(n, np.inf)
    equal, at_least, below = [], [], []
    wholes = [(records[r], lower[r], upper[r]) if withheld[r] else (records[r], values[r], values[r])
              for r in range(n_records)]
    wholes += [(cells, total, total) for cells, total in areas]
    for cells, low, high in wholes:
        (equal if low == high else at_least).append((cells, low))
        if low != high and np.isfinite(high):
            below.append((cells, high))
    if people is not None:
        equal.append((np.arange(n), people))
    equal += list(sums)
    below += list(at_most)

    def matrix(pairs):
        m = np.zeros((len(pairs), n))
        for row, (cells, _) in enumerate(pairs):
            m[row, cells] = 1.0
        return m
    a_ub = np.vstack([-matrix(at_least), matrix(below)])
    b_ub = np.array([-t for _, t in at_least] + [t for _, t in below], dtype=float)
    options = {"A_eq": matrix(equal) if equal else None,
               "b_eq": np.array([t for _, t in equal], dtype=float) if equal else None,
               "A_ub": a_ub if len(b_ub) else None, "b_ub": b_ub if len(b_ub) else None,
               "bounds": [(0, None if np.isinf(b) else b) for b in box], "method": "highs"}
    pieces = np.bincount(atom_record, minlength=n_records)
    targets = [[a] for a in np.flatnonzero(pieces[atom_record] > 1)] + \
        [records[r] for r in np.flatnonzero(withheld)]
    if not targets:
        targets = [[]]  # (still checks that the system has a solution)
    bounds = []
    for target in targets:
        ends = []
        for sign in (1.0, -1.0):
            objective = np.zeros(n)
            objective[target] = sign
            solved = linprog(objective, **options)
            if solved.status == 0 and np.abs(solved.x - np.round(solved.x)).max(initial=0) > 1e-6:
                solved = linprog(objective, integrality=np.ones(n), **options)
            if solved.status == 2:
                return None
            ends.append(np.inf if solved.status == 3 else sign * solved.fun)
        bounds.append(ends)
    return targets, np.round(np.array(bounds, dtype=float), 6)


def random_system(seed):
    """Records cut into pieces by one or two layers of areas, counts that add up (or counts of
    distinct people), some withheld, some area counts left out, sometimes one count off."""
    rng = np.random.default_rng(seed)
    n_records = int(rng.integers(2, 8))
    layers = int(rng.integers(1, 3))
    n_areas = int(rng.integers(1, 4))
    pieces = rng.choice([1, 1, 2, 3], size=n_records)
    atom_record = np.repeat(np.arange(n_records), pieces)
    atom_areas = rng.integers(0, n_areas, size=(len(atom_record), layers))
    one_point = True  # counts of distinct people: test_distinct_people_attacker.py
    truth = rng.integers(0, 6, size=len(atom_record)).astype(float)
    for r in range(n_records):
        atoms = np.flatnonzero(atom_record == r)
        if truth[atoms].sum() == 0:
            truth[atoms[0]] = 1.0

    def count(cells):
        return float(truth[cells].sum())
    values = np.array([count(np.flatnonzero(atom_record == r)) for r in range(n_records)])
    areas = []
    for layer in range(layers):
        for area in range(n_areas):
            cells = np.flatnonzero(atom_areas[:, layer] == area)
            if len(cells) and rng.random() < 0.85:
                areas.append((cells, count(cells)))
    withheld = rng.random(n_records) < 0.45
    lower = np.where(withheld, 1.0, 0.0)
    upper = np.where(withheld & (rng.random(n_records) < 0.3), values + rng.integers(0, 3),
                     np.inf)
    people = count(np.arange(len(atom_record))) if rng.random() < 0.7 else None
    sums = [(np.arange(n_records), float(truth.sum()))] if rng.random() < 0.3 else []
    at_most = []
    if rng.random() < 0.3:
        chosen = rng.choice(n_records, 2)
        at_most.append((chosen, float(truth[np.isin(atom_record, chosen)].sum()
                                      + rng.integers(0, 2))))
    if areas and rng.random() < 0.1:
        cells, total = areas[0]
        areas[0] = (cells, total + 1.0)  # a count off by one: maybe contradictory
    return (np.where(withheld, np.nan, values), withheld, lower, upper, atom_record, areas,
            people, one_point, sums, at_most)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_the_fast_bounds_are_those_of_the_plain_per_atom_programme(seed):
    case = random_system(seed)
    plain = plain_programme(np.nan_to_num(case[0]), *case[1:])
    if plain is None:
        with pytest.raises(InputError):
            atom_intervals(*case)
        return
    result = atom_intervals(*case)
    targets, bounds = plain
    withheld, atom_record = case[1], case[4]
    pieces = np.bincount(atom_record, minlength=len(withheld))
    cut = np.flatnonzero(pieces[atom_record] > 1)
    fast = np.concatenate([np.column_stack([result.atom_lower[cut], result.atom_upper[cut]]),
                           np.column_stack([result.record_lower[withheld],
                                            result.record_upper[withheld]])])
    if len(fast):
        assert np.round(fast, 6).tolist() == bounds.tolist()
