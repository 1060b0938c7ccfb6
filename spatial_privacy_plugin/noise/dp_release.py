"""A differentially private grid: nested levels of noisy distinct-person counts, made consistent.

The release is ε-DP (discrete Laplace) or ρ-zCDP (discrete Gaussian) for one
person's whole record, provided that:

- the domain does not depend on the data: every cell of a fixed extent or
  study area is released at every level, empty ones too (points outside it
  are not counted);
- each person contributes to at most ``m`` cells of each level: ``m`` of
  their finest cells are chosen at random, and each coarser level counts them
  in the parents of those cells (at most ``m`` distinct ones), so a person
  changes a level's counts by at most m in L1 norm and √m in L2 norm;
- the budget is split equally across the levels (basic composition:
  ε_level = ε/L, ρ_level = ρ/L), each level noised independently.

Everything after the noise is post-processing and costs no privacy: a
weighted least squares estimate over the tree of levels (Hay et al. 2010:
inverse-variance average of a cell's own measurement and its children's
sum, bottom-up, then the parent's value shared among its children in
proportion to their variances, top-down), then, parent by parent from the
coarsest level down, non-negative integers that add up exactly to the
parent: negative estimates are raised to 0 and the excess is taken from the
smallest positive children first (so large cells keep their unbiased
estimates and the bias that non-negativity costs falls on small counts),
then the fractions are rounded keeping the sum (largest remainders).
"""

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pandas as pd

from . import dp
from ..errors import N_, Cancelled, InputError
from ..release.grid import cell_ids, cell_index

MECHANISM_LAPLACE = "discrete laplace"
MECHANISM_GAUSSIAN = "discrete gaussian"
MECHANISMS = (MECHANISM_LAPLACE, MECHANISM_GAUSSIAN)
# The finest level holds at most this many cells (the output is written cell by cell).
MAX_FINEST_CELLS = 4_000_000
# The largest ε of one release. Far below it the noise is already almost always 0 (at ε = 50
# over one level, P(noise ≠ 0) ≈ 4e-22): the counts are published exactly, which a DP release
# must not pretend to protect; and past a few hundred e^(−ε) underflows.
MAX_EPSILON = 50.0
# The smallest: the exact samplers take ε in millionths (rounded down, so never more ε than given).
MIN_EPSILON = 1.0 / dp.PARAMETER_DENOMINATOR
BIAS_CLASSES = ((0, 0, "0"), (1, 4, "1-4"), (5, 19, "5-19"), (20, 49, "20-49"),
                (50, None, "50+"))


def zcdp_epsilon(rho, delta):
    """ε of (ε, δ)-DP implied by ρ-zCDP: ρ + 2√(ρ ln(1/δ)) (Bun and Steinke 2016, Prop. 1.3)."""
    return float(rho + 2.0 * math.sqrt(rho * math.log(1.0 / delta)))


def zcdp_rho(epsilon, delta):
    """The largest ρ whose conversion gives at most ε at δ: (√(ln(1/δ) + ε) − √(ln(1/δ)))²."""
    log_term = math.log(1.0 / delta)
    return float((math.sqrt(log_term + epsilon) - math.sqrt(log_term)) ** 2)


def check_delta(delta):
    if delta is None:
        raise InputError(N_("The discrete Gaussian needs delta in the policy file (e.g. delta = "
                            "1e-6, well below one over the number of people): its ε is stated at "
                            "that δ."))
    if isinstance(delta, bool) or not isinstance(delta, (int, float)) or \
            not math.isfinite(delta) or not 0.0 < delta < 1.0:
        raise InputError(N_("delta must lie strictly between 0 and 1, got {value!r}."),
                         value=delta)
    return float(delta)


def check_nested(resolutions):
    """The sizes sorted from finest to coarsest, each a whole multiple of the one below."""
    sizes = sorted(float(size) for size in resolutions)
    if not sizes:
        raise InputError(N_("Give at least one cell size in metres, e.g. 1000,2000,4000."))
    for fine, coarse in zip(sizes, sizes[1:]):
        ratio = coarse / fine
        if abs(ratio - round(ratio)) > 1e-9 * ratio or round(ratio) < 2:
            raise InputError(N_("The cell sizes {fine:g} m and {coarse:g} m are not nested: each "
                                "size must be a whole multiple of the next finer one (e.g. "
                                "1000,2000,4000), so that every cell lies in one parent."),
                             fine=fine, coarse=coarse)
    return tuple(sizes)


@dataclass(frozen=True)
class Level:
    resolution: float
    epsilon: float  # this level's ε (pure for Laplace; the conversion at δ for Gaussian)
    rho: float  # this level's ρ (Gaussian; ε²/2 for Laplace, for reference)
    noise: Fraction  # Laplace scale, or Gaussian σ²
    variance: float
    accuracy_95: int  # half-width of the 95 % interval of the noise before post-processing
    expected_mae: float  # E|noise|


@dataclass(frozen=True)
class NoisePlan:
    mechanism: str
    epsilon: float  # the release's ε (at δ for the Gaussian)
    rho: float  # the release's ρ (Gaussian only; None for Laplace)
    delta: float  # None for Laplace
    m: int
    levels: tuple  # Level, finest first


def _laplace_level(resolution, epsilon, m, parts):
    scale = dp.laplace_scale(epsilon, m, parts)
    epsilon = epsilon / parts
    alpha = math.exp(-1.0 / float(scale))
    variance = 2 * alpha / (1 - alpha) ** 2
    # P(|Z| > a) = 2 α^(a+1) / (1 + α)
    a = max(0, math.ceil(math.log(0.05 * (1 + alpha) / 2) / math.log(alpha) - 1 - 1e-12))
    return Level(resolution, epsilon, epsilon ** 2 / 2, scale, variance, int(a),
                 2 * alpha / (1 - alpha ** 2))


def _gaussian_level(resolution, rho, m, delta):
    sigma2 = dp.gaussian_sigma2(rho, m)
    sigma = math.sqrt(float(sigma2))
    support = np.arange(-int(12 * sigma) - 12, int(12 * sigma) + 13)
    mass = np.exp(-support.astype(float) ** 2 / (2 * float(sigma2)))
    mass /= mass.sum()
    variance = float((support ** 2 * mass).sum())
    beyond = np.array([mass[np.abs(support) > a].sum() for a in range(0, int(12 * sigma) + 12)])
    accuracy = int(np.flatnonzero(beyond <= 0.05)[0])
    return Level(resolution, zcdp_epsilon(rho, delta), rho, sigma2, variance, accuracy,
                 float((np.abs(support) * mass).sum()))


def plan_noise(mechanism, epsilon, resolutions, m, delta=None):
    """The noise of each level: the budget split equally across the nested levels.

    Laplace: ε_level = ε/L, scale m/ε_level. Gaussian: ρ = the largest with
    ρ + 2√(ρ ln(1/δ)) <= ε, ρ_level = ρ/L, σ² = m/(2 ρ_level).
    """
    if mechanism not in MECHANISMS:
        raise InputError(N_("Unknown mechanism {value!r}: use discrete laplace or discrete "
                            "gaussian."), value=mechanism)
    if isinstance(epsilon, bool) or not isinstance(epsilon, (int, float)) or \
            not math.isfinite(epsilon) or epsilon <= 0:
        raise InputError(N_("ε must be a positive number, got {value!r} (e.g. 1; smaller is more "
                            "private and noisier)."), value=epsilon)
    if epsilon > MAX_EPSILON:
        raise InputError(N_("ε = {value:g} is above the largest ε of one release, {limit:g}: at "
                            "such an ε the noise is almost always 0 and the exact counts are "
                            "published. Give a smaller ε (e.g. 1); a release that needs no "
                            "noise is not a differentially private one."),
                         value=float(epsilon), limit=MAX_EPSILON)
    if epsilon < MIN_EPSILON:
        raise InputError(N_("ε = {value:g} is below the smallest ε of one release, {limit:g}: the "
                            "exact noise samplers cannot draw that much noise, and it would bury "
                            "every count. Give a larger ε (e.g. 1)."),
                         value=float(epsilon), limit=MIN_EPSILON)
    if isinstance(m, bool) or int(m) != m or m < 1:
        raise InputError(N_("The number of cells a person may contribute to must be a whole "
                            "number of at least 1, got {value!r}."), value=m)
    m = int(m)
    sizes = check_nested(resolutions)
    share = 1.0 / len(sizes)
    if mechanism == MECHANISM_LAPLACE:
        levels = tuple(_laplace_level(size, epsilon, m, len(sizes)) for size in sizes)
        return NoisePlan(mechanism, float(epsilon), None, None, m, levels)
    delta = check_delta(delta)
    rho = zcdp_rho(epsilon, delta)
    levels = tuple(_gaussian_level(size, rho * share, m, delta) for size in sizes)
    return NoisePlan(mechanism, float(epsilon), rho, delta, m, levels)


def draw_noise(plan, level, n, rng):
    if plan.mechanism == MECHANISM_LAPLACE:
        return dp.discrete_laplace(n, level.noise, rng)
    return dp.discrete_gaussian(n, level.noise, rng)


@dataclass(frozen=True)
class Domain:
    """Coarsest cells (col0 … col0+n_cols−1, row0 … row0+n_rows−1) on the origin; ``mask``
    (n_rows, n_cols) marks those released (all of them for an extent)."""

    origin: tuple
    coarsest: float
    col0: int
    row0: int
    mask: np.ndarray


def extent_domain(origin, coarsest, bounds, finest=None):
    """Every coarsest cell that meets the extent (xmin, ymin, xmax, ymax) in metres; an extent
    without area, or of more than MAX_FINEST_CELLS cells of ``finest`` metres (default:
    ``coarsest``), is refused before anything is allocated."""
    xmin, ymin, xmax, ymax = (float(value) for value in bounds)
    if not all(map(math.isfinite, (xmin, ymin, xmax, ymax))) or xmax < xmin or ymax < ymin:
        raise InputError(N_("The extent {bounds} is not a rectangle: give xmin, xmax, ymin, ymax "
                            "in the layer's CRS."), bounds=str(tuple(bounds)))
    if xmax == xmin or ymax == ymin:
        raise InputError(N_("The extent {bounds} has no area (its width or height is 0): a "
                            "differentially private release would spend ε on a strip of cells "
                            "around a line. Give the extent of the area to release."),
                         bounds=str(tuple(bounds)))
    col0 = math.floor((xmin - origin[0]) / coarsest)
    row0 = math.floor((ymin - origin[1]) / coarsest)
    col1 = max(col0 + 1, math.ceil((xmax - origin[0]) / coarsest))
    row1 = max(row0 + 1, math.ceil((ymax - origin[1]) / coarsest))
    factor = int(round(coarsest / (finest or coarsest)))
    _check_size((row1 - row0) * (col1 - col0) * factor * factor)
    return Domain(origin, float(coarsest), col0, row0,
                  np.ones((row1 - row0, col1 - col0), dtype=bool))


def study_area_domain(origin, coarsest, finest, study_area):
    """Every coarsest cell in which the study area holds the centre of at least one finest cell."""
    corners = np.concatenate([np.concatenate(rings) for parts in study_area for rings in parts])
    box = extent_domain(origin, coarsest, (corners[:, 0].min(), corners[:, 1].min(),
                                           corners[:, 0].max(), corners[:, 1].max()), finest)
    factor = int(round(coarsest / finest))
    n_rows, n_cols = box.mask.shape
    x = origin[0] + (box.col0 * factor + np.arange(n_cols * factor) + 0.5) * finest
    y = origin[1] + (box.row0 * factor + np.arange(n_rows * factor) + 0.5) * finest
    inside = centres_inside(x, y, study_area)
    mask = inside.reshape(n_rows, factor, n_cols, factor).any(axis=(1, 3))
    if not mask.any():
        raise InputError(N_("The study area holds no cell centre at {size:g} m: give a larger "
                            "study area or smaller cells."), size=finest)
    return Domain(origin, float(coarsest), box.col0, box.row0, mask)


def centres_inside(x, y, polygons):
    """(len(y), len(x)) booleans: which points of the lattice x × y lie in any polygon.

    The even-odd rule of ``zones.assign_points``, row by row: a point is inside a part when
    an odd number of its rings' edges cross the row to its right. One pass over the edges
    per row, instead of every point against every edge.
    """
    inside = np.zeros((len(y), len(x)), dtype=bool)
    for parts in polygons:
        for rings in parts:
            rings = [np.asarray(ring, dtype=float) for ring in rings if len(ring) >= 3]
            if not rings:
                continue
            starts = np.concatenate([ring for ring in rings])
            ends = np.concatenate([np.roll(ring, -1, axis=0) for ring in rings])
            x1, y1, x2, y2 = starts[:, 0], starts[:, 1], ends[:, 0], ends[:, 1]
            low, high = np.searchsorted(y, [min(y1.min(), y2.min()), max(y1.max(), y2.max())])
            for row in range(low, min(high + 1, len(y))):
                straddles = (y1 > y[row]) != (y2 > y[row])
                if not straddles.any():
                    continue
                a, b, c, d = x1[straddles], y1[straddles], x2[straddles], y2[straddles]
                crossings = np.sort((c - a) * (y[row] - b) / (d - b) + a)
                to_the_right = len(crossings) - np.searchsorted(crossings, x, side="right")
                inside[row] |= to_the_right % 2 == 1
    return inside


def _check_size(n_cells):
    if n_cells > MAX_FINEST_CELLS:
        raise InputError(N_("The domain has {count} cells at the finest level, more than "
                            "{limit}: give a smaller extent or study area, or coarser cells."),
                         count=int(n_cells), limit=MAX_FINEST_CELLS)


def _block_sum(array, factor):
    rows, cols = array.shape
    return array.reshape(rows // factor, factor, cols // factor, factor).sum(axis=(1, 3))


def _groups(array, factor):
    """(parents, factor²) view of the children of each parent, parents in row-major order."""
    rows, cols = array.shape
    return array.reshape(rows // factor, factor, cols // factor, factor).transpose(
        0, 2, 1, 3).reshape(-1, factor * factor)


def _ungroup(groups, shape, factor):
    rows, cols = shape
    return groups.reshape(rows // factor, cols // factor, factor, factor).transpose(
        0, 2, 1, 3).reshape(rows, cols)


@dataclass(frozen=True)
class FinestPairs:
    """The distinct (person, finest cell) pairs of the points inside the domain, sorted by
    person then cell: ``persons`` are person codes numbered in order of first appearance,
    ``cells`` row-major numbers of the domain's finest cells; ``outside``: some point lies
    outside the domain (it is not counted)."""

    persons: np.ndarray
    cells: np.ndarray
    outside: bool


def finest_pairs(cols, rows, person_codes, domain, finest_factor):
    """FinestPairs from each point's finest cell (``grid.cell_index`` on the domain's origin)."""
    n_rows, n_cols = domain.mask.shape
    cols = np.asarray(cols, dtype=np.int64) - domain.col0 * finest_factor
    rows = np.asarray(rows, dtype=np.int64) - domain.row0 * finest_factor
    inside = (cols >= 0) & (rows >= 0) & (cols < n_cols * finest_factor) & \
        (rows < n_rows * finest_factor)
    inside[inside] = domain.mask[rows[inside] // finest_factor, cols[inside] // finest_factor]
    width = n_cols * finest_factor
    cells = rows[inside] * width + cols[inside]
    persons = np.asarray(person_codes, dtype=np.int64)[inside]
    n_cells = n_rows * finest_factor * width
    pairs = np.unique(persons * n_cells + cells)
    return FinestPairs(pairs // n_cells, pairs % n_cells, int(inside.sum()) < len(inside))


def bounded_counts(x, y, person_codes, domain, sizes, m, rng):
    """Distinct people per cell of each level (finest first), each person in at most ``m``
    randomly chosen finest cells of the domain and in their parents."""
    finest_factor = int(round(domain.coarsest / sizes[0]))
    pairs = finest_pairs(cell_index(np.asarray(x, dtype=float), domain.origin[0], sizes[0]),
                         cell_index(np.asarray(y, dtype=float), domain.origin[1], sizes[0]),
                         person_codes, domain, finest_factor)
    return bounded_level_counts(pairs, domain, sizes, m, rng), pairs.outside


def bounded_level_counts(pairs, domain, sizes, m, rng):
    """Distinct people per cell of each level (finest first) from FinestPairs, each person
    in at most ``m`` of their finest cells, chosen at random, and in their parents."""
    factor_of = [int(round(domain.coarsest / size)) for size in sizes]
    finest_factor = factor_of[0]
    n_rows, n_cols = domain.mask.shape
    width = n_cols * finest_factor
    persons, cells = pairs.persons, pairs.cells
    # m cells per person, chosen uniformly among their cells: order each person's cells by a
    # random key and keep the first m.
    key = rng.integers(0, dp.INT_LIMIT, size=len(persons), dtype=np.int64)
    order = np.lexsort((key, persons))
    persons, cells = persons[order], cells[order]
    starts = np.flatnonzero(np.r_[True, persons[1:] != persons[:-1]])
    rank = np.arange(len(persons)) - np.repeat(starts, np.diff(np.r_[starts, len(persons)]))
    persons, cells = persons[rank < m], cells[rank < m]
    counts = []
    for factor in factor_of:
        shrink = finest_factor // factor
        level_width = n_cols * factor
        level_cells = (cells // width) // shrink * level_width + (cells % width) // shrink
        size = n_rows * factor * level_width
        distinct = np.unique(persons * size + level_cells) % size
        counts.append(np.bincount(distinct, minlength=size).reshape(n_rows * factor, level_width))
    return counts


def _non_negative_integers(values, totals):
    """Per row of ``values`` (parents × children), non-negative integers adding up to ``totals``.

    Negative values become 0 and the excess comes off the smallest positive values first;
    a shortfall (from rounding the parent) is added in proportion to the values. The
    fractions are then rounded keeping the sum (largest remainders first).
    """
    values = np.maximum(values, 0.0)
    totals = totals.astype(np.int64)
    values[totals == 0] = 0.0
    excess = values.sum(axis=1) - totals
    order = np.argsort(values, axis=1, kind="stable")
    ordered = np.take_along_axis(values, order, axis=1)
    before = np.cumsum(ordered, axis=1) - ordered
    removed = np.clip(np.maximum(excess, 0.0)[:, None] - before, 0.0, ordered)
    np.put_along_axis(values, order, ordered - removed, axis=1)
    shortfall = np.maximum(-excess, 0.0)
    sums = values.sum(axis=1)
    weights = np.where(sums[:, None] > 0, values / np.where(sums > 0, sums, 1.0)[:, None],
                       1.0 / values.shape[1])
    values += shortfall[:, None] * weights
    whole = np.floor(values + 1e-9).astype(np.int64)
    remainder = totals - whole.sum(axis=1)
    fractions = values - whole
    rank = np.argsort(np.argsort(-fractions, axis=1, kind="stable"), axis=1)
    whole += (rank < remainder[:, None]).astype(np.int64)
    # Rounding error can leave a sum one off: settle it on the largest child.
    left = totals - whole.sum(axis=1)
    largest = np.argmax(whole, axis=1)
    whole[np.arange(len(whole)), largest] += left
    return whole


def post_process(noisy, variances, factors):
    """Consistent non-negative integers from noisy levels (finest first).

    ``factors[l]``: how many cells of level l span one of level l + 1.
    Bottom-up inverse-variance combination, then top-down sharing and integer rounding.
    """
    n_levels = len(noisy)
    estimate = [np.asarray(noisy[0], dtype=float)]
    variance = [float(variances[0])]
    for level in range(1, n_levels):
        factor = factors[level - 1]
        children = _block_sum(estimate[-1], factor)
        children_variance = variance[-1] * factor * factor
        own = float(variances[level])
        weight = children_variance / (own + children_variance)
        estimate.append(weight * noisy[level] + (1 - weight) * children)
        variance.append(own * children_variance / (own + children_variance))
    released = [None] * n_levels
    released[-1] = np.maximum(np.rint(estimate[-1]), 0).astype(np.int64)
    for level in range(n_levels - 2, -1, -1):
        factor = factors[level]
        parents = released[level + 1].ravel()
        groups = _groups(estimate[level], factor).copy()
        groups += ((parents - groups.sum(axis=1)) / (factor * factor))[:, None]
        released[level] = _ungroup(_non_negative_integers(groups, parents),
                                   estimate[level].shape, factor)
    return released


@dataclass(frozen=True)
class DpRelease:
    cells: pd.DataFrame  # cell_id, col, row, resolution_m, n_persons, accuracy_95
    levels: pd.DataFrame  # per level: resolution_m, epsilon, rho, variance, accuracy_95, ...
    bias: pd.DataFrame  # per level and true-count class: the data holder's own, never published
    points_outside: bool
    true_counts: np.ndarray  # per row of cells: the bounded count noised (data holder only)


def check_domain(domain, plan):
    """The finest factor of the domain (coarsest cells per finest cell side), checked."""
    sizes = tuple(level.resolution for level in plan.levels)
    finest_factor = int(round(domain.coarsest / sizes[0]))
    if abs(domain.coarsest - sizes[-1]) > 1e-9 * sizes[-1]:
        raise InputError(N_("The domain is laid on {domain:g} m cells, the coarsest level is "
                            "{size:g} m."), domain=domain.coarsest, size=sizes[-1])
    _check_size(domain.mask.size * finest_factor ** 2)
    return finest_factor


def dp_grid(x, y, person_codes, domain, plan, rng, is_canceled=None):
    """The released grid: every domain cell of every level, noised by ``plan``, post-processed.

    ``rng``: uniform integers (``system_random.dp_random``: the operating system's unless
    seeded on purpose); it chooses the m cells of each person and draws the noise.
    ``is_canceled``: checked between levels.
    """
    return dp_grid_of_pairs(point_pairs(x, y, person_codes, domain, plan), domain, plan, rng,
                            is_canceled)


def point_pairs(x, y, person_codes, domain, plan):
    """FinestPairs of the points (x, y) of the coded people on the domain's finest cells."""
    finest = plan.levels[0].resolution
    finest_factor = check_domain(domain, plan)
    return finest_pairs(cell_index(np.asarray(x, dtype=float), domain.origin[0], finest),
                        cell_index(np.asarray(y, dtype=float), domain.origin[1], finest),
                        person_codes, domain, finest_factor)


def dp_grid_of_pairs(pairs, domain, plan, rng, is_canceled=None):
    """``dp_grid`` from the points' FinestPairs (read from the points or from a database)."""
    def check_canceled():
        if is_canceled is not None and is_canceled():
            raise Cancelled()

    sizes = tuple(level.resolution for level in plan.levels)
    check_domain(domain, plan)
    truth = bounded_level_counts(pairs, domain, sizes, plan.m, rng)
    outside = pairs.outside
    noisy = []
    for level, counts in zip(plan.levels, truth):
        check_canceled()
        factor = int(round(domain.coarsest / level.resolution))
        released = np.kron(domain.mask, np.ones((factor, factor), dtype=bool))
        noise = np.zeros(counts.shape, dtype=np.int64)
        noise[released] = draw_noise(plan, level, int(released.sum()), rng)
        noisy.append(counts + noise)
    check_canceled()
    factors = [int(round(coarse / fine)) for fine, coarse in zip(sizes, sizes[1:])]
    released = post_process(noisy, [level.variance for level in plan.levels], factors)
    frames, bias_rows, truths = [], [], []
    for level, counts, values in zip(plan.levels, truth, released):
        factor = int(round(domain.coarsest / level.resolution))
        keep = np.kron(domain.mask, np.ones((factor, factor), dtype=bool))
        rows, cols = np.nonzero(keep)
        col = cols + domain.col0 * factor
        row = rows + domain.row0 * factor
        frames.append(pd.DataFrame({
            "cell_id": cell_ids(level.resolution, col, row), "col": col, "row": row,
            "resolution_m": level.resolution, "n_persons": values[keep],
            "accuracy_95": level.accuracy_95}))
        truths.append(counts[keep])
        true, error = truths[-1], values[keep] - truths[-1]
        for low, high, label in BIAS_CLASSES:
            chosen = (true >= low) & (true <= (high if high is not None else true.max(initial=0)))
            if chosen.any():
                bias_rows.append({"resolution_m": level.resolution, "true_count": label,
                                  "cells": int(chosen.sum()),
                                  "mean_error": float(error[chosen].mean()),
                                  "mean_absolute_error": float(np.abs(error[chosen]).mean())})
    levels = pd.DataFrame([{"resolution_m": level.resolution, "epsilon": level.epsilon,
                            "rho": level.rho, "noise": str(level.noise),
                            "variance": level.variance, "accuracy_95": level.accuracy_95,
                            "expected_mae": level.expected_mae} for level in plan.levels])
    return DpRelease(pd.concat(frames, ignore_index=True), levels, pd.DataFrame(bias_rows),
                     outside, np.concatenate(truths))
