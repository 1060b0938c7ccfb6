"""An independent attacker against the published suppressed grid (SPEC section 7, issue 14).

The attacker here is written from first principles and reads only what a
published layer holds: the cells' published counts and status labels, the
totals columns (``parent_id``/``parent_total``, ``grand_total``), the
attribute values of each record when the layer has them, and the number of
distinct people N (known unless the policy keeps it secret; the cells add up
to N with one point per person, to at least N with several). It knows that
an emitted cell is not empty (no study area here) and what old labels mean
(``primary``: 1..k-1, ``complementary``: at least k). For a withheld cell it
solves integer programmes (scipy's MILP) for the smallest and the largest
count consistent with everything published, and checks:

1. every published cell has at least k people;
2. every withheld cell the attacker cannot prove to hold at least k people
   has an integer interval at least p wide;
3. no withheld count is written into the published columns.

It never calls the engine's audit or solver, nor reads its audit table: the
engine is only asked for a release (``grid.suppressed_grid``). Hand-made
leaking tables show that the attacker does flag leaks, and every release the
engine refuses is checked to be one that no suppression could protect.

Totals are cells (SPEC section 7): a declared total left blank says only
"withheld" (an earlier version blanked a total exactly when it was below k, and
an attacker who read that rule recovered cells: the ``test_closed_leak_...``
tests). The attacker reads no more into a blank, and audits each blank declared
total as a withheld cell whose value is the sum of its cells.
"""

import time

import numpy as np
import pandas as pd
import pytest
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csc_array

from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.release import grid

CELL = 100.0
# What a published layer holds (``first_row`` is the engine's pointer back
# into the input: the attacker never sees it).
PUBLISHED_COLUMNS = ("cell_id", "col", "row", "resolution_m", "n_persons", "status",
                     "parent_id", "parent_total", "grand_total")
ATTRIBUTE = "mode"  # the published attribute column in the cases with one
PUBLISHED = "published"
# A cell the attacker cannot bound from above; far beyond any count in these tests.
NO_CEILING = 10 ** 7


# --------------------------------------------------------------------------------------
# The attacker
# --------------------------------------------------------------------------------------

def _label_box(status, k, people):
    """What a status label alone says about a withheld cell (non-empty: at least 1).

    ``people``: the number of people in the release, None when it is secret (the MILP then
    gets a finite stand-in, NO_CEILING, so that it never has to tell unbounded from infeasible).
    """
    people = NO_CEILING if people is None else people
    if status == "withheld":
        return 1, people
    if status == "primary":
        return 1, min(k - 1, people)
    if status == "complementary":
        return k, people
    raise AssertionError(f"unknown status label {status!r}: the attacker cannot read it")


def _is_missing(value):
    return value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value))


def read_layer(frame, attribute=None):
    """The published layer as plain columns (lists), which is all the attacker reads."""
    unknown = sorted(set(frame.columns) - set(PUBLISHED_COLUMNS) - {attribute})
    columns = {name: frame[name].tolist() for name in PUBLISHED_COLUMNS}
    columns["key"] = frame[attribute].tolist() if attribute else [None] * len(frame)
    columns["unknown"] = unknown
    return columns


def _declared_totals(layer, column, group_of):
    """([(total, rows)], [rows]): the groups of records that state a total in ``column``,
    and the groups whose records all leave it blank.

    ``group_of(row)`` names a record's group (None: in no group). Every record
    of a group must state the same total: two different values would give the
    attacker two equations (or show the release inconsistent).
    """
    rows, values = {}, {}
    for row, total in enumerate(layer[column]):
        group = group_of(row)
        if group is None:
            continue
        rows.setdefault(group, []).append(row)
        if not _is_missing(total):
            values.setdefault(group, set()).add(int(total))
    for group, stated in values.items():
        assert len(stated) == 1, f"{column} of {group} differs between its records: {stated}"
    return ([(values[group].pop(), members) for group, members in rows.items() if group in values],
            [members for group, members in rows.items() if group not in values])


class Interval(tuple):
    """(cell_id, status, lower, upper) of one withheld cell, as the attacker derives it."""

    cell_id = property(lambda self: self[0])
    status = property(lambda self: self[1])
    lower = property(lambda self: self[2])
    upper = property(lambda self: self[3])

    @property
    def width(self):
        return np.inf if self.upper >= NO_CEILING else self.upper - self.lower


class Attack:
    """The integer programme of one published layer: the unknowns are its withheld cells.

    ``people``: the number of distinct people in the release (None: secret);
    ``several_points``: people may have points in several cells, so the cells
    add up to at least ``people`` rather than exactly to it.
    ``declared``: the totals columns (``parent_total``, ``grand_total``) the
    release declares: a group of records that leaves one blank is a withheld
    total, audited by ``narrow_totals`` (a blank says nothing more).
    """

    def __init__(self, layer, k, people, several_points, declared=()):
        if isinstance(layer, pd.DataFrame):
            layer = read_layer(layer)
        self.layer = layer
        status = [str(label) for label in layer["status"]]
        published = [label == PUBLISHED for label in status]
        known = [0 if _is_missing(v) else int(v) for v in layer["n_persons"]]
        self.withheld = [row for row, shown in enumerate(published) if not shown]
        position = {row: j for j, row in enumerate(self.withheld)}
        boxes = [_label_box(status[row], k, people) for row in self.withheld]
        self.lower = np.array([low for low, _ in boxes], dtype=float)
        self.upper = np.array([high for _, high in boxes], dtype=float)

        rows_a, lo_b, hi_b = [], [], []

        def split(members):
            """(published part, coefficients over the withheld cells) of a sum of records."""
            coefficients = np.zeros(len(self.withheld))
            constant = 0
            for row in members:
                if published[row]:
                    constant += known[row]
                else:
                    coefficients[position[row]] += 1.0
            return constant, coefficients

        def add(members, low, high):
            constant, coefficients = split(members)
            rows_a.append(coefficients)
            lo_b.append(low - constant)
            hi_b.append(high - constant)

        # Totals are per attribute group (the layer's attribute values say which).
        parent, key = layer["parent_id"], layer["key"]
        def in_parent(row):
            return None if _is_missing(parent[row]) else (parent[row], key[row])

        def in_total(row):
            return ("all", key[row])

        self.withheld_totals = []  # (name, constant, coefficients) of each blank declared total
        for column, group_of in (("parent_total", in_parent), ("grand_total", in_total)):
            stated, blank = _declared_totals(layer, column, group_of)
            for total, members in stated:
                add(members, total, total)
            if column in declared:
                for members in blank:
                    self.withheld_totals.append((f"{column} of {group_of(members[0])}",
                                                 *split(members)))
        if people is not None:
            # One point per person: every person is in exactly one cell. Several points: each
            # person is counted once in every cell (and attribute group) they have a point in.
            add(range(len(status)), people, np.inf if several_points else people)
        self.constraints = None
        if rows_a:
            # Sparse already: milp would convert a dense matrix on every solve.
            self.constraints = LinearConstraint(csc_array(np.array(rows_a)), np.array(lo_b),
                                                np.array(hi_b))

    def _solve(self, objective):
        result = milp(objective, integrality=np.ones(len(objective)),
                      bounds=Bounds(self.lower, self.upper), constraints=self.constraints)
        if result.status != 0:
            raise AssertionError(f"the published layer is inconsistent (MILP: {result.message})")
        return round(result.fun), np.round(result.x)

    def _objective(self, j, sign):
        objective = np.zeros(len(self.withheld))
        objective[j] = sign
        return objective

    def _interval(self, j, lower, upper):
        row = self.withheld[j]
        return Interval((self.layer["cell_id"][row], self.layer["status"][row], lower, upper))

    def narrow_totals(self, k, p):
        """[(name, lower, upper)]: withheld totals (sums of their cells) the attacker cannot
        prove hold >= k and pins below width p."""
        narrow = []
        for name, constant, coefficients in self.withheld_totals:
            if not coefficients.any():
                lower = upper = constant
            else:
                lower = constant + self._solve(coefficients)[0]
                upper = constant - self._solve(-coefficients)[0]
            if lower < k and upper - lower < p:
                narrow.append((name, lower, upper))
        return narrow

    def bounds(self):
        """[Interval]: the smallest and largest count of each withheld cell, as integers."""
        return [self._interval(j, self._solve(self._objective(j, 1.0))[0],
                               -self._solve(self._objective(j, -1.0))[0])
                for j in range(len(self.withheld))]

    def is_feasible(self, point):
        """Whether counts ``point`` (one per withheld cell) agree with everything published."""
        point = np.asarray(point, dtype=float)
        if ((point < self.lower) | (point > self.upper)).any():
            return False
        if self.constraints is None:
            return True
        sums = self.constraints.A @ point
        return bool(((sums >= self.constraints.lb) & (sums <= self.constraints.ub)).all())

    def _transfers(self, point):
        """Points one move away from ``point``: people moved between two withheld cells that
        lie in exactly the same totals leave every total as it was. For each cell, as far up
        and as far down as the box bounds let it go against its roomiest partner."""
        n = len(self.withheld)
        columns = (np.zeros((0, n)) if self.constraints is None
                   else self.constraints.A.toarray())
        alike = {}
        for j in range(n):
            alike.setdefault(columns[:, j].tobytes(), []).append(j)
        for members in alike.values():
            for j in members:
                others = [i for i in members if i != j]
                if not others:
                    continue
                giver = max(others, key=lambda i: point[i] - self.lower[i])
                taker = max(others, key=lambda i: self.upper[i] - point[i])
                up = min(self.upper[j] - point[j], point[giver] - self.lower[giver])
                down = min(point[j] - self.lower[j], self.upper[taker] - point[taker])
                for partner, change in ((giver, up), (taker, -down)):
                    moved = point.copy()
                    moved[j] += change
                    moved[partner] -= change
                    yield moved

    def narrow_cells(self, k, p, known_points=()):
        """[Interval]: withheld cells the attacker cannot prove hold >= k and pins below width p.

        The same verdict as checking ``bounds()``, with fewer MILPs: counts that
        agree with everything published (``known_points``, and each optimum found
        on the way) already show a cell at least as wide as their spread, so a
        cell they spread by p or more needs no solving. Only the intervals of the
        cells returned are exact.
        """
        points = [np.asarray(point, dtype=float) for point in known_points]
        assert all(self.is_feasible(point) for point in points), "a known point is infeasible"
        points += [moved for point in points[:1] for moved in self._transfers(point)
                   if self.is_feasible(moved)]
        low_seen = np.min(points, axis=0) if points else np.full(len(self.withheld), np.inf)
        high_seen = np.max(points, axis=0) if points else np.full(len(self.withheld), -np.inf)
        narrow = []
        for j in range(len(self.withheld)):
            if high_seen[j] - low_seen[j] >= p:
                continue
            lower, point = self._solve(self._objective(j, 1.0))
            low_seen, high_seen = np.minimum(low_seen, point), np.maximum(high_seen, point)
            if lower >= k:
                continue  # the attacker proves the cell holds at least k: not at risk
            upper, point = self._solve(self._objective(j, -1.0))
            upper = -upper
            low_seen, high_seen = np.minimum(low_seen, point), np.maximum(high_seen, point)
            if upper - lower < p:
                narrow.append(self._interval(j, lower, upper))
        return narrow


def leaks(frame, k, p, people, several_points, attribute=None, known_points=(), declared=()):
    """Every way this published layer breaks the guarantees, as text (empty: none).

    ``frame``: the published layer (a DataFrame, or ``read_layer``'s columns);
    ``known_points``: counts of the withheld cells known to agree with it (see
    ``Attack.narrow_cells``); ``declared``: see ``Attack``.
    """
    layer = read_layer(frame, attribute) if isinstance(frame, pd.DataFrame) else frame
    problems = []
    if layer["unknown"]:
        problems.append(f"columns the attacker cannot account for: {layer['unknown']}")
    published = [str(label) == PUBLISHED for label in layer["status"]]
    for cell, shown, value in zip(layer["cell_id"], published, layer["n_persons"]):
        if shown and (_is_missing(value) or value < k):
            problems.append(f"published cell {cell} has {value} < k = {k}")
        if not shown and not _is_missing(value):
            problems.append(f"withheld cell {cell} states its count {value}")
    if problems or all(published):
        return problems
    attack = Attack(layer, k, people, several_points, declared)
    for cell in attack.narrow_cells(k, p, known_points):
        problems.append(f"withheld cell {cell.cell_id} ({cell.status}) is in "
                        f"[{cell.lower}, {cell.upper}]: width {cell.width} < p = {p}")
    for name, lower, upper in attack.narrow_totals(k, p):
        problems.append(f"withheld {name} is in [{lower}, {upper}]: narrower than p = {p}")
    return problems


# --------------------------------------------------------------------------------------
# Hand-made leaking layers: the attacker must catch each
# --------------------------------------------------------------------------------------

def layer(counts, statuses, parent=None, parent_total=None, grand_total=None):
    n = len(counts)
    return pd.DataFrame({
        "cell_id": [f"100m_{c}_0" for c in range(n)],
        "col": range(n),
        "row": [0] * n,
        "resolution_m": CELL,
        "n_persons": pd.array(counts, dtype="Int64"),
        "status": statuses,
        "parent_id": pd.array([parent] * n, dtype=object),
        "parent_total": pd.array([parent_total] * n, dtype="Int64"),
        "grand_total": pd.array([grand_total] * n, dtype="Int64"),
    })


def intervals(table, k, people, several_points, attribute=None):
    attack = Attack(read_layer(table, attribute), k, people, several_points)
    return [[cell.lower, cell.upper] for cell in attack.bounds()]


def test_old_labels_give_primary_and_complementary_away():
    # 1 and 10 in one parent of 11, k = 10: primary is 1..9, complementary at least 10.
    labelled = layer([None, None], ["primary", "complementary"], "200m_0_0", 11)
    assert intervals(labelled, 10, 11, several_points=False) == [[1, 1], [10, 10]]
    assert intervals(labelled, 10, None, several_points=False) == [[1, 1], [10, 10]]
    assert leaks(labelled, 10, 2, 11, several_points=False) == [
        "withheld cell 100m_0_0 (primary) is in [1, 1]: width 0 < p = 2"]
    # The same pair labelled 'withheld' (and N secret) is [1, 10] each: safe for p = 2.
    plain = layer([None, None], ["withheld", "withheld"], "200m_0_0", 11)
    assert intervals(plain, 10, None, several_points=False) == [[1, 10], [1, 10]]
    assert leaks(plain, 10, 2, None, several_points=False) == []


def test_emitted_cells_are_not_empty():
    # Cells of 1, 1 and 5, grand total 7, k = 3, p = 2: the two withheld cells add up to 2.
    table = layer([None, None, 5], ["withheld", "withheld", PUBLISHED], grand_total=7)
    assert intervals(table, 3, None, several_points=False) == [[1, 1], [1, 1]]
    assert leaks(table, 3, 2, None, several_points=False) == [
        f"withheld cell 100m_{c}_0 (withheld) is in [1, 1]: width 0 < p = 2" for c in (0, 1)]


def test_the_number_of_people_gives_a_lone_withheld_cell_away():
    # No totals at all, but N = 13 is known: 13 - 5 - 6 = 2.
    table = layer([None, 5, 6], ["withheld", PUBLISHED, PUBLISHED])
    assert intervals(table, 5, 13, several_points=False) == [[2, 2]]
    assert leaks(table, 5, 1, 13, several_points=False)
    # Without N nothing bounds it from above.
    assert leaks(table, 5, 4, None, several_points=False) == []
    # With several points per person the cells add up to at least N: only a lower bound.
    assert intervals(table, 5, 13, several_points=True) == [[2, 13]]
    assert leaks(table, 5, 3, 13, several_points=True) == []


def test_the_people_total_and_a_parent_total_combine():
    # Two parents; the first publishes its total, the second does not. Within the first the
    # withheld pair adds up to 4 ([1, 3] each with n >= 1); N then pins the lone withheld
    # cell of the second parent: 20 - 4 - 6 - 7 = 3.
    table = pd.concat([layer([None, None, 6], ["withheld"] * 2 + [PUBLISHED], "200m_0_0", 10),
                       layer([None, 7], ["withheld", PUBLISHED], "200m_1_0")], ignore_index=True)
    table["cell_id"] = [f"100m_{c}_0" for c in range(len(table))]
    assert intervals(table, 5, 20, several_points=False) == [[1, 3], [1, 3], [3, 3]]
    assert leaks(table, 5, 2, 20, several_points=False) == [
        "withheld cell 100m_3_0 (withheld) is in [3, 3]: width 0 < p = 2"]


def test_a_grand_total_and_parent_totals_combine():
    # Parents of 12 (a withheld pair next to 7 published) and of 9 (a withheld pair); a third
    # parent publishes no total, but the grand total 30 pins its withheld cell: 30 - 12 - 9 - 6.
    table = pd.concat([layer([None, None, 7], ["withheld"] * 2 + [PUBLISHED], "200m_0_0", 12),
                       layer([None, None], ["withheld"] * 2, "200m_1_0", 9),
                       layer([None, 6], ["withheld", PUBLISHED], "200m_2_0")], ignore_index=True)
    table["cell_id"] = [f"100m_{c}_0" for c in range(len(table))]
    table["grand_total"] = pd.array([30] * len(table), dtype="Int64")
    assert intervals(table, 5, None, False) == [[1, 4], [1, 4], [1, 8], [1, 8], [3, 3]]
    assert leaks(table, 5, 3, None, False) == [
        "withheld cell 100m_5_0 (withheld) is in [3, 3]: width 0 < p = 3"]
    # A grand total that the parents and published cells cannot reach: inconsistent.
    table["grand_total"] = pd.array([27] * len(table), dtype="Int64")
    with pytest.raises(AssertionError, match="inconsistent"):
        intervals(table, 5, None, False)


def test_attribute_groups_have_their_own_grand_totals():
    # Two groups with grand totals; group "bus" has one withheld cell: 9 - 6 = 3.
    table = layer([None, 6, None, None, 8], ["withheld", PUBLISHED, "withheld", "withheld",
                                              PUBLISHED])
    table[ATTRIBUTE] = ["bus", "bus", "car", "car", "car"]
    table["grand_total"] = pd.array([9, 9, 14, 14, 14], dtype="Int64")
    assert intervals(table, 5, None, False, attribute=ATTRIBUTE) == [[3, 3], [1, 5], [1, 5]]
    assert leaks(table, 5, 2, None, False, attribute=ATTRIBUTE) == [
        "withheld cell 100m_0_0 (withheld) is in [3, 3]: width 0 < p = 2"]
    # Read without the attribute column, the grand totals disagree: the attacker says so.
    with pytest.raises(AssertionError, match="differs between its records"):
        intervals(table.drop(columns=ATTRIBUTE), 5, None, False)


def test_a_blank_declared_total_says_only_withheld_and_is_itself_audited():
    # Two parents with one child each, both totals blank, N = 10 known: the blanks say
    # nothing, so each child (and each parent, its sum) holds 1..9.
    table = pd.concat([layer([None], ["withheld"], "200m_0_0"),
                       layer([None], ["withheld"], "200m_1_0")], ignore_index=True)
    table["cell_id"] = ["100m_0_0", "100m_2_0"]
    assert intervals(table, 6, 10, False) == [[1, 9], [1, 9]]
    assert leaks(table, 6, 2, 10, False, declared=("parent_total",)) == []
    # Cells 12 and 15 under a published parent total of 27, two withheld cells under a blank
    # one, the grand total 36: the blank total is 36 - 27 = 9 exactly, below k = 10.
    table = pd.concat([layer([12, 15], [PUBLISHED] * 2, "200m_0_0", 27, 36),
                       layer([None, None], ["withheld"] * 2, "200m_1_0", None, 36)],
                      ignore_index=True)
    table["cell_id"] = [f"100m_{c}_0" for c in range(4)]
    assert leaks(table, 10, 5, None, False) == []  # its cells alone are [1, 8]: wide enough
    assert leaks(table, 10, 5, None, False, declared=("parent_total", "grand_total")) == [
        "withheld parent_total of ('200m_1_0', None) is in [9, 9]: narrower than p = 5"]


def test_published_cells_below_k_and_stated_withheld_counts_are_flagged():
    assert leaks(layer([4, 9], [PUBLISHED, PUBLISHED]), 5, 1, None, False) == [
        "published cell 100m_0_0 has 4 < k = 5"]
    assert leaks(layer([3, 9], ["withheld", PUBLISHED]), 5, 1, None, False) == [
        "withheld cell 100m_0_0 states its count 3"]
    extra = layer([None, 9], ["withheld", PUBLISHED]).assign(first_row=[0, 7])
    assert leaks(extra, 5, 1, None, False) == [
        "columns the attacker cannot account for: ['first_row']"]
    with pytest.raises(AssertionError, match="unknown status label"):
        leaks(layer([None, 9], ["hidden", PUBLISHED]), 5, 1, None, False)


# --------------------------------------------------------------------------------------
# Random releases of the engine against the attacker
# --------------------------------------------------------------------------------------

def random_points(rng, k, several_points, with_attribute):
    """(x, y, person ids, attribute values or None): a grid of at most 5 x 5 cells of 100 m.

    Each person has a point at the centre of a cell; with ``several_points``
    some also have further points, anywhere in the grid (other cells or their own).
    """
    cols, rows = rng.integers(1, 6, size=2)
    cell_col, cell_row = np.divmod(np.arange(cols * rows), rows)
    occupied = rng.random(cols * rows) < rng.uniform(0.3, 1.0)
    # Counts around k: many below it, some at or just above it, a few large.
    small = rng.integers(1, max(k, 2), size=cols * rows)
    near = rng.integers(k, 2 * k + 1, size=cols * rows)
    large = rng.integers(k, 4 * k + 1, size=cols * rows)
    counts = np.choose(rng.choice(3, size=cols * rows, p=[0.45, 0.35, 0.2]), [small, near, large])
    counts = np.where(occupied, counts, 0)
    if counts.sum() == 0:
        counts[rng.integers(cols * rows)] = rng.integers(1, 2 * k + 1)
    home = np.repeat(np.arange(cols * rows), counts)
    people = len(home)
    x = (cell_col[home] + 0.5) * CELL
    y = (cell_row[home] + 0.5) * CELL
    ids = np.arange(people)
    if several_points:
        who = rng.choice(people, size=rng.integers(1, people + 1))
        where = rng.integers(cols * rows, size=len(who))
        x = np.concatenate([x, (cell_col[where] + rng.uniform(0.01, 0.99, len(who))) * CELL])
        y = np.concatenate([y, (cell_row[where] + rng.uniform(0.01, 0.99, len(who))) * CELL])
        ids = np.concatenate([ids, who])
    modes = np.where(rng.random(len(ids)) < 0.5, "bus", "car").astype(object)
    order = rng.permutation(len(ids))
    names = np.array([f"p{i}" for i in ids], dtype=object)
    return x[order], y[order], names[order], modes[order] if with_attribute else None


def true_counts(x, y, ids, modes):
    """{(col, row, attribute value): distinct people}, from the data (attribute None: none)."""
    cols = np.floor(x / CELL).astype(int).tolist()
    rows = np.floor(y / CELL).astype(int).tolist()
    values = [None] * len(x) if modes is None else modes.tolist()
    people = {}
    for group in zip(cols, rows, values, ids.tolist()):
        people.setdefault(group[:3], set()).add(group[3])
    return {group: len(members) for group, members in people.items()}


def check_release_is_true(layer, counts, factor):
    """The layer's counts and totals are the data's, so the attacker's equations are sound.

    Returns the true count of each record."""
    true = [counts[group] for group in zip(layer["col"], layer["row"], layer["key"])]
    assert len(true) == len(counts)  # every non-empty cell emitted once, no empty one
    assert set(layer["status"]) <= {PUBLISHED, "withheld"}  # one label for every withheld cell
    for shown, value, count in zip(layer["status"], layer["n_persons"], true):
        assert shown != PUBLISHED or value == count
    parents = [None if _is_missing(parent) else parent for parent in layer["parent_id"]]
    if any(parents):
        assert parents == [f"{int(CELL * factor)}m_{c // factor}_{r // factor}"
                           for c, r in zip(layer["col"], layer["row"])]
    for column, group in (("parent_total", list(zip(parents, layer["key"]))),
                          ("grand_total", layer["key"])):
        sums = {}
        for name, count in zip(group, true):
            sums[name] = sums.get(name, 0) + count
        for name, total in zip(group, layer[column]):
            assert _is_missing(total) or total == sums[name], (column, name, total, sums[name])
    return np.array(true)


def refusal_is_the_only_safe_answer(layer, true, k, p, people, several_points, declared=()):
    """Even with every cell and every total withheld, some cell below k stays narrower than p,
    or a total below k does.

    Withholding more only relaxes the attacker's programme, so its intervals
    under "everything withheld" contain those under any pattern: a cell or a
    total below k (which must be withheld) that is narrow there is narrow in
    every release of this grid with these totals declared.
    """
    blank = [pd.NA] * len(true)
    everything = dict(layer, status=["withheld"] * len(true), n_persons=blank,
                      parent_total=blank, grand_total=blank)
    attack = Attack(everything, k, people, several_points, declared)
    narrow = attack.narrow_cells(k, p, [true])
    below_k = {cell for cell, count in zip(layer["cell_id"], true) if count < k}
    return any(cell.cell_id in below_k for cell in narrow) or \
        any(upper < k for _, _, upper in attack.narrow_totals(k, p))


CASES = [  # (seed, several points per person, one attribute column, releases to audit)
    (20240501, False, False, 1800),
    (20240502, True, False, 1800),
    (20240503, False, True, 700),
    (20240504, True, True, 700),
]


def test_at_least_5000_releases_are_audited():
    assert sum(releases for *_, releases in CASES) >= 5000


@pytest.mark.parametrize("seed, several_points, with_attribute, releases", CASES,
                         ids=[f"{'several' if s else 'one'}-point{'-attribute' if a else ''}"
                              for _, s, a, _ in CASES])
def test_random_releases_resist_the_attacker(seed, several_points, with_attribute, releases):
    """``releases`` random grids the engine publishes, each audited by the attacker (k 2-10,
    every marginal kind, parent factors 2-4, p 1..k); the grids it refuses are counted and
    each checked to be unprotectable. The summary line is printed (``pytest -s``)."""
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    audited = withheld = 0
    refused = {kind: 0 for kind in grid.MARGINAL_KINDS}
    kinds = {kind: 0 for kind in grid.MARGINAL_KINDS}
    failures, needless_refusals = [], []
    attribute = ATTRIBUTE if with_attribute else None
    release_number = 0
    while audited < releases:
        release_number += 1
        assert release_number <= 3 * releases, "most releases refused"
        k = int(rng.integers(2, 11))
        kind = grid.MARGINAL_KINDS[int(rng.integers(len(grid.MARGINAL_KINDS)))]
        factor = int(rng.integers(2, 5))
        p = int(rng.integers(1, k + 1))
        x, y, ids, modes = random_points(rng, k, several_points, with_attribute)
        persons = grid.encode_person_ids(ids, "id")
        keys = grid.encode_key_columns([] if modes is None else [modes], len(x))
        people = len(set(ids.tolist()))
        if people < k:  # the grid refuses a release of fewer than k people (forced)
            with pytest.raises(InputError, match="fewer than k"):
                grid.suppressed_grid(x, y, persons, keys, (0.0, 0.0), CELL, k,
                                     grid.Marginals(kind, parent_factor=factor, protection=p))
            refused[kind] += 1
            continue
        release = grid.suppressed_grid(x, y, persons, keys, (0.0, 0.0), CELL, k,
                                       grid.Marginals(kind, parent_factor=factor, protection=p))
        cells = release.cells
        frame = cells[list(PUBLISHED_COLUMNS)]
        if attribute:
            # The layer carries each record's attribute value; the test takes it from the data.
            frame = frame.assign(**{attribute: modes[cells["first_row"].to_numpy()]})
        layer = read_layer(frame, attribute)
        true = check_release_is_true(layer, true_counts(x, y, ids, modes), factor)
        case = dict(seed=seed, release=release_number, k=k, kind=kind, factor=factor, p=p)
        # A blank declared total is a withheld total: the attacker audits it too.
        declared = declared_totals(grid.Marginals(kind))
        if release.unprotectable > 0:
            # The Processing algorithm refuses to write this grid: nothing is published.
            refused[kind] += 1
            if not refusal_is_the_only_safe_answer(layer, true, k, p, people, several_points,
                                                   declared):
                needless_refusals.append(case)
            continue
        audited += 1
        kinds[kind] += 1
        held = true[[str(label) != PUBLISHED for label in layer["status"]]]
        withheld += len(held)
        attack = Attack(layer, k, people, several_points, declared)
        # The true counts agree with everything published (the attacker's model is sound).
        assert attack.is_feasible(held), dict(case, problem="the truth contradicts the layer")
        found = leaks(layer, k, p, people, several_points, known_points=[held], declared=declared)
        if found:
            failures.append(dict(case, problems=found))
    summary = dict(audited=audited, refused=refused, kinds=kinds, withheld_cells=withheld,
                   seconds=round(time.perf_counter() - started, 1))
    print(summary)
    assert not failures, f"{len(failures)} release(s) leak; first: {failures[:3]}"
    # Every refusal is forced: with the declared totals even withholding all cells leaks.
    assert not needless_refusals, needless_refusals[:5]
    assert all(kinds.values()), kinds


def naive_layer(layer, true, k):
    """The layer with primary suppression only (cells below k withheld, no complements)."""
    return dict(layer, status=["withheld" if n < k else PUBLISHED for n in true],
                n_persons=[pd.NA if n < k else int(n) for n in true])


def test_the_attacker_catches_primary_only_releases_and_its_shortcut_is_exact():
    # Releases that withhold only the cells below k, with the engine's totals columns: the
    # attacker recovers many, and skipping solves with known points changes no verdict.
    rng = np.random.default_rng(20240509)
    leaking = releases = 0
    for _ in range(150):
        k, p = int(rng.integers(2, 11)), int(rng.integers(1, 6))
        kind = grid.MARGINAL_KINDS[int(rng.integers(len(grid.MARGINAL_KINDS)))]
        factor, several_points = int(rng.integers(2, 5)), bool(rng.integers(2))
        x, y, ids, modes = random_points(rng, k, several_points, with_attribute=False)
        if len(set(ids.tolist())) < k:
            continue  # refused as a whole
        persons = grid.encode_person_ids(ids, "id")
        cells = grid.suppressed_grid(x, y, persons, grid.encode_key_columns([], len(x)),
                                     (0.0, 0.0), CELL, k,
                                     grid.Marginals(kind, parent_factor=factor, protection=p)).cells
        layer = read_layer(cells[list(PUBLISHED_COLUMNS)])
        true = check_release_is_true(layer, true_counts(x, y, ids, None), factor)
        naive = naive_layer(layer, true, k)
        if (true >= k).all():
            continue
        releases += 1
        people = len(set(ids.tolist()))
        attack = Attack(naive, k, people, several_points)
        full = {cell.cell_id for cell in attack.bounds() if cell.lower < k and cell.width < p}
        assert {cell.cell_id for cell in attack.narrow_cells(k, p)} == full
        assert {cell.cell_id for cell in attack.narrow_cells(k, p, [true[true < k]])} == full
        leaking += bool(full)
    assert releases > 100 and leaking > 0.2 * releases, (leaking, releases)


# --------------------------------------------------------------------------------------
# Blank totals: what a NULL in parent_total / grand_total tells the attacker
# --------------------------------------------------------------------------------------

def declared_totals(marginals):
    """The totals columns a release with these marginals declares (a blank there: withheld)."""
    return tuple(column for column, declared in (("parent_total", marginals.parents),
                                                 ("grand_total", marginals.grand_total))
                 if declared)


def test_a_declared_total_below_k_is_blank_and_a_stated_one_is_true():
    # Totals are cells: one below k is withheld (a primary); one of k or more may be withheld
    # as a complement, so a blank says only "withheld".
    rng = np.random.default_rng(20240510)
    seen = {"blank": 0, "stated": 0, "blank at k or more": 0}
    for _ in range(200):
        k, several_points = int(rng.integers(2, 11)), bool(rng.integers(2))
        marginals = grid.Marginals(grid.MARGINALS_BOTH, parent_factor=int(rng.integers(2, 5)),
                                   protection=int(rng.integers(1, k + 1)))
        x, y, ids, _ = random_points(rng, k, several_points, with_attribute=False)
        if len(set(ids.tolist())) < k:
            continue  # refused as a whole
        release = grid.suppressed_grid(x, y, grid.encode_person_ids(ids, "id"),
                                       grid.encode_key_columns([], len(x)), (0.0, 0.0), CELL, k,
                                       marginals)
        layer = read_layer(release.cells[list(PUBLISHED_COLUMNS)])
        true = check_release_is_true(layer, true_counts(x, y, ids, None), marginals.parent_factor)
        for column, group in (("parent_total", layer["parent_id"]),
                              ("grand_total", [0] * len(true))):
            sums = pd.Series(true).groupby(np.asarray(group, dtype=object)).sum().to_dict()
            for name, total in zip(group, layer[column]):
                if sums[name] < k:
                    assert _is_missing(total), (column, name, total, sums[name])
                elif _is_missing(total):
                    seen["blank at k or more"] += 1
                seen["blank" if _is_missing(total) else "stated"] += 1
    assert seen["blank"] > 50 and seen["stated"] > 1000, seen


def release_of(cells, k, p, kind, factor, ids=None, people_known=True):
    """(release, published frame, N or None, several points): people at cell centres,
    ``cells`` a list of ((col, row), people); ``ids`` names each point's person."""
    x = np.concatenate([np.full(n, (c + 0.5) * CELL) for (c, _), n in cells])
    y = np.concatenate([np.full(n, (r + 0.5) * CELL) for (_, r), n in cells])
    ids = np.array([f"p{i}" for i in range(len(x))] if ids is None else ids, dtype=object)
    release = grid.suppressed_grid(x, y, grid.encode_person_ids(ids, "id"),
                                   grid.encode_key_columns([], len(x)), (0.0, 0.0), CELL, k,
                                   grid.Marginals(kind, parent_factor=factor, protection=p),
                                   people_known=people_known)
    people = len(set(ids.tolist()))
    return (release, release.cells[list(PUBLISHED_COLUMNS)], people if people_known else None,
            people < len(ids))


LEAK_REPRODUCERS = {
    # 5 people in cell (0, 0) and 5 in (2, 0): parents of 2 x 2 cells, one child each. Both
    # parent totals are blank (5 < k = 6) and N = 10: the two cells are exactly 5 and 5.
    "two-lone-children-of-blank-parents": dict(
        cells=[((0, 0), 5), ((2, 0), 5)], k=6, p=2, kind=grid.MARGINALS_PARENTS, factor=2),
    # Three cells of one person each; person a has points in two of them (N = 2). The grand
    # total 3 is blank (3 < k = 4), so the three cells add up to at most 3: each is 1.
    "blank-grand-total-several-points": dict(
        cells=[((0, 0), 1), ((1, 0), 1), ((2, 0), 1)], k=4, p=1, kind=grid.MARGINALS_TOTAL,
        factor=2, ids=["a", "a", "b"]),
    # N secret (population_total_secret): two cells of 1, grand total 2 blank (< k = 3): each 1.
    "blank-grand-total-people-secret": dict(
        cells=[((0, 0), 1), ((1, 0), 1)], k=3, p=1, kind=grid.MARGINALS_TOTAL, factor=2,
        people_known=False),
}


@pytest.mark.parametrize("name", list(LEAK_REPRODUCERS))
def test_closed_leak_a_blank_declared_total_gives_withheld_cells_away(name):
    """A closed leak: a declared total is blanked exactly when it is below
    k, and the README says so, but the engine's protection counted a blank total for nothing.
    The brief's attacker (stated totals only) finds these releases safe; an attacker who reads
    the blank as "at most k - 1" recovers every withheld cell exactly. The engine must either
    protect the cells against that reading or refuse."""
    case = LEAK_REPRODUCERS[name]
    if case.get("people_known", True) and len(set(case.get("ids") or range(sum(
            n for _, n in case["cells"])))) < case["k"]:
        with pytest.raises(InputError, match="fewer than k"):  # refused as a whole
            release_of(**case)
        return
    release, frame, people, several_points = release_of(**case)
    k, p, marginals = case["k"], case["p"], grid.Marginals(case["kind"])
    if release.unprotectable == 0:  # published: its cells and its blank totals hold
        assert leaks(frame, k, p, people, several_points,
                     declared=declared_totals(marginals)) == []


@pytest.mark.parametrize("seed, several_points, with_attribute", [
    (20240511, False, False), (20240512, True, False), (20240513, False, True),
    (20240514, True, True)])
def test_closed_leak_random_releases_resist_an_attacker_who_reads_blank_totals(
        seed, several_points, with_attribute):
    """The property test with every attribute and marginal kind, and the attacker that audits
    blank declared totals (see the test above)."""
    rng = np.random.default_rng(seed)
    attribute = ATTRIBUTE if with_attribute else None
    failures, audited = [], 0
    for release_number in range(150):
        k = int(rng.integers(2, 11))
        kind = grid.MARGINAL_KINDS[int(rng.integers(1, len(grid.MARGINAL_KINDS)))]
        factor = int(rng.integers(2, 5))
        p = int(rng.integers(1, k + 1))
        marginals = grid.Marginals(kind, parent_factor=factor, protection=p)
        x, y, ids, modes = random_points(rng, k, several_points, with_attribute)
        if len(set(ids.tolist())) < k:
            continue  # refused as a whole
        release = grid.suppressed_grid(
            x, y, grid.encode_person_ids(ids, "id"),
            grid.encode_key_columns([] if modes is None else [modes], len(x)),
            (0.0, 0.0), CELL, k, marginals)
        if release.unprotectable > 0:
            continue
        audited += 1
        frame = release.cells[list(PUBLISHED_COLUMNS)]
        if attribute:
            frame = frame.assign(**{attribute: modes[release.cells["first_row"].to_numpy()]})
        layer = read_layer(frame, attribute)
        true = check_release_is_true(layer, true_counts(x, y, ids, modes), factor)
        held = true[[str(label) != PUBLISHED for label in layer["status"]]]
        found = leaks(layer, k, p, len(set(ids.tolist())), several_points, known_points=[held],
                      declared=declared_totals(marginals))
        if found:
            failures.append(dict(seed=seed, release=release_number, k=k, p=p, kind=kind,
                                 factor=factor, problems=found[:2]))
    assert not failures, f"{len(failures)} of {audited} releases leak; first: {failures[:2]}"
