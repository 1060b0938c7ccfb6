"""The Kantorovich–Wasserstein distance as a flow on the grid's own graph, within a stated bound.

The idea of the Spatial-KWD library (Bassetti, Gualandi, Veneroni): instead of an arc
between every sending and every receiving cell, every cell of the region is a node with
arcs to the cells one lattice step away in each of a fixed set of directions, an arc
costing its Euclidean length, and the least-cost flow from the sending to the receiving
cells is solved. Its size grows with the region's cells times the directions, not with
the pairs of cells, and empty cells inside the region carry flow through.

The directions are the primitive lattice vectors (a, b) with max(|a|, |b|) ≤ ``reach``.
Between two consecutive directions u1, u2 (in angular order) the determinant is 1, so
any lattice displacement v in their cone is α·u1 + β·u2 with whole α, β ≥ 0; a path of
α steps u1 and β steps u2 costs |v|·cos(θ/2 − φ)/cos(θ/2), φ the angle from u1 to v, θ
the cone's angle. So the graph's distance d satisfies |v| ≤ d(v) ≤ |v| / cos(θ/2), θ
the largest angle between consecutive directions, and the flow's cost lies between the
exact distance and (1 + ``relative_bound(reach)``) times it: never below, at most that far
above. Axis and diagonal moves are directions themselves: costed exactly.

Nodes: the cells within ``reach`` cells (in each axis) of the convex hull of the sending
and receiving cells. The steps of such a path taken in turn (u1 whenever its count lags
k·α/(α+β) after k steps) stay within one u1 − u2, at most ``reach`` cells in each
axis, of the straight segment, so every path the bound counts on is in the graph.

Spatial-KWD solves the flow with a network simplex in C++; here it is one linear programme
for scipy's HiGHS, which is slower on it than the exact column generation wherever that
fits (bench/RESULTS.md): the grid flow serves past ``transport.MAX_TRANSPORT_PAIRS``.
"""

import math

import numpy as np

from ..errors import N_, InputError
from ..parallel import cancellable

NOT_SOLVED = N_("The transport problem of the Kantorovich–Wasserstein distance was not solved "
                "({reason}); report this with the data's cell size.")
# Directions up to 5 cells: the graph's distance is at most 0.49 % above the Euclidean one
# (the widest cone is between (1, 0) and (5, 1), 11.3°); 80 arcs per cell.
REACH = 5
# HiGHS's dual simplex on the flow's programme, on this project's bench machine (2 shared cores;
# bench/RESULTS.md, 25,000 homes at 250 m): 5.3 s for 6.3·10^4 arcs, 40 s for 2.8·10^5, 166 s
# for 7.7·10^5, about as the 1.4th power of the arcs (100,000 homes: a third of that). For the
# time a comparison announces and the reach it can afford, not a promise.
SECONDS_AT_REFERENCE, REFERENCE_ARCS, GROWTH = 5.3, 6.3e4, 1.4


def directions(reach):
    """The primitive lattice vectors (a, b), max(|a|, |b|) ≤ ``reach``, in angular order, as
    an integer array of shape (n, 2)."""
    found = [(a, b) for a in range(-reach, reach + 1) for b in range(-reach, reach + 1)
             if math.gcd(a, b) == 1]
    found.sort(key=lambda vector: math.atan2(vector[1], vector[0]))
    return np.array(found, dtype=np.int64)


def relative_bound(reach):
    """The most the grid graph's distance exceeds the Euclidean one, relatively:
    1 / cos(θ/2) − 1, θ the largest angle between consecutive ``directions(reach)``."""
    vectors = directions(reach).astype(float)
    following = np.roll(vectors, -1, axis=0)
    lengths = np.hypot(vectors[:, 0], vectors[:, 1]) * np.hypot(following[:, 0], following[:, 1])
    cosines = np.einsum("ij,ij->i", vectors, following) / lengths
    # cos(θ/2) = sqrt((1 + cos θ) / 2), least for the widest cone.
    return float(1.0 / math.sqrt((1.0 + cosines.min()) / 2.0) - 1.0)


def region_nodes(places, reach):
    """The cells (integer array (n, 2)) within ``reach`` cells in each axis of the convex hull
    of ``places`` (whole cell coordinates): the grid graph's nodes."""
    from scipy.spatial import ConvexHull

    places = np.asarray(places, dtype=np.int64)
    low, high = places.min(axis=0) - reach, places.max(axis=0) + reach
    corners = np.array([[1, 1], [1, -1], [-1, 1], [-1, -1]]) * reach
    hull = ConvexHull((np.unique(places, axis=0)[:, None, :] + corners[None]).reshape(-1, 2))
    col, row = np.meshgrid(np.arange(low[0], high[0] + 1), np.arange(low[1], high[1] + 1),
                           indexing="ij")
    col, row = col.ravel(), row.ravel()
    # Inside: every facet's a·x + b·y + c ≤ 0 (whole coordinates: a small tolerance is safe).
    inside = np.ones(len(col), dtype=bool)
    for a, b, c in hull.equations:
        inside &= a * col + b * row + c <= 1e-9
    return np.column_stack([col[inside], row[inside]])


def count_nodes(places, reach=REACH):
    """How many nodes the grid graph of ``places`` has (``region_nodes``)."""
    return len(region_nodes(places, reach))


def expected_seconds(nodes, reach=REACH):
    """Roughly how long the flow over ``nodes`` cells takes here."""
    return SECONDS_AT_REFERENCE * (nodes * len(directions(reach)) / REFERENCE_ARCS) ** GROWTH


def _arcs(nodes, reach):
    """(tail, head, cost) of every arc between two nodes a direction apart."""
    low = nodes.min(axis=0)
    shape = nodes.max(axis=0) - low + 1
    index = np.full(tuple(shape), -1, dtype=np.int64)
    index[nodes[:, 0] - low[0], nodes[:, 1] - low[1]] = np.arange(len(nodes))
    tails, heads, costs = [], [], []
    for a, b in directions(reach):
        col, row = nodes[:, 0] - low[0] + a, nodes[:, 1] - low[1] + b
        within = (col >= 0) & (col < shape[0]) & (row >= 0) & (row < shape[1])
        head = np.full(len(nodes), -1, dtype=np.int64)
        head[within] = index[col[within], row[within]]
        tail, = np.nonzero(head >= 0)
        tails.append(tail)
        heads.append(head[tail])
        costs.append(np.full(len(tail), math.hypot(a, b)))
    return np.concatenate(tails), np.concatenate(heads), np.concatenate(costs), index, low


def grid_flow_cost(sources, supply, sinks, demand, reach=REACH, is_canceled=None):
    """The least cost of moving ``supply`` (at cells ``sources``, whole cell coordinates) to
    ``demand`` (at ``sinks``; equal sums) along the grid graph of ``reach`` (see the module
    docstring): between the exact Euclidean transport cost and (1 + ``relative_bound(reach)``)
    times it. A linear programme (HiGHS through scipy): one variable per arc, one equation
    per node (what leaves minus what enters = its supply, minus its demand at a sink, 0 at
    the others). ``is_canceled`` is asked before the programme starts (raising ``Cancelled``)
    and while it runs, but scipy's HiGHS holds the interpreter until it ends, so a cancel
    waits for it (``transport.GRID_FLOW_SECONDS`` keeps it short). Returns (cost, arcs of
    the programme)."""
    from scipy import sparse
    from scipy.optimize import linprog

    sources = np.asarray(sources, dtype=np.int64)
    sinks = np.asarray(sinks, dtype=np.int64)
    supply = np.asarray(supply, dtype=float)
    demand = np.asarray(demand, dtype=float)
    nodes = region_nodes(np.vstack([sources, sinks]), reach)
    tail, head, cost, index, low = _arcs(nodes, reach)
    n_arcs = len(tail)
    incidence = sparse.csc_matrix(
        (np.concatenate([np.ones(n_arcs), -np.ones(n_arcs)]),
         (np.concatenate([tail, head]), np.concatenate([np.arange(n_arcs)] * 2))),
        shape=(len(nodes), n_arcs))
    # Shares of about 1 per cell, so that HiGHS's absolute tolerances are small beside them.
    scale = len(sources) / float(supply.sum())
    balance = np.zeros(len(nodes))
    np.add.at(balance, index[sources[:, 0] - low[0], sources[:, 1] - low[1]], supply * scale)
    np.add.at(balance, index[sinks[:, 0] - low[0], sinks[:, 1] - low[1]], -demand * scale)
    result = cancellable(lambda: linprog(cost, A_eq=incidence, b_eq=balance, bounds=(0, None),
                                         method="highs"), is_canceled)
    if result.status != 0:
        raise InputError(NOT_SOLVED, reason=str(result.message))
    return float(result.fun) / scale, n_arcs
