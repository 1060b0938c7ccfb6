"""The atoms' system when counts are of distinct people (people with points in several places).

A place's count of distinct people is no sum: it holds at least each of its
parts and at most their sum (the union bounds). The unknowns are then the
atoms (a record's people in one piece of its cell) and, beside them, the
counts no published number fixes: each withheld record cut into pieces, each
attribute class's people in an area or in the release (areas and the people
total count every attribute), and each place a target sums over several
pieces of one record (a cell's piece in one area cut further by other layers).

A person has one value of a person-level attribute (sex, age band): the
records of one cell are then disjoint parts of the cell's people, and an
area's count is the sum over attribute classes of each class's people in it.
That is the strongest reading of a release; where the release contradicts it
(an attribute a person may hold several values of, such as the mode of each
trip) the records of a class may share people, and every count over several
classes is a union of them too (``partition=False``). The totals published as
sums of records' counts (this plugin's grid totals) add the records' counts
up in either reading.
"""

import numpy as np

from .atom_programmes import sum_bounds
from .errors import InputError
from .intervals import CONTRADICTION, EXACT_WIDTH


class DistinctSystem:
    """The rows (``atom_programmes.sum_bounds``) over atoms and the counts added beside them."""

    def __init__(self, n_atoms):
        self.box = list(np.full(n_atoms, np.inf))
        self.rows = []
        self.signed = []
        self.twice_rows = 0  # rows of how often people are counted twice (``_counted_twice``)
        self.unions = {}  # the unknown of each count over a set of parts (``count_over``)

    def variable(self, high=np.inf):
        self.box.append(float(high))
        return len(self.box) - 1

    def union(self, whole, parts, known=()):
        """``whole`` (an unknown) holds at least each part and at most their sum; ``known``:
        the counts of parts that are published."""
        known = np.asarray(known, dtype=float)
        for part in parts:
            self.signed.append((np.array([part, whole]), np.array([1.0, -1.0]), -np.inf, 0.0))
        self.signed.append((np.array([whole] + list(parts)),
                            np.array([1.0] + [-1.0] * len(parts)), -np.inf,
                            float(known.sum())))
        if len(known) and known.max() > 0:
            self.rows.append((np.array([whole]), float(known.max()), np.inf))

    def published_union(self, parts, total, known=()):
        """A published count ``total`` over unknown ``parts`` and published ones (``known``)."""
        known = np.asarray(known, dtype=float)
        if len(known) and known.max() > total:
            raise InputError(CONTRADICTION)
        for part in parts:
            self.box[part] = min(self.box[part], float(total))
        if len(parts):
            self.rows.append((np.asarray(parts, dtype=np.int64), float(total) - known.sum(),
                              np.inf))
        elif known.sum() < total:
            raise InputError(CONTRADICTION)

    def count_over(self, parts, known=(), high=np.inf):
        """The unknown of a count over ``parts`` (an unknown alone is its own count); one
        unknown per set of parts, so that what bounds a place bounds it wherever it is asked
        for (a record's piece in an area is an area's part and a target)."""
        if len(parts) == 1 and not len(known):
            return int(parts[0])
        key = (tuple(sorted(int(part) for part in parts)), tuple(sorted(map(float, known))))
        if key in self.unions:
            whole = self.unions[key]
            self.box[whole] = min(self.box[whole], float(high))
            return whole
        whole = self.unions[key] = self.variable(high)
        self.union(whole, parts, known)
        return whole

    def bounds(self, targets):
        """(low, high) of each (unknowns, published part) target."""
        low, high = sum_bounds(self.rows, np.asarray(self.box, dtype=float),
                               [np.asarray(unknowns, dtype=np.int64) for unknowns, _ in targets],
                               signed=self.signed)
        offsets = np.array([offset for _, offset in targets], dtype=float)
        return low + offsets, high + offsets


def _label(record_class, records):
    """The attribute class of ``records`` (of one class)."""
    return np.asarray(record_class)[records[0]].item()


def _classes(record_class, records, partition):
    """The records of each attribute class among ``records`` (one class unless
    ``partition``)."""
    if not partition or record_class is None:
        return [np.asarray(records, dtype=np.int64)]
    records = np.asarray(records, dtype=np.int64)
    labels = np.asarray(record_class)[records]
    return [records[labels == label] for label in np.unique(labels)]


def distinct_system(values, withheld, lower, upper, members, areas, people, sums, at_most,
                    record_class, partition, twice=False, first=None):
    """(DistinctSystem, per record its unknown or -1 where published) of a release of
    distinct-people counts. ``members``: the atoms of each record; ``areas``: (atom indices,
    count); ``sums``/``at_most``: (record indices, total) exact sums of records' counts and
    their upper bounds; ``record_class``: each record's attribute class (None: one);
    ``twice``: bound how often people are counted twice (``_counted_twice``, with
    ``first``: the bounds of the last solve and of the first, ``_counted_twice``)."""
    atom_record = np.empty(sum(len(atoms) for atoms in members), dtype=np.int64)
    for record, atoms in enumerate(members):
        atom_record[atoms] = record
    system = DistinctSystem(len(atom_record))
    record_unknown = np.full(len(values), -1, dtype=np.int64)
    for record, atoms in enumerate(members):
        if withheld[record]:
            record_unknown[record] = system.count_over(atoms, high=upper[record])
            system.rows.append((np.array([record_unknown[record]]), float(lower[record]),
                                float(upper[record])))
        else:
            system.published_union(atoms, values[record])

    def terms(records):
        """(unknowns, published counts) of ``records``."""
        records = np.unique(np.asarray(records, dtype=np.int64))
        hidden = withheld[records]
        return record_unknown[records[hidden]].tolist(), values[records[~hidden]]

    record_parts = []  # per area: the unknown of each record's people in it
    area_classes = []  # per area cut into attribute classes: each class's people in it
    for atoms, total in areas:
        atoms = np.asarray(atoms, dtype=np.int64)
        records = np.unique(atom_record[atoms])
        system.published_union(atoms, total)
        # The area holds at most each record's people in it added up, and a record cut there by
        # another layer's border holds at most its own count in it, not its pieces' sum.
        parts = [_record_part(system, atoms[atom_record[atoms] == record], record, withheld,
                              values, upper, record_unknown) for record in records]
        for part in parts:  # a record's people in the area are some of the area's
            system.box[part] = min(system.box[part], float(total))
        record_parts.append(dict(zip(records.tolist(), parts)))
        if len(parts) < len(atoms):
            system.rows.append((np.array(parts, dtype=np.int64), float(total), np.inf))
        classes = _classes(record_class, records, partition)
        if len(classes) > 1:  # the area's count adds up its classes' people
            counts = [system.count_over(atoms[np.isin(atom_record[atoms], group)], high=total)
                      for group in classes]
            system.rows.append((np.array(counts), float(total), float(total)))
            area_classes.append({_label(record_class, group): count
                                 for group, count in zip(classes, counts)})
        elif record_class is not None and partition:
            area_classes.append({_label(record_class, classes[0]): float(total)})
    if people is not None:
        if twice:
            system.twice_rows = _counted_twice(system, areas, record_parts, atom_record, people, withheld, values,
                           record_unknown, first)
        classes = _classes(record_class, np.arange(len(values)), partition)
        unknowns, known = terms(np.arange(len(values)))
        system.published_union(unknowns, float(people), known)
        if len(classes) > 1:
            counts = {}
            for group in classes:
                unknowns, known = terms(group)
                counts[_label(record_class, group)] = system.variable(people)
                system.union(counts[_label(record_class, group)], unknowns, known)
            system.rows.append((np.array(list(counts.values())), float(people), float(people)))
            # An area's people of one class are some of the release's people of that class.
            for in_area in area_classes:
                for label, count in in_area.items():
                    if isinstance(count, float):
                        system.rows.append((np.array([counts[label]]), count, np.inf))
                    else:
                        system.signed.append((np.array([count, counts[label]]),
                                              np.array([1.0, -1.0]), -np.inf, 0.0))
    for records, total in sums:
        unknowns, known = terms(records)
        _sum_row(system, unknowns, float(total) - known.sum(), float(total) - known.sum())
    for records, total in at_most:
        unknowns, known = terms(records)
        _sum_row(system, unknowns, 0.0, float(total) - known.sum())
    return system, record_unknown


def disjoint_layers(areas, n_atoms):
    """Sets of areas (indices) that share no atom, found greedily: the areas of one layer
    (any such set serves)."""
    layers, covered = [], []
    for area, (atoms, _) in enumerate(areas):
        atoms = np.asarray(atoms, dtype=np.int64)
        for layer, taken in zip(layers, covered):
            if not taken[atoms].any():
                layer.append(area)
                taken[atoms] = True
                break
        else:
            layers.append([area])
            covered.append(np.zeros(n_atoms, dtype=bool))
            covered[-1][atoms] = True
    return layers


def _counted_twice(system, areas, record_parts, atom_record, people, withheld, values,
                  record_unknown, first):
    """Rows from how often the release counts anybody twice; how many were added.

    Everybody is in a record: the records' counts added up exceed the people by the people
    counted in several records, and a person in ``m`` records of one area is counted ``m - 1``
    times too many in the area's records' parts. Likewise per record over a layer of areas
    that share no atom (the atoms in none of them one place more): the record's parts exceed
    its count by at most how much the layer's counts exceed the people. ``first``: the bounds
    (``atoms.AtomIntervals``) of the last solve, which stand in for the unknowns far from a row
    (rows over every withheld record would join all the programme's blocks into one), and of
    the solve without these rows, which leave out the rows they satisfy already; None: the
    unknowns themselves."""
    last, base = first if first is not None else (None, None)
    atom_upper, record_upper = (last.atom_upper, last.record_upper) if last else (None, None)
    base_atoms, base_records, record_lower = (base.atom_upper, base.record_upper,
                                              base.record_lower) if base else (None,) * 3
    hidden = np.flatnonzero(withheld)
    rows = []
    for (atoms, total), parts in zip(areas, record_parts):
        row = _Row(float(total) - float(people) + float(values[~withheld].sum()))
        for record, part in parts.items():
            row.add(part, 1.0, first and _part_upper(record, atom_record, atoms, base_atoms,
                                                     base_records))
        for record in hidden.tolist():
            if first is None or record in parts:
                row.add(record_unknown[record], -1.0, first and record_lower[record])
            else:
                row.high += float(record_upper[record])
        rows.append(row)
    for layer in disjoint_layers(areas, len(atom_record)):
        rest = np.ones(len(atom_record), dtype=bool)
        for area in layer:
            rest[np.asarray(areas[area][0], dtype=np.int64)] = False
        spare = _Row(sum(float(areas[area][1]) for area in layer) - float(people))
        if first is not None:
            spare.high += min(float(people), float(atom_upper[rest].sum()))
        elif rest.any():
            spare.add(system.count_over(np.flatnonzero(rest), high=people), -1.0)
        pieces = {}
        for area in layer:
            for record in record_parts[area]:
                pieces.setdefault(record, []).append(area)
        rest_records = set(np.unique(atom_record[rest]).tolist())
        for record, in_areas in pieces.items():
            if len(in_areas) + (record in rest_records) < 2:
                continue
            row = _Row(spare.high, dict(spare.coefficients))
            covering = [record_parts[area][record] for area in in_areas]
            for area, part in zip(in_areas, covering):
                row.add(part, 1.0, first and _part_upper(record, atom_record, areas[area][0],
                                                         base_atoms, base_records))
            if record in rest_records:
                atoms = np.flatnonzero(rest & (atom_record == record))
                bound = record_upper if first is not None else np.full(len(values), people)
                covering.append(_record_part(system, atoms, record, withheld, values, bound,
                                             record_unknown))
                row.add(covering[-1], 1.0, first and _part_upper(
                    record, atom_record, atoms, base_atoms, base_records))
            if withheld[record]:
                row.add(record_unknown[record], -1.0, first and record_lower[record])
            else:
                row.high += float(values[record])
            rows.append(row)
            # The record's people are in its pieces in the layer's areas and outside them.
            if withheld[record]:
                system.signed.append((np.array(covering + [int(record_unknown[record])]),
                                      np.array([1.0] * len(covering) + [-1.0]), 0.0, np.inf))
            else:
                system.rows.append((np.array(covering, dtype=np.int64), float(values[record]),
                                    np.inf))
    added = [row for row in rows if row.binds()]
    for row in added:
        system.signed.append((np.array(list(row.coefficients), dtype=np.int64),
                              np.array(list(row.coefficients.values())), -np.inf, row.high))
    return len(added)


def _part_upper(record, atom_record, atoms, atom_upper, record_upper):
    """At most how many of ``record``'s people are in its ``atoms`` among ``atoms``."""
    atoms = np.asarray(atoms, dtype=np.int64)
    own = atoms[atom_record[atoms] == record]
    return min(float(atom_upper[own].sum()), float(record_upper[record]))


class _Row:
    """``coefficients @ x <= high``, built term by term (an unknown may come twice), with the
    most its left side can be given the unknowns' bounds (None: not known)."""

    def __init__(self, high, coefficients=None):
        self.high, self.coefficients = high, coefficients or {}
        self.most = 0.0

    def add(self, unknown, coefficient, bound=None):
        unknown = int(unknown)
        self.coefficients[unknown] = self.coefficients.get(unknown, 0.0) + coefficient
        self.most = None if bound is None or self.most is None else \
            self.most + coefficient * float(bound)

    def binds(self):
        """Whether the row may cut anything off (finite, and not met by the bounds alone)."""
        return np.isfinite(self.high) and (self.most is None or self.most > self.high)


def _record_part(system, atoms, record, withheld, values, upper, record_unknown):
    """The unknown of ``record``'s people in its ``atoms`` (those in one area): the atom itself,
    or their union, at most the record's count."""
    if len(atoms) == 1:
        return int(atoms[0])
    part = system.count_over(atoms, high=upper[record] if withheld[record] else values[record])
    if withheld[record]:
        system.signed.append((np.array([part, record_unknown[record]]), np.array([1.0, -1.0]),
                              -np.inf, 0.0))
    return part


def _sum_row(system, unknowns, low, high):
    if unknowns:
        system.rows.append((np.array(unknowns, dtype=np.int64), low, high))
    elif low > EXACT_WIDTH or high < -EXACT_WIDTH:
        raise InputError(CONTRADICTION)


def group_target(system, group, atom_record, members, record_unknown, values, partition):
    """(unknowns, published part) of the people of a place over the atoms ``group`` (pieces of
    several records of one cell, or of one record cut further): each record's people in it
    (its own count where the group holds all its atoms), added up over the records when the
    attribute classes partition people, else their union."""
    group = np.asarray(group, dtype=np.int64)
    unknowns, known = [], []
    for record in np.unique(atom_record[group]).tolist():
        atoms = group[atom_record[group] == record]
        if len(atoms) == len(members[record]):
            if record_unknown[record] < 0:
                known.append(float(values[record]))
            else:
                unknowns.append(int(record_unknown[record]))
        else:  # some of the record's people: at most the record
            part = system.count_over(atoms, high=values[record] if record_unknown[record] < 0
                                     else np.inf)
            if record_unknown[record] >= 0:
                system.signed.append((np.array([part, record_unknown[record]]),
                                      np.array([1.0, -1.0]), -np.inf, 0.0))
            unknowns.append(part)
    if partition:
        return unknowns, float(sum(known))
    return [system.count_over(unknowns, known)], 0.0
