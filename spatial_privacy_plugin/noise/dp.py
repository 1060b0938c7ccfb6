"""Exact integer samplers for differential privacy: discrete Laplace and discrete Gaussian.

Floating-point Laplace or Gaussian noise leaks through the gaps and the
rounding of its floating-point values (Mironov 2012): an attacker who sees a
noisy count can tell which true counts are impossible. These samplers follow
Canonne, Kamath and Steinke, "The Discrete Gaussian for Differential Privacy"
(NeurIPS 2020), and use nothing but uniform random integers and exact integer
arithmetic on rational parameters:

- ``Bernoulli(exp(-γ))`` for a rational ``γ = a/b``: the integer part by
  ``⌊γ⌋`` independent trials of ``Bernoulli(exp(-1))``, the fraction ``γ' ∈
  [0, 1)`` by the alternating series (draw ``Bernoulli(γ'/K)`` for K = 1, 2, …
  until the first failure; success when that K is odd);
- the discrete Laplace with scale ``t/s`` (``P(x) ∝ exp(-|x| s/t)``): a
  geometric ``X = U + t·V`` (U uniform in {0, …, t−1} kept with probability
  ``exp(-U/t)``, V the run of successes of ``Bernoulli(exp(-1))``), then
  ``Y = ⌊X/s⌋`` and a random sign, rejecting −0;
- the discrete Gaussian of variance parameter ``σ²``: a discrete Laplace
  ``Y`` of scale ``t = ⌊σ⌋ + 1``, kept with probability
  ``exp(-(|Y| − σ²/t)² / (2σ²))``.

Every loop is vectorised over the draws still pending, so a grid of a
million cells costs a few dozen numpy calls per step. The random source is
any object with numpy's ``Generator.integers``; for a release, the glue passes
``system_random.SystemIntegers`` (uniform integers read from the operating
system's generator, ``os.urandom``), and a seeded numpy Generator only on
purpose (tests).

Parameters are rationals (``fractions.Fraction``). A real ε or σ² is first
made rational in the direction that adds noise (ε rounded down, σ² up), so
the guarantee stated is never weaker than the one delivered.
"""

import math
from fractions import Fraction

import numpy as np

from ..errors import N_, InputError

# Rationals are rounded to this many parts of one (the direction that adds noise).
PARAMETER_DENOMINATOR = 10 ** 6
# Every integer handed to numpy stays below this (int64 with room for one addition).
INT_LIMIT = 2 ** 62


def _integers(rng, high, size):
    """Uniform integers in {0, …, high − 1} (``high`` an int or int64 array, all >= 1)."""
    return rng.integers(0, high, size=size, dtype=np.int64)


def bernoulli_exp_fraction(numerator, denominator, rng):
    """Bernoulli(exp(−a/b)) for integers 0 <= a <= b (arrays or scalars broadcast to ``a``).

    CKS Algorithm 1 for γ = a/b in [0, 1]: with K = 1, 2, …, draw
    ``Bernoulli(γ/K)`` (as ``Bernoulli(a/b)`` and ``Bernoulli(1/K)``, both by a
    uniform integer) until the first failure; the result is 1 when that K is
    odd. P(odd K) = Σ (−γ)^j / j! = exp(−γ). Returns a boolean array.
    """
    numerator = np.asarray(numerator, dtype=np.int64)
    n = numerator.size
    denominator = np.broadcast_to(np.asarray(denominator, dtype=np.int64), numerator.shape).ravel()
    numerator = numerator.ravel()
    k = np.ones(n, dtype=np.int64)
    pending = np.arange(n)
    while len(pending):
        success = _integers(rng, denominator[pending], len(pending)) < numerator[pending]
        success &= _integers(rng, k[pending], len(pending)) == 0
        pending = pending[success]
        k[pending] += 1
    return (k % 2 == 1).reshape(np.shape(numerator))


def exp_minus_one_run(n, rng, limit=None):
    """How many successes of Bernoulli(exp(−1)) come before the first failure (n draws).

    With ``limit`` (an int array), counting stops at the limit: the result is
    then ``min(run, limit)``, which is all ``Bernoulli(exp(−q)) = [run >= q]``
    needs.
    """
    run = np.zeros(n, dtype=np.int64)
    pending = np.arange(n) if limit is None else np.flatnonzero(np.asarray(limit) > 0)
    ones = np.ones(1, dtype=np.int64)
    while len(pending):
        success = bernoulli_exp_fraction(np.broadcast_to(ones, len(pending)), 1, rng)
        pending = pending[success]
        run[pending] += 1
        if limit is not None:
            pending = pending[run[pending] < limit[pending]]
    return run


def bernoulli_exp(numerator, denominator, rng):
    """Bernoulli(exp(−a/b)) for integers a >= 0, b >= 1 (b < 2**62; a may be a Python-int
    object array when it exceeds int64): exp(−⌊γ⌋) by a run of Bernoulli(exp(−1)), the
    fractional part by ``bernoulli_exp_fraction``."""
    numerator = np.asarray(numerator)
    denominator = np.broadcast_to(np.asarray(denominator, dtype=np.int64), numerator.shape)
    whole = numerator // denominator
    fraction = np.asarray(numerator - whole * denominator, dtype=np.int64)
    # A whole part beyond 2**62 rejects as surely as one at 2**62 (no run gets that long).
    whole = np.asarray(np.minimum(whole, INT_LIMIT), dtype=np.int64)
    accept = exp_minus_one_run(numerator.size, rng, whole.ravel()).reshape(whole.shape) >= whole
    accept &= bernoulli_exp_fraction(fraction, denominator, rng)
    return accept


def discrete_laplace(n, scale, rng):
    """n draws of the discrete Laplace ``P(x) = (1 − α)/(1 + α) · α^|x|``, α = exp(−1/scale).

    ``scale`` is a positive Fraction ``t/s`` (CKS Algorithm 2). Variance
    ``2α/(1 − α)²``; ε-DP for a count of L1 sensitivity Δ when scale = Δ/ε.
    Returns an int64 array.
    """
    scale = Fraction(scale)
    if scale <= 0:
        raise InputError(N_("The noise scale must be positive, got {value}."), value=str(scale))
    t, s = scale.numerator, scale.denominator
    if t >= INT_LIMIT // 64 or s >= INT_LIMIT:
        raise InputError(N_("The noise scale {value} is too large or too finely given for the "
                            "exact sampler: give ε as a decimal with at most six places."),
                         value=str(scale))
    out = np.zeros(n, dtype=np.int64)
    pending = np.arange(n)
    while len(pending):
        m = len(pending)
        u = _integers(rng, t, m)
        kept = np.flatnonzero(bernoulli_exp_fraction(u, t, rng))
        x = u[kept] + t * exp_minus_one_run(len(kept), rng)
        y = x // s
        negative = _integers(rng, 2, len(kept)) == 1
        valid = ~(negative & (y == 0))
        out[pending[kept[valid]]] = np.where(negative[valid], -y[valid], y[valid])
        done = np.zeros(m, dtype=bool)
        done[kept[valid]] = True
        pending = pending[~done]
    return out


def _isqrt_floor(fraction):
    """⌊√q⌋ of a non-negative Fraction, exactly."""
    from math import isqrt

    return isqrt(fraction.numerator // fraction.denominator)


def discrete_gaussian(n, sigma2, rng):
    """n draws of the discrete Gaussian ``P(x) ∝ exp(−x²/(2σ²))`` on the integers.

    ``sigma2`` is a positive Fraction ``p/q`` (CKS Algorithm 3). Its variance
    is slightly below σ²; ρ-zCDP for a count of L2 sensitivity Δ when
    σ² = Δ²/(2ρ). Returns an int64 array.
    """
    sigma2 = Fraction(sigma2)
    if sigma2 <= 0:
        raise InputError(N_("The noise variance must be positive, got {value}."), value=str(sigma2))
    p, q = sigma2.numerator, sigma2.denominator
    t = _isqrt_floor(sigma2) + 1
    # γ = (|Y| − σ²/t)² / (2σ²) = (|Y|·q·t − p)² / (2·p·q·t²)
    denominator = 2 * p * q * t * t
    if denominator >= INT_LIMIT:
        raise InputError(N_("The noise variance {value} is too large or too finely given for the "
                            "exact sampler."), value=str(sigma2))
    out = np.zeros(n, dtype=np.int64)
    pending = np.arange(n)
    while len(pending):
        y = discrete_laplace(len(pending), Fraction(t), rng)
        magnitude = np.abs(y)
        if int(magnitude.max(initial=0)) * q * t + p < 3 * 10 ** 9:  # the square fits int64
            difference = magnitude * (q * t) - p
            numerator = difference * difference
        else:  # exact Python integers for the few far draws
            difference = magnitude.astype(object) * (q * t) - p
            numerator = difference * difference
        keep = bernoulli_exp(numerator, denominator, rng)
        out[pending[keep]] = y[keep]
        pending = pending[~keep]
    return out


def rational_at_most(value, denominator=PARAMETER_DENOMINATOR):
    """The largest multiple of 1/denominator at or below ``value`` (a float or Fraction), > 0."""
    exact = Fraction(value)
    result = Fraction(exact.numerator * denominator // exact.denominator, denominator)
    if result <= 0:
        raise InputError(N_("{value} is too small for the exact sampler (at least {least})."),
                         value=float(value), least=1 / denominator)
    return result


def rational_at_least(value, denominator=PARAMETER_DENOMINATOR):
    """The smallest multiple of 1/denominator at or above ``value`` (a float or Fraction)."""
    exact = Fraction(value)
    return Fraction(-((-exact.numerator * denominator) // exact.denominator), denominator)


def laplace_scale(epsilon, sensitivity, parts=1):
    """The discrete Laplace scale Δ/(ε/parts) with ε rounded down to six decimals (more noise,
    never less): a Fraction. ``parts``: ε split equally among that many levels, exactly."""
    return Fraction(int(sensitivity) * int(parts)) / rational_at_most(epsilon)


def gaussian_sigma2(rho, sensitivity2):
    """σ² = Δ²/(2ρ) for ρ-zCDP, rounded up to a rational whose sampler fits int64 (more noise,
    never less): a Fraction. ``sensitivity2`` is Δ² (m for m cells per person)."""
    exact = Fraction(int(sensitivity2)) / (2 * Fraction(rho))
    denominator = PARAMETER_DENOMINATOR
    while denominator >= 1:
        sigma2 = rational_at_least(exact, denominator)
        t = _isqrt_floor(sigma2) + 1
        if 2 * sigma2.numerator * sigma2.denominator * t * t < INT_LIMIT:
            return sigma2
        denominator //= 10
    raise InputError(N_("ρ = {rho} asks for more noise than the exact sampler can draw: raise ε."),
                     rho=float(rho))


def discrete_laplace_within(scale, width):
    """P(|Z| <= w) for the discrete Laplace of scale ``t/s`` (``discrete_laplace``), w >= 0 whole:
    ``1 − 2 α^(w+1) / (1 + α)`` with α = exp(−1/scale), the closed form of the sum of
    ``(1 − α)/(1 + α) · α^|x|`` over |x| <= w."""
    alpha = math.exp(-1.0 / float(Fraction(scale)))
    return float(1.0 - 2.0 * alpha ** (int(width) + 1) / (1.0 + alpha))


def discrete_gaussian_within(sigma2, width):
    """P(|Z| <= w) for the discrete Gaussian of variance parameter σ² (``discrete_gaussian``),
    w >= 0 whole: the sum of ``exp(−x²/(2σ²))`` over |x| <= w divided by its sum over every
    integer, the tails taken to 40σ + 40 (beyond, every term is below 1e-340 of the largest)."""
    sigma2 = float(Fraction(sigma2))
    reach = int(40 * math.sqrt(sigma2)) + 40
    support = np.arange(-reach, reach + 1)
    mass = np.exp(-support.astype(float) ** 2 / (2.0 * sigma2))
    return float(mass[np.abs(support) <= int(width)].sum() / mass.sum())
