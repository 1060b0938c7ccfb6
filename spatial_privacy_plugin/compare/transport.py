"""The Kantorovich–Wasserstein distance between two grids, as a transport problem.

The full problem has one variable per (sending cell, receiving cell) pair, far
too many for a linear programme beyond a few hundred cells. It is solved
exactly by column generation: a linear programme over a few arcs per cell (to
its nearest cells of the other side, and along the plan of the same problem on
cells twice as large) and a hub that any cell may send to or receive from at a
cost above any direct arc; then the reduced cost of every pair is computed from
the programme's duals, the arcs that would lower the cost are added (those far
from use dropped), and the programme is solved again, until no pair has a
negative reduced cost. Then the restricted plan is optimal for the full
problem, and since a path through the hub costs more than the direct arc, no
optimal plan uses the hub. Each round scans every pair, in chunks, and solves a
programme from scratch: ``MAX_TRANSPORT_PAIRS`` bounds that work.

Where the POT library (Python Optimal Transport) can be imported, its network simplex
(``ot.emd``, exact) solves the full problem instead (bench/RESULTS.md); it is an optional
accelerator, never a dependency: the Processing glue hands it over (``use_network_simplex``)
where it finds it, and QGIS installations without it (Windows, most Linux distributions) take
the column generation, with the same value. Past ``MAX_NETWORK_SIMPLEX_PAIRS`` the column
generation is taken there too: POT holds every pair in memory.

Past ``MAX_TRANSPORT_PAIRS`` the distance is a flow on the grid's graph (``grid_flow``),
within a stated bound above the exact value, where it fits in ``GRID_FLOW_SECONDS``; else it
is left empty. ``plan`` says beforehand which route a problem takes and how long it should
take here.
"""

from dataclasses import dataclass

import numpy as np

from ..errors import N_, InputError
from ..parallel import cancellable
from . import grid_flow

# The largest full problem solved exactly (sending × receiving cells). Measured on this
# machine (2 shared cores) with every cell of a square grid perturbed by ±3: 3,025 cells
# (2.2·10^6 pairs) in 1.6 s, 4,900 cells (5.7·10^6) in 4.0 s, 10,000 cells (2.4·10^7) in 15 s
# and 305 MB (before the coarse start, the arcs per receiving cell and the dropping of arcs far
# from use: 13 s, 78 s and 190 s).
MAX_TRANSPORT_PAIRS = 25_000_000
# The largest problem handed to POT: it holds every pair (915 MB at 2.4·10^7 pairs, 14 s).
MAX_NETWORK_SIMPLEX_PAIRS = 6_000_000
NEAREST = 8  # first arcs: to the nearest cells of the other side, from each cell
ADDED_PER_CELL = 4  # arcs added per sending cell and round, the most negative first
CHUNK = 4_000_000  # reduced costs computed at a time
TOLERANCE = 1e-7  # a reduced cost (in cells) this far below 0 counts as negative
MAX_ROUNDS = 200
# Arcs whose reduced cost (in cells) is this far above 0 leave the next programme.
KEPT_REDUCED_COST = 0.1
DROPPING_ROUNDS = 20  # rounds that drop such arcs; later rounds only add
# Problems above this many pairs start from the plan of the same problem on coarser cells.
COARSE_FROM_PAIRS = 200_000
# The longest a grid flow may be expected to take (past MAX_TRANSPORT_PAIRS): its directions'
# reach is the largest up to grid_flow.REACH that fits. Its one programme cannot be
# interrupted (scipy's HiGHS holds the interpreter while it runs), so a cancel waits for it:
# kept to half a minute (reach 1 up to about 27,000 cells, reach 2 up to about 13,000).
GRID_FLOW_SECONDS = 30.0
# Seconds per pair of cells, roughly, on this project's bench machine (2 shared cores;
# bench/RESULTS.md): the column generation took 1.7 s for the 2.0·10^6 pairs of a noisy copy of
# 25,000 homes at 250 m and 8.5 s for the 4.0·10^6 of their DP grid, POT's network simplex
# 0.8 s and 1.1 s. For the time a comparison announces, not a promise.
COLUMN_GENERATION = N_("column generation")
NETWORK_SIMPLEX = N_("network simplex")
GRID_FLOW = N_("grid flow")
SECONDS_PER_PAIR = {COLUMN_GENERATION: 2e-6, NETWORK_SIMPLEX: 3e-7}


@dataclass(frozen=True)
class Transport:
    """A Kantorovich–Wasserstein distance: ``distance`` in metres (None when not computed),
    ``pairs`` the size of the full transport problem (sending × receiving cells), ``arcs``
    the arcs of the last programme solved and ``bound`` the most ``distance`` may lie above
    the exact distance, relatively (0: exact; None when not computed)."""

    distance: object
    pairs: int
    arcs: int = 0
    bound: object = 0.0


@dataclass(frozen=True)
class Plan:
    """How a transport problem is solved here: ``method`` (NETWORK_SIMPLEX,
    COLUMN_GENERATION or GRID_FLOW; None: not solved, nothing to move or too large),
    ``pairs`` of its full problem, ``reach`` of the grid flow's directions (0 otherwise),
    ``bound`` (as ``Transport.bound``) and roughly how many ``seconds`` it takes here."""

    method: object
    pairs: int
    reach: int = 0
    bound: object = 0.0
    seconds: float = 0.0


def plan(pairs, places, max_pairs=MAX_TRANSPORT_PAIRS, max_grid_seconds=GRID_FLOW_SECONDS):
    """The ``Plan`` of a problem of ``pairs`` pairs among the cells ``places`` (whole cell
    coordinates, shape (n, 2)): exact up to ``max_pairs`` pairs; beyond, the grid flow with
    the largest reach whose expected time is at most ``max_grid_seconds``; else none."""
    if pairs == 0:
        return Plan(None, 0)
    if pairs <= max_pairs:
        method = solver(pairs)
        return Plan(method, pairs, seconds=pairs * SECONDS_PER_PAIR[method])
    for reach in range(grid_flow.REACH, 0, -1):
        seconds = grid_flow.expected_seconds(grid_flow.count_nodes(places, reach), reach)
        if seconds <= max_grid_seconds:
            return Plan(GRID_FLOW, pairs, reach, grid_flow.relative_bound(reach), seconds)
    return Plan(None, pairs, bound=None)


def estimate(cells, places, max_pairs=MAX_TRANSPORT_PAIRS, max_grid_seconds=GRID_FLOW_SECONDS):
    """The ``Plan`` expected for a distance over about ``cells`` scored cells among ``places``
    (whole cell coordinates, shape (n, 2): the region the grid flow would cover), before the
    published grid is known: half the cells sending and half receiving, as where every
    cell's share changes (the most pairs there can be)."""
    cells = int(round(cells))
    return plan((cells // 2) * (cells - cells // 2), np.asarray(places, dtype=np.int64),
                max_pairs, max_grid_seconds)


def wasserstein(col, row, original, published, resolution, max_pairs=MAX_TRANSPORT_PAIRS,
                is_canceled=None, announce=None, max_grid_seconds=GRID_FLOW_SECONDS):
    """Kantorovich–Wasserstein distance (W1) between the distributions of people over cells.

    Each grid is made a distribution (p = n / Σn, q = n' / Σn'); moving a share of
    people from one cell to another costs the share times the Euclidean distance
    between the cells' centres in metres, so the distance is the mean distance
    a person of the true map must move to make the published one. With a metric
    cost the shares two cells have in common stay put in an optimal plan
    (Kantorovich–Rubinstein: W1 depends on p − q alone), so only cells that lose
    (p > q) send and only cells that gain (q > p) receive. The differences are
    computed exactly in whole numbers (n Σn' − n' Σn) before they are scaled.
    Solved as ``plan`` says (``is_canceled`` asked while it runs; ``announce(plan)`` told
    first). Returns a ``Transport``; its distance is None when either grid is empty or the
    problem is too large for every route (``plan``).
    """
    original = np.asarray(original, dtype=np.int64)
    published = np.asarray(published, dtype=np.int64)
    total, total_published = int(original.sum()), int(published.sum())
    if total <= 0 or total_published <= 0:
        return Transport(None, 0, bound=None)
    # p - q in units of 1 / (Σn Σn'), exact while the products fit (Python integers otherwise).
    if total * total_published * 2 < 2 ** 62:
        difference = original * total_published - published * total
    else:
        difference = np.array([int(a) * total_published - int(b) * total
                               for a, b in zip(original.tolist(), published.tolist())], dtype=object)
    sources = np.flatnonzero(difference > 0)
    sinks = np.flatnonzero(difference < 0)
    places = np.column_stack([np.asarray(col, dtype=np.int64), np.asarray(row, dtype=np.int64)])
    chosen = plan(len(sources) * len(sinks), places[np.concatenate([sources, sinks])],
                  max_pairs, max_grid_seconds)
    if announce is not None:
        announce(chosen)
    if chosen.pairs == 0:
        return Transport(0.0, 0)
    if chosen.method is None:
        return Transport(None, chosen.pairs, bound=None)
    scale = float(total) * float(total_published)
    supply = difference[sources].astype(float) / scale
    demand = -difference[sinks].astype(float) / scale
    if chosen.method == GRID_FLOW:
        cost, arcs = grid_flow.grid_flow_cost(places[sources], supply, places[sinks], demand,
                                              chosen.reach, is_canceled)
    else:
        cost, arcs = transport_cost(places[sources].astype(float), supply,
                                    places[sinks].astype(float), demand, is_canceled)
    return Transport(cost * resolution, chosen.pairs, arcs, chosen.bound)


def _programme(arc_source, arc_sink, arc_cost, supply, demand, hub_cost):
    """(cost, source duals, sink duals, flow on each arc) of the programme over the given arcs
    and the hub."""
    from scipy import sparse
    from scipy.optimize import linprog

    n_sources, n_sinks, n_arcs = len(supply), len(demand), len(arc_source)
    # Variables: the arcs, then source -> hub, then hub -> sink.
    rows = np.concatenate([arc_source, n_sources + arc_sink, np.arange(n_sources),
                           n_sources + np.arange(n_sinks)])
    columns = np.concatenate([np.arange(n_arcs), np.arange(n_arcs),
                              n_arcs + np.arange(n_sources + n_sinks)])
    constraints = sparse.csr_matrix((np.ones(len(rows)), (rows, columns)),
                                    shape=(n_sources + n_sinks, n_arcs + n_sources + n_sinks))
    costs = np.concatenate([arc_cost, np.full(n_sources + n_sinks, hub_cost)])
    result = linprog(costs, A_eq=constraints, b_eq=np.concatenate([supply, demand]),
                     bounds=(0, None), method="highs")
    if result.status != 0:
        raise InputError(grid_flow.NOT_SOLVED, reason=str(result.message))
    duals = result.eqlin.marginals
    return float(result.fun), duals[:n_sources], duals[n_sources:], result.x[:n_arcs]


def _nearest_arcs(sources, sinks):
    """Arc codes (source × n_sinks + sink) from each cell to its nearest cells across."""
    from scipy.spatial import cKDTree

    codes = []
    count = min(NEAREST, len(sinks))
    _, nearest = cKDTree(sinks).query(sources, k=count)
    nearest = np.asarray(nearest).reshape(len(sources), count)
    codes.append(np.repeat(np.arange(len(sources)), count) * len(sinks) + nearest.ravel())
    count = min(NEAREST, len(sources))
    _, nearest = cKDTree(sources).query(sinks, k=count)
    nearest = np.asarray(nearest).reshape(len(sinks), count)
    codes.append(nearest.ravel() * len(sinks) + np.repeat(np.arange(len(sinks)), count))
    return np.unique(np.concatenate(codes))


def _negative_arcs(sources, sinks, source_duals, sink_duals):
    """Arc codes with a negative reduced cost (distance − u_i − v_j): at most ADDED_PER_CELL
    per source, the most negative first, and the most negative of each sink (a sink far
    from every source, as the DP grid's noisy empty cells are, waits many rounds otherwise)."""
    found = []
    step = max(1, CHUNK // len(sinks))
    sink_best = np.zeros(len(sinks))
    sink_best_source = np.zeros(len(sinks), dtype=np.int64)
    every_sink = np.arange(len(sinks))
    for start in range(0, len(sources), step):
        here = sources[start:start + step]
        reduced = np.hypot(here[:, 0, None] - sinks[None, :, 0], here[:, 1, None] - sinks[None, :, 1])
        reduced -= source_duals[start:start + step, None]
        reduced -= sink_duals[None, :]
        best_here = reduced.argmin(axis=0)
        better = reduced[best_here, every_sink] < sink_best
        sink_best[better] = reduced[best_here[better], every_sink[better]]
        sink_best_source[better] = start + best_here[better]
        rows, = np.nonzero((reduced < -TOLERANCE).any(axis=1))
        if not len(rows):
            continue
        take = min(ADDED_PER_CELL, len(sinks))
        best = np.argpartition(reduced[rows], take - 1, axis=1)[:, :take]
        chosen = reduced[rows[:, None], best] < -TOLERANCE
        found.append(((start + rows)[:, None] * len(sinks) + best)[chosen])
    negative_sinks, = np.nonzero(sink_best < -TOLERANCE)
    found.append(sink_best_source[negative_sinks] * len(sinks) + negative_sinks)
    return np.unique(np.concatenate(found))


# POT's ``ot.emd`` where the glue found it (``use_network_simplex``), else None.
_network_simplex_solver = [None]


def use_network_simplex(emd):
    """Solve transport problems with ``emd`` (a function of POT's ``ot.emd`` signature: an
    exact network simplex) from now on; None: by column generation."""
    _network_simplex_solver[0] = emd


def solver(pairs=0):
    """The exact method a transport problem of ``pairs`` pairs is solved with here."""
    if _network_simplex_solver[0] is None or pairs > MAX_NETWORK_SIMPLEX_PAIRS:
        return COLUMN_GENERATION
    return NETWORK_SIMPLEX


def _network_simplex(sources, supply, sinks, demand, is_canceled):
    """(cost, arcs) by POT's exact network simplex over every pair."""
    from scipy.spatial.distance import cdist

    emd = _network_simplex_solver[0]

    distances = cdist(sources, sinks)
    # Both sides as whole shares of one total, so that their sums agree as POT requires.
    total = float(supply.sum())

    def solve():
        return emd(supply / total, demand / float(demand.sum()), distances,
                   numItermax=1_000_000_000, log=True)

    plan, log = cancellable(solve, is_canceled)
    if log.get("warning"):
        raise InputError(grid_flow.NOT_SOLVED, reason=str(log["warning"]))
    return float(log["cost"]) * total, int(np.count_nonzero(plan))


def transport_cost(sources, supply, sinks, demand, is_canceled=None):
    """The least cost of moving ``supply`` (at points ``sources``, in cells) to ``demand``
    (at ``sinks``) at a cost of the Euclidean distance per unit moved; supply and demand have
    equal sums. Exact: by POT's network simplex where POT is installed (``solver``), else by
    column generation (see the module docstring). ``is_canceled`` is asked every quarter of a second
    while a programme runs (raising ``Cancelled``). Returns (cost, arcs in the last
    programme, or of the plan)."""
    sources = np.asarray(sources, dtype=float)
    sinks = np.asarray(sinks, dtype=float)
    supply = np.asarray(supply, dtype=float)
    demand = np.asarray(demand, dtype=float)
    if solver(len(sources) * len(sinks)) == NETWORK_SIMPLEX:
        return _network_simplex(sources, supply, sinks, demand, is_canceled)
    # Shares of about 1 per cell, so that HiGHS's absolute tolerances are small beside them.
    scale = len(sources) / float(supply.sum())
    cost, codes, _ = _column_generation(sources, supply * scale, sinks, demand * scale,
                                        is_canceled)
    return cost / scale, len(codes)


def _column_generation(sources, supply, sinks, demand, is_canceled):
    """(cost, arc codes of the last programme, codes of the arcs the plan uses)."""
    everything = np.vstack([sources, sinks])
    # A path through the hub costs more than any direct arc.
    hub_cost = float(np.hypot(*(everything.max(axis=0) - everything.min(axis=0)))) + 1.0
    codes = np.union1d(_nearest_arcs(sources, sinks),
                       _coarse_arcs(sources, supply, sinks, demand, is_canceled))
    for round_number in range(MAX_ROUNDS):
        arc_source, arc_sink = codes // len(sinks), codes % len(sinks)
        arc_cost = np.hypot(sources[arc_source, 0] - sinks[arc_sink, 0],
                            sources[arc_source, 1] - sinks[arc_sink, 1])
        cost, source_duals, sink_duals, flow = cancellable(
            lambda: _programme(arc_source, arc_sink, arc_cost, supply, demand, hub_cost),
            is_canceled)
        new = _negative_arcs(sources, sinks, source_duals, sink_duals)
        new = new[~np.isin(new, codes)]
        if not len(new):
            return cost, codes, codes[flow > 0]
        # Each programme is solved from scratch: arcs far from being used only slow it. The
        # plan's own arcs stay, so the cost never rises from one round to the next. An arc
        # dropped may be wanted again later, round after round (seen on a DP grid's noise): only
        # the first rounds drop, then the arcs only grow and the generation ends.
        if round_number < DROPPING_ROUNDS:
            reduced = arc_cost - source_duals[arc_source] - sink_duals[arc_sink]
            codes = codes[(flow > 0) | (reduced < KEPT_REDUCED_COST)]
        codes = np.union1d(codes, new)
    raise InputError(N_("The transport problem of the Kantorovich–Wasserstein distance did not "
                        "settle in {rounds} rounds; report this with the data's cell size."),
                     rounds=MAX_ROUNDS)


def _coarse_arcs(sources, supply, sinks, demand, is_canceled):
    """First arcs from the same problem on cells twice as large (solved the same way): each
    arc of its plan gives the arcs between the fine cells of its two coarse cells. Without
    it the first rounds find only short moves, and long ones take many rounds to appear."""
    if len(sources) * len(sinks) <= COARSE_FROM_PAIRS:
        return np.empty(0, dtype=np.int64)
    places = np.floor(np.vstack([sources, sinks]) / 2.0)
    blocks, block_of = np.unique(places, axis=0, return_inverse=True)
    block_of = block_of.ravel()
    net = np.zeros(len(blocks))
    np.add.at(net, block_of, np.concatenate([supply, -demand]))
    # What a block's fine cells exchange inside it is not seen here; the nearest arcs carry it.
    tolerance = 1e-9 * float(supply.sum())
    coarse_sources, = np.nonzero(net > tolerance)
    coarse_sinks, = np.nonzero(net < -tolerance)
    if not len(coarse_sources) or not len(coarse_sinks):
        return np.empty(0, dtype=np.int64)
    coarse_supply, coarse_demand = net[coarse_sources], -net[coarse_sinks]
    coarse_demand *= coarse_supply.sum() / coarse_demand.sum()
    # In coarse cells: the plan is the same at any scale.
    _, _, used = _column_generation(blocks[coarse_sources], coarse_supply, blocks[coarse_sinks],
                                    coarse_demand, is_canceled)
    used_source = coarse_sources[used // len(coarse_sinks)]
    used_sink = coarse_sinks[used % len(coarse_sinks)]
    # Fine cells of each block, as (block, fine index) pairs sorted by block.
    source_block, sink_block = block_of[:len(sources)], block_of[len(sources):]
    pairs_source = _members(source_block, used_source)
    pairs_sink = _members(sink_block, used_sink)
    codes = [np.repeat(fine_sources, len(fine_sinks)) * len(sinks) + np.tile(fine_sinks,
                                                                              len(fine_sources))
             for fine_sources, fine_sinks in zip(pairs_source, pairs_sink)
             if len(fine_sources) and len(fine_sinks)]
    return np.unique(np.concatenate(codes)) if codes else np.empty(0, dtype=np.int64)


def _members(block_of_cell, blocks):
    """For each of ``blocks``, the indices of the cells in it."""
    order = np.argsort(block_of_cell, kind="stable")
    sorted_blocks = block_of_cell[order]
    starts = np.searchsorted(sorted_blocks, blocks, side="left")
    ends = np.searchsorted(sorted_blocks, blocks, side="right")
    return [order[start:end] for start, end in zip(starts, ends)]
