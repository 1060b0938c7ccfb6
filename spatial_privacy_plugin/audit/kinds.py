"""The exact attacker over distinct people: how many people of each kind there are.

Counted as distinct people, a count is the number of people with a point in
its atoms. Two people with points in the same atoms are alike to everything
the release says, so the attacker's unknowns are the number of people of
each kind (each set of atoms a person may have points in; with a
person-level attribute, within the atoms of one attribute class): every
published count is the sum over the kinds meeting its atoms, the people
total the sum over all kinds. This programme is the whole of what the
release says (SPEC section 7); the union bounds (``atom_distinct``) are a
relaxation of it. Kinds grow as 2^atoms: the programme is solved for small
releases only (``EXACT_KINDS``). Where every count is over whole places
that nest, the tree of places gives the same bounds at any size
(``tree_bounds``).
"""

from functools import partial

import numpy as np

from .programmes import sum_bounds
from ..errors import N_

# Releases of up to this many atoms (one attribute class) get the exact programme over kinds:
# 4,095 unknowns, about 0.2 s a release; 14 atoms take about 2 s, 16 about 12 s.
EXACT_ATOMS = 12
EXACT_KINDS = 2 ** EXACT_ATOMS - 1
MASK_BITS = 62  # kinds are bit masks over the atoms in an int64
UNPROVEN = N_("Counts of distinct people (people with points in several places) over areas whose "
              "borders cross cells, or over area layers that cross, cannot be audited exactly "
              "for a release of {atoms} pieces: the exact attacker's programme grows as "
              "2^pieces (releases of up to {most} pieces are solved) and the union bounds are "
              "only a relaxation there, so the release is not proven safe. Publish counts of "
              "one point per person (homes), use areas made of whole cells that nest, or "
              "release a smaller area.")


def kind_count(atom_record, record_class, partition):
    """The number of kinds of people of a release (``None`` when its atoms do not fit a
    mask)."""
    if len(atom_record) > MASK_BITS:
        return None
    sizes = np.bincount(_atom_classes(atom_record, record_class, partition))
    return int(sum((1 << int(size)) - 1 for size in sizes))


def _atom_classes(atom_record, record_class, partition):
    """The attribute class of each atom, numbered from 0 (one class unless ``partition``)."""
    atom_record = np.asarray(atom_record, dtype=np.int64)
    if not partition or record_class is None:
        return np.zeros(len(atom_record), dtype=np.int64)
    labels = np.asarray(record_class, dtype=object)[atom_record]
    return np.unique(labels.astype(str), return_inverse=True)[1].reshape(-1)


def _kinds(atom_classes):
    """Every kind as a bit mask over the atoms: each non-empty set of atoms of one class."""
    masks = []
    for label in np.unique(atom_classes).tolist():
        own = np.flatnonzero(atom_classes == label)
        subsets = np.arange(1, 1 << len(own), dtype=np.int64)
        bits = (subsets[:, None] >> np.arange(len(own), dtype=np.int64)) & 1
        masks.append(bits @ (np.int64(1) << own.astype(np.int64)))
    return np.concatenate(masks) if masks else np.empty(0, dtype=np.int64)


def kinds_bounds(values, withheld, lower, upper, atom_record, members, areas, people, sums,
                 at_most, record_class, partition, targets):
    """(low, high) of the number of people with a point in each of ``targets`` (atom index
    arrays), over whole numbers of people of each kind. Arguments as for
    ``atoms.atom_intervals``: ``members`` the atoms of each record, ``areas`` (atom indices,
    count) per published area. Raises the contradiction when no numbers satisfy the release."""
    kinds = _kinds(_atom_classes(atom_record, record_class, partition))

    def meeting(atoms):
        mask = np.bitwise_or.reduce(np.int64(1) << np.asarray(atoms, dtype=np.int64),
                                    initial=np.int64(0))
        return np.flatnonzero(kinds & mask)

    record_kinds = [meeting(atoms) for atoms in members]
    rows = [(record_kinds[record], float(lower[record]), float(upper[record])) if withheld[record]
            else (record_kinds[record], float(values[record]), float(values[record]))
            for record in range(len(members))]
    rows += [(meeting(atoms), float(total), float(total)) for atoms, total in areas]
    if people is not None:
        rows.append((np.arange(len(kinds)), float(people), float(people)))

    def over_records(records):
        """Each kind's number of records among ``records`` it meets (a sum of counts)."""
        weight = np.zeros(len(kinds))
        for record in np.unique(np.asarray(records, dtype=np.int64)).tolist():
            weight[record_kinds[record]] += 1.0
        return np.flatnonzero(weight), weight[weight > 0]
    signed = [(*over_records(records), float(total), float(total)) for records, total in sums]
    signed += [(*over_records(records), 0.0, float(total)) for records, total in at_most]
    return sum_bounds(rows, np.full(len(kinds), np.inf), [meeting(atoms) for atoms in targets],
                      signed=signed)


def exact_solver(atom_record, area_atoms, targets=(), record_class=None, partition=True):
    """The exact attacker's programme for a release of this shape (a function of
    ``kinds_bounds``' arguments): over the tree of places where they nest
    (``nesting_tree``), over kinds of people where there are at most ``EXACT_KINDS``; None
    out of reach."""
    tree = nesting_tree(atom_record, area_atoms, targets)
    if tree is not None:
        return partial(tree_bounds, tree)
    kinds = kind_count(atom_record, record_class, partition)
    return kinds_bounds if kinds is not None and kinds <= EXACT_KINDS else None


def nesting_tree(atom_record, area_atoms, targets):
    """The places of a release as a tree when every count is over whole places that nest: no
    record cut into pieces, and the records (the leaves), the areas and the targets (atom
    index arrays) laminar (any two disjoint or one inside the other). Returns (the distinct
    atom sets, largest first; the parent of each, -1 for the top; the smallest set holding
    each atom, -1 for none), or None where places do not nest."""
    atom_record = np.asarray(atom_record, dtype=np.int64)
    if (np.bincount(atom_record) > 1).any():  # a record cut into pieces
        return None
    sets = {}
    for atoms in list(area_atoms) + list(targets):
        atoms = np.unique(np.asarray(atoms, dtype=np.int64))
        if len(atoms) > 1:
            sets.setdefault(atoms.tobytes(), atoms)
    sets = sorted(sets.values(), key=len, reverse=True)
    parent = np.full(len(sets), -1, dtype=np.int64)
    inner = np.full(len(atom_record), -1, dtype=np.int64)  # the smallest set so far per atom
    for index, atoms in enumerate(sets):
        holders = np.unique(inner[atoms])
        if len(holders) > 1:  # partly inside a larger set
            return None
        parent[index] = holders[0]
        inner[atoms] = index
    return sets, parent, inner


def tree_bounds(tree, values, withheld, lower, upper, atom_record, members, areas, people, sums,
                at_most, record_class, partition, targets):
    """(low, high) of the number of people in each of ``targets`` over a ``nesting_tree``,
    exactly: per attribute class, a place's people are at least each of its children's (the
    places just inside it and the records in none of those) and at most their sum, and any
    numbers that meet these rows are people (merge people across the children of a place,
    one pair at a time, from their sum down to the largest). Arguments as for
    ``kinds_bounds``; each record is one atom here, the atom's unknown its people."""
    sets, parent, inner = tree
    atom_of = np.array([atoms[0] for atoms in members], dtype=np.int64)
    label = _atom_classes(atom_record, record_class, partition)
    unknowns = len(atom_of)  # one per atom, then one per place and class
    place_class = {}
    for index, atoms in enumerate(sets):
        for c in np.unique(label[atoms]).tolist():
            place_class[index, c] = unknowns
            unknowns += 1
    top = {}  # the whole release per class: a place above every other
    for c in np.unique(label).tolist():
        top[c] = unknowns
        unknowns += 1
    children = {}
    for index, up in enumerate(parent.tolist()):
        for c in np.unique(label[sets[index]]).tolist():
            children.setdefault((up, c), []).append(place_class[index, c])
    for atom, up in enumerate(inner.tolist()):
        children.setdefault((up, int(label[atom])), []).append(atom)
    signed = []
    for (up, c), parts in children.items():
        whole = top[c] if up < 0 else place_class[up, c]
        signed += [(np.array([part, whole]), np.array([1.0, -1.0]), -np.inf, 0.0)
                   for part in parts]
        signed.append((np.array([whole] + parts), np.array([1.0] + [-1.0] * len(parts)),
                       -np.inf, 0.0))
    rows = [(atom_of[[record]], float(lower[record]), float(upper[record])) if withheld[record]
            else (atom_of[[record]], float(values[record]), float(values[record]))
            for record in range(len(atom_of))]

    def place_unknowns(atoms):
        atoms = np.unique(np.asarray(atoms, dtype=np.int64))
        if len(atoms) == 1:
            return atoms
        index = int(inner[atoms[0]])
        while len(sets[index]) != len(atoms):  # the set itself, among those holding the atom
            index = int(parent[index])
        return np.array([place_class[index, c] for c in np.unique(label[atoms]).tolist()])
    rows += [(place_unknowns(atoms), float(total), float(total)) for atoms, total in areas]
    if people is not None:
        rows.append((np.array(list(top.values())), float(people), float(people)))
    rows += [(atom_of[np.unique(np.asarray(records, dtype=np.int64))], float(total), float(total))
             for records, total in sums]
    rows += [(atom_of[np.unique(np.asarray(records, dtype=np.int64))], 0.0, float(total))
             for records, total in at_most]
    return sum_bounds(rows, np.full(unknowns, np.inf), [place_unknowns(atoms)
                                                        for atoms in targets], signed=signed)
