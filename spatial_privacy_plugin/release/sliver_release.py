"""The grid release and the data holder's report once the slivers are protected
(``atom_suppression.protect_atoms``): the cells withheld for them blanked and labelled, and
each sliver's interval before and after with what the protection cost."""

import dataclasses

import numpy as np
import pandas as pd

from .sliver_suppression import failure_masks
from ..audit.intervals import Intervals
from .totals import STATUS_COMPLEMENTARY, STATUS_PUBLISHED, blanked_counts, published_status


def protected_release(release, values, protection_result):
    """The grid release (``release.GridRelease``) with the cells withheld for the slivers:
    blanked, labelled withheld, and in the data holder's audit table as complementary, with
    the attacker's bounds of the zone-aware audit."""
    cells = release.cells
    withheld = protection_result.withheld
    reasons = np.where(withheld, STATUS_COMPLEMENTARY, STATUS_PUBLISHED).astype(object)
    earlier = dict(zip(zip(release.audit["cell_id"], release.audit["first_row"]),
                       release.audit["reason"]))
    keys = list(zip(cells["cell_id"], cells["first_row"]))
    for record in np.flatnonzero(withheld).tolist():
        reasons[record] = earlier.get(keys[record], STATUS_COMPLEMENTARY)
    after = protection_result.after
    intervals = Intervals(after.record_lower, after.record_upper)
    failing = failure_masks(protection_result.audit, len(after.atom_lower), len(withheld))[1]
    rows = np.flatnonzero(withheld)
    audit = pd.DataFrame({"cell_id": cells["cell_id"].to_numpy()[rows],
                          "first_row": cells["first_row"].to_numpy()[rows],
                          "lower": intervals.lower[rows], "upper": intervals.upper[rows],
                          "width": intervals.width[rows], "ok": ~failing[rows],
                          "reason": reasons[rows]})
    cells = cells.assign(n_persons=blanked_counts(np.asarray(values), ~withheld),
                         status=published_status(reasons))
    return dataclasses.replace(release, cells=cells, audit=audit)


def sliver_report(cell_ids, atoms, protection_result, start, values):
    """The data holder's table of slivers: per cut atom its record, zones, true count, the
    attacker's interval before and after protection, and what the protection cost (the same
    on every row: the cells withheld for the slivers and the people in them)."""
    cut = np.flatnonzero(atoms.cut)
    before, after = protection_result.before, protection_result.after
    added = protection_result.withheld & ~np.asarray(start, dtype=bool)
    return pd.DataFrame({
        "cell_id": np.asarray(cell_ids, dtype=object)[atoms.atom_record[cut]],
        "zones": [atoms.atom_zones[atom] for atom in cut],
        "n_persons": atoms.atom_values[cut],
        "lower_before": before.atom_lower[cut], "upper_before": before.atom_upper[cut],
        "at_risk_before": protection_result.at_risk_before[cut],
        "lower_after": after.atom_lower[cut], "upper_after": after.atom_upper[cut],
        "cell_withheld": protection_result.withheld[atoms.atom_record[cut]],
        "cost_cells": int(added.sum()),
        "cost_people": float(np.asarray(values)[added].sum()),
        "cost_zone_counts": int(protection_result.zone_protective.sum()),
    })
