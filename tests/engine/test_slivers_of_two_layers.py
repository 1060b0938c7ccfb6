"""Two published area layers beside a grid: a cell's piece in one area is cut further by the
other layer's areas, each finer piece wide alone while their sum, the piece in that area, is
narrow. Against an attacker written here (scipy's MILP over the (cell, area, area) atoms;
never the engine's audit), over random grids and random pairs of partitions."""

import numpy as np
from sliver_attacker import AtomProgramme
from test_slivers_per_attribute import LATTICE, zone_function

from spatial_privacy_plugin.counting.cells import PeopleTotal
from spatial_privacy_plugin.release.gate import evaluate_atom_audit

CASES = 600
LAYERS = ("a", "b")


def random_release(rng, k):
    """Atoms (cell, zone of a, zone of b) with their truth, and what is published: cells below
    k and some others withheld, zone counts below k withheld, the people total sometimes."""
    columns, rows = int(rng.integers(1, 4)), int(rng.integers(1, 3))
    zone_of = [zone_function(rng, columns, rows) for _ in LAYERS]
    people = int(rng.integers(4, 14 * columns * rows))
    centres = rng.uniform([0, 0], [columns, rows], size=(2, 2))
    points = centres[rng.integers(0, 2, size=people)] + rng.normal(0, 0.5, size=(people, 2))
    points = np.clip(points, 1e-6, [columns - 1e-6, rows - 1e-6])
    cell = np.floor(points[:, 0]).astype(int) * rows + np.floor(points[:, 1]).astype(int)
    ticks = (np.arange(LATTICE) + 0.5) / LATTICE
    lattice = np.array([(x, y) for x in ticks for y in ticks])
    cells = sorted(set(cell.tolist()))
    pieces = {c: set(zip(*(zone(lattice + divmod(c, rows)).tolist() for zone in zone_of)))
              for c in cells}
    point_zones = list(zip(*(zone(points).tolist() for zone in zone_of)))
    for c, zones in zip(cell.tolist(), point_zones):
        pieces[c].add(zones)  # a piece the lattice missed but a person is in
    atoms = [(record, zones) for record, c in enumerate(cells) for zones in sorted(pieces[c])]
    atom_of = {key: index for index, key in enumerate(atoms)}
    truth = np.zeros(len(atoms))
    for c, zones in zip(cell.tolist(), point_zones):
        truth[atom_of[(cells.index(c), zones)]] += 1
    atom_record = np.array([record for record, _ in atoms])
    atom_areas = [[f"{layer}{zone}" for layer, zone in zip(LAYERS, zones)] for _, zones in atoms]
    values = np.bincount(atom_record, weights=truth, minlength=len(cells))
    withheld = (values < k) | (rng.random(len(cells)) < rng.choice([0.0, 0.2, 0.5]))
    areas = []
    for name in sorted({name for names in atom_areas for name in names}):
        members = np.array([atom for atom, names in enumerate(atom_areas) if name in names])
        if truth[members].sum() >= k:
            areas.append((name, members, float(truth[members].sum())))
    total = float(truth.sum()) if rng.random() < 0.6 else None
    return atom_record, atom_areas, values, withheld, areas, total


def attacker(atom_record, atom_areas, values, withheld, areas, total, k, p):
    """Every piece of a cut cell in one area that is several atoms, narrower than p and may
    hold 1..k-1, as 'cell ∩ area [low, high]'."""
    n = len(atom_record)
    programme = AtomProgramme(n)
    constrain = programme.constrain
    for record, count in enumerate(values):
        members = np.flatnonzero(atom_record == record)
        constrain(members, 1, np.inf) if withheld[record] else constrain(members, count, count)
    for _, members, count in areas:
        constrain(members, count, count)
    if total is not None:
        constrain(np.arange(n), total, total)
    found = []
    for record in range(len(values)):
        mine = np.flatnonzero(atom_record == record)
        if len(mine) < 2:
            continue
        for name in sorted({name for atom in mine for name in atom_areas[atom]}):
            members = [atom for atom in mine if name in atom_areas[atom]]
            if len(members) < 2 or programme.wide(members, p):
                continue  # one atom: the atom's own sliver; wide: no finding
            lower, upper = programme.interval(members)
            if upper - lower < p and upper >= 1 and lower < k:
                found.append(f"c{record} ∩ {name} [{lower:g}, {upper:g}]")
    return found


def gate_findings(atom_record, atom_areas, values, withheld, areas, total, k, p):
    result = evaluate_atom_audit(
        np.where(withheld, np.nan, values), np.where(withheld, "withheld", "published"), [],
        atom_record, atom_areas, [(members, count) for _, members, count in areas], p, None, k,
        None if total is None else PeopleTotal(int(total), True), True,
        [f"c{c}" for c in range(len(values))])
    named = [dict(problem.params) for problem in result.problems
             if "summed over the cell's pieces in that area" in problem.template]
    assert len(named) <= 1
    return (named[0]["examples"].split("; "), named[0]["count"]) if named else ([], 0)


def test_the_gate_names_the_pieces_in_one_area_that_the_attacker_finds():
    rng = np.random.default_rng(2026_12_01_2)
    leaking = 0
    for case in range(CASES):
        k = int(rng.integers(3, 6))
        p = int(rng.integers(max(1, k // 2), k + 1))
        release = random_release(rng, k)
        pieces = attacker(*release, k, p)
        examples, count = gate_findings(*release, k, p)
        assert count == len(pieces), case
        assert set(examples) <= set(pieces) and len(examples) == min(5, len(pieces)), case
        leaking += bool(pieces)
    # Such pieces occur often enough for the comparison to mean something.
    assert leaking >= CASES // 20, leaking
    assert leaking < CASES, leaking
