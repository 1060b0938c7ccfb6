"""The figures of a swap's report: swapped shares per level and area, what an intruder who looks
near a target's true cell finds, and the distance chart.

For the data holder only: where households were swapped tells where the risky
ones lived.
"""

import numpy as np
import pandas as pd

DISTANCE_BINS = 30


def level_shares(result, levels):
    """One row per level (``levels``: ``households.AreaLevel``, top first): its name, areas,
    households swapped at it (high-risk, drawn for the rate), households whose area at this
    level changed, their share, and the share per area (smallest, median, largest)."""
    rows = []
    for index, level in enumerate(levels):
        at_level = result.pairs[result.pairs["level"] == index]
        moved = level.codes[result.location_of] != level.codes
        n_areas = int(level.codes.max()) + 1
        households = np.bincount(level.codes, minlength=n_areas)
        shares = np.bincount(level.codes, weights=moved, minlength=n_areas) / households
        rows.append({"level": level.name, "areas": n_areas,
                     "high_risk_swaps": int(at_level["targeted"].sum()),
                     "rate_swaps": int((~at_level["targeted"]).sum()),
                     "households_moved": int(moved.sum()), "share_moved": float(moved.mean()),
                     "area_share_min": float(shares.min()),
                     "area_share_median": float(np.median(shares)),
                     "area_share_max": float(shares.max())})
    return pd.DataFrame(rows)


def area_shares(result, level):
    """One row per area of ``level``: its label, households, households that left it or
    entered it by a swap, and the share of its households that moved out."""
    n_areas = len(level.labels)
    after = level.codes[result.location_of]
    moved = after != level.codes
    households = np.bincount(level.codes, minlength=n_areas)
    left = np.bincount(level.codes, weights=moved, minlength=n_areas).astype(np.int64)
    entered = np.bincount(after, weights=moved, minlength=n_areas).astype(np.int64)
    return pd.DataFrame({"area": level.labels, "households": households, "left": left,
                         "entered": entered, "share_moved": left / households})


def _published_near(households, at_level, result, levels):
    """Per household, at its level: published in its true area; published within the 3 × 3
    cells around it (at a level of zones: in its true zone)."""
    same = np.zeros(len(households), dtype=bool)
    near = np.zeros(len(households), dtype=bool)
    published = result.location_of[households]
    for index, level in enumerate(levels):
        mine = at_level == index
        true, shown = households[mine], published[mine]
        same[mine] = level.codes[true] == level.codes[shown]
        near[mine] = same[mine] if level.cells is None else \
            np.abs(level.cells[true] - level.cells[shown]).max(axis=1) <= 1
    return same, near


def neighbourhood_shares(result, levels):
    """What an intruder finds who knows a target's risk-field values and true cell at the level
    where it was at risk, and looks for it there, or in the 3 × 3 cells around it (at a level
    of zones: in the zone). One row per group, ``high_risk`` (every high-risk household at its
    top-most level of risk; one without a donor is published in place) and ``swapped`` (every
    swapped household, recipient or donor, at the level of its swap): its number of
    households, the share published in their true cell (``same_cell``) and the share
    published within the 3 × 3 cells around it (``neighbourhood``); NaN for a group of none.
    Without the swap both shares are 1."""
    high = np.flatnonzero(result.high_risk_level >= 0)
    pairs = result.pairs
    groups = {"high_risk": (high, result.high_risk_level[high]),
              "swapped": (np.concatenate([pairs["recipient"].to_numpy(dtype=np.int64),
                                          pairs["donor"].to_numpy(dtype=np.int64)]),
                          np.tile(pairs["level"].to_numpy(dtype=np.int64), 2))}
    rows = []
    for group, (households, at_level) in groups.items():
        same, near = _published_near(households, at_level, result, levels)
        rows.append({"group": group, "households": len(households),
                     "same_cell": float(same.mean()) if len(same) else np.nan,
                     "neighbourhood": float(near.mean()) if len(near) else np.nan})
    return pd.DataFrame(rows)


def distance_figure(distances, max_distance, labels):
    """A plotly figure (as a dict) of the distances between swapped households: a histogram,
    with the donor distance as a dashed line. ``labels``: translated texts, keys title,
    distance, swaps, limit (with ``{distance}``)."""
    distances = np.asarray(distances, dtype=float)
    top = max(float(distances.max()) if len(distances) else 1.0, max_distance or 0.0, 1.0)
    data = [{"type": "histogram", "x": distances.tolist(), "name": labels["swaps"],
             "xbins": {"start": 0.0, "end": top, "size": top / DISTANCE_BINS},
             "marker": {"color": "#2171b5"},
             "hovertemplate": "%{x} m: %{y}<extra></extra>"}]
    shapes, annotations = [], []
    if max_distance is not None:
        shapes.append({"type": "line", "xref": "x", "x0": max_distance, "x1": max_distance,
                       "yref": "paper", "y0": 0, "y1": 1,
                       "line": {"color": "black", "dash": "dash"}})
        annotations.append({"xref": "x", "x": max_distance, "yref": "paper", "y": 1,
                            "yanchor": "bottom", "showarrow": False,
                            "text": labels["limit"].format(distance=f"{max_distance:g}")})
    return {"data": data, "layout": {
        "title": {"text": labels["title"], "x": 0.5, "xanchor": "center"},
        "xaxis": {"title": {"text": labels["distance"]}, "rangemode": "tozero"},
        "yaxis": {"title": {"text": labels["swaps"]}, "rangemode": "tozero"},
        "bargap": 0.05, "shapes": shapes, "annotations": annotations,
        "margin": {"l": 70, "r": 30, "t": 90, "b": 60}}}
