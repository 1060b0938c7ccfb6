"""What a grid publishes besides its counts: status labels, totals, and the equalities and
bounds an attacker reads from them.

Totals are published per key combination (the grand total) and per coarser
parent cell; a release writes them into its own layer, so that the attacker's
equalities can be rebuilt from it (a later release of a series, the gate).
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..counting.cells import SERIES_KEY_SEPARATOR, cell_ids, dense_codes, split_series_keys
from ..errors import N_, InputError

# What a published layer says of a cell: published or withheld, nothing more (a label that
# said "primary" would tell the attacker n <= k - 1).
STATUS_PUBLISHED = "published"


STATUS_WITHHELD = "withheld"


# Why a cell is withheld: for the data holder's audit table only. Layers written by versions
# before 0.2 published these as status labels; they are still read (and their bounds used).
STATUS_PRIMARY = "primary"


STATUS_COMPLEMENTARY = "complementary"


WITHHELD_STATUSES = (STATUS_WITHHELD, STATUS_PRIMARY, STATUS_COMPLEMENTARY)


ALL_STATUSES = (STATUS_PUBLISHED,) + WITHHELD_STATUSES


def published_status(reasons):
    """The status column a release publishes: withheld for every cell not published."""
    reasons = np.asarray(reasons, dtype=object)
    return np.where(reasons == STATUS_PUBLISHED, STATUS_PUBLISHED, STATUS_WITHHELD).astype(object)


def blanked_counts(n_persons, published):
    """Counts as a nullable column with every withheld value dropped (<NA>), at the source."""
    counts = pd.array(np.where(published, n_persons, 0), dtype="Int64")
    counts[~published] = pd.NA
    return counts


def emitted_lower(may_be_empty):
    """What an emitted cell holds at least: one person, unless ``may_be_empty`` (a release
    that emits empty cells as such, or a cell a series keeps withheld after it emptied)."""
    return np.where(may_be_empty, 0.0, 1.0)


def attacker_knowledge(lower, people, equalities, upper=None):
    """(equalities, suppression.Knowledge): what the attacker knows beside the published totals.

    ``lower``/``upper``: what each cell holds at least and at most on its own
    (``emitted_lower``, label bounds); no cell holds more than the release's
    people; the people total is one more equality (one point per person) or
    a lower sum over all cells. ``people`` None: the total is secret.
    """
    from .suppression import Knowledge

    n_groups = len(lower)
    upper = np.full(n_groups, np.inf) if upper is None else np.asarray(upper, dtype=float)
    if people is None:
        return list(equalities), Knowledge(np.asarray(lower, dtype=float), upper)
    everyone = (np.arange(n_groups), float(people.n))
    upper = np.minimum(upper, float(people.n))
    if people.one_point:
        return list(equalities) + [everyone], Knowledge(np.asarray(lower, dtype=float), upper)
    return list(equalities), Knowledge(np.asarray(lower, dtype=float), upper, (everyone,))


@dataclass(frozen=True)
class Marginals:
    """Totals published beside the grid, and the protection withheld cells need against them.

    ``kind``: one of MARGINAL_KINDS; parents are the cells of a grid
    ``parent_factor`` times coarser on the same origin (so each parent is an
    exact union of children). Totals are per published key combination.
    ``straddle_k``: intervals must also reach k, so a reader cannot tell a
    withheld cell was small.
    """

    kind: str
    parent_factor: int = 4
    protection: float = 1.0
    straddle_k: bool = False

    @property
    def grand_total(self):
        return self.kind in (MARGINALS_TOTAL, MARGINALS_BOTH)

    @property
    def parents(self):
        return self.kind in (MARGINALS_PARENTS, MARGINALS_BOTH)


MARGINALS_NONE = "none"


MARGINALS_TOTAL = "grand total"


MARGINALS_PARENTS = "parent cells"


MARGINALS_BOTH = "grand total and parent cells"


MARGINAL_KINDS = (MARGINALS_NONE, MARGINALS_TOTAL, MARGINALS_PARENTS, MARGINALS_BOTH)


def _total_labels(col, row, key, marginals):
    """Per group: the label of its grand-total set and of its parent set (None: not declared).

    Parent labels are the parents' cell ids (with the key combination), so
    an earlier release's parents can be matched by reading its layer.
    """
    grand = key.astype(object) if marginals.grand_total else None
    parents = None
    if marginals.parents:
        factor = int(marginals.parent_factor)
        if factor < 2:
            raise InputError(N_("The parent factor must be a whole number of at least 2, got "
                                "{value}."), value=marginals.parent_factor)
        parents = (np.floor_divide(col, factor), np.floor_divide(row, factor))
    return grand, parents


def parent_codes(col, row, key, marginals):
    """Per group: a code of its parent cell (with its attribute values)."""
    _, (parent_col, parent_row) = _total_labels(col, row, key, marginals)
    return dense_codes(parent_col - parent_col.min(), parent_row - parent_row.min(), key)


def published_totals(counts, marginals, resolution, linked=None):
    """Per group: its parent's cell id and the published totals it lies in (<NA>: none, or
    withheld).

    These are the values printed beside the grid; written into the grid, they
    make a release self-describing, so a later release of the series can
    rebuild the equalities an attacker holds. ``linked``: the grid's
    ``linked_totals.LinkedSuppression``, which says which totals are withheld.
    """
    n_groups = len(counts.n_persons)
    frame = pd.DataFrame({"parent_id": pd.Series([None] * n_groups, dtype=object),
                          "parent_total": pd.array([pd.NA] * n_groups, dtype="Int64"),
                          "grand_total": pd.array([pd.NA] * n_groups, dtype="Int64")})
    if marginals is None:
        return frame
    _, parents = _total_labels(counts.col, counts.row, counts.key, marginals)
    if parents is not None:
        frame["parent_id"] = cell_ids(resolution * int(marginals.parent_factor), *parents)
    if linked is not None:
        totals = linked.totals
        for column, grand in (("grand_total", True), ("parent_total", False)):
            shown = np.flatnonzero((totals.grand == grand) & ~linked.totals_withheld)
            if not len(shown):
                continue
            cells = np.concatenate([totals.members[total] for total in shown])
            values = np.repeat(totals.values[shown], [len(totals.members[total])
                                                      for total in shown])
            column_values = frame[column].to_numpy(dtype="float", na_value=np.nan)
            column_values[cells] = values
            frame[column] = pd.array(pd.Series(column_values).round(), dtype="Int64")
    return frame


def published_sums(n_persons, groups, k):
    """Per group: the total of its set (cells sharing ``groups``), <NA> below k (not published)."""
    totals = pd.Series(n_persons, dtype="int64").groupby(groups).transform("sum")
    return pd.array(totals.where(totals >= k), dtype="Int64")


def equalities_from_columns(parent_ids, parent_totals, grand_totals, key_labels=None):
    """An earlier release's published equalities, rebuilt from its totals columns.

    Cells sharing a parent id (and attribute values, ``key_labels``) with a
    parent total form one equality, the cells of one attribute combination
    with a grand total another; a set whose cells disagree on its total is
    refused (the layer was edited, or mixes releases).
    """
    from ..audit.intervals import equalities_from_groups

    equalities = []
    parent_totals = pd.array(parent_totals, dtype="Float64")
    grand_totals = pd.array(grand_totals, dtype="Float64")
    keys = [""] * len(parent_ids) if key_labels is None else list(key_labels)
    # One text per (parent, attribute values): a tuple would make a 2-D array of them.
    parent_labels = np.array([f"{label}{SERIES_KEY_SEPARATOR}{key}"
                              if label is not None and not pd.isna(total) else None
                              for label, total, key in zip(parent_ids, parent_totals, keys)],
                             dtype=object)
    grand_labels = np.array([None if pd.isna(total) else key
                             for total, key in zip(grand_totals, keys)], dtype=object)
    for labels, totals in ((parent_labels, parent_totals), (grand_labels, grand_totals)):
        for cells in equalities_from_groups(labels):
            values = np.asarray(totals[cells], dtype=float)
            if np.any(values != values[0]):
                raise InputError(N_("An earlier release gives different totals for the same set "
                                    "of cells: use the grid layers exactly as they were published."))
            equalities.append((cells, float(values[0])))
    return equalities


def withheld_totals_from_columns(parent_ids, parent_totals, key_labels=None):
    """(records, name) of each declared parent total a layer leaves blank: a parent named in
    ``parent_id`` whose total is blank on every record is a withheld cell of the release whose
    value is the sum of its records (SPEC section 7; the blank says only "withheld")."""
    from ..audit.intervals import equalities_from_groups

    parent_totals = pd.array(parent_totals, dtype="Float64")
    keys = [""] * len(parent_ids) if key_labels is None else list(key_labels)
    labels = np.array([None if label is None else f"{label}{SERIES_KEY_SEPARATOR}{key}"
                       for label, key in zip(parent_ids, keys)], dtype=object)
    return [(cells, str(parent_ids[cells[0]])) for cells in equalities_from_groups(labels)
            if pd.isna(parent_totals[cells]).all()]


def status_bounds(statuses, values, k=None, may_be_empty=None):
    """(lower, upper, protected) per record, as the attacker reads them from a published layer.

    A withheld record holds at least one person, unless the layer publishes
    empty cells (a published 0: the full study-area grid). Old labels say
    more, given ``k`` (one, or one per record): "primary" 1..k-1,
    "complementary" at least k; a record labelled complementary then needs no
    protection (it is known to be large). Every other withheld record is
    protected. ``may_be_empty``: records that may be withheld although empty (a series
    release's cells withheld in the release before, see ``grid.suppressed_grid``).
    """
    statuses = np.asarray(statuses, dtype=object)
    values = np.asarray(values, dtype=float)
    withheld = statuses != STATUS_PUBLISHED
    zeros_published = bool(np.any(values[~withheld] == 0))
    lower = np.where(withheld & (not zeros_published), 1.0, 0.0)
    if may_be_empty is not None:
        lower[np.asarray(may_be_empty, dtype=bool)] = 0.0
    upper = np.full(len(statuses), np.inf)
    complementary = statuses == STATUS_COMPLEMENTARY
    if k is not None:
        k = np.broadcast_to(np.asarray(k, dtype=float), (len(statuses),))
        primary = statuses == STATUS_PRIMARY
        upper[primary] = k[primary] - 1.0
        lower[complementary] = k[complementary]
    return lower, upper, withheld & ~complementary


def published_release(cells, keys=None, k=None, people=None):
    """A grid as published (its cell_id, n_persons, status and totals columns: a DataFrame or a
    mapping of columns), as the attacker of a series holds it. ``keys``: the groups' series
    keys (``series_keys``; default the cell ids); ``k``: the policy's, to read old labels;
    ``people``: the release's number of people (``PeopleTotal``) when it was published (its
    layer's metadata), which the attacker holds as he holds the latest one's."""
    from .series import PublishedRelease

    status = np.asarray(cells["status"], dtype=object)
    keys = np.asarray(cells["cell_id"] if keys is None else keys, dtype=object)
    values = pd.to_numeric(pd.Series(np.asarray(cells["n_persons"], dtype=object)),
                           errors="coerce").to_numpy(dtype=float)
    lower, upper, protected = status_bounds(status, values, k)
    key_labels = split_series_keys(keys)[1]
    equalities = equalities_from_columns(cells["parent_id"], cells["parent_total"],
                                         cells["grand_total"], key_labels)
    equalities, knowledge = attacker_knowledge(lower, people, equalities, upper)
    blank_totals = withheld_totals_from_columns(list(cells["parent_id"]), cells["parent_total"],
                                                key_labels)
    return PublishedRelease(keys, values, status != STATUS_PUBLISHED, protected, equalities,
                            knowledge.lower, knowledge.upper, tuple(knowledge.at_least),
                            tuple(blank_totals))
