"""One benchmark run inside a fresh QGIS, so that its peak memory is its own.

Usage: python3 bench/processing_child.py MODE GPKG RESOLUTIONS
MODE: sweep (spatialprivacy:resolutionsweep end to end), native (QGIS's own
Create grid + Count points in polygon with the person as class field, once
per resolution), read (the two reading paths), zonerisk (spatialprivacy:zonerisk
end to end on about 500 square zones), native_zones (QGIS's Join attributes by
location of the same points to the same zones, the step a native workflow
needs before any risk can be counted), disclosure (spatialprivacy:disclosurerisk
end to end with three key variables), postgis (the sweep of the PostGIS table named GPKG,
counted in the database; SPATIAL_PRIVACY_TEST_PG gives the connection; the times of the
queries it sent come back beside: ``database_s`` summed, ``database_busy_s`` while at least
one ran), postgis_once (the
same, run once: for tables too large to sweep four times), postgis_features
(the same table read feature by feature), write_grid (RESOLUTIONS cells written to a
GeoPackage in bulk and through a PyQGIS file sink), write_grid_postgis (the same to a new
PostGIS table with COPY and through the PostGIS sink), postgis_zones (spatialprivacy:zonerisk
of the PostGIS table named GPKG in the zones of the GeoPackage named RESOLUTIONS, counted in
the database), postgis_zones_features (the same, the table read feature by feature),
zones_gpkg (the same zone risk of the GeoPackage GPKG), disclosure_gpkg (spatialprivacy:disclosurerisk
end to end into a new GeoPackage in bulk, and into a memory layer through the sink, alternately
in the same process), disclosure_postgis (the same into a new PostGIS table with COPY and through
the sink), cellkey (spatialprivacy:cellkeygrid end
to end at the first resolution, D = 5, V = 3, JS = 2, a key file made in a temporary
folder), atomgate (spatialprivacy:kanonymitygate end to end on the city's homes on a
suppressed grid with irregular areas as an audit layer; GPKG names the .npz the atoms are
saved in, RESOLUTIONS is "persons,resolution,areas"); cellkey_record (the cell key grid with the
record key field record_key) and dpgrid (spatialprivacy:dpgrid, m = 2, sizes RESOLUTION, 2×
and 4×, the layer's extent), each also as postgis_MODE (the PostGIS table named GPKG, counted
in the database) and postgis_MODE_features (read feature by feature), as is cellkey. Prints
one JSON line (most modes: ``seconds``, ``cpu_seconds`` of this process, ``load`` at the end).
"""

import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, "/usr/share/qgis/python/plugins")
plugins = Path(tempfile.mkdtemp(prefix="bench_plugins_"))
(plugins / "spatial_privacy").symlink_to(ROOT, target_is_directory=True)
sys.path.insert(0, str(plugins))

from qgis.core import NULL, QgsApplication, QgsProcessingFeedback, QgsVectorLayer  # noqa: E402

application = QgsApplication([], False)
application.initQgis()
from processing.core.Processing import Processing  # noqa: E402

Processing.initialize()
import processing  # noqa: E402
import spatial_privacy  # noqa: E402

plugin = spatial_privacy.classFactory(None)
plugin.initProcessing()


def peak_megabytes():
    """This process's own high-water mark: VmHWM restarts at exec, while getrusage's
    ru_maxrss carries over the memory of the parent that forked it."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


QUERIES = []  # (start, end) of every query the push-down sent, this run


def time_pushdown_queries():
    """Wrap the push-down's one way to the database (PostgisCounter.fetch) so that every query
    it sends is timed: the database's own time (and the rows' transfer, a few thousand cells)."""
    from spatial_privacy.processing_provider.io import postgis

    fetch = postgis.PostgisCounter.fetch

    def timed_fetch(counter, query, parameters=None):
        start = time.perf_counter()
        try:
            return fetch(counter, query, parameters)
        finally:
            QUERIES.append((start, time.perf_counter()))
    postgis.PostgisCounter.fetch = timed_fetch


def database_seconds():
    """The push-down's queries of the last run: their summed time, the time at least one of
    them ran (they run concurrently, one connection per cell size) and their number."""
    busy, end = 0.0, float("-inf")
    for start, stop in sorted(QUERIES):
        busy += max(0.0, stop - max(start, end))
        end = max(end, stop)
    summed = sum(stop - start for start, stop in QUERIES)
    result = {"database_s": summed, "database_busy_s": busy, "queries": len(QUERIES)}
    QUERIES.clear()
    return result


def run(mode, path, resolutions):
    """The timed run; the plugin's modes run four times, and the median of the last three
    is the figure.

    The first run in a fresh QGIS imports pandas and scipy (about 0.3 s);
    it is reported too, as ``first_seconds``.
    """
    if mode == "disclosure_gpkg":
        return disclosure_to_gpkg(path)
    if mode == "disclosure_postgis":
        return disclosure_to_postgis(path)
    if mode == "write_grid_postgis":
        return write_grid_postgis(int(resolutions))
    if mode in ("sweep", "zonerisk", "disclosure", "postgis", "cellkey", "postgis_zones",
                "zones_gpkg") or \
            (mode in KEYED_GRID_MODES and not mode.endswith("_features")):
        first = run_once(mode, path, resolutions)
        again = [run_once(mode, path, resolutions) for _ in range(3)]
        result = sorted(again, key=lambda run: run["seconds"])[1]
        result["first_seconds"] = first["seconds"]
        result["peak_mb"] = peak_megabytes()
        return result
    return run_once(mode, path, resolutions)


# The cell key grid (a key file, or the record key field ``record_key``) and the DP grid, each
# from a GeoPackage, from PostGIS counted in the database, and from PostGIS feature by feature.
KEYED_GRIDS = ("cellkey_record", "dpgrid")
KEYED_GRID_MODES = {f"{prefix}{grid}{suffix}" for grid in KEYED_GRIDS + ("cellkey",)
                    for prefix, suffix in (("", ""), ("postgis_", ""), ("postgis_", "_features"))}


def keyed_grid(mode, source, layer, resolution, feedback):
    """One run of the cell key grid or the DP grid (mode names it) on ``source``."""
    folder = Path(tempfile.gettempdir()) / f"bench_keyed_{os.getpid()}"
    folder.mkdir(exist_ok=True)
    policy = folder / "policy.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                      'epsilon_budget = 1000000\n')
    if "dpgrid" in mode:
        box = layer.extent()
        extent = f"{box.xMinimum()},{box.xMaximum()},{box.yMinimum()},{box.yMaximum()} [EPSG:3035]"
        processing.run("spatialprivacy:dpgrid", {
            "INPUT": source, "PERSON_FIELD": "person_id", "EPSILON": 1.0,
            "MAX_CELLS_PER_PERSON": 2, "RESOLUTIONS": f"{resolution:g},{2 * resolution:g},"
            f"{4 * resolution:g}", "EXTENT": extent, "POLICY": str(policy),
            "LEDGER": str(folder / "ledger.sqlite"), "DATASET": "bench",
            "RELEASE_ID": f"run {time.perf_counter()}", "OUTPUT": "TEMPORARY_OUTPUT"},
            feedback=feedback)
        return
    keys = {"RECORD_KEY_FIELD": "record_key"} if "record" in mode else \
        {"KEY_FILE": str(folder / "bench.key")}
    processing.run("spatialprivacy:cellkeygrid", {
        "INPUT": source, "PERSON_FIELD": "person_id", "D": 5, "V": 3, "JS": 2,
        "RESOLUTION": resolution, "POLICY": str(policy), "OUTPUT": "TEMPORARY_OUTPUT", **keys},
        feedback=feedback)


def postgis_uri(table, key):
    """The PostGIS table (geometry ``geom``) of the database in the environment variable
    SPATIAL_PRIVACY_TEST_PG (scripts/postgres_for_tests.sh)."""
    from psycopg2.extensions import parse_dsn
    from qgis.core import QgsDataSourceUri

    parts = parse_dsn(os.environ["SPATIAL_PRIVACY_TEST_PG"])
    uri = QgsDataSourceUri()
    uri.setConnection(parts["host"], parts["port"], parts["dbname"], parts["user"],
                      parts["password"])
    uri.setDataSource("public", table, "geom", "", key)
    return uri


def postgis_layer(table):
    """The PostGIS table (key ``fid``) of the test database."""
    return QgsVectorLayer(postgis_uri(table, "fid").uri(False), table, "postgres")


def grid_columns(n_cells):
    """(fields, cols, rows, columns) of a grid of ``n_cells`` cells with the suppressed grid's
    fields, a quarter of them withheld, the columns of the types the engine gives them (a
    pandas frame: nullable counts, text ids, the release's constants, no totals)."""
    import numpy as np
    import pandas as pd

    from spatial_privacy.processing_provider.io.layers import make_fields
    from spatial_privacy.processing_provider.algorithms.suppressed_grid import CELL_FIELDS, COUNT_FIELDS
    from spatial_privacy.spatial_privacy_plugin.counting.cells import cell_ids
    from spatial_privacy.spatial_privacy_plugin.release.totals import STATUS_PRIMARY, blanked_counts, \
        published_status

    side = int(np.ceil(np.sqrt(n_cells)))
    cols, rows = np.arange(n_cells) % side, np.arange(n_cells) // side
    n = np.random.default_rng(1).integers(0, 40, n_cells)
    published = n >= 10
    frame = pd.DataFrame({
        "cell_id": cell_ids(100.0, cols, rows), "col": cols, "row": rows, "resolution_m": 100.0,
        "n_persons": blanked_counts(n, published),
        "status": published_status(np.where(published, "published", STATUS_PRIMARY)),
        "parent_id": pd.Series([None] * n_cells, dtype=object),
        "parent_total": pd.array([pd.NA] * n_cells, dtype="Int64"),
        "grand_total": pd.array([pd.NA] * n_cells, dtype="Int64")}).assign(k=10, stratum=None)
    columns = [frame["cell_id"], frame["col"], frame["row"], frame["resolution_m"],
               frame["n_persons"], frame["status"], frame["k"], ["person"] * n_cells,
               ["0" * 64] * n_cells, frame["stratum"], frame["parent_id"], frame["parent_total"],
               frame["grand_total"]]
    return make_fields(CELL_FIELDS + COUNT_FIELDS), frame["col"], frame["row"], columns


def write_grid(n_cells):
    """A grid of ``n_cells`` cells with the suppressed grid's fields, written to a GeoPackage
    in bulk (four times: the median of the last three, with its CPU time, and the first, which
    imports GDAL's and pandas' parts) and through a PyQGIS file sink (QgsVectorFileWriter)."""
    from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransformContext, \
        QgsVectorFileWriter, QgsWkbTypes

    from spatial_privacy.processing_provider.io.bulk_write import write_grid_gpkg
    from spatial_privacy.processing_provider.io.layers import square_cells, write_features

    import shutil
    import statistics

    fields, cols, rows, columns = grid_columns(n_cells)
    crs = QgsCoordinateReferenceSystem("EPSG:3035")
    folder = Path(tempfile.mkdtemp(prefix="bench_write_"))
    bulk, cpu = [], []
    for number in range(4):
        start, started_cpu = time.perf_counter(), time.process_time()
        write_grid_gpkg(folder / f"bulk{number}.gpkg", fields, crs, columns, (4e6, 3e6), 100.0,
                        cols, rows)
        bulk.append(time.perf_counter() - start)
        cpu.append(time.process_time() - started_cpu)
    start = time.perf_counter()
    options = QgsVectorFileWriter.SaveVectorOptions()
    options.driverName = "GPKG"
    writer = QgsVectorFileWriter.create(str(folder / "sink.gpkg"), fields, QgsWkbTypes.Type.Polygon,
                                        crs, QgsCoordinateTransformContext(), options)
    write_features(writer, fields, columns, square_cells((4e6, 3e6), 100.0, cols, rows))
    del writer
    sink = time.perf_counter() - start
    shutil.rmtree(folder)
    return {"bulk_s": statistics.median(bulk[1:]), "bulk_cpu_s": statistics.median(cpu[1:]),
            "first_s": bulk[0], "sink_s": sink, "cells": n_cells, "load": os.getloadavg()}


def postgis_destination(table):
    """Processing's destination for a new PostGIS table (geometry ``geom``) of the database
    in SPATIAL_PRIVACY_TEST_PG, as "Save to PostGIS table" writes it."""
    return "postgis:" + postgis_uri(table, "").uri(False)


def write_grid_postgis(n_cells):
    """A grid of ``n_cells`` cells written to a new PostGIS table with COPY (the plugin's
    writer, cells and EWKB built from the arrays) and through the PyQGIS sink Processing uses
    for PostGIS (QgsVectorLayerExporter), each timed, alternately; medians of three."""
    import statistics

    from qgis.core import QgsCoordinateReferenceSystem, QgsVectorLayerExporter, QgsWkbTypes

    from spatial_privacy.processing_provider.io.bulk_write import square_envelopes
    from spatial_privacy.processing_provider.io.layers import square_cells, write_features
    from spatial_privacy.processing_provider.io.postgis_bulk import PostgisTarget, column_cells, \
        postgis_uri as destination_uri, square_ewkb

    fields, cols, rows, columns = grid_columns(n_cells)
    crs = QgsCoordinateReferenceSystem("EPSG:3035")

    def copy():
        target = PostgisTarget(destination_uri(postgis_destination("bench_grid_copy")))
        cells = [column_cells(fields.at(index), column) for index, column in enumerate(columns)]
        geometry = square_ewkb(square_envelopes((4e6, 3e6), 100.0, cols, rows), 3035)
        assert target.write(fields, "Polygon", 3035, cells, geometry, n_cells, None) is None

    def sink():
        exporter = QgsVectorLayerExporter(postgis_destination("bench_grid_sink")[len("postgis:"):],
                                          "postgres", fields, QgsWkbTypes.Type.Polygon, crs, True)
        write_features(exporter, fields, columns, square_cells((4e6, 3e6), 100.0, cols, rows))
        del exporter

    times = {"copy_s": [], "sink_s": []}
    for _ in range(3):
        for name, write in (("copy_s", copy), ("sink_s", sink)):
            start = time.perf_counter()
            write()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(runs) for name, runs in times.items()}


def disclosure_to_postgis(path):
    """Record risk into a new PostGIS table with COPY and through the sink (the same
    destination, the COPY path switched off), alternately in this process after one untimed
    run with COPY (it imports pandas and scipy); means of two (the sink is slow)."""
    import statistics

    from spatial_privacy.processing_provider.io import bulk_write

    with_copy = bulk_write._postgis_target
    times = {"copy_s": [], "sink_s": []}
    sink = lambda *args: (None, None)  # noqa: E731 (the COPY path switched off)
    for name, target in [("copy_s", with_copy)] + [("copy_s", with_copy), ("sink_s", sink)] * 2:
        bulk_write._postgis_target = target
        start = time.perf_counter()
        processing.run("spatialprivacy:disclosurerisk", {
            "INPUT": path, "KEY_FIELDS": ["age_band", "sex", "trip_purpose"],
            "OUTPUT": postgis_destination(f"bench_risk_{name[:-2]}")},
            feedback=QgsProcessingFeedback())
        times[name].append(time.perf_counter() - start)
    bulk_write._postgis_target = with_copy
    times["copy_s"] = times["copy_s"][1:]
    return {name: statistics.mean(seconds) for name, seconds in times.items()}


def city_grid_and_areas(n_persons, resolution, n_areas):
    """The sample city's homes (one point per person) on a suppressed grid (k = 10, grand
    total, p = 5) as a memory layer, and ``n_areas`` irregular areas (Voronoi polygons of
    seeds drawn among the homes) with the number of homes in each."""
    import numpy as np
    from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsRectangle
    from scipy.spatial import cKDTree

    from spatial_privacy.spatial_privacy_plugin.release import grid
    from spatial_privacy.spatial_privacy_plugin.samples.synthetic import synthetic_trips

    homes = synthetic_trips(n_persons).groupby("person_id").head(1)
    x, y = homes["x"].to_numpy(), homes["y"].to_numpy()
    origin = grid.default_origin(x, y, 8000.0)
    marginals = grid.Marginals(grid.MARGINALS_TOTAL, protection=5.0)
    cells = grid.suppressed_grid(x, y, grid.encode_person_ids(homes["person_id"].to_numpy(), "id"),
                                 grid.encode_key_columns([], len(x)), origin, resolution, 10,
                                 marginals).cells
    layer = QgsVectorLayer("Polygon?crs=EPSG:3035&field=cell_id:string&field=n_persons:integer"
                           "&field=status:string&field=grand_total:integer", "grid", "memory")
    features = []
    for cell_id, col, row, count, status, total in zip(
            cells["cell_id"], cells["col"], cells["row"], cells["n_persons"], cells["status"],
            cells["grand_total"]):
        feature = QgsFeature(layer.fields())
        left, bottom = origin[0] + col * resolution, origin[1] + row * resolution
        feature.setGeometry(QgsGeometry.fromRect(QgsRectangle(left, bottom, left + resolution,
                                                              bottom + resolution)))
        feature.setAttributes([cell_id, None if status != "published" else int(count), status,
                               int(total)])
        features.append(feature)
    layer.dataProvider().addFeatures(features)
    rng = np.random.default_rng(19)
    seeds = np.column_stack([x, y])[rng.choice(len(x), n_areas, replace=False)] + \
        rng.normal(0.0, 50.0, (n_areas, 2))
    frame = QgsGeometry.fromRect(layer.extent().buffered(1.0))
    diagram = QgsGeometry.fromMultiPointXY([QgsPointXY(a, b) for a, b in seeds]).voronoiDiagram(
        QgsGeometry.fromRect(layer.extent().buffered(10.0)))
    tree = cKDTree(seeds)
    counts = np.bincount(tree.query(np.column_stack([x, y]))[1], minlength=n_areas)
    areas = QgsVectorLayer("Polygon?crs=EPSG:3035&field=n_persons:integer", "areas", "memory")
    features = []
    for part in diagram.asGeometryCollection():
        polygon = frame.intersection(part)
        inside = polygon.pointOnSurface().asPoint()
        feature = QgsFeature(areas.fields())
        feature.setGeometry(polygon)
        feature.setAttributes([int(counts[tree.query([inside.x(), inside.y()])[1]])])
        features.append(feature)
    areas.dataProvider().addFeatures(features)
    return layer, areas, len(x)


def atom_gate(path, size):
    """The gate with the areas as an audit layer, end to end, four runs (the first shown
    beside the median of the last three), then the cutting alone; the atoms and the grid's
    counts are saved in ``path`` (.npz) for the engine-alone baseline."""
    import numpy as np
    from qgis.core import QgsProcessingContext, QgsProcessingException

    from spatial_privacy.processing_provider.release_layers.overlay import overlay

    n_persons, resolution, n_areas = (float(part) for part in size.split(","))
    layer, areas, people = city_grid_and_areas(int(n_persons), resolution, int(n_areas))
    parameters = {"INPUT": layer, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 0.1, "AUDIT_LAYERS": [areas], "PERSONS_TOTAL": people,
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    seconds, outcome = [], ""
    for _ in range(4):
        start = time.perf_counter()
        try:
            processing.run("spatialprivacy:kanonymitygate", parameters,
                           feedback=QgsProcessingFeedback())
            outcome = "passes"
        except QgsProcessingException as error:
            outcome = str(error).splitlines()[0][:60]
        seconds.append(time.perf_counter() - start)
    start = time.perf_counter()
    cut = overlay(layer, [areas], "n_persons", QgsProcessingContext(), QgsProcessingFeedback())
    cutting = time.perf_counter() - start
    values = [feature["n_persons"] for feature in layer.getFeatures()]
    np.savez(path, atom_record=np.asarray(cut.atom_record),
             area_atoms=np.concatenate([members for members, _ in cut.areas]),
             area_sizes=[len(members) for members, _ in cut.areas],
             area_counts=[count for _, count in cut.areas],
             values=np.array([np.nan if value is None or value == NULL else value
                              for value in values], dtype=float),
             statuses=np.array([feature["status"] for feature in layer.getFeatures()]),
             grand_total=next(layer.getFeatures())["grand_total"], people=people)
    return {"seconds": float(np.median(seconds[1:])), "first_seconds": seconds[0],
            "cutting_s": cutting, "outcome": outcome, "cells": layer.featureCount(),
            "areas": areas.featureCount(), "atoms": len(cut.atom_record),
            "cut_cells": cut.cut_records, "peak_mb": peak_megabytes()}


def disclosure_to_gpkg(path):
    """Record risk into a new GeoPackage in bulk, into a memory layer through the sink (the
    quickest sink) and the engine alone on the key columns as the algorithm reads them,
    alternately in this process (the first of each untimed: it imports pandas and scipy);
    medians of three, with the CPU time of the bulk runs and of the engine, and the load
    average."""
    import shutil
    import statistics

    from spatial_privacy.processing_provider.io.layers import read_points_arrow
    from spatial_privacy.spatial_privacy_plugin.risk.measures import record_risk

    keys = ["age_band", "sex", "trip_purpose"]
    table = read_points_arrow(QgsVectorLayer(path, "trips", "ogr"), keys, QgsProcessingFeedback())
    folder = Path(tempfile.mkdtemp(prefix="bench_risk_"))
    destinations = {"bulk": str(folder / "bulk.gpkg"), "sink": "TEMPORARY_OUTPUT"}
    times = {name: [] for name in list(destinations) + ["bulk_cpu", "engine", "engine_cpu"]}
    for _ in range(4):
        for name, destination in destinations.items():
            feedback = QgsProcessingFeedback()
            start, cpu = time.perf_counter(), time.process_time()
            processing.run("spatialprivacy:disclosurerisk", {
                "INPUT": path, "KEY_FIELDS": keys, "OUTPUT": destination}, feedback=feedback)
            times[name].append(time.perf_counter() - start)
            if name == "bulk":
                times["bulk_cpu"].append(time.process_time() - cpu)
        start, cpu = time.perf_counter(), time.process_time()
        record_risk([table.columns[key] for key in keys], keys)
        times["engine"].append(time.perf_counter() - start)
        times["engine_cpu"].append(time.process_time() - cpu)
    shutil.rmtree(folder)
    return {**{f"{name}_s": statistics.median(runs[1:]) for name, runs in times.items()},
            "load": os.getloadavg()}


def run_once(mode, path, resolutions):
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject

    layer = postgis_layer(path) if mode.startswith("postgis") else \
        QgsVectorLayer(path, "trips", "ogr")
    feedback = QgsProcessingFeedback()
    points = layer.featureCount()
    QUERIES.clear()
    start, started_cpu = time.perf_counter(), time.process_time()
    if mode in KEYED_GRID_MODES and mode != "cellkey":
        source = layer
        if mode.endswith("_features"):
            QgsProject.instance().addMapLayer(layer)
            source = QgsProcessingFeatureSourceDefinition(layer.id(), False, 10 ** 12)
        keyed_grid(mode, source, layer, float(resolutions.split(",")[0]), feedback)
        if mode.endswith("_features"):
            QgsProject.instance().removeMapLayer(layer.id())
    elif mode in ("postgis_zones", "postgis_zones_features", "zones_gpkg"):
        # RESOLUTIONS names the zones' GeoPackage (scripts/make_sample_zones.py).
        source = layer
        if mode == "postgis_zones_features":
            QgsProject.instance().addMapLayer(layer)
            source = QgsProcessingFeatureSourceDefinition(layer.id(), False, 10 ** 12)
        processing.run("spatialprivacy:zonerisk", {
            "ZONES": QgsVectorLayer(f"{resolutions}|layername=zones", "zones", "ogr"),
            "ZONE_ID_FIELD": "zone_id", "RECORDS": source, "KEY_FIELDS": ["age_band", "sex"],
            "PERSON_FIELD": "person_id", "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
        if mode == "postgis_zones_features":
            QgsProject.instance().removeMapLayer(layer.id())
    elif mode.startswith("postgis"):
        source = layer
        if mode == "postgis_features":
            # A feature limit above the row count: the same rows, read feature by feature.
            QgsProject.instance().addMapLayer(layer)
            source = QgsProcessingFeatureSourceDefinition(layer.id(), False, 10 ** 12)
        processing.run("spatialprivacy:resolutionsweep", {
            "INPUT": source, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTIONS": resolutions,
            "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
        if mode == "postgis_features":
            QgsProject.instance().removeMapLayer(layer.id())
        else:
            seconds = time.perf_counter() - start
            return {"seconds": seconds, "peak_mb": peak_megabytes(), "points": points,
                    **database_seconds()}
    elif mode == "sweep":
        processing.run("spatialprivacy:resolutionsweep", {
            "INPUT": path, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTIONS": resolutions,
            "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
    elif mode == "cellkey":
        folder = Path(tempfile.gettempdir()) / f"bench_cellkey_{os.getpid()}"
        folder.mkdir(exist_ok=True)
        policy = folder / "policy.toml"
        policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n')
        processing.run("spatialprivacy:cellkeygrid", {
            "INPUT": path, "PERSON_FIELD": "person_id", "KEY_FILE": str(folder / "bench.key"),
            "D": 5, "V": 3, "JS": 2, "RESOLUTION": float(resolutions.split(",")[0]),
            "POLICY": str(policy), "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
    elif mode == "native":
        for resolution in resolutions.split(","):
            grid = processing.run("native:creategrid", {
                "TYPE": 2, "EXTENT": layer.extent(), "HSPACING": float(resolution),
                "VSPACING": float(resolution), "CRS": layer.crs(), "OUTPUT": "TEMPORARY_OUTPUT"},
                feedback=feedback)["OUTPUT"]
            processing.run("native:countpointsinpolygon", {
                "POLYGONS": grid, "POINTS": layer, "CLASSFIELD": "person_id", "FIELD": "NUMPOINTS",
                "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
    elif mode in ("zonerisk", "native_zones"):
        zones = processing.run("native:creategrid", {
            "TYPE": 2, "EXTENT": layer.extent().buffered(1.0), "HSPACING": layer.extent().width() / 25,
            "VSPACING": layer.extent().height() / 20, "CRS": layer.crs(),
            "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
        start, started_cpu = time.perf_counter(), time.process_time()
        if mode == "zonerisk":
            processing.run("spatialprivacy:zonerisk", {
                "ZONES": zones, "ZONE_ID_FIELD": "id", "RECORDS": path,
                "KEY_FIELDS": ["age_band", "sex"], "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
        else:
            processing.run("native:joinattributesbylocation", {
                "INPUT": path, "JOIN": zones, "PREDICATE": [5], "JOIN_FIELDS": ["id"],
                "METHOD": 0, "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
    elif mode == "disclosure":
        processing.run("spatialprivacy:disclosurerisk", {
            "INPUT": path, "KEY_FIELDS": ["age_band", "sex", "trip_purpose"],
            "OUTPUT": "TEMPORARY_OUTPUT"}, feedback=feedback)
    elif mode == "write_grid":
        return write_grid(int(resolutions))
    elif mode == "atomgate":
        return atom_gate(path, resolutions)
    elif mode == "read":
        from spatial_privacy.processing_provider.io.layers import read_points_arrow, read_points_by_feature
        read_points_arrow(layer, ["person_id"], feedback)
        arrow = time.perf_counter() - start
        start = time.perf_counter()
        read_points_by_feature(layer, ["person_id"], feedback)
        return {"arrow_s": arrow, "by_feature_s": time.perf_counter() - start}
    return {"seconds": time.perf_counter() - start, "peak_mb": peak_megabytes(),
            "points": points, "cpu_seconds": time.process_time() - started_cpu,
            "load": os.getloadavg()}


if __name__ == "__main__":
    time_pushdown_queries()
    result = run(*sys.argv[1:4])
    print(json.dumps(result), flush=True)
    # QGIS 3.22 can crash while tearing down a standalone interpreter: the result is out.
    os._exit(0)
