"""Is the chosen person id field really a person id? Signs that features are counted as people.

Counts are of distinct people. A field that numbers the rows (the layer's feature id, a primary
key, a copied row number) makes every trip a person: the counts grow and small cells look
safe. One point per person with distinct ids is legitimate (home locations), so distinct ids
alone are no evidence; the rules below need a second sign.
"""

import math
import re

import numpy as np
import pandas as pd

# Field names that usually hold a person's (or a device's) id, compared after normalise_name.
PERSON_ID_NAMES = ("person_id", "personid", "person", "pid", "id_person", "person_key",
                   "individual_id", "individual", "user_id", "userid", "user", "uid",
                   "device_id", "deviceid", "device", "respondent_id", "participant_id",
                   "subject_id", "patient_id", "id_personne", "personne", "id_individu")
# Names a feature id or row number usually has when the provider does not say it is the key.
ROW_ID_NAMES = ("fid", "ogc_fid", "ogr_fid", "objectid", "object_id", "gid", "rowid", "row_id")

REASON_KEY = "key"  # the field is the layer's feature id or primary key
REASON_ROW_NUMBERS = "row numbers"  # distinct ids that run through consecutive integers
REASON_OTHER_FIELD = "other field"  # distinct ids while a person-like field repeats


def normalise_name(name):
    """Lower case, with spaces, hyphens and dots read as underscores."""
    return re.sub(r"[\s.\-]+", "_", str(name).strip().lower())


def person_like_fields(names):
    """The field names, in layer order, that are named like a person id."""
    return [name for name in names if normalise_name(name) in PERSON_ID_NAMES]


def _whole_number_array(values):
    """Integer arrays (as the Arrow reader gives id columns): checked in numpy, not per value."""
    return isinstance(values, np.ndarray) and values.dtype.kind in "iu"


def _all_distinct(values):
    if _whole_number_array(values):
        # Trip tables come person by person: a repeat is usually beside its twin.
        if len(values) >= 2 and (values[1:] == values[:-1]).any():
            return False
        return len(pd.unique(values)) == len(values)
    return len(set(values)) == len(values)


def _consecutive_integers(values):
    """True when the distinct values are the integers m, m+1, …, m+n-1 in some order (n >= 2)."""
    if _whole_number_array(values):
        return len(values) >= 2 and int(values.max()) - int(values.min()) == len(values) - 1
    numbers = []
    for value in values:
        if value is None or type(value).__name__ in ("bool", "bool_"):
            return False
        if isinstance(value, str):
            if not value.strip().lstrip("-").isdigit():
                return False
            value = int(value)
        try:
            number = float(value)
        except (TypeError, ValueError):
            return False
        if not math.isfinite(number) or number != int(number):
            return False
        numbers.append(int(number))
    # Distinct integers are consecutive exactly when they span n values.
    return len(numbers) >= 2 and max(numbers) - min(numbers) == len(numbers) - 1


def person_id_doubt(values, is_key=False, others=None):
    """Why the ids in ``values`` (one per point) look like feature numbers, or None.

    - REASON_KEY: the field is the layer's feature id or primary key (``is_key``);
    - REASON_ROW_NUMBERS: every id is distinct and together they are consecutive integers,
      as a row number is;
    - REASON_OTHER_FIELD: every id is distinct while another field named like a person id
      (``others``: name -> values) repeats, so people do have several points here.
    Returns (reason, other field name or None).
    """
    if is_key:
        return REASON_KEY, None
    if not _whole_number_array(values):
        values = list(values)
    distinct = len(values) >= 2 and _all_distinct(values)
    # The other fields matter only beside distinct ids (doubt_from_signs).
    others_distinct = {name: _all_distinct(other if _whole_number_array(other) else list(other))
                       for name, other in (others or {}).items()} if distinct else {}
    return doubt_from_signs(False, distinct, others_distinct,
                            lambda: _consecutive_integers(values))


def doubt_from_signs(is_key, distinct, others_distinct, consecutive):
    """``person_id_doubt`` from its signs, where they were found without the values (a
    database): ``distinct`` (at least two ids, all distinct), ``others_distinct`` (name ->
    whether that field's values are all distinct), ``consecutive()`` (the ids are consecutive
    integers; called only when it decides)."""
    if is_key:
        return REASON_KEY, None
    if not distinct:
        return None
    for name, other_distinct in others_distinct.items():
        if not other_distinct:
            return REASON_OTHER_FIELD, name
    if consecutive():
        return REASON_ROW_NUMBERS, None
    return None


def ids_differing_in_form(values, examples=3):
    """Distinct text ids that are one id written differently: equal once surrounding spaces
    and leading zeros are removed ('00012', '12', ' 12'). Each counts as a person of its own,
    which is right only where the source means them as different people.

    Returns (number of such groups, up to ``examples`` groups as sorted tuples of their
    forms). Numbers are not compared (a number has one form).
    """
    if _whole_number_array(values) or len(values) == 0:
        return 0, []
    distinct = pd.unique(np.asarray(values, dtype=object).reshape(-1))
    texts = pd.Series([value for value in distinct if isinstance(value, str)], dtype=object)
    if len(texts) < 2:
        return 0, []
    stripped = texts.str.strip()
    keys = stripped.str.lstrip("0")
    keys = keys.where((keys != "") | (stripped == ""), "0")  # '000' and '0' are one id
    grouped = texts.groupby(keys.to_numpy(), sort=True)
    forms = [tuple(sorted(group)) for _, group in grouped if len(group) > 1]
    return len(forms), forms[:examples]
