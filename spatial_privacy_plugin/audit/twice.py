"""Rows of the distinct-people programme (``atom_distinct``) built term by term, and those
from how often the release counts anybody twice (``counted_twice``)."""

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class EarlierBounds:
    """What stands in for the unknowns far from a row (``counted_twice``): the
    ``atoms.AtomIntervals`` of the last solve, and of the first (without these rows), which
    tell the rows that cut anything; a withheld area's bounds follow its ``n_groups`` groups."""

    last: object
    base: object
    n_groups: int


def counted_twice(system, counts, area_atoms, record_parts, layers, pieces, atom_record,
                  people, withheld, values, record_unknown, first):
    """Rows from how often the release counts anybody twice; how many were added.

    Everybody is in a record: the records' counts added up exceed the people by the people
    counted in several records, and a person in ``m`` records of one area is counted ``m - 1``
    times too many in the area's records' parts. Likewise per record over a layer of areas
    that share no atom (the atoms in none of them one place more): the record's parts exceed
    its count by at most how much the layer's counts exceed the people, who are all in the
    layer's areas or outside them. ``counts``: each area's, a number or (withheld) an unknown;
    ``first``: the ``EarlierBounds`` (rows over every withheld record would join all the
    programme's blocks into one), None: the unknowns themselves."""
    withheld_area = [area for area, count in enumerate(counts) if not isinstance(count, float)]
    withheld_area = dict(zip(withheld_area, range(len(withheld_area))))
    if first is not None:
        last, base = first.last, first.base
        area_lower = base.group_lower[first.n_groups:]
        area_upper = last.group_upper[first.n_groups:]

    def part_bound(record, atoms):
        return first and _part_upper(record, atom_record, atoms, base.atom_upper,
                                     base.record_upper)

    hidden = np.flatnonzero(withheld)
    rows = []
    for area, parts in enumerate(record_parts):
        row = Row(float(values[~withheld].sum()) - float(people))
        if area in withheld_area:
            row.add(counts[area], -1.0, first and area_lower[withheld_area[area]])
        else:
            row.high += counts[area]
        for record, part in parts.items():
            row.add(part, 1.0, part_bound(record, area_atoms[area]))
        for record in hidden.tolist():
            if first is None or record in parts:
                row.add(record_unknown[record], -1.0, first and base.record_lower[record])
            else:
                row.high += float(last.record_upper[record])
        rows.append(row)
    for layer, (rest, cut) in zip(layers, pieces):
        # The layer's counts less the people exceed how often it counts anybody twice; far
        # from a row, a withheld count and the people outside the layer's areas at their most.
        spare = Row(sum(counts[area] for area in layer if area not in withheld_area)
                     - float(people))
        held = [area for area in layer if area in withheld_area]
        if first is None:
            covering = Row(spare.high)
            for area in held:
                spare.add(counts[area], -1.0)
                covering.add(counts[area], -1.0)
            if rest.any():
                outside = system.count_over(np.flatnonzero(rest), high=people)
                spare.add(outside, -1.0)
                covering.add(outside, -1.0)
            rows.append(covering)
        else:
            spare.high += min(float(people), float(last.atom_upper[rest].sum()))
            for area in held:
                spare.high += float(area_upper[withheld_area[area]])
            for area in held:  # everybody is in the layer's areas or outside them
                covering = Row(spare.high - float(area_upper[withheld_area[area]]))
                covering.add(counts[area], -1.0, area_lower[withheld_area[area]])
                rows.append(covering)
        for record, (areas, parts, rest_atoms) in cut.items():
            row = Row(spare.high, dict(spare.coefficients))
            for area, part in zip(areas, parts):
                row.add(part, 1.0, part_bound(record, area_atoms[area]))
            if len(rest_atoms):
                row.add(parts[-1], 1.0, part_bound(record, rest_atoms))
            row.add_count(record_count(record, record_unknown, values), -1.0,
                          first and base.record_lower[record])
            rows.append(row)
    added = [row for row in rows if row.coefficients and row.binds()]
    for row in added:
        row.append_to(system)
    return len(added)


def _part_upper(record, atom_record, atoms, atom_upper, record_upper):
    """At most how many of ``record``'s people are in its ``atoms`` among ``atoms``."""
    atoms = np.asarray(atoms, dtype=np.int64)
    own = atoms[atom_record[atoms] == record]
    return min(float(atom_upper[own].sum()), float(record_upper[record]))


class Row:
    """``coefficients @ x <= high``, built term by term (an unknown may come twice), with the
    most its left side can be given the unknowns' bounds (None: not known)."""

    def __init__(self, high, coefficients=None):
        self.high, self.coefficients = high, coefficients or {}
        self.most = None if self.coefficients else 0.0

    def add(self, unknown, coefficient, bound=None):
        unknown = int(unknown)
        self.coefficients[unknown] = self.coefficients.get(unknown, 0.0) + coefficient
        self.most = None if bound is None or self.most is None else \
            self.most + coefficient * float(bound)

    def add_count(self, count, coefficient, bound=None):
        """A count: a published number moves to the right side, an unknown joins the left."""
        if isinstance(count, float):
            self.high -= coefficient * count
        else:
            self.add(count, coefficient, bound)

    def append_to(self, system):
        system.signed.append((np.array(list(self.coefficients), dtype=np.int64),
                              np.array(list(self.coefficients.values())), -np.inf, self.high))

    def binds(self):
        """Whether the row may cut anything off (finite, and not met by the bounds alone)."""
        return np.isfinite(self.high) and (self.most is None or self.most > self.high)


def record_count(record, record_unknown, values):
    """A record's count: its unknown when withheld, else its published number."""
    return int(record_unknown[record]) if record_unknown[record] >= 0 else float(values[record])
