"""Suppression, the cell key method, the DP grid and swap + cell key on the same points, at each
cell size, scored against the truth and by the plugin's own audits.

Each method runs through the engine function its algorithm runs (the suppressed
grid, the cell key grid, the DP grid), so a row of the comparison is what that
algorithm would publish from the same inputs. Each cell size is compared as a
release of its own: the DP grid at one size with the whole ε. Nothing is
recorded in a ledger and nothing here may be published: the comparison keeps
only figures computed from the true counts (no noisy grid leaves it).
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..counting.cells import count_cells
from ..errors import Cancelled
from .measures import MAX_TRANSPORT_PAIRS, mean_absolute_error, score
from .transport import GRID_FLOW_SECONDS, estimate

METHOD_SUPPRESSION = "suppression"
METHOD_CELL_KEY = "cell key"
METHOD_DP = "dp"
METHOD_SWAP_CELL_KEY = "swap + cell key"
METHODS = (METHOD_SUPPRESSION, METHOD_CELL_KEY, METHOD_DP, METHOD_SWAP_CELL_KEY)
# Which audit pins cells under each method (the table says it in words).
AUDIT_SUPPRESSION = "suppression audit: withheld cells narrower than p"
AUDIT_CELL_KEY = "cell key audit (D and the p-table known): cells narrower than p"
AUDIT_NONE = "none: the guarantee is ε"
COLUMNS = ("method", "resolution_m", "k", "cells", "cells_withheld", "share_withheld",
           "share_changed", "mae", "mse", "hellinger", "wasserstein_m", "transport_pairs",
           "kw_bound", "morans_i_errors", "morans_z_errors", "small_cells", "small_published_exact",
           "cells_pinned", "audit", "epsilon", "ptable_hash", "households_swapped",
           "high_risk_in_true_cell", "high_risk_near_true_cell", "mae_vs_bounded_truth",
           "dp_width", "dp_probability_within_width")


@dataclass(frozen=True)
class Points:
    """The people's points: coordinates (metres), person codes (0..n − 1), the grid origin and
    ``people`` (``counting.cells.PeopleTotal``)."""

    x: np.ndarray
    y: np.ndarray
    person_codes: np.ndarray
    origin: tuple
    people: object

    def moved(self, x, y):
        """The same people at other points (after a swap)."""
        return Points(np.asarray(x, dtype=float), np.asarray(y, dtype=float), self.person_codes,
                      self.origin, self.people)


@dataclass(frozen=True)
class CellKeySetup:
    table: object  # ptable.PTable
    person_keys: np.ndarray  # the 53-bit record key of each person code
    min_width: object = None  # the policy's ckm_min_width, else None


@dataclass(frozen=True)
class DpSetup:
    mechanism: str  # dp_release.MECHANISMS
    epsilon: float
    delta: object  # the policy's δ (the Gaussian's), else None
    bounds: tuple  # (xmin, ymin, xmax, ymax) of the released extent
    rng_of: object  # resolution -> uniform integers (system_random.dp_random: the OS's unless seeded)
    m: int = 1


@dataclass(frozen=True)
class Published:
    """One method's grid as published (``values`` NaN where withheld) and its audit's verdict
    (``pinned``: cells its audit fails — suppression: withheld cells narrowed below p; the
    cell key method: cells pinned while they could hold 1..k - 1, as the gate fails them;
    None when the method has no audit). The DP grid's also holds the bounded counts it noised
    (``bounded``, per cell) and what its attacker can know of a cell (``within``: a width w and
    the probability that the noise moved the count by w or less)."""

    col: np.ndarray
    row: np.ndarray
    values: np.ndarray
    pinned: object
    audit: str
    epsilon: object = None
    ptable_hash: object = None
    bounded: object = None
    within: tuple = (None, None)


def keyless(points):
    return np.zeros(len(points.x), dtype=np.int64)


def suppressed(points, resolution, k, marginals, people_known, is_canceled=None):
    """The suppressed grid's release (``grid_release.suppressed_grid``)."""
    from ..release.grid_release import suppressed_grid

    release = suppressed_grid(points.x, points.y, points.person_codes, keyless(points),
                              points.origin, resolution, k, marginals, is_canceled,
                              people_known=people_known)
    cells = release.cells
    values = cells["n_persons"].astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    return Published(cells["col"].to_numpy(), cells["row"].to_numpy(), values,
                     int((~release.audit["ok"].astype(bool)).sum()), AUDIT_SUPPRESSION)


def cell_key(points, resolution, setup, marginals, people_known, k):
    """The cell key grid's release (``cellkey.perturbed_cells``) and its audit: the perturbed
    grand total when the number of people is known, the perturbed parent cells when
    ``marginals`` publishes them (``cellkey_audit.release_totals``); the cells it pins are
    counted by the grid's and the gate's rule (``perturbed.cell_key_disclosures``)."""
    from ..noise.cellkey import key_of_everyone, perturbed_cells
    from ..noise.cellkey_audit import attacker_intervals, release_totals
    from ..noise.perturbed import cell_key_disclosures

    table = setup.table
    cells = perturbed_cells(points.x, points.y, points.person_codes, keyless(points),
                            points.origin, resolution, setup.person_keys, table)
    grand_total = (points.people.n, key_of_everyone(setup.person_keys)) if people_known else None
    parents = None
    if marginals.parents:
        parents = perturbed_cells(points.x, points.y, points.person_codes, keyless(points),
                                  points.origin, resolution * marginals.parent_factor,
                                  setup.person_keys, table)
    totals = release_totals(table, (cells.col, cells.row, cells.key, cells.published),
                            grand_total, parents, marginals.parent_factor)
    lower, upper = attacker_intervals(table, cells.published, totals, points.people.one_point)
    pinned = int(cell_key_disclosures(lower, upper, k, setup.min_width).sum())
    return Published(cells.col, cells.row, cells.published.astype(float), pinned,
                     AUDIT_CELL_KEY, ptable_hash=table.ptable_hash)


def dp_width(k):
    """The width w = ⌊(k − 1)/2⌋ the DP row's risk is stated at: the published count ± w spans
    2w + 1 <= k counts, no more than the k counts 0..k − 1 a withheld small cell leaves open."""
    return (int(k) - 1) // 2


def differentially_private(points, resolution, setup, k, is_canceled=None):
    """The DP grid's release at one cell size with the whole ε (``dp_release.dp_grid``) over
    every cell of the extent, empty ones included, with the counts it noised (each person in
    at most m cells) and the probability that its noise is within ±``dp_width(k)``: exact,
    of the discrete Laplace (``dp.discrete_laplace_within``) or Gaussian
    (``dp.discrete_gaussian_within``), before the clamp at 0, which only moves a count
    towards its bounded truth."""
    from ..noise import dp
    from ..noise.dp_release import MECHANISM_LAPLACE, dp_grid, extent_domain, plan_noise

    plan = plan_noise(setup.mechanism, setup.epsilon, (resolution,), setup.m, setup.delta)
    domain = extent_domain(points.origin, resolution, setup.bounds)
    release = dp_grid(points.x, points.y, points.person_codes, domain, plan,
                      setup.rng_of(resolution), is_canceled)
    cells = release.cells
    within = dp.discrete_laplace_within if plan.mechanism == MECHANISM_LAPLACE else \
        dp.discrete_gaussian_within
    width = dp_width(k)
    return Published(cells["col"].to_numpy(), cells["row"].to_numpy(),
                     cells["n_persons"].to_numpy(dtype=float), None, AUDIT_NONE,
                     epsilon=plan.epsilon, bounded=release.true_counts,
                     within=(width, within(plan.levels[0].noise, width)))


def swapped(points, households, risk_codes, profiles, resolutions, k, swap_rate, rng,
            max_distance=None, cancelled=None):
    """The points after a targeted record swap (``swap.swapping.swap_households``) over the
    hierarchy of the compared cell sizes (coarsest first, on the comparison's origin), the
    ``SwapResult`` and where a neighbourhood intruder finds the households
    (``swap.summary.neighbourhood_shares``). ``households``: ``swap.households.Households`` of the points' rows
    (one point per person); ``risk_codes``: per point; ``profiles``: per similarity profile,
    a code per household."""
    from ..swap.households import grid_level, nested
    from ..swap.summary import neighbourhood_shares
    from ..swap.swapping import swap_households, swapped_locations

    levels = nested([grid_level(f"{size:g} m", households.x, households.y, points.origin, size)
                     for size in sorted(resolutions, reverse=True)])
    result = swap_households(households, risk_codes, [level.codes for level in levels], profiles,
                             k, swap_rate, rng, max_distance, cancelled,
                             [level.cells for level in levels])
    return points.moved(*swapped_locations(households, result)), result, \
        neighbourhood_shares(result, levels)


@dataclass(frozen=True)
class Comparison:
    """What to compare: the policy's ``k``, the ``marginals`` published beside a grid (their
    protection is the policy's p), ``people_known`` (the attacker knows the number of
    people), the cell key and DP setups (None: that method is left out) and the swapped
    points (``Points`` of the same people after the swap; None: no swap row), how many
    households the swap moved and the shares of high-risk households it published in their
    true cell and within the 3 × 3 cells around it, at the level of their risk (a pair)."""

    k: int
    marginals: object
    people_known: bool
    cell_key: object = None
    dp: object = None
    swapped: object = None
    households_swapped: object = None
    high_risk_published: object = (None, None)
    max_pairs: int = MAX_TRANSPORT_PAIRS
    max_grid_seconds: float = GRID_FLOW_SECONDS


def methods_of(comparison):
    """The methods ``comparison`` holds, in the order they run."""
    found = [METHOD_SUPPRESSION]
    if comparison.cell_key is not None:
        found.append(METHOD_CELL_KEY)
    if comparison.dp is not None:
        found.append(METHOD_DP)
    if comparison.swapped is not None and comparison.cell_key is not None:
        found.append(METHOD_SWAP_CELL_KEY)
    return found


def release(method, points, resolution, comparison, is_canceled=None):
    """What ``method`` publishes from ``points`` at one cell size (``Published``)."""
    if method == METHOD_SUPPRESSION:
        return suppressed(points, resolution, comparison.k, comparison.marginals,
                          comparison.people_known, is_canceled)
    if method == METHOD_DP:
        return differentially_private(points, resolution, comparison.dp, comparison.k,
                                      is_canceled)
    moved = comparison.swapped if method == METHOD_SWAP_CELL_KEY else points
    return cell_key(moved, resolution, comparison.cell_key, comparison.marginals,
                    comparison.people_known, comparison.k)


def expected_transport(method, points, resolution, truth, comparison):
    """The ``transport.Plan`` expected for ``method``'s distance at one size, before it
    publishes: over the true grid's cells (``truth``), and for the DP grid also the empty cells
    of its extent that its noise is expected to fill (those drawing a noise of 1 or more)."""
    from ..noise import dp
    from ..noise.dp_release import MECHANISM_LAPLACE, extent_domain, plan_noise

    places = np.column_stack([truth.col, truth.row])
    cells = float(len(truth.col))
    if method == METHOD_DP:
        setup = comparison.dp
        noise = plan_noise(setup.mechanism, setup.epsilon, (resolution,), setup.m,
                           setup.delta).levels[0].noise
        within = dp.discrete_laplace_within if setup.mechanism == MECHANISM_LAPLACE else \
            dp.discrete_gaussian_within
        domain = extent_domain(points.origin, resolution, setup.bounds)
        rows, cols = domain.mask.shape
        extent = np.column_stack([[domain.col0, domain.row0],
                                  [domain.col0 + cols - 1, domain.row0 + rows - 1]]).T
        places = np.vstack([places, extent])
        cells += max(0, rows * cols - len(truth.col)) * (1.0 - within(noise, 0)) / 2.0
    return estimate(cells, places, comparison.max_pairs, comparison.max_grid_seconds)


def compare_methods(points, resolutions, comparison, progress=None, is_canceled=None,
                    on_step=None, on_estimate=None):
    """One row per cell size and method (COLUMNS): the utility of its published grid against
    the true counts of ``points`` (``measures.score``; swapped grids against the true counts
    before the swap), the cells its audit pins, and what identifies it (ε, p-table hash). The
    DP rows also hold ``mae_vs_bounded_truth`` (against the counts the DP grid noised, each
    person in at most m cells; ``mae`` counts everyone in every cell they visit) and
    ``dp_width``, ``dp_probability_within_width`` (``differentially_private``).

    ``on_estimate(plans)`` hears, once the true grids are counted and before any method
    runs, how each distance is expected to be solved (``expected_transport``, one
    ``transport.Plan`` per size and method); ``progress(done, total)`` of each
    method and size done; ``on_step(resolution, method, plan)`` of each as it is scored,
    with its transport problem's ``transport.Plan`` before that is solved; ``is_canceled``
    is asked between steps and while the transport problem is solved (raising
    ``Cancelled``).
    """
    rows = []
    methods = methods_of(comparison)
    total = len(resolutions) * len(methods)
    truths = [count_cells(points.x, points.y, points.person_codes, keyless(points),
                          points.origin, resolution) for resolution in resolutions]
    if on_estimate is not None:
        on_estimate([expected_transport(method, points, resolution, truth, comparison)
                     for resolution, truth in zip(resolutions, truths) for method in methods])
    for number, (resolution, truth) in enumerate(zip(resolutions, truths)):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        for offset, method in enumerate(methods):
            published = release(method, points, resolution, comparison, is_canceled)
            if is_canceled is not None and is_canceled():
                raise Cancelled()
            announce = None if on_step is None else \
                (lambda plan, method=method: on_step(resolution, method, plan))
            scored = score(truth.col, truth.row, truth.n_persons, published.col, published.row,
                           published.values, resolution, comparison.k, comparison.max_pairs,
                           is_canceled, announce, comparison.max_grid_seconds)
            rows.append({"method": method, "resolution_m": float(resolution),
                         "k": comparison.k, **scored.__dict__,
                         "cells_pinned": published.pinned, "audit": published.audit,
                         "epsilon": published.epsilon, "ptable_hash": published.ptable_hash,
                         "mae_vs_bounded_truth": None if published.bounded is None else
                         mean_absolute_error(published.col, published.row, published.bounded,
                                             published.col, published.row, published.values),
                         **dict(zip(("dp_width", "dp_probability_within_width"),
                                    published.within)),
                         **dict(zip(("households_swapped", "high_risk_in_true_cell",
                                     "high_risk_near_true_cell"),
                                    (comparison.households_swapped,
                                     *comparison.high_risk_published)
                                    if method == METHOD_SWAP_CELL_KEY else (None,) * 3))})
            if progress is not None:
                progress(number * len(methods) + offset + 1, total)
    return pd.DataFrame(rows, columns=list(COLUMNS))
