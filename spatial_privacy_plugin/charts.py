"""Charts without a plotting library in the engine: an SVG line chart and a plotly figure spec.

Labels are passed in already translated; the charts only draw. The sweep's
figure is a plain dict in plotly's JSON form: the glue turns it into HTML
where plotly is installed, and the engine never imports it.
"""

import math
import textwrap
from xml.sax.saxutils import escape

WIDTH = 760
LEFT, RIGHT, TOP, PLOT_HEIGHT = 70, 30, 50, 300
TICK_LINE, LEGEND_ROW = 15, 22
TICK_WRAP = 18  # characters per line of an x tick label (about 6.5 px each)
COLOURS = ("#cb181d", "#2171b5", "#238b45", "#6a51a3")
# Series drawn widest first and each with its own dash and marker, so that equal series stay
# visible on top of each other.
WIDTHS = (5.0, 2.5, 1.5, 1.5)
DASHES = ("", "9 5", "2 4", "12 3 2 3")
MARKERS = ("circle", "square", "triangle", "diamond")


def _marker(kind, x, y, colour):
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="white" stroke="{colour}" ' \
               f'stroke-width="2"/>'
    if kind == "square":
        return f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{colour}"/>'
    if kind == "triangle":
        return f'<polygon points="{x:.1f},{y - 5:.1f} {x + 4.5:.1f},{y + 3.5:.1f} ' \
               f'{x - 4.5:.1f},{y + 3.5:.1f}" fill="{colour}"/>'
    return f'<polygon points="{x:.1f},{y - 5:.1f} {x + 4:.1f},{y:.1f} {x:.1f},{y + 5:.1f} ' \
           f'{x - 4:.1f},{y:.1f}" fill="{colour}"/>'


def _multiline(x, y, lines):
    """Centred lines of text, one element each (viewers differ on tspan offsets)."""
    return "".join(f'<text x="{x:.1f}" y="{y + TICK_LINE * index:.1f}" text-anchor="middle">'
                   f'{escape(line)}</text>' for index, line in enumerate(lines))


def line_chart_svg(title, x_labels, series, y_label, x_label, threshold=None, threshold_label=""):
    """SVG text of a line chart with y a share from 0 to 1 (ticks in per cent).

    ``series``: (name, values) pairs, values aligned with ``x_labels``; None
    values are left out of a line. ``threshold``: a dashed horizontal line.
    Tick labels wrap instead of turning, and the legend sits under the x axis
    title, one series a row, so that no text runs into another or off the edge.
    """
    plot_width = WIDTH - LEFT - RIGHT
    steps = max(len(x_labels) - 1, 1)
    wrapped = [textwrap.wrap(str(label), TICK_WRAP) or [""] for label in x_labels]
    tick_lines = max((len(lines) for lines in wrapped), default=1)
    axis_bottom = TOP + PLOT_HEIGHT
    x_title_y = axis_bottom + 22 + TICK_LINE * tick_lines + 10
    legend_top = x_title_y + 16
    height = legend_top + LEGEND_ROW * len(series) + 10
    # The first and last points stand in from the axis ends: their labels are centred on them.
    pad = min(TICK_WRAP * 3.5, plot_width / 4)

    def x_of(index):
        if len(x_labels) <= 1:
            return LEFT + plot_width / 2
        return LEFT + pad + (plot_width - 2 * pad) * index / steps

    def y_of(value):
        return TOP + PLOT_HEIGHT * (1.0 - value)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
             f'<text x="{WIDTH / 2}" y="28" text-anchor="middle" font-size="16" '
             f'font-weight="bold">{escape(title)}</text>']
    for tick in range(0, 11, 2):
        y = y_of(tick / 10)
        parts.append(f'<line x1="{LEFT}" y1="{y}" x2="{LEFT + plot_width}" y2="{y}" '
                     f'stroke="#dddddd"/>')
        parts.append(f'<text x="{LEFT - 8}" y="{y + 4}" text-anchor="end">{tick * 10} %</text>')
    parts.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{axis_bottom}" stroke="black"/>')
    parts.append(f'<line x1="{LEFT}" y1="{axis_bottom}" x2="{LEFT + plot_width}" '
                 f'y2="{axis_bottom}" stroke="black"/>')
    for index, lines in enumerate(wrapped):
        parts.append(f'<line x1="{x_of(index):.1f}" y1="{axis_bottom}" x2="{x_of(index):.1f}" '
                     f'y2="{axis_bottom + 5}" stroke="black"/>')
        parts.append(_multiline(x_of(index), axis_bottom + 20, lines))
    parts.append(f'<text x="{LEFT + plot_width / 2}" y="{x_title_y}" text-anchor="middle" '
                 f'font-weight="bold">{escape(x_label)}</text>')
    parts.append(f'<text x="16" y="{TOP + PLOT_HEIGHT / 2}" text-anchor="middle" '
                 f'font-weight="bold" transform="rotate(-90 16 {TOP + PLOT_HEIGHT / 2})">'
                 f'{escape(y_label)}</text>')
    if threshold is not None and 0 <= threshold <= 1:
        y = y_of(threshold)
        parts.append(f'<line x1="{LEFT}" y1="{y}" x2="{LEFT + plot_width}" y2="{y}" '
                     f'stroke="black" stroke-dasharray="6 4"/>')
        # Between the last two points, where no marker is, on a white halo over the lines.
        label_x = (x_of(steps - 1) + x_of(steps)) / 2 if len(x_labels) > 1 else x_of(0)
        parts.append(f'<text x="{label_x:.1f}" y="{y - 6}" text-anchor="middle" '
                     f'stroke="white" stroke-width="4" paint-order="stroke">'
                     f'{escape(threshold_label)}</text>')
    for number, (name, values) in enumerate(series):
        colour = COLOURS[number % len(COLOURS)]
        width, dash = WIDTHS[number % len(WIDTHS)], DASHES[number % len(DASHES)]
        marker = MARKERS[number % len(MARKERS)]
        dashing = f' stroke-dasharray="{dash}"' if dash else ""
        points = [(x_of(i), y_of(v)) for i, v in enumerate(values) if v is not None and v == v]
        if points:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                         f'stroke-width="{width}" stroke-opacity="0.85"{dashing}/>')
            parts.extend(_marker(marker, x, y, colour) for x, y in points)
        legend_y = legend_top + LEGEND_ROW * number
        parts.append(f'<line x1="{LEFT}" y1="{legend_y - 4}" x2="{LEFT + 40}" y2="{legend_y - 4}" '
                     f'stroke="{colour}" stroke-width="{width}"{dashing}/>')
        parts.append(_marker(marker, LEFT + 20, legend_y - 4, colour))
        parts.append(f'<text x="{LEFT + 50}" y="{legend_y}">{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def sweep_figure(series, tolerance, recommended, labels):
    """A plotly figure (as a dict) of the sweep: withheld share and median count by cell size.

    ``series``: (name or None, sizes, withheld shares, median published counts)
    per stratum (one entry without strata). ``tolerance``: the dashed line on
    the share axis; ``recommended``: the size marked by a vertical line (None:
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
    shapes = [{"type": "line", "xref": "paper", "x0": 0, "x1": 1, "yref": "y",
               "y0": tolerance, "y1": tolerance, "line": {"color": "black", "dash": "dot"}}]
    # On a white box: the median line may cross the label.
    annotations = [{"xref": "paper", "x": 0.01, "xanchor": "left", "yref": "y", "y": tolerance,
                    "yanchor": "bottom", "showarrow": False, "bgcolor": "rgba(255,255,255,0.9)",
                    "text": labels["tolerance"]}]
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


def comparison_figure(rows, labels):
    """A plotly figure (as a dict) of the method comparison: three panels over the cell size,
    one line per method in each (mean absolute error per cell; Kantorovich–Wasserstein
    distance in metres; cells at risk: small counts published exactly, solid, and cells the
    method's audit pins, dotted).

    ``rows``: (method label, sizes, mae, wasserstein, small published exactly, pinned) per
    method, values None where not computed. ``labels``: translated texts, keys title, size,
    mae, wasserstein, risk, exact_of and pinned_of (trace names with ``{method}``), note.
    """
    def clean(values):
        return [None if value is None or value != value else value for value in values]

    data = []
    sizes_seen = sorted({float(size) for _, sizes, *_ in rows for size in sizes})
    for number, (method, sizes, mae, wasserstein, exact, pinned) in enumerate(rows):
        colour = COLOURS[number % len(COLOURS)]
        marker = {"symbol": MARKERS[number % len(MARKERS)].replace("triangle", "triangle-up"),
                  "size": 9}
        common = {"type": "scatter", "mode": "lines+markers", "x": list(sizes),
                  "legendgroup": method, "marker": marker}
        data.append({**common, "y": clean(mae), "name": method, "yaxis": "y",
                     "line": {"color": colour, "width": 3},
                     "hovertemplate": "%{x:g} m: %{y:.3g}<extra>" + method + "</extra>"})
        data.append({**common, "y": clean(wasserstein), "name": method, "yaxis": "y2",
                     "showlegend": False, "line": {"color": colour, "width": 3},
                     "hovertemplate": "%{x:g} m: %{y:.3g} m<extra>" + method + "</extra>"})
        data.append({**common, "y": clean(exact), "yaxis": "y3",
                     "name": labels["exact_of"].format(method=method),
                     "line": {"color": colour, "width": 3},
                     "hovertemplate": "%{x:g} m: %{y}<extra></extra>"})
        if any(value is not None for value in clean(pinned)):  # a method without an audit: none
            data.append({**common, "y": clean(pinned), "yaxis": "y3",
                         "name": labels["pinned_of"].format(method=method),
                         "line": {"color": colour, "width": 2, "dash": "dot"},
                         "hovertemplate": "%{x:g} m: %{y}<extra></extra>"})
    panel = {"rangemode": "tozero", "automargin": True, "anchor": "x"}
    # Each panel named above it (titles beside short panels would run into each other).
    panels = [(labels["mae"], 1.0), (labels["wasserstein"], 0.64), (labels["risk"], 0.30)]
    layout = {
        "title": {"text": labels["title"], "x": 0.5, "xanchor": "center"},
        "xaxis": {"title": {"text": labels["size"], "standoff": 12}, "type": "log",
                  "tickvals": sizes_seen, "ticktext": [f"{size:g}" for size in sizes_seen],
                  "anchor": "y3", "automargin": True},
        "yaxis": {**panel, "domain": [0.70, 0.96]},
        "yaxis2": {**panel, "domain": [0.36, 0.60]},
        "yaxis3": {**panel, "domain": [0.0, 0.26]},
        "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": -0.12,
                   "yanchor": "top"},
        "annotations": [{"xref": "paper", "x": 0.5, "xanchor": "center", "yref": "paper",
                         "y": 1.02, "yanchor": "bottom", "showarrow": False,
                         "text": labels["note"]}] + [
            {"xref": "paper", "x": 0, "xanchor": "left", "yref": "paper", "y": top,
             "yanchor": "top", "showarrow": False, "font": {"size": 14}, "text": f"<b>{text}</b>"}
            for text, top in panels],
        "margin": {"l": 80, "r": 40, "t": 100, "b": 40},
        "template": "plotly_white", "width": 900, "height": 900,
    }
    return {"data": data, "layout": layout}
