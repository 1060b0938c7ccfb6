"""Atoms: the attacker's bounds against an exhaustive search over every whole-number solution."""

import itertools

import numpy as np
import pytest

from spatial_privacy_plugin.atoms import atom_intervals


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


def brute_force(atom_record, atom_area, truth, withheld, one_point):
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
        if whole is None:
            ok &= sums >= 1
        elif one_point:
            ok &= sums == whole
        else:
            ok &= (sums >= whole) & (grid[:, members] <= whole).all(axis=1)
    feasible = grid[ok]
    record_sums = np.stack([feasible[:, members].sum(axis=1) for members in records], axis=1)
    return feasible.min(axis=0), feasible.max(axis=0), record_sums.min(axis=0), \
        record_sums.max(axis=0)


@pytest.mark.parametrize("one_point", [True, False])
def test_atom_bounds_are_the_exhaustive_search_s(one_point):
    rng = np.random.default_rng(20261201)
    for _ in range(150):
        atom_record, atom_area, truth, withheld = random_case(rng)
        values = np.array([truth[atom_record == r].sum() for r in range(3)], dtype=float)
        areas = [(np.flatnonzero(np.array(atom_area) == name),
                  float(truth[np.array(atom_area) == name].sum())) for name in ("A", "B")]
        people = int(truth.sum())
        result = atom_intervals(np.where(withheld, np.nan, values), withheld, np.ones(3),
                                np.full(3, float(people)), atom_record, areas, people, one_point)
        low, high, record_low, record_high = brute_force(atom_record, atom_area, truth, withheld,
                                                         one_point)
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
