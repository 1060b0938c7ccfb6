"""Slivers of published zones protected by the grid: checked by an attacker of the tests'.

Random grids of unit cells and random zone partitions (straight cuts through
the extent: a zone is a side of every cut) with random people. The test
finds the atoms itself (a fine lattice of sample points per cell and the
people's points: every (cell, zone) combination met is an atom), and its
attacker is an integer programme over the atoms (``sliver_attacker``, not the
engine's audit).
"""

import numpy as np
import pytest
from sliver_attacker import attacker_findings

from spatial_privacy_plugin.release.sliver_suppression import AttackerView, ZoneAtoms, count_atoms, \
    protect_atoms
from spatial_privacy_plugin.counting.cells import PeopleTotal
from spatial_privacy_plugin.release.gate import evaluate_atom_audit
from spatial_privacy_plugin.release.suppression import Knowledge, complementary_suppression

LATTICE = 6  # sample points per cell side, to find the pieces a cut makes


def random_case(rng):
    columns, rows = int(rng.integers(2, 5)), int(rng.integers(1, 4))
    cuts = []
    for _ in range(int(rng.integers(1, 4))):
        angle = rng.uniform(0, np.pi)
        normal = np.array([np.cos(angle), np.sin(angle)])
        through = rng.uniform([0, 0], [columns, rows])
        cuts.append((normal, float(normal @ through)))
    people = int(rng.integers(10, 25 * columns * rows))
    # People cluster around a few centres so that cells and slivers of every size occur.
    centres = rng.uniform([0, 0], [columns, rows], size=(3, 2))
    points = centres[rng.integers(0, 3, size=people)] + rng.normal(0, 0.6, size=(people, 2))
    points = np.clip(points, 1e-6, [columns - 1e-6, rows - 1e-6])
    k = int(rng.integers(3, 6))
    return columns, rows, cuts, points, k, int(rng.integers(1, k + 1))


def side_code(xy, cuts):
    """The zone of each point: the sides of every cut, as one number."""
    code = np.zeros(len(xy), dtype=np.int64)
    for normal, offset in cuts:
        code = code * 2 + (xy @ normal > offset)
    return code


def build(columns, rows, cuts, points):
    """The test's own incidence: records (non-empty cells), atoms, true counts."""
    cell = np.floor(points[:, 0]).astype(int) * rows + np.floor(points[:, 1]).astype(int)
    records = np.unique(cell)
    record_of_cell = {int(c): r for r, c in enumerate(records)}
    ticks = (np.arange(LATTICE) + 0.5) / LATTICE
    lattice = np.array([(x, y) for x in ticks for y in ticks])
    zone_code = {}
    combos = set()
    for c in records.tolist():
        x0, y0 = divmod(c, rows)
        for code in np.unique(side_code(lattice + [x0, y0], cuts)).tolist():
            combos.add((record_of_cell[c], code))
    point_zone_code = side_code(points, cuts)
    point_record = np.array([record_of_cell[int(c)] for c in cell])
    combos |= set(zip(point_record.tolist(), point_zone_code.tolist()))
    for _, code in sorted(combos):
        zone_code.setdefault(code, len(zone_code))
    combos = sorted(combos)
    atom_record = np.array([r for r, _ in combos])
    atom_zone = np.array([zone_code[code] for _, code in combos])
    atom_index = {combo: a for a, combo in enumerate(combos)}
    point_atom = np.array([atom_index[(r, code)] for r, code in
                           zip(point_record.tolist(), point_zone_code.tolist())])
    atom_values = np.bincount(point_atom, minlength=len(combos)).astype(float)
    values = np.bincount(point_record, minlength=len(records)).astype(float)
    zone_values = np.bincount(atom_zone, weights=atom_values, minlength=len(zone_code))
    return values, atom_record, atom_zone, atom_values, zone_values, point_record, \
        np.array([zone_code[code] for code in point_zone_code.tolist()])


def release_view(values, people_known, grand_total, k):
    people = float(values.sum()) if people_known else None
    records = np.arange(len(values))
    sums = ((records, float(values.sum())),) if grand_total and values.sum() >= k else ()
    # A grand total below k is withheld: a withheld total over every record.
    withheld = ((records, "grand total"),) if grand_total and values.sum() < k else ()
    return AttackerView(sums, withheld, None if people is None else PeopleTotal(int(people), True),
                        True), people


def record_level_suppression(values, primary, view, people, p, k):
    """What the grid withholds before the zones are considered (the plugin's order)."""
    knowledge = Knowledge(np.ones(len(values)), np.full(len(values), people or np.inf))
    equalities = list(view.sums) + ([(np.arange(len(values)), people)] if people else [])
    return complementary_suppression(values, primary, equalities, p, knowledge=knowledge,
                                     threshold=k).withheld


def test_protected_releases_leave_no_sliver_narrower_than_p_and_the_gate_agrees_on_plain_ones():
    rng = np.random.default_rng(19_2026)
    protected_cases = at_risk_cases = zone_counts_withheld = refused = 0
    for _ in range(300):
        columns, rows, cuts, points, k, p = random_case(rng)
        values, atom_record, atom_zone, atom_values, zone_values, _, _ = build(
            columns, rows, cuts, points)
        people_known, grand_total = bool(rng.random() < 0.7), bool(rng.random() < 0.5)
        view, people = release_view(values, people_known, grand_total, k)
        atoms = ZoneAtoms(atom_record, tuple((int(z),) for z in atom_zone), atom_values,
                          zone_values)
        primary = values < k
        zone_primary = zone_values < k
        start = record_level_suppression(values, primary, view, people, p, k)
        # The plain release (cells below k withheld, zone counts below k withheld): the gate's
        # verdict on its slivers is the attacker's.
        slivers, _ = attacker_findings(values, primary, atom_record, atom_zone, atom_values,
                                       zone_values, zone_primary, people,
                                       grand_total or None, k, p)
        statuses = np.where(primary, "withheld", "published")
        areas = [(np.flatnonzero(atom_zone == zone), value)
                 for zone, value in enumerate(zone_values) if not zone_primary[zone]]
        gate = evaluate_atom_audit(
            np.where(primary, np.nan, values), statuses, view.sums, atom_record,
            [[str(z)] for z in atom_zone], areas, p, None, k,
            None if people is None else PeopleTotal(int(people), True), True, None,
            (), withheld_areas=[(np.flatnonzero(np.isin(atom_record, records)), name)
                                for records, name in view.withheld_totals])
        flagged = [dict(problem.params)["count"] for problem in gate.problems
                   if "sliver" in problem.template]
        assert flagged == ([len(slivers)] if slivers else [])
        at_risk_cases += bool(slivers)
        result = protect_atoms(values, start, atoms, view, p, k)
        if not result.protected:
            refused += 1
            continue
        protected_cases += 1
        zone_counts_withheld += int(result.zone_protective.sum())
        assert not (~result.withheld & primary).any()  # nothing below k is published
        assert not (~result.zone_withheld & zone_primary).any()
        slivers, records = attacker_findings(values, result.withheld, atom_record, atom_zone,
                                             atom_values, zone_values, result.zone_withheld,
                                             people, grand_total or None, k, p)
        assert slivers == [] and records == []
    # The cases must exercise what they test: leaking slivers, protections, zone counts withheld.
    assert at_risk_cases >= 50 and zone_counts_withheld >= 1 and refused <= 3


def test_cells_the_greedy_pattern_added_needlessly_are_published_again():
    # Cell 0 (50) is cut into Z (2 people), Y (3) and X (45); cells 1 (5), 2 (4) and 3 (50)
    # lie whole in Z, Y and X. Z - 5 and Y - 4 give the slivers away. The greedy pattern
    # withholds the slivers' own cell 0 first, then cells 1 and 2 (59 people); with those two
    # withheld cell 0 is not needed (each sliver is in [0, 5]): published again, the pattern
    # withholds 9 people, fewer than the zone counts Z and Y (7 + 7).
    values = np.array([50.0, 5.0, 4.0, 50.0])
    atom_zone = np.array([0, 1, 2, 0, 1, 2])
    atoms = ZoneAtoms(np.array([0, 0, 0, 1, 2, 3]), tuple((int(z),) for z in atom_zone),
                      np.array([2.0, 3.0, 45.0, 5.0, 4.0, 50.0]), np.array([7.0, 7.0, 95.0]))
    view = AttackerView((), (), PeopleTotal(109, True), True)
    result = protect_atoms(values, np.zeros(4, dtype=bool), atoms, view, 2, 4)
    assert result.protected and result.at_risk_before.tolist() == [True, True] + [False] * 4
    assert result.withheld.tolist() == [False, True, True, False]
    assert not result.zone_protective.any()
    slivers, records = attacker_findings(values, result.withheld, atoms.atom_record, atom_zone,
                                         atoms.atom_values, atoms.zone_values,
                                         result.zone_withheld, 109.0, None, 4, 2)
    assert slivers == [] and records == []


def test_atoms_are_counted_from_the_points_and_the_pieces():
    # One cell cut into two pieces (zones 0 and 1 of one layer); a second layer's zone 2 holds
    # one point on a border no piece was found for: it is an atom of its own.
    point_record = np.array([0, 0, 0, 1, 1])
    point_zones = np.array([[0, -1], [0, -1], [1, -1], [1, -1], [1, 2]])
    persons = np.array([0, 0, 1, 2, 3])  # person 0 has two points in one atom
    atoms = count_atoms(point_record, point_zones, persons, [[(0,), (1,)], [(1,)]], 3)
    found = {(r, z): v for r, z, v in zip(atoms.atom_record.tolist(), atoms.atom_zones,
                                          atoms.atom_values.tolist())}
    assert found == {(0, (0,)): 1.0, (0, (1,)): 1.0, (1, (1,)): 1.0, (1, (1, 2)): 1.0}
    assert atoms.zone_values.tolist() == [1.0, 3.0, 1.0]
    assert atoms.cut.tolist() == [True, True, True, True]


@pytest.mark.parametrize("people_known", [True, False])
def test_a_sliver_beside_a_blank_zone_is_opened_by_withholding_the_other_zone(people_known):
    # One cell of 10 cut into zone 0 (2 people, withheld below k) and zone 1 (8): 10 - 8 gives
    # the 2 away. Withholding the cell cannot help when N = 10 is known (it pins the cell) and
    # costs more when not: zone 1's count is withheld.
    values = np.array([10.0])
    atoms = ZoneAtoms(np.array([0, 0]), ((0,), (1,)), np.array([2.0, 8.0]), np.array([2.0, 8.0]))
    view = AttackerView((), (), PeopleTotal(10, True) if people_known else None, True)
    result = protect_atoms(values, np.zeros(1, dtype=bool), atoms, view, 2, 4)
    assert result.at_risk_before[0] and result.protected
    assert result.zone_protective.tolist() == [False, True] and not result.withheld[0]


def test_a_sliver_its_parent_total_fixes_is_reported_unprotected():
    # Cell 0 (5 people: 2 in zone A, 3 in B) is the only child of its parent, whose total 5 is
    # published; cells 1 and 2 (20 each) lie whole in B (43). A is below k = 3, withheld; B - 40
    # gives the sliver in B (3), so the one in A (2). With B withheld too both are in [0, 5],
    # narrower than p = 10; withholding cell 0 changes nothing (its parent total pins it, and a
    # withheld cell recovered exactly fails the gate). With p <= k no such case exists: a cut
    # cell published (it holds k or more) beside its zone counts withheld leaves each piece in
    # [0, n] with n >= k >= p.
    values = np.array([5.0, 20.0, 20.0])
    atoms = ZoneAtoms(np.array([0, 0, 1, 2]), ((0,), (1,), (1,), (1,)),
                      np.array([2.0, 3.0, 20.0, 20.0]), np.array([2.0, 43.0]))
    view = AttackerView(((np.array([0]), 5.0), (np.array([1, 2]), 40.0)), (),
                        PeopleTotal(45, True), True)
    result = protect_atoms(values, np.zeros(3, dtype=bool), atoms, view, 10, 3)
    assert not result.protected
    assert result.at_risk_before.tolist() == [True, False, False, False]  # B's holds k
    assert result.unprotected[0] or result.unprotected_records[0]
    # The same release with p = 5 is protected: the pieces of cell 0 are [0, 5] with B withheld.
    assert protect_atoms(values, np.zeros(3, dtype=bool), atoms, view, 5, 3).protected
