"""Counts of distinct people against the exact attacker: an integer programme over kinds of
people (written here; never the engine's audit).

A person is known to the attacker only by the set of atoms (a record's piece in a zone) they
have points in. On a release of a few atoms every such set is a kind, and the unknowns are
how many people of each kind there are: every published count is the number of people whose
kind meets its atoms, the people total the number of people. This is everything the release
says (SPEC section 7), with no union bounds in between. On releases this small the gate
solves it too (over kinds, or over the tree of places where they nest): its bounds must be this
attacker's to the person, narrower claiming what the release does not say, wider passing what
the attacker narrows. The releases are those of ``test_distinct_people_attacker`` (random cells per
attribute value, zones, people with one to three points) with at most ``ATOMS`` atoms; half
of them withhold their zones below k rather than leave them out, and publish some zones
where nobody has a point as 0 (a release this plugin does not make; the gate audits it).
"""

import itertools

import numpy as np
import pytest
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csc_matrix
from test_distinct_people_attacker import distinct, gate_audit, random_people, release_of


ATOMS = 9
CASES = 1000


class KindsAttacker:
    """The attacker's integer programme over how many people of each kind there are: a kind is
    a non-empty set of atoms of one attribute class (``atom_class``, per atom: a person has one
    attribute value); each row (atom sets, lowest, highest) bounds the sum over its sets of the
    people with a point in each set; ``people``: the number of people, or None."""

    def __init__(self, atom_class, rows, people):
        self.kinds = []
        for label in sorted(set(atom_class)):
            own = [atom for atom, of in enumerate(atom_class) if of == label]
            for size in range(1, len(own) + 1):
                self.kinds += [frozenset(kind) for kind in itertools.combinations(own, size)]
        matrix = [sum(self.meeting(atom_set) for atom_set in sets) for sets, _, _ in rows]
        low = [lowest for _, lowest, _ in rows]
        high = [highest for _, _, highest in rows]
        if people is not None:
            matrix.append(np.ones(len(self.kinds)))
            low.append(people)
            high.append(people)
        # Sparse: milp converts a dense matrix at every call, which costs more than the solve.
        self.constraint = LinearConstraint(csc_matrix(np.array(matrix)), low, high)

    def meeting(self, atom_set):
        """1 for each kind of person with a point in ``atom_set``."""
        return np.array([1.0 if kind & frozenset(atom_set) else 0.0 for kind in self.kinds])

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


def release_attacker(release):
    """The ``KindsAttacker`` of a release of ``test_distinct_people_attacker``, and the atoms
    of each record."""
    atom_record = release["atom_record"]
    record_atoms = [frozenset(np.flatnonzero(atom_record == record).tolist())
                    for record in range(len(release["values"]))]
    rows = [([atoms], 1.0, np.inf) if release["withheld"][record]  # an emitted record
            else ([atoms], release["values"][record], release["values"][record])
            for record, atoms in enumerate(record_atoms)]
    rows += [([frozenset(np.flatnonzero(release["atom_zone"] == zone).tolist())], total, total)
             for zone, total in release["zones"]]
    rows += [([record_atoms[m] for m in members], total, total)
             for members, total in release["sums"]]
    rows += [([record_atoms[m] for m in members], 0.0, total)
             for members, total in release["at_most"]]
    return KindsAttacker(release["record_value"][atom_record].tolist(), rows,
                         release["people"]), record_atoms


def attacked(release):
    """The attacker's interval of each withheld record, withheld zone count and atom of a cut
    record: {(kind, index): (lowest, highest)}, checked against the truth."""
    attacker, record_atoms = release_attacker(release)
    intervals = {}
    for record in np.flatnonzero(release["withheld"]).tolist():
        intervals["record", record] = attacker.interval(record_atoms[record])
        assert intervals["record", record][0] <= release["values"][record] \
            <= intervals["record", record][1]
    for zone, count in zip(release.get("hidden_zones", ()), release.get("hidden_counts", ())):
        intervals["zone", zone] = attacker.interval(
            frozenset(np.flatnonzero(release["atom_zone"] == zone).tolist()))
        assert intervals["zone", zone][0] <= count <= intervals["zone", zone][1]
    pieces = np.bincount(release["atom_record"])
    for atom in np.flatnonzero(pieces[release["atom_record"]] > 1).tolist():
        intervals["atom", atom] = attacker.interval(frozenset([atom]))
        assert intervals["atom", atom][0] <= release["truth"][atom] <= intervals["atom", atom][1]
    return intervals


def narrowed(release, k, p, intervals=None):
    """The withheld records, withheld zone counts and atoms of cut records the attacker
    narrows below p (the gate's rules: a count exact, or narrow with k not excluded; a zone
    or an atom only with somebody possible in it, an atom only with k not excluded)."""
    found = []
    for (kind, index), (low, high) in (intervals or attacked(release)).items():
        narrow = high - low < p and low < k
        if kind == "record" and (narrow or high == low) or \
                kind == "zone" and high >= 1 and (narrow or high == low) or \
                kind == "atom" and high >= 1 and narrow:
            found.append((kind, index, low, high))
    return found


def assert_the_attackers(result, intervals, hidden_zones):
    """The gate's bounds are the attacker's: narrower, the gate would claim what the release
    does not say (a wrong count, or a count the attacker cannot reach); wider, it would pass
    what the attacker narrows."""
    bounds = result.bounds
    for (kind, index), (low, high) in intervals.items():
        if kind == "record":
            gate = bounds.record_lower[index], bounds.record_upper[index]
        elif kind == "atom":
            gate = bounds.atom_lower[index], bounds.atom_upper[index]
        else:
            hidden = len(bounds.group_lower) - len(hidden_zones) + hidden_zones.index(index)
            gate = bounds.group_lower[hidden], bounds.group_upper[hidden]
        assert gate == pytest.approx((low, high), abs=1e-6), (kind, index, gate, low, high)


def test_the_gate_fails_whatever_the_exact_attacker_narrows():
    rng = np.random.default_rng(2026_12_03)
    tried = leaking = several_points = zones_narrowed = 0
    while tried < CASES:
        k = int(rng.integers(3, 6))
        p = int(rng.integers(max(1, k // 2), k + 1))
        value, person, cell, zone, zone_of, rows = random_people(rng)
        release = release_of(rng, value, person, cell, zone, zone_of, rows, k)
        if len(release["atom_record"]) > ATOMS:
            continue
        if rng.random() < 0.5:
            release = with_zones_below_k(rng, release, zone, person, k)
        tried += 1
        intervals = attacked(release)
        found = narrowed(release, k, p, intervals)
        result = gate_audit(release, k, p)
        assert not (found and result.passed), (tried, found)
        if result.bounds is not None:
            assert not result.bounds.unproven
            assert_the_attackers(result, intervals, release.get("hidden_zones", []))
        leaking += bool(found)
        several_points += len(person) > len(value)
        zones_narrowed += any(kind == "zone" for kind, *_ in found)
    assert leaking >= CASES // 5 and several_points >= CASES * 3 // 4, (leaking, several_points)
    assert zones_narrowed >= CASES // 100, zones_narrowed


def with_zones_below_k(rng, release, zone, person, k):
    """The release with its zones below k withheld, not left out, and some zones where nobody
    has a point published as 0 (a release this plugin does not make; the gate audits it)."""
    counts = distinct(zone.tolist(), person)
    zones, hidden = [], []
    for z in np.unique(release["atom_zone"]).tolist():
        if counts.get(z, 0) >= k or (z not in counts and rng.random() < 0.5):
            zones.append((z, float(counts.get(z, 0))))
        else:
            hidden.append(z)
    return dict(release, zones=zones, hidden_zones=hidden,
                hidden_counts=[counts.get(z, 0) for z in hidden])


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
