"""Counts of distinct people (people with several points) beside zone counts, against an
attacker written here (scipy's MILP over people-level unknowns; never the engine's audit).

People are generated with one attribute value each (a person-level attribute: sex, age band;
one value for grids not published per attribute) and one to three points, each in a unit cell
and a zone (random straight cuts or the nearest of a few seeds). Every published count is
derived from the people: a record (cell x value) and a zone count distinct people, the grand
total per value sums the records' counts (it is blank below k), the number of people counts
them once. The attacker's unknowns are the distinct people of each record in each piece of its
cell, of each record, of each value in each zone and in the release; a place holds at least
each of its parts and at most their sum, and the values of one place add up exactly (a person
has one). These union bounds are a relaxation of the exact attacker (``test_distinct_people_
exact_attacker``, over kinds of people): what they narrow, the exact attacker narrows too. The
gate must fail every withheld record, sliver (a record's piece), cell's piece over its records
and withheld cell over its records this attacker narrows below p, and where it cannot solve the
exact attacker (more pieces than it solves) it fails the release as unproven.
"""

import numpy as np
import pytest
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csc_matrix
from sliver_attacker import line_zones, voronoi_zones

from spatial_privacy_plugin.counting.cells import PeopleTotal
from spatial_privacy_plugin.release.gate import REASON_EXACT, REASON_NARROW, evaluate_atom_audit

LATTICE = 5  # sample points per cell side, to find the pieces a zone border makes
CASES = 500  # per seed: two seeds, two tests that the workers share


def random_people(rng):
    """(value per person, person per point, cell per point, zone per point, zone function,
    rows)."""
    columns, rows = int(rng.integers(1, 4)), int(rng.integers(1, 3))
    zone_of = line_zones(rng, columns, rows, cuts=(1, 3)) if rng.random() < 0.5 else \
        voronoi_zones(rng, columns, rows, seeds=(2, 5))
    n_values = int(rng.choice([1, 2, 2, 3]))
    n_people = int(rng.integers(3, 9 * columns * rows))
    value = rng.integers(0, n_values, size=n_people)
    person = np.repeat(np.arange(n_people), rng.integers(1, 4, size=n_people))
    homes = rng.uniform([0, 0], [columns, rows], size=(n_people, 2))
    points = np.clip(homes[person] + rng.normal(0, 0.4, size=(len(person), 2)), 1e-6,
                     [columns - 1e-6, rows - 1e-6])
    cell = np.floor(points[:, 0]).astype(int) * rows + np.floor(points[:, 1]).astype(int)
    return value, person, cell, zone_of(points), zone_of, rows


def distinct(keys, person):
    """Distinct people per key (a dict)."""
    counts = {}
    for key in set(zip(keys, person.tolist())):
        counts[key[0]] = counts.get(key[0], 0) + 1
    return counts


def release_of(rng, value, person, cell, zone, zone_of, rows, k):
    """What is published, derived from the people, and the attacker's view of it."""
    point_value = value[person]
    records = sorted(set(zip(cell.tolist(), point_value.tolist())))
    record_of = {key: index for index, key in enumerate(records)}
    point_record = np.array([record_of[key] for key in zip(cell.tolist(),
                                                           point_value.tolist())])
    ticks = (np.arange(LATTICE) + 0.5) / LATTICE
    lattice = np.array([(x, y) for x in ticks for y in ticks])
    pieces = {c: set(zone_of(lattice + divmod(c, rows)).tolist()) for c, _ in records}
    for c, z in zip(cell.tolist(), zone.tolist()):
        pieces[c].add(z)  # a piece the lattice missed but a point is in
    atoms = [(record, z) for record, (c, _) in enumerate(records) for z in sorted(pieces[c])]
    atom_of = {key: index for index, key in enumerate(atoms)}
    counts = distinct(point_record.tolist(), person)
    values = np.array([counts[record] for record in range(len(records))], dtype=float)
    atom_counts = distinct([atom_of[key] for key in zip(point_record.tolist(), zone.tolist())],
                           person)
    truth = np.array([atom_counts.get(atom, 0) for atom in range(len(atoms))], dtype=float)
    zone_counts = distinct(zone.tolist(), person)
    rate = rng.choice([0.0, 0.15, 0.4])
    withheld = (values < k) | (rng.random(len(records)) < rate)
    cells = np.array([c for c, _ in records])
    for c in np.unique(cells):
        if rng.random() < rate / 2:
            withheld[cells == c] = True
    record_value = np.array([v for _, v in records])
    sums, at_most = [], []
    if rng.random() < 0.4:  # the grid's grand total per value: a sum of its records' counts
        for v in np.unique(record_value):
            members = np.flatnonzero(record_value == v)
            total = float(values[members].sum())
            (sums if total >= k else at_most).append((members, total if total >= k else k - 1.0))
    return dict(
        records=records, atom_record=np.array([record for record, _ in atoms]),
        atom_zone=np.array([z for _, z in atoms]), truth=truth, values=values,
        withheld=withheld, cells=cells, record_value=record_value,
        zones=[(z, float(n)) for z, n in sorted(zone_counts.items()) if n >= k],
        people=float(len(value)) if rng.random() < 0.6 else None, sums=sums, at_most=at_most)


class DistinctAttacker:
    """The attacker's integer programme over distinct people (``release_of``'s view)."""

    def __init__(self, release):
        self.release = release
        atom_record, atom_zone = release["atom_record"], release["atom_zone"]
        values, withheld = release["values"], release["withheld"]
        record_value = release["record_value"]
        self.rows, self.low, self.high = [], [], []
        self.n = len(atom_record)
        self.record = np.arange(len(values)) + self.n  # the unknown of each record's people
        self.n += len(values)
        self.lower = np.zeros(self.n)
        self.upper = np.full(self.n, np.inf)
        for record in range(len(values)):
            members = np.flatnonzero(atom_record == record)
            self.union(self.record[record], members)
            if withheld[record]:
                self.lower[self.record[record]] = 1.0  # an emitted record holds somebody
            else:
                self.lower[self.record[record]] = self.upper[self.record[record]] = values[record]
        published = dict(release["zones"])
        zone_total, zone_classes = {}, {}  # every zone's people, and per class, known or not
        for z in np.unique(atom_zone).tolist():
            zone_classes[z] = {}
            for v in np.unique(record_value).tolist():
                members = np.flatnonzero((atom_zone == z) & (record_value[atom_record] == v))
                if len(members):
                    zone_classes[z][v] = self.unknown()
                    self.union(zone_classes[z][v], members)
            zone_total[z] = self.unknown()
            coefficients = {unknown: 1.0 for unknown in zone_classes[z].values()}
            coefficients[zone_total[z]] = -1.0
            self.constrain(coefficients, 0.0, 0.0)
            if z in published:
                self.lower[zone_total[z]] = self.upper[zone_total[z]] = published[z]
        if release["people"] is not None:
            people = release["people"]
            classes = {}
            for v in np.unique(record_value).tolist():
                classes[v] = self.unknown()
                self.union(classes[v], self.record[record_value == v])
            self.constrain({unknown: 1.0 for unknown in classes.values()}, people, people)
            for in_zone in zone_classes.values():  # a zone's people of a class are the class's
                for v, unknown in in_zone.items():
                    self.constrain({unknown: 1.0, classes[v]: -1.0}, -np.inf, 0.0)
            # Everybody is in at least one record and one zone: the records' counts added up
            # exceed the people by the people counted in several records, and so do a zone's
            # records' people in it its count, and a record's zones' people in it its count
            # (by at most how much the zones' counts added up exceed the people).
            for z in zone_total:
                coefficients = {atom: 1.0 for atom in np.flatnonzero(atom_zone == z).tolist()}
                coefficients[zone_total[z]] = -1.0
                for unknown in self.record:
                    coefficients[unknown] = coefficients.get(unknown, 0.0) - 1.0
                self.constrain(coefficients, -np.inf, -people)
            for record in range(len(values)):
                coefficients = {atom: 1.0 for atom in np.flatnonzero(atom_record == record).tolist()}
                coefficients[self.record[record]] = -1.0
                for unknown in zone_total.values():
                    coefficients[unknown] = -1.0
                self.constrain(coefficients, -np.inf, -people)
        for members, total in release["sums"]:
            self.constrain({unknown: 1.0 for unknown in self.record[members]}, total, total)
        for members, total in release["at_most"]:
            self.constrain({unknown: 1.0 for unknown in self.record[members]}, 0, total)
        matrix = np.zeros((len(self.rows), self.n))
        for row, coefficients in enumerate(self.rows):
            for unknown, coefficient in coefficients.items():
                matrix[row, unknown] = coefficient
        # Sparse: milp converts a dense matrix at every call, which costs more than the solve.
        self.constraint = LinearConstraint(csc_matrix(matrix), self.low, self.high)
        self.points = []  # whole-number solutions found: values the unknowns take together

    def unknown(self):
        self.n += 1
        self.lower, self.upper = np.append(self.lower, 0.0), np.append(self.upper, np.inf)
        return self.n - 1

    def constrain(self, coefficients, low, high):
        self.rows.append(coefficients)
        self.low.append(low)
        self.high.append(high)

    def union(self, whole, parts):
        """Distinct people: the whole holds at least each part and at most their sum."""
        for part in parts:
            self.constrain({part: 1.0, whole: -1.0}, -np.inf, 0.0)
        coefficients = {part: -1.0 for part in parts}
        coefficients[whole] = 1.0
        self.constrain(coefficients, -np.inf, 0.0)

    def spread(self, unknowns):
        """How far apart the solutions found so far put the sum of ``unknowns``: its
        interval is at least that wide."""
        sums = [point[list(unknowns)].sum() for point in self.points]
        return max(sums) - min(sums) if sums else 0.0

    def interval(self, unknowns):
        """(lowest, highest) of the sum of ``unknowns`` over whole numbers."""
        objective = np.zeros(self.n)
        objective[list(unknowns)] = 1.0
        constraint, bounds = self.constraint, Bounds(self.lower, self.upper)
        ends = []
        for sign in (1.0, -1.0):
            # The relaxation first: an unbounded maximum (HiGHS's MILP may report one as an
            # optimum), or a whole optimum, which is the integer one. Without presolve: HiGHS's
            # (scipy 1.10) calls some of these programmes infeasible.
            relaxed = milp(sign * objective, constraints=constraint, bounds=bounds,
                           options={"presolve": False})
            if relaxed.status == 3:
                ends.append(np.inf)
                continue
            assert relaxed.status == 0, relaxed.message  # the truth is a solution
            if np.abs(relaxed.x - np.round(relaxed.x)).max() < 1e-9:
                self.points.append(np.round(relaxed.x))
                ends.append(round(sign * relaxed.fun))
                continue
            for presolve in (True, False):  # HiGHS's presolve or its absence, whichever finds it
                solved = milp(sign * objective, constraints=constraint,
                              integrality=np.ones(self.n), bounds=bounds,
                              options={"presolve": presolve})
                if solved.status == 0:
                    break
            assert solved.status == 0, solved.message
            self.points.append(np.round(solved.x))
            ends.append(round(sign * solved.fun))
        return ends


def attacker_findings(release, k, p):
    """What the attacker narrows below p (and may hold 1..k-1): withheld records, slivers,
    cells' pieces and withheld cells over their records (named as the gate names them)."""
    attacker = DistinctAttacker(release)
    atom_record, atom_zone = release["atom_record"], release["atom_zone"]
    withheld, cells, truth = release["withheld"], release["cells"], release["truth"]
    # Every finding is an interval narrower than p: one the solutions found already show wider
    # is none, and is not solved.
    records = set()
    for record in np.flatnonzero(withheld).tolist():
        if attacker.spread([attacker.record[record]]) >= p:
            continue
        low, high = attacker.interval([attacker.record[record]])
        assert low <= release["values"][record] <= high
        if (high - low < p and low < k) or high == low:
            records.add(record)
    slivers = set()
    pieces = np.bincount(atom_record)
    for atom in np.flatnonzero(pieces[atom_record] > 1).tolist():
        if attacker.spread([atom]) >= p:
            continue
        low, high = attacker.interval([atom])
        assert low <= truth[atom] <= high
        if high - low < p and high >= 1 and low < k:
            slivers.add(atom)
    atom_cell = cells[atom_record]
    cell_pieces, withheld_cells = set(), set()
    for c in np.unique(cells).tolist():
        if (cells == c).sum() < 2:
            continue
        cell_zones = np.unique(atom_zone[atom_cell == c])
        for z in cell_zones.tolist() if len(cell_zones) > 1 else []:
            piece = np.flatnonzero((atom_cell == c) & (atom_zone == z))
            if attacker.spread(piece) >= p:
                continue
            low, high = attacker.interval(piece)
            if high - low < p and high >= 1 and low < k:
                cell_pieces.add(f"c{c} ∩ z{z} [{low:g}, {high:g}]")
        if withheld[cells == c].any() and attacker.spread(attacker.record[cells == c]) < p:
            low, high = attacker.interval(attacker.record[cells == c])
            if high - low < p and low < k:
                withheld_cells.add(f"c{c} [{low:g}, {high:g}]")
    return records, slivers, cell_pieces, withheld_cells


def gate_audit(release, k, p):
    """The gate's audit of the release; its ``hidden_zones`` (if any) are areas published
    with their count withheld."""
    values, withheld, cells = release["values"], release["withheld"], release["cells"]
    atom_zone = release["atom_zone"]
    zones = [(np.flatnonzero(atom_zone == z), count) for z, count in release["zones"]]
    hidden_zones = [(np.flatnonzero(atom_zone == z), f"z{z}")
                    for z in release.get("hidden_zones", ())]
    per_attribute = len(np.unique(release["record_value"])) > 1
    return evaluate_atom_audit(
        np.where(withheld, np.nan, values), np.where(withheld, "withheld", "published"),
        release["sums"], release["atom_record"], [[f"z{z}"] for z in atom_zone], zones, p, None,
        k, None if release["people"] is None else PeopleTotal(int(release["people"]), False),
        False, [f"c{c}" for c in cells], release["at_most"], cells if per_attribute else None,
        release["record_value"] if per_attribute else None, hidden_zones)


def named(result, marker):
    """(examples, count) of the gate's problem whose template holds ``marker``."""
    found = [dict(problem.params) for problem in result.problems if marker in problem.template]
    assert len(found) <= 1
    return (set(found[0]["examples"].split("; ")), found[0]["count"]) if found else (set(), 0)


@pytest.mark.parametrize("seed", [2026_12_02, 2026_12_03])
def test_the_gate_fails_whatever_the_union_bounds_narrow(seed):
    rng = np.random.default_rng(seed)
    leaking = protected = per_attribute = several_points = unproven = 0
    for case in range(CASES):
        k = int(rng.integers(3, 6))
        p = int(rng.integers(max(1, k // 2), k + 1))
        value, person, cell, zone, zone_of, rows = random_people(rng)
        release = release_of(rng, value, person, cell, zone, zone_of, rows, k)
        records, slivers, cell_pieces, withheld_cells = attacker_findings(release, k, p)
        result = gate_audit(release, k, p)  # never a contradiction: the truth is a solution
        assert not result.shared_attributes, case
        failing = {index for index, reason in result.failing
                   if reason in (REASON_NARROW, REASON_EXACT)}
        assert records <= failing, case
        assert slivers <= set(result.slivers), case
        for marker, found in (("summed over the cell's pieces in that area", cell_pieces),
                              ("withheld cell(s) published per attribute", withheld_cells)):
            assert named(result, marker)[1] >= len(found), case
        leaks = bool(records or slivers or cell_pieces or withheld_cells)
        assert not (leaks and result.passed), case
        assert result.bounds.unproven == any("cannot be audited exactly" in problem.template
                                             for problem in result.problems), case
        leaking += leaks
        unproven += result.bounds.unproven
        protected += result.passed and bool(release["withheld"].any() or len(release["zones"]))
        per_attribute += len(np.unique(release["record_value"])) > 1
        several_points += len(person) > len(value)
    assert leaking >= CASES // 10 and protected >= CASES // 10 and unproven >= CASES // 100, \
        (leaking, protected, unproven)
    assert per_attribute >= CASES // 2 and several_points >= CASES * 9 // 10, (per_attribute,
                                                                      several_points)


def test_records_that_share_people_are_audited_as_such_not_refused():
    # Trip modes, not a person's own attribute: cell 0 publishes car 3 and bike 3, its zone
    # counts 4 people (two of them used both), so its records cannot add up; cell 1's records
    # are withheld and its zone counts 2 people.
    def audit(zone_0):
        return evaluate_atom_audit(
            [3, 3, None, None], ["published", "published", "withheld", "withheld"], [],
            [0, 1, 2, 3], [["z0"], ["z0"], ["z1"], ["z1"]],
            [(np.array([0, 1]), zone_0), (np.array([2, 3]), 2.0)], 2, None, 5, None, False,
            ["c0", "c0", "c1", "c1"], (), [0, 0, 1, 1], ["car", "bike", "car", "bike"])
    result = audit(4.0)
    assert result.shared_attributes
    # Each of cell 1's records holds 1 or 2 (both travellers may have used both modes).
    assert result.bounds.record_lower[2:].tolist() == [1.0, 1.0]
    assert result.bounds.record_upper[2:].tolist() == [2.0, 2.0]
    assert {index for index, _ in result.failing} == {2, 3}
    # Where the records add up (zone 0 counts 6) a person has one value: cell 1 holds 2,
    # one per record, and nothing is read as shared.
    result = audit(6.0)
    assert not result.shared_attributes
    assert result.bounds.record_lower[2:].tolist() == result.bounds.record_upper[2:].tolist() \
        == [1.0, 1.0]
