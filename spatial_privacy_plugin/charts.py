"""A small SVG line chart (no plotting library needed): the escalation curve.

Labels are passed in already translated; the chart only draws.
"""

from xml.sax.saxutils import escape

WIDTH, HEIGHT = 760, 460
LEFT, RIGHT, TOP, BOTTOM = 70, 190, 50, 110
COLOURS = ("#cb181d", "#2171b5", "#238b45", "#6a51a3")


def line_chart_svg(title, x_labels, series, y_label, x_label, threshold=None, threshold_label=""):
    """SVG text of a line chart with y from 0 to 1.

    ``series``: (name, values) pairs, values aligned with ``x_labels``; None
    values are left out of a line. ``threshold``: a dashed horizontal line.
    """
    plot_width = WIDTH - LEFT - RIGHT
    plot_height = HEIGHT - TOP - BOTTOM
    steps = max(len(x_labels) - 1, 1)

    def x_of(index):
        return LEFT + plot_width * index / steps

    def y_of(value):
        return TOP + plot_height * (1.0 - value)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
             f'<text x="{WIDTH / 2}" y="28" text-anchor="middle" font-size="16" '
             f'font-weight="bold">{escape(title)}</text>']
    for tick in range(0, 11, 2):
        value = tick / 10
        y = y_of(value)
        parts.append(f'<line x1="{LEFT}" y1="{y}" x2="{LEFT + plot_width}" y2="{y}" '
                     f'stroke="#dddddd"/>')
        parts.append(f'<text x="{LEFT - 8}" y="{y + 4}" text-anchor="end">{value:.1f}</text>')
    parts.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_height}" stroke="black"/>')
    parts.append(f'<line x1="{LEFT}" y1="{TOP + plot_height}" x2="{LEFT + plot_width}" '
                 f'y2="{TOP + plot_height}" stroke="black"/>')
    for index, label in enumerate(x_labels):
        x = x_of(index)
        parts.append(f'<text x="{x}" y="{TOP + plot_height + 18}" text-anchor="end" '
                     f'transform="rotate(-25 {x} {TOP + plot_height + 18})">{escape(label)}</text>')
    parts.append(f'<text x="{LEFT + plot_width / 2}" y="{HEIGHT - 12}" '
                 f'text-anchor="middle">{escape(x_label)}</text>')
    parts.append(f'<text x="18" y="{TOP + plot_height / 2}" text-anchor="middle" '
                 f'transform="rotate(-90 18 {TOP + plot_height / 2})">{escape(y_label)}</text>')
    if threshold is not None and 0 <= threshold <= 1:
        y = y_of(threshold)
        parts.append(f'<line x1="{LEFT}" y1="{y}" x2="{LEFT + plot_width}" y2="{y}" '
                     f'stroke="black" stroke-dasharray="6 4"/>')
        parts.append(f'<text x="{LEFT + plot_width + 8}" y="{y + 4}">{escape(threshold_label)}</text>')
    for number, (name, values) in enumerate(series):
        colour = COLOURS[number % len(COLOURS)]
        points = [(x_of(i), y_of(v)) for i, v in enumerate(values) if v is not None and v == v]
        if points:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"/>')
            parts.extend(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>' for x, y in points)
        legend_y = TOP + 20 + 22 * number
        parts.append(f'<line x1="{LEFT + plot_width + 16}" y1="{legend_y - 4}" '
                     f'x2="{LEFT + plot_width + 40}" y2="{legend_y - 4}" stroke="{colour}" '
                     f'stroke-width="2.5"/>')
        parts.append(f'<text x="{LEFT + plot_width + 46}" y="{legend_y}">{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
