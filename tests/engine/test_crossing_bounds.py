"""The bounds of atoms of cells cut by two or three area layers whose borders cross (no flow
network: relaxations and witnesses settle them, ``atom_crossings``) against one integer
programme pair per target written here (scipy's MILP over the whole system, never the
engine's reduction), over random grids and random partitions."""

import numpy as np
import pytest
from scipy.optimize import Bounds, LinearConstraint, milp
from sliver_attacker import voronoi_zones

from spatial_privacy_plugin.audit import crossings as atom_crossings, programmes as atom_programmes
from spatial_privacy_plugin.audit.programmes import sum_bounds

CASES = 40
LATTICE = 4


def random_system(rng, k=4):
    """(rows, box, targets) of a grid cut by 2-3 Voronoi layers: published cells and areas of
    k or more people are equalities, withheld cells hold at least 1, the total sometimes known;
    targets are the atoms of cut cells, the withheld cells and each cut cell's piece in one
    area."""
    columns, rows = int(rng.integers(2, 5)), int(rng.integers(2, 4))
    layers = [voronoi_zones(rng, columns, rows, seeds=(2, 6)) for _ in range(rng.integers(2, 4))]
    people = int(rng.integers(10, 12 * columns * rows))
    points = rng.uniform([0, 0], [columns, rows], size=(people, 2))
    cell = np.floor(points[:, 0]).astype(int) * rows + np.floor(points[:, 1]).astype(int)
    ticks = (np.arange(LATTICE) + 0.5) / LATTICE
    lattice = np.array([(x, y) for x in ticks for y in ticks])
    pieces = {(c, *zones) for c in range(columns * rows)
              for zones in zip(*(zone(lattice + divmod(c, rows)).tolist() for zone in layers))}
    point_atoms = list(zip(cell.tolist(), *(zone(points).tolist() for zone in layers)))
    atoms = sorted(pieces | set(point_atoms))
    atom_of = {atom: index for index, atom in enumerate(atoms)}
    truth = np.bincount([atom_of[atom] for atom in point_atoms], minlength=len(atoms))
    keys = np.array(atoms)
    system, targets = [], []
    for c in range(columns * rows):
        members = np.flatnonzero(keys[:, 0] == c)
        count = float(truth[members].sum())
        if count < k or rng.random() < 0.25:
            system.append((members, 1.0, np.inf))
            targets.append(members)
        else:
            system.append((members, count, count))
        if len(members) > 1:
            targets += [np.array([atom]) for atom in members]
            for layer in range(1, len(layers) + 1):
                for zone in np.unique(keys[members, layer]):
                    piece = members[keys[members, layer] == zone]
                    if 1 < len(piece) < len(members):
                        targets.append(piece)
    for layer in range(1, len(layers) + 1):
        for zone in np.unique(keys[:, layer]):
            members = np.flatnonzero(keys[:, layer] == zone)
            if truth[members].sum() >= k:
                system.append((members, float(truth[members].sum()), float(truth[members].sum())))
    if rng.random() < 0.6:
        system.append((np.arange(len(atoms)), float(people), float(people)))
    return system, np.full(len(atoms), np.inf), targets


def integer_bounds(system, n, target, box=np.inf):
    """(min, max) of the target's sum by the integer programme over the whole system, each
    unknown within [0, ``box``]."""
    matrix = np.zeros((len(system), n))
    for row, (cells, _, _) in enumerate(system):
        matrix[row, cells] = 1
    constraints = LinearConstraint(matrix, [low for _, low, _ in system],
                                   [high for _, _, high in system])
    objective = np.zeros(n)
    objective[target] = 1
    ends = []
    for sign in (1, -1):
        solved = milp(sign * objective, constraints=constraints, integrality=np.ones(n),
                      bounds=Bounds(0, box))
        unbounded = sign < 0 and solved.status in (3, 4)
        assert unbounded or solved.status == 0, solved.message
        ends.append(np.inf if unbounded else round(sign * solved.fun))
    return ends


@pytest.mark.parametrize("near", [atom_crossings.NEAR, ()],
                         ids=["witnesses near targets", "witnesses near the relaxation's optimum"])
def test_crossing_layers_get_the_integer_programmes_bounds(monkeypatch, near):
    monkeypatch.setattr(atom_crossings, "NEAR", near)
    # Small blocks often have whole vertices (and then skip the path): taken in every block
    # here, as in a city where they are not whole.
    monkeypatch.setattr(atom_programmes._Block, "solution", lambda block: None)
    crossed = []
    settle = atom_programmes.settle_crossing

    def counted(block, *arguments):
        crossed.append(len(block.low))
        settle(block, *arguments)
    monkeypatch.setattr(atom_programmes, "settle_crossing", counted)
    rng = np.random.default_rng(2026_12_01_19)
    for case in range(CASES):
        system, box, targets = random_system(rng)
        low, high = sum_bounds(system, box, targets)
        expected = np.array([integer_bounds(system, len(box), target) for target in targets])
        assert np.array_equal(low, expected[:, 0]), case
        assert np.array_equal(high, expected[:, 1]), case
    # The crossing path is the one compared, in most cases.
    assert len(crossed) >= CASES // 2, len(crossed)


def test_a_row_that_holds_its_unknowns_at_one_end_of_their_box_keeps_the_exact_bounds():
    # Thin strips read as empty are one row of 0 over atoms all over the grid, and a row may
    # equally hold its unknowns at their most: the reduction pins them instead of keeping a
    # row that joins every block. The bounds stay the integer programme's (or the release is
    # refused as contradictory where that programme has no solution).
    from spatial_privacy_plugin.errors import InputError

    rng = np.random.default_rng(2026_12_02_19)
    compared = contradicted = 0
    for case in range(CASES):
        system, box, targets = random_system(rng)
        n = len(box)
        strips = rng.choice(n, size=int(rng.integers(2, max(3, n // 3))), replace=False)
        if rng.random() < 0.5:
            system = system + [(strips, 0.0, 0.0)]
        else:  # at their most: a finite box, and the row at its sum
            box = rng.integers(1, 6, size=n).astype(float)
            most = float(box[strips].sum())
            system = system + [(strips, most, np.inf)]
        try:
            expected = np.array([integer_bounds(system, n, target, box) for target in targets])
        except AssertionError:  # no whole-number solution
            with pytest.raises(InputError):
                sum_bounds(system, box, targets)
            contradicted += 1
            continue
        low, high = sum_bounds(system, box, targets)
        assert np.array_equal(low, expected[:, 0]), case
        assert np.array_equal(high, expected[:, 1]), case
        compared += 1
    assert compared >= CASES // 4 and contradicted >= 1, (compared, contradicted)
