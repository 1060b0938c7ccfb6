"""Complementary suppression that protects the slivers where published zones cut the cells.

A grid published beside zone counts of the same people (municipalities,
postcodes) is cut into atoms, the pieces cell x zone (``atoms``). Subtracting
the cells inside a zone from the zone's count isolates the people in the
slivers its border cuts off. After the record-level suppression, this module
withholds further cells, or, when that withholds fewer people, zone counts,
until no sliver that could hold 1..k-1 people has an interval narrower than
p under the attacker of SPEC section 7, and no withheld cell became narrower
than p through the zone counts. Cost is counted as in ``suppression``: the
people withheld (in complementary cells, or in zone counts withheld for
protection).

A zone count is withheld below k, as a cell is; a blank zone count publishes
nothing (it may also be a count withheld for protection, so the blank does
not say it is below k).
"""

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

from ..audit.kinds import EXACT_ATOMS, exact_solver
from ..audit.atoms import atom_intervals
from ..counting.cells import cell_index
from ..errors import N_, Cancelled, InputError
from .gate import evaluate_release_audit
from .totals import STATUS_PUBLISHED, STATUS_WITHHELD, status_bounds


UNPROVEN_GRID = N_("The grid cannot protect these zones: with several points per person (counts "
                   "of distinct people) and zones whose borders cross cells, or zone layers "
                   "that cross, its {atoms} pieces are too many for the exact attacker (at most "
                   "{most}) and no pattern can be proven safe. Count one point per person "
                   "(homes), publish zones made of whole cells (a coarser grid), or leave "
                   "PUBLISHED_ZONES empty.")


@dataclass(frozen=True)
class ZoneAtoms:
    """The records cut by the published zones, as arrays.

    ``atom_record``: the record of each atom; ``atom_zones``: the zones (indices
    over all zone layers) each atom lies in; ``atom_values``: the distinct people
    in each atom and ``zone_values`` in each zone (true counts: the data holder's);
    ``atom_thin``: per atom, a thin strip (``thin_strips``; None: none is);
    ``zone_layer``: the layer of each zone (None: one layer).
    """

    atom_record: np.ndarray
    atom_zones: tuple
    atom_values: np.ndarray
    zone_values: np.ndarray
    atom_thin: np.ndarray = None
    zone_layer: np.ndarray = None

    @cached_property
    def places(self):
        """Per atom, the names of the places it lies in, as the gate's overlay names them: its
        zones and, beside several layers, the hole of each layer whose zones miss it (a place
        too: a cell's pieces there are summed, also where another layer's zone covers them)."""
        names = [[str(zone) for zone in zones] for zones in self.atom_zones]
        layers = [] if self.zone_layer is None else np.unique(self.zone_layer).tolist()
        if len(layers) < 2:
            return names
        for atom_names, zones in zip(names, self.atom_zones):
            covered = set(np.asarray(self.zone_layer)[list(zones)].tolist())
            atom_names += [f"outside {layer}" for layer in layers if layer not in covered]
        return names

    @property
    def zone_atoms(self):
        """The atoms of each zone."""
        members = [[] for _ in range(len(self.zone_values))]
        for atom, zones in enumerate(self.atom_zones):
            for zone in zones:
                members[zone].append(atom)
        return [np.asarray(atoms, dtype=np.int64) for atoms in members]

    @property
    def cut(self):
        """Atoms of a record cut into several pieces: the slivers."""
        pieces = np.bincount(self.atom_record, minlength=int(self.atom_record.max(initial=-1)) + 1)
        return pieces[self.atom_record] > 1


def count_atoms(point_record, point_zones, person_codes, record_pieces, n_zones,
                record_thin=None, zone_layer=None):
    """ZoneAtoms from the points and the geometric pieces of each record.

    ``point_record``: the record of each point; ``point_zones``: (points x zone
    layers) the zone holding the point in each layer (-1: none);
    ``record_pieces``: per record, the zone tuples of the pieces its cell is
    cut into; ``record_thin``: per record, whether each of those pieces is a
    thin strip (None: none is); ``zone_layer``: the layer of each zone. A
    combination that holds points but was too thin to be a piece (a point on a
    border) is an atom too, so that every count adds up, and a thin one where
    pieces are told thin.
    """
    point_record = np.asarray(point_record, dtype=np.int64)
    point_zones = np.asarray(point_zones, dtype=np.int64).reshape(len(point_record), -1)
    person_codes = np.asarray(person_codes, dtype=np.int64)
    atom_of, atom_record, atom_zones = {}, [], []

    def atom(record, zones):
        key = (record, zones)
        if key not in atom_of:
            atom_of[key] = len(atom_record)
            atom_record.append(record)
            atom_zones.append(zones)
        return atom_of[key]
    thin = set()
    for record, pieces in enumerate(record_pieces):
        for number, zones in enumerate(pieces):
            made = atom(record, tuple(sorted(zones)))
            if record_thin is not None and record_thin[record][number]:
                thin.add(made)
    geometric = len(atom_record)
    combinations, point_combination = np.unique(
        np.column_stack([point_record, point_zones]), axis=0, return_inverse=True)
    combination_atom = np.array([atom(int(row[0]), tuple(sorted(int(z) for z in row[1:] if z >= 0)))
                                 for row in combinations], dtype=np.int64)
    point_atom = combination_atom[np.ravel(point_combination)]
    atom_values = _distinct(point_atom, person_codes, len(atom_record))
    zone_values = np.zeros(n_zones)
    for layer in range(point_zones.shape[1]):
        inside = point_zones[:, layer] >= 0
        zone_values += _distinct(point_zones[inside, layer], person_codes[inside], n_zones)
    atom_thin = None
    if record_thin is not None:
        atom_thin = np.arange(len(atom_record)) >= geometric
        atom_thin[list(thin)] = True
    return ZoneAtoms(np.asarray(atom_record, dtype=np.int64), tuple(atom_zones), atom_values,
                     zone_values, atom_thin, zone_layer)


def _distinct(groups, person_codes, n_groups):
    """Distinct people per group."""
    pairs = np.unique(np.column_stack([groups, person_codes]), axis=0)
    return np.bincount(pairs[:, 0], minlength=n_groups).astype(float) if len(pairs) \
        else np.zeros(n_groups)


@dataclass(frozen=True)
class AttackerView:
    """What the gate reads beside the cells and zone counts (SPEC section 7).

    ``sums``: the totals the grid's columns publish (``totals.equalities_from_columns``), as
    (records, total) pairs, and ``withheld_totals`` the declared totals they leave blank
    (``totals.withheld_totals_from_columns``: (records, name) pairs); ``people``: the release's ``counting.PeopleTotal``, None when the policy
    keeps it secret; ``one_point``: counts add up (else zone and record counts are of distinct
    people).
    """

    sums: tuple = ()
    withheld_totals: tuple = ()
    people: object = None
    one_point: bool = True

    @classmethod
    def of_cells(cls, cells, people, one_point):
        """The view of a grid release's ``cells`` as written: its totals columns read back as the
        gate reads them."""
        from .totals import equalities_from_columns, withheld_totals_from_columns

        parent_ids = cells["parent_id"].tolist()
        return cls(tuple(equalities_from_columns(parent_ids, cells["parent_total"],
                                                 cells["grand_total"])),
                   tuple(withheld_totals_from_columns(parent_ids, cells["parent_total"])),
                   people, one_point)


@dataclass(frozen=True)
class AtomProtection:
    withheld: np.ndarray  # records not published: primary and complementary
    zone_withheld: np.ndarray  # zone counts not published: below k or for protection
    zone_protective: np.ndarray  # zone counts withheld for protection (they reach k)
    before: object  # atoms.AtomIntervals of the release before the slivers were protected
    after: object  # atoms.AtomIntervals of the protected release
    at_risk_before: np.ndarray  # per atom: a sliver narrower than p before protection
    unprotected: np.ndarray  # per atom: a sliver no withholding could protect
    unprotected_records: np.ndarray  # per record: a withheld record the zones narrow for good
    audit: object  # gate.AuditResult of the release as it would be written

    @property
    def protected(self):
        """The gate's audit passes what would be written."""
        return self.audit.passed


def audit_pattern(values, withheld, zone_withheld, atoms, view, protection, k, straddle_k=False):
    """The gate's audit (``gate.evaluate_release_audit``) of the release one pattern writes:
    the cells with the ``withheld`` ones blank, the grid's totals columns, the zone counts not
    ``zone_withheld``, the people total, as the gate reads them beside the zone counts."""
    zones = [(members, float(total)) for members, total, blank in
             zip(atoms.zone_atoms, atoms.zone_values, zone_withheld) if not blank]
    return evaluate_release_audit(
        np.where(withheld, np.nan, values), np.where(withheld, STATUS_WITHHELD, STATUS_PUBLISHED),
        view.sums, protection, k if straddle_k else None, k, view.people, None,
        view.withheld_totals,
        (atoms.atom_record, atoms.places, zones, atoms.atom_thin), view.one_point,
        withheld_areas=[(atoms.zone_atoms[zone], str(zone))
                        for zone in _withheld_zones(atoms, zone_withheld)])


def _withheld_zones(atoms, zone_withheld):
    """The withheld zones that hold atoms, in the order ``audit_pattern`` gives them to the
    audit as withheld areas (``AuditResult.areas`` indexes them)."""
    return [zone for zone, members in enumerate(atoms.zone_atoms)
            if zone_withheld[zone] and len(members)]


def _bounds(audit, values, withheld, zone_withheld, atoms, view):
    """The atoms' intervals of an audit; computed apart where the gate read the zones as totals
    of whole records (no border cuts a cell: no programme over atoms ran)."""
    if audit.bounds is not None:
        return audit.bounds
    lower, upper, _ = status_bounds(np.where(withheld, STATUS_WITHHELD, STATUS_PUBLISHED),
                                    np.where(withheld, np.nan, values))
    zones = [(members, float(total)) for members, total, blank in
             zip(atoms.zone_atoms, atoms.zone_values, zone_withheld) if not blank]
    people = None if view.people is None else view.people.n
    return atom_intervals(values, withheld, lower, upper, atoms.atom_record, zones, people,
                          view.one_point, view.sums)


class _Neighbours:
    """Which records share a zone or a declared total with a record."""

    def __init__(self, atoms, sums, n_records):
        self.atoms = atoms
        self.zone_records = [np.unique(atoms.atom_record[members]) for members in atoms.zone_atoms]
        self.record_zones = [set() for _ in range(n_records)]
        for record, zones in zip(atoms.atom_record.tolist(), atoms.atom_zones):
            self.record_zones[record].update(zones)
        self.record_sums = [[] for _ in range(n_records)]
        self.sums = [np.asarray(records, dtype=np.int64) for records, _ in sums]
        for row, records in enumerate(self.sums):
            for record in records.tolist():
                self.record_sums[record].append(row)

    def of_zones(self, zones, zone_withheld):
        """Records with an atom in one of the published ``zones``."""
        found = [self.zone_records[zone] for zone in zones if not zone_withheld[zone]]
        return np.unique(np.concatenate(found)) if found else np.empty(0, dtype=np.int64)

    def of_sums(self, record, withheld=None):
        """Records sharing a declared total with ``record``; given ``withheld``, only of the
        totals in which it is the one withheld record (a lone withheld record is pinned)."""
        found = [self.sums[row] for row in self.record_sums[record]
                 if withheld is None or withheld[self.sums[row]].sum() < 2]
        return np.unique(np.concatenate(found)) if found else np.empty(0, dtype=np.int64)


def _cheapest(groups, values, withheld, taken):
    """The published record with the fewest people in the first group that has one (a published
    zero widens nothing), or None."""
    for group in groups:
        open_records = group[~withheld[group] & (values[group] > 0)]
        open_records = open_records[~np.isin(open_records, list(taken))]
        if len(open_records):
            return int(open_records[np.argmin(values[open_records])])
    return None


def failure_masks(audit, n_atoms, n_records):
    """(failing slivers, failing records) of an audit, as masks."""
    slivers = np.zeros(n_atoms, dtype=bool)
    slivers[list(audit.slivers)] = True
    records = np.zeros(n_records, dtype=bool)
    records[[index for index, _ in audit.failing]] = True
    return slivers, records


def _protect(values, start, zone_start, atoms, view, audit, zones_first, is_canceled,
             first_audit):
    """One greedy pattern: (records withheld, zones withheld, gate's audit, unprotected atoms,
    unprotected records); ``audit(withheld, zone_withheld)``: the gate's audit of a pattern;
    ``first_audit``: that of the starting pattern, computed once for both patterns. With
    ``zones_first``, a failing sliver's smallest published zone count is withheld before any
    cell. A withheld zone count still failing when nothing else is to be withheld gets a
    published cell of its own withheld (the fewest people first), or any where it has none."""
    withheld, zone_withheld = start.copy(), zone_start.copy()
    neighbours = _Neighbours(atoms, view.sums, len(values))
    stuck = np.zeros(len(atoms.atom_record), dtype=bool)
    stuck_records = np.zeros(len(values), dtype=bool)
    # The number of people ties every record to every other: the last resort.
    everyone = np.arange(len(values)) if view.people is not None else np.empty(0, dtype=np.int64)
    while True:
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        result = first_audit if first_audit is not None else audit(withheld, zone_withheld)
        first_audit = None
        failing, failing_records = failure_masks(result, len(atoms.atom_record), len(values))
        blank = _withheld_zones(atoms, zone_withheld)
        # Withheld areas past the zones are the grid's withheld totals: nothing here widens them.
        failing_zones = [blank[area] for area in result.areas if area < len(blank)]
        if not result.passed and not failing.any() and not failing_records.any() and \
                not failing_zones:
            stuck_records[:] = withheld  # a failure the audit names no record for: refuse
            return withheld, zone_withheld, result, stuck, stuck_records
        cells, zones = set(), set()
        for atom in np.flatnonzero(failing & ~stuck).tolist():
            record = int(atoms.atom_record[atom])
            # Its own zones first; with those blank, the zones of its cell's other pieces,
            # which pin the rest of the cell.
            published_zones = [zone for zone in atoms.atom_zones[atom] if not zone_withheld[zone]] \
                or [zone for zone in neighbours.record_zones[record] if not zone_withheld[zone]]
            if zones_first and published_zones:
                zones.add(min(published_zones, key=lambda zone: atoms.zone_values[zone]))
                continue
            if not withheld[record]:
                cells.add(record)  # the sliver's own cell first: its other pieces then hide it
                continue
            cell = _cheapest([neighbours.of_zones(atoms.atom_zones[atom], zone_withheld),
                              neighbours.of_zones(neighbours.record_zones[record], zone_withheld),
                              neighbours.of_sums(record), everyone], values, withheld, cells)
            if cell is None:
                stuck[atom] = True
            else:
                cells.add(cell)
        for record in np.flatnonzero(failing_records & ~stuck_records).tolist():
            published_zones = [zone for zone in neighbours.record_zones[record]
                               if not zone_withheld[zone]]
            lonely = neighbours.of_sums(record, withheld)
            if zones_first and published_zones and not len(lonely):
                zones.add(min(published_zones, key=lambda zone: atoms.zone_values[zone]))
                continue
            # A total it is alone in pins it whatever else is withheld: a sibling first.
            cell = _cheapest([lonely, neighbours.of_zones(neighbours.record_zones[record],
                                                          zone_withheld),
                              neighbours.of_sums(record), everyone], values, withheld, cells)
            if cell is None:
                stuck_records[record] = True
            else:
                cells.add(cell)
        # A failing withheld zone count once its slivers and cells are dealt with: a cell of
        # its own widens it, else any (the people total ties them).
        for zone in failing_zones if not cells and not zones else ():
            cell = _cheapest([neighbours.zone_records[zone], everyone], values, withheld, cells)
            if cell is not None:
                cells.add(cell)
        if not cells and not zones:
            # Only what still fails is unprotected: a later withholding may have opened it.
            return withheld, zone_withheld, result, stuck & failing, \
                stuck_records & failing_records
        withheld[list(cells)] = True
        zone_withheld[list(zones)] = True


def _zones_alone(cells, zone_start, atoms, record_zones, audit, k, is_canceled):
    """Zone counts to withhold, the ``cells`` as they are, that pass ``audit``, or None: each
    failing sliver's smallest published zone count withheld (its cell's where its own are
    blank), and a failing withheld zone count of k or more published again, once (published,
    it is no value to protect; the release may give it away already)."""
    zones, published_again = zone_start.copy(), set()
    for _ in range(2 * len(zones) + 1):
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        result = audit(cells, zones)
        if result.passed:
            return zones
        failing = failure_masks(result, len(atoms.atom_record), len(cells))[0]
        blank = _withheld_zones(atoms, zones)
        again = {blank[area] for area in result.areas} - published_again
        again = {zone for zone in again if atoms.zone_values[zone] >= k and not zone_start[zone]}
        more = set()
        for atom in np.flatnonzero(failing).tolist():
            shown = [zone for zone in atoms.atom_zones[atom] if not zones[zone]] or \
                [zone for zone in record_zones[atoms.atom_record[atom]] if not zones[zone]]
            if shown:
                more.add(min(shown, key=lambda zone: atoms.zone_values[zone]))
        if not again and not more:
            return None
        zones[list(more)] = True
        zones[list(again)] = False
        published_again |= again
    return None


def _publish_again(weights, withheld, keep, audit, passed, is_canceled):
    """(withheld, the gate's audit): each withheld item (record or zone count) not in ``keep``,
    the largest ``weights`` first, published again wherever ``audit(withheld)`` still passes
    without it; ``passed``: the audit of ``withheld`` as given."""
    withheld = withheld.copy()
    added = np.flatnonzero(withheld & ~keep)
    for item in added[np.argsort(-weights[added], kind="stable")].tolist():
        if is_canceled is not None and is_canceled():
            raise Cancelled()
        withheld[item] = False
        trial = audit(withheld)
        if trial.passed:
            passed = trial
        else:
            withheld[item] = True
    return withheld, passed


def protect_atoms(values, withheld, atoms, view, protection, k, straddle_k=False,
                  is_canceled=None):
    """Withhold cells or zone counts until the gate's audit passes the release to be written.

    ``values``: the true count of each record; ``withheld``: the records the
    record-level suppression withholds; ``atoms``: ``ZoneAtoms``; ``view``:
    ``AttackerView``. Zone counts below k are withheld. Every pattern is audited as
    the gate audits it (``audit_pattern``): no sliver that may hold 1..k-1 people and
    no withheld cell narrower than p, no withheld cell recovered exactly. Two greedy
    patterns are built, cells first and zone counts first; when neither passes, a
    third starts from every zone count withheld (the attacker then holds the cells and
    totals alone, and a published cell's pieces are [0, n] with n >= k) and publishes
    the zone counts again, largest first, wherever the audit still passes. The cells
    each pattern added are then published again, largest first, likewise; the
    protected pattern that withholds fewer people is kept (cells on a tie). With zone
    counts first, a failing sliver's smallest published zone count is withheld (or, its
    own all blank, the smallest of its cell's other pieces), cells only where no zone
    count is left. Slivers and records no pattern protects are reported in
    ``unprotected``/``unprotected_records``.
    """
    values = np.asarray(values, dtype=float)
    start = np.asarray(withheld, dtype=bool)
    zone_start = atoms.zone_values < k

    audits = {}  # by pattern: the greedy patterns meet again (a tenth of the audits)

    def audit(cells, zones):
        key = (np.asarray(cells, dtype=bool).tobytes(), np.asarray(zones, dtype=bool).tobytes())
        if key not in audits:
            audits[key] = audit_pattern(values, cells, zones, atoms, view, protection, k,
                                        straddle_k)
        return audits[key]
    # Decided by the shape of the release (the zones alone: it is published without attribute
    # fields), before any programme runs.
    if not view.one_point and exact_solver(
            atoms.atom_record, [members for members in atoms.zone_atoms if len(members)]) is None:
        raise InputError(UNPROVEN_GRID, atoms=len(atoms.atom_record), most=EXACT_ATOMS)
    first_audit = audit(start, zone_start)
    at_risk = failure_masks(first_audit, len(atoms.atom_record), len(values))[0]
    def outcome(cells, zones, final, stuck, stuck_records):
        """((failed, cost), pattern) of a pattern, with what it need not withhold published
        again where it passes."""
        if final.passed:
            zones, final = _publish_again(atoms.zone_values, zones, zone_start,
                                          lambda trial: audit(cells, trial), final, is_canceled)
            cells, final = _publish_again(values, cells, start,
                                          lambda trial: audit(trial, zones), final, is_canceled)
        cost = values[cells & ~start].sum() + atoms.zone_values[zones & ~zone_start].sum()
        return (not final.passed, cost), (cells, zones, final, stuck, stuck_records)

    outcomes = []
    for zones_first, zones_from in ((False, zone_start), (True, zone_start),
                                    (False, np.ones(len(zone_start), dtype=bool))):
        if len(outcomes) == 2 and not all(failed for (failed, _), _ in outcomes):
            break  # a greedy pattern passes: no need for the last resort
        outcomes.append(outcome(*_protect(
            values, start, zones_from, atoms, view, audit, zones_first, is_canceled,
            first_audit if zones_from is zone_start else None)))
        if first_audit.passed:
            break  # nothing was at risk: no zone count to withhold
    if all(failed for (failed, _), _ in outcomes):
        # Every greedy path failed, yet other patterns may pass: a cell or zone count withheld
        # is a value to protect more, so withholding more does not always protect more.
        unprotected = (np.zeros(len(atoms.atom_record), dtype=bool),
                       np.zeros(len(values), dtype=bool))
        zones = _zones_alone(start, zone_start, atoms,
                             _Neighbours(atoms, view.sums, len(values)).record_zones, audit, k,
                             is_canceled)
        if zones is not None:
            outcomes.append(outcome(start.copy(), zones, audit(start, zones), *unprotected))
        else:
            cells, zones = np.ones(len(values), dtype=bool), np.ones(len(zone_start), dtype=bool)
            everything = audit(cells, zones)
            if everything.passed:
                outcomes.append(outcome(cells, zones, everything, *unprotected))
    chosen = min(range(len(outcomes)), key=lambda index: outcomes[index][0])
    cells, zones, final, stuck, stuck_records = outcomes[chosen][1]
    return AtomProtection(cells, zones, zones & ~zone_start,
                          _bounds(first_audit, values, start, zone_start, atoms, view),
                          _bounds(final, values, cells, zones, atoms, view), at_risk, stuck,
                          stuck_records, final)


def records_of_points(cells, x, y, key_codes, origin, resolution):
    """The record (row of a grid release's ``cells``) of each point, and the key code of each
    record (0 for an emitted empty cell)."""
    first_row = cells["first_row"].to_numpy()
    record_key = np.where(first_row >= 0, np.asarray(key_codes)[np.maximum(first_row, 0)], 0)
    index = pd.MultiIndex.from_arrays([cells["col"].to_numpy(), cells["row"].to_numpy(),
                                       record_key])
    point_record = index.get_indexer(pd.MultiIndex.from_arrays([
        cell_index(np.asarray(x), origin[0], resolution),
        cell_index(np.asarray(y), origin[1], resolution), np.asarray(key_codes)]))
    return point_record, record_key


def record_values(point_record, person_codes, n_records):
    """The distinct people of each record."""
    return _distinct(np.asarray(point_record, dtype=np.int64),
                     np.asarray(person_codes, dtype=np.int64), n_records)
