"""The resolution sweep from PostGIS against its baseline, in one fresh QGIS (issue 40).

Usage: python3 bench/postgis_sweep_child.py TABLE GPKG ROUNDS
TABLE is a PostGIS point table of the database in SPATIAL_PRIVACY_TEST_PG (``fid``,
``person_id``, ``geom``; scripts/make_synthetic_postgis.py), GPKG the same rows as a
GeoPackage (bench/run.py's postgis_to_gpkg: its export is not timed). Three runs alternate
``ROUNDS`` times in this process, after one untimed round (the first imports pandas and
scipy into QGIS and warms the server's cache):

- ``postgis_s``: spatialprivacy:resolutionsweep of TABLE (counted in the database), the
  defaults: 100, 250, 500 and 1000 m, ρ = 0.1, the number of people known (its sizes on
  up to four threads, each with its own connection); ``postgis_serial_s`` the same on one
  thread (SPATIAL_PRIVACY_THREADS=1: one query at a time);
- ``gpkg_s``: the same sweep of GPKG;
- ``distinct_s``: PostgreSQL's own ``SELECT COUNT(DISTINCT person_id) … GROUP BY`` the cell at
  the same four sizes on the same origin, one after the other on one connection with the
  server's own settings, every row fetched; ``distinct_tuned_s`` the same in a session with
  the push-down's settings (work_mem 64 MB, no JIT).

The baseline of a round is ``gpkg_s + distinct_s``; ``ratio`` is the median over rounds of
``postgis_s`` over that round's baseline (rounds side by side see about the same load);
``ratio_tuned`` the same against ``gpkg_s + distinct_tuned_s``, ``ratio_serial`` that of
``postgis_serial_s``.
Prints one JSON line: the medians, every round's figures, the cells per size each way, the
push-down's queries (from bench/processing_child.py's timing) and the load average.
"""

import json
import os
import statistics
import sys
import time

from processing_child import QgsProcessingFeedback, database_seconds, peak_megabytes, \
    postgis_layer, processing, time_pushdown_queries

from spatial_privacy.processing_provider.io.postgis import SESSION_SETTINGS, WORK_MEM_KB
from spatial_privacy.spatial_privacy_plugin.parallel import THREADS_VARIABLE

RESOLUTIONS = (100.0, 250.0, 500.0, 1000.0)


def sweep(source):
    """The sweep's number of cells per size."""
    table = processing.run("spatialprivacy:resolutionsweep", {
        "INPUT": source, "PERSON_FIELD": "person_id", "RHO": 0.1,
        "RESOLUTIONS": ",".join(f"{size:g}" for size in RESOLUTIONS),
        "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=QgsProcessingFeedback())["OUTPUT"]
    return [feature["cells"] for feature in table.getFeatures()]


def serial(layer):
    """The sweep of ``layer`` with its sizes one after the other (one thread: the push-down
    then sends one query at a time, as the distinct counts do)."""
    os.environ[THREADS_VARIABLE] = "1"
    try:
        return sweep(layer)
    finally:
        del os.environ[THREADS_VARIABLE]


def distinct_counts(table, tuned=False):
    """PostgreSQL's own distinct count per cell at each size, on the origin the sweep takes
    (a multiple of the coarsest size below the smallest coordinates); a run gives the
    number of cells per size. ``tuned``: in a session with the push-down's own settings
    (work_mem 64 MB, no JIT: processing_provider/io/postgis.py), not the server's."""
    import psycopg2
    from psycopg2 import sql

    from spatial_privacy.spatial_privacy_plugin.release import grid

    relation = sql.Identifier(table)
    with psycopg2.connect(os.environ["SPATIAL_PRIVACY_TEST_PG"]) as connection, \
            connection.cursor() as cursor:
        cursor.execute(sql.SQL("SELECT MIN(ST_X(geom)), MIN(ST_Y(geom)) FROM {}").format(relation))
        low_x, low_y = cursor.fetchone()
        x0, y0 = grid.default_origin([low_x], [low_y], max(RESOLUTIONS))
    query = sql.SQL("SELECT COUNT(DISTINCT person_id) FROM {} GROUP BY "
                    "floor((ST_X(geom) - %(x0)s::float8) / %(res)s::float8), "
                    "floor((ST_Y(geom) - %(y0)s::float8) / %(res)s::float8)").format(relation)

    def run():
        groups = []
        with psycopg2.connect(os.environ["SPATIAL_PRIVACY_TEST_PG"]) as connection, \
                connection.cursor() as cursor:
            if tuned:
                cursor.execute(SESSION_SETTINGS, {"work_mem_kb": WORK_MEM_KB})
            for size in RESOLUTIONS:
                cursor.execute(query, {"x0": x0, "y0": y0, "res": size})
                groups.append(len(cursor.fetchall()))
        return groups
    return run


def compare(table, gpkg, rounds):
    """The three runs (and the distinct counts in the push-down's session) in turn, ``rounds``
    times after an untimed round."""
    layer = postgis_layer(table)
    runs = {"postgis_s": lambda: sweep(layer), "postgis_serial_s": lambda: serial(layer),
            "gpkg_s": lambda: sweep(gpkg),
            "distinct_s": distinct_counts(table),
            "distinct_tuned_s": distinct_counts(table, tuned=True)}
    seen = {name: [] for name in runs}
    queries, cells = [], {}
    for number in range(rounds + 1):
        for name, work in runs.items():
            database_seconds()  # forget the queries of the run before
            start = time.perf_counter()
            cells[name] = work()
            if number:
                seen[name].append(time.perf_counter() - start)
            if number and name == "postgis_s":
                queries.append(database_seconds())
    ratios = {f"ratio{ours}{distinct}": [
        mine / (gpkg + theirs) for mine, gpkg, theirs in
        zip(seen[f"postgis{ours}_s"], seen["gpkg_s"], seen[f"distinct{distinct}_s"])]
        for ours, distinct in (("", ""), ("", "_tuned"), ("_serial", ""))}
    return {**{name: statistics.median(times) for name, times in seen.items()},
            **{name: statistics.median(values) for name, values in ratios.items()},
            "rounds": {**seen, **ratios},
            "cells": cells, "points": layer.featureCount(),
            "database_busy_s": statistics.median(run["database_busy_s"] for run in queries),
            "database_s": statistics.median(run["database_s"] for run in queries),
            "queries": queries[0]["queries"], "peak_mb": peak_megabytes(),
            "load": os.getloadavg()}


if __name__ == "__main__":
    time_pushdown_queries()
    print(json.dumps(compare(sys.argv[1], sys.argv[2], int(sys.argv[3]))), flush=True)
    # QGIS 3.22 can crash while tearing down a standalone interpreter: the result is out.
    os._exit(0)
