"""The gate of a release in a series: its withheld cells and totals, and those of the earlier
releases, audited jointly under the series' bounded change (``series.series_intervals``)."""

import numpy as np

from ..audit.intervals import protection_failures
from ..errors import N_
from ..problems import problem as _problem
from .gate import AuditResult
from .series import series_intervals
from .totals import attacker_knowledge


def evaluate_series_audit(series, release, protection, k=None, people=None, policy_k=None):
    """Audit a published grid jointly with the earlier releases of its series.

    ``release`` is the grid as published (``series.PublishedRelease``);
    ``series`` holds the earlier releases and the policy's bounded change;
    ``people``: the number of people this release states (or None);
    ``policy_k``: a cell proven to hold at least that many is not at risk.
    Fails when a protected cell or a withheld total (a withheld cell whose value is the sum
    of its cells, SPEC section 7) of this release, or of an earlier one, can be narrowed
    below ``protection`` (or below k, given ``k``) by combining them.
    """
    lower, upper = release.boxes()
    lower[series.previously_withheld(release.cell_keys)] = 0.0  # may have emptied
    equalities, knowledge = attacker_knowledge(lower, people, release.equalities, upper)
    joint = series_intervals(series, release.cell_keys, release.values, release.withheld,
                             equalities, knowledge=knowledge,
                             current_sums=[cells for cells, _ in release.withheld_sums])
    problems = []
    narrow = protection_failures(joint.current, release.protected, protection, k, policy_k)
    narrow_names = release.cell_keys[narrow].tolist() + [
        name for _, name in release.narrow_sums(joint.current_sums, protection, k, policy_k)]
    if narrow_names:
        problems.append(_problem(
            N_("{count} withheld cell(s) (e.g. {cells}) can be narrowed below p = {p:g} by "
               "combining this release with the earlier ones, assuming no cell changes by more "
               "than {delta:g} between releases. Rebuild the grid with the earlier releases "
               "given, so that suppression holds across the series."),
            count=len(narrow_names), cells=", ".join(map(str, narrow_names[:5])),
            p=float(protection), delta=float(series.max_change)))
    exposed = [key for earlier, intervals, sums in zip(series.previous, joint.previous,
                                                       joint.previous_sums)
               for key in earlier.cell_keys[protection_failures(
                   intervals, earlier.protected, protection, k, policy_k)].tolist()
               + [name for _, name in earlier.narrow_sums(sums, protection, k, policy_k)]]
    if exposed:
        problems.append(_problem(
            N_("This release narrows {count} withheld cell(s) of earlier releases below "
               "p = {p:g} (e.g. {cells})."),
            count=len(exposed), cells=", ".join(map(str, exposed[:5])), p=float(protection)))
    widths = np.concatenate([joint.current.width[release.withheld], joint.current_sums.width]
                            + [intervals.width[earlier.protected] for earlier, intervals
                               in zip(series.previous, joint.previous)]
                            + [sums.width for sums in joint.previous_sums])
    return AuditResult(float(widths.min()) if len(widths) else None, tuple(problems))

