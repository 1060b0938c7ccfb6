"""The k-anonymity gate: every published record must count at least k people.

The gate blocks on missing evidence: an empty table, a NULL or non-numeric
published count, an unknown status and a withheld record that still carries a
count (a leak) all fail it. Nothing here can turn a failure into a warning.
"""

import dataclasses
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import N_, InputError
from ..problems import problem as _problem
from ..audit.sums import cell_sum_problems, place_problems_of, sliver_at_risk, \
    withheld_area_problems
from .totals import ALL_STATUSES, STATUS_PUBLISHED




# Why a record fails, per record: the FAILED layer's reason field (translated by the glue).
REASON_NULL = N_("published with a NULL count")
REASON_NOT_WHOLE = N_("published count is not a whole number")
REASON_BELOW_K = N_("published count below k")
REASON_LEAK = N_("withheld but still carries a count")
REASON_NARROW = N_("withheld, an attacker narrows it below p")
REASON_EXACT = N_("withheld, an attacker recovers it exactly")
REASON_CELL_NARROW = N_("withheld, an attacker narrows its cell below p over all its attribute "
                        "records")


def _failing(*masks_and_reasons):
    """(record index, reason) pairs in record order, the first reason of each record."""
    reasons = {}
    for mask, reason in masks_and_reasons:
        for index in np.flatnonzero(mask).tolist():
            reasons.setdefault(index, reason)
    return tuple(sorted(reasons.items()))


@dataclass(frozen=True)
class GateResult:
    k: int
    cells_checked: int
    min_count: float  # smallest published numeric count, None when there is none
    problems: tuple
    failing: tuple = ()  # (record index, reason) of every failing record

    @property
    def passed(self):
        return not self.problems


def parse_statuses(raw_statuses, field_name):
    """Withheld mask from a status column; unknown or NULL statuses are refused."""
    statuses = pd.Series(np.asarray(raw_statuses, dtype=object))
    known = statuses.isin(ALL_STATUSES)
    if not known.all():
        examples = sorted({str(value) for value in statuses[~known].head(5)})
        raise InputError(
            N_("{count} record(s) have a status in '{field}' that is none of {known} "
               "(e.g. {examples}): the gate cannot tell whether they are published."),
            count=int((~known).sum()), field=field_name, known=", ".join(ALL_STATUSES),
            examples=", ".join(examples),
        )
    return (statuses != STATUS_PUBLISHED).to_numpy()


def evaluate_gate(raw_counts, k, withheld=None, allow_zero=False):
    """Check published counts against k and withheld records for leaks.

    ``raw_counts`` holds the field's values as read (None for NULL);
    ``withheld`` marks records that are not published (None: all published).
    A published count must be a whole number >= k; with ``allow_zero`` (the
    policy's ``publish_zeros``) a structural 0 is published too. ``k`` is one
    number, or one per record (per-stratum thresholds of the policy).
    """
    raw = pd.Series(np.asarray(raw_counts, dtype=object))
    k_values = np.broadcast_to(np.asarray(k, dtype=float), (len(raw),))
    k = int(k_values.max()) if len(raw) else int(np.max(k))
    withheld = np.zeros(len(raw), dtype=bool) if withheld is None else np.asarray(withheld, bool)
    problems = []
    if len(raw) == 0:
        problems.append(_problem(N_("The input has no records: there is nothing to check, and "
                                    "missing evidence never passes the gate.")))
        return GateResult(int(k), 0, None, tuple(problems))
    is_null = raw.isna().to_numpy()
    numeric = pd.to_numeric(raw, errors="coerce").to_numpy(dtype=float)
    whole = np.isfinite(numeric) & (numeric == np.floor(numeric)) & (numeric >= 0)
    published = ~withheld

    null_published = published & is_null
    if null_published.any():
        problems.append(_problem(
            N_("{count} published record(s) have a NULL count: a published cell needs a count "
               "(mark it withheld in the status field if it is not published)."),
            count=int(null_published.sum())))
    invalid = published & ~is_null & ~whole
    if invalid.any():
        problems.append(_problem(
            N_("{count} published record(s) have a count that is not a whole number of people."),
            count=int(invalid.sum())))
    valid = published & whole
    below = valid & _below_k(numeric, k_values, allow_zero)
    min_count = float(numeric[valid].min()) if valid.any() else None
    if below.any():
        problems.append(_problem(
            N_("{count} published record(s) count fewer than k = {k} people (smallest: {smallest}). "
               "Withhold them, or publish at a coarser resolution; never lower k. (Structural "
               "zeros are published only under a policy with publish_zeros = true.)"),
            count=int(below.sum()), k=", ".join(f"{value:g}" for value in sorted(set(k_values[below]))),
            smallest=int(numeric[below].min())))
    leaking = withheld & ~is_null
    if leaking.any():
        problems.append(_problem(
            N_("{count} withheld record(s) still carry a count: a withheld value must be NULL in "
               "every output. Blank the count of withheld records."),
            count=int(leaking.sum())))
    failing = _failing((null_published, REASON_NULL), (invalid, REASON_NOT_WHOLE),
                       (below, REASON_BELOW_K), (leaking, REASON_LEAK))
    return GateResult(int(k), int(published.sum()), min_count, tuple(problems), failing)


def _below_k(counts, k, allow_zero):
    """Counts that give people away: fewer than k (a 0 is published only with
    ``allow_zero``, the policy's ``publish_zeros``)."""
    return (counts < k) & ~(allow_zero & (counts == 0))


AREA_COUNTS_BELOW_K = N_("{count} published area count(s) beside the release count fewer than "
                        "k = {k} people ({examples}). Withhold them (NULL) where they are "
                        "published, or give the areas without those counts.")
TOTALS_BELOW_K = N_("{count} total(s) the release publishes count fewer than k = {k} people "
                    "({examples}). A total is a cell of the release like any other: withhold it "
                    "(NULL) where it is published.")


def area_count_problems(names, counts, k, allow_zero=False, template=AREA_COUNTS_BELOW_K):
    """The problems of counts published beside the release's records (the audit layers'
    areas, or ``TOTALS_BELOW_K``: the totals in its own columns and the stated grand
    total): a count of fewer than k people gives them away as a cell would (0 only under a
    policy that publishes zeros)."""
    counts = np.asarray(counts, dtype=float)
    below = _below_k(counts, k, allow_zero)
    if not below.any():
        return ()
    return (_problem(
        template, count=int(below.sum()), k=f"{k:g}", examples="; ".join(
            f"{name}: {count:g}" for name, count in list(zip(
                np.asarray(names, dtype=object)[below], counts[below]))[:5])),)


def people_total_problems(people, k):
    """The problem of a release whose number of people, which the attacker holds
    (``counting.PeopleTotal``, or None when the policy keeps it secret), is 1..k-1: the
    release as a whole is then a place of fewer than k people."""
    if people is None or not 0 < people.n < k:
        return ()
    return (_problem(
        N_("The release states {n} people, fewer than k = {k}: the whole area is then a place "
           "of fewer than k people, whatever its cells show. Release a larger area, or keep the "
           "number of people secret (population_total_secret = true in the policy, and no "
           "number of people given to the gate)."), n=people.n, k=f"{k:g}"),)


def refuse_few_people(people, k):
    """Raise the gate's people-total problem (``people_total_problems``) as an ``InputError``:
    what the gate would fail, the grid refuses before it writes anything."""
    for found in people_total_problems(people, k):
        raise InputError(found.template, **dict(found.params))


@dataclass(frozen=True)
class AuditResult:
    min_width: float  # narrowest attacker interval of a withheld record; None when none is withheld
    problems: tuple
    failing: tuple = ()  # (record index, reason) of every record that fails the audit
    slivers: tuple = ()  # atoms (indices) of every sliver that fails it
    bounds: object = None  # atoms.AtomIntervals of the atoms' programme, where it ran
    # Distinct people whose records of one cell contradict one attribute value per person:
    # audited as records that may share people.
    shared_attributes: bool = False
    areas: tuple = ()  # withheld area counts (indices into ``withheld_areas``) that fail it

    @property
    def passed(self):
        return not self.problems


def evaluate_release_audit(raw_counts, statuses, equalities, protection, k=None, label_k=None,
                           people=None, names=None, withheld_totals=(), cut=None, add_up=True,
                           record_cell=None, record_class=None, withheld_areas=(),
                           may_be_empty=None):
    """The gate's audit of a release: what it publishes, read as the attacker of SPEC section 7.

    Arguments as for ``evaluate_audit``; ``cut``: (atom_record, atom_areas,
    areas[, atom_thin]) where published areas cut the records
    (``evaluate_atom_audit``), None without areas; thin atoms are audited also as
    empty (``thin_strips``); ``add_up``: one point per person (the areas' counts
    and the people total are sums); ``record_cell``: the cell each record
    describes, when records of one cell are published per attribute, and
    ``record_class`` their attribute values; ``withheld_areas``: (atom indices,
    name) of each area whose count is withheld (below k, or for protection),
    audited as a withheld record is; ``withheld_totals``: (record indices, name) of each
    declared total left blank, a withheld cell whose value is the sum of its records (SPEC
    section 7: its blank says only "withheld"); ``may_be_empty``: records that may be
    withheld although empty (in a series, a cell the release before withheld: the grid
    emits it withheld when it empties, so the attacker reads it as 0 or more). Areas that cut
    no record are totals over whole records, unless cells are published per attribute (what
    a cell holds over its records is then audited over the atoms too) or the
    counts are of distinct people (an area then holds at least each of its
    records and at most their sum: the atoms' programme reads it so).
    """
    from ..audit.thin_strips import STRIPS_READ_EMPTY, STRIPS_READ_NEARLY_EMPTY, \
        audit_with_strips_empty, either_fails, thin_atoms

    equalities = list(equalities)
    if len(thin_atoms(cut)):
        def audit_of(one_cut):
            return evaluate_release_audit(raw_counts, statuses, equalities, protection, k,
                                          label_k, people, names, withheld_totals, one_cut,
                                          add_up, record_cell, record_class,
                                          withheld_areas, may_be_empty)
        audit, read_empty = audit_of(cut[:3]), audit_with_strips_empty(audit_of, cut)
        if read_empty is None:
            return audit
        empty, held = read_empty
        both = either_fails(audit, empty)
        if empty.passed or not (audit.passed or set(both.slivers) - set(audit.slivers)
                                or dict(both.failing).keys() - dict(audit.failing).keys()):
            return both  # reading the strips as empty finds nothing more
        reading = _problem(STRIPS_READ_NEARLY_EMPTY, count=len(thin_atoms(cut)), held=held) \
            if held else _problem(STRIPS_READ_EMPTY, count=len(thin_atoms(cut)))
        return dataclasses.replace(both, problems=both.problems + (reading,))
    cut = None if cut is None else cut[:3]
    shared = record_cell is not None and len(set(record_cell)) < len(record_cell)
    nested = cut is not None and not (np.bincount(np.asarray(cut[0], dtype=np.int64)) > 1).any()
    by_atoms = cut is not None and not (nested and add_up and not shared and not withheld_areas
                                        and not withheld_totals)
    if by_atoms and withheld_totals:
        # Over atoms, a withheld total is a withheld area made of its records' atoms.
        atom_record = np.asarray(cut[0], dtype=np.int64)
        withheld_areas = list(withheld_areas) + [
            (np.flatnonzero(np.isin(atom_record, np.asarray(records, dtype=np.int64))), name)
            for records, name in withheld_totals]
    if not by_atoms:
        if cut is not None:
            # Every record lies inside its areas: their counts are totals over whole records.
            atom_record = np.asarray(cut[0], dtype=np.int64)
            equalities += [(atom_record[np.asarray(members, dtype=np.int64)], total)
                           for members, total in cut[2]]
        return evaluate_audit(raw_counts, statuses, equalities, protection, k, label_k, people,
                              names, withheld_totals, may_be_empty)
    return evaluate_atom_audit(raw_counts, statuses, equalities, *cut, protection, k, label_k,
                               people, add_up, names, (), record_cell if shared else None,
                               record_class, withheld_areas, may_be_empty)


def exactly_recovered(withheld, intervals, label_k=None):
    """Withheld records recovered exactly, unless proven to hold the policy's ``label_k`` or
    more: such a record could have been published (as in ``protection_failures``)."""
    from ..audit.intervals import EXACT_WIDTH

    exact = withheld & (intervals.width < EXACT_WIDTH)
    if label_k is not None:
        exact &= intervals.lower < np.asarray(label_k, dtype=float) - EXACT_WIDTH
    return exact


def _narrow_problem(narrow, names, protection):
    return _problem(
        N_("{count} withheld record(s) (e.g. {records}) can be narrowed by an attacker to an "
           "interval narrower than p = {p:g} from what the release publishes (its counts and "
           "totals, that withheld cells are not empty, the number of people, any status "
           "labels). Withhold more cells (complementary suppression) or publish fewer totals."),
        count=int(narrow.sum()), records=", ".join(map(str, np.asarray(names)[narrow][:5])),
        p=float(protection))


def evaluate_audit(raw_counts, statuses, equalities, protection, k=None, label_k=None,
                   people=None, names=None, withheld_totals=(), may_be_empty=None):
    """Audit withheld records against what the release publishes, as an outside attacker would.

    ``statuses``: published / withheld (or the old primary / complementary)
    per record; ``equalities``: (record indices, published total) pairs
    derived from what is published (the layer's totals columns, the grand
    total, coarser layers); ``people``: the number of people the release
    states (``grid.PeopleTotal``; None when the policy keeps it secret or it
    was not given); ``label_k``: the policy's k, which gives old labels their
    ranges, and a record proven to hold at least that many needs no protection.
    Fails when a protected record's integer interval is narrower than
    ``protection`` (or, given ``k``, its upper bound is below k) or when any
    withheld record is exactly recoverable. ``names`` label the records in
    messages; ``withheld_totals``: (records, name) of each declared total left blank,
    audited as a withheld record whose value is the sum of its records.
    """
    from .totals import attacker_knowledge, status_bounds
    from ..audit.intervals import attacker_intervals, protection_failures

    statuses = np.asarray(statuses, dtype=object)
    withheld = statuses != STATUS_PUBLISHED
    values = pd.to_numeric(pd.Series(np.asarray(raw_counts, dtype=object)),
                           errors="coerce").to_numpy(dtype=float)
    names = np.arange(len(values)) if names is None else np.asarray(names, dtype=object)
    if not withheld.any():
        return AuditResult(None, ())
    lower, upper, protected = status_bounds(statuses, values, label_k, may_be_empty)
    equalities, knowledge = attacker_knowledge(lower, people, equalities, upper)
    intervals = attacker_intervals(values, withheld, equalities, True, knowledge.lower,
                                   knowledge.upper, knowledge.at_least)
    narrow = protection_failures(intervals, protected, protection, k, label_k)
    exact = exactly_recovered(withheld, intervals, label_k)
    problems = list(withheld_total_problems(values, withheld, equalities, knowledge,
                                            withheld_totals, protection, k, label_k))
    if narrow.any():
        problems.append(_narrow_problem(narrow, names, protection))
    if exact.any():
        problems.append(_problem(
            N_("{count} withheld record(s) can be recovered exactly from what the release "
               "publishes."), count=int(exact.sum())))
    return AuditResult(float(intervals.width[withheld].min()), tuple(problems),
                       _failing((exact, REASON_EXACT), (narrow, REASON_NARROW)))


WITHHELD_TOTALS_NARROW = N_("{count} withheld total(s) (e.g. {totals}) can be narrowed by an "
                           "attacker to an interval narrower than p = {p:g} from what the release "
                           "publishes: a total is a cell of the release, and the cells under it "
                           "give it away. Withhold more cells under it, or a total beside it.")


def withheld_total_problems(values, withheld, equalities, knowledge, withheld_totals,
                            protection, k=None, label_k=None):
    """The problem of withheld totals (``withheld_totals``: (records, name) pairs) whose sum
    an attacker narrows below p (or, given ``k``, below k) while it could be below the
    policy's ``label_k``: the rule of a withheld record, applied to the sum of its records."""
    from ..audit.intervals import protection_failures
    from ..audit.withheld_sums import withheld_sum_intervals

    if not withheld_totals:
        return ()
    sums = withheld_sum_intervals(values, withheld, equalities,
                                  [records for records, _ in withheld_totals], knowledge.lower,
                                  knowledge.upper, knowledge.at_least)
    threshold = None if label_k is None else float(np.min(label_k))
    narrow = protection_failures(sums, np.ones(len(withheld_totals), dtype=bool), protection, k,
                                 threshold)
    if not narrow.any():
        return ()
    examples = ", ".join(f"{withheld_totals[i][1]} [{sums.lower[i]:g}, {sums.upper[i]:g}]"
                         for i in np.flatnonzero(narrow)[:5])
    return (_problem(WITHHELD_TOTALS_NARROW, count=int(narrow.sum()), p=float(protection),
                     totals=examples),)


def evaluate_atom_audit(raw_counts, statuses, equalities, atom_record, atom_areas, areas,
                        protection, k=None, label_k=None, people=None, one_point=True, names=None,
                        at_most=(), record_cell=None, record_class=None, withheld_areas=(),
                        may_be_empty=None):
    """Audit withheld records and slivers when published areas cut the records' cells.

    ``atom_record``/``atom_areas``: per atom, its record and the names of the
    areas it lies in; ``areas``: (atom indices, count) per published area;
    ``equalities``: record-level totals, sums of their records (the layer's own
    columns, the grand total). ``one_point``: the areas' counts add up (else
    they are counts of distinct people: bounds, not sums, audited exactly
    (``atom_kinds``) or, out of the exact attacker's reach, failed as
    unproven); ``at_most``: (records, total) sums the records hold at most together.
    Fails like ``evaluate_audit`` for withheld records, and for every sliver
    (an atom of a cell an area's border crosses) that could hold 1..k-1
    people and whose interval is narrower than ``protection``.
    ``record_cell``: the cell each record describes (records of a grid published
    per attribute share their cell; None: each record its own). A cell's piece
    summed over its records fails by the same rule as a sliver, and a cell with
    a withheld record summed over its records by the rule of a withheld record.
    ``record_class``: the attribute values of each record; with counts of
    distinct people a person is taken to hold one value of them (records of
    one cell add up), unless the release contradicts that
    (``AuditResult.shared_attributes``: records of one cell may then share
    people). ``withheld_areas``: (atom indices, name) of areas whose count is
    withheld, failing by the rule of withheld records (SPEC invariant 2).
    """
    from ..audit.kinds import EXACT_ATOMS, UNPROVEN
    from ..audit.atoms import atom_intervals, cell_sums
    from ..audit.intervals import CONTRADICTION, EXACT_WIDTH, Intervals, protection_failures
    from .totals import status_bounds

    statuses = np.asarray(statuses, dtype=object)
    withheld = statuses != STATUS_PUBLISHED
    values = pd.to_numeric(pd.Series(np.asarray(raw_counts, dtype=object)),
                           errors="coerce").to_numpy(dtype=float)
    names = np.arange(len(values)) if names is None else np.asarray(names, dtype=object)
    atom_record = np.asarray(atom_record, dtype=np.int64)
    lower, upper, protected = status_bounds(statuses, values, label_k, may_be_empty)
    threshold = np.broadcast_to(np.asarray(np.inf if label_k is None else label_k,
                                           dtype=float), (len(values),))
    sums = cell_sums(atom_record, atom_areas,
                          np.arange(len(values)) if record_cell is None else record_cell,
                          withheld, np.where(withheld, lower, np.nan_to_num(values)), threshold)

    def bounds(partition):
        return atom_intervals(values, withheld, lower, upper, atom_record, areas,
                              None if people is None else people.n, one_point, equalities,
                              at_most, sums.pieces + sums.cells, record_class, partition,
                              [members for members, _ in withheld_areas], sums.places)
    shared_attributes = False
    try:
        result = bounds(True)
    except InputError as error:
        if one_point or record_class is None or len(set(record_class)) < 2 or \
                error.template != CONTRADICTION:
            raise
        # An attribute a person may hold several values of (the mode of each trip).
        result, shared_attributes = bounds(False), True
    records = Intervals(result.record_lower, result.record_upper)
    problems = [_problem(UNPROVEN, atoms=len(atom_record), most=EXACT_ATOMS)] \
        if result.unproven else []
    narrow = protection_failures(records, protected, protection, k, label_k)
    if narrow.any():
        problems.append(_narrow_problem(narrow, names, protection))
    exact = withheld & (records.width < EXACT_WIDTH)
    if exact.any():
        problems.append(_problem(
            N_("{count} withheld record(s) can be recovered exactly from what the release "
               "publishes."), count=int(exact.sum())))
    cut = np.bincount(atom_record, minlength=len(values))[atom_record] > 1
    # A sliver proven to hold k or more is not at risk.
    sliver = cut & sliver_at_risk(result.atom_lower, result.atom_upper, protection,
                                  threshold[atom_record])
    if sliver.any():
        examples = [f"{names[atom_record[atom]]} ∩ {' ∩ '.join(atom_areas[atom]) or '—'} "
                    f"[{result.atom_lower[atom]:g}, {result.atom_upper[atom]:g}]"
                    for atom in np.flatnonzero(sliver)[:5]]
        problems.append(_problem(
            N_("{count} sliver(s) where a published area's border crosses a cell can be narrowed "
               "below p = {p:g} by subtracting the cells inside the area from its count (cell ∩ "
               "area [interval]: {examples}). Withhold the cells around those borders, or do not "
               "publish those area counts beside this grid."),
            count=int(sliver.sum()), p=float(protection), examples="; ".join(examples)))
    sum_problems, cell_narrow = cell_sum_problems(sums, result, names, protected, threshold,
                                                   protection, k)
    place_problems, place_atoms = place_problems_of(sums, result, atom_record, threshold,
                                                    protection)
    area_problems, failing_areas = withheld_area_problems(
        withheld_areas, result, len(sums.pieces) + len(sums.cells) + len(sums.places),
        protection, k, label_k)
    widths = records.width[withheld]
    return AuditResult(float(widths.min()) if len(widths) else None,
                       tuple(problems + sum_problems + place_problems + area_problems),
                       _failing((exact, REASON_EXACT), (narrow, REASON_NARROW),
                                (cell_narrow & withheld, REASON_CELL_NARROW)),
                       tuple(sorted(set(np.flatnonzero(sliver).tolist()) | place_atoms)), result,
                       shared_attributes,
                       failing_areas)
