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

from .programmes import sum_bounds
from .twice import Row, counted_twice, record_count
from ..errors import InputError
from .intervals import CONTRADICTION, EXACT_WIDTH


class DistinctSystem:
    """The rows (``atom_programmes.sum_bounds``) over atoms and the counts added beside them."""

    def __init__(self, members):
        """``members``: the atoms of each record (indices into the atoms)."""
        self.box = list(np.full(sum(len(atoms) for atoms in members), np.inf))
        self.rows = []
        self.signed = []
        self.twice_rows = 0  # rows of how often people are counted twice (``counted_twice``)
        self.unions = {}  # the unknown of each count over a set of parts (``count_over``)
        self.area_unknowns = []  # the count of each withheld area (``distinct_system``)
        self.record_sizes = np.array([len(atoms) for atoms in members], dtype=np.int64)

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
                    record_class, partition, layers, hidden_areas=(), twice=False, first=None):
    """(DistinctSystem, per record its unknown or -1 where published) of a release of
    distinct-people counts. ``members``: the atoms of each record; ``areas``: (atom indices,
    count) per published area; ``hidden_areas``: the atom indices of each area whose count
    is withheld (an unknown: ``DistinctSystem.area_unknowns``); ``layers``: sets of areas,
    published then withheld, that share no atom (``disjoint_layers``); ``sums``/``at_most``:
    (record indices, total) exact sums of records' counts and their upper bounds;
    ``record_class``: each record's attribute class (None: one); ``twice``: bound how often
    people are counted twice (``counted_twice``; ``first``: the ``EarlierBounds`` standing in
    for the unknowns far from a row, None: the unknowns themselves)."""
    atom_record = np.empty(sum(len(atoms) for atoms in members), dtype=np.int64)
    for record, atoms in enumerate(members):
        atom_record[atoms] = record
    system = DistinctSystem(members)
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

    area_atoms = [np.asarray(atoms, dtype=np.int64) for atoms, _ in areas] + \
        [np.asarray(atoms, dtype=np.int64) for atoms in hidden_areas]
    counts = []  # per area: its count, published (a number) or withheld (an unknown)
    record_parts = []  # per area: the unknown of each record's people in it
    area_classes = []  # per area cut into attribute classes: each class's people in it
    totals = [total for _, total in areas] + [None] * len(hidden_areas)  # None: withheld
    for atoms, total in zip(area_atoms, totals):
        records = np.unique(atom_record[atoms])
        # The area holds at most each record's people in it added up, and a record cut there by
        # another layer's border holds at most its own count in it, not its pieces' sum.
        parts = [_record_part(system, atoms[atom_record[atoms] == record], record,
                              record_unknown, values, upper) for record in records]
        if total is None:  # withheld: the union of its records' parts
            count = system.count_over(parts, high=np.inf if people is None else people)
            system.area_unknowns.append(count)
        else:
            count = float(total)
            system.published_union(atoms, total)
            for part in parts:  # a record's people in the area are some of the area's
                system.box[part] = min(system.box[part], count)
            if len(parts) < len(atoms):
                system.rows.append((np.array(parts, dtype=np.int64), count, np.inf))
        counts.append(count)
        record_parts.append(dict(zip(records.tolist(), parts)))
        classes = _classes(record_class, records, partition)
        if len(classes) > 1:  # the area's count adds up its classes' people
            in_class = [system.count_over(atoms[np.isin(atom_record[atoms], group)],
                                          high=np.inf if total is None else count)
                        for group in classes]
            if total is None:
                system.signed.append((np.array(in_class + [count]),
                                      np.array([1.0] * len(in_class) + [-1.0]), 0.0, 0.0))
            else:
                system.rows.append((np.array(in_class), count, count))
            area_classes.append({_label(record_class, group): unknown
                                 for group, unknown in zip(classes, in_class)})
        elif record_class is not None and partition:
            area_classes.append({_label(record_class, classes[0]): count})
    pieces = [_layer_pieces(system, layer, area_atoms, record_parts, atom_record,
                            record_unknown, values, upper) for layer in layers]
    _outside_rows(system, area_atoms, counts, record_parts, atom_record, record_unknown, values,
                  people)
    if people is not None:
        if twice:
            system.twice_rows = counted_twice(system, counts, area_atoms, record_parts, layers,
                                              pieces, atom_record, people, withheld, values,
                                              record_unknown, first)
        classes = _classes(record_class, np.arange(len(values)), partition)
        unknowns, known = terms(np.arange(len(values)))
        system.published_union(unknowns, float(people), known)
        if len(classes) > 1:
            in_release = {}
            for group in classes:
                unknowns, known = terms(group)
                in_release[_label(record_class, group)] = system.variable(people)
                system.union(in_release[_label(record_class, group)], unknowns, known)
            system.rows.append((np.array(list(in_release.values())), float(people),
                                float(people)))
            # An area's people of one class are some of the release's people of that class.
            for in_area in area_classes:
                for label, count in in_area.items():
                    if isinstance(count, float):
                        system.rows.append((np.array([in_release[label]]), count, np.inf))
                    else:
                        system.signed.append((np.array([count, in_release[label]]),
                                              np.array([1.0, -1.0]), -np.inf, 0.0))
    for records, total in sums:
        unknowns, known = terms(records)
        _sum_row(system, unknowns, float(total) - known.sum(), float(total) - known.sum())
    for records, total in at_most:
        unknowns, known = terms(records)
        _sum_row(system, unknowns, 0.0, float(total) - known.sum())
    return system, record_unknown


def disjoint_layers(areas, n_atoms):
    """Sets of areas (indices into ``areas``, the atom indices of each) that share no atom,
    found greedily: the areas of one layer (any such set serves)."""
    layers, covered = [], []
    for area, atoms in enumerate(areas):
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


def _layer_pieces(system, layer, area_atoms, record_parts, atom_record, record_unknown,
                  values, upper):
    """(atoms in none of the ``layer``'s areas, per record in several of its pieces over the
    layer: its areas and the unknowns of its parts there, the part outside them last), with
    the row that a record's people are in its pieces (valid without the number of people)."""
    rest = np.ones(len(atom_record), dtype=bool)
    for area in layer:
        rest[area_atoms[area]] = False
    in_areas = {}
    for area in layer:
        for record in record_parts[area]:
            in_areas.setdefault(record, []).append(area)
    outside = {}
    for atom in np.flatnonzero(rest).tolist():
        outside.setdefault(int(atom_record[atom]), []).append(atom)
    cut = {}
    for record, areas in in_areas.items():
        rest_atoms = np.array(outside.get(record, []), dtype=np.int64)
        if len(areas) + bool(len(rest_atoms)) < 2:
            continue
        parts = [record_parts[area][record] for area in areas]
        if len(rest_atoms):
            parts.append(_record_part(system, rest_atoms, record, record_unknown, values, upper))
        cut[record] = (areas, parts, rest_atoms)
        if record_unknown[record] >= 0:
            system.signed.append((np.array(parts + [int(record_unknown[record])]),
                                  np.array([1.0] * len(parts) + [-1.0]), 0.0, np.inf))
        else:
            system.rows.append((np.array(parts, dtype=np.int64), float(values[record]), np.inf))
    return rest, cut


def _outside_rows(system, area_atoms, counts, record_parts, atom_record, record_unknown, values,
                  people):
    """An area within another (its atoms among the other's) holds no more people; and a
    record holding every atom of an area Y outside another area Z holds the people of Y who
    are not in Z (at least y - z of them, their points in Y all in the record) beside its own
    people in Z: record >= its part in Z + y - z. Y may be the whole release (y: the
    people). Atoms proven empty (thin strips read as empty) are left out of both."""
    live = np.asarray(system.box[:len(atom_record)]) > 0
    area_atoms = [atoms[live[atoms]] for atoms in area_atoms]
    atoms_of = [set(atoms.tolist()) for atoms in area_atoms]
    areas_of_atom = [[] for _ in atom_record]
    for area, atoms in enumerate(area_atoms):
        for atom in atoms.tolist():
            areas_of_atom[atom].append(area)
    for inner, atoms in enumerate(area_atoms):  # an area within another holds no more
        for outer in areas_of_atom[int(atoms[0])] if len(atoms) else ():
            if outer != inner and len(atoms_of[outer]) >= len(atoms) and \
                    atoms_of[outer].issuperset(atoms_of[inner]) and (
                    not isinstance(counts[inner], float) or not isinstance(counts[outer], float)):
                row = Row(0.0)
                row.add_count(counts[inner], 1.0)
                row.add_count(counts[outer], -1.0)
                row.append_to(system)
    wholes = list(enumerate(area_atoms))
    if people is not None:
        wholes.append((None, np.flatnonzero(live)))
    order = np.argsort(atom_record, kind="stable")
    record_atoms = np.split(order, np.cumsum(np.bincount(atom_record,
                                                         minlength=len(record_unknown)))[:-1])
    for whole, atoms in wholes:
        owners = atom_record[atoms]
        records, own = np.unique(owners, return_counts=True)
        for record, n_own in zip(records.tolist(), own.tolist()):
            n_outside = len(atoms) - n_own
            if n_outside:  # the areas holding every atom of Y outside the record
                first = atoms[0] if owners[0] != record else atoms[np.argmax(owners != record)]
                others = [area for area in areas_of_atom[first] if area != whole and
                          len(atoms_of[area]) >= n_outside and
                          atoms_of[area].issuperset(atoms[owners != record].tolist())]
            else:  # Y inside the record: the areas meeting it
                others = {area for atom in record_atoms[record].tolist()
                          for area in areas_of_atom[atom] if area != whole}
            for other in others:
                row = Row(0.0)  # part in Z - record + y - z <= 0
                if record in record_parts[other]:
                    row.add(record_parts[other][record], 1.0)
                row.add_count(record_count(record, record_unknown, values), -1.0)
                row.add_count(float(people) if whole is None else counts[whole], 1.0)
                row.add_count(counts[other], -1.0)
                if row.coefficients:
                    row.append_to(system)
    if people is not None:
        _outside_an_area(system, area_atoms, atoms_of, counts, int(live.sum()), people)


def _outside_an_area(system, area_atoms, atoms_of, counts, n_live, people):
    """An area X holding every atom outside another area Z holds the people outside Z (at
    least N - z of them) beside its own people in Z: x >= X's people in Z + N - z (the row of
    a record holding them, ``_outside_rows``, with an area in place of the record)."""
    sizes = [len(atoms) for atoms in area_atoms]
    for holder, atoms in enumerate(area_atoms):
        for other in range(len(area_atoms)):
            if other == holder or sizes[holder] + sizes[other] < n_live or \
                    len(atoms_of[holder] | atoms_of[other]) < n_live:
                continue
            shared = sorted(atoms_of[holder] & atoms_of[other])
            row = Row(0.0)  # X's people in Z - x + N - z <= 0
            if shared:
                row.add(system.count_over(np.array(shared, dtype=np.int64)), 1.0)
            row.add_count(counts[holder], -1.0)
            row.high -= float(people)
            row.add_count(counts[other], -1.0)
            if row.coefficients:
                row.append_to(system)


def _record_part(system, atoms, record, record_unknown, values, upper):
    """The unknown of ``record``'s people in its ``atoms`` (those in one area): the atom itself,
    or their union, at most the record's count."""
    if len(atoms) == 1:
        return int(atoms[0])
    hidden = record_unknown[record] >= 0
    made = len(system.box)
    part = system.count_over(atoms, high=upper[record] if hidden else values[record])
    if hidden and len(system.box) > made:  # a new unknown, tied to its record once
        system.signed.append((np.array([part, record_unknown[record]]), np.array([1.0, -1.0]),
                              -np.inf, 0.0))
    elif len(system.box) > made and len(atoms) == system.record_sizes[record]:
        # all of a published record's pieces: its count (an area over a cell cut by another)
        system.rows.append((np.array([part]), float(values[record]), float(values[record])))
    return part


def _sum_row(system, unknowns, low, high):
    if unknowns:
        system.rows.append((np.array(unknowns, dtype=np.int64), low, high))
    elif low > EXACT_WIDTH or high < -EXACT_WIDTH:
        raise InputError(CONTRADICTION)


def group_target(system, group, atom_record, members, record_unknown, values, upper,
                 partition):
    """(unknowns, published part) of the people of a place over the atoms ``group`` (pieces of
    several records of one cell, or of one record cut further): each record's people in it
    (its own count where the group holds all its atoms), added up over the records when the
    attribute classes partition people, else their union."""
    group = np.asarray(group, dtype=np.int64)
    unknowns, known = [], []
    for record in np.unique(atom_record[group]).tolist():
        atoms = group[atom_record[group] == record]
        if len(atoms) == len(members[record]) and record_unknown[record] < 0:
            known.append(float(values[record]))
        elif len(atoms) == len(members[record]):
            unknowns.append(int(record_unknown[record]))
        else:  # some of the record's people: at most the record
            unknowns.append(_record_part(system, atoms, record, record_unknown, values, upper))
    if partition:
        return unknowns, float(sum(known))
    return [system.count_over(unknowns, known)], 0.0
