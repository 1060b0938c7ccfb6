"""The method comparison's Kantorovich–Wasserstein distance without POT (issue 40, item 3).

Solvers side by side (``--solvers``) on the sample homes' grid at 250 m (one point per person,
25,000 and 100,000 people) against a noisy copy of it (±3 per cell, clipped at 0), in one
process: POT's exact network simplex, the plugin's column generation as it is and as it was
(no coarse start, no arcs dropped), and the grid flow at several reaches, each with its value,
its seconds and its relative difference to POT. ``--comparison``: the method comparison of the
25,000 people (households at one point) at 250 m with all four methods through Processing, end
to end, with POT hidden from QGIS's Python (issue 40's target: under 60 s). Prints Markdown.

``--beyond SIDE``: a noisy square grid of SIDE × SIDE cells past the exact limit, solved as
``transport.plan`` says, beside POT's exact value.

Usage: .venv/bin/python bench/kw_distance.py [--solvers] [--comparison] [--people 25000,100000]
       [--reaches 1,2,3] [--before 25000] [--beyond 110]
"""

import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from spatial_privacy_plugin.compare import grid_flow, transport  # noqa: E402
from spatial_privacy_plugin.counting.cells import count_cells  # noqa: E402
from spatial_privacy_plugin.release import grid  # noqa: E402
from spatial_privacy_plugin.samples.synthetic import synthetic_trips  # noqa: E402

RESOLUTION = 250.0


def homes_grid(n_persons):
    """(col, row, true counts, noisy counts) of the sample homes at 250 m."""
    homes = synthetic_trips(n_persons).groupby("person_id").head(1)
    x, y = homes["x"].to_numpy(), homes["y"].to_numpy()
    persons = grid.encode_person_ids(homes["person_id"].to_numpy(), "person_id")
    truth = count_cells(x, y, persons, grid.encode_key_columns([], len(x)), (0.0, 0.0),
                        RESOLUTION)
    counts = truth.n_persons.astype(np.int64)
    noisy = np.maximum(counts + np.random.default_rng(1).integers(-3, 4, len(counts)), 0)
    return truth.col, truth.row, counts, noisy


def timed(function):
    started = time.perf_counter()
    value = function()
    return value, time.perf_counter() - started


def exact(col, row, a, b, emd):
    transport.use_network_simplex(emd)
    try:
        return timed(lambda: transport.wasserstein(col, row, a, b, RESOLUTION, max_pairs=10 ** 9))
    finally:
        transport.use_network_simplex(None)


def column_generation_before(col, row, a, b):
    """The column generation as it was before the coarse start and the dropped arcs."""
    kept = transport.COARSE_FROM_PAIRS, transport.KEPT_REDUCED_COST
    transport.COARSE_FROM_PAIRS, transport.KEPT_REDUCED_COST = math.inf, math.inf
    try:
        return exact(col, row, a, b, None)
    finally:
        transport.COARSE_FROM_PAIRS, transport.KEPT_REDUCED_COST = kept


def flow(col, row, a, b, reach):
    """The grid flow at ``reach``, on the problem ``transport.wasserstein`` builds."""
    difference = a * int(b.sum()) - b * int(a.sum())
    scale = float(a.sum()) * float(b.sum())
    places = np.column_stack([col, row])
    sending, receiving = difference > 0, difference < 0
    (cost, _), seconds = timed(lambda: grid_flow.grid_flow_cost(
        places[sending], difference[sending] / scale, places[receiving],
        -difference[receiving] / scale, reach))
    nodes = len(grid_flow.region_nodes(places[sending | receiving], reach))
    return cost * RESOLUTION, seconds, nodes


def solvers(people, reaches, before):
    import ot

    print("| case | cells | pairs | solver | value (m) | seconds | relative to POT | bound |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    for n in people:
        col, row, a, b = homes_grid(n)
        reference, reference_seconds = exact(col, row, a, b, ot.emd)
        case = f"{n:,} homes at 250 m | {len(col):,} | {reference.pairs:,}"

        def line(name, value, seconds, bound):
            relative = (value - reference.distance) / reference.distance
            print(f"| {case} | {name} | {value:.6f} | {seconds:.2f} | {relative:.1e} | "
                  f"{bound:.2%} |", flush=True)

        line("POT ot.emd (exact)", reference.distance, reference_seconds, 0.0)
        found, seconds = exact(col, row, a, b, None)
        line("column generation, this commit (exact)", found.distance, seconds, 0.0)
        if n in before:
            found, seconds = column_generation_before(col, row, a, b)
            line("column generation as before (exact)", found.distance, seconds, 0.0)
        for reach in reaches:
            value, seconds, nodes = flow(col, row, a, b, reach)
            line(f"grid flow, reach {reach} ({nodes:,} nodes, "
                 f"{len(grid_flow.directions(reach))} directions)", value, seconds,
                 grid_flow.relative_bound(reach))


def beyond_exact(side):
    """A noisy square grid past the exact limit: the route ``transport.plan`` takes (the grid
    flow at the reach that fits its time) beside POT's exact value."""
    import ot

    rng = np.random.default_rng(7)
    col, row = (values.ravel() for values in np.meshgrid(np.arange(side), np.arange(side)))
    a = rng.integers(0, 30, len(col))
    b = np.maximum(a + rng.integers(-3, 4, len(col)), 0)
    found, seconds = timed(lambda: transport.wasserstein(col, row, a, b, RESOLUTION))
    transport.use_network_simplex(ot.emd)
    kept = transport.MAX_NETWORK_SIMPLEX_PAIRS
    transport.MAX_NETWORK_SIMPLEX_PAIRS = 10 ** 12
    try:
        reference, reference_seconds = exact(col, row, a, b, ot.emd)
    finally:
        transport.MAX_NETWORK_SIMPLEX_PAIRS = kept
    relative = (found.distance - reference.distance) / reference.distance
    print(f"\n{side} × {side} cells, ±3 each, {found.pairs:,} pairs: the plan's route "
          f"{found.distance:.4f} m in {seconds:.1f} s (bound {found.bound:.2%}, {found.arcs:,} "
          f"arcs), POT {reference.distance:.4f} m in {reference_seconds:.1f} s: {relative:.1e} "
          "relative.", flush=True)


def comparison(n_persons):
    """The method comparison through Processing with POT hidden, in a fresh QGIS."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.modules["ot"] = None  # `import ot` now raises ImportError, as where POT is missing
    sys.path.insert(0, "/usr/share/qgis/python/plugins")
    plugins = Path(tempfile.mkdtemp(prefix="bench_plugins_"))
    (plugins / "spatial_privacy").symlink_to(ROOT, target_is_directory=True)
    sys.path.insert(0, str(plugins))
    sys.path.insert(0, str(ROOT / "scripts"))
    from qgis.core import QgsApplication, QgsProcessingFeedback

    application = QgsApplication([], False)
    application.initQgis()
    from processing.core.Processing import Processing

    Processing.initialize()
    import processing
    import spatial_privacy
    from make_sample_data import write_trips
    from spatial_privacy_plugin.noise.cellkey import create_key_file

    plugin = spatial_privacy.classFactory(None)
    plugin.initProcessing()
    folder = Path(tempfile.mkdtemp(prefix="bench_kw_"))
    people = synthetic_trips(n_persons).drop_duplicates("person_id").copy()
    people[["x", "y"]] = people.groupby("household_id")[["x", "y"]].transform("first").to_numpy()
    write_trips(folder / "people.gpkg", people)
    create_key_file(folder / "programme.key")

    class Log(QgsProcessingFeedback):
        def __init__(self):
            super().__init__()
            self.lines = []

        def pushInfo(self, info):  # noqa: N802 (QGIS's name)
            self.lines.append((time.perf_counter(), info))

    log = Log()
    started = time.perf_counter()
    result = processing.run("spatialprivacy:methodcomparison", {
        "INPUT": f"{folder / 'people.gpkg'}|layername=trips", "PERSON_FIELD": "person_id",
        "RHO": 0.2, "RESOLUTIONS": "250", "D": 3, "V": 2.0,
        "KEY_FILE": str(folder / "programme.key"), "HOUSEHOLD_FIELD": "household_id",
        "OUTPUT": str(folder / "comparison.gpkg"), "CHART": str(folder / "comparison.html")},
        feedback=log)
    seconds = time.perf_counter() - started
    from qgis.core import QgsVectorLayer

    table = QgsVectorLayer(result["OUTPUT"], "t", "ogr")
    bounded = "kw_bound" in table.fields().names()  # absent before this bench's commit
    print(f"Method comparison, {n_persons:,} people (households at one point), 250 m, four "
          f"methods, POT hidden: {seconds:.1f} s end to end (load {os.getloadavg()[0]:.1f}).")
    for moment, line in log.lines:
        if "Kantorovich" in line or "grid flow" in line or "now scored" in line:
            print(f"- at {moment - started:6.1f} s: {line}")
    print("\n| method | cells | pairs | wasserstein_m | kw_bound |\n| --- | ---: | ---: | ---: | ---: |")
    for feature in table.getFeatures():
        print(f"| {feature['method']} | {feature['cells']:,} | {feature['transport_pairs']:,} | "
              f"{feature['wasserstein_m']} | {feature['kw_bound'] if bounded else ''} |")


def commit():
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True)
    return found.stdout.strip()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solvers", action="store_true")
    parser.add_argument("--comparison", action="store_true")
    parser.add_argument("--beyond", type=int, default=0,
                        help="side of a square grid past the exact limit (e.g. 110)")
    parser.add_argument("--people", default="25000,100000")
    parser.add_argument("--reaches", default="1,2,3")
    parser.add_argument("--before", default="25000", help="sizes to run the old solver at")
    options = parser.parse_args(argv)
    print(f"At {commit()}, {time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.1f}.\n")
    if options.solvers:
        solvers([int(n) for n in options.people.split(",")],
                [int(r) for r in options.reaches.split(",") if r],
                {int(n) for n in options.before.split(",") if n})
    if options.beyond:
        beyond_exact(options.beyond)
    if options.comparison:
        comparison(int(options.people.split(",")[0]))
        sys.stdout.flush()
        os._exit(0)  # QGIS's own exit crashes headless (as bench/processing_child.py avoids it)


if __name__ == "__main__":
    main()
