"""The masks' randomness through Processing: without a seed, numpy's PCG64 made with no seed,
whose 128 bits numpy's SeedSequence reads from the operating system (docs/randomness.md)."""

import random

import numpy as np
import pytest
from layers import point_layer
from test_record_swap import census_layer, swap


@pytest.fixture
def draws(monkeypatch):
    """The seeds of the numpy generators made, and the bytes read through Python's secrets."""
    made, reads = [], []
    real_rng, real_urandom = np.random.default_rng, random._urandom

    def default_rng(*seed):
        made.append(seed)
        return real_rng(*seed)

    def urandom(n):
        reads.append(n)
        return real_urandom(n)
    monkeypatch.setattr(np.random, "default_rng", default_rng)
    monkeypatch.setattr(random, "_urandom", urandom)
    return made, reads


def test_the_geomask_without_a_seed_draws_from_pcg64_seeded_by_the_os(run, draws):
    people = point_layer([((1000.0 * i, 0.0), [f"p{i}"]) for i in range(20)])
    run("geomask", {"INPUT": people, "MIN_RADIUS": 50, "MAX_RADIUS": 100,
                    "OUTPUT": "TEMPORARY_OUTPUT"})
    made, reads = draws
    assert made == [()] and reads == [16]


def test_the_record_swap_without_a_seed_draws_from_pcg64_seeded_by_the_os(run, draws):
    layer = census_layer(60)
    draws[0].clear()
    swap(run, layer, SEED="")
    made, reads = draws
    assert made == [()] and reads == [16]
