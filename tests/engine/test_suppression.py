import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import plain_lp_bounds

from spatial_privacy_plugin.release import grid
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.audit.intervals import attacker_intervals, protection_failures, with_totals
from spatial_privacy_plugin.release.suppression import complementary_suppression


def table_equalities(values):
    """Row and column totals of a 2-D table, over flat cell indices."""
    n_rows, n_cols = values.shape
    index = np.arange(values.size).reshape(values.shape)
    cell_sets = [index[r, :] for r in range(n_rows)] + [index[:, c] for c in range(n_cols)]
    return with_totals(cell_sets, values.ravel())


def test_a_single_withheld_cell_beside_a_row_total_is_exactly_disclosed():
    values = np.array([12.0, 3.0, 20.0])
    withheld = np.array([False, True, False])
    intervals = attacker_intervals(values, withheld, with_totals([np.arange(3)], values))
    assert intervals.lower[1] == intervals.upper[1] == 3.0
    assert protection_failures(intervals, withheld, protection=5).tolist() == [False, True, False]


def test_two_withheld_cells_in_a_row_range_over_their_sum():
    values = np.array([12.0, 3.0, 4.0])
    withheld = np.array([False, True, True])
    intervals = attacker_intervals(values, withheld, with_totals([np.arange(3)], values))
    assert intervals.lower[1:].tolist() == [0.0, 0.0] and intervals.upper[1:].tolist() == [7.0, 7.0]


def bridge_table():
    """Two withheld 2x2 blocks joined by one withheld cell (1, 2): every row and column has
    at least two withheld cells, yet the joining cell is a bridge and exactly determined."""
    values = np.array([[20, 31, 17, 25],
                       [22, 18, 3, 40],
                       [35, 27, 19, 24],
                       [28, 33, 21, 26]], dtype=float)
    withheld = np.zeros(values.shape, dtype=bool)
    for r, c in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (1, 2)]:
        withheld[r, c] = True
    return values, withheld


def test_two_per_line_is_not_enough_the_audit_finds_the_bridge():
    values, withheld = bridge_table()
    assert (withheld.sum(axis=0) >= 2).all() and (withheld.sum(axis=1) >= 2).all()
    intervals = attacker_intervals(values.ravel(), withheld.ravel(), table_equalities(values))
    width = intervals.width.reshape(values.shape)
    assert width[1, 2] == pytest.approx(0.0)
    assert intervals.lower.reshape(values.shape)[1, 2] == pytest.approx(3.0)
    others = withheld.copy()
    others[1, 2] = False
    assert (width[others] > 0).all()


def test_one_more_suppression_closes_the_bridge():
    values, withheld = bridge_table()
    withheld[0, 2] = True
    intervals = attacker_intervals(values.ravel(), withheld.ravel(), table_equalities(values))
    assert intervals.width.reshape(values.shape)[1, 2] >= 3


def test_complementary_suppression_repairs_the_bridge():
    values, withheld = bridge_table()
    primary = np.zeros(values.shape, dtype=bool)
    primary[1, 2] = True
    result = complementary_suppression(values.ravel(), primary.ravel() | withheld.ravel(),
                                       table_equalities(values), protection=5)
    assert not result.unprotectable.any()
    assert result.intervals.width[1 * 4 + 2] >= 5


def test_integer_bounds_are_tighter_than_lp_bounds():
    # a + b = 1, b + c = 1, a + c + d = 1: the LP lets a reach 0.5, whole counts only 0.
    values = np.zeros(4)
    withheld = np.ones(4, dtype=bool)
    equalities = [(np.array([0, 1]), 1.0), (np.array([1, 2]), 1.0), (np.array([0, 2, 3]), 1.0)]
    lp = attacker_intervals(values, withheld, equalities)
    whole = attacker_intervals(values, withheld, equalities, integer=True)
    assert lp.upper[0] == pytest.approx(0.5)
    assert whole.upper[0] == pytest.approx(0.0)


def test_contradictory_totals_are_refused():
    # x0 + x1 = 5 and x0 + x1 + x2 = 2 need x2 = -3.
    equalities = [(np.array([0, 1]), 5.0), (np.array([0, 1, 2]), 2.0)]
    with pytest.raises(InputError, match="contradict"):
        attacker_intervals(np.zeros(3), np.ones(3, dtype=bool), equalities)


def test_a_parent_with_a_single_child_cannot_be_protected():
    values = np.array([4.0, 30.0, 25.0])
    primary = np.array([True, False, False])
    equalities = with_totals([np.array([0]), np.array([1, 2])], values)
    result = complementary_suppression(values, primary, equalities, protection=5)
    assert result.unprotectable.tolist() == [True, False, False]
    assert not result.complementary.any()


def test_the_smallest_published_sibling_is_withheld_first():
    values = np.array([3.0, 40.0, 12.0, 25.0])
    primary = np.array([True, False, False, False])
    result = complementary_suppression(values, primary, with_totals([np.arange(4)], values), 5)
    assert result.complementary.tolist() == [False, False, True, False]
    assert result.intervals.width[0] == 15.0


def test_straddling_k_asks_for_more():
    values = np.array([3.0, 4.0, 40.0, 12.0])
    primary = np.array([True, True, False, False])
    equalities = with_totals([np.arange(4)], values)
    plain = complementary_suppression(values, primary, equalities, protection=5)
    straddle = complementary_suppression(values, primary, equalities, protection=5, k=10)
    assert not plain.complementary.any()  # [0, 7] is wide enough
    assert straddle.complementary.tolist() == [False, False, False, True]
    assert straddle.intervals.upper[0] >= 10


def test_grand_total_beside_parents_gives_the_same_bounds():
    rng = np.random.default_rng(3)
    values = rng.integers(1, 30, size=32).astype(float)
    withheld = rng.random(32) < 0.4
    parents = [np.arange(start, start + 8) for start in range(0, 32, 8)]
    with_grand = attacker_intervals(values, withheld, with_totals(parents + [np.arange(32)], values))
    without = attacker_intervals(values, withheld, with_totals(parents, values))
    assert np.allclose(with_grand.lower, without.lower)
    assert np.allclose(with_grand.upper, without.upper)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(2, 9), st.sampled_from([2, 3, 4]),
       st.sampled_from(grid.MARGINAL_KINDS[1:]), st.integers(0, 10_000))
def test_after_complementary_suppression_every_primary_cell_is_protected(width, height, factor,
                                                                           kind, seed):
    rng = np.random.default_rng(seed)
    n_cells = width * height
    occupied = rng.random(n_cells) < 0.8
    col = (np.arange(n_cells) % width)[occupied]
    row = (np.arange(n_cells) // width)[occupied]
    if len(col) == 0:
        return
    n_persons = rng.integers(1, 40, size=len(col))
    counts = grid.CellCounts(col, row, np.zeros(len(col), dtype=np.int64), n_persons, n_persons,
                             np.arange(len(col)), np.arange(len(col)))
    marginals = grid.Marginals(kind, factor, protection=5.0)
    status, result = grid.suppress(counts, 10, marginals)
    primary = status == grid.STATUS_PRIMARY
    assert result.withheld.sum() <= len(col)
    assert (result.withheld == (status != grid.STATUS_PUBLISHED)).all()
    equalities = result.totals.equalities(result.totals_withheld)
    audit = attacker_intervals(n_persons, result.withheld, equalities, integer=True,
                               lower=np.ones(len(col)))  # emitted cells are not empty
    protected = audit.width >= 5 - 1e-9
    assert (protected | ~primary | result.cells.unprotectable).all()
    # A cell is only given up when every cell sharing an equality with it is withheld.
    for cell in np.flatnonzero(result.cells.unprotectable):
        sharing = [cells for cells, _ in equalities if cell in cells]
        assert all(result.withheld[cells].all() for cells in sharing)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3]), st.booleans())
def test_nested_totals_give_the_bounds_linear_programming_gives(seed, factor, grandparents):
    """The laminar shortcut (no LP) agrees with the LP over the raw equalities."""
    rng = np.random.default_rng(seed)
    side = factor * factor * 2
    col, row = np.meshgrid(np.arange(side), np.arange(side))
    col, row = col.ravel(), row.ravel()
    values = rng.integers(0, 20, size=col.size).astype(float)
    withheld = rng.random(col.size) < 0.5
    cell_sets = [np.arange(col.size)]
    for scale in ([factor, factor * factor] if grandparents else [factor]):
        codes = (col // scale) * side + row // scale
        cell_sets += [np.flatnonzero(codes == code) for code in np.unique(codes)]
    equalities = with_totals(cell_sets, values)
    fast = attacker_intervals(values, withheld, equalities)
    bounds = [(0, None) if hidden else (value, value) for value, hidden in zip(values, withheld)]
    lower, upper = plain_lp_bounds(len(values), equalities, bounds)
    assert np.allclose(fast.lower, lower, atol=1e-6)
    assert np.allclose(fast.upper, upper, atol=1e-6)
