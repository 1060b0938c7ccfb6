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
# Capacities are whole numbers for scipy's maximum flow; an unbounded edge gets this one.
UNBOUNDED = 2 ** 30


def _matrix(groups, n):
    lengths = [len(group) for group in groups]
    rows = np.repeat(np.arange(len(groups)), lengths)
    columns = np.concatenate(groups) if groups else np.empty(0, dtype=np.int64)
    return csr_matrix((np.ones(len(columns)), (rows, columns)), shape=(len(groups), n))


def crossings(groups, n):
    """(first, second): the pairs of index arrays that cross."""
    matrix = _matrix(groups, n)
    sizes = np.diff(matrix.indptr)
    shared = (matrix @ matrix.T).tocoo()
    crossing = (shared.row < shared.col) & \
        (shared.data < np.minimum(sizes[shared.row], sizes[shared.col]))
    return shared.row[crossing], shared.col[crossing]


def crossing_families(groups, n):
    """Family (0 or 1) per index array such that any two that cross are in different families,
    or None when they cannot be split so (an odd cycle of crossings)."""
    first, second = crossings(groups, n)
    graph = coo_matrix((np.ones(2 * len(first)), (np.concatenate([first, second]),
                                                  np.concatenate([second, first]))),
                       shape=(len(groups), len(groups))).tocsr()
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
        self.row_matrix = _matrix([cells for cells, _, _ in rows], n)
        self.nodes = 2 + len(rows)

    def flows(self, x):
        """Each edge's flow in the circulation of solution x."""
        row_sums = self.row_matrix @ x
        out_of_source = x[self.tail[:len(x)] == SOURCE].sum() + \
            row_sums[self.tail[len(x):-1] == SOURCE].sum()
        return np.concatenate([x, row_sums, [out_of_source]])

    def bounds(self, x, edges, settled_low, settled_high):
        """(min, max) of the flow on each of ``edges`` (bounds already settled left as the
        solution's): each by a maximum flow in the residual network of solution x."""
        flow = np.round(self.flows(x))
        up = self._capacity(self.high - flow)
        down = self._capacity(flow - self.low)
        arcs_from = np.concatenate([self.tail, self.head])
        arcs_to = np.concatenate([self.head, self.tail])
        residual = coo_matrix((np.concatenate([up, down]), (arcs_from, arcs_to)),
                              shape=(self.nodes, self.nodes)).tocsr()
        residual.sum_duplicates()
        residual.eliminate_zeros()  # (scipy's maximum flow costs about its number of arcs)
        residual.sort_indices()
        keys = np.repeat(np.arange(self.nodes), np.diff(residual.indptr)) * self.nodes + \
            residual.indices
        forward = self._arc(keys, self.tail * self.nodes + self.head)
        backward = self._arc(keys, self.head * self.nodes + self.tail)
        low, high = flow[edges].copy(), flow[edges].copy()
        for position, edge in enumerate(edges):
            if not settled_high[position] and up[edge] > 0:
                high[position] += self._carried(residual, backward[edge], down[edge],
                                                self.head[edge], self.tail[edge], up[edge])
            if not settled_low[position] and down[edge] > 0:
                low[position] -= self._carried(residual, forward[edge], up[edge],
                                               self.tail[edge], self.head[edge], down[edge])
        return low, high

    @staticmethod
    def _arc(keys, wanted):
        """Position of each wanted arc among the residual arcs (-1: none, it has no capacity)."""
        position = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
        return np.where(keys[position] == wanted, position, -1) if len(keys) else \
            np.full(len(wanted), -1)

    @staticmethod
    def _capacity(slack):
        return np.where(np.isinf(slack), UNBOUNDED, np.clip(slack, 0, UNBOUNDED)).astype(np.int32)

    @staticmethod
    def _carried(residual, own_arc, own_capacity, start, end, limit):
        """Flow the residual network carries from ``start`` to ``end`` without the edge's own
        reverse arc (at ``own_arc``, ``own_capacity``), up to ``limit``; inf when unbounded."""
        if own_arc >= 0:
            residual.data[own_arc] -= own_capacity
        carried = maximum_flow(residual, int(start), int(end)).flow_value
        if own_arc >= 0:
            residual.data[own_arc] += own_capacity
        carried = min(carried, limit)
        return np.inf if carried >= UNBOUNDED else float(carried)
