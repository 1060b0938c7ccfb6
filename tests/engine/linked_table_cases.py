"""Random small linked tables for the tests of the grid against ``linked_table_attacker``:
cells of 250 m (3 x 3 to 8 x 8) under parents 2-4 cells wide and a grand total, one point
per person, k 3-10, p 1..k, the number of people known or secret."""

import numpy as np
import pandas as pd
from linked_table_attacker import attack

from spatial_privacy_plugin.release import grid

CELL = 250.0


def random_table(rng):
    """A random case: points of distinct people, the true counts per (col, row, key), and the
    policy and totals of its release."""
    columns, rows = int(rng.integers(3, 9)), int(rng.integers(3, 9))
    k = int(rng.integers(3, 11))
    keys = 2 if rng.random() < 0.2 else 1
    # Each cell x key is empty, small (1..k-1) or large (k..3k).
    size = rng.choice(3, size=(columns, rows, keys), p=[0.3, 0.35, 0.35])
    small, large = rng.integers(1, k, size.shape), rng.integers(k, 3 * k + 1, size.shape)
    truth = np.where(size == 0, 0, np.where(size == 1, small, large))
    col, row, key = np.nonzero(truth)
    people = truth[col, row, key]
    col, row, key = (np.repeat(values, people) for values in (col, row, key))
    kind = grid.MARGINAL_KINDS[int(rng.choice(4, p=[0.1, 0.2, 0.2, 0.5]))]
    marginals = grid.Marginals(kind, parent_factor=int(rng.integers(2, 5)),
                               protection=int(rng.integers(1, k + 1)),
                               straddle_k=bool(rng.random() < 0.2))
    return dict(k=k, marginals=marginals, people_known=bool(rng.integers(2)), truth=truth,
                x=(col + rng.uniform(0.01, 0.99, len(col))) * CELL,
                y=(row + rng.uniform(0.01, 0.99, len(row))) * CELL,
                key=key.astype(np.int64), key_labels=np.array(["a", "b"], dtype=object)
                if keys == 2 else None)


def describe(case):
    marginals = case["marginals"]
    return dict(k=case["k"], p=marginals.protection, kind=marginals.kind,
                factor=marginals.parent_factor, straddle_k=marginals.straddle_k,
                people=int(case["truth"].sum()), people_known=case["people_known"])


def true_counts(case, cells):
    """The true count of each row of the release."""
    codes = np.zeros(len(cells), dtype=np.int64) if "key_label" not in cells else \
        pd.Index(case["key_labels"]).get_indexer(cells["key_label"])
    return case["truth"][cells["col"].to_numpy(), cells["row"].to_numpy(), codes]


def attacked(case, cells, shortcut=True):
    """The attacker's items for a release of the case, checked sound against the truth:
    published values are true, exact intervals hold the true value."""
    people = int(case["truth"].sum())
    marginals = case["marginals"]
    items = attack(cells, people if case["people_known"] else None, non_empty=True,
                   grand_total_declared=marginals.grand_total,
                   shortcut=(case["k"], marginals.protection) if shortcut else None)
    truth = true_counts(case, cells)
    assert (truth > 0).all() and len(cells) == np.count_nonzero(case["truth"])
    for item in items:
        value = truth[list(item.rows)].sum()
        assert item.value == value if not item.withheld else \
            not item.exact or item.lower <= value <= item.upper, (item, value)
    return items
