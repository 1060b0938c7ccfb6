"""The exact DP samplers: their moments over a million draws, integers only, OS randomness."""

import ast
import inspect
import math
from fractions import Fraction

import numpy as np
import pytest

from spatial_privacy_plugin.noise import dp
from spatial_privacy_plugin.risk.masking import mask_generator

DRAWS = 10 ** 6


class IntegersOnly:
    """A random source that offers nothing but uniform integers, and counts the calls."""

    def __init__(self, seed):
        self._rng = np.random.default_rng(seed)
        self.calls = 0

    def integers(self, low, high, size=None, dtype=np.int64):
        self.calls += 1
        return self._rng.integers(low, high, size=size, dtype=dtype)


@pytest.mark.parametrize("epsilon, m", [(1.0, 1), (0.1, 1), (0.5, 3), (2.0, 2)])
def test_discrete_laplace_has_mean_zero_and_variance_2a_over_1_minus_a_squared(epsilon, m):
    draws = dp.discrete_laplace(DRAWS, dp.laplace_scale(epsilon, m), IntegersOnly(7))
    alpha = math.exp(-epsilon / m)
    variance = 2 * alpha / (1 - alpha) ** 2
    assert draws.dtype == np.int64
    assert abs(draws.var() / variance - 1) < 0.02
    assert abs(draws.mean()) < 0.02 * math.sqrt(variance)
    # The probability of 0 is (1 - α)/(1 + α): the shape, not only two moments.
    assert abs((draws == 0).mean() / ((1 - alpha) / (1 + alpha)) - 1) < 0.02


def _discrete_gaussian_variance(sigma2):
    """The exact variance of N_Z(0, σ²) by summing its mass (for the reference only)."""
    support = np.arange(-int(40 * math.sqrt(sigma2)) - 40, int(40 * math.sqrt(sigma2)) + 41)
    mass = np.exp(-support.astype(float) ** 2 / (2 * sigma2))
    return float((support ** 2 * mass).sum() / mass.sum())


@pytest.mark.parametrize("sigma2", [Fraction(1, 2), Fraction(3), Fraction(45, 2), Fraction(900)])
def test_discrete_gaussian_has_mean_zero_and_its_variance(sigma2):
    draws = dp.discrete_gaussian(DRAWS, sigma2, IntegersOnly(11))
    variance = _discrete_gaussian_variance(float(sigma2))
    assert draws.dtype == np.int64
    assert abs(draws.var() / variance - 1) < 0.02
    assert abs(draws.mean()) < 0.02 * math.sqrt(variance)
    if sigma2 == Fraction(1, 2):  # far below σ² for small σ: the exact sum is what is matched
        assert variance < 0.5


def test_bernoulli_exp_matches_exp_minus_gamma_also_beyond_one():
    rng = IntegersOnly(3)
    for numerator, denominator in ((0, 1), (1, 3), (1, 1), (7, 4), (5, 1)):
        hits = dp.bernoulli_exp(np.full(200_000, numerator), denominator, rng).mean()
        expected = math.exp(-numerator / denominator)
        assert abs(hits - expected) < 4 * math.sqrt(expected * (1 - expected) / 200_000) + 1e-9


def test_bernoulli_exp_takes_numerators_beyond_int64_exactly():
    huge = np.array([3 * 2 ** 70, 0], dtype=object)
    assert dp.bernoulli_exp(huge, 2 ** 20, IntegersOnly(5)).tolist() == [False, True]


SAMPLERS = (dp.bernoulli_exp_fraction, dp.exp_minus_one_run, dp.bernoulli_exp,
            dp.discrete_laplace, dp.discrete_gaussian, dp._integers)


@pytest.mark.parametrize("function", SAMPLERS, ids=lambda function: function.__name__)
def test_samplers_use_integer_arithmetic_only(function):
    """No true division, no float, exp, log or sqrt in the samplers' code (docstrings aside)."""
    tree = ast.parse(inspect.getsource(function).lstrip())
    forbidden = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            forbidden.append("true division")
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = node.id if isinstance(node, ast.Name) else node.attr
            if name in ("float", "exp", "log", "sqrt", "random", "laplace", "normal",
                        "exponential", "geometric", "uniform", "float64"):
                forbidden.append(name)
        if isinstance(node, ast.Constant) and isinstance(node.value, float):
            forbidden.append(repr(node.value))
    assert forbidden == []


def test_samplers_draw_only_uniform_integers_from_their_source():
    source = IntegersOnly(1)
    dp.discrete_gaussian(1000, Fraction(5), source)
    dp.discrete_laplace(1000, Fraction(3), source)
    assert source.calls > 0  # and IntegersOnly has no other method to call


def test_operating_system_randomness_differs_and_a_seed_reproduces():
    scale = dp.laplace_scale(1.0, 1)
    first = dp.discrete_laplace(1000, scale, mask_generator(None))
    second = dp.discrete_laplace(1000, scale, mask_generator(None))
    assert not np.array_equal(first, second)
    seeded = [dp.discrete_laplace(1000, scale, mask_generator("test seed")) for _ in range(2)]
    assert np.array_equal(*seeded)


def test_parameters_are_rounded_towards_more_noise():
    assert dp.rational_at_most(0.1) == Fraction(1, 10)
    assert dp.rational_at_most(1 / 3) <= Fraction(1, 3)
    assert dp.laplace_scale(1 / 3, 2) >= Fraction(6)
    sigma2 = dp.gaussian_sigma2(1 / 7, 1)
    assert sigma2 >= Fraction(7, 2)
    assert float(sigma2) == pytest.approx(3.5, rel=1e-5)
    with pytest.raises(dp.InputError):
        dp.rational_at_most(1e-9)


def test_a_million_draws_take_seconds_not_minutes():
    import time

    start = time.perf_counter()
    dp.discrete_laplace(DRAWS, dp.laplace_scale(0.5, 1), np.random.default_rng(2))
    assert time.perf_counter() - start < 10.0
