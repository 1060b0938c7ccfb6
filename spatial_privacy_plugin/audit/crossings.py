"""Bounds of a block whose areas of two layers cross, with few integer programmes.

The cells and the areas of two layers are three families of rows: no flow
network, and the relaxation's vertices are seldom whole, so a programme per
bound would be an integer programme each (seconds apiece in a city). Two
cheap halves of a proof settle nearly all bounds instead:

1. Valid bounds. Leaving out the rows of one family leaves a flow network
   (``atom_flows``) whose whole-number bounds hold for the full system (it
   has fewer rows). Up to three such relaxations, each leaving out rows the
   ones before kept, and the tightest bound of each target is kept.
2. Witnesses. A whole-number solution of the full system that reaches a
   valid bound proves it exact. From one solution, a small integer
   programme over the unknowns near a target (those sharing a row with it,
   then with those, the smaller rows first, up to a hundred or so unknowns,
   then a few hundred), every other unknown held, moves the target as far as
   it goes there; where the mass must come from far away, the unknowns that the
   relaxation's optimum for the target moves are the ones let free. Every
   solution found counts for every target (and is checked row by row).

What neither settles is left to the target's own programme pair.
"""

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix

from .flows import FlowNetwork, families_leaving_out, target_edges

RELAXATIONS = 3
# How many unknowns a witness may move near a target: first a few, then (for the bounds
# still open) more.
NEAR = (120, 480)
# A solution off by no more than this from whole numbers, rows and box is one.
WHOLE = 1e-6


class Witnesses:
    """Whole-number solutions of a block that differ from a base solution only on a few
    unknowns."""

    def __init__(self, rows, bounds, base):
        n = len(base)
        lengths = [len(cells) for cells, _, _ in rows]
        columns = np.concatenate([cells for cells, _, _ in rows])
        entries = (np.ones(len(columns)), (np.repeat(np.arange(len(rows)), lengths), columns))
        self.matrix = coo_matrix(entries, shape=(len(rows), n)).tocsr()
        self.by_unknown = self.matrix.tocsc()
        self.low = np.array([low for _, low, _ in rows], dtype=float)
        self.high = np.array([high for _, _, high in rows], dtype=float)
        self.sizes = np.diff(self.matrix.indptr)
        self.bounds = bounds
        self.base = base

    def near(self, unknowns, most):
        """``unknowns`` and those sharing rows with them, then with those, and so on: the
        smaller rows first, while the unknowns number at most ``most``."""
        near = np.unique(unknowns)
        rows_taken = np.zeros(len(self.low), dtype=bool)
        while True:
            rows = np.unique(self.by_unknown[:, near].indices)
            rows = rows[~rows_taken[rows]]
            rows_taken[rows] = True
            grown = False
            for row in rows[np.argsort(self.sizes[rows], kind="stable")]:
                if len(near) + self.sizes[row] > most:
                    break
                near = np.union1d(near, self.matrix.indices[self.matrix.indptr[row]:
                                                            self.matrix.indptr[row + 1]])
                grown = True
            if not grown:
                return near

    def moved(self, solution):
        """The unknowns where ``solution`` differs from the base."""
        return np.flatnonzero(np.abs(solution - self.base) > WHOLE)

    def best(self, free, objective):
        """A whole-number solution minimising ``objective`` (over the block) with only the
        unknowns ``free`` changed from the base, or None."""
        columns = self.by_unknown[:, free]
        rows = np.unique(columns.indices)
        part = columns[rows]
        held = self.matrix[rows] @ self.base - part @ self.base[free]
        result = milp(objective[free], integrality=np.ones(len(free)),
                      bounds=Bounds(*self.bounds[free].T),
                      constraints=LinearConstraint(part, self.low[rows] - held,
                                                   self.high[rows] - held))
        if result.status != 0:
            return None
        solution = self.base.copy()
        solution[free] = np.round(result.x)
        sums = self.matrix @ solution
        exact = np.all(sums >= self.low - WHOLE) and np.all(sums <= self.high + WHOLE) and \
            np.all(solution >= self.bounds[:, 0] - WHOLE) and \
            np.all(solution <= self.bounds[:, 1] + WHOLE)
        return solution if exact else None


def relaxed_bounds(rows, targets, bounds, solution, settled_low, settled_high):
    """(low, high): valid whole-number bounds of each target not yet settled, from flow networks
    over the rows less those that cross (-inf/inf where none bounds it). ``solution``: a
    whole-number solution of the rows."""
    n = len(solution)
    network_rows, edges = target_edges(rows, targets, n)
    groups = [cells for cells, _, _ in network_rows]
    is_target_row = np.arange(len(groups)) >= len(rows)
    low, high = np.full(len(targets), -np.inf), np.full(len(targets), np.inf)
    # Each relaxation takes first the rows the ones before left out, the latest first.
    left_out_in = np.zeros(len(groups))
    tried = set()
    for relaxation in range(1, RELAXATIONS + 1):
        order = np.lexsort((np.arange(len(groups)), is_target_row, -left_out_in))
        family = families_leaving_out(groups, n, order)
        kept = np.flatnonzero(family >= 0)
        if kept.tobytes() in tried:
            break
        tried.add(kept.tobytes())
        renumber = np.full(len(groups), -1, dtype=np.int64)
        renumber[kept] = np.arange(len(kept))
        edge_row = np.maximum(edges - n, 0)
        usable = (edges < n) | (family[edge_row] >= 0)
        kept_edges = np.where(edges < n, edges, n + renumber[edge_row])
        network = FlowNetwork([network_rows[row] for row in kept], *bounds.T, family[kept])
        skipped = ~usable
        found = network.bounds(solution, np.where(usable, kept_edges, 0),
                               settled_low | skipped, settled_high | skipped)
        low = np.where(usable & ~settled_low & found[2], np.maximum(low, found[0]), low)
        high = np.where(usable & ~settled_high & found[3], np.minimum(high, found[1]), high)
        left_out_in = np.where(family < 0, relaxation, left_out_in)
    return low, high


def settle_crossing(block, rows, targets, solution):
    """Settle what the relaxations and witnesses near ``solution`` prove of ``block`` (an
    ``atom_programmes`` block over ``rows`` and ``targets``); the block keeps the witnesses
    for the programmes that follow."""
    bounds = block.options["bounds"]
    block.tighten(*relaxed_bounds(rows, targets, bounds, solution, block.settled_low,
                                  block.settled_high))
    witnesses = Witnesses(rows, bounds, solution)
    for most in NEAR:
        for sign, settled in ((1.0, block.settled_low), (-1.0, block.settled_high)):
            for index in range(len(targets)):
                if settled[index]:
                    continue
                objective = block.objective(index, sign)
                found = witnesses.best(witnesses.near(targets[index], most), objective)
                if found is not None:
                    block.seen(found)
    block.witnesses = witnesses
