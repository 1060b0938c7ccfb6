"""Targeted record swapping of households, as sdcMicro's ``recordSwap`` defines it, with donors
within a distance.

Risk (sdcMicro's k-anonymity rule): at hierarchy level h, a person's count is
the number of people with the same risk-field values in the same level-h area;
their risk is 1 / count, their household's the largest of its members'. A
household is high-risk when a member's count is below k at some level; it must
be swapped with a household outside its area at the top-most such level (its
area there, and so at every finer level, changes). Levels are processed from
the top down, the riskiest households first (ties in random order). Then, at
the lowest level, further households are drawn at random with probability
proportional to their risk there until the swapped households number
``2 * round(swap_rate * H / 2)`` (a swap moves two households). The draws run
over all households at once (sdcMicro first shares them out among the
lowest-level areas by their numbers of households), so that the total is met
exactly wherever donors exist; when the high-risk households alone need more
swaps, all of them are swapped and the share exceeds the rate.

Donors (``donors.DonorDraw``): households of the same similarity profile
(profiles tried in order), not swapped yet, within the donor distance and beyond
the neighbourhood of the recipient's area at the level of the swap (at a grid
level two cells or more away, Chebyshev distance >= 2 in cells; at a zone level
another zone), drawn at random with probability proportional to their risk at
that level, as sdcMicro draws them. A high-risk household without a donor keeps
its location, is listed with the reason, and is never taken as a donor later (it
stays where it is, listed).
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import N_, Cancelled, InputError
from .donors import DonorDraw
from .households import nest_codes

CANCEL_EVERY = 512
PREFETCH_BATCH = 4096


@dataclass(frozen=True)
class SwapResult:
    """What a swap did, household by household (households numbered as in the input).

    ``location_of``: the household whose location (and areas, and carried fields) each
    household takes (itself when not swapped). ``pairs``: one row per swap (columns
    recipient, donor, level, distance, targeted: high-risk rather than drawn for the rate,
    profile: index of the similarity profile that matched). ``high_risk_level``: the top-most
    level where the household is high-risk (-1: none). ``smallest_count``: per level, each
    household's smallest member count. ``unswapped``: high-risk households without a donor
    (columns household, level, reason, smallest_count). ``target``: households the swap rate
    asks for."""

    location_of: np.ndarray
    pairs: pd.DataFrame
    high_risk_level: np.ndarray
    smallest_count: list
    unswapped: pd.DataFrame
    target: int

    @property
    def households_swapped(self):
        return 2 * len(self.pairs)

    @property
    def n_households(self):
        return len(self.location_of)


def check_swap_parameters(k, swap_rate, max_distance):
    """Refuse a k below 1, a rate outside [0, 1] or a donor distance that is not positive."""
    if not (np.isfinite(k) and float(k).is_integer() and k >= 1):
        raise InputError(N_("k must be a whole number of 1 or more (a household is high-risk when "
                            "fewer than k people share a member's risk-field values in an area); "
                            "got {k}."), k=k)
    if not (np.isfinite(swap_rate) and 0.0 <= swap_rate <= 1.0):
        raise InputError(N_("The swap rate is a share of households between 0 and 1 (0.05: 5 %); "
                            "got {rate}."), rate=swap_rate)
    if max_distance is not None and not (np.isfinite(max_distance) and max_distance > 0):
        raise InputError(N_("The largest donor distance must be a positive number of metres (or "
                            "empty: anywhere); got {distance}."), distance=max_distance)


def smallest_counts(of_person, risk_codes, areas):
    """Per level (``areas``: nested household area codes, top first), each household's
    smallest count of people with its member's risk-field values in its area."""
    order = np.argsort(of_person, kind="stable")
    starts = np.flatnonzero(np.diff(of_person[order], prepend=-1))
    risk_codes = np.asarray(risk_codes, dtype=np.int64)
    n_risk = int(risk_codes.max()) + 1 if len(risk_codes) else 1
    result = []
    for codes in areas:
        groups = pd.factorize(codes[of_person] * n_risk + risk_codes)[0]
        count = np.bincount(groups)[groups]
        result.append(np.minimum.reduceat(count[order], starts))
    return result


def swap_households(households, risk_codes, areas, profiles, k, swap_rate, rng, max_distance=None,
                    cancelled=None, cells=None):
    """Swap households (see the module's docstring) and say what was done.

    ``households``: ``households.Households`` (persons in households, one location each; from
    ``households_of``). ``risk_codes``: per person, an integer per combination of the
    risk-field values (``counting.cells.encode_key_columns``). ``areas``: per level, top
    first, an area code per household (``households.AreaLevel.codes``; nested here).
    ``profiles``: per similarity profile, tried in order, a code per household
    (``households.profile_codes``); empty: any household. ``k``: the k-anonymity threshold
    (count < k is high-risk). ``swap_rate``: the share of households to swap, in [0, 1].
    ``rng``: a numpy Generator (``masking.mask_generator``: seeded from the operating system for
    a release). ``max_distance``:
    metres between the two households' locations (None: anywhere). ``cancelled``: a callable
    that says the user cancelled. ``cells``: per level, each household's (column, row) cell
    (``households.AreaLevel.cells``), or None for a level of zones; None: no level is a grid
    (donors are then only outside the area). Returns a ``SwapResult``.
    """
    check_swap_parameters(k, swap_rate, max_distance)
    areas = nest_codes(areas)
    counts = smallest_counts(households.of_person, risk_codes, areas)
    n = households.n
    high = np.full(n, -1, dtype=np.int64)
    for level in range(len(areas) - 1, -1, -1):  # the top-most level wins
        high[counts[level] < k] = level
    cells = [None] * len(areas) if cells is None else list(cells)
    if len(cells) != len(areas):
        raise ValueError("one cell array (or None) per level")
    search = DonorDraw(households.x, households.y, profiles, areas, cells,
                       [1.0 / count for count in counts], rng, max_distance)
    available = search.available
    location_of = np.arange(n)
    pairs, unswapped = [], []
    steps = [0]

    def swap(household, level, targeted):
        steps[0] += 1
        if cancelled is not None and steps[0] % CANCEL_EVERY == 0 and cancelled():
            raise Cancelled()
        donor = search.find(household, level)
        if donor.household < 0:
            return False
        search.take([household, donor.household])
        location_of[household], location_of[donor.household] = donor.household, household
        pairs.append((household, donor.household, level, donor.distance, targeted, donor.profile))
        return True

    for level in range(len(areas)):
        recipients = np.flatnonzero(high == level)
        recipients = recipients[np.lexsort((rng.random(len(recipients)),
                                            counts[level][recipients]))]
        for household in prefetched(search, recipients, level):
            if available[household] and not swap(household, level, True):
                search.take([household])  # stays, listed; never a donor later
                unswapped.append((household, level, search.why_none(household, level),
                                  int(counts[level][household])))
    target = 2 * int(np.floor(swap_rate * n / 2 + 0.5))
    lowest = len(areas) - 1
    needed = (target - 2 * len(pairs)) // 2
    if needed > 0:
        candidates = np.flatnonzero(available)
        # Weighted sampling without replacement: exponential clocks of rate = risk.
        clocks = rng.exponential(size=len(candidates)) * counts[lowest][candidates]
        for household in prefetched(search, candidates[np.argsort(clocks, kind="stable")],
                                     lowest):
            if needed == 0:
                break
            if available[household] and swap(household, lowest, False):
                needed -= 1
    pairs = pd.DataFrame(pairs, columns=["recipient", "donor", "level", "distance", "targeted",
                                         "profile"])
    unswapped = pd.DataFrame(unswapped, columns=["household", "level", "reason",
                                                 "smallest_count"])
    return SwapResult(location_of, pairs, high, counts, unswapped, target)


def prefetched(search, households, level):
    """The households in order, their donors' candidates drawn in batches on the way."""
    for start in range(0, len(households), PREFETCH_BATCH):
        batch = households[start:start + PREFETCH_BATCH]
        search.prefetch(batch, level)
        yield from batch.tolist()
    search.drawn.clear()


def swapped_locations(households, result):
    """Each person's location after the swap: that of the household whose place theirs took."""
    taken = result.location_of[households.of_person]
    return households.x[taken], households.y[taken]
