"""The method comparison's measures, each against a hand-computed case and a second
implementation written here, and its rows against the engine functions of the three methods."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from spatial_privacy_plugin.compare import grid_flow, measures, methods, transport
from spatial_privacy_plugin.counting.cells import count_cells, people_total
from spatial_privacy_plugin.noise.cellkey import hmac_record_keys, perturbed_cells
from spatial_privacy_plugin.noise.cellkey_audit import utility
from spatial_privacy_plugin.noise.dp_release import dp_grid, extent_domain, plan_noise
from spatial_privacy_plugin.noise.ptable import create_ptable
from spatial_privacy_plugin.release.grid_release import suppressed_grid
from spatial_privacy_plugin.release.totals import Marginals
from spatial_privacy_plugin.risk.masking import mask_generator


# Second implementations -------------------------------------------------------------------

def brute_force_wasserstein(col, row, a, b, resolution):
    """W1 as the full transport problem between every cell and every cell (no shared mass
    cancelled first), shares as floats, solved by scipy's HiGHS on a dense matrix."""
    from scipy.optimize import linprog

    p = np.asarray(a, float) / np.sum(a)
    q = np.asarray(b, float) / np.sum(b)
    n = len(p)
    cost = [resolution * math.hypot(col[i] - col[j], row[i] - row[j])
            for i in range(n) for j in range(n)]
    equalities = np.zeros((2 * n, n * n))
    for i in range(n):
        for j in range(n):
            equalities[i, i * n + j] = 1.0
            equalities[n + j, i * n + j] = 1.0
    result = linprog(cost, A_eq=equalities, b_eq=np.concatenate([p, q]), bounds=(0, None),
                     method="highs")
    assert result.status == 0
    return result.fun


def one_dimensional_wasserstein(positions, a, b, resolution):
    """W1 on a line: the area between the two cumulative distributions."""
    order = np.argsort(positions)
    positions = np.asarray(positions, float)[order]
    p = (np.asarray(a, float) / np.sum(a))[order]
    q = (np.asarray(b, float) / np.sum(b))[order]
    gaps = np.diff(positions) * resolution
    return float(np.sum(np.abs(np.cumsum(p - q)[:-1]) * gaps))


def dense_morans_i(col, row, values):
    """Moran's I with a full queen weight matrix: n / S0 · e'We / e'e."""
    n = len(values)
    e = np.asarray(values, float) - np.mean(values)
    weights = np.array([[1.0 if i != j and abs(col[i] - col[j]) <= 1 and abs(row[i] - row[j]) <= 1
                         else 0.0 for j in range(n)] for i in range(n)])
    return n / weights.sum() * (e @ weights @ e) / (e @ e)


def hellinger_by_roots(a, b):
    """sqrt(½ Σ (√p − √q)²), the other textbook form."""
    p = np.asarray(a, float) / np.sum(a)
    q = np.asarray(b, float) / np.sum(b)
    return math.sqrt(0.5 * np.sum((np.sqrt(p) - np.sqrt(q)) ** 2))


# The Kantorovich–Wasserstein distance --------------------------------------------------------

def test_wasserstein_by_hand():
    # Everyone in (0, 0) truly; half published one cell east: half the people move 100 m.
    assert measures.wasserstein([0, 1], [0, 0], [2, 0], [1, 1], 100.0).distance == \
        pytest.approx(50.0)
    # All of them 3 east and 4 north: 500 m each.
    assert measures.wasserstein([0, 3], [0, 4], [7, 0], [0, 7], 100.0).distance == \
        pytest.approx(500.0)
    # The same shares (twice the people): nothing moves.
    transport = measures.wasserstein([0, 1], [0, 0], [2, 4], [1, 2], 100.0)
    assert transport.distance == 0.0 and transport.pairs == 0
    # Three cells on a line, 1/3 each against 1/2, 0, 1/2: 1/6 moves 100 m each way... the
    # middle third splits to both ends: W1 = 2 · 1/6 · 100.
    assert measures.wasserstein([0, 1, 2], [0, 0, 0], [1, 1, 1], [1, 0, 1], 100.0).distance == \
        pytest.approx(100.0 / 3)


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.integers(0, 9),
                          st.integers(0, 9)), min_size=1, max_size=8,
                unique_by=lambda cell: cell[:2]))
def test_wasserstein_equals_the_full_transport_problem(cells):
    col, row, a, b = (np.array(values) for values in zip(*cells))
    if a.sum() == 0 or b.sum() == 0:
        assert measures.wasserstein(col, row, a, b, 250.0).distance is None
        return
    ours = measures.wasserstein(col, row, a, b, 250.0).distance
    assert ours == pytest.approx(brute_force_wasserstein(col, row, a, b, 250.0), abs=1e-6)


@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 50), st.integers(0, 50)),
                min_size=2, max_size=12, unique_by=lambda cell: cell[0]))
def test_wasserstein_on_a_line_equals_the_closed_form(cells):
    col, a, b = (np.array(values) for values in zip(*cells))
    if a.sum() == 0 or b.sum() == 0:
        return
    ours = measures.wasserstein(col, np.zeros_like(col), a, b, 100.0).distance
    assert ours == pytest.approx(one_dimensional_wasserstein(col, a, b, 100.0), abs=1e-6)


@pytest.mark.parametrize("seed", range(6))
def test_column_generation_reaches_the_full_problems_optimum(seed, monkeypatch):
    # One first arc per cell: the optimum needs arcs that only the reduced costs find.
    monkeypatch.setattr(transport, "NEAREST", 1)
    rng = np.random.default_rng(seed)
    side = 6
    col, row = np.divmod(np.arange(side * side), side)
    a, b = rng.integers(0, 6, side * side), rng.integers(0, 6, side * side)
    found = measures.wasserstein(col, row, a, b, 100.0)
    assert found.distance == pytest.approx(brute_force_wasserstein(col, row, a, b, 100.0),
                                           abs=1e-6)
    assert found.arcs < found.pairs  # the full problem was never built


def test_wasserstein_is_exact_for_counts_whose_products_exceed_int64():
    big = 3 * 10 ** 9
    transport = measures.wasserstein([0, 1], [0, 0], [big, big], [big, 0], 100.0)
    assert transport.distance == pytest.approx(50.0)


def test_a_transport_problem_over_the_exact_limit_is_a_grid_flow_with_its_bound_stated():
    col = np.arange(10)
    a, b = np.tile([1, 0], 5), np.tile([0, 1], 5)
    exact = measures.wasserstein(col, 0 * col, a, b, 100.0, max_pairs=25)
    assert exact.pairs == 25 and exact.distance is not None and exact.bound == 0.0
    over = measures.wasserstein(col, 0 * col, a, b, 100.0, max_pairs=24)
    assert over.pairs == 25 and over.bound == pytest.approx(grid_flow.relative_bound(5))
    # Along a line the grid's directions include the line itself: the same value.
    assert over.distance == pytest.approx(exact.distance, rel=1e-9)


def test_a_transport_problem_over_every_limit_is_left_empty_not_guessed():
    col = np.arange(10)
    a, b = np.tile([1, 0], 5), np.tile([0, 1], 5)
    over = measures.wasserstein(col, 0 * col, a, b, 100.0, max_pairs=24, max_grid_seconds=0)
    assert over.distance is None and over.pairs == 25 and over.bound is None


# The other measures -----------------------------------------------------------------------

def test_score_by_hand():
    # Truth: (0,0) 12, (1,0) 3, (0,1) 2. Published: (0,0) 13, (1,0) withheld, (0,1) 2, and
    # (2,0) 1 where nobody is: four cells scored; errors +1, -3 (withheld as 0), 0, +1.
    scored = measures.score([0, 1, 0], [0, 0, 1], [12, 3, 2], [0, 1, 0, 2], [0, 0, 1, 0],
                            [13, np.nan, 2, 1], 100.0, 5)
    assert scored.cells == 4 and scored.cells_withheld == 1
    assert scored.share_withheld == 0.25
    assert scored.share_changed == pytest.approx(2 / 3)  # of the three published cells
    assert scored.mae == pytest.approx(5 / 4) and scored.mse == pytest.approx(11 / 4)
    assert scored.small_cells == 2  # 3 and 2 are below k = 5
    assert scored.small_published_exact == 1  # the 2 (the 3 is withheld)
    p, q = np.array([12, 3, 2, 0]) / 17, np.array([13, 0, 2, 1]) / 16
    assert scored.hellinger == pytest.approx(math.sqrt(1 - np.sum(np.sqrt(p * q))))
    assert scored.hellinger == pytest.approx(hellinger_by_roots([12, 3, 2, 0], [13, 0, 2, 1]))


def test_cells_both_grids_call_empty_are_not_scored():
    with_margin = measures.score([0], [0], [4], [0, 5, 6], [0, 5, 6], [5, 0, 0], 100.0, 3)
    assert with_margin.cells == 1 and with_margin.mae == 1.0


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(-4, 4)),
                min_size=3, max_size=20, unique_by=lambda cell: cell[:2]))
def test_morans_i_of_the_errors_equals_the_dense_formula(cells):
    col, row, error = (np.array(values) for values in zip(*cells))
    truth = np.full(len(col), 10)
    scored = measures.score(col, row, truth, col, row, truth + error, 100.0, 3)
    has_neighbours = any(abs(col[i] - col[j]) <= 1 and abs(row[i] - row[j]) <= 1
                         for i in range(len(col)) for j in range(len(col)) if i != j)
    if not has_neighbours or np.all(error == error[0]):
        assert scored.morans_i_errors is None
        return
    assert scored.morans_i_errors == pytest.approx(dense_morans_i(col, row, error))


def test_morans_i_of_the_errors_by_hand():
    # A row of four cells, errors +1 +1 -1 -1: e = (1, 1, -1, -1), three neighbour pairs,
    # e'We = 2 (1 - 1 + 1) = 2, S0 = 6, e'e = 4: I = 4/6 · 2/4 = 1/3.
    scored = measures.score([0, 1, 2, 3], [0, 0, 0, 0], [5] * 4, [0, 1, 2, 3], [0, 0, 0, 0],
                            [6, 6, 4, 4], 100.0, 3)
    assert scored.morans_i_errors == pytest.approx(1 / 3)


def test_bad_published_values_are_refused():
    with pytest.raises(ValueError, match="negative or not whole"):
        measures.score([0], [0], [4], [0], [0], [-1], 100.0, 3)
    with pytest.raises(ValueError, match="names a cell twice"):
        measures.score([0], [0], [4], [0, 0], [0, 0], [1, 2], 100.0, 3)


# The rows against the methods' own engine functions -----------------------------------------

def sample(n=600, seed=5):
    rng = np.random.default_rng(seed)
    x, y = rng.gamma(2.0, 300.0, n), rng.gamma(2.0, 300.0, n)
    codes = np.arange(n)
    return methods.Points(x, y, codes, (0.0, 0.0), people_total(codes))


def setups(points, seed="dp test"):
    ids = np.array([f"p{code}" for code in points.person_codes], dtype=object)
    keys = hmac_record_keys(b"\x01" * 32, ids)
    bounds = (0.0, 0.0, float(points.x.max()), float(points.y.max()))
    return (methods.CellKeySetup(create_ptable(3, 2.0, 1), keys),
            methods.DpSetup("discrete laplace", 1.0, None, bounds, lambda _: mask_generator(seed)))


def test_each_distances_time_is_estimated_before_any_method_runs_and_roughly_right():
    points = sample()
    cell_key, dp = setups(points)
    comparison = methods.Comparison(5, Marginals("none", 4, 3.0), True, cell_key, dp)
    heard = []

    def on_estimate(plans):
        assert not scored, "the estimate comes before the first distance"
        heard.append(plans)

    scored = []
    table = methods.compare_methods(points, (100.0, 200.0), comparison,
                                    on_step=lambda *step: scored.append(step),
                                    on_estimate=on_estimate)
    plans, = heard
    assert len(plans) == len(table) == 6
    assert all(plan.method == transport.solver() and plan.bound == 0.0 for plan in plans)
    # The estimate counts every scored cell changed (the most pairs there can be); the DP
    # grid's also the empty cells of the extent its noise fills.
    for plan, cells in zip(plans, table["cells"]):
        assert plan.pairs >= 0.7 * (cells // 2) * (cells - cells // 2)
    by_method = dict(zip(zip(table["method"], table["resolution_m"]), plans))
    assert by_method[(methods.METHOD_DP, 100.0)].pairs > \
        by_method[(methods.METHOD_SUPPRESSION, 100.0)].pairs


def test_rows_equal_what_the_methods_publish_and_report():
    points = sample()
    cell_key, dp = setups(points)
    comparison = methods.Comparison(5, Marginals("none", 4, 3.0), True, cell_key, dp)
    table = methods.compare_methods(points, (100.0, 200.0), comparison).set_index(
        ["method", "resolution_m"])
    zeros = np.zeros(len(points.x), dtype=np.int64)
    for size in (100.0, 200.0):
        truth = count_cells(points.x, points.y, points.person_codes, zeros, (0, 0), size)
        release = suppressed_grid(points.x, points.y, points.person_codes, zeros, (0, 0), size,
                                  5, Marginals("none", 4, 3.0))
        row = table.loc[(methods.METHOD_SUPPRESSION, size)]
        withheld = int((release.cells["status"] != "published").sum())
        assert row["cells_withheld"] == withheld and row["cells"] == len(release.cells)
        assert row["small_published_exact"] == 0 and row["share_changed"] == 0.0
        assert row["cells_pinned"] == int((~release.audit["ok"].astype(bool)).sum())
        assert row["mae"] == pytest.approx(
            truth.n_persons[truth.n_persons < 5].sum() / len(truth.n_persons))

        perturbed = perturbed_cells(points.x, points.y, points.person_codes, zeros, (0, 0), size,
                                    cell_key.person_keys, cell_key.table)
        figures = utility(perturbed.col, perturbed.row, perturbed.n_persons, perturbed.published)
        row = table.loc[(methods.METHOD_CELL_KEY, size)]
        for name in ("mae", "mse", "hellinger", "share_changed"):
            assert row[name] == pytest.approx(figures[name]), name
        assert row["cells"] == figures["cells"] and row["ptable_hash"] == cell_key.table.ptable_hash

        plan = plan_noise("discrete laplace", 1.0, (size,), 1)
        released = dp_grid(points.x, points.y, points.person_codes,
                           extent_domain((0, 0), size, dp.bounds), plan,
                           mask_generator("dp test")).cells
        again = measures.score(truth.col, truth.row, truth.n_persons, released["col"],
                               released["row"], released["n_persons"], size, 5)
        row = table.loc[(methods.METHOD_DP, size)]
        assert row["mae"] == pytest.approx(again.mae) and row["cells"] == again.cells
        assert row["wasserstein_m"] == pytest.approx(again.wasserstein_m)
        assert np.isnan(row["cells_pinned"]) and row["epsilon"] == 1.0


def test_swapped_points_are_scored_against_the_truth_before_the_swap():
    points = sample()
    cell_key, _ = setups(points)
    comparison = methods.Comparison(5, Marginals("none", 4, 3.0), True, cell_key,
                                    swapped=points.moved(points.x + 100.0, points.y))
    table = methods.compare_methods(points, (100.0,), comparison).set_index("method")
    unswapped = table.loc[methods.METHOD_CELL_KEY]
    swapped = table.loc[methods.METHOD_SWAP_CELL_KEY]
    # Everyone one cell east: the distance grows by about a cell, not by nothing.
    assert swapped["wasserstein_m"] > unswapped["wasserstein_m"] + 50.0
    alone = methods.Comparison(5, Marginals("none", 4, 3.0), True, cell_key,
                               swapped=points.moved(points.x, points.y))
    same = methods.compare_methods(points, (100.0,), alone).set_index("method")
    assert same.loc[methods.METHOD_SWAP_CELL_KEY, "mae"] == same.loc[methods.METHOD_CELL_KEY, "mae"]


def test_the_cell_key_audit_counts_the_published_parents():
    points = sample()
    cell_key, _ = setups(points)
    plain = methods.cell_key(points, 100.0, cell_key, Marginals("none", 4, 3.0), True, 5)
    with_parents = methods.cell_key(points, 100.0, cell_key, Marginals("parent cells", 2, 3.0),
                                    True, 5)
    assert with_parents.pinned >= plain.pinned
    unknown_total = methods.cell_key(points, 100.0, cell_key, Marginals("none", 4, 3.0), False,
                                     5)
    assert unknown_total.pinned <= plain.pinned
    # The gate's rule: a minimum width pins more cells, never fewer.
    wide = methods.CellKeySetup(cell_key.table, cell_key.person_keys, 3)
    assert methods.cell_key(points, 100.0, wide, Marginals("parent cells", 2, 3.0), True,
                            5).pinned >= with_parents.pinned


# What the DP row's attacker can know, and the truth it is scored against ----------------------

@pytest.mark.parametrize("epsilon", [0.1, 1.0, 3.0])
@pytest.mark.parametrize("width", [0, 1, 2, 7])
def test_dp_probability_within_width_equals_the_distribution_summed(epsilon, width):
    from fractions import Fraction

    from spatial_privacy_plugin.noise import dp

    scale = dp.laplace_scale(epsilon, 1)
    alpha = math.exp(-1.0 / float(scale))
    direct = math.fsum((1 - alpha) / (1 + alpha) * alpha ** abs(x)
                       for x in range(-width, width + 1))
    assert dp.discrete_laplace_within(scale, width) == pytest.approx(direct, abs=1e-12)
    sigma2 = Fraction(1) / Fraction(epsilon)
    terms = {x: math.exp(-x * x / (2 * float(sigma2))) for x in range(-2000, 2001)}
    direct = math.fsum(terms[x] for x in range(-width, width + 1)) / math.fsum(terms.values())
    assert dp.discrete_gaussian_within(sigma2, width) == pytest.approx(direct, abs=1e-12)


def test_dp_probability_within_width_matches_the_samplers():
    from fractions import Fraction

    from spatial_privacy_plugin.noise import dp

    rng = np.random.default_rng(41)
    n = 200_000
    for draw, within, noise in ((dp.discrete_laplace, dp.discrete_laplace_within, Fraction(3)),
                                (dp.discrete_gaussian, dp.discrete_gaussian_within, Fraction(9, 2))):
        drawn = np.abs(draw(n, noise, rng))
        for width in (0, 2, 5):
            p = within(noise, width)
            share = float((drawn <= width).mean())
            assert abs(share - p) < 5 * math.sqrt(p * (1 - p) / n), (draw.__name__, width)


def commuters(per_cell=12, cols=10, rows=8):
    """``per_cell`` people living in each cell of a cols × rows grid of 100 m, each also seen in
    the next cell east (wrapping): every cell counts about twice its residents."""
    cells = [(col, row) for col in range(cols) for row in range(rows)]
    x, y, codes = [], [], []
    for number, (col, row) in enumerate(cells):
        for person in range(per_cell):
            code = number * per_cell + person
            for east in (0, 1):
                x.append(((col + east) % cols) * 100 + 50.0)
                y.append(row * 100 + 50.0)
                codes.append(code)
    codes = np.asarray(codes)
    return methods.Points(np.asarray(x), np.asarray(y), codes, (0.0, 0.0), people_total(codes))


def test_dp_rows_are_scored_against_the_counts_the_dp_grid_noises():
    points = commuters()
    bounds = (0.0, 0.0, 1000.0, 800.0)
    setup = methods.DpSetup("discrete laplace", 1.0, None, bounds, lambda _: mask_generator("b"))
    table = methods.compare_methods(points, (100.0,), methods.Comparison(
        5, Marginals("none", 4, 3.0), True, dp=setup)).set_index("method")
    plan = plan_noise("discrete laplace", 1.0, (100.0,), 1)
    release = dp_grid(points.x, points.y, points.person_codes,
                      extent_domain((0, 0), 100.0, bounds), plan, mask_generator("b"))
    # Every cell holds people: the DP grid's own mean absolute error over its cells (its bias
    # report, per class of true count) is the row's error against the bounded counts.
    bias = release.bias
    own = float((bias["mean_absolute_error"] * bias["cells"]).sum() / bias["cells"].sum())
    row = table.loc[methods.METHOD_DP]
    assert row["mae_vs_bounded_truth"] == pytest.approx(own)
    assert abs(row["mae_vs_bounded_truth"] - plan.levels[0].expected_mae) < 0.4
    # Against everyone in every cell they visit, the error is mostly the bounding's.
    assert row["mae"] > 8 * row["mae_vs_bounded_truth"]
    assert row["dp_width"] == 2
    assert row["dp_probability_within_width"] == pytest.approx(
        1 - 2 * math.exp(-3.0) / (1 + math.exp(-1.0)))
    suppression = table.loc[methods.METHOD_SUPPRESSION]
    assert suppression[["mae_vs_bounded_truth", "dp_width",
                        "dp_probability_within_width"]].isna().all()
