"""The Kantorovich–Wasserstein distance by both exact solvers (issue 40): POT's network simplex
where POT is installed (an optional accelerator) and the plugin's column generation (QGIS
without POT). Both equal a brute-force programme, and each other on larger grids; a cancel
stops either within two seconds, even inside one programme."""

import threading
import time

import numpy as np
import pytest

from spatial_privacy_plugin.compare import transport
from spatial_privacy_plugin.errors import Cancelled
from test_comparison_measures import brute_force_wasserstein

SOLVERS = ("network simplex", "column generation")


@pytest.fixture(params=SOLVERS)
def solver(request):
    """Each solver in turn, as the glue hands POT over where it finds it."""
    transport.use_network_simplex(pytest.importorskip("ot").emd
                                  if request.param == "network simplex" else None)
    assert transport.solver() == request.param
    yield request.param
    transport.use_network_simplex(None)


def noisy_grid(rng, side, noise):
    col, row = (values.ravel() for values in np.meshgrid(np.arange(side), np.arange(side)))
    truth = rng.integers(0, 30, len(col))
    return col, row, truth, np.maximum(truth + rng.integers(-noise, noise + 1, len(col)), 0)


def test_both_solvers_equal_a_brute_force_programme(solver):
    rng = np.random.default_rng(4040)
    for _ in range(60):
        col, row, a, b = noisy_grid(rng, int(rng.integers(2, 7)), int(rng.integers(1, 5)))
        found = transport.wasserstein(col, row, a, b, 250.0).distance
        assert found == pytest.approx(brute_force_wasserstein(col, row, a, b, 250.0),
                                      rel=1e-6, abs=1e-9)


def test_the_solvers_agree_within_a_millionth_on_larger_grids():
    emd = pytest.importorskip("ot").emd
    rng = np.random.default_rng(4041)
    for side in (15, 30):
        col, row, a, b = noisy_grid(rng, side, 3)
        transport.use_network_simplex(emd)
        try:
            fast = transport.wasserstein(col, row, a, b, 250.0)
        finally:
            transport.use_network_simplex(None)
        slow = transport.wasserstein(col, row, a, b, 250.0)
        assert fast.pairs == slow.pairs > 2_000
        assert fast.distance == pytest.approx(slow.distance, rel=1e-6)


def test_a_cancel_stops_a_long_solve_within_two_seconds(solver):
    # Big enough to run for many seconds with either solver on this machine.
    col, row, a, b = noisy_grid(np.random.default_rng(4042), 60 if solver == SOLVERS[1] else 110,
                                3)
    asked = threading.Event()
    cancelled_at = []

    def is_canceled():
        if not asked.is_set():
            asked.set()
            return False
        if not cancelled_at and time.monotonic() - started > 1.0:
            cancelled_at.append(time.monotonic())
        return bool(cancelled_at)

    started = time.monotonic()
    with pytest.raises(Cancelled):
        transport.wasserstein(col, row, a, b, 250.0, max_pairs=10 ** 9, is_canceled=is_canceled)
    assert cancelled_at, "the solve finished before the cancel: make the problem larger"
    assert time.monotonic() - cancelled_at[0] < 2.0


def test_without_a_cancel_the_same_solve_goes_on():
    """Negative control: nobody cancels, nothing is raised, and the problem is announced."""
    col, row, a, b = noisy_grid(np.random.default_rng(4043), 6, 3)
    announced = []
    found = transport.wasserstein(col, row, a, b, 250.0, is_canceled=lambda: False,
                                  announce=announced.append)
    assert found.distance is not None and announced == [found.pairs]
