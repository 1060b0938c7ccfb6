"""The figures of a swap's report: swapped shares per level and area, and the distance chart.

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
