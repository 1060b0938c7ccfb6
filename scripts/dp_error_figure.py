"""Error of the DP grid against ε on the sample city, beside the cell key method and
suppression of the same cells.

Usage: python3 scripts/dp_error_figure.py [output.svg]
Prints a Markdown table and writes an SVG chart (default sample/dp_error_vs_epsilon.svg). The
figures are the mean absolute error, in people, over the 1 km cells of the sample city that
hold anyone, against the true number of distinct people per cell; the DP release is the
sample's 250 m to 2 km hierarchy with the budget split across its four levels, a fixed seed
per run (this is a figure, not a release) and the median of five runs. The cell key method
uses the p-table D = 5, V = 3, JS = 2 and record keys from a fixed figure key.
"""

import sys
from pathlib import Path
from xml.sax.saxutils import escape

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spatial_privacy_plugin.noise import cellkey, dp_release  # noqa: E402
from spatial_privacy_plugin.release import grid  # noqa: E402
from spatial_privacy_plugin.noise.ptable import create_ptable  # noqa: E402
from spatial_privacy_plugin.risk.masking import mask_generator  # noqa: E402
from spatial_privacy_plugin.policy import load_policy  # noqa: E402
from spatial_privacy_plugin.samples.synthetic import synthetic_trips  # noqa: E402

EPSILONS = (0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
SIZES = (250.0, 500.0, 1000.0, 2000.0)
LEVEL = 1000.0
RUNS = 5


def true_counts(x, y, persons, size):
    counts = grid.count_cells(x, y, persons, np.zeros(len(x), dtype=np.int64), (0.0, 0.0), size)
    return {(int(c), int(r)): int(n) for c, r, n in zip(counts.col, counts.row, counts.n_persons)}


def dp_error(x, y, persons, truth, mechanism, epsilon, m):
    domain = dp_release.extent_domain((0.0, 0.0), SIZES[-1], (x.min(), y.min(), x.max(), y.max()))
    plan = dp_release.plan_noise(mechanism, epsilon, SIZES, m, 1e-6)
    errors = []
    for run in range(RUNS):
        cells = dp_release.dp_grid(x, y, persons, domain, plan,
                                   mask_generator(f"figure {run}")).cells
        cells = cells[cells["resolution_m"] == LEVEL]
        released = dict(zip(zip(cells["col"], cells["row"]), cells["n_persons"]))
        errors.append(np.mean([abs(released.get(cell, 0) - n) for cell, n in truth.items()]))
    return float(np.median(errors))


def suppression_error(x, y, persons, truth, k):
    cells = grid.suppressed_grid(x, y, persons, np.zeros(len(x), dtype=np.int64), (0.0, 0.0),
                                 LEVEL, k).cells
    published = dict(zip(zip(cells["col"], cells["row"]), cells["n_persons"]))
    # A reader who fills withheld cells with 0 (the least they can say of them).
    def value(cell):
        count = published.get(cell)
        return 0 if count is None or str(count) == "<NA>" else int(count)
    return float(np.mean([abs(value(cell) - n) for cell, n in truth.items()]))


def cell_key_error(x, y, persons, ids, truth):
    """Mean absolute error of the cell key method's published counts (empty cells are not
    emitted by it either: they count as 0 both ways)."""
    keys = cellkey.hmac_record_keys(b"figure key, not a release key",
                                    cellkey.person_ids_by_code(persons, ids))
    cells = cellkey.perturbed_cells(x, y, persons, np.zeros(len(x), dtype=np.int64), (0.0, 0.0),
                                    LEVEL, keys, create_ptable(5, 3.0, 2))
    published = dict(zip(zip(cells.col.tolist(), cells.row.tolist()), cells.published.tolist()))
    return float(np.mean([abs(published.get(cell, 0) - n) for cell, n in truth.items()]))


def chart(series, references, path):
    width, height, left, right, top, bottom = 860, 440, 70, 330, 50, 70
    plot_w, plot_h = width - left - right, height - top - bottom
    top_value = max(max(v for _, values in series for v in values),
                    max(value for _, value in references)) * 1.1
    log_eps = np.log(EPSILONS)

    def px(eps_log):
        return left + plot_w * (eps_log - log_eps[0]) / (log_eps[-1] - log_eps[0])

    def py(value):
        return top + plot_h * (1 - value / top_value)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12"><rect width="{width}" height="{height}" '
             f'fill="white"/><text x="{(left + plot_w / 2):.0f}" y="28" text-anchor="middle" '
             f'font-size="15" font-weight="bold">Sample city, 1 km cells: mean absolute error '
             f'against ε</text>']
    for tick in np.linspace(0, top_value, 6):
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{py(tick):.1f}" '
                     f'y2="{py(tick):.1f}" stroke="#ddd"/><text x="{left - 6}" y="{py(tick) + 4:.1f}" '
                     f'text-anchor="end">{tick:.0f}</text>')
    for eps, eps_log in zip(EPSILONS, log_eps):
        parts.append(f'<text x="{px(eps_log):.1f}" y="{top + plot_h + 18}" '
                     f'text-anchor="middle">{eps:g}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 20}" text-anchor="middle">ε of the '
                 f'release (log scale; split over 4 levels)</text><text x="18" '
                 f'y="{top + plot_h / 2}" transform="rotate(-90 18 {top + plot_h / 2})" '
                 f'text-anchor="middle">people per occupied cell</text>')
    colours = ("#2171b5", "#6baed6", "#238b45", "#fd8d3c", "#cb181d")
    flat = [(name, [value] * len(EPSILONS)) for name, value in references]
    colours += ("#6a51a3",)
    for number, (name, values) in enumerate(series + flat):
        colour = colours[number % len(colours)]
        dash = ' stroke-dasharray="6 4"' if number >= len(series) else ""
        points = " ".join(f"{px(e):.1f},{py(v):.1f}" for e, v in zip(log_eps, values))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.5"{dash}/>')
        legend = top + 20 + 22 * number
        parts.append(f'<line x1="{left + plot_w + 14}" x2="{left + plot_w + 38}" y1="{legend - 4}" '
                     f'y2="{legend - 4}" stroke="{colour}" stroke-width="2.5"{dash}/><text '
                     f'x="{left + plot_w + 44}" y="{legend}">{escape(name)}</text>')
    parts.append("</svg>")
    Path(path).write_text("\n".join(parts) + "\n", encoding="utf-8")


def main(path):
    trips = synthetic_trips()
    x, y = trips["x"].to_numpy(), trips["y"].to_numpy()
    persons = grid.encode_person_ids(trips["person_id"].to_numpy(), "person_id")
    truth = true_counts(x, y, persons, LEVEL)
    k = load_policy(ROOT / "sample" / "policy.toml").k
    series = []
    rows = []
    for name, mechanism, m in (("discrete Laplace, m = 1", dp_release.MECHANISM_LAPLACE, 1),
                               ("discrete Laplace, m = 3", dp_release.MECHANISM_LAPLACE, 3),
                               ("discrete Gaussian, m = 3, δ = 1e-6",
                                dp_release.MECHANISM_GAUSSIAN, 3)):
        values = [dp_error(x, y, persons, truth, mechanism, eps, m) for eps in EPSILONS]
        series.append((name, values))
        rows.append((name, values))
    # The same people at one point each (their first trip): the cost of the noise alone.
    first = trips.drop_duplicates("person_id")
    hx, hy = first["x"].to_numpy(), first["y"].to_numpy()
    hp = grid.encode_person_ids(first["person_id"].to_numpy(), "person_id")
    values = [dp_error(hx, hy, hp, true_counts(hx, hy, hp, LEVEL), dp_release.MECHANISM_LAPLACE,
                       eps, 1) for eps in EPSILONS]
    name = "one point per person, discrete Laplace, m = 1"
    series.append((name, values))
    rows.append((name, values))
    suppressed = suppression_error(x, y, persons, truth, k)
    keyed = cell_key_error(x, y, persons, trips["person_id"].to_numpy(), truth)
    references = [(f"suppression, k = {k} (withheld read as 0)", suppressed),
                  ("cell key method, D = 5, V = 3, JS = 2", keyed)]
    chart(series, references, path)
    print("| release | " + " | ".join(f"ε = {eps:g}" for eps in EPSILONS) + " |")
    print("| --- |" + " ---: |" * len(EPSILONS))
    for name, values in rows:
        print(f"| {name} | " + " | ".join(f"{value:.1f}" for value in values) + " |")
    for name, value in references:
        print(f"| {name} | " + " | ".join(f"{value:.1f}" for _ in EPSILONS) + " |")
    print(f"occupied 1 km cells: {len(truth)}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ROOT / "sample" / "dp_error_vs_epsilon.svg")
