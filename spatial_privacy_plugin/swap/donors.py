"""The donor of a household: the nearest available household of the same profile outside its
area, within the donor distance.

Households of one profile value sit in one KD-tree (scipy's cKDTree), built
the first time a household of that value asks. A query asks for the nearest
few and widens fourfold until a candidate qualifies or the tree (or the
distance) has no more: nearby candidates are mostly in the household's own
area or already swapped, so the first answer is usually within the first
few hundred.
"""

from dataclasses import dataclass

import numpy as np
from scipy.spatial import cKDTree

from ..errors import N_

FIRST_QUERY = 16
# Why a high-risk household kept its location (the no-donor table).
# (Texts the glue translates.)
NO_PROFILE_MATCH = N_("no household of its profile outside the area")
BEYOND_DISTANCE = N_("no household of its profile outside the area within the donor distance")
DONORS_TAKEN = N_("every household of its profile outside the area within the donor distance "
                  "was taken (swapped, or kept for want of a donor)")


@dataclass(frozen=True)
class Donor:
    household: int  # -1: none
    distance: float
    profile: int  # index of the similarity profile that matched (-1: none)


class DonorSearch:
    """Nearest qualifying donors, profile by profile (``profiles``: per profile, an integer
    code per household; tried in order), within ``max_distance`` metres (None: anywhere)."""

    def __init__(self, x, y, profiles, max_distance=None):
        self.points = np.column_stack([x, y])
        self.profiles = [np.asarray(codes, dtype=np.int64) for codes in profiles] or \
            [np.zeros(len(x), dtype=np.int64)]
        self.bound = np.inf if max_distance is None else float(max_distance)
        self.groups = [None] * len(self.profiles)
        self.trees = {}
        self.prefetched = {}  # household -> (candidates, distances, more) of the first profile

    def _members(self, profile, value):
        """(tree, member households) of one profile value."""
        key = (profile, value)
        if key not in self.trees:
            if self.groups[profile] is None:
                codes = self.profiles[profile]
                order = np.argsort(codes, kind="stable")
                starts = np.flatnonzero(np.diff(codes[order], prepend=-1))
                self.groups[profile] = (order, dict(zip(codes[order[starts]].tolist(),
                                                        zip(starts, np.append(starts[1:],
                                                                              len(order))))))
            order, ranges = self.groups[profile]
            start, end = ranges[value]
            members = order[start:end]
            self.trees[key] = (cKDTree(self.points[members]), members)
        return self.trees[key]

    def prefetch(self, households):
        """Ask the trees for the nearest few of the first profile of many households at once
        (one query per profile value, far quicker than one per household); ``find`` uses them
        and asks again only when none of them qualifies."""
        households = np.asarray(households, dtype=np.int64)
        codes = self.profiles[0][households]
        for value in np.unique(codes).tolist():
            asking = households[codes == value]
            tree, members = self._members(0, value)
            asked = min(FIRST_QUERY, len(members))
            distance, index = tree.query(self.points[asking], k=asked,
                                         distance_upper_bound=self.bound)
            shape = (len(asking), asked)
            distance, index = distance.reshape(shape), index.reshape(shape)
            found = index < len(members)
            candidates = np.where(found, members[np.minimum(index, len(members) - 1)], -1)
            more = found.all(axis=1) & (asked < len(members))
            for row, household in enumerate(asking.tolist()):
                self.prefetched[household] = (candidates[row], distance[row], bool(more[row]))

    def _nearest(self, household, profile, areas, usable, bound):
        tree, members = self._members(profile, int(self.profiles[profile][household]))
        n = len(members)
        asked = min(FIRST_QUERY, n)
        area = areas[household]
        if profile == 0 and household in self.prefetched:
            candidates, distance, more = self.prefetched.pop(household)
            taken = candidates >= 0
            good = taken & (areas[candidates] != area) & usable[candidates]
            if good.any():
                first = int(np.argmax(good))
                return int(candidates[first]), float(distance[first])
            if not more:
                return -1, np.inf
            asked = min(4 * asked, n)
        while True:
            distance, index = tree.query(self.points[household], k=asked,
                                         distance_upper_bound=bound)
            distance, index = np.atleast_1d(distance), np.atleast_1d(index)
            found = index < n
            candidates = members[index[found]]
            good = (areas[candidates] != area) & usable[candidates]
            if good.any():
                first = int(np.argmax(good))
                return int(candidates[first]), float(distance[found][first])
            if found.sum() < asked or asked >= n:
                return -1, np.inf
            asked = min(4 * asked, n)

    def find(self, household, areas, available):
        """The donor of ``household`` among the ``available`` households whose area code in
        ``areas`` differs from its own: the first profile with one, the nearest there."""
        for profile in range(len(self.profiles)):
            donor, distance = self._nearest(household, profile, areas, available, self.bound)
            if donor >= 0:
                return Donor(donor, distance, profile)
        return Donor(-1, np.inf, -1)

    def why_none(self, household, areas):
        """Why ``find`` found no donor: no household of any profile outside the area, none
        within the distance, or all within reach taken."""
        everyone = np.ones(len(self.points), dtype=bool)
        for profile in range(len(self.profiles)):
            if self._nearest(household, profile, areas, everyone, self.bound)[0] >= 0:
                return DONORS_TAKEN
        for profile in range(len(self.profiles)):
            if self._nearest(household, profile, areas, everyone, np.inf)[0] >= 0:
                return BEYOND_DISTANCE
        return NO_PROFILE_MATCH
