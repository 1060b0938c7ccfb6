"""The attacker who reads the thin strips along borders as empty.

A border meant to follow a cell edge rarely lies exactly on it once published:
coordinates rounded to 7 decimals of a degree, a layer reprojected, a grid
published in EPSG:4326 leave strips millimetres wide between the border and
the edge. Nobody lives in them, and an attacker who takes them as empty
subtracts as if the border lay on the edge (the EU guidelines' worked case:
A's 3 people in the shared tile). The glue marks such atoms thin (``overlay``);
the release is audited as published, where a strip may hold people, and again
with every thin atom held at 0, as a published count of 0 over them. Where the
release contradicts that reading (somebody lives in a strip) that attacker is
wrong and the first audit stands alone.
"""

import dataclasses

import numpy as np

from .errors import N_, InputError
from .intervals import CONTRADICTION

STRIPS_READ_EMPTY = N_("These include what an attacker derives by reading the {count} thin "
                       "strip(s) between borders and the cell edges they follow as empty (the "
                       "borders were meant to lie on the edges). Publish the areas with borders "
                       "that lie exactly on the cell edges, in the grid's CRS, or withhold more "
                       "cells.")


def thin_atoms(cut):
    """The indices of the thin atoms of ``cut`` (atom_record, atom_areas, areas[, atom_thin])."""
    if cut is None or len(cut) < 4 or cut[3] is None:
        return np.empty(0, dtype=np.int64)
    return np.flatnonzero(np.asarray(cut[3], dtype=bool))


def strips_held_empty(cut):
    """The cut (atom_record, atom_areas, areas) with its thin atoms held at 0: one more area
    over them, counting nobody."""
    atom_record, atom_areas, areas = cut[:3]
    return atom_record, atom_areas, list(areas) + [(thin_atoms(cut), 0.0)]


def audit_with_strips_empty(audit_of, cut):
    """``audit_of`` the cut with its thin atoms held at 0, or None when the release contradicts
    that reading (then no attacker can hold it) or no atom is thin."""
    if not len(thin_atoms(cut)):
        return None
    try:
        return audit_of(strips_held_empty(cut))
    except InputError as error:
        if error.template != CONTRADICTION:
            raise
        return None


def either_fails(audit, empty):
    """One audit of the release read both ways (``empty``: the strips held at 0): it fails
    wherever one does, with the first reading's reason where both fail a record."""
    widths = [one.min_width for one in (audit, empty) if one.min_width is not None]
    reasons = dict(empty.failing)
    reasons.update(audit.failing)
    return dataclasses.replace(
        audit, min_width=min(widths) if widths else None,
        problems=audit.problems + tuple(problem for problem in empty.problems
                                        if problem not in audit.problems),
        failing=tuple(sorted(reasons.items())),
        slivers=tuple(sorted(set(audit.slivers) | set(empty.slivers))),
        shared_attributes=audit.shared_attributes or empty.shared_attributes)
