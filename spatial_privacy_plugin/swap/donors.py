"""The donor of a household: drawn at random among the households that may take its place, with
probability proportional to their risk (as sdcMicro's recordSwap draws donors).

A donor has the household's similarity profile (profiles tried in order), has not been swapped
yet, lies within the donor distance (None: anywhere) and lies beyond the neighbourhood of the
household's area at the level of the swap: at a grid level, two cells or more away (Chebyshev
distance ≥ 2 in cells, outside the 3 × 3 cells around the household's own), so that the
published place is not next to the true one; at a zone level, in another zone.

The draw is exact and never lists the whole pool per household: candidates are drawn from all
households of the profile value with fixed weights (a cumulative sum and a binary search), a few
dozen per household at once, and the first that qualifies is the donor (rejection sampling: a
draw from the weights restricted to the qualifying households). Where all of them fail, eightfold
more are drawn while that stays below the square root of the pool; beyond (few qualify: a short
donor distance, a small profile), the qualifying households are listed (those within the
distance from a KD-tree of the pool) and one is drawn among them. A pool of which more than half
was taken is rebuilt without those, so that most draws land on a household still available.
Each household thus costs about the square root of its pool at worst, never the whole census.
"""

from dataclasses import dataclass

import numpy as np
from scipy.spatial import cKDTree

from ..errors import N_

# Candidates drawn per household before the qualifying households are listed.
DRAWS = 32
# Why a high-risk household kept its location (the no-donor table).
# (Texts the glue translates.)
NO_PROFILE_MATCH = N_("no household of its profile beyond the area's neighbourhood")
BEYOND_DISTANCE = N_("no household of its profile beyond the area's neighbourhood within the "
                     "donor distance")
DONORS_TAKEN = N_("every household of its profile beyond the area's neighbourhood within the "
                  "donor distance was taken (swapped, or kept for want of a donor)")


@dataclass(frozen=True)
class Donor:
    household: int  # -1: none
    distance: float
    profile: int  # index of the similarity profile that matched (-1: none)


class DonorDraw:
    """Random donors (see the module's docstring). ``profiles``: per profile, an integer code
    per household, tried in order. ``areas``: per level, each household's area code (nested).
    ``cells``: per level, each household's (column, row) cell, or None for a zone level.
    ``weights``: per level, each household's weight as a donor (its risk there). ``rng``: a
    numpy Generator. ``max_distance``: metres between the two locations (None: anywhere).
    ``available``: the households not taken yet (``take`` takes them)."""

    def __init__(self, x, y, profiles, areas, cells, weights, rng, max_distance=None):
        self.x, self.y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
        self.profiles = [np.asarray(codes, dtype=np.int64) for codes in profiles] or \
            [np.zeros(len(x), dtype=np.int64)]
        self.areas = areas
        self.cells = [None if level is None else np.asarray(level, dtype=np.int64)
                      for level in cells]
        self.weights = weights
        self.rng = rng
        self.bound = np.inf if max_distance is None else float(max_distance)
        self.available = np.ones(len(x), dtype=bool)
        self.live = [np.bincount(codes) for codes in self.profiles]  # available per value
        self.groups = [None] * len(self.profiles)
        self.pools = {}  # (profile, value) -> its households, less those taken at a rebuild
        self.trees = {}  # (profile, value) -> KD-tree of the pool
        self.cumulative = {}  # (profile, value, level) -> cumulative weights of the pool
        self.drawn = {}  # household -> candidates drawn for it (first profile, placed)
        self.extents = {}  # (profile, value, level) -> lowest and highest cell (or zone) codes
        self.everyone_trees = {}  # (profile, value) -> KD-tree of every household of the value

    def take(self, households):
        """Mark households as taken: never a donor from now on."""
        for household in households:
            if self.available[household]:
                self.available[household] = False
                for codes, live in zip(self.profiles, self.live):
                    live[codes[household]] -= 1

    def everyone(self, profile, value):
        """Every household of one profile value."""
        if self.groups[profile] is None:
            codes = self.profiles[profile]
            order = np.argsort(codes, kind="stable")
            starts = np.flatnonzero(np.diff(codes[order], prepend=-1))
            ends = np.append(starts[1:], len(order))
            self.groups[profile] = (order, dict(zip(codes[order[starts]].tolist(),
                                                    zip(starts.tolist(), ends.tolist()))))
        order, ranges = self.groups[profile]
        start, end = ranges[value]
        return order[start:end]

    def _pool(self, profile, value):
        """The pool of a profile value, rebuilt without the taken households when they are
        more than half of it (so that most draws land on an available household)."""
        key = (profile, value)
        pool = self.pools.get(key)
        if pool is None:
            pool = self.pools[key] = self.everyone(profile, value)
        if 2 * self.live[profile][value] < len(pool):
            pool = self.pools[key] = pool[self.available[pool]]
            self.trees.pop(key, None)
            for stale in [stale for stale in self.cumulative if stale[:2] == key]:
                del self.cumulative[stale]
        return pool

    def _sampler(self, profile, value, level):
        """(pool, cumulative weights at ``level``) of a profile value."""
        pool = self._pool(profile, value)
        key = (profile, value, level)
        if key not in self.cumulative:
            self.cumulative[key] = np.cumsum(self.weights[level][pool])
        return pool, self.cumulative[key]

    def _drawn(self, profile, value, level, shape):
        """Households of the pool drawn with replacement (an array of ``shape``), with
        probability proportional to their weight at ``level``."""
        pool, cumulative = self._sampler(profile, value, level)
        if not len(pool):
            return np.zeros(shape, dtype=np.int64)[..., :0]
        drawn = np.searchsorted(cumulative, self.rng.random(shape) * cumulative[-1],
                                side="right")
        return pool[np.minimum(drawn, len(pool) - 1)]

    def _draw(self, household, profile, value, level, count):
        """``count`` households drawn (``_drawn``), less those not placed where a donor of
        ``household`` may be (taken or not)."""
        candidates = self._drawn(profile, value, level, count)
        return candidates[self._placed(household, level, candidates, self.bound)]

    def _placed(self, household, level, candidates, bound):
        """Which ``candidates`` lie beyond the neighbourhood of ``household``'s area at
        ``level`` and within ``bound`` metres of it (a mask of their shape)."""
        area = self.areas[level]
        good = area[candidates] != area[household]
        cells = self.cells[level]
        if cells is not None:
            good &= np.abs(cells[candidates] - cells[household]).max(axis=-1) >= 2
        if bound < np.inf:
            good &= self._distance(household, candidates) <= bound
        return good

    def _distance(self, household, candidates):
        return np.hypot(self.x[candidates] - self.x[household],
                        self.y[candidates] - self.y[household])

    def prefetch(self, households, level):
        """Draw candidates of the first profile for many households at once (one call per
        profile value); ``find`` keeps those that are not taken meanwhile."""
        households = np.asarray(households, dtype=np.int64)
        codes = self.profiles[0][households]
        for value in np.unique(codes).tolist():
            asking = households[codes == value]
            candidates = self._drawn(0, value, level, (len(asking), DRAWS))
            good = self._placed(asking[:, None], level, candidates, self.bound)
            for household, row, keep in zip(asking.tolist(), candidates, good):
                self.drawn[household] = row[keep]

    def _one(self, household, profile, level):
        """A donor of one profile, or -1: the first available candidate of a draw of
        ``DRAWS``, then of draws eight times larger while they stay below the square root of
        the pool (beyond, listing costs less); then one drawn among the households listed."""
        value = int(self.profiles[profile][household])
        candidates = self.drawn.pop(household, None) if profile == 0 else None
        count = DRAWS
        if candidates is None:
            candidates = self._draw(household, profile, value, level, count)
        while True:
            candidates = candidates[self.available[candidates]]
            if len(candidates):
                return int(candidates[0])
            count *= 8
            if count * count > len(self._pool(profile, value)):
                return self._listed(household, profile, value, level)
            candidates = self._draw(household, profile, value, level, count)

    def _listed(self, household, profile, value, level):
        """A donor drawn among the qualifying households of one profile value, listed (those
        within the distance from the KD-tree of the pool), or -1."""
        pool = self._pool(profile, value)
        if self.bound < np.inf and len(pool):
            key = (profile, value)
            if key not in self.trees:
                self.trees[key] = cKDTree(np.column_stack([self.x[pool], self.y[pool]]))
            near = self.trees[key].query_ball_point((self.x[household], self.y[household]),
                                                    self.bound)
            pool = pool[np.asarray(near, dtype=np.int64)]
        good = pool[self.available[pool] & self._placed(household, level, pool, np.inf)]
        if not len(good):
            return -1
        cumulative = np.cumsum(self.weights[level][good])
        chosen = np.searchsorted(cumulative, self.rng.random() * cumulative[-1], side="right")
        return int(good[min(chosen, len(good) - 1)])

    def find(self, household, level):
        """The donor of ``household`` for a swap at ``level`` among the available households:
        the first profile with one, drawn there."""
        for profile in range(len(self.profiles)):
            donor = self._one(household, profile, level)
            if donor >= 0:
                distance = float(self._distance(household, np.array([donor]))[0])
                return Donor(donor, distance, profile)
        return Donor(-1, np.inf, -1)

    def _placed_anywhere(self, household, profile, level):
        """Whether any household of ``household``'s profile value lies beyond its area's
        neighbourhood at ``level``: at a grid level, one whose column or row is two or more
        from its own (the extreme columns and rows of the value tell); at a zone level, one in
        another zone (the extreme zone codes tell)."""
        value = int(self.profiles[profile][household])
        key = (profile, value, level)
        if key not in self.extents:
            members = self.everyone(profile, value)
            own = self.areas[level][members][:, None] if self.cells[level] is None else \
                self.cells[level][members]
            self.extents[key] = (own.min(axis=0), own.max(axis=0))
        low, high = self.extents[key]
        own = self.areas[level][household:household + 1] if self.cells[level] is None else \
            self.cells[level][household]
        reach = 1 if self.cells[level] is not None else 0
        return bool(((own - low) > reach).any() or ((high - own) > reach).any())

    def why_none(self, household, level):
        """Why ``find`` found no donor: no household of any profile beyond the neighbourhood,
        none within the distance, or all within reach taken."""
        anywhere = [self._placed_anywhere(household, profile, level)
                    for profile in range(len(self.profiles))]
        for profile, placed in enumerate(anywhere):
            if placed and self.bound == np.inf:
                return DONORS_TAKEN
            if placed:
                value = int(self.profiles[profile][household])
                if (profile, value) not in self.everyone_trees:
                    members = self.everyone(profile, value)
                    self.everyone_trees[(profile, value)] = cKDTree(
                        np.column_stack([self.x[members], self.y[members]]))
                near = self.everyone(profile, value)[np.asarray(
                    self.everyone_trees[(profile, value)].query_ball_point(
                        (self.x[household], self.y[household]), self.bound), dtype=np.int64)]
                if self._placed(household, level, near, np.inf).any():
                    return DONORS_TAKEN
        return BEYOND_DISTANCE if any(anywhere) else NO_PROFILE_MATCH
