"""Thin strips between borders and the cell edges they follow: the gate audits the release as
published and as an attacker who reads the strips as empty, against an attacker written here
(scipy's MILP over the atoms; never the engine's audit).

Random grids of unit cells whose zones are unions of cells (borders on cell edges), some cells
cut for real by a neighbouring zone (a sliver people live in), and jittered borders: a strip of
the neighbouring zone along many of the edges where zones meet, empty, or now and then with a
person living in it (the attacker who reads strips as empty is then refuted by the counts, or
not).
"""

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from sliver_attacker import AtomProgramme

from spatial_privacy_plugin.release.sliver_suppression import AttackerView, ZoneAtoms, protect_atoms
from spatial_privacy_plugin.counting.cells import PeopleTotal
from spatial_privacy_plugin.release.gate import evaluate_release_audit
from spatial_privacy_plugin.audit.thin_strips import STRIPS_READ_EMPTY, STRIPS_READ_NEARLY_EMPTY

CASES = 500


def random_release(rng, k):
    """Atoms (cell, zone) with their truth and thin flags, and what is published."""
    columns, rows = int(rng.integers(2, 5)), int(rng.integers(1, 4))
    seeds = rng.uniform([0, 0], [columns, rows], size=(int(rng.integers(2, 4)), 2))
    centres = np.array([(c + 0.5, r + 0.5) for c in range(columns) for r in range(rows)])
    zone_of = np.argmin(((centres[:, None] - seeds[None]) ** 2).sum(axis=2), axis=1)
    atoms, truth, thin = {}, [], []

    def atom(cell, zone, strip):
        if (cell, zone) not in atoms:
            atoms[(cell, zone)] = len(truth)
            truth.append(0)
            thin.append(strip)
        elif not strip:  # a strip beside a real piece of that zone is part of the piece
            thin[atoms[(cell, zone)]] = False
        return atoms[(cell, zone)]
    for cell, (x, y) in enumerate(centres):
        truth_of_cell = int(rng.integers(1, 4 * k))
        main = atom(cell, int(zone_of[cell]), False)
        truth[main] += truth_of_cell
        neighbours = [c for c, (u, v) in enumerate(centres) if abs(u - x) + abs(v - y) == 1
                      and zone_of[c] != zone_of[cell]]
        for other in neighbours:
            if rng.random() < 0.15:  # a real sliver of the neighbour's zone
                truth[atom(cell, int(zone_of[other]), False)] += int(rng.integers(0, k))
            elif rng.random() < 0.8:  # the jittered border's strip
                strip = atom(cell, int(zone_of[other]), True)
                truth[strip] += int(rng.random() < 0.08)  # somebody lives on the border
    keys = sorted(atoms, key=atoms.get)
    atom_record = np.array([cell for cell, _ in keys])
    atom_zone = np.array([zone for _, zone in keys])
    truth, thin = np.array(truth, dtype=float), np.array(thin, dtype=bool)
    values = np.bincount(atom_record, weights=truth, minlength=len(centres))
    withheld = (values < k) | (rng.random(len(values)) < rng.choice([0.0, 0.15, 0.3]))
    areas = [(np.flatnonzero(atom_zone == zone), float(truth[atom_zone == zone].sum()))
             for zone in np.unique(atom_zone) if truth[atom_zone == zone].sum() >= k]
    people = float(truth.sum()) if rng.random() < 0.7 else None
    return atom_record, atom_zone, truth, thin, values, withheld, areas, people


def attacker(atom_record, values, withheld, areas, people, k, p, empty=(), held=0,
             exact_at_k=True):
    """(slivers, withheld records) an attacker narrows, holding the atoms ``empty`` at ``held``
    people together; None when the release contradicts that (no whole numbers satisfy it).
    A record narrowed below p that could hold fewer than k people is always found; one
    recovered exactly although proven to hold k or more gives nobody away (it could have
    been published), and is found only with ``exact_at_k``."""
    n = len(atom_record)
    programme = AtomProgramme(n)
    for record, value in enumerate(values):
        members = np.flatnonzero(atom_record == record)
        if withheld[record]:
            programme.constrain(members, 1, np.inf if people is None else people)
        else:
            programme.constrain(members, value, value)
    for members, count in areas:
        programme.constrain(members, count, count)
    if people is not None:
        programme.constrain(np.arange(n), people, people)
    if len(empty):
        programme.constrain(np.asarray(empty), held, held)
        solved = milp(np.zeros(n), constraints=LinearConstraint(np.array(programme.rows),
                                                                programme.low, programme.high),
                      integrality=np.ones(n), bounds=Bounds(0, np.inf))
        if solved.status == 2:
            return None
        assert solved.status == 0, solved.message
    pieces = np.bincount(atom_record)
    slivers = set()
    for atom in np.flatnonzero(pieces[atom_record] > 1):
        if programme.wide([atom], p):
            continue
        lower, upper = programme.interval([atom])
        if upper - lower < p and upper >= 1 and lower < k:
            slivers.add(int(atom))
    records = set()
    for record in np.flatnonzero(withheld):
        if programme.wide(np.flatnonzero(atom_record == record), p):
            continue
        lower, upper = programme.interval(np.flatnonzero(atom_record == record))
        if (upper - lower < p and lower < k) or (exact_at_k and upper == lower):
            records.add(int(record))
    return slivers, records


def fewest_in_strips(atom_record, values, withheld, areas, people, k, p, thin, exact_at_k=True):
    """What the attacker who reads the strips as holding the fewest people the release allows
    (0, else up to 3 together) narrows, and that number; (None, None) past 3 or without
    strips."""
    for held in range(4) if thin.any() else ():
        found = attacker(atom_record, values, withheld, areas, people, k, p, np.flatnonzero(thin),
                         held, exact_at_k)
        if found is not None:
            return found, held
    return None, None


def gate_audit(atom_record, atom_zone, thin, values, withheld, areas, people, k, p):
    return evaluate_release_audit(
        np.where(withheld, np.nan, values), np.where(withheld, "withheld", "published"), [], p,
        None, k, None if people is None else PeopleTotal(int(people), True), None, (),
        (atom_record, [[f"z{zone}"] for zone in atom_zone], areas, thin))


def test_the_gate_finds_what_an_attacker_finds_reading_thin_strips_as_empty_or_not():
    rng = np.random.default_rng(2026_12_01_19)
    only_empty = refuted = nearly = 0
    for case in range(CASES):
        k = int(rng.integers(3, 7))
        p = int(rng.integers(2, k + 1))
        atom_record, atom_zone, truth, thin, values, withheld, areas, people = \
            random_release(rng, k)
        published = attacker(atom_record, values, withheld, areas, people, k, p)
        empty, held = fewest_in_strips(atom_record, values, withheld, areas, people, k, p, thin)
        slivers, records = published
        if empty is not None:
            slivers, records = slivers | empty[0], records | empty[1]
        below_k = attacker(atom_record, values, withheld, areas, people, k, p,
                           exact_at_k=False)[1]
        empty_below_k = fewest_in_strips(atom_record, values, withheld, areas, people, k, p,
                                         thin, exact_at_k=False)[0]
        if empty_below_k is not None:
            below_k |= empty_below_k[1]
        audit = gate_audit(atom_record, atom_zone, thin, values, withheld, areas, people, k, p)
        assert set(audit.slivers) == slivers, case
        # The gate fails every record that could hold fewer than k; a record recovered exactly
        # at k or more it fails where areas cut cells (fail closed), not where they do not.
        failing = {record for record, _ in audit.failing}
        assert below_k <= failing <= records, case
        assert audit.passed == (not slivers and not failing), case
        found_by_empty = empty is not None and (empty[0] - published[0] or
                                                empty[1] - published[1])
        only_empty += bool(found_by_empty)
        template = STRIPS_READ_NEARLY_EMPTY if held else STRIPS_READ_EMPTY
        assert any(problem.template == template for problem in audit.problems) == \
            bool(found_by_empty), case
        refuted += bool(thin.any() and held != 0)
        nearly += bool(held and found_by_empty)
    # The cases exercise both: strips whose emptiness gives people away, and strips somebody
    # lives in that refute the reading.
    assert only_empty >= CASES // 20, only_empty
    assert refuted >= CASES // 50, refuted
    # And strips somebody lives in that do not hide what the others' emptiness gives away.
    assert nearly >= CASES // 50, nearly


def test_a_person_in_a_strip_refutes_the_empty_reading_without_a_contradiction():
    # One row of tiles: A holds tiles 0-3 and a 30 m piece of tile 4, B the rest of tile 4 and
    # tile 5; A's border also runs along the edge of tiles 3 and 4, leaving a strip of B in
    # tile 3, where one person lives. A's piece of tile 4 is empty: A = 96, B = 54.
    atom_record = np.array([0, 1, 2, 3, 3, 4, 4, 5])
    atom_zone = np.array([0, 0, 0, 0, 1, 0, 1, 1])
    thin = np.arange(8) == 4

    def audit(truth, thin):
        values = np.bincount(atom_record, weights=truth)
        areas = [(np.flatnonzero(atom_zone == zone), float(truth[atom_zone == zone].sum()))
                 for zone in (0, 1)]
        return gate_audit(atom_record, atom_zone, thin, values, np.zeros(6, dtype=bool), areas,
                          None, 4, 2)
    # With the strip empty A's piece of tile 4 would hold 96 - 97 = -1: the counts refute the
    # reading (no contradiction is raised). Read as holding the fewest people the counts allow,
    # the strip holds exactly its 1 (true: that reading gives the person on the border away),
    # and A's empty piece of tile 4 is no sliver.
    lives_in_strip = audit(np.array([15, 40, 26, 15, 1, 0, 23, 30], dtype=float), thin)
    assert set(lives_in_strip.slivers) == {4}
    assert any(problem.template == STRIPS_READ_NEARLY_EMPTY
               for problem in lives_in_strip.problems)
    # Negative control: nobody in the strip (the guidelines' A = 100, B = 50): the reading holds
    # and gives A's 3 in tile 4 away, which the release read as published does not.
    empty_strip = np.array([15, 40, 26, 16, 0, 3, 20, 30], dtype=float)
    read_empty = audit(empty_strip, thin)
    assert not read_empty.passed and 5 in read_empty.slivers
    assert any(problem.template == STRIPS_READ_EMPTY for problem in read_empty.problems)
    assert audit(empty_strip, np.zeros(8, dtype=bool)).passed


def test_the_grid_protects_against_both_readings_and_passes_its_gate():
    rng = np.random.default_rng(2026_12_01_20)
    protected = at_risk_read_empty = 0
    for case in range(150):
        k = int(rng.integers(3, 7))
        p = int(rng.integers(2, k + 1))
        atom_record, atom_zone, truth, thin, values, _, _, people = random_release(rng, k)
        zone_values = np.bincount(atom_zone, weights=truth)
        atoms = ZoneAtoms(atom_record, tuple((int(zone),) for zone in atom_zone), truth,
                          zone_values, thin)
        view = AttackerView((), (), None if people is None else PeopleTotal(int(people), True))
        result = protect_atoms(values, values < k, atoms, view, p, k)
        published_zones = [(np.flatnonzero(atom_zone == zone), zone_values[zone])
                           for zone in range(len(zone_values)) if not result.zone_withheld[zone]]
        plain = attacker(atom_record, values, values < k, [
            (np.flatnonzero(atom_zone == zone), zone_values[zone])
            for zone in range(len(zone_values)) if zone_values[zone] >= k], people, k, p,
            np.flatnonzero(thin))
        at_risk_read_empty += bool(plain and (plain[0] or plain[1]))
        if not result.protected:
            continue
        protected += 1
        audit = gate_audit(atom_record, atom_zone, thin, values, result.withheld,
                           published_zones, people, k, p)
        assert audit.passed, case
        for empty in ((), np.flatnonzero(thin)):
            found = attacker(atom_record, values, result.withheld, published_zones, people, k,
                             p, empty)
            assert found is None or found == (set(), set()), case
    assert protected >= 120 and at_risk_read_empty >= 10, (protected, at_risk_read_empty)
