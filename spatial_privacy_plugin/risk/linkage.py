"""The adversary's join of an identified auxiliary table against a masked release.

Candidate set of target ``a``: released points within Euclidean distance
<= radius of a's position (a closed disc) whose quasi-identifiers all equal
a's (NULL equals only NULL). With ``n_a`` candidates, over all targets:

- ``pi_unique``: share of targets with exactly one candidate (what the
  adversary believes they achieved);
- ``pi_correct``: share whose single candidate is really them (what they
  achieved; unknown without a truth id);
- ``pi_marketer``: mean of 1/n_a, 0 for empty sets (random guessing inside
  each candidate set);
- ``precision = pi_correct / pi_unique`` (0 when pi_unique is 0);
- ``median_candidates`` and ``targets_with_no_candidate``.

With coverage weights the shares are weighted means over targets (the
expectation of sampling targets with those weights).
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.spatial import cKDTree

from ..errors import N_, Cancelled, InputError
from ..counting.cells import check_coordinates, encode_key_columns, run_starts
from ..parallel import in_parallel


def joint_codes(release_columns, auxiliary_columns):
    """Integer codes of quasi-identifier values shared by both layers, one column per QID.

    A value gets the same code in both layers; NULL is a value of its own.
    """
    n_release = len(release_columns[0]) if release_columns else 0
    release_codes, auxiliary_codes = [], []
    for release_values, auxiliary_values in zip(release_columns, auxiliary_columns):
        values = pd.concat([pd.Series(release_values), pd.Series(auxiliary_values)],
                           ignore_index=True)
        codes = encode_key_columns([values], len(values))
        release_codes.append(codes[:n_release])
        auxiliary_codes.append(codes[n_release:])
    return release_codes, auxiliary_codes


def _prefix_codes(release_codes, auxiliary_codes, step):
    """One code per record for the first ``step`` quasi-identifiers, comparable across layers."""
    if step == 0:
        return None, None
    n_release = len(release_codes[0])
    columns = [np.concatenate([r, a]) for r, a in zip(release_codes[:step], auxiliary_codes[:step])]
    combined = encode_key_columns(columns, len(columns[0]))
    return combined[:n_release], combined[n_release:]


def _spread_bits(values):
    """16-bit integers with their bits moved to the even positions (0, 2, 4, ...)."""
    for shift, mask in ((8, 0x00FF00FF), (4, 0x0F0F0F0F), (2, 0x33333333), (1, 0x55555555)):
        values = (values | (values << shift)) & mask
    return values


def spatial_order(xy):
    """An order of the points along a Z-order curve over their extent.

    Queried and stored in this order, neighbouring points sit together in
    memory, which makes the k-d tree counts about a fifth faster.
    """
    low = xy.min(axis=0)
    span = float(np.max(xy.max(axis=0) - low)) or 1.0
    scaled = ((xy - low) * (0xFFFF / span)).astype(np.int64)
    return np.argsort(_spread_bits(scaled[:, 0]) | (_spread_bits(scaled[:, 1]) << 1))


@dataclass(frozen=True)
class StepResult:
    candidates: np.ndarray  # per target
    single_match: np.ndarray  # release index of the single candidate, -1 otherwise


def _groups(release_group, auxiliary_group, n_release, n_targets):
    """(release members, targets) of each quasi-identifier combination held by both layers."""
    if release_group is None:
        release_group = np.zeros(n_release, dtype=np.int64)
        auxiliary_group = np.zeros(n_targets, dtype=np.int64)
    release_order = np.argsort(release_group, kind="stable")
    release_sorted = release_group[release_order]
    target_order = np.argsort(auxiliary_group, kind="stable")
    target_groups, target_starts = np.unique(auxiliary_group[target_order], return_index=True)
    target_stops = np.append(target_starts[1:], n_targets)
    for group, target_start, target_stop in zip(target_groups, target_starts, target_stops):
        start, stop = np.searchsorted(release_sorted, [group, group + 1])
        if start < stop:
            yield release_order[start:stop], target_order[target_start:target_stop]


def candidate_sets(release_xy, auxiliary_xy, radius, release_group=None, auxiliary_group=None):
    """Candidate count per target and, where it is one, which release point it is.

    Points are matched within each group (quasi-identifier combination) by a
    k-d tree: one tree per group, counts without listing pairs.
    """
    n_targets = len(auxiliary_xy)
    candidates = np.zeros(n_targets, dtype=np.int64)
    single = np.full(n_targets, -1, dtype=np.int64)
    for members, targets in _groups(release_group, auxiliary_group, len(release_xy), n_targets):
        # A tree per step and group: quicker unbalanced builds outweigh slightly slower queries.
        tree = cKDTree(release_xy[members], leafsize=96, balanced_tree=False, compact_nodes=False)
        counts = tree.query_ball_point(auxiliary_xy[targets], r=radius, return_length=True)
        candidates[targets] = counts
        alone = targets[counts == 1]
        if len(alone):
            _, nearest = tree.query(auxiliary_xy[alone], k=1)
            single[alone] = members[nearest]
    return StepResult(candidates, single)


def near_pairs(release_xy, auxiliary_xy, radius):
    """Every (target, release point) pair within the radius (closed disc), by two k-d trees."""
    near = cKDTree(release_xy).sparse_distance_matrix(cKDTree(auxiliary_xy), radius,
                                                      output_type="ndarray")
    return near["j"].astype(np.int64), near["i"].astype(np.int64)


def linked_candidate_sets(pairs, n_targets, link, release_index, release_group=None,
                          auxiliary_group=None):
    """Candidates over several releases of the same subjects, tied by a visible link id.

    ``pairs``: (target, release point) within the radius (``near_pairs``);
    ``link`` (codes 0..L-1) and ``release_index`` are given per release point.
    A link is a candidate of a target when, in every release where the link
    appears, one of its points lies within the radius with equal
    quasi-identifiers: the adversary intersects the releases' candidate
    sets. Returns counts of candidate links and, where one, which link.
    """
    targets, points = pairs
    if release_group is not None:
        same = release_group[points] == auxiliary_group[targets]
        targets, points = targets[same], points[same]
    n_links = int(link.max()) + 1
    n_releases = int(release_index.max()) + 1
    appearances = np.bincount(np.unique(link * n_releases + release_index) // n_releases,
                              minlength=n_links)
    # One sort: distinct (target, link, release) triples, then releases per (target, link).
    triples = np.sort((targets * n_links + link[points]) * n_releases + release_index[points])
    triples = triples[run_starts(triples)]
    pairs_sorted = triples // n_releases
    starts = np.flatnonzero(run_starts(pairs_sorted))
    pair = pairs_sorted[starts]
    releases_seen = np.diff(np.append(starts, len(pairs_sorted)))
    consistent = pair[releases_seen == appearances[pair % n_links]]
    candidates = np.bincount(consistent // n_links, minlength=n_targets)
    single = np.full(n_targets, -1, dtype=np.int64)
    alone = candidates[consistent // n_links] == 1
    single[consistent[alone] // n_links] = consistent[alone] % n_links
    return StepResult(candidates, single)


def summarise(step, candidates, single, release_truth, auxiliary_truth, weights):
    """The figures of one escalation step."""
    weights = np.ones(len(candidates)) if weights is None else weights
    total = weights.sum()
    unique = candidates == 1
    pi_unique = float(weights[unique].sum() / total)
    with np.errstate(divide="ignore"):
        inverse = np.where(candidates > 0, 1.0 / np.maximum(candidates, 1), 0.0)
    pi_marketer = float(np.sum(weights * inverse) / total)
    pi_correct = precision = None
    correct = None
    if release_truth is not None:
        correct = unique & (release_truth[np.maximum(single, 0)] == auxiliary_truth)
        pi_correct = float(weights[correct].sum() / total)
        precision = pi_correct / pi_unique if pi_unique > 0 else 0.0
    return {
        "step": step,
        "pi_unique": pi_unique,
        "pi_correct": pi_correct,
        "pi_marketer": pi_marketer,
        "precision": precision,
        "median_candidates": float(np.median(candidates)),
        "targets_with_no_candidate": int(np.sum(candidates == 0)),
        "targets": int(len(candidates)),
    }, correct


@dataclass(frozen=True)
class JoinResult:
    escalation: pd.DataFrame
    candidates: np.ndarray  # per target, at the last step
    unique: np.ndarray
    correct: np.ndarray  # None without truth


def join_simulation(release_xy, auxiliary_xy, radius, qid_names=(), release_qids=(),
                    auxiliary_qids=(), release_truth=None, auxiliary_truth=None, weights=None,
                    is_canceled=None, linked=None):
    """The escalation curve: location alone, then one more quasi-identifier per step.

    ``release_qids`` and ``auxiliary_qids`` are lists of value columns in the
    order of ``qid_names``; truths are comparable id arrays (or None). For
    sequential releases, the release arrays hold every release's points and
    ``linked`` is (link id per point, index of its release): candidates are
    then links consistent with every release (``linked_candidate_sets``).
    """
    if not np.isfinite(radius) or radius < 0:
        raise InputError(N_("The radius must be a distance of 0 or more, got {value}."), value=radius)
    for points in (release_xy, auxiliary_xy):
        points = np.asarray(points, dtype=float).reshape(-1, 2)
        check_coordinates(points[:, 0], points[:, 1])  # NaN, infinite or absurd coordinates
    if len(auxiliary_xy) == 0:
        raise InputError(N_("The auxiliary layer has no records: there is nobody to look for."))
    if len(release_xy) == 0:
        raise InputError(N_("The release has no records: there is nothing to join against."))
    if weights is not None:
        weights = np.asarray(weights, dtype=float)
        if not np.all(np.isfinite(weights)) or np.any(weights <= 0):
            raise InputError(N_("Coverage weights must be positive numbers; {count} are zero, "
                                "negative or missing."),
                             count=int(np.sum(~np.isfinite(weights) | (weights <= 0))))
    if (release_truth is None) != (auxiliary_truth is None):
        raise InputError(N_("Give the truth id of both layers, or of neither."))
    release_codes, auxiliary_codes = joint_codes(list(release_qids), list(auxiliary_qids))
    if release_truth is not None:
        release_truth, auxiliary_truth = joint_codes([release_truth], [auxiliary_truth])
        release_truth, auxiliary_truth = release_truth[0], auxiliary_truth[0]
    # Everything runs in a spatial order; per-target results are put back at the end.
    release_xy, auxiliary_xy = np.asarray(release_xy, dtype=float), np.asarray(auxiliary_xy, dtype=float)
    release_order, target_order = spatial_order(release_xy), spatial_order(auxiliary_xy)
    release_xy, auxiliary_xy = release_xy[release_order], auxiliary_xy[target_order]
    release_codes = [codes[release_order] for codes in release_codes]
    auxiliary_codes = [codes[target_order] for codes in auxiliary_codes]
    if release_truth is not None:
        release_truth, auxiliary_truth = release_truth[release_order], auxiliary_truth[target_order]
    if weights is not None:
        weights = weights[target_order]
    if linked is not None:
        link = encode_key_columns([linked[0]], len(release_xy))[release_order]
        release_index = np.asarray(linked[1], dtype=np.int64)[release_order]
        # Each step only removes pairs: list them once, then filter by quasi-identifiers.
        pairs = near_pairs(release_xy, auxiliary_xy, radius)
        if release_truth is not None:
            # Candidates are links: each link's subject is the truth of its points.
            link_truth = np.empty(int(link.max()) + 1, dtype=release_truth.dtype)
            link_truth[link] = release_truth
            release_truth = link_truth

    def run_step(step):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        release_group, auxiliary_group = _prefix_codes(release_codes, auxiliary_codes, step)
        if linked is None:
            result = candidate_sets(release_xy, auxiliary_xy, radius, release_group,
                                    auxiliary_group)
        else:
            result = linked_candidate_sets(pairs, len(auxiliary_xy), link, release_index,
                                           release_group, auxiliary_group)
        figures, correct = summarise(step, result.candidates, result.single_match, release_truth,
                                     auxiliary_truth, weights)
        figures["attributes"] = " + ".join(["location"] + list(qid_names[:step]))
        return figures, result, correct

    # The steps are independent of each other: they run side by side.
    outcomes = in_parallel(run_step, list(range(len(qid_names) + 1)))
    rows = [figures for figures, _, _ in outcomes]
    _, result, correct = outcomes[-1]
    columns = ["step", "attributes", "pi_unique", "pi_correct", "pi_marketer", "precision",
               "median_candidates", "targets_with_no_candidate", "targets"]

    def in_target_order(per_target):
        if per_target is None:
            return None
        restored = np.empty_like(per_target)
        restored[target_order] = per_target
        return restored

    return JoinResult(pd.DataFrame(rows)[columns], in_target_order(result.candidates),
                      in_target_order(result.candidates == 1), in_target_order(correct))


def displace_within(xy, share, distance, rng):
    """Move a share of points by up to ``distance`` (uniform over the disc): stale addresses."""
    if not 0.0 <= share <= 1.0:
        raise InputError(N_("The share of displaced records must be between 0 and 1, got {value}."),
                         value=share)
    if share > 0 and not distance > 0:
        raise InputError(N_("Give a positive displacement distance for the displaced share."))
    moved = rng.random(len(xy)) < share
    radius = distance * np.sqrt(rng.random(int(moved.sum())))
    angle = rng.uniform(0.0, 2.0 * np.pi, int(moved.sum()))
    result = np.array(xy, dtype=float, copy=True)
    result[moved, 0] += radius * np.cos(angle)
    result[moved, 1] += radius * np.sin(angle)
    return result


def threshold_sentence_inputs(escalation, rho):
    """The first step whose realised (else believed) re-identification exceeds rho, or None."""
    figure = "pi_correct" if escalation["pi_correct"].notna().all() else "pi_unique"
    over = escalation[escalation[figure] > rho]
    if over.empty:
        return None, figure
    return over.iloc[0], figure


def refuse_bad_truth_ids(values, field, layer):
    """Refuse NULL or repeated truth ids in one layer: a join is scored against who each record
    really is, so a record without one, or two records of one id, bias pi_correct and
    precision."""
    ids = pd.Series(list(values), dtype=object)
    missing = int(ids.isna().sum())
    if missing:
        raise InputError(N_("{count} record(s) of {layer} have a NULL truth id in '{field}': the "
                            "join could not tell whether they are matched correctly. Fill them "
                            "in, or leave those records out of the simulation."),
                         count=missing, layer=layer, field=field)
    repeated = ids[ids.duplicated(keep=False)]
    if len(repeated):
        raise InputError(N_("The truth id {value!r} appears {count} times in '{field}' of {layer}: "
                            "each record of one release is one subject, with its own id. Give "
                            "every record its own id, or join one record per subject."),
                         value=repeated.iloc[0], count=int((ids == repeated.iloc[0]).sum()),
                         layer=layer, field=field)
