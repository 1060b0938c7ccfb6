"""Differencing across geographies that do not nest: the attacker's unknowns are atoms.

A grid and areas published beside it (municipalities, postcodes, another
grid) cut each other into atoms: the non-empty intersections of a cell with
the areas. Every published count is a sum over its atoms, so subtracting the
cells inside an area from the area's count isolates the people in the slivers
where its border crosses a cell (the EU guidelines' worked case: A = 100,
its interior tiles 97, so A's part of the shared tile holds 3).

With one point per person (homes), counts add up: a cell or an area equals
the sum of its atoms. Counted as distinct people with points in several
places they do not: each part is at most the whole and the whole at most
the sum of its parts. The attacker of SPEC section 7 also knows that an
emitted cell is not empty and how many people the release holds.
"""

from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import csr_matrix, vstack

from .errors import InputError
from .intervals import CONTRADICTION, EXACT_WIDTH


@dataclass(frozen=True)
class AtomIntervals:
    """The attacker's bounds on every atom and on every record (a cell, or a cell x attribute
    group); published records get their value at both ends."""

    atom_lower: np.ndarray
    atom_upper: np.ndarray
    record_lower: np.ndarray
    record_upper: np.ndarray


def _rows(groups, n):
    """A sparse 0/1 matrix with one row per index array in ``groups``."""
    lengths = [len(group) for group in groups]
    rows = np.repeat(np.arange(len(groups)), lengths)
    columns = np.concatenate(groups) if groups else np.empty(0, dtype=np.int64)
    return csr_matrix((np.ones(len(columns)), (rows, columns)), shape=(len(groups), n))


def atom_intervals(values, withheld, lower, upper, atom_record, areas, people=None,
                   one_point=True, sums=(), at_most=()):
    """Bounds of every atom and record over whole numbers of people.

    ``values``: each record's published count (ignored where ``withheld``);
    ``lower``/``upper``: what a withheld record holds at least and at most on
    its own (1 for an emitted cell); ``atom_record``: the record each atom
    lies in; ``areas``: (atom indices, published count) per published area;
    ``people``: the number of people in the release, or None when the
    attacker lacks it; ``one_point``: counts add up (else they are counts of
    distinct people: parts at most the whole, the whole at most their sum);
    ``sums``: (atom indices, total) pairs that add up whatever the counting
    (totals published as sums of the cells, such as this plugin's grid totals);
    ``at_most``: (atom indices, total) sums a blank declared total (below k) tells.
    """
    atom_record = np.asarray(atom_record, dtype=np.int64)
    values = np.nan_to_num(np.asarray(values, dtype=float))
    withheld = np.asarray(withheld, dtype=bool)
    n_atoms, n_records = len(atom_record), len(values)
    members = [np.flatnonzero(atom_record == record) for record in range(n_records)]
    record_upper = np.where(withheld, np.asarray(upper, dtype=float), values)
    record_lower = np.where(withheld, np.asarray(lower, dtype=float), values)
    whole = [(members[r], record_lower[r], record_upper[r]) for r in range(n_records)]
    whole += [(np.asarray(cells, dtype=np.int64), float(total), float(total))
              for cells, total in areas]
    whole += [(np.asarray(cells, dtype=np.int64), 0.0, float(total)) for cells, total in at_most]
    exact = [(np.asarray(cells, dtype=np.int64), float(total)) for cells, total in sums]
    if people is not None:
        whole.append((np.arange(n_atoms), float(people), float(people) if one_point else np.inf))
    box = np.full(n_atoms, np.inf)
    equal_groups, equal_totals, floor_groups, floor_totals, ceiling_groups, ceiling_totals = \
        [], [], [], [], [], []
    for cells, low, high in whole:
        if not len(cells):
            if low > EXACT_WIDTH:
                raise InputError(CONTRADICTION)
            continue
        if one_point and low == high:
            equal_groups.append(cells)
            equal_totals.append(low)
            continue
        floor_groups.append(cells)
        floor_totals.append(low)
        if one_point and np.isfinite(high):
            ceiling_groups.append(cells)
            ceiling_totals.append(high)
        if not one_point:
            box[cells] = np.minimum(box[cells], high)  # a part holds at most the whole
    equal_groups += [cells for cells, _ in exact]
    equal_totals += [total for _, total in exact]
    equalities = (_rows(equal_groups, n_atoms), np.array(equal_totals))
    inequalities = vstack([-_rows(floor_groups, n_atoms), _rows(ceiling_groups, n_atoms)]).tocsr()
    limits = np.concatenate([-np.array(floor_totals, dtype=float),
                             np.array(ceiling_totals, dtype=float)])
    options = {"A_eq": equalities[0] if equal_groups else None,
               "b_eq": equalities[1] if equal_groups else None,
               "A_ub": inequalities if len(limits) else None,
               "b_ub": limits if len(limits) else None,
               "bounds": [(0.0, None if np.isinf(high) else high) for high in box],
               "method": "highs"}
    # A published cell in one piece is its own atom, known: only the pieces of cut cells and
    # the withheld cells need programmes (a withheld cell in one piece is its atom).
    pieces = np.bincount(atom_record, minlength=n_records)
    cut_atoms = np.flatnonzero(pieces[atom_record] > 1)
    hidden = np.flatnonzero(withheld)
    bounds = _target_bounds([np.array([atom]) for atom in cut_atoms]
                            + [members[record] for record in hidden], n_atoms, options)
    atom_lower = values[atom_record].astype(float)
    atom_upper = atom_lower.copy()
    record_lower, record_upper = record_lower.copy(), record_upper.copy()
    for atom, (low, high) in zip(cut_atoms, bounds[:len(cut_atoms)]):
        atom_lower[atom], atom_upper[atom] = low, high
    for record, (low, high) in zip(hidden, bounds[len(cut_atoms):]):
        record_lower[record], record_upper[record] = low, high
        if pieces[record] == 1:
            atom_lower[members[record]], atom_upper[members[record]] = low, high
    return AtomIntervals(atom_lower, atom_upper, record_lower, record_upper)


def _target_bounds(targets, n, options):
    """(min, max) of the sum of each target's variables over whole numbers (the relaxation
    first: a whole-number optimum of it is the integer one), or a contradiction."""
    result = []
    for target in targets:
        objective = np.zeros(n)
        objective[target] = 1.0
        ends = []
        for sign in (1.0, -1.0):
            solved = linprog(sign * objective, **options)
            if solved.status == 0 and np.abs(solved.x - np.round(solved.x)).max(initial=0) > \
                    EXACT_WIDTH:
                solved = linprog(sign * objective, integrality=np.ones(n), **options)
            if solved.status == 2:
                raise InputError(CONTRADICTION)
            ends.append(np.inf if solved.status == 3 else sign * solved.fun)
        result.append((float(np.round(ends[0], 9)), float(np.round(ends[1], 9))))
    return result
