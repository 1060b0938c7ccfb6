"""An attacker over the atoms of a grid and zones published beside it, written for the tests
(scipy's MILP; never the engine's audit).

Published cells and zone counts are sums of their atoms, a withheld cell holds
at least 1 and at most N, the declared grand total is a sum (or, left blank
below k, at most k - 1), and the number of people N is known unless kept
secret. A sliver (an atom of a cut cell) is at risk when its interval is
narrower than p, it may hold somebody and it is not proven to hold k or more;
a withheld cell when its interval is narrower than p and it is not proven to
hold k; a withheld zone count so too, or when exact (unless proven empty).
"""

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csc_matrix


class AtomProgramme:
    """The attacker's integer programme: whole numbers of people in ``n`` atoms, sums of them
    between bounds; the interval of any sum is two MILPs."""

    def __init__(self, n):
        self.n, self.rows, self.low, self.high = n, [], [], []
        self.constraints = None
        self.points = []  # solutions found: people the atoms can hold together

    def constrain(self, atoms, lower, upper):
        row = np.zeros(self.n)
        row[atoms] = 1
        self.rows.append(row)
        self.low.append(lower)
        self.high.append(upper)
        self.constraints = None
        self.points = []

    def interval(self, members):
        """(lowest, highest) people the atoms ``members`` can hold together."""
        if self.constraints is None:  # sparse: milp converts a dense matrix at every call
            self.constraints = LinearConstraint(csc_matrix(np.array(self.rows)), self.low,
                                                self.high)
        objective = np.zeros(self.n)
        objective[members] = 1
        ends = []
        for sign in (1, -1):
            solved = milp(sign * objective, constraints=self.constraints,
                          integrality=np.ones(self.n), bounds=Bounds(0, np.inf))
            # The truth is a solution, so a maximum HiGHS cannot find is an unbounded one.
            unbounded = sign < 0 and solved.status in (3, 4)
            assert unbounded or solved.status == 0, solved.message
            ends.append(np.inf if unbounded else round(sign * solved.fun))
            if not unbounded:
                self.points.append(np.round(solved.x))
        return ends

    def wide(self, members, p):
        """Whether the solutions found already put the atoms ``members`` p or more apart: their
        interval is then no finding, and is not solved."""
        sums = [point[members].sum() for point in self.points]
        return bool(sums) and max(sums) - min(sums) >= p - 1e-6


def attacker_findings(values, withheld, atom_record, atom_zone, atom_values, zone_values,
                      zone_withheld, people, grand_total, k, p, with_zones=False):
    """(slivers at risk, withheld records at risk[, withheld zone counts at risk, with
    ``with_zones``: narrower than p and not proven to hold k, or exact]) by integer programming
    over the atoms."""
    n = len(atom_record)
    programme = AtomProgramme(n)
    constrain, interval = programme.constrain, programme.interval
    for record, value in enumerate(values):
        members = np.flatnonzero(atom_record == record)
        if withheld[record]:
            constrain(members, 1, np.inf if people is None else people)
        else:
            constrain(members, value, value)
    for zone, value in enumerate(zone_values):
        if not zone_withheld[zone]:
            constrain(np.flatnonzero(atom_zone == zone), value, value)
    if people is not None:
        constrain(np.arange(n), people, people)
    if grand_total is not None:
        total = values.sum()
        if total >= k:
            constrain(np.arange(n), total, total)
        else:
            constrain(np.arange(n), 0, k - 1)
    pieces = np.bincount(atom_record)
    slivers = []
    for atom in np.flatnonzero(pieces[atom_record] > 1):
        if programme.wide([atom], p):
            continue
        lower, upper = interval([atom])
        assert lower - 1e-6 <= atom_values[atom] <= upper + 1e-6  # the truth is a solution
        if upper - lower < p - 1e-6 and upper >= 1 and lower < k - 1e-6:
            slivers.append(int(atom))
    records = []
    for record in np.flatnonzero(withheld):
        if programme.wide(np.flatnonzero(atom_record == record), p):
            continue
        lower, upper = interval(np.flatnonzero(atom_record == record))
        if upper - lower < p - 1e-6 and lower < k - 1e-6:
            records.append(int(record))
    if not with_zones:
        return slivers, records
    zones = []
    for zone in np.flatnonzero(zone_withheld):
        if programme.wide(np.flatnonzero(atom_zone == zone), p):
            continue
        lower, upper = interval(np.flatnonzero(atom_zone == zone))
        # A zone proven empty gives nobody away.
        if upper >= 1 and ((upper - lower < p - 1e-6 and lower < k - 1e-6) or upper == lower):
            zones.append(int(zone))
    return slivers, records, zones


def line_zones(rng, columns, rows, cuts=(1, 4)):
    """The zone of each point: its side of random straight cuts (``cuts``: the range of their
    number, as numpy's integers), as one number."""
    lines = []
    for _ in range(int(rng.integers(*cuts))):
        angle = rng.uniform(0, np.pi)
        normal = np.array([np.cos(angle), np.sin(angle)])
        lines.append((normal, float(normal @ rng.uniform([0, 0], [columns, rows]))))

    def zone_of(xy):
        code = np.zeros(len(xy), dtype=np.int64)
        for normal, offset in lines:
            code = code * 2 + (xy @ normal > offset)
        return code
    return zone_of


def voronoi_zones(rng, columns, rows, seeds=(2, 7)):
    """The zone of each point: the nearest of random seeds (``seeds``: the range of their
    number)."""
    points = rng.uniform([0, 0], [columns, rows], size=(int(rng.integers(*seeds)), 2))

    def zone_of(xy):
        return np.argmin(((xy[:, None, :] - points[None, :, :]) ** 2).sum(axis=2), axis=1)
    return zone_of
