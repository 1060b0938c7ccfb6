"""Persons gathered into households, and the areas of a geographic hierarchy.

A household is the unit that moves: its members share one location (a
dwelling), and a swap exchanges the locations of two households whole. Every
household-level value (a similarity profile, a field carried along with the
location) must be the same for all its members; a value that differs is
refused, never averaged or picked.

Areas are nested by construction: the area of a household at level h is the
combination of its areas at levels 0..h (top first), as sdcMicro groups its
hierarchy columns, so a finer area never straddles a coarser one.
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..counting.cells import cell_ids, cell_index, check_resolution, encode_key_columns, \
    encode_person_ids
from ..errors import N_, InputError

# Members of one household further apart than this (metres) are at different locations.
SAME_LOCATION_M = 1e-6


@dataclass(frozen=True)
class Households:
    """Persons in households. ``of_person``: each person's household (0..n-1, numbered by first
    appearance); ``x``, ``y``: each household's location; ``first``: the row of its first
    member; ``size``: its number of members."""

    of_person: np.ndarray
    x: np.ndarray
    y: np.ndarray
    first: np.ndarray
    size: np.ndarray

    @property
    def n(self):
        return len(self.x)


def households_of(household_ids, x, y, field_name):
    """The households of persons (one id, one point each), refusing NULL ids and households
    whose members are at different locations."""
    if len(household_ids) == 0:
        raise InputError(N_("The layer has no persons: there is nothing to swap."))
    missing = pd.isna(pd.Series(household_ids)).to_numpy()
    if missing.any():
        raise InputError(N_(
            "{count} person(s) have no household id in the field '{field}': a person without a "
            "household cannot be swapped, and NULL ids would merge strangers into one household. "
            "Fill in their household ids (a person living alone is a household of one) and run "
            "again."), count=int(missing.sum()), field=field_name)
    codes = encode_person_ids(household_ids, field_name)
    _, first = np.unique(codes, return_index=True)
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    hx, hy = x[first], y[first]
    apart = (np.abs(x - hx[codes]) > SAME_LOCATION_M) | (np.abs(y - hy[codes]) > SAME_LOCATION_M)
    if apart.any():
        split = np.unique(codes[apart])
        raise InputError(N_(
            "{count} household(s) have members at different locations (e.g. household {example} "
            "in the field '{field}'): a household moves whole, from one dwelling. Give each "
            "household's members the dwelling's point, or check the household id field."),
            count=len(split), example=str(np.asarray(household_ids, dtype=object)[first[split[0]]]),
            field=field_name)
    return Households(codes, hx, hy, first, np.bincount(codes, minlength=len(first)))


def household_values(households, values, field_name):
    """The value of a household-level field for each household (that of its members), refusing
    a household whose members differ (NULL is a value of its own)."""
    codes = np.asarray(pd.factorize(pd.Series(values).infer_objects())[0])  # NULL: -1
    differ = codes != codes[households.first][households.of_person]
    if differ.any():
        raise InputError(N_(
            "The field '{field}' differs between members of {count} household(s): a similarity "
            "profile or a carried field describes the household, so all its members must hold "
            "the same value. Choose a household-level field."),
            field=field_name, count=len(np.unique(households.of_person[differ])))
    return np.asarray(values, dtype=object)[households.first]


def profile_codes(households, columns):
    """One integer per distinct combination of household-level values (``columns``: per-person
    value columns, each checked by ``household_values``; a dict of name -> values)."""
    return encode_key_columns([household_values(households, values, name)
                               for name, values in columns.items()], households.n)


@dataclass(frozen=True)
class AreaLevel:
    """One level of the hierarchy: a name for the report, each household's area (a code,
    nested in the level above), a label per area code and, for a grid, each household's
    (column, row) cell (None for zones): donors lie two cells or more away."""

    name: str
    codes: np.ndarray
    labels: list
    cells: object = None


def _combine(first, second):
    """A code per distinct pair of two code arrays."""
    pairs = first.astype(np.int64) * (int(second.max()) + 1) + second
    return pd.factorize(pairs)[0].astype(np.int64)


def grid_level(name, x, y, origin, size):
    """The square cells of ``size`` metres from ``origin`` holding the households."""
    size = check_resolution(size)
    col, row = cell_index(x, origin[0], size), cell_index(y, origin[1], size)
    codes = _combine(pd.factorize(col)[0], pd.factorize(row)[0])
    _, first = np.unique(codes, return_index=True)
    return AreaLevel(name, codes, list(cell_ids(size, col[first], row[first])),
                     np.column_stack([col, row]).astype(np.int64))


def zone_level(name, zone_of_household, zone_ids):
    """Zones holding the households (``zone_of_household``: an index into ``zone_ids``, -1
    for none), refusing a household in no zone."""
    zone_of_household = np.asarray(zone_of_household, dtype=np.int64)
    outside = int((zone_of_household < 0).sum())
    if outside:
        raise InputError(N_(
            "{count} household(s) lie in no zone of '{level}': every household needs an area at "
            "every level. Extend the zones to cover them, or clip the persons first."),
            count=outside, level=name)
    codes, used = pd.factorize(zone_of_household)
    return AreaLevel(name, codes.astype(np.int64), [str(zone_ids[zone]) for zone in used])


def nest_codes(areas):
    """Area codes (per level, top first, one per household) made nested: a household's area at
    level h is its combination of areas at levels 0..h."""
    if not len(areas):
        raise InputError(N_("Give at least one level of the geographic hierarchy (a cell size or "
                            "a zone layer)."))
    result = []
    for codes in areas:
        codes = pd.factorize(np.asarray(codes))[0].astype(np.int64)
        result.append(_combine(result[-1], codes) if result else codes)
    return result


def nested(levels):
    """The levels (top first) with nested codes (``nest_codes``); an area that splits one of
    its level's areas is labelled with its parent's label too."""
    codes = nest_codes([level.codes for level in levels])
    result = [AreaLevel(levels[0].name, codes[0], levels[0].labels, levels[0].cells)]
    for level, own_codes in zip(levels[1:], codes[1:]):
        parent = result[-1]
        _, first = np.unique(own_codes, return_index=True)
        own = [level.labels[code] for code in level.codes[first]]
        if len(first) > len(level.labels):
            own = [f"{parent.labels[up]} / {label}"
                   for up, label in zip(parent.codes[first], own)]
        result.append(AreaLevel(level.name, own_codes, own, level.cells))
    return result
