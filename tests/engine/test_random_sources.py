"""Every random number that protects people comes from the source the documentation names.

- DP noise (and the DP grid's choice of a person's m cells): uniform integers read from
  ``os.urandom`` by ``system_random.SystemIntegers``; no numpy generator.
- Geomask displacements and the record swap's draws: numpy's PCG64 (``default_rng()``),
  seeded with 128 bits that numpy's SeedSequence takes from Python's ``secrets`` (the
  operating system's generator, read through ``random._urandom``).
- The cell key method's generated secret key: 256 bits from ``secrets.token_bytes`` (the
  same operating-system read); record keys are HMAC-SHA-256 of it, or a persistent field.
"""

import os
import random
from fractions import Fraction

import numpy as np
import pytest

from spatial_privacy_plugin.noise import cellkey, dp, dp_release
from spatial_privacy_plugin.noise.system_random import SystemIntegers, dp_random
from spatial_privacy_plugin.risk.masking import donut_displacement, mask_generator


@pytest.fixture
def urandom_reads(monkeypatch):
    """Count the bytes read through os.urandom (what SystemIntegers reads)."""
    reads = []
    real = os.urandom

    def counted(n):
        reads.append(n)
        return real(n)
    monkeypatch.setattr(os, "urandom", counted)
    return reads


@pytest.fixture
def secrets_reads(monkeypatch):
    """Count the bytes Python's secrets module (and numpy's SeedSequence through it) reads from
    the operating system: SystemRandom reads them through random._urandom."""
    reads = []
    real = random._urandom

    def counted(n):
        reads.append(n)
        return real(n)
    monkeypatch.setattr(random, "_urandom", counted)
    return reads


def no_numpy_generator(monkeypatch):
    def refused(*args, **kwargs):
        raise AssertionError("a numpy generator was made on the protective path")
    monkeypatch.setattr(np.random, "default_rng", refused)
    monkeypatch.setattr(np.random, "Generator", refused)


@pytest.mark.parametrize("high", [1, 2, 3, 7, 10 ** 6 + 3, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 1,
                                  dp.INT_LIMIT])
def test_system_integers_are_uniform_in_range(high):
    draws = SystemIntegers().integers(0, high, 120_000)
    assert draws.dtype == np.int64 and draws.min() >= 0 and draws.max() < high
    if high <= 7:
        counts = np.bincount(draws, minlength=high)
        expected = len(draws) / high
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < 3 * (high - 1) + 20  # far beyond any plausible χ² with high − 1 dof
    else:
        # Deciles of draws / high are uniform, and the top bit of a large range is used.
        deciles = np.bincount((draws / high * 10).astype(int), minlength=10) / len(draws)
        assert np.abs(deciles - 0.1).max() < 0.006


def test_system_integers_take_a_bound_per_draw_and_an_offset():
    highs = np.tile(np.array([1, 2, 5, 9], dtype=np.int64), 50_000)
    draws = SystemIntegers().integers(0, highs, len(highs))
    assert (draws < highs).all() and (draws[highs == 1] == 0).all()
    assert abs(draws[highs == 9].mean() - 4) < 0.05
    shifted = SystemIntegers().integers(10, 13, 30_000)
    assert set(np.unique(shifted).tolist()) == {10, 11, 12}


def test_system_integers_read_the_operating_system_in_blocks(urandom_reads):
    source = SystemIntegers()
    source.integers(0, 6, 1000)
    source.integers(0, 6, 1000)
    assert urandom_reads == [2 ** 18]  # one 256 KiB block serves both (32-bit words)
    source.integers(0, 2 ** 40, 100_000)  # 64-bit words, more than the block holds
    assert len(urandom_reads) == 2 and sum(urandom_reads) >= 4 * 2000 + 8 * 100_000


def test_the_exact_samplers_keep_their_distribution_on_the_system_source():
    draws = dp.discrete_laplace(10 ** 6, dp.laplace_scale(1.0, 1), SystemIntegers())
    alpha = np.exp(-1.0)
    assert abs(draws.var() / (2 * alpha / (1 - alpha) ** 2) - 1) < 0.02
    assert abs((draws == 0).mean() / ((1 - alpha) / (1 + alpha)) - 1) < 0.02
    gaussian = dp.discrete_gaussian(400_000, Fraction(9), SystemIntegers())
    assert abs(gaussian.var() / 9 - 1) < 0.02 and abs(gaussian.mean()) < 0.02


def small_release(rng):
    x = np.array([50.0, 150.0, 150.0, 250.0, 250.0, 250.0])
    codes = np.array([0, 1, 2, 3, 4, 5])
    domain = dp_release.extent_domain((0.0, 0.0), 200.0, (0.0, 0.0, 400.0, 400.0))
    plan = dp_release.plan_noise(dp_release.MECHANISM_LAPLACE, 1.0, (100.0, 200.0), 1)
    return dp_release.dp_grid(x, x, codes, domain, plan, rng)


def test_a_dp_release_draws_its_noise_from_os_urandom_and_no_numpy_generator(
        monkeypatch, urandom_reads):
    source = dp_random(None)
    assert isinstance(source, SystemIntegers)
    no_numpy_generator(monkeypatch)
    small_release(source)
    assert urandom_reads  # the noise and the choice of cells read the operating system

    def broken(n):
        raise OSError("no randomness")
    monkeypatch.setattr(os, "urandom", broken)
    with pytest.raises(OSError, match="no randomness"):
        small_release(dp_random(""))


def test_only_a_seed_given_on_purpose_makes_a_numpy_generator(urandom_reads):
    seeded = dp_random("test seed")
    assert isinstance(seeded, np.random.Generator)
    first = small_release(seeded).cells["n_persons"].tolist()
    assert first == small_release(dp_random("test seed")).cells["n_persons"].tolist()
    assert urandom_reads == []


def test_masks_draw_from_pcg64_seeded_by_128_bits_from_the_operating_system(secrets_reads):
    generator = mask_generator(None)
    assert isinstance(generator.bit_generator, np.random.PCG64)
    assert secrets_reads == [16]  # SeedSequence: 128 bits through secrets
    donut_displacement(10, 1.0, 2.0, generator)
    other = mask_generator("")
    assert secrets_reads == [16, 16]
    assert other.bit_generator.state != generator.bit_generator.state
    mask_generator("a test seed")
    assert secrets_reads == [16, 16]  # a seed reads nothing from the operating system


def test_a_new_secret_key_is_256_bits_from_the_operating_system(tmp_path, secrets_reads):
    secret = cellkey.create_key_file(tmp_path / "programme.key")
    assert secrets_reads == [32] and len(secret) == 32
    assert cellkey.read_key_file(tmp_path / "programme.key") == secret
