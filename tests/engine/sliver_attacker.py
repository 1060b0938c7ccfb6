"""An attacker over the atoms of a grid and zones published beside it, written for the tests
(scipy's MILP; never the engine's audit).

Published cells and zone counts are sums of their atoms, a withheld cell holds
at least 1 and at most N, the declared grand total is a sum (or, left blank
below k, at most k - 1), and the number of people N is known unless kept
secret. A sliver (an atom of a cut cell) is at risk when its interval is
narrower than p, it may hold somebody and it is not proven to hold k or more;
a withheld cell when its interval is narrower than p and it is not proven to
hold k.
"""

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp


def attacker_findings(values, withheld, atom_record, atom_zone, atom_values, zone_values,
                      zone_withheld, people, grand_total, k, p):
    """(slivers at risk, withheld records at risk) by integer programming over the atoms."""
    n = len(atom_record)
    rows, low, high = [], [], []

    def constrain(atoms, lower, upper):
        row = np.zeros(n)
        row[atoms] = 1
        rows.append(row)
        low.append(lower)
        high.append(upper)
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
    constraints = LinearConstraint(np.array(rows), low, high)

    def interval(members):
        objective = np.zeros(n)
        objective[members] = 1
        ends = []
        for sign in (1, -1):
            solved = milp(sign * objective, constraints=constraints, integrality=np.ones(n),
                          bounds=Bounds(0, np.inf))
            # The truth is a solution, so a maximum HiGHS cannot find is an unbounded one.
            unbounded = sign < 0 and solved.status in (3, 4)
            assert unbounded or solved.status == 0, solved.message
            ends.append(np.inf if unbounded else sign * solved.fun)
        return ends
    pieces = np.bincount(atom_record)
    slivers = []
    for atom in np.flatnonzero(pieces[atom_record] > 1):
        lower, upper = interval([atom])
        assert lower - 1e-6 <= atom_values[atom] <= upper + 1e-6  # the truth is a solution
        if upper - lower < p - 1e-6 and upper >= 1 and lower < k - 1e-6:
            slivers.append(int(atom))
    records = []
    for record in np.flatnonzero(withheld):
        lower, upper = interval(np.flatnonzero(atom_record == record))
        if upper - lower < p - 1e-6 and lower < k - 1e-6:
            records.append(int(record))
    return slivers, records
