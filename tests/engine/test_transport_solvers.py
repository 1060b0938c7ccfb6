"""The Kantorovich–Wasserstein distance by both exact solvers (issue 40): POT's network simplex
where POT is installed (an optional accelerator) and the plugin's column generation (QGIS
without POT). Both equal a brute-force programme, and each other on larger grids; a cancel
stops either within two seconds, even inside one programme. Past the exact limit, the grid
flow: never below the exact value, never above it by more than its stated bound."""

import math
import threading
import time

import numpy as np
import pytest

from spatial_privacy_plugin.compare import grid_flow, transport
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


def test_pot_is_handed_no_problem_larger_than_its_memory_allows():
    transport.use_network_simplex(lambda *args, **kwargs: pytest.fail("POT was called"))
    try:
        assert transport.solver(transport.MAX_NETWORK_SIMPLEX_PAIRS) == "network simplex"
        assert transport.solver(transport.MAX_NETWORK_SIMPLEX_PAIRS + 1) == "column generation"
        rng = np.random.default_rng(4045)
        sources, sinks = rng.uniform(0, 30, (40, 2)), rng.uniform(0, 30, (30, 2))
        supply, demand = np.full(40, 3.0), np.full(30, 4.0)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(transport, "MAX_NETWORK_SIMPLEX_PAIRS", 40 * 30 - 1)
            cost, _ = transport.transport_cost(sources, supply, sinks, demand)
    finally:
        transport.use_network_simplex(None)
    assert cost == pytest.approx(transport.transport_cost(sources, supply, sinks, demand)[0])


def test_a_cancel_stops_a_long_solve_within_two_seconds(solver, monkeypatch):
    monkeypatch.setattr(transport, "MAX_NETWORK_SIMPLEX_PAIRS", 10 ** 9)
    # Big enough to run for many seconds with either solver on this machine.
    col, row, a, b = noisy_grid(np.random.default_rng(4042), 80 if solver == SOLVERS[1] else 110,
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
    assert found.distance is not None and [plan.pairs for plan in announced] == [found.pairs]


# The grid flow (past the exact route's limit) ------------------------------------------------

def test_the_grid_directions_are_the_primitive_vectors_with_unit_determinants():
    for reach in (1, 2, 3, 5):
        found = grid_flow.directions(reach)
        expected = {(a, b) for a in range(-reach, reach + 1) for b in range(-reach, reach + 1)
                    if math.gcd(a, b) == 1}
        assert set(map(tuple, found.tolist())) == expected and len(found) == len(expected)
        following = np.roll(found, -1, axis=0)
        assert np.all(found[:, 0] * following[:, 1] - found[:, 1] * following[:, 0] == 1)


def test_the_bound_is_that_of_the_widest_cone():
    # Reach 5: the widest cone lies between (1, 0) and (5, 1).
    widest = math.atan2(1, 5)
    assert grid_flow.relative_bound(5) == pytest.approx(1 / math.cos(widest / 2) - 1, rel=1e-12)
    assert grid_flow.relative_bound(5) < 0.005
    # Reach 1: eight directions 45° apart.
    assert grid_flow.relative_bound(1) == pytest.approx(1 / math.cos(math.pi / 8) - 1, rel=1e-12)


@pytest.mark.parametrize("move", [(7, 0), (0, -3), (4, 4), (-2, 2), (5, 1), (-3, -5)])
def test_a_single_mass_along_a_direction_moves_its_exact_distance(move):
    cost, _ = grid_flow.grid_flow_cost([[2, 3]], [1.0], [[2 + move[0], 3 + move[1]]], [1.0])
    assert cost == pytest.approx(math.hypot(*move), rel=1e-9)


def test_a_single_mass_between_directions_moves_along_the_two_that_frame_it():
    # (7, 3) = 1·(5, 2) + 1·(2, 1): two steps of the reach-5 graph.
    cost, _ = grid_flow.grid_flow_cost([[0, 0]], [1.0], [[7, 3]], [1.0])
    assert cost == pytest.approx(math.hypot(5, 2) + math.hypot(2, 1), rel=1e-9)
    assert math.hypot(7, 3) < cost <= math.hypot(7, 3) * (1 + grid_flow.relative_bound(5))


@pytest.mark.parametrize("reach", [1, 2, 3, 5])
def test_the_grid_flow_is_never_below_the_exact_value_nor_above_it_by_more_than_its_bound(
        reach):
    rng = np.random.default_rng(4050 + reach)
    bound = grid_flow.relative_bound(reach)
    for _ in range(25):
        side = int(rng.integers(2, 8))
        col, row, a, b = noisy_grid(rng, side, int(rng.integers(1, 6)))
        # Sparse grids too: far cells, empty cells between them.
        keep = rng.random(len(col)) < rng.uniform(0.2, 1.0)
        if not keep.any():
            continue
        col, row, a, b = col[keep] * int(rng.integers(1, 4)), row[keep], a[keep], b[keep]
        exact = transport.wasserstein(col, row, a, b, 100.0)
        flow = transport.wasserstein(col, row, a, b, 100.0, max_pairs=0)
        if exact.distance is None or exact.pairs == 0:
            assert flow.distance == exact.distance
            continue
        assert flow.bound == pytest.approx(grid_flow.relative_bound(grid_flow.REACH))
        reached = grid_flow.grid_flow_cost(
            np.column_stack([col, row])[a * b.sum() > b * a.sum()],
            *_shares(col, row, a, b), reach=reach)[0] * 100.0
        assert exact.distance * (1 - 1e-9) <= reached <= exact.distance * (1 + bound + 1e-9)
        assert exact.distance * (1 - 1e-9) <= flow.distance


def _shares(col, row, a, b):
    """(supply, sinks, demand) of the problem ``transport.wasserstein`` builds."""
    difference = a * b.sum() - b * a.sum()
    scale = float(a.sum()) * float(b.sum())
    places = np.column_stack([col, row])
    return (difference[difference > 0] / scale, places[difference < 0],
            -difference[difference < 0] / scale)


def test_the_grid_flow_reaches_round_an_empty_middle():
    # Mass moves across a region whose middle holds nobody: the empty cells carry it.
    col = np.array([0, 0, 12, 12])
    row = np.array([0, 9, 0, 9])
    a, b = np.array([5, 5, 0, 0]), np.array([0, 0, 5, 5])
    flow = transport.wasserstein(col, row, a, b, 100.0, max_pairs=0)
    assert flow.distance == pytest.approx(1200.0, rel=1e-9)


def test_a_cancel_before_the_grid_flows_programme_stops_it():
    # Its one programme cannot be interrupted once HiGHS runs (it holds the interpreter): a
    # cancel is heard before it starts.
    col, row, a, b = noisy_grid(np.random.default_rng(4044), 45, 3)
    started = time.monotonic()
    with pytest.raises(Cancelled):
        transport.wasserstein(col, row, a, b, 250.0, max_pairs=0, is_canceled=lambda: True,
                              max_grid_seconds=10 ** 6)
    assert time.monotonic() - started < 2.0
