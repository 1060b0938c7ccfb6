"""P-tables in the format of ONS's cell key perturbation (the ``cell-key-perturbation`` package).

ONS gives one noise per original count and integer cell key: columns ``pcv``
(the row, 1 to 750), ``ckey`` (0 to K − 1, K = 256 or 4096) and ``pvalue`` (the
noise). Its record keys are whole numbers 0..K − 1 and a cell's key is their
sum modulo K. A count up to 750 uses its own row; a larger count n uses row
``(n − 1) mod 250 + 501``, so rows 501 to 750 serve 751 to 1000, 1001 to 1250
and so on in turn (ONS's documentation of the package, "Perturbation Table"):
for a rounding table (its 10-5 rule) the reuse keeps every count rounded.

Here a record key k of ONS's range is the fraction k / K (a persistent record
key field), the cell key is then exactly (sum of k mod K) / K, and
``floor(cell key × K)`` is ONS's ckey; record keys from a key file give
uniform cell keys, of which the same ``floor`` is taken.
"""

import numpy as np
import pandas as pd

from ..errors import N_, InputError

ONS_COLUMNS = ("pcv", "ckey", "pvalue")
ONS_LAST_ROW = 750
ONS_CYCLE_START = 501
MAX_KEY_LEVELS = 2 ** 16


def _whole_numbers(frame, source):
    try:
        numbers = frame[list(ONS_COLUMNS)].apply(pd.to_numeric, errors="raise").astype(float)
    except (ValueError, TypeError):
        raise InputError(N_("The p-table {source} has a value that is not a number: the columns "
                            "pcv, ckey, pvalue of ONS's format hold whole numbers only."),
                         source=source) from None
    values = numbers.to_numpy()
    if not len(values) or not np.isfinite(values).all() or (values != np.round(values)).any():
        raise InputError(N_("The p-table {source} is empty or has a missing or fractional value: "
                            "pcv, ckey and pvalue are whole numbers."), source=source)
    return numbers.astype(np.int64)


def ons_key_noise(frame, source=""):
    """The noise of a p-table in ONS's format (see the module docstring), validated: an array
    of rows 0 to 750 (axis 0; row 0 leaves an empty cell as it is) by integer cell key."""
    numbers = _whole_numbers(frame, source)
    rows, keys, noise = (numbers[name].to_numpy() for name in ONS_COLUMNS)
    if (keys < 0).any() or (rows < 0).any():
        raise InputError(N_("The p-table {source} has a negative pcv or ckey."), source=source)
    levels = int(keys.max()) + 1
    if levels > MAX_KEY_LEVELS or levels & (levels - 1):
        raise InputError(N_("The cell keys of the p-table {source} run from 0 to {largest}: give a "
                            "table whose cell keys run from 0 to a power of two less one (ONS: "
                            "255 or 4095, at most {limit}), so that the record key k of a person "
                            "is the fraction k / {levels} exactly."),
                         source=source, largest=levels - 1, limit=MAX_KEY_LEVELS - 1,
                         levels=levels)
    present = sorted(set(rows.tolist()) - {0})
    if present != list(range(1, ONS_LAST_ROW + 1)):
        raise InputError(N_("The p-table {source} has {count} rows (pcv) from {first} to {last}: "
                            "ONS's package serves every count above {end} with rows {start} to "
                            "{end} in turn, so a table in its format needs every row from 1 to "
                            "{end}."), source=source, count=len(present),
                         first=present[0] if present else 0, last=present[-1] if present else 0,
                         start=ONS_CYCLE_START, end=ONS_LAST_ROW)
    table = np.full((ONS_LAST_ROW + 1, levels), np.iinfo(np.int64).min, dtype=np.int64)
    seen = np.zeros((ONS_LAST_ROW + 1, levels), dtype=np.int64)
    np.add.at(seen, (rows, keys), 1)
    zero_row = seen[0].max()  # row 0 is optional: ONS leaves an empty cell as it is
    if (seen[1:] != 1).any() or (seen[0] != zero_row).any():
        raise InputError(N_("The p-table {source} must give every pair of pcv and ckey (0 to "
                            "{largest}) exactly once."), source=source, largest=levels - 1)
    table[rows, keys] = noise
    if not zero_row:
        table[0] = 0
    if (table[0] != 0).any():
        raise InputError(N_("Row 0 of the p-table {source} moves an empty cell: 0 must stay 0."),
                         source=source)
    counts = np.arange(ONS_LAST_ROW + 1)[:, None]
    if (counts + table < 0).any():
        raise InputError(N_("The p-table {source} publishes a negative count (pcv + pvalue < 0)."),
                         source=source)
    return table
