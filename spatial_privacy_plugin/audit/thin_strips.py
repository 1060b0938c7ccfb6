"""The attacker who reads the thin strips along borders as empty.

A border meant to follow a cell edge rarely lies exactly on it once published:
coordinates rounded to 7 decimals of a degree, a layer reprojected, a grid
published in EPSG:4326 leave strips millimetres wide between the border and
the edge. Nobody lives in them, and an attacker who takes them as empty
subtracts as if the border lay on the edge (the EU guidelines' worked case:
A's 3 people in the shared tile). The glue marks such atoms thin (``overlay``);
the release is audited as published, where a strip may hold people, and again
with the thin atoms together holding as few people as the release allows: 0
(every strip empty) unless the counts refute that (somebody lives in a strip);
then the fewest, up to ``FEWEST_TRIED``, as a published count over them, so that
a person proven to live in one strip does not hide what the others' emptiness
gives away. Past that the first audit stands alone.
"""

import dataclasses

import numpy as np

from ..errors import N_, InputError
from .intervals import CONTRADICTION

# The most people in the strips together the attacker's reading is tried with: each try is a
# whole audit, and a release that puts more people on its borders is not read as nearly empty.
FEWEST_TRIED = 3
STRIPS_READ_EMPTY = N_("These include what an attacker derives by reading the {count} thin "
                       "strip(s) between borders and the cell edges they follow as empty (the "
                       "borders were meant to lie on the edges). Publish the areas with borders "
                       "that lie exactly on the cell edges, in the grid's CRS, or withhold more "
                       "cells.")
STRIPS_READ_NEARLY_EMPTY = N_("These include what an attacker derives by reading the {count} "
                              "thin strip(s) between borders and the cell edges they follow as "
                              "holding no more people than the counts require ({held}: the "
                              "borders were meant to lie on the edges). Publish the areas with "
                              "borders that lie exactly on the cell edges, in the grid's CRS, or "
                              "withhold more cells.")


def thin_atoms(cut):
    """The indices of the thin atoms of ``cut`` (atom_record, atom_areas, areas[, atom_thin])."""
    if cut is None or len(cut) < 4 or cut[3] is None:
        return np.empty(0, dtype=np.int64)
    return np.flatnonzero(np.asarray(cut[3], dtype=bool))


def strips_holding(cut, held):
    """The cut (atom_record, atom_areas, areas) with its thin atoms holding ``held`` people
    together: one more area over them, counting that many."""
    atom_record, atom_areas, areas = cut[:3]
    return atom_record, atom_areas, list(areas) + [(thin_atoms(cut), float(held))]


def audit_with_strips_empty(audit_of, cut):
    """(``audit_of`` the cut with its thin atoms holding the fewest people the release allows,
    that number), or None when no atom is thin or the release refutes every number up to
    ``FEWEST_TRIED``."""
    if not len(thin_atoms(cut)):
        return None
    for held in range(FEWEST_TRIED + 1):
        try:
            return audit_of(strips_holding(cut, held)), held
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
        shared_attributes=audit.shared_attributes or empty.shared_attributes,
        areas=tuple(sorted(set(audit.areas) | set(empty.areas))))
