"""Benchmarks: each figure beside a baseline run in the same session, reported as a ratio.

Usage: python3 bench/run.py [--smoke] [--large] [--huge] [--postgis [--sweep-only] | --cellkey |
--writing | --writers | --swap | --dp-noise]
--smoke: tiny sizes, for the test suite; --large (what `make bench` runs):
adds the 10 M-trip sweeps; --huge: adds the sweep of 100 M trips generated in
PostGIS (about 10 GB of table and as much of sort files; dropped after);
--postgis: only the PostGIS rows (printed, not written); with --sweep-only only issue 40's
comparison (bench/postgis_sweep.py: 1 M trips, with --large 10 M too; the sweep counted in
the database against the same sweep of a GeoPackage plus PostgreSQL's own distinct counts at
the four sizes, alternately in one child); --huge-only: only the 100 M row;
--cellkey: only the cell key grid rows at the largest size, with the sweep's engine
time they are compared with (printed, not written); --writing: only the bulk writing rows
(section 5; printed, not written); --writers: only issue 43's rows (bench/writers.py: the
cell key grid, the DP grid, record risk and the record swap end to end into a new GeoPackage
against their engines; printed, not written).
With SPATIAL_PRIVACY_TEST_PG set (make bench starts the server of
scripts/postgres_for_tests.sh), the sweep of 1 M and 10 M synthetic trips
generated in PostGIS (scripts/make_synthetic_postgis.py) is measured too:
counted in the database, read feature by feature, and from a GeoPackage of the
same rows, each with the QGIS process's peak memory and the load average
(the machine is shared: ratios of runs in one session are the figures); so are
the cell key grid and the DP grid of the 1 M trips, and zone risk of the 1 M
trips in the 25 sample zones (scripts/make_sample_zones.py), the same three ways.
Writes the first table of bench/RESULTS.md (not with --smoke; the notes below it stay) and
prints the same table. The engine runs independent pieces of work (a sweep's resolutions, a
join's steps) on up to four threads; the largest sweep and the join are also timed on one
thread (SPATIAL_PRIVACY_THREADS=1).

1. The resolution sweep end to end through Processing on a GeoPackage (in a
   child QGIS process, with its peak memory) against the engine alone on the
   same arrays, pandas with string cell ids and groupby().nunique(), and
   QGIS's own workflow (Create grid, then Count points in polygon with the
   person as class field, per resolution; it finishes at every size here,
   10 M trips in about 2.5 minutes), on the city's extent and on a regional one (four towns 100 km apart); and the two ways
   of reading the layer; and, at the largest size, the engine alone on the
   same rows in random order (counting is quickest when rows come person by
   person, as trip tables do), and the cell key grid at 250 m with a key file
   and with a record key field stored in the layer, end to end and its engine
   alone (the key file's also without its HMAC, and the HMAC alone), against
   the sweep's engine time (issue #17: within 2x). A child runs the plugin's algorithm four times: the
   median of the last three is the figure (as for an analyst who runs it
   again), the first (which imports pandas and scipy into the fresh QGIS) is
   shown beside it. Figures run here are medians of three runs; the slow
   baselines run once.
2. Complementary suppression and its audit on a 250 m city grid with 1 km
   parents and the grand total, against the audit of the final pattern by
   plain linear programming over the raw equalities (what tools without the
   nested-totals shortcut do).
3. A second month of that grid audited jointly with the first (earlier
   release given, attacker assumes cells move by at most 3 people), against
   per-release suppression of the same month, which ignores the series.
5. A 300 000-cell suppressed grid written to a GeoPackage in bulk against the PyQGIS
   file sink (in the same child process), and record disclosure risk of the 1 M trips end
   to end into a new GeoPackage in bulk against the same into a memory layer through the
   sink (alternately in one child process) and against the engine alone. With the PostGIS
   server, the same grid and the same record risk into new PostGIS tables with COPY against
   the PyQGIS PostGIS sink (each pair alternately in one child process).
4. The join simulation (62 000 released subjects, 8 400 targets, radius 300 m,
   three quasi-identifiers: four steps) against a per-target loop.
7. Targeted record swapping of a synthetic census of 10^6 households (about 2.5 M persons
   around 40 towns in a 200 km square; risk fields age band x sex; 10 km and 1 km cells;
   k = 3, swap rate 5 %, donors within 5 km; issue #37: under 60 s), the engine from the
   persons' arrays, against the same swap with donors anywhere (sdcMicro's rule).
   ``--swap``: only this row (printed, not written).
8. The noise of a DP grid (40,000 cells at 250 m with their 500 m and 1 km parents,
   ε = 1, m = 2, both mechanisms) drawn from the operating system (os.urandom, as a
   release draws it; issue 43) against the same exact samplers on numpy's PCG64,
   interleaved. ``--dp-noise``: only these rows (printed, not written).
6. The gate's audit against areas that do not nest (differencing): the homes of the
   city's 300 000 people on a suppressed 250 m grid and 300 irregular areas (Voronoi
   polygons) whose borders cut the cells into atoms; end to end through Processing
   against the atom engine alone, and the engine against one LP pair per atom over the
   whole system (as the audit solved it before; timed on a sample, scaled).
"""

import contextlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd
import scipy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spatial_privacy_plugin.release import grid  # noqa: E402
from spatial_privacy_plugin import parallel  # noqa: E402
from spatial_privacy_plugin.risk.linkage import join_simulation  # noqa: E402
from spatial_privacy_plugin.risk.masking import donut_displacement  # noqa: E402
from spatial_privacy_plugin.risk.measures import record_risk  # noqa: E402
from spatial_privacy_plugin.release.series import Series  # noqa: E402
from spatial_privacy_plugin.audit.intervals import _residual_rows, bounds_by_programming  # noqa: E402
from spatial_privacy_plugin.samples.synthetic import synthetic_trips  # noqa: E402

RESOLUTIONS = (100.0, 250.0, 500.0, 1000.0)


def timed(function, repeat=3):
    """Median wall-clock time of ``repeat`` runs (times on this machine vary by about 10 %),
    and the last result."""
    wall, _, result = timed_with_cpu(function, repeat)
    return wall, result


def timed_with_cpu(function, repeat=3):
    """Median wall-clock and CPU times (all of this process's threads) of ``repeat`` runs, and
    the last result: on a shared machine the CPU time moves less with the load than the wall."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        start, started_cpu = time.perf_counter(), time.process_time()
        result = function()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - started_cpu)
    return float(np.median(walls)), float(np.median(cpus)), result


def pandas_sweep(trips, origin):
    """The baseline: string cell ids and groupby().nunique() per resolution."""
    withheld = []
    for resolution in RESOLUTIONS:
        col = np.floor((trips["x"] - origin[0]) / resolution).astype(int).astype(str)
        row = np.floor((trips["y"] - origin[1]) / resolution).astype(int).astype(str)
        cell = col + "_" + row
        counts = trips.groupby(cell)["person_id"].nunique()
        withheld.append(int((counts < 10).sum()))
    return withheld


def city(n_persons):
    """The sample generator's city as the engine's arrays."""
    trips = synthetic_trips(n_persons)
    x, y = trips["x"].to_numpy(), trips["y"].to_numpy()
    persons = grid.encode_person_ids(trips["person_id"].to_numpy(), "person_id")
    keys = grid.encode_key_columns([], len(trips))
    return trips, x, y, persons, keys, grid.default_origin(x, y, 8000.0)


def bench_suppression(n_persons):
    _, x, y, persons, keys, origin = city(n_persons)
    marginals = grid.Marginals(grid.MARGINALS_BOTH, parent_factor=4, protection=5.0)
    ours, release = timed(lambda: grid.suppressed_grid(x, y, persons, keys, origin, 250.0, 10,
                                                       marginals), repeat=1)
    counts = grid.count_cells(x, y, persons, keys, origin, 250.0)
    status, result = grid.suppress(counts, 10, marginals)
    equalities = result.totals.equalities(result.totals_withheld)
    values = counts.n_persons.astype(float)

    def over_withheld(sums):
        return [(cells[result.withheld[cells]], total - values[cells[~result.withheld[cells]]].sum())
                for cells, total in sums if result.withheld[cells].any()]
    raw = over_withheld(equalities)
    variables = np.unique(np.concatenate([cells for cells, _ in raw]))
    baseline_time, (lower, upper) = timed(lambda: bounds_by_programming(
        variables, raw, np.ones(len(variables)), np.full(len(variables), np.inf)), repeat=1)
    assert np.allclose(result.intervals.lower[variables], lower, atol=1e-6)
    assert np.allclose(result.intervals.upper[variables], upper, atol=1e-6)
    assert len(_residual_rows(values, result.withheld, equalities)) > 0
    withheld = int(result.withheld.sum())
    return {"case": (f"suppress + audit, 250 m grid, {len(counts.n_persons):,} cells, "
                     f"{withheld:,} withheld, parents x4 + total"),
            "ours_s": ours,
            "baseline": "audit alone by LP over the raw totals (no nested-totals shortcut)",
            "baseline_s": baseline_time}


def bench_series(n_persons, kind):
    """Month two of the city grid, 3 % of trips fewer, suppressed jointly with month one."""
    trips, x, y, persons, keys, origin = city(n_persons)
    marginals = grid.Marginals(kind, parent_factor=4, protection=5.0)
    first = grid.suppressed_grid(x, y, persons, keys, origin, 250.0, 10, marginals).cells
    published = grid.published_release(first)
    keep = np.random.default_rng(1).random(len(x)) > 0.03
    month = (x[keep], y[keep], grid.encode_person_ids(trips["person_id"].to_numpy()[keep], "id"),
             keys[keep], origin, 250.0, 10, marginals)
    ours, release = timed(lambda: grid.suppressed_grid(*month, series=Series([published], 3)),
                          repeat=1)
    naive_time, _ = timed(lambda: grid.suppressed_grid(*month), repeat=1)
    withheld = int((release.cells["status"] != grid.STATUS_PUBLISHED).sum())
    return {"case": (f"month 2 of the 250 m grid jointly with month 1, {len(release.cells):,} "
                     f"cells, {withheld:,} withheld, {kind}"),
            "ours_s": ours, "baseline": "per-release suppression (ignores the series)",
            "baseline_s": naive_time}


def per_target_join(release_xy, auxiliary_xy, radius, release_qids, auxiliary_qids):
    """The baseline: for each target, distances to every released point, then the QIDs.

    Columns become numpy's own types (text as fixed-width strings), whose
    comparisons run in C, not object by object.
    """
    counts = np.zeros((len(release_qids) + 1, len(auxiliary_xy)), dtype=np.int64)
    release_columns = [np.asarray(list(column)) for column in release_qids]
    for target in range(len(auxiliary_xy)):
        near = np.hypot(release_xy[:, 0] - auxiliary_xy[target, 0],
                        release_xy[:, 1] - auxiliary_xy[target, 1]) <= radius
        counts[0, target] = near.sum()
        for step, column in enumerate(release_columns, start=1):
            near &= column == auxiliary_qids[step - 1][target]
            counts[step, target] = near.sum()
    return counts


def bench_join(n_subjects, n_targets):
    people = synthetic_trips(n_subjects).groupby("person_id").head(1).reset_index(drop=True)
    rng = np.random.default_rng(42)
    xy = people[["x", "y"]].to_numpy()
    dx, dy = donut_displacement(len(xy), 50.0, 300.0, rng)
    release_xy = xy + np.column_stack([dx, dy])
    targets = rng.choice(len(people), size=n_targets, replace=False)
    names = ["age_band", "sex", "household_size"]
    people["household_size"] = people.groupby("household_id")["person_id"].transform("size")
    # Columns as the layer reader gives them: numpy arrays (text as objects).
    release_qids = [people[name].to_numpy() for name in names]
    auxiliary_qids = [column[targets] for column in release_qids]
    truth = people["person_id"].to_numpy()

    def join():
        return join_simulation(release_xy, xy[targets], 300.0, names, release_qids,
                               auxiliary_qids, truth, truth[targets])

    ours, result = timed(join)
    with one_thread():
        ours_one_thread, _ = timed(join)
    baseline_time, counts = timed(lambda: per_target_join(
        release_xy, xy[targets], 300.0, release_qids, auxiliary_qids), repeat=1)
    assert (counts[-1] == result.candidates).all(), "engine and baseline disagree"
    case = f"join simulation, {len(people):,} released x {n_targets:,} targets, 300 m, 3 QIDs (4 steps)"
    return [{"case": f"{case}, {parallel.thread_count()} threads", "ours_s": ours,
             "baseline": "per-target loop", "baseline_s": baseline_time},
            {"case": f"{case}, one thread", "ours_s": ours_one_thread,
             "baseline": "per-target loop", "baseline_s": baseline_time}]


@contextlib.contextmanager
def one_thread():
    """The engine on one thread (SPATIAL_PRIVACY_THREADS=1), for this process and its children."""
    previous = os.environ.get(parallel.THREADS_VARIABLE)
    os.environ[parallel.THREADS_VARIABLE] = "1"
    try:
        yield
    finally:
        if previous is None:
            del os.environ[parallel.THREADS_VARIABLE]
        else:
            os.environ[parallel.THREADS_VARIABLE] = previous


def child(mode, path, resolutions=",".join(f"{r:g}" for r in RESOLUTIONS)):
    """One run in a fresh QGIS process (bench/processing_child.py); its JSON result."""
    completed = subprocess.run(
        ["/usr/bin/python3", str(ROOT / "bench" / "processing_child.py"), mode, str(path), resolutions],
        capture_output=True, text=True, check=True)
    return json.loads(completed.stdout.strip().splitlines()[-1])


NATIVE = "QGIS Create grid + Count points in polygon"


def child_row(case, ours, baseline, baseline_seconds):
    """A table row from a child run: the median of its last three runs is the figure, the first
    is shown beside (a child that runs once: that run)."""
    row = {"case": case, "ours_s": ours["seconds"], "peak_mb": ours["peak_mb"],
           "baseline": baseline, "baseline_s": baseline_seconds}
    if "first_seconds" in ours:
        row["first_s"] = ours["first_seconds"]
    return row


def sample_city(n_trips, folder):
    """The sample city of about ``n_trips`` trips as a GeoPackage (for the children) and as
    the engine's arrays."""
    path = Path(folder) / f"trips_{n_trips}.gpkg"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_sample_data.py"), str(path),
                    str(n_trips // 3)], check=True, capture_output=True)
    return path, city(n_trips // 3)


def bench_cell_key_only(n_trips, folder):
    """The cell key rows alone, beside the sweep's engine time measured now."""
    path, (trips, x, y, persons, keys, origin) = sample_city(n_trips, folder)
    engine = timed_with_cpu(lambda: grid.sweep(x, y, persons, keys, origin, RESOLUTIONS, 10, 0.2))
    return bench_cell_key(path, x, y, trips, keys, origin, engine[:2])


def bench_end_to_end(sizes, native_sizes, folder):
    rows = []
    for n_trips in sizes:
        path, (trips, x, y, persons, keys, origin) = sample_city(n_trips, folder)
        engine_time, engine_cpu, table = timed_with_cpu(
            lambda: grid.sweep(x, y, persons, keys, origin, RESOLUTIONS, 10, 0.2))
        pandas_time, baseline = timed(lambda: pandas_sweep(trips, origin), repeat=1)
        assert table["cells_withheld"].tolist() == baseline, "engine and baseline disagree"
        ours = child("sweep", path)
        case = f"sweep end to end (Processing, GeoPackage), {len(trips):,} trips, 4 resolutions"
        rows.append(child_row(case, ours, "engine alone on the arrays", engine_time))
        rows.append(child_row(case, ours, "pandas string ids + nunique", pandas_time))
        if n_trips in native_sizes:
            native = child("native", path)["seconds"]
            rows.append(child_row(case, ours, NATIVE, native))
            if n_trips == max(native_sizes):
                with one_thread():
                    rows.append(child_row(f"{case}, one thread", child("sweep", path), NATIVE,
                                          native))
        if n_trips == 1_000_000 or (n_trips == max(sizes) and n_trips < 1_000_000):
            rows.append(child_row(f"zone risk end to end, {len(trips):,} records, 500 zones",
                                  child("zonerisk", path),
                                  "QGIS Join attributes by location (assignment only)",
                                  child("native_zones", path)["seconds"]))
            risk_keys = ["age_band", "sex", "trip_purpose"]
            engine_risk, _ = timed(lambda: record_risk([trips[k].to_numpy() for k in risk_keys],
                                                       risk_keys), repeat=1)
            rows.append(child_row(f"record disclosure risk end to end, {len(trips):,} records, "
                                  "3 key variables", child("disclosure", path),
                                  "the engine alone on the arrays", engine_risk))
            rows += bench_risk_writing(path, len(trips))
            if os.environ.get("SPATIAL_PRIVACY_TEST_PG"):
                rows += bench_postgis_writing(path, len(trips),
                                              300_000 if n_trips >= 1_000_000 else 3_000)
        if n_trips == max(sizes):
            rows += bench_cell_key(path, x, y, trips, keys, origin,
                                   (engine_time, engine_cpu))
            # Counting sorts (person, cell) codes, nearly sorted already when rows come
            # person by person, as trip tables (and the sample generator) do.
            order = np.random.default_rng(7).permutation(len(x))
            shuffled = (x[order], y[order],
                        grid.encode_person_ids(trips["person_id"].to_numpy()[order], "person_id"),
                        keys[order])
            shuffled_time, _ = timed(lambda: grid.sweep(*shuffled, origin, RESOLUTIONS, 10, 0.2))
            rows.append({"case": f"sweep, engine alone, {len(trips):,} trips, rows person by person",
                         "ours_s": engine_time, "baseline": "the same rows in random order",
                         "baseline_s": shuffled_time})
            reading = child("read", path)
            rows.append({"case": f"reading {len(trips):,} points from a GeoPackage",
                         "ours_s": reading["arrow_s"], "baseline": "QgsFeature iteration",
                         "baseline_s": reading["by_feature_s"]})
    return rows


# The bench's persistent record key of a person: frac(person id x this), here and in PostGIS.
RECORD_KEY_FACTOR = 0.6180339887498949


def gpkg_with_record_keys(path):
    """A copy of the GeoPackage with a column record_key (frac(person_id x RECORD_KEY_FACTOR)),
    as a data holder who stores persistent record keys with the data has it."""
    import shutil

    from osgeo import gdal

    keyed = path.with_name(f"{path.stem}_keyed.gpkg")
    shutil.copyfile(path, keyed)
    gdal.UseExceptions()
    dataset = gdal.OpenEx(str(keyed), gdal.OF_VECTOR | gdal.OF_UPDATE)
    dataset.ExecuteSQL("ALTER TABLE trips ADD COLUMN record_key REAL")
    dataset.ExecuteSQL(f"UPDATE trips SET record_key = person_id * {RECORD_KEY_FACTOR!r} - "
                       f"CAST(person_id * {RECORD_KEY_FACTOR!r} AS INTEGER)")
    dataset = None
    return keyed


def bench_cell_key(path, x, y, trips, keys, origin, sweep_engine):
    """The cell key grid at 250 m with each source of record keys, end to end and its engine
    alone, against the sweep's engine (``sweep_engine``: wall and CPU seconds) on the same
    trips: a key file (HMAC-SHA-256 of every person's id), and a record key field stored with
    the data (``gpkg_with_record_keys``). The key file's engine is also split into the HMAC
    of the ids and everything else, so that the hash's cost shows."""
    import secrets

    from spatial_privacy_plugin.noise import cellkey
    from spatial_privacy_plugin.noise.ptable import create_ptable

    table = create_ptable(5, 3.0, 2)
    secret = secrets.token_bytes(32)
    ids = trips["person_id"].to_numpy()
    stored_keys = ids * RECORD_KEY_FACTOR - np.floor(ids * RECORD_KEY_FACTOR)
    sweep_time, sweep_cpu = sweep_engine

    def key_file_engine(hashed=None):
        persons = grid.encode_person_ids(ids, "person_id")
        by_code = cellkey.person_ids_by_code(persons, ids)
        record_keys = cellkey.hmac_record_keys(secret, by_code) if hashed is None else hashed
        return cellkey.perturbed_cells(x, y, persons, keys, origin, 250.0, record_keys, table)

    def record_field_engine():
        persons = grid.encode_person_ids(ids, "person_id")
        record_keys = cellkey.field_record_keys(stored_keys, persons, "record_key")
        return cellkey.perturbed_cells(x, y, persons, keys, origin, 250.0, record_keys, table)
    by_code = cellkey.person_ids_by_code(grid.encode_person_ids(ids, "person_id"), ids)
    hash_time, hash_cpu, hashed = timed_with_cpu(lambda: cellkey.hmac_record_keys(secret, by_code))
    engines = [("key file, engine alone (HMAC of every person's id included)", key_file_engine),
               ("key file, engine alone without the HMAC (its record keys given)",
                lambda: key_file_engine(hashed)),
               ("record key field, engine alone", record_field_engine)]
    case = f"cell key grid, {len(trips):,} trips, 250 m"
    baseline = f"the sweep's engine alone, 4 resolutions (CPU {sweep_cpu:.2f} s)"
    rows = []
    for what, mode, source in (("key file", "cellkey", path),
                               ("record key field", "cellkey_record", gpkg_with_record_keys(path))):
        ours = child(mode, source, "250")
        rows.append(child_row(f"{case}, {what}, end to end (Processing, GeoPackage; CPU "
                              f"{ours['cpu_seconds']:.2f} s; {child_load(ours)})", ours, baseline,
                              sweep_time))
    for what, engine in engines:
        wall, cpu, _ = timed_with_cpu(engine)
        rows.append({"case": f"{case}, {what} (CPU {cpu:.2f} s; {load_note()})", "ours_s": wall,
                     "baseline": baseline, "baseline_s": sweep_time})
    rows.append({"case": f"HMAC-SHA-256 record keys of {len(by_code):,} people alone (CPU "
                         f"{hash_cpu:.2f} s; {load_note()})", "ours_s": hash_time,
                 "baseline": baseline, "baseline_s": sweep_time})
    return rows


def bench_region(n_trips, folder):
    """The sweep against QGIS's own workflow on a regional extent: four towns 100 km apart.

    The native grid builds and tests every cell of the extent, most of them
    empty; the engine only ever sees occupied cells.
    """
    path = Path(folder) / f"region_{n_trips}.gpkg"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_sample_data.py"), str(path),
                    str(n_trips // 3), "20261133", "--region"], check=True, capture_output=True)
    ours = child("sweep", path)
    return child_row(f"sweep end to end, {ours['points']:,} trips in four towns over a 140 km "
                     f"region, 4 resolutions", ours, NATIVE, child("native", path)["seconds"])


def plain_atom_programmes(rows, box, targets):
    """The baseline: one LP pair per target over the whole system (the integer programme
    where the relaxation's optimum is not whole), as the audit solved it before."""
    from scipy.optimize import linprog
    from scipy.sparse import csr_matrix, vstack

    def matrix(groups):
        columns = np.concatenate(groups) if groups else np.empty(0, dtype=np.int64)
        return csr_matrix((np.ones(len(columns)), (np.repeat(np.arange(len(groups)),
                                                            [len(g) for g in groups]), columns)),
                          shape=(len(groups), len(box)))
    equal = [(cells, low) for cells, low, high in rows if low == high]
    floors = [(cells, low) for cells, low, high in rows if low != high]
    ceilings = [(cells, high) for cells, low, high in rows if low != high and np.isfinite(high)]
    options = {"A_eq": matrix([c for c, _ in equal]), "b_eq": [t for _, t in equal],
               "A_ub": vstack([-matrix([c for c, _ in floors]), matrix([c for c, _ in ceilings])]),
               "b_ub": [-t for _, t in floors] + [t for _, t in ceilings],
               "bounds": [(0, None if np.isinf(b) else b) for b in box], "method": "highs"}
    for target in targets:
        for sign in (1.0, -1.0):
            objective = np.zeros(len(box))
            objective[target] = sign
            solved = linprog(objective, **options)
            if solved.status == 0 and np.abs(solved.x - np.round(solved.x)).max() > 1e-6:
                linprog(objective, integrality=np.ones(len(box)), **options)


def bench_atom_audit(n_persons, resolution, n_areas, folder, sample=40):
    """The gate audit of the city's homes on a suppressed grid against irregular areas (their
    borders cut cells into atoms) end to end and its engine alone; the plain per-atom
    programme is timed on ``sample`` of its targets and scaled to all of them."""
    from spatial_privacy_plugin.audit.atoms import atom_rows, atom_targets
    from spatial_privacy_plugin.counting.cells import PeopleTotal
    from spatial_privacy_plugin.release.gate import evaluate_atom_audit

    path = Path(folder) / "atoms.npz"
    ours = child("atomgate", path, f"{n_persons},{resolution:g},{n_areas}")
    saved = np.load(path)
    atom_record, values, statuses = saved["atom_record"], saved["values"], saved["statuses"]
    areas = list(zip(np.split(saved["area_atoms"], np.cumsum(saved["area_sizes"])[:-1]),
                     saved["area_counts"]))
    withheld = statuses != grid.STATUS_PUBLISHED
    people = PeopleTotal(int(saved["people"]), True)
    grand_total = [(np.arange(len(values)), float(saved["grand_total"]))]

    def engine():
        return evaluate_atom_audit(values, statuses, grand_total, atom_record,
                                   [[] for _ in atom_record], areas, 5.0, None, 10, people)
    engine_time, _ = timed(engine)
    rows, box = atom_rows(values, withheld, np.where(withheld, 1.0, 0.0), np.full(len(values), np.inf),
                          atom_record, areas, people.n, grand_total)
    members, cut_atoms, hidden = atom_targets(atom_record, withheld)
    targets = [[atom] for atom in cut_atoms] + [members[record] for record in hidden]
    picked = np.linspace(0, len(targets) - 1, sample).astype(int)
    plain_time, _ = timed(lambda: plain_atom_programmes(rows, box, [targets[i] for i in picked]),
                          repeat=1)
    case = (f"{resolution:g} m city grid, {ours['cells']:,} cells ({int(withheld.sum()):,} "
            f"withheld) x {ours['areas']} irregular areas: {ours['atoms']:,} atoms, "
            f"{ours['cut_cells']:,} cells cut, gate {ours['outcome']}")
    return [child_row(f"gate audit end to end (Processing), {case}; cutting {ours['cutting_s']:.2f} s",
                      ours, "the atom engine alone on the same arrays", engine_time),
            {"case": f"atom audit, engine alone, {case}", "ours_s": engine_time,
             "baseline": f"one LP pair per atom over the whole system ({sample} of "
                         f"{len(targets):,} timed, scaled)",
             "baseline_s": plain_time * len(targets) / sample}]


def bench_crossing_zones(n_persons, resolution, n_areas, n_crossing):
    """The grid's audit (the gate's engine) of the city's homes on a suppressed grid beside
    two zone layers whose borders cross (no flow network: flow relaxations bound the atoms and
    whole-number witnesses reach the bounds, ``atom_crossings``), against the same audit
    beside the first layer alone (a flow network), in the same process. Zones: Voronoi cells of seeds among the homes; the pieces of
    each cell from a lattice of sample points and the homes."""
    from scipy.spatial import cKDTree

    from spatial_privacy_plugin.release.sliver_suppression import AttackerView, audit_pattern, \
        count_atoms, record_values, records_of_points

    homes = synthetic_trips(n_persons).groupby("person_id").head(1)
    x, y = homes["x"].to_numpy(), homes["y"].to_numpy()
    persons = grid.encode_person_ids(homes["person_id"].to_numpy(), "person_id")
    keys = grid.encode_key_columns([], len(x))
    origin = grid.default_origin(x, y, 8000.0)
    cells = grid.suppressed_grid(x, y, persons, keys, origin, resolution, 10,
                                 grid.Marginals(grid.MARGINALS_TOTAL, protection=5.0)).cells
    point_record, _ = records_of_points(cells, x, y, keys, origin, resolution)
    values = record_values(point_record, persons, len(cells))
    rng = np.random.default_rng(19)
    homes_xy = np.column_stack([x, y])
    trees = [cKDTree(homes_xy[rng.choice(len(x), n, replace=False)] + rng.normal(0, 50, (n, 2)))
             for n in (n_areas, n_crossing)]
    ticks = (np.arange(4) + 0.5) / 4 * resolution
    lattice = np.array([(a, b) for a in ticks for b in ticks])
    corners = np.column_stack([origin[0] + cells["col"].to_numpy() * resolution,
                               origin[1] + cells["row"].to_numpy() * resolution])
    samples = (corners[:, None, :] + lattice[None, :, :]).reshape(-1, 2)
    sample_record = np.repeat(np.arange(len(cells)), len(lattice))

    def atoms_of(layers):
        offsets = np.cumsum([0] + [trees[layer].n for layer in layers])
        sample_zones = np.column_stack([trees[layer].query(samples)[1] + offsets[i]
                                        for i, layer in enumerate(layers)])
        point_zones = np.column_stack([trees[layer].query(homes_xy)[1] + offsets[i]
                                       for i, layer in enumerate(layers)])
        pieces = [[] for _ in range(len(cells))]
        for row in np.unique(np.column_stack([sample_record, sample_zones]), axis=0).tolist():
            pieces[row[0]].append(tuple(row[1:]))
        return count_atoms(point_record, point_zones, persons, pieces, int(offsets[-1]))
    view = AttackerView.of_cells(cells, grid.people_total(persons), True)
    withheld = cells["status"].to_numpy() != grid.STATUS_PUBLISHED

    def audit(atoms):
        return audit_pattern(values, withheld, atoms.zone_values < 10, atoms, view, 5.0, 10)
    one, two = atoms_of([0]), atoms_of([0, 1])
    one_time, _ = timed(lambda: audit(one), repeat=1)
    two_time, result = timed(lambda: audit(two), repeat=1)
    return {"case": f"grid audit beside two crossing zone layers, {resolution:g} m "
                    f"city grid, {len(cells):,} cells ({int(withheld.sum()):,} withheld) x "
                    f"{n_areas} + {n_crossing} Voronoi zones: {len(two.atom_record):,} atoms, "
                    f"gate {'passes' if result.passed else 'fails'}",
            "ours_s": two_time,
            "baseline": f"the same audit beside the first layer alone ({len(one.atom_record):,} "
                        f"atoms, a flow network)", "baseline_s": one_time}


def bench_distinct_nesting(n_persons, resolution, factor):
    """The gate's audit of a suppressed grid of trips (several points per person) beside its
    grid ``factor`` times coarser, both counts of distinct people: the exact programme over the
    tree of places that nest (``atom_kinds.tree_bounds``), against the same audit of the
    people's homes (one point each: sums, a flow network), in the same process."""
    from spatial_privacy_plugin.counting.cells import PeopleTotal
    from spatial_privacy_plugin.release.gate import evaluate_release_audit

    trips = synthetic_trips(n_persons)

    def audit(points):
        x, y = points["x"].to_numpy(), points["y"].to_numpy()
        persons = grid.encode_person_ids(points["person_id"].to_numpy(), "person_id")
        keys = grid.encode_key_columns([], len(x))
        origin = grid.default_origin(x, y, resolution * factor)
        cells = grid.suppressed_grid(x, y, persons, keys, origin, resolution, 10,
                                     grid.Marginals(grid.MARGINALS_NONE)).cells
        parent = (cells["col"].to_numpy() // factor) * 1_000_003 + cells["row"].to_numpy() // factor
        parents, cell_parent = np.unique(parent, return_inverse=True)
        point_parent = (grid.cell_index(x, origin[0], resolution * factor) * 1_000_003
                        + grid.cell_index(y, origin[1], resolution * factor))
        distinct = pd.DataFrame({"parent": point_parent, "person": persons}).drop_duplicates()
        counts = distinct.groupby("parent").size().reindex(parents, fill_value=0).to_numpy()
        published = counts >= 10
        areas = [(np.flatnonzero(cell_parent == index), float(count))
                 for index, count in enumerate(counts) if published[index]]
        hidden = [(np.flatnonzero(cell_parent == index), str(index))
                  for index in np.flatnonzero(~published)]
        withheld = cells["status"].to_numpy() != grid.STATUS_PUBLISHED
        people = grid.people_total(persons)
        result = evaluate_release_audit(
            np.where(withheld, np.nan, cells["n_persons"].to_numpy(dtype=float, na_value=np.nan)),
            np.where(withheld, "withheld", "published"), [], 5.0, None, 10,
            PeopleTotal(people.n, people.one_point), None, (),
            (np.arange(len(cells)), [[str(p)] for p in cell_parent], areas), people.one_point,
            withheld_areas=hidden)
        return result, len(cells), int(withheld.sum())
    trips_time, (result, n_cells, n_withheld) = timed(lambda: audit(trips), repeat=1)
    homes_time, _ = timed(lambda: audit(trips.groupby("person_id").head(1)), repeat=1)
    return {"case": f"gate audit of distinct people, {resolution:g} m grid of "
                    f"{len(trips):,} trips ({n_cells:,} cells, {n_withheld:,} withheld) beside "
                    f"its {resolution * factor:g} m grid: the exact programme over the tree of "
                    f"places, gate {'passes' if result.passed else 'fails'}",
            "ours_s": trips_time,
            "baseline": "the same audit of the people's homes (one point each: sums)",
            "baseline_s": homes_time}


def synthetic_census(n_households, seed=20261204):
    """Persons at their households' dwellings around 40 towns in a 200 km square: household
    ids, x, y, age band and sex per person (one to five members a household)."""
    rng = np.random.default_rng(seed)
    size = rng.integers(1, 6, n_households)
    towns = rng.uniform(20_000, 180_000, (40, 2))
    town = rng.integers(0, len(towns), n_households)
    spread = rng.uniform(1_000, 6_000, len(towns))[town]
    hx = towns[town, 0] + rng.normal(0, 1, n_households) * spread
    hy = towns[town, 1] + rng.normal(0, 1, n_households) * spread
    household = np.repeat(np.arange(n_households), size)
    return household, hx[household], hy[household], \
        rng.integers(0, 8, len(household)), rng.integers(0, 2, len(household))


def bench_swap(n_households):
    """The record swap from the persons' arrays to the swapped locations, within 25 km and with
    donors anywhere (donors lie two cells away: beyond 10 km at the 10 km level)."""
    from spatial_privacy_plugin.swap.households import grid_level, households_of, nested, \
        profile_codes
    from spatial_privacy_plugin.swap.swapping import swap_households, swapped_locations

    household, x, y, age, sex = synthetic_census(n_households)

    def run(distance):
        homes = households_of(household, x, y, "household_id")
        levels = nested([grid_level(f"{size:g} m", homes.x, homes.y, (0.0, 0.0), size)
                         for size in (10_000.0, 1_000.0)])
        result = swap_households(homes, grid.encode_key_columns([age, sex], len(household)),
                                 [level.codes for level in levels],
                                 [profile_codes(homes, {"size": homes.size[homes.of_person]})],
                                 3, 0.05, np.random.default_rng(), distance,
                                 cells=[level.cells for level in levels])
        swapped_locations(homes, result)
        return result
    ours, result = timed(lambda: run(25_000.0), repeat=1)
    anywhere, _ = timed(lambda: run(None), repeat=1)
    high = int((result.high_risk_level >= 0).sum())
    return {"case": f"record swap, {n_households:,} households ({len(household):,} persons), "
                    f"10 km and 1 km cells, k = 3, rate 5 %, donors within 25 km: "
                    f"{result.households_swapped:,} swapped, {high:,} high-risk, "
                    f"{len(result.unswapped):,} without a donor",
            "ours_s": ours, "baseline": "the same with donors anywhere (sdcMicro)",
            "baseline_s": anywhere}


def bench_dp_noise(n_cells):
    """The noise of a DP grid of ``n_cells`` finest cells and two coarser levels (250/500/1000 m,
    ε = 1, m = 2), from the operating system as a release draws it, against numpy's PCG64."""
    from spatial_privacy_plugin.noise import dp_release
    from spatial_privacy_plugin.noise.system_random import SystemIntegers

    rows = []
    for mechanism in dp_release.MECHANISMS:
        plan = dp_release.plan_noise(mechanism, 1.0, (250.0, 500.0, 1000.0), 2, 1e-6)

        def draw(source):
            return [dp_release.draw_noise(plan, level, n_cells // 4 ** index, source)
                    for index, level in enumerate(plan.levels)]
        # Interleaved runs, medians of wall and CPU time: the load of a shared machine moves.
        runs = [[timed_with_cpu(lambda: draw(source()), repeat=1)[:2]
                 for source in (SystemIntegers, np.random.default_rng)] for _ in range(9)]
        (ours, ours_cpu), (pcg, pcg_cpu) = np.median(np.array(runs), axis=0).tolist()
        rows.append({"case": f"DP noise ({mechanism}, ε = 1, m = 2) of {n_cells:,} cells at "
                             "250 m and their 500 m and 1 km parents, from the operating system "
                             f"(os.urandom; CPU {ours_cpu:.3f} s against {pcg_cpu:.3f} s)",
                     "ours_s": ours, "baseline": "the same samplers on numpy's PCG64",
                     "baseline_s": pcg})
    return rows


def table_of(rows):
    lines = ["| case | ours (s) | first run (s) | peak memory (MB) | baseline | baseline (s) | "
             "ratio baseline/ours |",
             "| --- | ---: | ---: | ---: | --- | ---: | ---: |"]
    for row in rows:
        peak = f"{row['peak_mb']:.0f}" if "peak_mb" in row else ""
        first = f"{row['first_s']:.3f}" if "first_s" in row else ""
        lines.append(f"| {row['case']} | {row['ours_s']:.3f} | {first} | {peak} | "
                     f"{row['baseline']} | {row['baseline_s']:.3f} | "
                     f"{row['baseline_s'] / row['ours_s']:.2f}x |")
    return "\n".join(lines)


def child_load(result):
    return "load {:.1f}/{:.1f}/{:.1f}".format(*result["load"])


def bench_grid_writing(n_cells):
    """A suppressed grid of ``n_cells`` written to a GeoPackage in bulk (median of three after
    a first run, with its CPU time), against the sink, in one child process."""
    result = child("write_grid", "-", str(n_cells))
    return {"case": f"writing a {n_cells:,}-cell grid to a GeoPackage in bulk "
            f"({result['bulk_cpu_s']:.2f} s of CPU; {child_load(result)})", "ours_s":
            result["bulk_s"], "first_s": result["first_s"],
            "baseline": "PyQGIS file sink, feature by feature", "baseline_s": result["sink_s"]}


def bench_risk_writing(path, n_records):
    """Record risk end to end into a new GeoPackage in bulk, against the sink into a memory
    layer (the quickest sink) and the engine alone on the columns the algorithm reads, all
    alternately in one child process."""
    result = child("disclosure_gpkg", path)
    case = f"record disclosure risk end to end into a new GeoPackage, {n_records:,} records, " \
           f"in bulk ({result['bulk_cpu_s']:.2f} s of CPU against the engine's " \
           f"{result['engine_cpu_s']:.2f} s; {child_load(result)})"
    return [{"case": case, "ours_s": result["bulk_s"],
             "baseline": "the same through the PyQGIS sink into a memory layer",
             "baseline_s": result["sink_s"]},
            {"case": case, "ours_s": result["bulk_s"], "baseline": "the engine alone on the same "
             "columns, in the same process", "baseline_s": result["engine_s"]}]


def bench_postgis_writing(path, n_records, n_cells):
    """A grid of ``n_cells`` written to a new PostGIS table with COPY against the PostGIS sink,
    and record risk end to end into a new PostGIS table with COPY against the same through the
    sink (each pair alternately in one child process)."""
    grid_result = child("write_grid_postgis", "-", str(n_cells))
    risk = child("disclosure_postgis", path)
    return [{"case": f"writing a {n_cells:,}-cell grid to a new PostGIS table with COPY",
             "ours_s": grid_result["copy_s"], "baseline": "the PyQGIS PostGIS sink, feature by "
             "feature", "baseline_s": grid_result["sink_s"]},
            {"case": f"record disclosure risk end to end into a new PostGIS table, {n_records:,} "
             "records, with COPY", "ours_s": risk["copy_s"],
             "baseline": "the same through the PyQGIS PostGIS sink", "baseline_s": risk["sink_s"]}]


def synthetic_postgis(n_trips, table):
    """About ``n_trips`` synthetic trips generated in the database
    (scripts/make_synthetic_postgis.py)."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_synthetic_postgis.py"), "-",
                    str(n_trips), table], check=True, capture_output=True)


def drop_postgis(table):
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_synthetic_postgis.py"), "-", "0",
                    table, "--drop"], check=True, capture_output=True)


def postgis_to_gpkg(table, folder):
    """The table's rows, in fid order, as a GeoPackage (the same rows for the file path)."""
    from osgeo import gdal

    gpkg = Path(folder) / f"{table}.gpkg"
    gdal.UseExceptions()
    gdal.VectorTranslate(str(gpkg), f"PG:{os.environ['SPATIAL_PRIVACY_TEST_PG']}", format="GPKG",
                         layerName="trips", options=["-sql", f"SELECT * FROM {table} ORDER BY fid",
                                                     "-gt", "200000"])
    return gpkg


def load_note():
    """The machine's load average (1, 5, 15 minutes), to read a figure taken beside it."""
    return "load {:.1f}/{:.1f}/{:.1f}".format(*os.getloadavg())


def database_note(run):
    """The database's share of a push-down run (bench/processing_child.py times its queries)."""
    return (f"database busy {run['database_busy_s']:.2f} s ({run['queries']} queries, "
            f"{run['database_s']:.2f} s summed)")


def bench_postgis(sizes, folder, feature_path_sizes, repeated_below=10_000_000):
    """Synthetic trips generated in PostGIS (the server of scripts/postgres_for_tests.sh,
    SPATIAL_PRIVACY_TEST_PG): the sweep counted in the database, against the same table
    read feature by feature (at ``feature_path_sizes``; elsewhere estimated from the largest
    of those, scaled by rows, and said so) and against the same rows in a GeoPackage; the
    QGIS process's peak memory beside each. Below ``repeated_below`` rows the push-down runs
    four times in its child (the median of the last three is the figure), above once (said
    in the row). The smallest size's table also serves the one-point, keyed grid and zone
    risk rows. Each row is printed when it is measured. Tables are dropped
    afterwards."""
    rows, feature_rate = [], None
    for n_trips in sizes:
        table = f"bench_synthetic_{n_trips}"
        synthetic_postgis(n_trips, table)
        try:
            gpkg = postgis_to_gpkg(table, folder)
            ours = child("postgis" if n_trips < repeated_below else "postgis_once", table)
            case = (f"sweep end to end, PostGIS counted in the database, {ours['points']:,} "
                    f"trips, 4 resolutions{'' if n_trips < repeated_below else ', one run'}; "
                    f"{database_note(ours)}; {load_note()}")
            if n_trips in feature_path_sizes:
                features = child("postgis_features", table)
                feature_rate = features["seconds"] / features["points"]
                rows.append(child_row(case, ours, f"the same table read feature by feature "
                                      f"(peak {features['peak_mb']:.0f} MB)", features["seconds"]))
            elif feature_rate is not None:
                rows.append(child_row(case, ours, "the same table read feature by feature, "
                                      "ESTIMATED from the smaller run's seconds per row",
                                      feature_rate * ours["points"]))
            gpkg_run = child("sweep", gpkg)
            rows.append(child_row(case, ours, f"the same rows from a GeoPackage (Arrow; peak "
                                  f"{gpkg_run['peak_mb']:.0f} MB)", gpkg_run["seconds"]))
            if n_trips == min(sizes):
                rows += bench_postgis_one_point(table, folder)
                rows += bench_postgis_keyed_grids(table, folder)
                rows += bench_postgis_zone_risk(table, gpkg, n_trips // 3, folder)
        finally:
            drop_postgis(table)
        print(table_of(rows), flush=True)
    return rows


def bench_postgis_sweep(sizes, folder):
    """Issue 40's comparison (bench/postgis_sweep.py) at each size: five rounds at 1 M trips,
    one above (a round of 10 M takes minutes). Each row is printed when it is measured."""
    from postgis_sweep import HEADER, compare, row

    print(HEADER, flush=True)
    for n_trips in sizes:
        table = f"bench_synthetic_{n_trips}"
        synthetic_postgis(n_trips, table)
        try:
            result = compare(table, postgis_to_gpkg(table, folder),
                             5 if n_trips <= 1_000_000 else 1)
        finally:
            drop_postgis(table)
        print(row(result), flush=True)


def bench_postgis_keyed_grids(table, folder):
    """The cell key grid (key file; record key field) at 250 m and the DP grid (250, 500 and
    1000 m, m = 2) of the same trips with a record key per person: counted in PostGIS,
    against the same table read feature by feature and the same rows from a GeoPackage."""
    import psycopg2
    from osgeo import gdal

    keyed = f"{table}_keyed"
    conninfo = os.environ["SPATIAL_PRIVACY_TEST_PG"]
    with psycopg2.connect(conninfo) as connection, connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {keyed}")
        cursor.execute(f"CREATE TABLE {keyed} AS SELECT fid, person_id, (person_id * "
                       f"{RECORD_KEY_FACTOR!r} - floor(person_id * {RECORD_KEY_FACTOR!r}))::float8 "
                       f"AS record_key, geom FROM {table}")
        cursor.execute(f"ALTER TABLE {keyed} ADD PRIMARY KEY (fid)")
        cursor.execute(f"ANALYZE {keyed}")
    gpkg = Path(folder) / f"{keyed}.gpkg"
    gdal.UseExceptions()
    gdal.VectorTranslate(str(gpkg), f"PG:{conninfo}", format="GPKG", layerName="trips",
                         options=["-sql", f"SELECT * FROM {keyed} ORDER BY fid"])
    rows = []
    for mode, what in (("cellkey", "cell key grid (key file), 250 m"),
                       ("cellkey_record", "cell key grid (record key field), 250 m"),
                       ("dpgrid", "DP grid, 250/500/1000 m, m = 2")):
        ours = child(f"postgis_{mode}", keyed, "250")
        case = f"{what} end to end, PostGIS counted in the database, {ours['points']:,} trips"
        rows.append(child_row(case, ours, "the same table read feature by feature",
                              child(f"postgis_{mode}_features", keyed, "250")["seconds"]))
        rows.append(child_row(case, ours, "the same rows from a GeoPackage (Arrow)",
                              child(mode, gpkg, "250")["seconds"]))
    return rows


def bench_postgis_zone_risk(table, gpkg, n_persons, folder):
    """Zone risk (2 key variables, distinct people) of the PostGIS table in the 25 sample
    zones: counted in the database, against the table read feature by feature and against
    the same rows from a GeoPackage."""
    zones = Path(folder) / f"zones_{n_persons}.gpkg"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_sample_zones.py"), str(zones),
                    str(n_persons)], check=True, capture_output=True)
    ours = child("postgis_zones", table, str(zones))
    case = f"zone risk end to end, PostGIS counted in the database, {ours['points']:,} trips, " \
           "25 zones, 2 key variables"
    return [child_row(case, ours, "the same table read feature by feature",
                      child("postgis_zones_features", table, str(zones))["seconds"]),
            child_row(case, ours, "the same rows from a GeoPackage (Arrow)",
                      child("zones_gpkg", gpkg, str(zones))["seconds"])]


def bench_postgis_huge(n_trips):
    """The sweep of ``n_trips`` synthetic trips generated in PostGIS, run once end to end, with
    the database's own time beside it (its queries, timed in the child); the table is dropped
    afterwards."""
    table = f"bench_synthetic_{n_trips}"
    started = time.perf_counter()
    synthetic_postgis(n_trips, table)
    generated = time.perf_counter() - started
    try:
        ours = child("postgis_once", table)
    finally:
        drop_postgis(table)
    return [{"case": f"sweep end to end, PostGIS counted in the database, {ours['points']:,} "
                     f"trips (generated in SQL in {generated:.0f} s), 4 resolutions, one run; "
                     f"{load_note()}",
             "ours_s": ours["seconds"], "peak_mb": ours["peak_mb"],
             "baseline": f"the database alone: the {ours['queries']} queries' time while at least "
                         f"one ran ({ours['database_s']:.0f} s summed: they run concurrently)",
             "baseline_s": ours["database_busy_s"]}]


def bench_postgis_one_point(table, folder):
    """The same trips, each its own person (the trip's fid as person id): the database counts
    rows instead of distinct people, against the same rows from a GeoPackage."""
    import psycopg2
    from osgeo import gdal

    one = f"{table}_one_point"
    conninfo = os.environ["SPATIAL_PRIVACY_TEST_PG"]
    with psycopg2.connect(conninfo) as connection, connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {one}")
        cursor.execute(f"CREATE TABLE {one} AS SELECT fid, fid::bigint AS person_id, geom "
                       f"FROM {table}")
        cursor.execute(f"ALTER TABLE {one} ADD PRIMARY KEY (fid)")
        cursor.execute(f"ANALYZE {one}")
    gpkg = Path(folder) / f"{one}.gpkg"
    gdal.UseExceptions()
    gdal.VectorTranslate(str(gpkg), f"PG:{conninfo}", format="GPKG", layerName="trips",
                         options=["-sql", f"SELECT fid, person_id, geom FROM {one} ORDER BY fid"])
    try:
        ours = child("postgis", one)
    finally:
        drop_postgis(one)
    case = f"sweep end to end, PostGIS counted in the database, {ours['points']:,} trips, " \
           "one per person, 4 resolutions"
    return [child_row(case, ours, "the same rows from a GeoPackage (Arrow)",
                      child("sweep", gpkg)["seconds"])]


def machine():
    return (f"{platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}, "
            f"numpy {np.__version__}, pandas {pd.__version__}, scipy {scipy.__version__}")


POSTGIS_SIZES = (1_000_000, 10_000_000)
HUGE = 100_000_000


def bench_writing(n_trips, n_cells):
    """The bulk writing rows alone: the grid and record risk into GeoPackages, and with the
    PostGIS server into PostGIS tables."""
    with tempfile.TemporaryDirectory() as folder:
        path, (trips, *_) = sample_city(n_trips, folder)
        rows = [bench_grid_writing(n_cells)] + bench_risk_writing(path, len(trips))
        if os.environ.get("SPATIAL_PRIVACY_TEST_PG"):
            rows += bench_postgis_writing(path, len(trips), n_cells)
    return rows


def writers_rows(n_trips, n_households):
    """Issue 43's rows (bench/writers.py) on the sample city and a synthetic census."""
    from writers import bench_writers, census_gpkg

    with tempfile.TemporaryDirectory() as folder:
        path, _ = sample_city(n_trips, folder)
        return bench_writers(path, gpkg_with_record_keys(path),
                             census_gpkg(n_households, folder, synthetic_census))


def main(smoke, large, postgis_only=False, cell_key_only=False, huge=False, huge_only=False,
         sweep_only=False, writing_only=False, swap_only=False, dp_noise_only=False,
         writers_only=False):
    if writers_only:
        print(table_of(writers_rows(3_000 if smoke else 1_000_000,
                                    1_000 if smoke else 330_000)))
        return
    if dp_noise_only:
        print(table_of(bench_dp_noise(3_000 if smoke else 40_000)))
        return
    if swap_only:
        print(table_of([bench_swap(3_000 if smoke else 1_000_000)]))
        return
    if writing_only:
        print(table_of(bench_writing(3_000 if smoke else 1_000_000, 3_000 if smoke else 300_000)))
        return
    if huge_only:
        print(table_of(bench_postgis_huge(HUGE)), flush=True)
        return
    if cell_key_only:
        with tempfile.TemporaryDirectory() as folder:
            print(table_of(bench_cell_key_only(10_000_000 if large else 1_000_000, folder)))
        return
    if postgis_only and sweep_only:
        with tempfile.TemporaryDirectory() as folder:
            bench_postgis_sweep(POSTGIS_SIZES[:2 if large else 1], folder)
        return
    if postgis_only:
        with tempfile.TemporaryDirectory() as folder:
            rows = bench_postgis(POSTGIS_SIZES[:2 if large else 1], folder, POSTGIS_SIZES[:1])
            path, (trips, *_) = sample_city(1_000_000, folder)
            rows += bench_postgis_writing(path, len(trips), 300_000)
        rows += bench_postgis_huge(HUGE) if huge else []
        rows.append(bench_grid_writing(300_000))
        print(table_of(rows))
        return
    sizes = {"suppression": 500 if smoke else 60_000,
             "subjects": 2_000 if smoke else 62_000, "targets": 300 if smoke else 8_400}
    end_to_end = [3_000] if smoke else [100_000, 1_000_000] + ([10_000_000] if large else [])
    with tempfile.TemporaryDirectory() as folder:
        rows = bench_end_to_end(end_to_end, set() if smoke else set(end_to_end), folder)
        if not smoke:
            rows.append(bench_region(100_000, folder))
        if not smoke and os.environ.get("SPATIAL_PRIVACY_TEST_PG"):
            rows += bench_postgis(POSTGIS_SIZES[:2 if large else 1], folder, POSTGIS_SIZES[:1])
            rows += bench_postgis_huge(HUGE) if huge else []
        rows += bench_atom_audit(3_000 if smoke else 300_000, 250.0, 10 if smoke else 300,
                                 folder)
    # Crossing layers: flow relaxations and witnesses settle most bounds, but at 250 m (4,000
    # cells) some hundreds stay open for programmes over the whole block and take many
    # minutes (bench/RESULTS.md); the city at 2 km is the row.
    rows.append(bench_crossing_zones(3_000 if smoke else 300_000, 1000.0 if smoke else 2000.0,
                                     6 if smoke else 300, 3 if smoke else 100))
    rows.append(bench_distinct_nesting(3_000 if smoke else 100_000, 250.0, 4))
    rows += [bench_grid_writing(3_000 if smoke else 300_000),
             bench_suppression(sizes["suppression"]),
             bench_series(sizes["suppression"], grid.MARGINALS_TOTAL),
             bench_series(sizes["suppression"], grid.MARGINALS_BOTH),
             *bench_join(sizes["subjects"], sizes["targets"]),
             bench_swap(3_000 if smoke else 1_000_000),
             *bench_dp_noise(3_000 if smoke else 40_000)]
    report = table_of(rows)
    print(report)
    if not smoke:
        # The table replaces the file's first section; the notes below it (## sections) stay.
        results = ROOT / "bench" / "RESULTS.md"
        _, heading, notes = results.read_text(encoding="utf-8").partition("\n## ") \
            if results.exists() else ("", "", "")
        results.write_text(
            f"# Benchmark results\n\nMachine: {machine()}. Made by `make bench` on "
            f"{time.strftime('%Y-%m-%d')}.\n\n{report}\n" + (f"\n## {notes}" if heading else ""),
            encoding="utf-8")


if __name__ == "__main__":
    main("--smoke" in sys.argv, "--large" in sys.argv, "--postgis" in sys.argv,
         "--cellkey" in sys.argv, "--huge" in sys.argv, "--huge-only" in sys.argv,
         "--sweep-only" in sys.argv, "--writing" in sys.argv, "--swap" in sys.argv,
         "--dp-noise" in sys.argv, "--writers" in sys.argv)
