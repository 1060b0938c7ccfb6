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
