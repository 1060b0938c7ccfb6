"""The DP grid release: every cell, consistent non-negative integers, accuracy and bias."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatial_privacy_plugin.noise import dp_release
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.noise.system_random import dp_random
from spatial_privacy_plugin.risk.masking import mask_generator
from spatial_privacy_plugin.samples.synthetic import synthetic_trips

SIZES = (250.0, 500.0, 1000.0, 2000.0)


@pytest.fixture(scope="module")
def homes():
    """One point per person (their first trip): bounded counts are then the true counts."""
    trips = synthetic_trips().drop_duplicates("person_id")
    return trips["x"].to_numpy(), trips["y"].to_numpy(), trips["person_id"].to_numpy() - 1


def _domain(x, y, coarsest=2000.0):
    return dp_release.extent_domain((0.0, 0.0), coarsest, (x.min(), y.min(), x.max(), y.max()))


def _true_counts(x, y, domain, size):
    """Distinct people (one point each) per cell of the domain, as a dict cell -> count."""
    cols = np.floor(x / size).astype(int)
    rows = np.floor(y / size).astype(int)
    keys, counts = np.unique(np.stack([cols, rows]), axis=1, return_counts=True)
    return {(int(c), int(r)): int(n) for (c, r), n in zip(keys.T, counts)}


def _release(homes, mechanism=dp_release.MECHANISM_LAPLACE, epsilon=1.0, seed="s", m=1):
    x, y, persons = homes
    plan = dp_release.plan_noise(mechanism, epsilon, SIZES, m, 1e-6)
    return plan, dp_release.dp_grid(x, y, persons, _domain(x, y), plan, mask_generator(seed))


@pytest.mark.parametrize("mechanism", dp_release.MECHANISMS)
def test_counts_are_non_negative_integers_that_add_up_level_to_level(homes, mechanism):
    _, release = _release(homes, mechanism)
    cells = release.cells
    assert cells["n_persons"].dtype.kind == "i"
    assert (cells["n_persons"] >= 0).all()
    totals = cells.groupby("resolution_m")["n_persons"].sum()
    assert totals.nunique() == 1  # the same released total at every level
    for fine, coarse in zip(SIZES, SIZES[1:]):
        children = cells[cells["resolution_m"] == fine]
        factor = int(coarse / fine)
        sums = children.groupby([children["col"] // factor, children["row"] // factor])[
            "n_persons"].sum()
        parents = cells[cells["resolution_m"] == coarse].set_index(["col", "row"])["n_persons"]
        assert sums.sort_index().tolist() == parents.sort_index().tolist()


def test_every_cell_of_the_extent_is_present_empty_ones_included(homes):
    x, y, _ = homes
    _, release = _release(homes)
    domain = _domain(x, y)
    n_rows, n_cols = domain.mask.shape
    for size in SIZES:
        factor = int(2000 / size)
        level = release.cells[release.cells["resolution_m"] == size]
        assert len(level) == n_rows * n_cols * factor * factor
        assert level["cell_id"].is_unique
        assert level["col"].min() == domain.col0 * factor
        assert level["row"].max() == (domain.row0 + n_rows) * factor - 1
    occupied = _true_counts(x, y, domain, 250.0)
    assert len(release.cells[release.cells["resolution_m"] == 250.0]) > 3 * len(occupied)


@pytest.mark.parametrize("mechanism", dp_release.MECHANISMS)
def test_mean_absolute_error_per_level_is_within_1_5_times_the_mechanisms(homes, mechanism):
    x, y, _ = homes
    plan, release = _release(homes, mechanism)
    domain = _domain(x, y)
    for level in plan.levels:
        truth = _true_counts(x, y, domain, level.resolution)
        cells = release.cells[release.cells["resolution_m"] == level.resolution]
        true = np.array([truth.get((c, r), 0) for c, r in zip(cells["col"], cells["row"])])
        error = np.abs(cells["n_persons"].to_numpy() - true)
        assert error.mean() <= 1.5 * level.expected_mae
        populated = true >= 20
        # the noise is really there on populated cells (no test that cannot fail)
        assert error[populated].mean() > 0.2 * level.expected_mae


@pytest.mark.parametrize("mechanism, epsilon", [(dp_release.MECHANISM_LAPLACE, 1.0),
                                                (dp_release.MECHANISM_GAUSSIAN, 2.0)])
def test_no_bias_beyond_one_person_on_cells_of_50_or_more(homes, mechanism, epsilon):
    x, y, _ = homes
    domain = _domain(x, y)
    errors = {size: [] for size in SIZES}
    for run in range(8):
        _, release = _release(homes, mechanism, epsilon, seed=f"bias {run}")
        for size in SIZES:
            truth = _true_counts(x, y, domain, size)
            cells = release.cells[release.cells["resolution_m"] == size]
            true = np.array([truth.get((c, r), 0) for c, r in zip(cells["col"], cells["row"])])
            large = true >= 50
            errors[size] += (cells["n_persons"].to_numpy()[large] - true[large]).tolist()
    for size, values in errors.items():
        assert len(values) >= 100
        assert abs(np.mean(values)) <= 1.0, size


def test_the_bias_report_shows_small_counts_pay_for_non_negativity(homes):
    _, release = _release(homes)
    bias = release.bias
    assert set(bias.columns) >= {"resolution_m", "true_count", "cells", "mean_error"}
    empty = bias[bias["true_count"] == "0"]
    assert (empty["mean_error"] > 0).all()  # empty cells can only be released at 0 or more


def test_runs_without_a_seed_differ_and_with_a_seed_are_identical(homes):
    x, y, persons = homes
    plan = dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.0, SIZES, 1)
    domain = _domain(x, y)
    unseeded = [dp_release.dp_grid(x, y, persons, domain, plan, dp_random(None))
                for _ in range(2)]
    assert not unseeded[0].cells["n_persons"].equals(unseeded[1].cells["n_persons"])
    seeded = [dp_release.dp_grid(x, y, persons, domain, plan, dp_random("x"))
              for _ in range(2)]
    assert seeded[0].cells["n_persons"].equals(seeded[1].cells["n_persons"])


def test_each_person_counts_in_at_most_m_cells_of_each_level():
    # One person with points in five 100 m cells spread over two 200 m parents.
    x = np.array([50.0, 150.0, 250.0, 350.0, 50.0])
    y = np.array([50.0, 50.0, 50.0, 50.0, 150.0])
    persons = np.zeros(5, dtype=np.int64)
    domain = dp_release.extent_domain((0.0, 0.0), 400.0, (0, 0, 400, 400))
    for m in (1, 2, 3):
        for seed in range(5):
            counts, _ = dp_release.bounded_counts(x, y, persons, domain, (100.0, 200.0, 400.0), m,
                                                  mask_generator(str(seed)))
            assert counts[0].sum() == m
            assert counts[1].sum() <= m and counts[2].sum() == 1
            assert counts[0].max() == 1


def test_points_outside_the_domain_are_not_counted():
    x, y = np.array([50.0, 950.0]), np.array([50.0, 50.0])
    domain = dp_release.extent_domain((0.0, 0.0), 200.0, (0, 0, 400, 400))
    counts, outside = dp_release.bounded_counts(x, y, np.array([0, 1]), domain, (100.0, 200.0), 1,
                                                mask_generator("a"))
    assert outside and counts[0].sum() == 1


def test_a_study_area_releases_the_cells_it_covers():
    square = [[[np.array([[0, 0], [300, 0], [300, 300], [0, 300], [0, 0]], dtype=float)]]]
    domain = dp_release.study_area_domain((0.0, 0.0), 400.0, 100.0, square)
    assert domain.mask.shape == (1, 1) and domain.mask.all()
    far = [[[np.array([[0, 0], [100, 0], [100, 100], [0, 100], [0, 0]], dtype=float)]],
           [[np.array([[1210, 0], [1300, 0], [1300, 90], [1210, 90], [1210, 0]], dtype=float)]]]
    domain = dp_release.study_area_domain((0.0, 0.0), 400.0, 100.0, far)
    assert domain.mask.tolist() == [[True, False, False, True]]


def test_accuracy_95_is_the_half_width_of_the_noise_interval():
    plan = dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.0, (100.0,), 1)
    level = plan.levels[0]
    alpha = math.exp(-1.0)
    beyond = lambda a: 2 * alpha ** (a + 1) / (1 + alpha)  # noqa: E731
    assert beyond(level.accuracy_95) <= 0.05 < beyond(level.accuracy_95 - 1)
    draws = dp_release.draw_noise(plan, level, 200_000, mask_generator("acc"))
    assert abs((np.abs(draws) <= level.accuracy_95).mean() - (1 - beyond(level.accuracy_95))) < 0.01
    gauss = dp_release.plan_noise(dp_release.MECHANISM_GAUSSIAN, 1.0, (100.0,), 1, 1e-6).levels[0]
    draws = dp_release.draw_noise(dp_release.plan_noise(dp_release.MECHANISM_GAUSSIAN, 1.0,
                                                        (100.0,), 1, 1e-6), gauss, 200_000,
                                  mask_generator("g"))
    assert (np.abs(draws) <= gauss.accuracy_95).mean() >= 0.945
    assert (np.abs(draws) <= gauss.accuracy_95 - 1).mean() < 0.955


def test_the_budget_is_split_equally_and_the_gaussian_converts_at_delta():
    plan = dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.2, (100.0, 200.0, 400.0), 2)
    assert [level.epsilon for level in plan.levels] == pytest.approx([0.4] * 3)
    assert float(plan.levels[0].noise) == pytest.approx(2 / 0.4)
    gauss = dp_release.plan_noise(dp_release.MECHANISM_GAUSSIAN, 1.0, (100.0, 200.0), 1, 1e-6)
    assert dp_release.zcdp_epsilon(gauss.rho, 1e-6) == pytest.approx(1.0)
    assert sum(level.rho for level in gauss.levels) == pytest.approx(gauss.rho)
    assert float(gauss.levels[0].noise) == pytest.approx(1 / (2 * gauss.rho / 2), rel=1e-5)


@pytest.mark.parametrize("call, message", [
    (lambda: dp_release.check_nested((1000.0, 1500.0)), "not nested"),
    (lambda: dp_release.plan_noise(dp_release.MECHANISM_GAUSSIAN, 1.0, (100.0,), 1), "delta"),
    (lambda: dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 0.0, (100.0,), 1), "positive"),
    (lambda: dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.0, (100.0,), 0), "at least 1"),
    (lambda: dp_release.extent_domain((0.0, 0.0), 1.0, (0, 0, 1e5, 1e5)), "smaller extent"),
    (lambda: dp_release.extent_domain((0.0, 0.0), 2.0, (0, 0, 4e3, 4e3), 1.0),
     "The domain has 16000000 cells at the finest level"),
    (lambda: dp_release.extent_domain((0.0, 0.0), 1.0, (0, 0, 1e12, 1e12)),
     "The domain has 1000000000000000000000000 cells"),  # refused before any allocation
    (lambda: dp_release.extent_domain((0.0, 0.0), 100.0, (0, 0, 0, 400)), "has no area"),
    (lambda: dp_release.plan_noise(dp_release.MECHANISM_GAUSSIAN, 1e-300, (100.0,), 1, 1e-6),
     "ε = 1e-300 is below the smallest ε of one release"),
    (lambda: dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1e-300, (100.0,), 1),
     "ε = 1e-300 is below the smallest ε of one release"),
    (lambda: dp_release.extent_domain((0.0, 0.0), 2.0, (0, 0, 4e3, 4e3)), None),
])
def test_bad_parameters_are_refused_with_the_fix(call, message):
    if message is None:  # a domain laid on coarser cells is checked again at the finest level
        domain = call()
        plan = dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.0, (1.0, 2.0), 1)
        with pytest.raises(InputError, match="smaller extent"):
            dp_release.dp_grid(np.array([1.0]), np.array([1.0]), np.array([0]), domain, plan,
                               mask_generator("z"))
        return
    with pytest.raises(InputError, match=message):
        call()


def test_lattice_points_in_polygons_agree_with_the_zone_assignment():
    from spatial_privacy_plugin.counting.zones import assign_points

    rng = np.random.default_rng(3)
    for trial in range(20):
        n = int(rng.integers(3, 40))
        angles = np.sort(rng.uniform(0, 2 * np.pi, n))
        radii = rng.uniform(100, 1000, n)
        ring = np.c_[1000 + radii * np.cos(angles), 1000 + radii * np.sin(angles)]
        if trial % 2:
            ring = np.vstack([ring, ring[:1]])  # closed rings as QGIS gives them
        hole = np.c_[1000 + 50 * np.cos(angles[:3]), 1000 + 50 * np.sin(angles[:3])]
        polygons = [[[ring, hole]], [[ring + [1500, 0]]]]
        x, y = np.arange(-10, 3000, 37.0) + 0.5, np.arange(-10, 2100, 41.0) + 0.5
        grid_x, grid_y = np.meshgrid(x, y)
        expected = (assign_points(grid_x.ravel(), grid_y.ravel(), polygons) >= 0).reshape(grid_x.shape)
        assert expected.any() and not expected.all()
        assert (dp_release.centres_inside(x, y, polygons) == expected).all(), trial


def test_a_cancelled_release_stops_between_levels():
    from spatial_privacy_plugin.errors import Cancelled

    plan = dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.0, (100.0, 200.0), 1)
    domain = dp_release.extent_domain((0.0, 0.0), 200.0, (0, 0, 400, 400))
    with pytest.raises(Cancelled):
        dp_release.dp_grid(np.array([1.0]), np.array([1.0]), np.array([0]), domain, plan,
                           mask_generator("c"), lambda: True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0.5, 1.0, 2.5, 250.0, 1000.0, 1e6]),
                          st.integers(-10 ** 6, 10 ** 6), st.integers(-10 ** 6, 10 ** 6)),
                max_size=40),
       st.booleans())
def test_cell_ids_are_the_size_column_and_row_as_text(cells, one_size):
    """The ids made in bulk (issue 43: no Python call per cell) are '{size:g}m_{col}_{row}',
    for one size or a size per cell."""
    from spatial_privacy_plugin.counting.cells import cell_ids

    sizes = [cells[0][0] if one_size else size for size, _, _ in cells]
    cols = np.array([col for _, col, _ in cells], dtype=np.int64)
    rows = np.array([row for _, _, row in cells], dtype=np.int64)
    ids = cell_ids(sizes[0] if one_size and cells else np.array(sizes), cols, rows)
    assert ids.dtype == object
    assert ids.tolist() == [f"{size:g}m_{col}_{row}" for size, col, row in
                            zip(sizes, cols.tolist(), rows.tolist())]
