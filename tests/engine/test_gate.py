import numpy as np
import pytest

from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.release.gate import evaluate_gate, parse_statuses


def test_all_counts_at_or_above_k_pass():
    result = evaluate_gate([10, 25, 11], k=10)
    assert result.passed
    assert (result.min_count, result.cells_checked) == (10, 3)


def test_negative_control_a_count_below_k_fails():
    result = evaluate_gate([10, 9, 30, 4], k=10)
    assert not result.passed
    message = result.problems[0].message()
    assert "2 published record(s)" in message and "smallest: 4" in message


def test_negative_control_a_null_count_fails():
    result = evaluate_gate([10, None, 12], k=10)
    assert not result.passed and "NULL" in result.problems[0].message()


def test_negative_control_a_non_numeric_or_fractional_count_fails():
    assert not evaluate_gate([10, "many"], k=10).passed
    assert not evaluate_gate([10, 10.5], k=10).passed
    assert not evaluate_gate([10, float("nan")], k=10).passed
    assert not evaluate_gate([10, -12], k=10).passed


def test_negative_control_an_empty_input_fails():
    result = evaluate_gate([], k=10)
    assert not result.passed and "no records" in result.problems[0].message()


def test_withheld_records_must_carry_null_counts():
    withheld = parse_statuses(["published", "primary", "complementary"], "status")
    assert evaluate_gate([12, None, None], k=10, withheld=withheld).passed
    leak = evaluate_gate([12, 3, None], k=10, withheld=withheld)
    assert not leak.passed and "withheld" in leak.problems[0].message()


def test_unknown_status_is_refused():
    with pytest.raises(InputError, match="status"):
        parse_statuses(["published", "hidden", None], "status")


def test_a_zero_count_is_below_k():
    assert not evaluate_gate(np.array([0, 20]), k=10).passed


def test_negative_control_a_cell_where_everyone_shares_one_value_fails_l_diversity():
    from spatial_privacy_plugin.release.diversity import evaluate_diversity
    cells = ["a", "a", "b", "b", "b"]
    values = ["flu", "cold", "flu", "flu", "flu"]
    counts = [12, 15, 30, 0, None]
    result = evaluate_diversity(cells, values, counts, l=2)
    assert result.min_distinct == 1 and len(result.problems) == 1
    assert "fewer than l = 2" in result.problems[0].message()
    assert not evaluate_diversity(cells[:2], values[:2], counts[:2], l=2).problems


def test_t_closeness_distances():
    from spatial_privacy_plugin.release.diversity import evaluate_diversity
    # Release: 50 low, 50 high; cell x is all low, cell y all high.
    cells, values, counts = ["x", "y"], [1, 3], [50, 50]
    unordered = evaluate_diversity(cells, values, counts, t=0.6)
    assert unordered.max_distance == pytest.approx(0.5) and not unordered.problems
    # Ordered with a middle category unused: EMD over 1 < 2 < 3.
    ordered = evaluate_diversity(cells + ["z"], values + [2], counts + [0], ordered=True, t=0.4)
    assert ordered.max_distance == pytest.approx(0.5)
    assert "farther than t = 0.4" in ordered.problems[0].message()


def test_a_structural_zero_passes_only_when_the_policy_publishes_zeros():
    assert not evaluate_gate([0, 20], k=10).passed
    assert evaluate_gate([0, 20], k=10, allow_zero=True).passed
    assert not evaluate_gate([3, 20], k=10, allow_zero=True).passed
