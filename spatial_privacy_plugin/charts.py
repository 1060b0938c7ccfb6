"""Charts as plotly figure specs (plain dicts in plotly's JSON form): the sweep's, the join
simulation's escalation curve and the method comparison's panels.

Labels are passed in already translated; the charts only describe what to draw.
The glue turns a figure into HTML where plotly is installed, and the engine
never imports it. Reference lines (the tolerance, the ceiling ρ) are legend
entries, never text on the plot, so that no label hides a point.
"""

import math
import textwrap

COLOURS = ("#cb181d", "#2171b5", "#238b45", "#6a51a3")
# Series drawn widest first and each with its own dash and marker, so that equal series stay
# visible on top of each other.
WIDTHS = (5.0, 2.5, 1.5, 1.5)
DASHES = ("solid", "dash", "dot", "dashdot")
MARKERS = ("circle-open", "square", "triangle-up", "diamond")


def _reference_line(x, value, name, yaxis="y"):
    """A dotted horizontal line named in the legend (a label on the plot could hide a point)."""
    return {"type": "scatter", "mode": "lines", "x": list(x), "y": [value] * len(x),
            "name": name, "yaxis": yaxis, "hoverinfo": "skip",
            "line": {"color": "black", "width": 1.5, "dash": "dot"}}


def escalation_figure(steps, series, threshold, labels):
    """A plotly figure (as a dict) of the join simulation's escalation curve.

    ``steps``: what the adversary knows at each step (the x categories);
    ``series``: (name, shares) pairs aligned with ``steps`` (None: unknown);
    ``threshold``: the policy's ρ, a dotted line (None: no policy). ``labels``:
    translated texts, keys title, share, steps, threshold.
    """
    data = []
    for number, (name, values) in enumerate(series):
        data.append({"type": "scatter", "mode": "lines+markers", "x": list(steps),
                     "y": [None if value is None or value != value else value for value in values],
                     "name": name,
                     "line": {"color": COLOURS[number % len(COLOURS)],
                              "width": WIDTHS[number % len(WIDTHS)],
                              "dash": DASHES[number % len(DASHES)]},
                     "marker": {"symbol": MARKERS[number % len(MARKERS)], "size": 10},
                     "hovertemplate": "%{x}: %{y:.1%}<extra></extra>"})
    if threshold is not None:
        data.append(_reference_line(steps, threshold, labels["threshold"]))
    layout = {
        "title": {"text": labels["title"], "x": 0.5, "xanchor": "center"},
        "xaxis": {"title": {"text": labels["steps"], "standoff": 12}, "type": "category",
                  "automargin": True},
        "yaxis": {"title": {"text": labels["share"], "standoff": 10}, "tickformat": ".0%",
                  "range": [0, 1.02], "automargin": True},
        "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": -0.25, "yanchor": "top"},
        "margin": {"l": 70, "r": 30, "t": 70, "b": 40},
        "template": "plotly_white", "width": 900, "height": 520,
    }
    return {"data": data, "layout": layout}


def sweep_figure(series, tolerance, recommended, labels):
    """A plotly figure (as a dict) of the sweep: withheld share and median count by cell size.

    ``series``: (name or None, sizes, withheld shares, median published counts)
    per stratum (one entry without strata). ``tolerance``: a dotted line on the
    share axis, named in the legend; ``recommended``: the size marked by a vertical line (None:
    no size is publishable, said in a note). ``labels``: translated texts,
    keys title, size, share, median, tolerance, recommended, none_publishable
    and, per stratum, the trace names share_of / median_of (with ``{name}``).
    """
    data = []
    sizes_seen = sorted({float(size) for _, sizes, _, _ in series for size in sizes})
    for number, (name, sizes, shares, medians) in enumerate(series):
        colour = COLOURS[number % len(COLOURS)]
        # One series: a colour per axis; several strata: a colour per stratum, dashes per axis.
        median_colour = COLOURS[1] if len(series) == 1 else colour
        suffix = {"name": name} if name is not None else None
        data.append({"type": "scatter", "mode": "lines+markers", "x": list(sizes),
                     "y": [None if value != value else value for value in shares],
                     "name": labels["share_of"].format(**suffix) if suffix else labels["share"],
                     "line": {"color": colour, "width": 3},
                     "marker": {"symbol": "circle", "size": 9},
                     "hovertemplate": "%{x:g} m: %{y:.1%}<extra></extra>"})
        data.append({"type": "scatter", "mode": "lines+markers", "x": list(sizes),
                     "y": [None if value != value else value for value in medians],
                     "name": labels["median_of"].format(**suffix) if suffix else labels["median"],
                     "yaxis": "y2", "line": {"color": median_colour, "width": 2, "dash": "dash"},
                     "marker": {"symbol": "square", "size": 8},
                     "hovertemplate": "%{x:g} m: %{y:g}<extra></extra>"})
    data.append(_reference_line(sizes_seen, tolerance, labels["tolerance"]))
    shapes, annotations = [], []
    if recommended is not None:
        shapes.append({"type": "line", "xref": "x", "x0": recommended, "x1": recommended,
                       "yref": "paper", "y0": 0, "y1": 1,
                       "line": {"color": "#238b45", "width": 3}})
        # An annotation on a log axis is placed in log units (a shape is not).
        annotations.append({"xref": "x", "x": math.log10(recommended), "yref": "paper", "y": 1,
                            "yanchor": "bottom", "showarrow": False,
                            "font": {"color": "#238b45"},
                            "text": labels["recommended"]})
    else:
        annotations.append({"xref": "paper", "x": 0.5, "yref": "paper", "y": 1,
                            "yanchor": "bottom", "showarrow": False,
                            "text": labels["none_publishable"]})
    top_share = max([tolerance] + [value for _, _, shares, _ in series for value in shares
                                   if value == value])
    layout = {
        "title": {"text": labels["title"], "x": 0.5, "xanchor": "center"},
        "xaxis": {"title": {"text": labels["size"], "standoff": 12}, "type": "log",
                  "tickvals": sizes_seen, "ticktext": [f"{size:g}" for size in sizes_seen],
                  "automargin": True},
        "yaxis": {"title": {"text": labels["share"], "standoff": 10}, "tickformat": ".0%",
                  "range": [0, min(1.0, top_share * 1.15) or 1.0], "rangemode": "tozero",
                  "automargin": True},
        "yaxis2": {"title": {"text": labels["median"], "standoff": 10}, "overlaying": "y",
                   "side": "right", "rangemode": "tozero", "showgrid": False,
                   "automargin": True},
        "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": -0.2, "yanchor": "top"},
        "margin": {"l": 70, "r": 70, "t": 90, "b": 40},
        "shapes": shapes, "annotations": annotations,
        "template": "plotly_white", "width": 900, "height": 560,
    }
    return {"data": data, "layout": layout}


def _lines(text, width=130):
    """``text`` (lines joined by <br>) broken into lines of at most ``width`` characters, as a
    list (plotly does not wrap)."""
    return [line for part in text.split("<br>") for line in textwrap.wrap(part, width)]


def comparison_figure(rows, labels, missing):
    """A plotly figure (as a dict) of the method comparison: three panels over the cell size
    and one legend entry per method (its lines in every panel share it):

    - mean absolute error per cell against the true counts (solid) and, for a method that
      perturbs other counts (the DP grid: each person in at most m cells), against those
      (dashed);
    - the Kantorovich–Wasserstein distance in metres;
    - what the method's attacker can know: the cells its audit pins (a count, left axis,
      solid) or, for a method without an audit, the probability that a published count lies
      within a stated width of the count it was drawn from (right axis, dotted).

    ``rows``: per method a dict with ``name`` (as shown), ``sizes``, ``mae``, ``wasserstein``,
    ``risk``, ``risk_kind`` ("cells" or "probability") and optionally ``mae_bounded``; values
    None (or NaN) where not computed. ``missing``: for each such value, {(name, size, key):
    why} (key: mae, mae_bounded, wasserstein or risk), listed under the chart as
    ``labels["missing"]`` with {method}, {size}, {measure} (``labels[key]``, for the risk
    ``labels[risk_kind]``) and {reason}.
    ``labels``: translated texts, keys title, size, mae, mae_note, mae_bounded, wasserstein,
    wasserstein_note (optional), risk, risk_note, cells, probability, missing, missing_title,
    note.
    """
    def clean(values):
        return [None if value is None or value != value else value for value in values]

    data, notes = [], []
    sizes_seen = sorted({float(size) for row in rows for size in row["sizes"]})
    for number, row in enumerate(rows):
        name, sizes = row["name"], list(row["sizes"])
        colour = COLOURS[number % len(COLOURS)]
        probability = row["risk_kind"] == "probability"
        lines = [("mae", "y", "solid", "%{y:.3g}"),
                 ("mae_bounded", "y", "dash", "%{y:.3g}"),
                 ("wasserstein", "y2", "solid", "%{y:.3g} m"),
                 ("risk", "y4" if probability else "y3", "dot" if probability else "solid",
                  "%{y:.1%}" if probability else "%{y}")]
        for key, axis, dash, value in lines:
            if key not in row:
                continue
            values = clean(row[key])
            measure = labels[key if key != "risk" else row["risk_kind"]]
            notes += [labels["missing"].format(method=name, size=size, measure=measure,
                                               reason=missing[(name, size, key)])
                      for size, point in zip(sizes, values) if point is None]
            data.append({"type": "scatter", "mode": "lines+markers", "x": sizes, "y": values,
                         "name": name, "legendgroup": name, "showlegend": not data or
                         data[-1]["legendgroup"] != name, "yaxis": axis,
                         "line": {"color": colour, "width": 3, "dash": dash},
                         "marker": {"symbol": MARKERS[number % len(MARKERS)], "size": 9},
                         "hovertemplate": f"%{{x:g}} m: {value}<extra>{name}: "
                                          f"{measure}</extra>"})
    panel = {"rangemode": "tozero", "automargin": True, "anchor": "x"}
    # Each panel named above it, with what its lines are (titles beside short panels would run
    # into each other).
    panels = [(labels["mae"], labels["mae_note"], 1.0),
              (labels["wasserstein"], labels.get("wasserstein_note", ""), 0.64),
              (labels["risk"], labels["risk_note"], 0.33)]
    # The notes sit under the legend; the figure grows by their height, the panels do not.
    notes = [line for note in notes for line in _lines(note)]
    extra = 60 + 18 * (len(notes) + 1) if notes else 0
    annotations = [{"xref": "paper", "x": 0.5, "xanchor": "center", "yref": "paper", "y": 1.02,
                    "yanchor": "bottom", "showarrow": False, "text": labels["note"]}]
    annotations += [{"xref": "paper", "x": 0, "xanchor": "left", "yref": "paper", "y": top,
                     "yanchor": "top", "showarrow": False, "align": "left",
                     "text": f"<b>{text}</b>" + "".join(
                         f"<br><span style='font-size:11px'>{line}</span>"
                         for line in _lines(note))}
                    for text, note, top in panels]
    if notes:
        annotations.append({"xref": "paper", "x": 0, "xanchor": "left", "yref": "paper",
                            "y": -0.2, "yanchor": "top", "showarrow": False, "align": "left",
                            "text": "<br>".join([f"<b>{labels['missing_title']}</b>"] + notes)})
    layout = {
        "title": {"text": labels["title"], "x": 0.5, "xanchor": "center"},
        "xaxis": {"title": {"text": labels["size"], "standoff": 12}, "type": "log",
                  "tickvals": sizes_seen, "ticktext": [f"{size:g}" for size in sizes_seen],
                  "anchor": "y3", "automargin": True},
        "yaxis": {**panel, "domain": [0.70, 0.90]},
        "yaxis2": {**panel, "domain": [0.37, 0.56]},
        "yaxis3": {**panel, "domain": [0.0, 0.20], "title": {"text": labels["cells"]}},
        "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": -0.12,
                   "yanchor": "top"},
        "annotations": annotations,
        "margin": {"l": 80, "r": 80, "t": 100, "b": 100 + extra},
        "template": "plotly_white", "width": 900, "height": 900 + extra,
    }
    if any(row["risk_kind"] == "probability" for row in rows):
        layout["yaxis4"] = {"overlaying": "y3", "side": "right", "range": [0, 1.02],
                            "tickformat": ".0%", "showgrid": False, "automargin": True,
                            "title": {"text": labels["probability"]}}
    return {"data": data, "layout": layout}
