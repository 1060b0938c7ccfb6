"""The suppressed grid against an independent attacker of the linked table (issue 33).

The attacker (``linked_table_attacker``) reads only what a release publishes and is not
told why a value is blank. First it is tried on releases made by hand and on releases that
withhold only what is below k (it must find their leaks); then on random small linked
tables protected by the engine's public ``suppressed_grid``: every release the engine
writes must give nothing away, and its refusals are counted. Two tests fail on the grid
before issue 33, which left a parent total below k blank beside totals that pin it (the
smallest case by hand, and 9 of the 1,161 random releases it wrote).
"""

import time

import numpy as np
import pandas as pd
import pytest
from linked_table_attacker import attack, judge, leaks
from linked_table_cases import CELL, attacked, describe, random_table

from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.release import grid


def release(rows, key_labels=None):
    """A published layer by hand: (cell_id, n_persons or None (withheld), parent_id,
    parent_total, grand_total) per cell, None for a blank."""
    cells = pd.DataFrame(rows, columns=["cell_id", "n_persons", "parent_id", "parent_total",
                                        "grand_total"])
    for column in ("n_persons", "parent_total", "grand_total"):
        cells[column] = pd.array(cells[column].tolist(), dtype="Int64")
    cells["status"] = np.where(cells["n_persons"].isna(), "withheld", "published")
    if key_labels is not None:
        cells["key_label"] = key_labels
    return cells


def interval(items, name):
    found = [item for item in items if item.name == name]
    assert len(found) == 1, (name, [item.name for item in items])
    return found[0].lower, found[0].upper


# (a) Two withheld children under a published parent: each lies in an interval.
def test_two_withheld_children_under_a_published_parent_lie_in_an_interval():
    cells = release([("a", None, "P", 19, None), ("b", None, "P", 19, None),
                     ("c", 12, "P", 19, None)])  # a + b = 7
    items = attack(cells)
    assert interval(items, "a") == interval(items, "b") == (1, 6)
    assert leaks(cells, k=5, p=3) == []
    # The same interval is narrower than p = 6: both cells leak.
    assert [leak.split(":")[0] for leak in leaks(cells, k=5, p=6)] == ["a", "b"]


# (b) One withheld child under a published parent is exact.
def test_one_withheld_child_under_a_published_parent_is_exact():
    cells = release([("a", None, "P", 15, None), ("c", 12, "P", 15, None)])
    assert interval(attack(cells), "a") == (3, 3)
    assert leaks(cells, k=5, p=1) == ["a: withheld, in [3, 3] (narrower than p = 1, could be "
                                      "below k = 5)"]


# (c) A published total below k leaks, however well its cells are protected.
def test_a_published_total_below_k_leaks():
    cells = release([("a", None, "P", 8, None), ("b", None, "P", 8, None)])
    assert interval(attack(cells), "a") == (1, 7)  # width 6 >= p
    assert leaks(cells, k=10, p=5) == ["parent P: published 8 < k = 10"]
    grand = release([("a", None, None, None, 8), ("b", None, None, None, 8)])
    assert leaks(grand, k=10, p=5, grand_total_declared=True) == [
        "grand total: published 8 < k = 10"]
    # The control: a total of 10.
    assert leaks(release([("a", None, "P", 10, None), ("b", None, "P", 10, None)]), 10, 5) == []


# (d) A withheld total is the sum of its cells: exact when they are all published.
def test_a_withheld_total_of_published_cells_is_exact_and_leaks_only_below_k():
    large = release([("a", 12, "P", None, None), ("b", 15, "P", None, None)])
    assert interval(attack(large), "parent P") == (27, 27)
    assert leaks(large, k=10, p=5) == []  # 27 could have been published
    small = release([("a", 3, "P", None, None), ("b", 4, "P", None, None)])
    assert "parent P: withheld, in [7, 7] (narrower than p = 5, could be below k = 10)" in \
        leaks(small, k=10, p=5)


def test_a_withheld_total_is_pinned_by_the_grand_total_and_the_other_parents():
    # The pattern of the grid before issue 33: a parent total below k left blank, every other
    # parent total and the grand total published.
    def cells(grand):
        return release([("a", 12, "P", 27, grand), ("b", 15, "P", 27, grand),
                        ("c", None, "Q", None, grand), ("d", None, "Q", None, grand)])
    assert leaks(cells(36), k=10, p=5, grand_total_declared=True) == [
        "parent Q: withheld, in [9, 9] (narrower than p = 5, could be below k = 10)"]
    # With Q = 13 the same pattern gives nobody away (c, d in [1, 12]).
    assert leaks(cells(40), k=10, p=5, grand_total_declared=True) == []
    # Without the grand total declared, its column is not read.
    assert leaks(cells(None), k=10, p=5) == []


def test_a_blank_total_says_only_withheld():
    # Nothing bounds a blank parent's cells when the number of people is secret...
    cells = release([("a", 12, "P", 27, None), ("b", 15, "P", 27, None),
                     ("c", None, "Q", None, None), ("d", None, "Q", None, None)])
    assert interval(attack(cells), "c") == (1, np.inf)
    assert interval(attack(cells), "parent Q") == (2, np.inf)
    assert leaks(cells, k=10, p=5) == []
    # ... but the number of people does: c + d = 30 - 27.
    assert interval(attack(cells, people=30), "c") == (1, 2)
    assert leaks(cells, k=10, p=5, people=30) == [
        "c: withheld, in [1, 2] (narrower than p = 5, could be below k = 10)",
        "d: withheld, in [1, 2] (narrower than p = 5, could be below k = 10)",
        "parent Q: withheld, in [3, 3] (narrower than p = 5, could be below k = 10)"]
    # A known number of people below k is itself a leak: the release is a place of 7 people.
    few = release([("a", None, None, None, None), ("b", None, None, None, None)])
    assert leaks(few, k=10, p=5, people=7) == ["N = 7: fewer than k = 10 people"]


def test_totals_are_per_key_and_emitted_cells_may_be_empty_when_the_release_says_so():
    cells = release([("x", None, None, None, 15), ("y", 12, None, None, 15),
                     ("x", None, None, None, 40), ("y", 20, None, None, 40)],
                    key_labels=["a", "a", "b", "b"])
    # Key a: x = 3 exactly; key b: x = 20, exact but known to be at least k.
    assert leaks(cells, k=10, p=5, grand_total_declared=True) == [
        "x: withheld, in [3, 3] (narrower than p = 5, could be below k = 10)"]
    two = release([("a", None, "P", 12, None), ("b", None, "P", 12, None),
                   ("c", 12, "P", 12, None)])
    assert interval(attack(two, non_empty=False), "a") == (0, 0)
    assert leaks(two, k=10, p=5, non_empty=False) == []  # known empty: nobody is given away
    with pytest.raises(AssertionError, match="contradicts itself"):
        attack(two)  # a and b hold at least one person each: 12 + 2 > 12


def engine_release(case):
    """The cells the engine writes for a case of ``random_table``, or None when it refuses."""
    persons = np.arange(len(case["x"]), dtype=np.int64)  # one point per person
    try:
        written = grid.suppressed_grid(case["x"], case["y"], persons, case["key"], (0.0, 0.0),
                                       CELL, case["k"], case["marginals"],
                                       key_labels=case["key_labels"],
                                       people_known=case["people_known"])
    except InputError:
        return None
    return None if written.unprotectable else written.cells


def naive_release(case):
    """The case released with primary suppression only, by hand: cells below k withheld, every
    declared total published unless it is below k."""
    k, marginals, truth = case["k"], case["marginals"], case["truth"]
    col, row, key = np.nonzero(truth)
    n = truth[col, row, key]
    factor = marginals.parent_factor
    parent = [f"{CELL * factor:g}m_{c // factor}_{r // factor}" for c, r in zip(col, row)]
    cells = pd.DataFrame({"cell_id": [f"{CELL:g}m_{c}_{r}" for c, r in zip(col, row)],
                          "col": col, "row": row,
                          "n_persons": pd.array(np.where(n < k, 0, n), dtype="Int64"),
                          "status": np.where(n < k, "withheld", "published"),
                          "parent_id": parent if marginals.parents else None})
    cells.loc[n < k, "n_persons"] = pd.NA

    def total(groups, declared):
        sums = pd.Series(n).groupby(groups).transform("sum")
        return pd.array(sums.where((sums >= k) & declared), dtype="Int64")
    cells["parent_total"] = total([parent, key], marginals.parents)
    cells["grand_total"] = total([key], marginals.grand_total)
    if case["key_labels"] is not None:
        cells["key_label"] = case["key_labels"][key]
    return cells


def test_the_attacker_finds_the_leaks_of_primary_suppression_and_its_shortcut_is_exact():
    # The negative control of the property test below: releases that withhold only what is
    # below k give cells and totals away. And the shortcut never changes a verdict: its
    # intervals lie inside the exact ones and judge alike (on those and the engine's).
    rng = np.random.default_rng(2026_12_04)
    leaking = releases = 0
    while releases < 40:
        case = random_table(rng)
        people = int(case["truth"].sum()) if case["people_known"] else None
        k, p = case["k"], case["marginals"].protection
        naive, written = naive_release(case), engine_release(case)
        for cells in (naive, written):
            if cells is None or cells["status"].eq("published").all():
                continue
            exact, quick = attacked(case, cells, shortcut=False), attacked(case, cells)
            for full, inner in zip(exact, quick, strict=True):
                assert full.exact and full.name == inner.name and (
                    not full.withheld or full.lower <= inner.lower <= inner.upper <= full.upper)
            assert judge(exact, k, p, people) == judge(quick, k, p, people)
            if cells is naive:
                releases += 1
                leaking += bool(judge(exact, k, p, people))
    assert leaking >= releases / 2, (leaking, releases)  # 24 of 40


def row_of_cells(counts):
    """Points of distinct people at the centres of a row of 250 m cells holding ``counts``."""
    col = np.repeat(np.arange(len(counts)), counts)
    return (col + 0.5) * CELL, np.full(len(col), 0.5 * CELL), np.arange(len(col)), \
        np.zeros(len(col), dtype=np.int64)


def test_the_grid_does_not_leave_a_blank_parent_total_pinned_by_the_published_totals():
    # Cells 12, 15 | 4, 5 under 500 m parents, k = 10, p = 5, parents and grand total
    # declared. Before issue 33 the grid withheld 4 and 5 and the second parent's total (9,
    # below k), and published 27 and 36 beside them: the blank total is 36 - 27 = 9.
    for people_known in (True, False):
        written = grid.suppressed_grid(*row_of_cells([12, 15, 4, 5]), (0.0, 0.0), CELL, 10,
                                       grid.Marginals(grid.MARGINALS_BOTH, 2, 5),
                                       people_known=people_known)
        if written.unprotectable:
            continue  # refused: nothing is published
        found = leaks(written.cells, 10, 5, 36 if people_known else None,
                      grand_total_declared=True)
        assert not found, (people_known, found)


# On the grid before issue 33 (main at 9e7a569) these 1,500 tables gave: 1,161 written,
# 339 refused (22.6 %, every one with parent totals declared: a parent total was withheld only
# below k, so its blank pinned the cells under it); 9 written releases leaked, each a blank
# parent total pinned exactly (from 3 to 8, below k) by the grand total and the other parents'
# totals. The ceiling allows no more refusals than that code made; the target is below
# 5 %. About 26 s of processor time (62 s on this machine shared at a load of 4-5).
REFUSAL_CEILING = 0.25
TABLES = 1500


def test_every_release_the_grid_writes_gives_nothing_away():
    """Random small linked tables through the engine's public ``suppressed_grid``: no written
    release has a published value below k, or a withheld one that could be below k in an
    interval narrower than p. The summary line is printed (``pytest -s``)."""
    rng = np.random.default_rng(2026_12_04_33)
    started = time.perf_counter()
    refused, failures = 0, []
    for number in range(TABLES):
        case = random_table(rng)
        cells = engine_release(case)
        if cells is None:
            refused += 1
            continue
        people = int(case["truth"].sum()) if case["people_known"] else None
        found = judge(attacked(case, cells), case["k"], case["marginals"].protection, people)
        if found:
            failures.append(dict(describe(case), table=number, leaks=found))
    print(dict(tables=TABLES, written=TABLES - refused, refused=refused,
               refusal_rate=round(refused / TABLES, 3), leaking=len(failures),
               seconds=round(time.perf_counter() - started, 1)))
    assert not failures, f"{len(failures)} written release(s) leak:\n" + \
        "\n".join(map(str, failures))
    assert refused / TABLES <= REFUSAL_CEILING, refused / TABLES
