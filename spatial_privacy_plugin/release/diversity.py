"""l-diversity and t-closeness of a published attribute breakdown: the gate's optional check
that a published cell does not give its people's sensitive value away."""

from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..errors import N_, InputError
from ..problems import problem as _problem


@dataclass(frozen=True)
class DiversityResult:
    min_distinct: int  # fewest distinct sensitive values in a published cell
    max_distance: float  # largest distance of a cell's distribution to the release's
    problems: tuple


def evaluate_diversity(cells, sensitive, counts, withheld=None, l=None, t=None, ordered=False):
    """Distinct l-diversity and t-closeness of published cells.

    Each record is one (cell, sensitive value, count) of a published
    attribute breakdown; withheld records and zero counts show no value. A
    cell fails l-diversity with fewer than ``l`` distinct sensitive values.
    Its t-closeness distance compares its distribution of the sensitive value
    with the whole release's: the earth mover's distance over the sorted
    categories when ``ordered`` (1/(m-1) Σ_i |Σ_{j<=i} (q_j - p_j)|), else the
    total variation ½ Σ |q - p|; it fails above ``t``.
    """
    frame = pd.DataFrame({"cell": list(cells), "value": list(sensitive),
                          "count": pd.to_numeric(pd.Series(list(counts), dtype=object),
                                                 errors="coerce")})
    if withheld is not None:
        frame = frame[~np.asarray(withheld, dtype=bool)]
    frame = frame[frame["count"].fillna(0) > 0]
    if frame["value"].isna().any():
        raise InputError(N_("{count} published record(s) have no sensitive value: give every "
                            "record its category."), count=int(frame["value"].isna().sum()))
    if frame.empty:
        return DiversityResult(0, 0.0, (_problem(N_(
            "No published record has a positive count: there is no evidence of diversity.")),))
    table = frame.pivot_table(index="cell", columns="value", values="count", aggfunc="sum",
                              fill_value=0)
    table = table[sorted(table.columns)] if ordered else table
    distinct = (table > 0).sum(axis=1)
    problems = []
    if l is not None and (distinct < l).any():
        problems.append(_problem(
            N_("{count} published cell(s) show fewer than l = {l} distinct sensitive values "
               "(fewest: {fewest}): everyone in them can be assigned a value. Merge categories, "
               "publish coarser, or withhold the attribute."),
            count=int((distinct < l).sum()), l=int(l), fewest=int(distinct.min())))
    overall = table.sum(axis=0) / table.to_numpy().sum()
    shares = table.div(table.sum(axis=1), axis=0)
    if ordered:
        steps = max(len(table.columns) - 1, 1)
        distance = (shares - overall).cumsum(axis=1).abs().sum(axis=1) / steps
    else:
        distance = (shares - overall).abs().sum(axis=1) / 2.0
    if t is not None and (distance > t + 1e-12).any():
        problems.append(_problem(
            N_("{count} published cell(s) have a distribution of the sensitive value farther than "
               "t = {t:g} from the whole release's (largest: {largest:.3f})."),
            count=int((distance > t + 1e-12).sum()), t=float(t), largest=float(distance.max())))
    return DiversityResult(int(distinct.min()), float(distance.max()), tuple(problems))
