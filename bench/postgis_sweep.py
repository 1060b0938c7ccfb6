"""Issue 40's PostGIS row: the resolution sweep counted in PostGIS against the same sweep of a
GeoPackage plus PostgreSQL's own distinct counts at the four sizes, run alternately in one
child QGIS (bench/postgis_sweep_child.py). Target: the PostGIS sweep within 1.5x that
baseline at 10^6 trips (the GeoPackage's export is not counted). Beside it: the distinct
counts in a session with the push-down's settings, and the PostGIS sweep on one thread (one
query at a time, as the distinct counts run).
"""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEADER = ("| trips | rounds | PostGIS sweep (s) | GeoPackage sweep (s) | PostgreSQL's distinct "
          "counts (s) | baseline (s) | PostGIS / baseline | with the push-down's settings: "
          "distinct counts (s), PostGIS / baseline | PostGIS sweep on one thread (s), / "
          "baseline | database busy in the PostGIS sweep | load |\n"
          "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")


def compare(table, gpkg, rounds):
    """One child run (the PostGIS table, its rows as a GeoPackage): its JSON result."""
    done = subprocess.run(["/usr/bin/python3", str(ROOT / "bench" / "postgis_sweep_child.py"),
                           table, str(gpkg), str(rounds)], check=True, capture_output=True,
                          text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def row(result):
    """A table row: medians of the rounds, the ratio the median of the rounds' ratios."""
    cells = result["cells"]
    if len({tuple(sizes) for sizes in cells.values()}) != 1:
        raise AssertionError(f"the runs counted different cells: {cells}")
    rounds = len(result["rounds"]["postgis_s"])
    return (f"| {result['points']:,} | {rounds} | {result['postgis_s']:.2f} | "
            f"{result['gpkg_s']:.2f} | {result['distinct_s']:.2f} | "
            f"{result['gpkg_s'] + result['distinct_s']:.2f} | {result['ratio']:.2f}x | "
            f"{result['distinct_tuned_s']:.2f}, {result['ratio_tuned']:.2f}x | "
            f"{result['postgis_serial_s']:.2f}, {result['ratio_serial']:.2f}x | "
            f"{result['database_busy_s']:.2f} s ({result['queries']} queries, "
            f"{result['database_s']:.2f} s summed) | "
            + "{:.1f}/{:.1f}/{:.1f} |".format(*result["load"]))
