"""Differencing across geographies that do not nest: the attacker's unknowns are atoms.

A grid and areas published beside it (municipalities, postcodes, another
grid) cut each other into atoms: the non-empty intersections of a cell with
the areas. Every published count is a sum over its atoms, so subtracting the
cells inside an area from the area's count isolates the people in the slivers
where its border crosses a cell (the EU guidelines' worked case: A = 100,
its interior tiles 97, so A's part of the shared tile holds 3).

With one point per person (homes), counts add up: a cell or an area equals
the sum of its atoms. Counted as distinct people with points in several
places they do not: each part is at most the whole and the whole at most
the sum of its parts (``atom_distinct``). The attacker of SPEC section 7 also knows that an
emitted cell is not empty and how many people the release holds.
"""

from dataclasses import dataclass, replace

import numpy as np

from .distinct import disjoint_layers, distinct_system, group_target
from .kinds import exact_solver
from .twice import EarlierBounds
from .programmes import sum_bounds

# How often people are counted twice (``atom_distinct``) is bounded over the unknowns
# themselves up to this many atoms; beyond, over the bounds of a solve without it, solved
# again this many times with the last bounds (each may narrow what the next bounds).
EXACT_TWICE = 500
REPEATS = 2


@dataclass(frozen=True)
class AtomIntervals:
    """The attacker's bounds on every atom and on every record (a cell, or a cell x attribute
    group); published records get their value at both ends."""

    atom_lower: np.ndarray
    atom_upper: np.ndarray
    record_lower: np.ndarray
    record_upper: np.ndarray
    group_lower: np.ndarray  # bounds of each sum of atoms asked for (``groups``)
    group_upper: np.ndarray
    # Counts of distinct people over places that do not nest, too many atoms for the exact
    # attacker (``atom_kinds``): the bounds are a relaxation of what the release says.
    unproven: bool = False


def atom_intervals(values, withheld, lower, upper, atom_record, areas, people=None,
                   one_point=True, sums=(), at_most=(), groups=(), record_class=None,
                   partition=True, hidden_areas=(), places=()):
    """Bounds of every atom and record over whole numbers of people.

    ``values``: each record's published count (ignored where ``withheld``);
    ``lower``/``upper``: what a withheld record holds at least and at most on
    its own (1 for an emitted cell); ``atom_record``: the record each atom
    lies in; ``areas``: (atom indices, published count) per published area;
    ``people``: the number of people in the release, or None when the
    attacker lacks it; ``one_point``: counts add up (else they are counts of
    distinct people, ``atom_distinct``); ``sums``: (record indices, total)
    pairs of totals published as sums of the records' counts (this plugin's
    grid totals); ``at_most``: (record indices, total) sums a blank declared
    total (below k) tells; ``groups``: atom index arrays whose people are
    bounded too (the pieces of one place over the records that describe it per
    attribute); ``record_class``: each record's attribute class (its published
    attribute values; None: one class) and ``partition``: a person has one
    value of the attributes (distinct people only); ``places``: atom index arrays
    over several cells (the intersections of areas of different layers: their
    people are a union there, with distinct people), bounded after the groups;
    ``hidden_areas``: the atom indices of each area whose count is withheld,
    bounded after those.
    """
    atom_record = np.asarray(atom_record, dtype=np.int64)
    values = np.nan_to_num(np.asarray(values, dtype=float))
    withheld = np.asarray(withheld, dtype=bool)
    members, cut_atoms, hidden = atom_targets(atom_record, withheld)
    groups = [np.asarray(group, dtype=np.int64) for group in groups]
    places = [np.asarray(place, dtype=np.int64) for place in places]
    hidden_areas = [np.asarray(atoms, dtype=np.int64) for atoms in hidden_areas]

    def intervals(bounds):
        return _intervals(*bounds, values, withheld, lower, upper, atom_record, members,
                          cut_atoms, hidden)
    if one_point:
        rows, box = atom_rows(values, withheld, lower, upper, atom_record, areas, people, sums,
                              at_most)
        return intervals(sum_bounds(rows, box, [np.array([atom]) for atom in cut_atoms]
                                    + [members[record] for record in hidden] + groups
                                    + places + hidden_areas))
    # Exact where places nest, or over kinds of people on a small release (``atom_kinds``).
    targets = [np.array([atom]) for atom in cut_atoms] + [members[record] for record in hidden] \
        + groups + places + hidden_areas
    exact = exact_solver(atom_record, [atoms for atoms, _ in areas] + hidden_areas,
                         groups + places, record_class, partition)
    if exact is not None:
        return intervals(exact(values, withheld, lower, upper, atom_record, members, areas,
                               people, sums, at_most, record_class, partition, targets))
    # An area's count is the union of its parts: withheld, it is an unknown of its own.
    layers = disjoint_layers([atoms for atoms, _ in areas] + hidden_areas, len(atom_record))

    def solve(twice=False, first=None):
        system, record_unknown = distinct_system(
            values, withheld, np.asarray(lower, dtype=float), np.asarray(upper, dtype=float),
            members, areas, people, sums, at_most, record_class, partition, layers,
            hidden_areas, twice, first)
        if first is not None and not system.twice_rows:
            return None  # the first solve's bounds meet every row already
        return system.bounds(
            [([atom], 0.0) for atom in cut_atoms]
            + [([record_unknown[record]], 0.0) for record in hidden]
            + [group_target(system, group, atom_record, members, record_unknown, values,
                            np.asarray(upper, dtype=float), partition) for group in groups]
            + [group_target(system, place, atom_record, members, record_unknown, values,
                            np.asarray(upper, dtype=float), False) for place in places]
            + [([unknown], 0.0) for unknown in system.area_unknowns])
    twice = people is not None and len(layers) > 0
    if twice and len(atom_record) <= EXACT_TWICE:
        return replace(intervals(solve(twice)), unproven=True)
    base = last = intervals(solve())
    for _ in range(REPEATS if twice else 0):
        again = solve(twice, EarlierBounds(last, base, len(groups) + len(places)))
        if again is None:
            break
        last = intervals(again)
    return replace(last, unproven=True)


def _intervals(low, high, values, withheld, lower, upper, atom_record, members, cut_atoms,
               hidden):
    """The ``AtomIntervals`` of the programmes' bounds (``low``, ``high``) of the cut atoms,
    the withheld records and the groups, in this order."""
    settled = len(cut_atoms) + len(hidden)
    record_lower = np.where(withheld, np.asarray(lower, dtype=float), values)
    record_upper = np.where(withheld, np.asarray(upper, dtype=float), values)
    atom_lower = values[atom_record].astype(float)
    atom_upper = atom_lower.copy()
    atom_lower[cut_atoms], atom_upper[cut_atoms] = low[:len(cut_atoms)], high[:len(cut_atoms)]
    record_lower[hidden], record_upper[hidden] = low[len(cut_atoms):settled], \
        high[len(cut_atoms):settled]
    # A withheld cell in one piece is its atom.
    whole_withheld = hidden[np.array([len(members[record]) == 1 for record in hidden], dtype=bool)]
    first_atom = np.array([members[record][0] for record in whole_withheld], dtype=np.int64)
    atom_lower[first_atom] = record_lower[whole_withheld]
    atom_upper[first_atom] = record_upper[whole_withheld]
    return AtomIntervals(atom_lower, atom_upper, record_lower, record_upper, low[settled:],
                         high[settled:])


def atom_targets(atom_record, withheld):
    """(atoms of each record, atoms of cut records, withheld records): what needs bounds. A
    published cell in one piece is its own atom, known; the pieces of cut cells and the
    withheld cells are bounded by programmes."""
    n_records = len(withheld)
    order = np.argsort(atom_record, kind="stable")
    members = np.split(order, np.cumsum(np.bincount(atom_record, minlength=n_records))[:-1])
    pieces = np.bincount(atom_record, minlength=n_records)
    return members, np.flatnonzero(pieces[atom_record] > 1), np.flatnonzero(withheld)


def atom_rows(values, withheld, lower, upper, atom_record, areas, people=None, sums=(),
              at_most=()):
    """The attacker's system over atoms with one point per person, every count a sum of its
    atoms (arguments as for ``atom_intervals``): rows (atom indices, low, high) bounding each
    sum, and an upper box per atom."""
    atom_record = np.asarray(atom_record, dtype=np.int64)
    values = np.nan_to_num(np.asarray(values, dtype=float))
    withheld = np.asarray(withheld, dtype=bool)
    members = atom_targets(atom_record, withheld)[0]
    record_upper = np.where(withheld, np.asarray(upper, dtype=float), values)
    record_lower = np.where(withheld, np.asarray(lower, dtype=float), values)

    def over_atoms(records):
        records = np.unique(np.asarray(records, dtype=np.int64))
        return np.concatenate([members[record] for record in records]) if len(records) \
            else np.empty(0, dtype=np.int64)
    rows = [(members[r], record_lower[r], record_upper[r]) for r in range(len(values))]
    rows += [(np.asarray(cells, dtype=np.int64), float(total), float(total))
             for cells, total in areas]
    rows += [(over_atoms(records), float(total), float(total)) for records, total in sums]
    rows += [(over_atoms(records), 0.0, float(total)) for records, total in at_most]
    if people is not None:
        rows.append((np.arange(len(atom_record)), float(people), float(people)))
    return rows, np.full(len(atom_record), np.inf)


@dataclass(frozen=True)
class CellSums:
    """Sums of several atoms the attacker learns as well as single atoms: a cut cell's piece
    in one area, summed over the cell's records (one per attribute value) and over the
    areas of other layers that cut that piece further; and a cell with a withheld record,
    summed over its records. Each atom of such a sum may stay wide while the sum is narrow."""

    pieces: list  # atom indices of each piece of a cut cell in one area (None: in no area)
    piece_records: list  # the records of each piece's cell
    piece_area: list  # the area of each piece (None: the part of the cell in no area)
    cells: list  # atom indices of each cell with a withheld record, described by several
    cell_records: list  # the records of each of those cells
    places: list = ()  # atom indices of each intersection of areas of different layers
    place_areas: list = ()  # the areas of each such intersection


def cell_sums(atom_record, atom_areas, record_cell, withheld, at_least, threshold):
    """The pieces and the withheld cells whose sums over atoms the attacker bounds.

    ``record_cell``: the cell (place) each record describes, records of one
    cell published per attribute sharing it; ``atom_areas``: the areas each
    atom lies in (one per layer that covers it), the same for the pieces of one
    cell in each of its records. A piece that is one atom is that atom's own
    sliver, left out. A withheld cell is left out when its records prove it
    holds ``threshold`` (the largest of its records') or more: ``at_least`` per
    record, its published count or what a withheld record holds at least.
    """
    atom_record = np.asarray(atom_record, dtype=np.int64)
    record_cell = np.asarray(record_cell, dtype=np.int64)
    withheld = np.asarray(withheld, dtype=bool)
    records_of = {}
    for record, cell in enumerate(record_cell.tolist()):
        records_of.setdefault(cell, []).append(record)
    hidden = {cell for cell, records in records_of.items() if len(records) > 1
              and withheld[records].any() and at_least[records].sum() < threshold[records].max()}
    pieces_of_record = np.bincount(atom_record, minlength=len(record_cell))
    pieces, cells = {}, {}
    for atom, (record, cell) in enumerate(zip(atom_record.tolist(),
                                              record_cell[atom_record].tolist())):
        if pieces_of_record[record] > 1:
            # Its piece in each area, and with three layers or more in each intersection of
            # areas of different layers, summed over the pieces the others cut it into.
            areas = atom_areas[atom]
            for place in _intersections(areas, range(1, max(len(areas), 2))) or (None,):
                pieces.setdefault((cell, place), []).append(atom)
        if cell in hidden:
            cells.setdefault(cell, []).append(atom)
    pieces = {key: atoms for key, atoms in pieces.items() if len(atoms) > 1}
    places = _places_over_cells(atom_record, atom_areas, record_cell)
    return CellSums([np.array(atoms) for atoms in pieces.values()],
                    [records_of[cell] for cell, _ in pieces], [area for _, area in pieces],
                    [np.array(atoms) for atoms in cells.values()],
                    [records_of[cell] for cell in cells],
                    [np.array(atoms) for atoms in places.values()], list(places))


def _intersections(areas, sizes):
    """The name of each intersection of ``sizes`` of ``areas`` (of different layers): "A" for
    one area, "A ∩ D" for two, …"""
    from itertools import combinations

    return [" ∩ ".join(place) for size in sizes for place in combinations(sorted(areas), size)]


def _places_over_cells(atom_record, atom_areas, record_cell):
    """The atoms of each intersection of areas of different layers (an atom's areas are of
    different layers; a layer's hole among them), by its areas: a place the attacker can
    draw and count too (municipality A ∩ district D, over the cells), where it spans
    several cells (in one cell it is an atom, or a cell's piece summed)."""
    places = {}
    for atom, areas in enumerate(atom_areas):
        for place in _intersections(areas, range(2, len(areas) + 1)):
            places.setdefault(place, []).append(atom)
    cell_of_atom = np.asarray(record_cell, dtype=np.int64)[np.asarray(atom_record, np.int64)]
    return {place: atoms for place, atoms in places.items()
            if len(np.unique(cell_of_atom[atoms])) > 1}
