"""An independent attacker of a suppressed grid read as one linked table (issue 33, SPEC §7).

Written for the tests from the published layer alone: it neither reads nor calls the
engine's own audit (``audit/*``, ``release/suppression.py``, ``release/gate.py``).

What the attacker knows (SPEC §7, "Totals are cells"):

- every published value of the release: each cell's ``n_persons``; each parent's
  ``parent_total`` (a parent is the set of cells sharing a ``parent_id`` and, when the
  layer has one, a ``key_label``); each key's ``grand_total`` (the cells sharing a
  ``key_label``; every cell when there is none);
- which totals the release declares: a parent when its cells name it in ``parent_id``,
  the grand total when the release says so (``grand_total_declared``);
- the number of people N (None: the policy keeps it secret), one point per person, so
  all cells sum to N;
- that an emitted cell holds at least one person (``non_empty``).

A blank value, cell or declared total, says only "withheld": the attacker is NOT told
that a blank total is below k.

The unknowns are the withheld cells: integers, at least 1 (0 when ``non_empty`` is
False), at most N. For every withheld cell and every withheld declared total (the sum
of its cells), two integer programmes (scipy.optimize.milp, HiGHS) give its least and
greatest value. A withheld value leaks when it could be from 1 to k - 1 (least < k,
greatest >= 1) and its interval is narrower than p (greatest - least < p); a published
value from 1 to k - 1 leaks outright (``judge``).
"""

import dataclasses
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.optimize import Bounds, LinearConstraint, milp

# Programmes with random objectives solved first under the shortcut (see ``attack``).
RANDOM_POINTS = 4


@dataclass(frozen=True)
class Item:
    """One value of the linked table: a cell, or a declared total (the sum of its cells)."""

    name: str
    rows: tuple         # the release's rows (cells) it sums: one row for a cell
    value: float        # as published; NaN when withheld
    lower: float = np.nan  # withheld: the attacker's least and greatest value
    upper: float = np.nan
    exact: bool = True  # False: [lower, upper] holds two values it can take (see ``attack``)

    @property
    def withheld(self):
        return bool(np.isnan(self.value))


def _numbers(column):
    """A published column as floats, NaN for a blank (<NA>, None, NaN)."""
    return np.array([np.nan if pd.isna(value) else float(value) for value in column])


def _groups(labels):
    """{label: tuple of the rows carrying it}, in order of first appearance."""
    groups = {}
    for row, label in enumerate(labels):
        groups.setdefault(label, []).append(row)
    return {label: tuple(rows) for label, rows in groups.items()}


def linked_table(cells, grand_total_declared):
    """The items of the release: its cells (first, in row order), then one item per declared
    parent and per declared grand total (per key)."""
    counts = _numbers(cells["n_persons"])
    items = [Item(str(cell_id), (row,), counts[row])
             for row, cell_id in enumerate(cells["cell_id"])]
    keys = [str(key) for key in cells["key_label"]] if "key_label" in cells else [""] * len(cells)
    parents = [None if pd.isna(parent) else str(parent) for parent in cells["parent_id"]]
    totals = []
    if any(parent is not None for parent in parents):
        assert None not in parents, "some cells name a parent, others none"
        totals += [(f"parent {parent} {key}".rstrip(), rows, "parent_total")
                   for (parent, key), rows in _groups(zip(parents, keys)).items()]
    if grand_total_declared:
        totals += [(f"grand total {key}".rstrip(), rows, "grand_total")
                   for key, rows in _groups(keys).items()]
    for name, rows, column in totals:
        values = _numbers(cells[column])[list(rows)]
        # Every cell of a set carries the set's total, or every cell a blank.
        assert np.isnan(values).all() or (values == values[0]).all(), (name, values)
        items.append(Item(name, rows, values[0]))
    return items


def attack(cells, people=None, non_empty=True, grand_total_declared=False, shortcut=None):
    """Every item of the release; a withheld one with the attacker's [lower, upper].

    ``cells``: the published layer as a DataFrame (``cell_id, n_persons, status,
    parent_id, parent_total, grand_total``, optional ``key_label``); ``people``: N, or
    None when secret. Raises AssertionError when the release contradicts itself.

    ``shortcut``: None (solve every withheld item exactly) or the policy's (k, p). With
    it, an item already seen not to leak is not solved further, and its [lower, upper]
    is only an inner bound (``exact`` False: its interval contains it). Seen by:
    - its values on the solutions found so far, p or more apart (every programme has
      the same constraints, so each solution is a point the unknowns can take, and the
      interval holds all its values);
    - or its least value, k or more (it could have been published).
    A few programmes with random objectives first spread those points.
    """
    items = linked_table(cells, grand_total_declared)
    count = np.array([item.value for item in items[:len(cells)]])
    published = np.asarray(cells["status"], dtype=object) == "published"
    assert np.array_equal(published, ~np.isnan(count)), "status and n_persons disagree"
    unknown = np.flatnonzero(~published)              # the withheld cells: the unknowns
    variable = {row: j for j, row in enumerate(unknown)}  # release row -> unknown

    def split(rows):
        """(indicator of the unknowns among ``rows``, sum of their published values)."""
        vector = np.zeros(len(unknown))
        vector[[variable[row] for row in rows if row in variable]] = 1.0
        return vector, float(np.nansum(count[list(rows)]))

    # Each published total: (its unknowns) = total - (its published cells). N is one more
    # (one point per person: all cells sum to N).
    equalities = [(*split(item.rows), item.value) for item in items[len(cells):]
                  if not item.withheld]
    if people is not None:
        equalities.append((*split(range(len(cells))), float(people)))
    for vector, known, total in equalities:
        assert vector.any() or known == total, "published values contradict each other"
    constraints = []
    if equalities and len(unknown):
        rhs = np.array([total - known for _, known, total in equalities])
        matrix = np.array([vector for vector, _, _ in equalities])
        constraints = [LinearConstraint(matrix, rhs, rhs)]
    bounds = Bounds(np.full(len(unknown), 1.0 if non_empty else 0.0),
                    np.full(len(unknown), np.inf if people is None else float(people)))
    found = []  # solutions of the programmes so far: points the unknowns can take

    def solve(objective):
        result = milp(objective, constraints=constraints, bounds=bounds,
                      integrality=np.ones(len(unknown)))
        if result.status == 0:
            found.append(np.round(result.x))
        return result

    def settled(vector, known, least=None):
        """An inner interval of an item (its values on the points found, and its least value
        once solved) when that shows it cannot leak; None otherwise."""
        seen = [known + vector @ point for point in found] + ([] if least is None else [least])
        if shortcut is None or not seen:
            return None
        k, p = shortcut
        if max(seen) - min(seen) >= p or least is not None and least >= k:
            return min(seen), max(seen)
        return None

    def interval(vector, known):
        """(lower, upper, exact) of the item ``known + vector . unknowns``."""
        if not vector.any():  # a withheld total of published cells: their sum
            return known, known, True
        inner = settled(vector, known)
        if inner is not None:
            return (*inner, False)
        least = solve(vector)
        # Bounded below (every unknown >= 0): anything but optimal means infeasible.
        assert least.status == 0, f"the release contradicts itself: {least.message}"
        lower = known + round(least.fun)
        inner = settled(vector, known, lower)
        if inner is not None:
            return (*inner, False)
        most = solve(-vector)
        # Feasible (just shown), so "unbounded or infeasible" (3, 4) is unbounded.
        assert most.status in (0, 3, 4), most.message
        return lower, known - round(most.fun) if most.status == 0 else np.inf, True

    if shortcut is not None and len(unknown):
        for objective in np.random.default_rng(0).uniform(-1, 1, (RANDOM_POINTS, len(unknown))):
            solve(objective)
    return [dataclasses.replace(item, **dict(zip(("lower", "upper", "exact"),
                                                 interval(*split(item.rows)))))
            if item.withheld else item for item in items]


def judge(items, k, p, people=None):
    """What the attacked items give away (empty: nothing): a published value from 1 to k - 1,
    a withheld one that could be from 1 to k - 1 (least < k, greatest >= 1: one known to be 0,
    like a published 0, gives nobody away) in an interval narrower than p, and a known number
    of people from 1 to k - 1 (the whole release is then a place of fewer than k)."""
    found = [f"N = {people}: fewer than k = {k} people"] if people is not None and \
        0 < people < k else []
    for item in items:
        if not item.withheld and 0 < item.value < k:
            found.append(f"{item.name}: published {item.value:g} < k = {k}")
        elif item.withheld and item.lower < k and item.upper >= 1 and item.upper - item.lower < p:
            found.append(f"{item.name}: withheld, in [{item.lower:g}, {item.upper:g}] "
                         f"(narrower than p = {p}, could be below k = {k})")
    return found


def leaks(cells, k, p, people=None, non_empty=True, grand_total_declared=False):
    """``judge`` of the release attacked with the shortcut (which settles only items that
    cannot leak, so the verdict is the exact attack's)."""
    return judge(attack(cells, people, non_empty, grand_total_declared, shortcut=(k, p)),
                 k, p, people)
