"""An independent attacker of a monthly series of suppressed grids (issue 33, SPEC §7).

Written for the tests from the published layers alone: it neither reads nor calls the
engine's own audit (``audit/*``, ``release/series.py``, ``release/suppression.py``,
``release/gate.py``). Each release is read as one linked table by
``linked_table_attacker.linked_table`` (cells, declared parent and grand totals; a blank
value says only "withheld").

What the attacker knows, besides every release's published values and N (each release's
number of people, None when secret; one point per person, so its cells sum to N):

- the series' bounded change: the count of a cell (its ``cell_id``; a cell a release does
  not emit holds 0 there) moves by at most ``delta`` between consecutive releases;
- the grid's rule for empty cells: an emitted cell holds at least one person, except a
  cell the release before withheld, which the grid emits withheld when it empties.

The unknowns are every release's withheld cells, integers; for every withheld cell and
withheld declared total of every release, two integer programmes (scipy.optimize.milp,
HiGHS) over all releases at once give its least and greatest value, and
``linked_table_attacker.judge`` says what leaks.
"""

import dataclasses

import numpy as np
from linked_table_attacker import judge, linked_table
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csc_matrix


def attack_series(releases, delta, grand_total_declared):
    """Per release, its items (``linked_table_attacker.Item``), a withheld one with the
    attacker's [lower, upper] over the whole series. ``releases``: (published layer as a
    DataFrame, N or None), oldest first."""
    tables = [linked_table(cells, grand_total_declared) for cells, _ in releases]
    # Each release row: ("variable", index) or ("constant", value).
    row_terms, lower, upper = [], [], []
    for index, ((cells, people), items) in enumerate(zip(releases, tables)):
        before = set() if index == 0 else {
            str(cell) for cell, status in zip(releases[index - 1][0]["cell_id"],
                                              releases[index - 1][0]["status"])
            if status != "published"}
        terms = []
        for item in items[:len(cells)]:
            if item.withheld:
                terms.append(("variable", len(lower)))
                lower.append(0.0 if item.name in before else 1.0)
                upper.append(np.inf if people is None else float(people))
            else:
                terms.append(("constant", item.value))
        row_terms.append(terms)
    n = len(lower)

    def expression(index, rows):
        """(coefficients over the unknowns, constant) of the sum of ``rows`` of a release."""
        vector, constant = np.zeros(n), 0.0
        for row in rows:
            kind, value = row_terms[index][row]
            if kind == "variable":
                vector[value] += 1.0
            else:
                constant += value
        return vector, constant

    matrix, low, high = [], [], []

    def require(vector, constant, least, most):
        if vector.any():
            matrix.append(vector)
            low.append(least - constant)
            high.append(most - constant)
        else:
            assert least - 1e-9 <= constant <= most + 1e-9, "the releases contradict each other"

    for index, ((cells, people), items) in enumerate(zip(releases, tables)):
        for item in items[len(cells):]:
            if not item.withheld:
                require(*expression(index, item.rows), item.value, item.value)
        if people is not None:
            require(*expression(index, range(len(cells))), float(people), float(people))
        if index:
            row_of_before = {str(c): r for r, c in enumerate(releases[index - 1][0]["cell_id"])}
            row_of_now = {str(c): r for r, c in enumerate(cells["cell_id"])}
            for cell in set(row_of_before) | set(row_of_now):
                now = expression(index, [row_of_now[cell]] if cell in row_of_now else [])
                then = expression(index - 1,
                                  [row_of_before[cell]] if cell in row_of_before else [])
                require(now[0] - then[0], now[1] - then[1], -float(delta), float(delta))
    # Sparse: milp converts a dense matrix at every call.
    constraints = [LinearConstraint(csc_matrix(np.array(matrix)), low, high)] if matrix and n else []
    bounds = Bounds(np.array(lower), np.array(upper))

    def extreme(vector, sign):
        if sign < 0 and milp(sign * vector, constraints=constraints, bounds=bounds).status == 3:
            # Unbounded relaxation, integer data: no greatest value. HiGHS's MILP may say
            # "optimal" at some finite point of such a programme (seen: a cell linked only by
            # the change bound, N secret, reported at most 3).
            return np.inf
        result = milp(sign * vector, constraints=constraints, bounds=bounds,
                      integrality=np.ones(n))
        if sign < 0 and result.status in (3, 4):
            return np.inf
        assert result.status == 0, f"the series contradicts itself: {result.message}"
        return sign * round(result.fun)

    attacked = []
    for index, items in enumerate(tables):
        found = []
        for item in items:
            if item.withheld:
                vector, constant = expression(index, item.rows)
                least, most = (extreme(vector, 1), extreme(vector, -1)) if vector.any() \
                    else (0.0, 0.0)
                item = dataclasses.replace(item, lower=constant + least, upper=constant + most)
            found.append(item)
        attacked.append(found)
    return attacked


def series_leaks(releases, delta, k, p, grand_total_declared):
    """What the series gives away (``judge`` per release; empty: nothing)."""
    return [leak for (_, people), items in zip(releases, attack_series(
        releases, delta, grand_total_declared)) for leak in judge(items, k, p, people)]
