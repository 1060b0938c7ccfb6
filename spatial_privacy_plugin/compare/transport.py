"""The Kantorovich–Wasserstein distance between two grids, exactly, as a transport problem.

The full problem has one variable per (sending cell, receiving cell) pair, far
too many for a linear programme beyond a few hundred cells. It is solved
exactly by column generation (as the Spatial-KWD library of the Eurostat
guidelines does, there approximately): a linear programme over a few arcs per
cell (to its nearest cells of the other side) and a hub that any cell may
send to or receive from at a cost above any direct arc; then the reduced cost
of every pair is computed from the programme's duals, the arcs that would
lower the cost are added, and the programme is solved again, until no pair
has a negative reduced cost. Then the restricted plan is optimal for the full
problem, and since a path through the hub costs more than the direct arc, no
optimal plan uses the hub. Each round scans every pair, in chunks, and solves a
programme from scratch: ``MAX_TRANSPORT_PAIRS`` bounds that work.

Where the POT library (Python Optimal Transport) can be imported, its network simplex
(``ot.emd``, exact) solves the full problem instead, about fifty times faster (bench/
RESULTS.md); it is an optional accelerator, never a dependency: the Processing glue hands
it over (``use_network_simplex``) where it finds it, and QGIS installations without it
(Windows, most Linux distributions) take the column generation, with the same value.
"""

from dataclasses import dataclass

import numpy as np

from ..errors import N_, InputError
from ..parallel import cancellable

# The largest full problem solved (sending × receiving cells). Measured on this machine (2 shared
# cores) with every cell of a square grid perturbed by ±3: 1,600 cells (6.4·10^5 pairs) in 4 s,
# 3,025 cells (2.3·10^6) in 13 s, 4,900 cells (5.9·10^6) in 78 s, 10,000 cells (2.5·10^7) in
# 190 s; the linear programmes take nine tenths of the time. Past this the distance is left
# empty (and said so) rather than approximated.
MAX_TRANSPORT_PAIRS = 6_000_000
NEAREST = 8  # first arcs: to the nearest cells of the other side, from each cell
ADDED_PER_CELL = 4  # arcs added per sending cell and round, the most negative first
CHUNK = 4_000_000  # reduced costs computed at a time
TOLERANCE = 1e-7  # a reduced cost (in cells) this far below 0 counts as negative
MAX_ROUNDS = 200
# Seconds per pair of cells, roughly, on this project's bench machine (2 cores): the column
# generation took 83 s for 2.0·10^6 pairs, POT's network simplex 1.8 s. For the time a
# comparison announces before a long solve, not a promise.
COLUMN_GENERATION = N_("column generation")
NETWORK_SIMPLEX = N_("network simplex")
SECONDS_PER_PAIR = {COLUMN_GENERATION: 4e-5, NETWORK_SIMPLEX: 1e-6}


@dataclass(frozen=True)
class Transport:
    """A Kantorovich–Wasserstein distance: ``distance`` in metres (None when not computed),
    ``pairs`` the size of the full transport problem (sending × receiving cells) and
    ``arcs`` the arcs of the last programme solved."""

    distance: object
    pairs: int
    arcs: int = 0


def wasserstein(col, row, original, published, resolution, max_pairs=MAX_TRANSPORT_PAIRS,
                is_canceled=None, announce=None):
    """Kantorovich–Wasserstein distance (W1) between the distributions of people over cells.

    Each grid is made a distribution (p = n / Σn, q = n' / Σn'); moving a share of
    people from one cell to another costs the share times the Euclidean distance
    between the cells' centres in metres, so the distance is the mean distance
    a person of the true map must move to make the published one. With a metric
    cost the shares two cells have in common stay put in an optimal plan
    (Kantorovich–Rubinstein: W1 depends on p − q alone), so only cells that lose
    (p > q) send and only cells that gain (q > p) receive. The differences are
    computed exactly in whole numbers (n Σn' − n' Σn) before they are scaled.
    Solved exactly (``transport_cost``; ``is_canceled`` asked while it runs;
    ``announce(pairs)`` told the problem's size first). Returns a ``Transport``; its distance
    is None when either grid is empty or the problem has more than ``max_pairs`` pairs.
    """
    original = np.asarray(original, dtype=np.int64)
    published = np.asarray(published, dtype=np.int64)
    total, total_published = int(original.sum()), int(published.sum())
    if total <= 0 or total_published <= 0:
        return Transport(None, 0)
    # p - q in units of 1 / (Σn Σn'), exact while the products fit (Python integers otherwise).
    if total * total_published * 2 < 2 ** 62:
        difference = original * total_published - published * total
    else:
        difference = np.array([int(a) * total_published - int(b) * total
                               for a, b in zip(original.tolist(), published.tolist())], dtype=object)
    sources = np.flatnonzero(difference > 0)
    sinks = np.flatnonzero(difference < 0)
    pairs = len(sources) * len(sinks)
    if announce is not None:
        announce(pairs if pairs <= max_pairs else 0)
    if pairs == 0:
        return Transport(0.0, 0)
    if pairs > max_pairs:
        return Transport(None, pairs)
    scale = float(total) * float(total_published)
    places = np.column_stack([np.asarray(col, dtype=float), np.asarray(row, dtype=float)])
    cost, arcs = transport_cost(places[sources], difference[sources].astype(float) / scale,
                                places[sinks], -difference[sinks].astype(float) / scale,
                                is_canceled)
    return Transport(cost * resolution, pairs, arcs)


def _programme(arc_source, arc_sink, arc_cost, supply, demand, hub_cost):
    """(cost, source duals, sink duals) of the programme over the given arcs and the hub."""
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
        raise InputError(N_("The transport problem of the Kantorovich–Wasserstein distance was "
                            "not solved ({reason}); report this with the data's cell size."),
                         reason=str(result.message))
    duals = result.eqlin.marginals
    return float(result.fun), duals[:n_sources], duals[n_sources:]


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
    """Arc codes with a negative reduced cost (distance − u_i − v_j), at most ADDED_PER_CELL
    per source, the most negative first."""
    found = []
    step = max(1, CHUNK // len(sinks))
    for start in range(0, len(sources), step):
        here = sources[start:start + step]
        reduced = np.hypot(here[:, 0, None] - sinks[None, :, 0], here[:, 1, None] - sinks[None, :, 1])
        reduced -= source_duals[start:start + step, None]
        reduced -= sink_duals[None, :]
        rows, = np.nonzero((reduced < -TOLERANCE).any(axis=1))
        if not len(rows):
            continue
        take = min(ADDED_PER_CELL, len(sinks))
        best = np.argpartition(reduced[rows], take - 1, axis=1)[:, :take]
        chosen = reduced[rows[:, None], best] < -TOLERANCE
        found.append(((start + rows)[:, None] * len(sinks) + best)[chosen])
    return np.concatenate(found) if found else np.empty(0, dtype=np.int64)


# POT's ``ot.emd`` where the glue found it (``use_network_simplex``), else None.
_network_simplex_solver = [None]


def use_network_simplex(emd):
    """Solve transport problems with ``emd`` (a function of POT's ``ot.emd`` signature: an
    exact network simplex) from now on; None: by column generation."""
    _network_simplex_solver[0] = emd


def solver():
    """The exact method transport problems are solved with here."""
    return COLUMN_GENERATION if _network_simplex_solver[0] is None else NETWORK_SIMPLEX


def expected_seconds(pairs):
    """Roughly how long a transport problem of ``pairs`` pairs takes here (``solver()``)."""
    return pairs * SECONDS_PER_PAIR[solver()]


def _network_simplex(sources, supply, sinks, demand, is_canceled):
    """(cost, arcs) by POT's exact network simplex over every pair, or None without it."""
    emd = _network_simplex_solver[0]
    if emd is None:
        return None
    from scipy.spatial.distance import cdist

    distances = cdist(sources, sinks)
    # Both sides as whole shares of one total, so that their sums agree as POT requires.
    total = float(supply.sum())

    def solve():
        return emd(supply / total, demand / float(demand.sum()), distances,
                   numItermax=1_000_000_000, log=True)

    plan, log = cancellable(solve, is_canceled)
    if log.get("warning"):
        raise InputError(N_("The transport problem of the Kantorovich–Wasserstein distance was "
                            "not solved ({reason}); report this with the data's cell size."),
                         reason=str(log["warning"]))
    return float(log["cost"]) * total, int(np.count_nonzero(plan))


def transport_cost(sources, supply, sinks, demand, is_canceled=None):
    """The least cost of moving ``supply`` (at points ``sources``, in cells) to ``demand``
    (at ``sinks``) at a cost of the Euclidean distance per unit moved; supply and demand have
    equal sums. Exact: by POT's network simplex where POT is installed, else by column
    generation (see the module docstring). ``is_canceled`` is asked every quarter of a second
    while a programme runs (raising ``Cancelled``). Returns (cost, arcs in the last
    programme, or of the plan)."""
    sources = np.asarray(sources, dtype=float)
    sinks = np.asarray(sinks, dtype=float)
    supply = np.asarray(supply, dtype=float)
    demand = np.asarray(demand, dtype=float)
    found = _network_simplex(sources, supply, sinks, demand, is_canceled)
    if found is not None:
        return found
    everything = np.vstack([sources, sinks])
    # A path through the hub costs more than any direct arc.
    hub_cost = float(np.hypot(*(everything.max(axis=0) - everything.min(axis=0)))) + 1.0
    codes = _nearest_arcs(sources, sinks)
    for _ in range(MAX_ROUNDS):
        arc_source, arc_sink = codes // len(sinks), codes % len(sinks)
        arc_cost = np.hypot(sources[arc_source, 0] - sinks[arc_sink, 0],
                            sources[arc_source, 1] - sinks[arc_sink, 1])
        cost, source_duals, sink_duals = cancellable(
            lambda: _programme(arc_source, arc_sink, arc_cost, supply, demand, hub_cost),
            is_canceled)
        new = _negative_arcs(sources, sinks, source_duals, sink_duals)
        new = new[~np.isin(new, codes)]
        if not len(new):
            return cost, len(codes)
        codes = np.union1d(codes, new)
    raise InputError(N_("The transport problem of the Kantorovich–Wasserstein distance did not "
                        "settle in {rounds} rounds; report this with the data's cell size."),
                     rounds=MAX_ROUNDS)
