"""Counts of distinct people against the exact attacker: an integer programme over kinds of
people (written here; never the engine's audit).

A person is known to the attacker only by the set of atoms (a record's piece in a zone) they
have points in. On a release of a few atoms every such set is a kind, and the unknowns are
how many people of each kind there are: every published count is the number of people whose
kind meets its atoms, the people total the number of people. This is everything the release
says (SPEC section 7), with no union bounds in between; whatever it narrows, the gate must
fail. The releases are those of ``test_distinct_people_attacker`` (random cells per attribute
value, zones, people with one to three points) with at most ``ATOMS`` atoms.
"""

import itertools

import numpy as np
import pytest
from scipy.optimize import Bounds, LinearConstraint, milp
from test_distinct_people_attacker import gate_audit, random_people, release_of

from spatial_privacy_plugin import atoms

ATOMS = 9
CASES = 500


class KindsAttacker:
    """The attacker's integer programme over how many people of each kind there are."""

    def __init__(self, release):
        atom_record, record_value = release["atom_record"], release["record_value"]
        self.kinds = []
        for value in np.unique(record_value).tolist():  # a person has one attribute value
            own = np.flatnonzero(record_value[atom_record] == value).tolist()
            for size in range(1, len(own) + 1):
                self.kinds += [frozenset(kind) for kind in itertools.combinations(own, size)]
        self.record_atoms = [frozenset(np.flatnonzero(atom_record == record).tolist())
                             for record in range(len(release["values"]))]
        rows, low, high = [], [], []

        def count(row, at_least, at_most):
            rows.append(row)
            low.append(at_least)
            high.append(at_most)

        for record, atoms_of_record in enumerate(self.record_atoms):
            if release["withheld"][record]:
                count(self.meeting(atoms_of_record), 1.0, np.inf)  # an emitted record
            else:
                count(self.meeting(atoms_of_record), *[release["values"][record]] * 2)
        for zone, total in release["zones"]:
            count(self.meeting(frozenset(np.flatnonzero(release["atom_zone"] == zone).tolist())),
                  total, total)
        if release["people"] is not None:
            count(np.ones(len(self.kinds)), release["people"], release["people"])
        for members, total in release["sums"]:
            count(sum(self.meeting(self.record_atoms[m]) for m in members), total, total)
        for members, total in release["at_most"]:
            count(sum(self.meeting(self.record_atoms[m]) for m in members), 0.0, total)
        self.constraint = LinearConstraint(np.array(rows), low, high)

    def meeting(self, atom_set):
        """1 for each kind of person with a point in ``atom_set``."""
        return np.array([1.0 if kind & atom_set else 0.0 for kind in self.kinds])

    def interval(self, atom_set):
        """(lowest, highest) number of people with a point in ``atom_set``."""
        objective = self.meeting(atom_set)
        ends = []
        for sign in (1.0, -1.0):
            solved = milp(sign * objective, constraints=self.constraint,
                          integrality=np.ones(len(self.kinds)), bounds=Bounds(0, np.inf))
            if solved.status != 0:  # no largest value (HiGHS: "infeasible or unbounded"):
                # the truth is a solution
                assert sign < 0 and solved.status in (3, 4), solved.message
                ends.append(np.inf)
                continue
            ends.append(round(sign * solved.fun))
        return ends


def narrowed(release, k, p):
    """The withheld records and the atoms of cut records the attacker narrows below p (the
    gate's rules: a record exact or narrow with k not excluded, an atom narrow with somebody
    possible in it and k not excluded)."""
    attacker = KindsAttacker(release)
    found = []
    for record in np.flatnonzero(release["withheld"]).tolist():
        low, high = attacker.interval(attacker.record_atoms[record])
        assert low <= release["values"][record] <= high
        if (high - low < p and low < k) or high == low:
            found.append(("record", record, low, high))
    pieces = np.bincount(release["atom_record"])
    for atom in np.flatnonzero(pieces[release["atom_record"]] > 1).tolist():
        low, high = attacker.interval(frozenset([atom]))
        assert low <= release["truth"][atom] <= high
        if high - low < p and high >= 1 and low < k:
            found.append(("atom", atom, low, high))
    return found


@pytest.mark.parametrize("bounded", [False, True], ids=["over unknowns", "over bounds"])
def test_the_gate_fails_whatever_the_exact_attacker_narrows(monkeypatch, bounded):
    # "over bounds": how often people are counted twice bounded as on large releases.
    if bounded:
        monkeypatch.setattr(atoms, "EXACT_TWICE", 0)
    rng = np.random.default_rng(2026_12_03 + bounded)
    tried = leaking = several_points = 0
    while tried < CASES:
        k = int(rng.integers(3, 6))
        p = int(rng.integers(max(1, k // 2), k + 1))
        value, person, cell, zone, zone_of, rows = random_people(rng)
        release = release_of(rng, value, person, cell, zone, zone_of, rows, k)
        if len(release["atom_record"]) > ATOMS:
            continue
        tried += 1
        found = narrowed(release, k, p)
        result = gate_audit(release, k, p)
        assert not (found and result.passed), (tried, found)
        leaking += bool(found)
        several_points += len(person) > len(value)
    assert leaking >= CASES // 5 and several_points >= CASES * 3 // 4, (leaking, several_points)


def hand_release(values, withheld, atom_record, atom_zone, zones, people, sums=(),
                 record_value=None, truth=None):
    cells = np.arange(len(values))
    record_value = np.zeros(len(values), dtype=int) if record_value is None else \
        np.asarray(record_value)
    return dict(values=np.asarray(values, dtype=float), withheld=np.asarray(withheld, dtype=bool),
                atom_record=np.asarray(atom_record), atom_zone=np.asarray(atom_zone),
                zones=zones, people=people, sums=list(sums), at_most=[],
                record_value=record_value, cells=cells,
                truth=np.zeros(len(atom_record)) if truth is None else np.asarray(truth, float))


def test_a_zone_whose_people_are_each_in_one_cell_is_their_sum():
    # Cells 0 and 1 publish 5 each, 10 people in all: nobody is in both, so zone 0's 6 people
    # are cell 0's 5 (all in it) and cell 1's piece in it holds exactly 1. Without the people
    # total (the control) somebody may be in both cells, and the piece holds 1 to 5.
    release = hand_release([5, 5], [False, False], [0, 1, 1], [0, 0, 1],
                           [(0, 6.0), (1, 4.0)], 10.0, truth=[5, 1, 4])
    assert ("atom", 1, 1, 1) in narrowed(release, 3, 2)
    assert not gate_audit(release, 3, 2).passed
    release["people"] = None
    assert narrowed(release, 3, 2) == [] and gate_audit(release, 3, 2).passed


def test_a_cell_whose_people_are_each_in_one_zone_is_their_sum():
    # Zones 0 and 1 count 6 and 4 of 10 people: nobody is in both, so cell 0 (4, cut by both)
    # is its two pieces added up. Zone 1 holds cell 2's 3 and 1 or more of cell 0 (at most 2,
    # as zone 0 holds cell 1's 4, shared with cell 0 by one person at most: the cells count
    # 11): cell 0's piece in zone 1 holds 1 or 2. Without the people total (the control) it
    # holds 1 to 4.
    release = hand_release([4, 4, 3], [False, False, False], [0, 0, 1, 2], [0, 1, 0, 1],
                           [(0, 6.0), (1, 4.0)], 10.0, truth=[3, 1, 4, 3])
    assert ("atom", 1, 1, 2) in narrowed(release, 5, 3)
    result = gate_audit(release, 5, 3)
    assert 1 in result.slivers and result.bounds.atom_upper[1] == 2
    release["people"] = None
    assert ("atom", 1, 1, 2) not in narrowed(release, 5, 3)
    assert 1 not in gate_audit(release, 5, 3).slivers


def test_a_zone_holds_no_more_of_a_value_than_the_release():
    # Cell 0's people of value "a" (withheld, outside zone 0), cells 1 and 2 publish 4 people
    # of value "b" each, zone 0 (cells 1 and 2) counts 6, the release 7: value "b" has at
    # least zone 0's 6 people, so value "a" has exactly 1. Without the people total (the
    # control) cell 0 holds 1 or more.
    release = hand_release([1, 4, 4], [True, False, False], [0, 1, 2], [1, 0, 0],
                           [(0, 6.0)], 7.0, record_value=["a", "b", "b"], truth=[1, 4, 4])
    release["cells"] = np.array([0, 1, 2])
    assert ("record", 0, 1, 1) in narrowed(release, 3, 2)
    assert not gate_audit(release, 3, 2).passed
    release["people"] = None
    assert narrowed(release, 3, 2) == [] and gate_audit(release, 3, 2).passed
