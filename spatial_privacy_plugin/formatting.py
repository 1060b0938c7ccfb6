"""Numbers as people read them: shares as percentages, legend classes with round breaks.

Pure arithmetic (no QGIS): the glue translates the words around these numbers.
"""

import math

# Round numbers a legend starts a class at: 1, 2.5 and 5 times a power of ten.
ROUND_MANTISSAS = (1.0, 2.5, 5.0)
# Risk classes without a ceiling (shares of 1): round figures an analyst recognises.
RISK_BREAKS = (0.001, 0.01, 0.05, 0.2)


class Figure(str):
    """A number written out for people (a percentage): the glue's translated messages give it
    their language's decimal separator, as they do numbers."""


def percent(share):
    """``share`` (a fraction of 1) as a percentage with digits that show it.

    From 1 % up, one decimal (12.5 %); below, two significant digits, so that a
    risk of 0.00003 reads 0.0030 % rather than 0.0 %. None or NaN reads as "–".
    """
    if share is None or share != share:
        return "–"
    value = 100.0 * float(share)
    if value == 0.0:
        return Figure("0 %")
    if abs(value) >= 1.0:
        return Figure(f"{value:.1f} %")
    rounded = float(f"{value:.2g}")  # two significant digits, then as many decimals as they need
    decimals = 1 - int(math.floor(math.log10(abs(rounded))))
    return Figure(f"{rounded:.{decimals}f} %")


def count_class_breaks(k, largest=None, classes=6):
    """Lower bounds of legend classes for people counts, the first at ``k``.

    The next bounds are round numbers (1, 2.5, 5 × 10ⁿ) at least 1.5 k, so the
    first class is not a sliver; with ``largest`` (the largest count shown) no
    class starts above it. At most ``classes`` bounds; the last class is open.
    """
    k = max(int(k), 1)
    bounds = [k]
    exponent = 0
    while len(bounds) < classes:
        for mantissa in ROUND_MANTISSAS:
            bound = mantissa * 10 ** exponent
            if bound != int(bound):
                continue  # 2.5 is no count of people
            bound = int(bound)
            if bound >= 1.5 * k and bound > bounds[-1] and len(bounds) < classes:
                if largest is not None and bound > largest:
                    return bounds
                bounds.append(bound)
        exponent += 1
    return bounds


def risk_class_breaks(ceiling=None):
    """Inner breaks of legend classes for a probability, the ceiling among them.

    With a ceiling c: a quarter, a half and c itself below it, twice c above it
    (breaks of 1 or more are left out); without one, round figures (0.1 %, 1 %,
    5 %, 20 %).
    """
    if ceiling is None:
        return list(RISK_BREAKS)
    breaks = [ceiling / 4, ceiling / 2, ceiling, 2 * ceiling]
    return [value for value in breaks if 0 < value < 1]


def shown_share(share):
    """``share`` rounded to the digits ``percent`` shows of it (a legend break reads exactly)."""
    return round(share, 3) if share >= 0.01 else float(f"{share:.2g}")


def spread_breaks(breaks, values, classes=4):
    """``breaks`` (inner breaks of probability classes) with breaks added where every one of
    ``values`` falls in one class, so that the legend shows the spread present: the values'
    quantiles at 1/classes, 2/classes, …, rounded as ``percent`` shows them, those strictly
    above the smallest value and at most the largest. Unchanged when the values span two
    classes or more, or are all equal (None and NaN are left out)."""
    present = sorted(value for value in values if value is not None and value == value)
    if not present or any(present[0] < bound <= present[-1] for bound in breaks):
        return list(breaks)
    quantiles = [present[round(index * (len(present) - 1) / classes)]
                 for index in range(1, classes)]
    added = {shown_share(value) for value in quantiles}
    return sorted(set(breaks) | {bound for bound in added if present[0] < bound <= present[-1]})
