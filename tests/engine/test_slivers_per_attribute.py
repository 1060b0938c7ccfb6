"""Grids published per attribute beside zone counts over all attributes, against an attacker
written here (scipy's MILP over the (cell, attribute, zone) atoms; never the engine's audit).

Random grids of unit cells, people with one of 2 or 3 attribute values, zones from random
straight cuts (a zone is a side of every cut) or random polygons (the Voronoi cells of a few
seeds), records below k and random others withheld. The attacker bounds what a cell's piece in
a zone holds summed over the cell's attribute records, and what a withheld cell holds over
them; the gate must name exactly the pieces and cells it finds narrower than p, with their
intervals.
"""

import numpy as np
from sliver_attacker import AtomProgramme, line_zones, voronoi_zones

from spatial_privacy_plugin.counting.cells import PeopleTotal
from spatial_privacy_plugin.release.gate import evaluate_atom_audit

LATTICE = 5  # sample points per cell side, to find the pieces a zone border makes
CASES = 1000


def zone_function(rng, columns, rows):
    """The zone of each point: sides of 1-2 straight cuts, or the nearest of 2-4 seeds."""
    if rng.random() < 0.5:
        return line_zones(rng, columns, rows, cuts=(1, 3))
    return voronoi_zones(rng, columns, rows, seeds=(2, 5))


def random_release(rng):
    """The truth and what is published: records are (cell, attribute) combinations met."""
    columns, rows = int(rng.integers(1, 4)), int(rng.integers(1, 3))
    zone_of = zone_function(rng, columns, rows)
    n_values = int(rng.integers(2, 4))
    people = int(rng.integers(4, 14 * columns * rows))
    centres = rng.uniform([0, 0], [columns, rows], size=(2, 2))
    points = centres[rng.integers(0, 2, size=people)] + rng.normal(0, 0.5, size=(people, 2))
    points = np.clip(points, 1e-6, [columns - 1e-6, rows - 1e-6])
    value = rng.integers(0, n_values, size=people)
    cell = np.floor(points[:, 0]).astype(int) * rows + np.floor(points[:, 1]).astype(int)
    records = sorted(set(zip(cell.tolist(), value.tolist())))
    record_of = {key: index for index, key in enumerate(records)}
    ticks = (np.arange(LATTICE) + 0.5) / LATTICE
    lattice = np.array([(x, y) for x in ticks for y in ticks])
    pieces = {c: set(zone_of(lattice + divmod(c, rows)).tolist()) for c, _ in records}
    for c, zone in zip(cell.tolist(), zone_of(points).tolist()):
        pieces[c].add(zone)  # a piece the lattice missed but a person is in
    atoms = [(record, zone) for record, (c, _) in enumerate(records) for zone in sorted(pieces[c])]
    atom_of = {key: index for index, key in enumerate(atoms)}
    truth = np.zeros(len(atoms))
    for c, v, zone in zip(cell.tolist(), value.tolist(), zone_of(points).tolist()):
        truth[atom_of[(record_of[(c, v)], zone)]] += 1
    return records, atoms, truth


def published(rng, records, atoms, truth, k):
    """Records below k withheld, and some others (now and then every record of a cell); zone
    counts below k withheld; the number of people sometimes stated."""
    atom_record = np.array([record for record, _ in atoms])
    atom_zone = np.array([zone for _, zone in atoms])
    values = np.bincount(atom_record, weights=truth, minlength=len(records))
    rate = rng.choice([0.0, 0.15, 0.4, 0.7])
    withheld = (values < k) | (rng.random(len(records)) < rate)
    cells = np.array([c for c, _ in records])
    for c in np.unique(cells):
        if rng.random() < rate / 2:
            withheld[cells == c] = True
    zones = [(np.flatnonzero(atom_zone == zone), float(truth[atom_zone == zone].sum()))
             for zone in np.unique(atom_zone)]
    zones = [(members, count) for members, count in zones if count >= k]
    people = float(truth.sum()) if rng.random() < 0.6 else None
    return atom_record, atom_zone, values, withheld, cells, zones, people


def attacker(atom_record, atom_zone, values, withheld, cells, zones, people, k, p):
    """(pieces, cells) narrower than p that may hold 1..k-1, as 'name [low, high]' strings,
    from the integer programme over the atoms."""
    programme = AtomProgramme(len(atom_record))
    constrain, interval = programme.constrain, programme.interval
    for record, count in enumerate(values):
        members = np.flatnonzero(atom_record == record)
        if withheld[record]:
            constrain(members, 1, np.inf)  # an emitted record holds somebody
        else:
            constrain(members, count, count)
    for members, count in zones:
        constrain(members, count, count)
    if people is not None:
        constrain(np.arange(len(atom_record)), people, people)
    atom_cell = cells[atom_record]
    pieces, withheld_cells = [], []
    for c in np.unique(cells):
        if (cells == c).sum() < 2:
            continue  # one record: its own atoms are the cell's
        cell_zones = np.unique(atom_zone[atom_cell == c])
        for zone in cell_zones if len(cell_zones) > 1 else []:
            lower, upper = interval(np.flatnonzero((atom_cell == c) & (atom_zone == zone)))
            if upper - lower < p and upper >= 1 and lower < k:
                pieces.append(f"c{c} ∩ z{zone} [{lower:g}, {upper:g}]")
        if withheld[cells == c].any():
            lower, upper = interval(np.flatnonzero(atom_cell == c))
            if upper - lower < p and lower < k:
                withheld_cells.append(f"c{c} [{lower:g}, {upper:g}]")
    return pieces, withheld_cells


def gate_findings(atom_record, atom_zone, values, withheld, cells, zones, people, k, p):
    """(pieces, cells) the gate names (all of them: the cases are small), and their counts."""
    result = evaluate_atom_audit(
        np.where(withheld, np.nan, values), np.where(withheld, "withheld", "published"), [],
        atom_record, [[f"z{zone}"] for zone in atom_zone], zones, p, None, k,
        None if people is None else PeopleTotal(int(people), True), True,
        [f"c{c}" for c in cells], (), cells)
    found = []
    for marker in ("summed over the cell's pieces in that area",
                   "withheld cell(s) published per attribute"):
        named = [dict(problem.params) for problem in result.problems if marker in problem.template]
        assert len(named) <= 1
        examples = named[0]["examples"].split("; ") if named else []
        found.append((examples, named[0]["count"] if named else 0))
    return found


def test_the_gate_names_the_slivers_and_cells_over_attributes_that_the_attacker_finds():
    rng = np.random.default_rng(2026_12_01)
    leaking = protected = cells_narrowed = 0
    for case in range(CASES):
        records, atoms, truth = random_release(rng)
        k = int(rng.integers(3, 6))
        p = int(rng.integers(max(1, k // 2), k + 1))
        release = published(rng, records, atoms, truth, k)
        pieces, withheld_cells = attacker(*release, k, p)
        (gate_pieces, piece_count), (gate_cells, cell_count) = gate_findings(*release, k, p)
        assert piece_count == len(pieces) and cell_count == len(withheld_cells), case
        # The gate names at most five of each: those are the attacker's, interval and all.
        assert set(gate_pieces) <= set(pieces) and len(gate_pieces) == min(5, len(pieces)), case
        assert set(gate_cells) <= set(withheld_cells), case
        assert len(gate_cells) == min(5, len(withheld_cells)), case
        atom_record, atom_zone, _, _, cells, _, _ = release
        shared_cut = any(len(set(atom_record[cells[atom_record] == c])) > 1 and
                         len(set(atom_zone[cells[atom_record] == c])) > 1 for c in set(cells))
        leaking += bool(pieces)
        protected += shared_cut and not pieces
        cells_narrowed += bool(withheld_cells)
    # Both verdicts occur often, on cells that several records share and a border cuts.
    assert leaking >= CASES // 10 and protected >= CASES // 10
    assert cells_narrowed >= CASES // 50


def test_the_worked_case_per_attribute_names_as_sliver_over_the_attributes():
    # Tiles 15, 40, 26, 16 inside A (100); tile 4 of 23 split 3 in A, 20 in B (50), with tile
    # 5 of 30; each tile split by sex, tile 4 as f = 2 + 10, m = 1 + 10.
    tiles = [(8, 7), (20, 20), (13, 13), (8, 8), None, (15, 15)]
    atom_record, atom_zone, values, cells = [], [], [], []
    for col, split in enumerate(tiles):
        for sex in range(2):
            record = len(values)
            cells.append(col)
            if split is None:
                values.append([12, 11][sex])
                atom_record += [record, record]
                atom_zone += [0, 1]
            else:
                values.append(split[sex])
                atom_record.append(record)
                atom_zone.append(0 if col < 4 else 1)
    atom_record, atom_zone = np.array(atom_record), np.array(atom_zone)
    zones = [(np.flatnonzero(atom_zone == 0), 100.0), (np.flatnonzero(atom_zone == 1), 50.0)]
    release = (atom_record, atom_zone, np.array(values, dtype=float),
               np.zeros(len(values), dtype=bool), np.array(cells), zones, None)
    (pieces, _), (withheld_cells, _) = gate_findings(*release, 4, 2)
    # A's piece is exact; B's (20) is proven to hold k or more.
    assert pieces == attacker(*release, 4, 2)[0] == ["c4 ∩ z0 [3, 3]"]
    assert withheld_cells == []
