"""Suppression across a monthly series: differencing between releases, and its audit."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import plain_lp_bounds

from spatial_privacy_plugin.release import grid
from spatial_privacy_plugin.release.linked_totals import DeclaredTotals
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.release.series import PublishedRelease, Series, flipping_cells, \
    series_intervals
from spatial_privacy_plugin.audit.intervals import attacker_intervals, protection_failures, with_totals
from spatial_privacy_plugin.release.suppression import complementary_suppression

K, P = 5, 3
KEYS = np.array(["a", "b", "c"], dtype=object)


def published(values, withheld, primary, equalities):
    """A release as the attacker holds it: withheld values dropped."""
    return PublishedRelease(KEYS, np.where(withheld, np.nan, values), withheld, primary,
                            equalities)


def first_month(a=3.0):
    """Row a, b, c with its total: a (3) is below k, and b complements it."""
    values = np.array([a, 8.0, 9.0])
    equalities = with_totals([np.arange(3)], values)
    result = complementary_suppression(values, values < K, equalities, P, threshold=K)
    assert result.withheld.tolist() == [True, True, False]
    return published(values, result.withheld, values < K, equalities)


def test_naive_monthly_suppression_leaks_by_differencing_and_joint_suppression_does_not():
    month_one = first_month()
    values = np.array([3.0, 9.0, 8.0])  # b and c swapped sizes; the total did not move
    equalities = with_totals([np.arange(3)], values)
    series = Series([month_one], max_change=1)

    naive = complementary_suppression(values, values < K, equalities, P, threshold=K)
    assert naive.withheld.tolist() == [True, False, True]  # c is now the smallest sibling
    # Alone, the month looks safe ...
    alone = attacker_intervals(values, naive.withheld, equalities)
    assert not protection_failures(alone, values < K, P).any()
    # ... but c was published last month at 9 and moves by at most 1: a = 11 - c is in [1, 3].
    joint = series_intervals(series, KEYS, values, naive.withheld, equalities)
    assert (joint.current.lower[0], joint.current.upper[0]) == (1.0, 3.0)
    assert protection_failures(joint.current, values < K, P)[0]

    result = complementary_suppression(values, values < K, equalities, P, threshold=K, series=series,
                                       cell_keys=KEYS)
    assert result.withheld.tolist() == [True, True, False]  # the same pattern as last month
    audit = series_intervals(series, KEYS, values, result.withheld, equalities)
    assert not protection_failures(audit.current, values < K, P).any()
    assert not protection_failures(audit.previous[0], month_one.protected, P).any()
    assert not result.unprotectable.any() and result.exposed_earlier == ()


def test_a_cell_published_last_month_and_withheld_now_is_pinned_and_unprotectable():
    values = np.array([5.0, 8.0, 9.0])
    month_one = published(values, np.zeros(3, bool), np.zeros(3, bool), with_totals([np.arange(3)],
                                                                                    values))
    now = np.array([4.0, 8.0, 9.0])
    equalities = with_totals([np.arange(3)], now)
    narrow = complementary_suppression(now, now < K, equalities, P, threshold=K,
                                       series=Series([month_one], 1), cell_keys=KEYS)
    assert narrow.unprotectable.tolist() == [True, False, False]
    assert narrow.complementary.sum() == 1  # the total still needs a complement
    wide = complementary_suppression(now, now < K, equalities, P, threshold=K, series=Series([month_one], 2),
                                     cell_keys=KEYS)
    assert not wide.unprotectable.any()  # 4 +- 2 is wide enough for p = 3


def test_a_cell_withheld_last_month_and_published_now_is_withheld_again_to_protect_last_month():
    month_one = first_month()
    now = np.array([5.0, 8.0, 9.0])  # a grew to k
    equalities = with_totals([np.arange(3)], now)
    naive = complementary_suppression(now, now < K, equalities, P, threshold=K)
    assert not naive.withheld.any()
    series = Series([month_one], 2)
    exposed = series_intervals(series, KEYS, now, naive.withheld, equalities)
    # Last month a was within 5 +- 2, and a + b = 11 with b within 8 +- 2: a in [3, 5].
    assert (exposed.previous[0].lower[0], exposed.previous[0].upper[0]) == (3.0, 5.0)
    assert protection_failures(exposed.previous[0], month_one.protected, P)[0]

    result = complementary_suppression(now, now < K, equalities, P, threshold=K, series=series, cell_keys=KEYS)
    assert result.withheld[0] and result.withheld.sum() == 2
    audit = series_intervals(series, KEYS, now, result.withheld, equalities)
    assert not protection_failures(audit.previous[0], month_one.protected, P).any()


def test_a_cell_that_empties_exposes_last_months_value_and_is_reported():
    month_one = first_month(a=2.0)
    now = np.array([8.0, 9.0])  # cell a is empty now: absent, known to be 0, so a was <= 2
    keys = np.array(["b", "c"], dtype=object)
    result = complementary_suppression(now, now < K, with_totals([np.arange(2)], now), P,
                                       series=Series([month_one], 2), cell_keys=keys)
    assert result.exposed_earlier == ("a",)


def test_data_that_break_the_declared_change_are_refused_with_the_fix():
    month_one = first_month()
    now = np.array([3.0, 30.0, 9.0])  # b moved far more than 1 while both months withhold it
    equalities = with_totals([np.arange(3)], now)
    with pytest.raises(InputError, match="series_max_change"):
        series_intervals(Series([month_one], 1), KEYS, now, np.array([True, True, False]),
                         equalities)


def reference_intervals(releases, delta):
    """One plain LP over every cell of every release: no blocks, no closed forms, no skipping."""
    sizes = [len(values) for values, _, _ in releases]
    offsets = np.concatenate([[0], np.cumsum(sizes)])
    bounds = [(0, None) if hidden else (value, value)
              for values, withheld, _ in releases for value, hidden in zip(values, withheld)]
    equalities = [(offsets[index] + cells, total)
                  for index, (_, _, release_equalities) in enumerate(releases)
                  for cells, total in release_equalities]
    links = [(offsets[index - 1] + cell, offsets[index] + cell)  # same cells in every release here
             for index in range(1, len(releases)) for cell in range(sizes[index])]
    lower, upper = plain_lp_bounds(offsets[-1], equalities, bounds, links, delta)
    return lower[offsets[-2]:], upper[offsets[-2]:], lower[:offsets[-2]], upper[:offsets[-2]]


@st.composite
def monthly_series(draw):
    """Months of a grid of small counts under parents and a total; counts move by <= delta."""
    side = draw(st.integers(2, 4))
    n = side * side
    delta = draw(st.integers(0, 3))
    months = draw(st.integers(2, 3))
    values = np.array(draw(st.lists(st.integers(0, 12), min_size=n, max_size=n)), dtype=float)
    series_values = [values]
    for _ in range(months - 1):
        change = np.array(draw(st.lists(st.integers(-delta, delta), min_size=n, max_size=n)))
        series_values.append(np.maximum(series_values[-1] + change, 0.0))
    return side, delta, series_values


def grid_equalities_of(side, values):
    col, row = np.divmod(np.arange(side * side), side)
    marginals = grid.Marginals(grid.MARGINALS_BOTH, parent_factor=2, protection=P)
    totals = DeclaredTotals.of_grid(col, row, np.zeros(side * side, dtype=np.int64), values,
                                    marginals)
    return totals.equalities(totals.values < K)  # totals below k withheld


@settings(max_examples=40, deadline=None)
@given(monthly_series())
def test_joint_intervals_match_one_big_lp_and_joint_suppression_protects_every_month(case):
    side, delta, months = case
    keys = np.array([f"c{i}" for i in range(side * side)], dtype=object)
    previous, reference_months = [], []
    for values in months[:-1]:
        equalities = grid_equalities_of(side, values)
        result = complementary_suppression(values, values < K, equalities, P, threshold=K, integer=False,
                                           series=Series(previous, delta) if previous else None,
                                           cell_keys=keys)
        previous.append(PublishedRelease(keys, np.where(result.withheld, np.nan, values),
                                         result.withheld, values < K, equalities))
        reference_months.append((np.where(result.withheld, 0.0, values), result.withheld,
                                 equalities))
    values = months[-1]
    equalities = grid_equalities_of(side, values)
    series = Series(previous, delta)
    result = complementary_suppression(values, values < K, equalities, P, threshold=K, integer=False,
                                       series=series, cell_keys=keys)

    joint = series_intervals(series, keys, values, result.withheld, equalities, integer=False)
    lower, upper, earlier_lower, earlier_upper = reference_intervals(
        reference_months + [(np.where(result.withheld, 0.0, values), result.withheld, equalities)],
        delta)
    assert np.allclose(joint.current.lower, lower, atol=1e-6)
    assert np.allclose(joint.current.upper, upper, atol=1e-6)
    assert np.allclose(np.concatenate([i.lower for i in joint.previous]), earlier_lower, atol=1e-6)
    assert np.allclose(np.concatenate([i.upper for i in joint.previous]), earlier_upper, atol=1e-6)

    failing = protection_failures(joint.current, values < K, P)
    assert not (failing & ~result.unprotectable).any()
    for release, intervals in zip(previous, joint.previous):
        narrowed = release.cell_keys[protection_failures(intervals, release.protected, P)]
        assert set(narrowed.tolist()) <= set(result.exposed_earlier)


def test_flipping_cells_name_each_change_of_state():
    flips = flipping_cells(np.array(["a", "b", "c", "d"], dtype=object),
                           np.array([True, False, True, False]),
                           np.array(["a", "b", "c", "e"], dtype=object),
                           np.array([True, True, False, True]))
    rows = sorted(map(tuple, flips[["cell_id", "previous_state", "state"]].to_numpy().tolist()))
    assert rows == [("b", "published", "withheld"), ("c", "withheld", "published"),
                    ("e", "absent", "withheld")]


def city_row(cells):
    """Points of distinct people at the centres of 100 m cells: {(col, row): head count}."""
    x, y, people = [], [], []
    for (col, row), count in cells.items():
        x += [col * 100 + 50.0] * count
        y += [row * 100 + 50.0] * count
        people += [f"{col}_{row}_{i}" for i in range(count)]
    return (np.array(x), np.array(y), grid.encode_person_ids(np.array(people, dtype=object), "id"),
            np.zeros(len(x), dtype=np.int64), (0.0, 0.0), 100.0, K,
            grid.Marginals(grid.MARGINALS_TOTAL, protection=P))


def test_a_cell_that_empties_is_emitted_withheld_rather_than_exposing_last_month():
    first = grid.suppressed_grid(*city_row({(0, 0): 2, (1, 0): 8, (2, 0): 9})).cells
    assert first["status"].tolist() == ["withheld", "withheld", "published"]
    series = Series([grid.published_release(first)], 2)
    # Cell 0 is empty now: left out, its absence (0) would pin last month's 2 within [0, 2].
    second = grid.suppressed_grid(*city_row({(1, 0): 8, (2, 0): 9}), series=series)
    assert second.exposed_earlier == () and second.unprotectable == 0
    cells = second.cells.set_index("cell_id")
    assert cells.loc["100m_0_0", "status"] == "withheld"
    assert pd.isna(cells.loc["100m_0_0", "n_persons"])
    published = grid.published_release(second.cells)
    joint = series_intervals(series, published.cell_keys, published.values, published.withheld,
                             published.equalities)
    assert not protection_failures(joint.previous[0], series.previous[0].protected, P).any()


def test_an_emptied_cell_that_needs_no_protection_is_not_emitted():
    first = grid.suppressed_grid(*city_row({(0, 0): 8, (1, 0): 8, (2, 0): 9})).cells
    assert (first["status"] == "published").all()
    second = grid.suppressed_grid(*city_row({(1, 0): 8, (2, 0): 9}),
                                  series=Series([grid.published_release(first)], 2)).cells
    assert second["cell_id"].tolist() == ["100m_1_0", "100m_2_0"]


def test_an_emptied_group_of_an_attribute_breakdown_keeps_its_attribute():
    def month(cells):  # {(col, band): head count} on one row of 100 m cells
        x, people, bands = [], [], []
        for (col, band), count in cells.items():
            x += [col * 100 + 50.0] * count
            people += [f"{band}{col}_{i}" for i in range(count)]
            bands += [band] * count
        keys = grid.encode_key_columns([np.array(bands, dtype=object)], len(x))
        labels = np.empty(int(keys.max()) + 1, dtype=object)
        labels[keys] = bands
        return (np.array(x), np.full(len(x), 50.0),
                grid.encode_person_ids(np.array(people, dtype=object), "id"), keys, (0.0, 0.0),
                100.0, K, grid.Marginals(grid.MARGINALS_TOTAL, protection=P)), labels

    arguments, labels = month({(0, "a"): 2, (1, "a"): 8, (2, "a"): 9, (0, "b"): 20})
    first = grid.suppressed_grid(*arguments, series=None)
    keys = grid.series_keys(first.cells["cell_id"], labels[arguments[3][first.cells["first_row"]]])
    release = grid.published_release(first.cells, keys)
    # Band a leaves cell 0 entirely; band b stays.
    arguments, labels = month({(1, "a"): 8, (2, "a"): 9, (0, "b"): 20})
    second = grid.suppressed_grid(*arguments, series=Series([release], 2), key_labels=labels)
    assert second.exposed_earlier == ()
    cells = second.cells
    emitted = cells[(cells["cell_id"] == "100m_0_0") & (cells["status"] == "withheld")]
    assert len(emitted) == 1 and pd.isna(emitted["n_persons"].iloc[0])
    assert (cells["cell_id"] == "100m_0_0").sum() == 2  # band b's published cell and a's withheld
