"""Closed forms for nested totals (SPEC section 12): the attacker's intervals over a tree.

Cells inside parents inside grand totals inside the number of people form a laminar family:
any two sets are disjoint or one holds the other. Each set is then a node of a tree whose
leaves are the cells, and the node's value is the sum of its children's. Every node carries
its own box (a published value [v, v], a lower sum [v, inf), a withheld total unbounded, a
withheld cell [1, inf) or [0, inf) or a label's range), and the attacker's interval of every
node follows from two passes of interval arithmetic, exact for a tree and whole where the
boxes are whole (a laminar system is a network matrix, so the relaxation's vertices are
whole too):

- up: a node's interval is its box met with the sum of its children's up intervals;
- down: a child w of u gets ``[lo_u - sum hi_s, hi_u - sum lo_s]`` over its siblings s (their
  up intervals), met with its own up interval, where ``lo_u``/``hi_u`` are u's final interval.

Both passes run level by level, vectorised over the nodes of a level (numpy grouped sums),
so the cost is linear in the cells. Where the sets cross (zones cutting cells, crossing
layers) there is no tree: ``laminar_parents`` says so and the caller uses the programmes.
"""

import numpy as np

from ..errors import InputError

TOLERANCE = 1e-6  # as intervals.EXACT_WIDTH: an interval this much inverted is a contradiction


def laminar_parents(sets, n_leaves):
    """(parent per set, innermost set per leaf), -1 for none, when ``sets`` (index arrays over
    ``n_leaves`` leaves) form a laminar family; None when two of them cross.

    A set's parent is the smallest set holding it; of two sets over the same leaves the one
    listed first is the inner one. A set without leaves has no parent and no children.
    """
    n_sets = len(sets)
    sizes = np.array([len(cells) for cells in sets], dtype=np.int64)
    owners = np.repeat(np.arange(n_sets, dtype=np.int64), sizes)
    leaves = np.concatenate([np.asarray(cells, dtype=np.int64) for cells in sets]) \
        if n_sets else np.empty(0, dtype=np.int64)
    # Each leaf's sets from the smallest to the largest: the one after a set is its parent.
    order = np.lexsort((owners, sizes[owners], leaves))
    owners, leaves = owners[order], leaves[order]
    same_leaf = np.append(leaves[1:] == leaves[:-1], False)
    following = np.where(same_leaf, np.append(owners[1:], -1), -1)
    if np.any(same_leaf & (following == owners)):
        return None  # a leaf listed twice in one set: not a set
    present = sizes > 0
    by_owner = np.argsort(owners, kind="stable")
    starts = np.concatenate([[0], np.cumsum(sizes[present])[:-1]]).astype(np.int64)
    parents = np.full(n_sets, -1, dtype=np.int64)
    if len(by_owner):
        highest = np.maximum.reduceat(following[by_owner], starts)
        if np.any(highest != np.minimum.reduceat(following[by_owner], starts)):
            return None  # the leaves of one set disagree on what holds them: two sets cross
        parents[present] = highest
    innermost = np.full(n_leaves, -1, dtype=np.int64)
    first = np.ones(len(leaves), dtype=bool)
    first[1:] = leaves[1:] != leaves[:-1]
    innermost[leaves[first]] = owners[first]
    return parents, innermost


def _depths(parents):
    """Each node's number of ancestors (parents point to nodes; -1: a root)."""
    depth = np.zeros(len(parents), dtype=np.int64)
    above = parents.copy()
    while np.any(above >= 0):
        climbing = above >= 0
        depth += climbing
        above[climbing] = parents[above[climbing]]
    return depth


def _sums(parents, lower, upper, n_nodes, members):
    """Per node: the sum of the lower ends of the ``members`` among its children, the sum of
    their finite upper ends and the number of their infinite ones."""
    holder = parents[members]
    endless = np.isinf(upper[members])
    return (np.bincount(holder, lower[members], n_nodes),
            np.bincount(holder, np.where(endless, 0.0, upper[members]), n_nodes),
            np.bincount(holder, minlength=n_nodes) - np.bincount(holder[~endless],
                                                                 minlength=n_nodes))


def tree_intervals(parents, box_lower, box_upper, contradiction):
    """Each node's interval over a tree (``parents``: per node its parent, -1 for a root)
    whose internal nodes are the sums of their children, every node within its box.

    Returns (lower, upper); raises ``InputError(contradiction)`` when no whole numbers fit.
    """
    parents = np.asarray(parents, dtype=np.int64)
    n_nodes = len(parents)
    depth = _depths(parents)
    has_children = np.zeros(n_nodes, dtype=bool)
    has_children[parents[parents >= 0]] = True
    up_lower = np.asarray(box_lower, dtype=float).copy()
    up_upper = np.asarray(box_upper, dtype=float).copy()
    child_low = np.zeros(n_nodes)
    child_high = np.zeros(n_nodes)
    child_infinite = np.zeros(n_nodes, dtype=np.int64)
    levels = [np.flatnonzero(depth == level) for level in range(int(depth.max(initial=0)) + 1)]
    for nodes in reversed(levels):
        inner = nodes[has_children[nodes]]
        up_lower[inner] = np.maximum(up_lower[inner], child_low[inner])
        up_upper[inner] = np.minimum(up_upper[inner], np.where(
            child_infinite[inner] > 0, np.inf, child_high[inner]))
        members = nodes[parents[nodes] >= 0]
        low, high, infinite = _sums(parents, up_lower, up_upper, n_nodes, members)
        child_low += low
        child_high += high
        child_infinite += infinite
    _check(up_lower, up_upper, contradiction)
    lower, upper = up_lower.copy(), up_upper.copy()
    for nodes in levels[1:]:
        holder = parents[nodes]
        endless = np.isinf(up_upper[nodes])
        others_infinite = child_infinite[holder] - endless > 0
        others_high = np.where(others_infinite, np.inf,
                               child_high[holder] - np.where(endless, 0.0, up_upper[nodes]))
        others_low = child_low[holder] - up_lower[nodes]
        lower[nodes] = np.maximum(up_lower[nodes], lower[holder] - others_high)
        upper[nodes] = np.minimum(up_upper[nodes], upper[holder] - others_low)
    _check(lower, upper, contradiction)
    return lower, upper


def _check(lower, upper, contradiction):
    if np.any(lower > upper + TOLERANCE):
        raise InputError(contradiction)


def laminar_bounds(leaf_lower, leaf_upper, sets, set_lower, set_upper, contradiction):
    """The attacker's intervals of every leaf and every set, or None when the sets cross.

    ``leaf_lower``/``leaf_upper``: each cell's own box (a published cell: its value at both
    ends); ``sets``: index arrays of cells, each with its box ``set_lower``/``set_upper``
    (an equality: its total at both ends; a lower sum: the total and inf; a sum to bound:
    -inf and inf). Returns (leaf lower, leaf upper, set lower, set upper).
    """
    n_leaves = len(leaf_lower)
    found = laminar_parents(sets, n_leaves)
    if found is None:
        return None
    set_parents, innermost = found
    parents = np.concatenate([np.where(innermost >= 0, innermost + n_leaves, -1),
                              np.where(set_parents >= 0, set_parents + n_leaves, -1)])
    empty = np.array([len(cells) == 0 for cells in sets], dtype=bool)
    set_lower = np.where(empty, np.maximum(set_lower, 0.0), set_lower)
    set_upper = np.where(empty, np.minimum(set_upper, 0.0), set_upper)
    lower, upper = tree_intervals(
        parents, np.concatenate([np.asarray(leaf_lower, dtype=float),
                                 np.asarray(set_lower, dtype=float)]),
        np.concatenate([np.asarray(leaf_upper, dtype=float),
                        np.asarray(set_upper, dtype=float)]), contradiction)
    return lower[:n_leaves], upper[:n_leaves], lower[n_leaves:], upper[n_leaves:]
