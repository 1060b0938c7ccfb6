"""Exact bounds of a block whose rows form two laminar families: a flow network.

Rows that cross (share unknowns without one holding the other) are a cell
and the area its border cuts; the cells (with the totals over whole cells)
and the areas (with the totals over whole areas) each nest or are
disjoint. Such a block is a flow network: the source feeds the largest rows
of the first family, each row its smaller rows and its own unknowns, each
unknown the smallest row of the second family that holds it, and those rows
drain upwards to the sink, which returns the flow to the source. A row's sum
is the flow on its edge, bounded by the row's low and high.

Given one solution (a circulation f), an edge's flow can rise by as much
flow as the residual network carries from its head back to its tail (the
edge itself left out), up to its capacity, and fall by as much as it
carries from tail to head: one maximum flow per bound, with no linear
programme. The network matrix is totally unimodular, so these whole-number
bounds are those of the integer programme.
"""

import numpy as np
from scipy.sparse import coo_matrix, csr_matrix
from scipy.sparse.csgraph import maximum_flow

SOURCE, SINK = 0, 1


def group_matrix(groups, n):
    """A sparse 0/1 matrix with one row per index array in ``groups``, n columns. Built as CSR
    directly (the audits build tens of thousands of small ones: through COO took twice as
    long); an index twice in a group counts twice, as through COO."""
    indptr = np.zeros(len(groups) + 1, dtype=np.int64)
    np.cumsum([len(group) for group in groups], out=indptr[1:])
    columns = np.concatenate(groups).astype(np.int64) if groups else np.empty(0, np.int64)
    matrix = csr_matrix((np.ones(len(columns)), columns, indptr), shape=(len(groups), n))
    matrix.sum_duplicates()
    return matrix


def crossings(groups, n):
    """(first, second): the pairs of index arrays that cross."""
    matrix = group_matrix(groups, n)
    sizes = np.diff(matrix.indptr)
    shared = (matrix @ matrix.T).tocoo()
    crossing = (shared.row < shared.col) & \
        (shared.data < np.minimum(sizes[shared.row], sizes[shared.col]))
    return shared.row[crossing], shared.col[crossing]


def _crossing_graph(groups, n):
    first, second = crossings(groups, n)
    return coo_matrix((np.ones(2 * len(first)), (np.concatenate([first, second]),
                                                 np.concatenate([second, first]))),
                      shape=(len(groups), len(groups))).tocsr()


def crossing_families(groups, n):
    """Family (0 or 1) per index array such that any two that cross are in different families,
    or None when they cannot be split so (an odd cycle of crossings)."""
    graph = _crossing_graph(groups, n)
    family = np.full(len(groups), -1, dtype=np.int64)
    for start in range(len(groups)):
        if family[start] >= 0:
            continue
        family[start] = 0
        stack = [start]
        while stack:
            row = stack.pop()
            for other in graph.indices[graph.indptr[row]:graph.indptr[row + 1]]:
                if family[other] < 0:
                    family[other] = 1 - family[row]
                    stack.append(other)
                elif family[other] == family[row]:
                    return None
    return family


def families_leaving_out(groups, n, order):
    """Family (0 or 1) per index array, -1 for those left out so that any two kept that cross
    are in different families: taken in ``order``, each joins the family none of the kept
    arrays it crosses is in, or is left out when they are in both."""
    graph = _crossing_graph(groups, n)
    family = np.full(len(groups), -1, dtype=np.int64)
    for group in order:
        neighbours = family[graph.indices[graph.indptr[group]:graph.indptr[group + 1]]]
        taken = np.unique(neighbours[neighbours >= 0])
        if len(taken) < 2:
            family[group] = 1 - taken[0] if len(taken) else 0
    return family


def target_edges(rows, targets, n):
    """(rows, edge per target): a target of one unknown is that unknown's edge, one of several
    the edge of the row over them (added, unbounded, where no row is)."""
    rows = list(rows)
    row_of = {np.sort(cells).tobytes(): index for index, (cells, _, _) in enumerate(rows)}
    edges = []
    for cells in targets:
        if len(cells) == 1:
            edges.append(int(cells[0]))
            continue
        key = np.sort(cells).tobytes()
        if key not in row_of:
            row_of[key] = len(rows)
            rows.append((np.sort(cells), -np.inf, np.inf))
        edges.append(n + row_of[key])
    return rows, np.array(edges, dtype=np.int64)


class FlowNetwork:
    """The block's rows as edges of a circulation; unknown j is edge ``j``, row i edge n + i."""

    def __init__(self, rows, lower, upper, family):
        n = len(lower)
        node_of_row = 2 + np.arange(len(rows))
        # The smallest row of each family holding each unknown, and each row's parent: rows in
        # decreasing size, each taking over its unknowns from the larger row holding it.
        holder = np.full((2, n), -1, dtype=np.int64)
        parent = np.full(len(rows), -1, dtype=np.int64)
        for row in np.argsort([-len(cells) for cells, _, _ in rows], kind="stable"):
            cells = rows[row][0]
            parent[row] = holder[family[row], cells[0]]
            holder[family[row], cells] = row
        ends = [np.where(holder[side] >= 0, node_of_row[holder[side]], end)
                for side, end in ((0, SOURCE), (1, SINK))]
        above = np.where(parent >= 0, node_of_row[parent], np.where(family == 0, SOURCE, SINK))
        self.tail = np.concatenate([ends[0], np.where(family == 0, above, node_of_row), [SINK]])
        self.head = np.concatenate([ends[1], np.where(family == 0, node_of_row, above), [SOURCE]])
        self.low = np.concatenate([lower, [low for _, low, _ in rows], [-np.inf]])
        self.high = np.concatenate([upper, [high for _, _, high in rows], [np.inf]])
        self.row_matrix = group_matrix([cells for cells, _, _ in rows], n)
        self.nodes = 2 + len(rows)

    def flows(self, x):
        """Each edge's flow in the circulation of solution x."""
        row_sums = self.row_matrix @ x
        out_of_source = x[self.tail[:len(x)] == SOURCE].sum() + \
            row_sums[self.tail[len(x):-1] == SOURCE].sum()
        return np.concatenate([x, row_sums, [out_of_source]])

    def bounds(self, x, edges, settled_low, settled_high):
        """(min, max, found_low, found_high) of the flow on each of ``edges``, each bound not
        yet settled by a maximum flow in the residual network of solution x. A bound beyond
        what scipy's 32-bit capacities hold is left unfound (for a programme)."""
        flow = np.round(self.flows(x))
        up, down = np.maximum(self.high - flow, 0.0), np.maximum(flow - self.low, 0.0)
        # One residual arc per node pair, its capacity the sum over the edges' arcs there (kept
        # as a finite part and a count of unbounded arcs, so that one edge's arc can come out).
        arc_keys = np.concatenate([self.tail * self.nodes + self.head,
                                   self.head * self.nodes + self.tail])
        slack = np.concatenate([up, down])
        keys, arc_of = np.unique(arc_keys, return_inverse=True)
        finite = np.bincount(arc_of, weights=np.where(np.isinf(slack), 0.0, slack))
        unbounded = np.bincount(arc_of, weights=np.isinf(slack).astype(float))
        # Arcs without capacity go (scipy's maximum flow costs about its number of arcs).
        kept = (finite > 0) | (unbounded > 0)
        arc_of = np.where(kept, np.cumsum(kept) - 1, -1)[arc_of]
        keys, finite, unbounded = keys[kept], finite[kept], unbounded[kept]
        forward, backward = arc_of[:len(up)], arc_of[len(up):]
        origin = keys // self.nodes
        residual = csr_matrix((np.zeros(len(keys), dtype=np.int32), keys % self.nodes,
                               np.concatenate([[0], np.cumsum(np.bincount(
                                   origin, minlength=self.nodes))])),
                              shape=(self.nodes, self.nodes))
        # No node may pass more than 2**31 - 1 in all: each query caps every arc at its limit.
        degree = np.bincount(origin, minlength=self.nodes).max(initial=0) + \
            np.bincount(keys % self.nodes, minlength=self.nodes).max(initial=0)
        largest = float((2 ** 31 - 1) // (degree + 2))
        low, high = flow[edges].copy(), flow[edges].copy()
        found = (settled_low.copy(), settled_high.copy())
        # Each open bound: (side, position, start, end, own reverse arc, its capacity, slack).
        queries = [(side, position, start, end, own_arc, own, slack)
                   for position, edge in enumerate(edges)
                   for side, start, end, own_arc, own, slack in (
                       (1, self.head[edge], self.tail[edge], backward[edge], down[edge], up[edge]),
                       (0, self.tail[edge], self.head[edge], forward[edge], up[edge], down[edge]))
                   if not found[side][position]]
        capacity = (finite, unbounded)
        # Bounds that share their two nodes (withheld cells of one area) share one maximum flow:
        # without an edge's own arc the network carries at least that flow less the arc's
        # capacity, so a bound whose slack fits in that is reached.
        groups = {}
        for query in queries:
            groups.setdefault((query[2], query[3]), []).append(query)
        for (start, end), group in groups.items():
            needed = max(own + slack for _, _, _, _, _, own, slack in group)
            if len(group) < 2 or needed > largest:
                continue
            carried = self._carried(residual, capacity, -1, 0.0, start, end, needed)
            for side, position, _, _, _, own, slack in group:
                if carried - own >= slack:
                    (high if side else low)[position] += (1.0 if side else -1.0) * slack
                    found[side][position] = True
        for side, position, start, end, own_arc, own, slack in queries:
            if found[side][position]:
                continue
            limit = min(slack, largest)
            carried = 0.0 if limit == 0 else self._carried(residual, capacity, own_arc, own,
                                                           start, end, limit)
            if carried < limit or limit == slack:
                (high if side else low)[position] += (1.0 if side else -1.0) * carried
                found[side][position] = True
        found_low, found_high = found
        return low, high, found_low, found_high

    @staticmethod
    def _carried(residual, capacity, own_arc, own_capacity, start, end, limit):
        """Flow the residual network carries from ``start`` to ``end`` without the edge's own
        reverse arc (``own_arc``, of ``own_capacity``; -1: the network whole), up to
        ``limit`` (every arc capped there, which changes no flow up to it)."""
        finite, unbounded = capacity[0].copy(), capacity[1].copy()
        if own_arc >= 0 and np.isinf(own_capacity):
            unbounded[own_arc] -= 1.0
        elif own_arc >= 0:
            finite[own_arc] -= own_capacity
        residual.data = np.where(unbounded > 0, limit,
                                 np.clip(finite, 0.0, limit)).astype(np.int32)
        return min(float(maximum_flow(residual, int(start), int(end)).flow_value), limit)
