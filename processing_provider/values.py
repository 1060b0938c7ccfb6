"""Attribute values as plain Python: what layers hold, read once for every module."""

import math

import numpy as np
from qgis.PyQt.QtCore import QVariant


def python_value(value):
    """A plain Python value for an attribute: NULL and NaN become None."""
    if value is None or isinstance(value, QVariant) and value.isNull():
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    if isinstance(value, str):
        return value
    try:
        missing = bool(value != value)  # pandas.NA raises here, NaN-like values are unequal
    except TypeError:
        return None
    return None if missing else str(value)


def distinct_rows(columns):
    """(each row's number among the distinct rows of ``columns``, numbered in the order the
    rows first appear; the first row of each), found by hashing (no sort).

    Floats are compared by their bits, so that a distinct row keeps its exact values; the
    missing values of an object column are one value."""
    import pandas as pd

    codes, bound = None, 1  # codes < bound
    for column in columns:
        values = column.to_numpy() if hasattr(column, "to_numpy") else np.asarray(column)
        if values.dtype.kind == "f":
            values = values.astype(np.float64).view(np.int64)
        part, distinct = pd.factorize(np.ascontiguousarray(values))
        part = part.astype(np.int64)
        part[part < 0] = len(distinct)
        if codes is not None and bound * (len(distinct) + 1) >= 2 ** 62:
            codes = pd.factorize(codes)[0].astype(np.int64)  # renumbered before they overflow
            bound = int(codes.max()) + 1 if len(codes) else 1
        codes = part if codes is None else codes * (len(distinct) + 1) + part
        bound *= len(distinct) + 1
    codes = pd.factorize(codes)[0].astype(np.int64)
    # Numbered by first appearance: a row starts a new number where the running maximum grows.
    first = np.flatnonzero(np.diff(np.maximum.accumulate(codes), prepend=-1))
    return codes, first
