"""End to end into a new GeoPackage against the engine alone, in one fresh QGIS (issue 43).

Usage: python3 bench/writers_child.py MODE GPKG
MODE: cellkey (spatialprivacy:cellkeygrid at 250 m with a key file, D = 5, V = 3, JS = 2;
the engine: the HMAC record keys and the perturbed cells), cellkey_record (the same with
the record key field record_key of GPKG, bench/run.py's gpkg_with_record_keys), dpgrid
(spatialprivacy:dpgrid at 250, 500 and 1000 m on the layer's extent, ε = 1, m = 2; the engine:
dp_grid on the points),
risk (spatialprivacy:disclosurerisk with three key variables; the engine: record_risk),
swap (spatialprivacy:recordswap of the persons of GPKG, 10 km and 1 km cells, k = 3, rate
5 %, donors within 25 km; the engine: households, levels, the swap and the new locations).
The engine runs on the arrays read from the same layer (reading is not part of it). Each is
run four times alternately in this process, the first untimed (it imports pandas and scipy):
medians of the last three, wall and CPU. Prints one JSON line.
"""

import json
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from processing_child import QgsProcessingFeedback, QgsVectorLayer, processing

from spatial_privacy.processing_provider.io.layers import read_points_arrow

POLICY = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nepsilon_budget = 1000000\n'
SWAP_FIELDS = ["household_id", "person_id", "age_band", "sex"]


def cellkey(path, folder, layer):
    from spatial_privacy.spatial_privacy_plugin.noise import cellkey as ckm
    from spatial_privacy.spatial_privacy_plugin.noise.ptable import create_ptable
    from spatial_privacy.spatial_privacy_plugin.release import grid

    points = read_points_arrow(layer, ["person_id"], QgsProcessingFeedback())
    ids = points.columns["person_id"]
    table, secret = create_ptable(5, 3.0, 2), secrets.token_bytes(32)
    origin = grid.default_origin(points.x, points.y, 250.0)

    def engine():
        persons = grid.encode_person_ids(ids, "person_id")
        keys = ckm.hmac_record_keys(secret, ckm.person_ids_by_code(persons, ids))
        return ckm.perturbed_cells(points.x, points.y, persons,
                                   grid.encode_key_columns([], len(ids)), origin, 250.0, keys,
                                   table)

    def end_to_end(output):
        processing.run("spatialprivacy:cellkeygrid", {
            "INPUT": path, "PERSON_FIELD": "person_id", "KEY_FILE": str(folder / "bench.key"),
            "D": 5, "V": 3, "JS": 2, "RESOLUTION": 250.0, "POLICY": str(folder / "policy.toml"),
            "OUTPUT": output}, feedback=QgsProcessingFeedback())
    return engine, end_to_end


def cellkey_record(path, folder, layer):
    """The cell key grid with the record key field ``record_key`` stored in the layer (no HMAC:
    the engine is the perturbation alone)."""
    from spatial_privacy.spatial_privacy_plugin.noise import cellkey as ckm
    from spatial_privacy.spatial_privacy_plugin.noise.ptable import create_ptable
    from spatial_privacy.spatial_privacy_plugin.release import grid

    points = read_points_arrow(layer, ["person_id", "record_key"], QgsProcessingFeedback())
    ids, stored = points.columns["person_id"], points.columns["record_key"]
    table = create_ptable(5, 3.0, 2)
    origin = grid.default_origin(points.x, points.y, 250.0)

    def engine():
        persons = grid.encode_person_ids(ids, "person_id")
        keys = ckm.field_record_keys(stored, persons, "record_key")
        return ckm.perturbed_cells(points.x, points.y, persons,
                                   grid.encode_key_columns([], len(ids)), origin, 250.0, keys,
                                   table)

    def end_to_end(output):
        processing.run("spatialprivacy:cellkeygrid", {
            "INPUT": path, "PERSON_FIELD": "person_id", "RECORD_KEY_FIELD": "record_key",
            "D": 5, "V": 3, "JS": 2, "RESOLUTION": 250.0, "POLICY": str(folder / "policy.toml"),
            "OUTPUT": output}, feedback=QgsProcessingFeedback())
    return engine, end_to_end


def dpgrid(path, folder, layer):
    from spatial_privacy.spatial_privacy_plugin.noise import dp_release
    from spatial_privacy.spatial_privacy_plugin.noise.system_random import dp_random
    from spatial_privacy.spatial_privacy_plugin.release import grid

    points = read_points_arrow(layer, ["person_id"], QgsProcessingFeedback())
    box = layer.extent()
    sizes = (250.0, 500.0, 1000.0)
    plan = dp_release.plan_noise(dp_release.MECHANISMS[0], 1.0, sizes, 2)
    domain = dp_release.extent_domain((0.0, 0.0), sizes[-1], (box.xMinimum(), box.yMinimum(),
                                                              box.xMaximum(), box.yMaximum()))
    runs = iter(range(10 ** 6))

    def engine():
        persons = grid.encode_person_ids(points.columns["person_id"], "person_id")
        return dp_release.dp_grid(points.x, points.y, persons, domain, plan, dp_random(None))

    def end_to_end(output):
        extent = f"{box.xMinimum()},{box.xMaximum()},{box.yMinimum()},{box.yMaximum()} [EPSG:3035]"
        processing.run("spatialprivacy:dpgrid", {
            "INPUT": path, "PERSON_FIELD": "person_id", "EPSILON": 1.0, "MECHANISM": 0,
            "MAX_CELLS_PER_PERSON": 2, "RESOLUTIONS": "250,500,1000", "EXTENT": extent,
            "ORIGIN": "0,0 [EPSG:3035]", "POLICY": str(folder / "policy.toml"),
            "LEDGER": str(folder / "ledger.sqlite"), "DATASET": "bench",
            "RELEASE_ID": f"run {next(runs)}", "OUTPUT": output}, feedback=QgsProcessingFeedback())
    return engine, end_to_end


def risk(path, folder, layer):
    from spatial_privacy.spatial_privacy_plugin.risk.measures import record_risk

    keys = ["age_band", "sex", "trip_purpose"]
    points = read_points_arrow(layer, keys, QgsProcessingFeedback())

    def engine():
        return record_risk([points.columns[key] for key in keys], keys)

    def end_to_end(output):
        processing.run("spatialprivacy:disclosurerisk", {
            "INPUT": path, "KEY_FIELDS": keys, "OUTPUT": output}, feedback=QgsProcessingFeedback())
    return engine, end_to_end


def swap(path, folder, layer):
    import numpy as np

    from spatial_privacy.spatial_privacy_plugin.release import grid
    from spatial_privacy.spatial_privacy_plugin.swap.households import grid_level, \
        households_of, nested, profile_codes
    from spatial_privacy.spatial_privacy_plugin.swap.swapping import swap_households, \
        swapped_locations

    points = read_points_arrow(layer, SWAP_FIELDS, QgsProcessingFeedback())
    columns = points.columns

    def engine():
        homes = households_of(columns["household_id"], points.x, points.y, "household_id")
        origin = grid.default_origin(homes.x, homes.y, 10_000.0)
        levels = nested([grid_level(f"{size:g} m", homes.x, homes.y, origin, size)
                         for size in (10_000.0, 1_000.0)])
        risk = grid.encode_key_columns([columns["age_band"], columns["sex"]], len(points.x))
        result = swap_households(homes, risk, [level.codes for level in levels],
                                 [profile_codes(homes, {"size": homes.size[homes.of_person]})],
                                 3, 0.05, np.random.default_rng(), 25_000.0,
                                 cells=[level.cells for level in levels])
        return swapped_locations(homes, result)

    def end_to_end(output):
        processing.run("spatialprivacy:recordswap", {
            "INPUT": path, "HOUSEHOLD_FIELD": "household_id", "PERSON_FIELD": "person_id",
            "RISK_FIELDS": ["age_band", "sex"], "HIERARCHY": "10000,1000", "K_ANONYMITY": 3,
            "SWAP_RATE": 0.05, "MAX_DONOR_DISTANCE": 25_000.0, "OUTPUT": output},
            feedback=QgsProcessingFeedback())
    return engine, end_to_end


def measure(mode, path):
    folder = Path(tempfile.mkdtemp(prefix="bench_writers_"))
    (folder / "policy.toml").write_text(POLICY)
    layer = QgsVectorLayer(path, "input", "ogr")
    engine, end_to_end = globals()[mode](path, folder, layer)
    times = {name: [] for name in ("end_to_end", "end_to_end_cpu", "engine", "engine_cpu")}
    for number in range(4):
        for name, work in (("end_to_end", lambda: end_to_end(str(folder / f"out{number}.gpkg"))),
                           ("engine", engine)):
            start, cpu = time.perf_counter(), time.process_time()
            work()
            times[name].append(time.perf_counter() - start)
            times[f"{name}_cpu"].append(time.process_time() - cpu)
    rows = layer.featureCount()
    shutil.rmtree(folder)
    return {**{f"{name}_s": statistics.median(runs[1:]) for name, runs in times.items()},
            "first_s": times["end_to_end"][0], "rows": rows, "load": os.getloadavg()}


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], sys.argv[2])), flush=True)
    os._exit(0)  # QGIS 3.22 can crash while tearing down a standalone interpreter
