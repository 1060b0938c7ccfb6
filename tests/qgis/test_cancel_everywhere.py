"""Cancel within 2 s everywhere (issue 44): every algorithm, on an input large enough to take a
few seconds, cancelled as its bar moves at a tenth, half and nine tenths of its reports and
from a timer at fractions of its own uncancelled time, raises "Cancelled" within two seconds
of the cancel, leaves its output folder empty (no file, no hidden partial) and adds no entry to
a ledger (unless charged before the cancel, and then it says so).

The perturbation table takes a few hundredths of a second whatever its size: it is cancelled
at its first progress report instead of at later moments. The method comparison runs without
POT (as on QGIS for Windows): its exact distances by column generation are its long solves.

Each algorithm's cases run in one test worker (an xdist group), so its uncancelled control runs
once; the inputs are written once for every worker."""

import fcntl
import importlib.util
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from conftest import RecordingFeedback
from qgis.core import QgsProcessingException

from spatial_privacy_plugin.samples.synthetic import synthetic_trips

PERSONS = 60_000
BIG = 200_000  # people in the inputs of the algorithms quick on the smaller one
BOUND = 2.0
POLICY = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nepsilon_budget = 50\n'
CELL_ROWS = 150_000
ZONE_ROWS = 100_000
# The 50 km square of the sample city and its zones (x min, x max, y min, y max).
EXTENT = "4296000,4346000,3185000,3235000 [EPSG:3035]"


class CancelAt(RecordingFeedback):
    """A cancel pressed as the bar moves for the ``at``-th time (counted from 0, from the thread
    that reports, as the dialog's button would be), or from a timer thread ``after`` seconds
    from ``start``; ``reports``: the bar's values as they came."""

    def __init__(self, at=None, after=None):
        super().__init__()
        self.at, self.after = at, after
        self.cancelled_at = None
        self.reports = []
        self.progressChanged.connect(self.moved)
        self.timer = None

    def start(self):
        if self.after is not None:
            self.timer = threading.Timer(self.after, self.press)
            self.timer.start()

    def press(self):
        if self.cancelled_at is None:
            self.cancelled_at = time.monotonic()
            self.cancel()

    def moved(self, value):
        self.reports.append(value)
        if self.at is not None and len(self.reports) > self.at:
            self.press()

    def stop(self):
        if self.timer is not None:
            self.timer.cancel()


def script(name):
    """scripts/<name>.py as a module (the sample data's GDAL writers)."""
    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def points_file(folder, name, frame):
    # No R-tree: every case reads every row, and GDAL 3.6 spends 10 s building the big one's.
    script("make_sample_data").write_trips(folder / f"{name}.gpkg", frame, spatial_index=False)


def table_file(folder, name, frame):
    """``frame`` as a table without geometry of a GeoPackage of its own (GDAL's translator)."""
    from osgeo import gdal
    gdal.UseExceptions()
    csv, path = folder / f"{name}.csv", folder / f"{name}.gpkg"
    frame.to_csv(csv, index=False)
    types = ",".join('"Integer64"' if frame[column].dtype.kind == "i" else
                     '"Real"' if frame[column].dtype.kind == "f" else '"String"'
                     for column in frame.columns)
    csv.with_suffix(".csvt").write_text(types + "\n", encoding="utf-8")
    gdal.VectorTranslate(str(path), str(csv), format="GPKG", layerName=name)
    csv.unlink()
    csv.with_suffix(".csvt").unlink()


def people_at_home(trips):
    """One record per person, every member of a household at one point."""
    people = trips.drop_duplicates("person_id").copy()
    people[["x", "y"]] = people.groupby("household_id")[["x", "y"]].transform("first").to_numpy()
    return people


@pytest.fixture(scope="session")
def inputs(tmp_path_factory):
    """The inputs every case reads: GeoPackages, a policy and a key file in a folder of their
    own (the sample city of 60,000 and of 200,000 people, its zones, tables of cells and of
    zone risks). Under pytest-xdist the first worker to ask writes them (10 s) in the run's
    shared temporary folder, under a lock; the others read the same files."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    folder = shared / "cancel_inputs"
    with open(shared / "cancel_inputs.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "complete").exists():
            folder.mkdir(exist_ok=True)
            write_inputs(folder)
            (folder / "complete").touch()
    layers = {name: f"{folder / name}.gpkg|layername={layer}" for name, layer in
              (("trips", "trips"), ("people", "trips"), ("big", "trips"),
               ("big_people", "trips"), ("cells", "cells"), ("zone_risk", "zone_risk"),
               ("marginals", "marginals"), ("zones", "zones"))}
    return dict(layers, policy=str(folder / "policy.toml"), key=str(folder / "programme.key"),
                folder=folder)


def write_inputs(folder):
    from spatial_privacy_plugin.noise.cellkey import create_key_file
    trips, big = synthetic_trips(PERSONS, seed=44), synthetic_trips(BIG, seed=44)
    rng = np.random.default_rng(44)
    published = rng.random(CELL_ROWS) < 0.8
    cells = pd.DataFrame({"n_persons": pd.array(np.where(published, rng.integers(10, 40, CELL_ROWS),
                                                         0), dtype="Int64"),
                          "status": np.where(published, "published", "withheld")})
    cells.loc[~published, "n_persons"] = pd.NA
    zones = pd.DataFrame({"zone_id": [f"z{i}" for i in range(ZONE_ROWS)],
                          "p_reid": rng.uniform(0.0, 0.04, ZONE_ROWS),
                          "n_records": rng.integers(1, 500, ZONE_ROWS),
                          "zones_hash": "v1"})
    zones["p_reid_low"] = zones["p_reid"] / 2
    marginals = pd.DataFrame({"attribute": ["sex", "sex"], "category": ["F", "M"],
                              "share": [0.5, 0.5]})
    for name, frame in (("trips", trips), ("people", people_at_home(trips)), ("big", big),
                        ("big_people", people_at_home(big))):
        points_file(folder, name, frame)
    for name, frame in (("cells", cells), ("zone_risk", zones), ("marginals", marginals)):
        table_file(folder, name, frame)
    script("make_sample_zones").write_zones(folder / "zones.gpkg")
    (folder / "policy.toml").write_text(POLICY, encoding="utf-8")
    create_key_file(folder / "programme.key")


def recorded_ledger(path):
    from spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, summarise_zones
    from spatial_privacy_plugin.ledger.store import Ledger
    gate_release(Ledger(path), "mobility", "r0",
                 summarise_zones(["a", "b"], [0.01, 0.02], [100, 50], zones_hash=["v1", "v1"]),
                 budget_policy(per_release_ceiling=0.5, cumulative_ceiling=0.9))
    return str(path)


def parameters(algorithm, i, o, ledgers):
    """Good parameters of ``algorithm`` on the large inputs ``i``, outputs in folder ``o``,
    ledgers in folder ``ledgers``."""
    grid = {"INPUT": i["big"], "PERSON_FIELD": "person_id", "POLICY": i["policy"]}
    return {
        "resolutionsweep": lambda: dict(grid, RESOLUTIONS="50,100,250,500,1000", MARGINALS=3,
                                        OUTPUT=str(o / "sweep.gpkg"), CHART=str(o / "sweep.html")),
        "suppressedgrid": lambda: dict(grid, RESOLUTION=100, MARGINALS=3,
                                       OUTPUT=str(o / "grid.gpkg")),
        "kanonymitygate": lambda: {"INPUT": i["cells"], "COUNT_FIELD": "n_persons",
                                   "STATUS_FIELD": "status", "RHO": 0.1,
                                   "OUTPUT": str(o / "checked.gpkg"), "FAILED": str(o / "failed.gpkg")},
        "joinsimulation": lambda: {"RELEASE": i["people"], "AUXILIARY": i["people"], "RADIUS": 25.0,
                                   "QID_FIELDS": ["sex", "age_band"], "RELEASE_TRUTH_FIELD": "person_id",
                                   "AUXILIARY_TRUTH_FIELD": "person_id", "RHO": 0.1,
                                   "AUXILIARY_PROVENANCE": "test", "OUTPUT": str(o / "join.gpkg"),
                                   "TARGETS": str(o / "targets.gpkg"), "CHART": str(o / "chart.html"),
                                   "REPORT": str(o / "report.html")},
        "geomask": lambda: {"INPUT": i["people"], "MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0,
                            "OUTPUT": str(o / "masked.gpkg")},
        "syntheticauxiliary": lambda: {"ADDRESSES": i["people"], "MARGINALS": i["marginals"],
                                       "COVERAGE": 0.6, "OUTPUT": str(o / "auxiliary.gpkg")},
        "disclosurerisk": lambda: {"INPUT": i["big"], "KEY_FIELDS": ["sex", "age_band"],
                                   "OUTPUT": str(o / "risk.gpkg")},
        "zonerisk": lambda: {"ZONES": i["zones"], "ZONE_ID_FIELD": "zone_id", "RECORDS": i["trips"],
                             "KEY_FIELDS": ["sex", "age_band"], "PERSON_FIELD": "person_id",
                             "OUTPUT": str(o / "zones.gpkg")},
        "riskbudgetgate": lambda: {"ZONE_RISK": i["zone_risk"], "LEDGER": str(ledgers / "ledger.sqlite"),
                                   "DATASET": "mobility", "RELEASE_ID": "r1",
                                   "PER_RELEASE_CEILING": 0.5, "CUMULATIVE_CEILING": 0.9,
                                   "OUTPUT": str(o / "record.gpkg")},
        "reassessreleases": lambda: {"LEDGER": recorded_ledger(ledgers / "recorded.sqlite"),
                                     "DATASET": "mobility", "ZONE_RISK": i["zone_risk"],
                                     "OUTPUT": str(o / "reassessment.gpkg")},
        "ptable": lambda: {"D": 20, "V": 40.0, "JS": 5, "OUTPUT": str(o / "ptable.csv")},
        "cellkeygrid": lambda: dict(grid, KEY_FILE=i["key"], D=3, V=2.0, RESOLUTION=50,
                                    OUTPUT=str(o / "ckm.gpkg")),
        "dpgrid": lambda: dict(grid, EPSILON=1.0, RESOLUTIONS="100,200,400", EXTENT=EXTENT,
                               LEDGER=str(ledgers / "dp_ledger.sqlite"), DATASET="mobility",
                               RELEASE_ID="dp1", OUTPUT=str(o / "dp.gpkg")),
        "recordswap": lambda: {"INPUT": i["big_people"], "HOUSEHOLD_FIELD": "household_id",
                               "PERSON_FIELD": "person_id", "RISK_FIELDS": ["sex", "age_band"],
                               "HIERARCHY": "5000,1000,200", "SWAP_RATE": 0.05,
                               "OUTPUT": str(o / "swapped.gpkg"), "REPORT": str(o / "swap.html")},
        "methodcomparison": lambda: dict(grid, INPUT=i["people"], RESOLUTIONS="500,1000", D=3, V=2.0,
                                         KEY_FILE=i["key"], HOUSEHOLD_FIELD="household_id",
                                         OUTPUT=str(o / "comparison.gpkg"),
                                         CHART=str(o / "comparison.html")),
    }[algorithm]()


ALGORITHMS = [pytest.param(name, marks=pytest.mark.xdist_group(f"cancel-{name}")) for name in (
    "resolutionsweep", "suppressedgrid", "kanonymitygate", "joinsimulation", "geomask",
    "syntheticauxiliary", "disclosurerisk", "zonerisk", "riskbudgetgate", "reassessreleases",
    "ptable", "cellkeygrid", "dpgrid", "recordswap", "methodcomparison")]
TOO_FAST = ("ptable",)
# Fractions of the bar's reports (its first, its middle one, …) or of the uncancelled time.
MOMENTS = (("bar", 0.1), ("bar", 0.5), ("bar", 0.9), ("timer", 0.25), ("timer", 0.6))
DURATIONS, REPORTS = {}, {}
CHARGES_LEDGER = ("dpgrid", "riskbudgetgate")  # complete once charged, whatever comes after


def ledger_entries(folder):
    """Rows of every ledger in ``folder`` (0 where a ledger has no table yet)."""
    total = 0
    for path in folder.glob("*.sqlite"):
        with sqlite3.connect(path) as connection:
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "ledger" in tables:
                total += connection.execute("SELECT count(*) FROM ledger").fetchone()[0]
        connection.close()
    return total


def folders(tmp_path):
    outputs, ledgers = tmp_path / "outputs", tmp_path / "ledgers"
    outputs.mkdir(parents=True)
    ledgers.mkdir()
    return outputs, ledgers


def uncancelled(run, inputs, algorithm, tmp_path):
    outputs, ledgers = folders(tmp_path)
    feedback = CancelAt()
    start = time.monotonic()
    run(algorithm, parameters(algorithm, inputs, outputs, ledgers), feedback)
    DURATIONS[algorithm] = time.monotonic() - start
    REPORTS[algorithm] = len(feedback.reports)
    return outputs


@pytest.fixture
def without_pot(monkeypatch):
    """POT out of reach, as on QGIS for Windows: the comparison solves by column generation."""
    monkeypatch.setitem(sys.modules, "ot", None)


@pytest.fixture
def algorithm_returned(plugin_package, monkeypatch):
    """When the plugin's algorithm last returned: what QGIS does after that (processing.run
    loading the results into the context) is QGIS's own and cannot see a cancel."""
    base = importlib.import_module(f"{plugin_package.__name__}.processing_provider.base")
    moments = []
    original = base.SpatialPrivacyAlgorithm.processAlgorithm

    def timed(self, *arguments):
        try:
            return original(self, *arguments)
        finally:
            moments.append(time.monotonic())
    monkeypatch.setattr(base.SpatialPrivacyAlgorithm, "processAlgorithm", timed)
    return moments


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_not_cancelled_it_runs_and_writes(run, inputs, tmp_path, algorithm_returned, without_pot,
                                          algorithm):
    """The control, and the time the timer's moments are fractions of (and the moment its
    algorithm returned is seen, as the cancelled runs use it)."""
    outputs = uncancelled(run, inputs, algorithm, tmp_path)
    assert any(outputs.iterdir())
    assert len(algorithm_returned) == 1
    print(f"{algorithm}: {DURATIONS[algorithm]:.1f} s uncancelled, {REPORTS[algorithm]} reports")


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("kind, moment", MOMENTS, ids=[f"{k}{m}" for k, m in MOMENTS])
def test_a_cancel_at_any_moment_returns_within_two_seconds_and_leaves_nothing(
        run, inputs, tmp_path, algorithm_returned, without_pot, algorithm, kind, moment):
    if algorithm not in DURATIONS:
        uncancelled(run, inputs, algorithm, tmp_path / "control")
    if algorithm in TOO_FAST:
        kind, moment = "bar", 0.0  # its first report: it finishes before any later moment
    if kind == "bar" and not REPORTS[algorithm]:
        pytest.skip("its bar does not move before the end: the timer's moments cancel it")
    outputs, ledgers = folders(tmp_path)
    given = parameters(algorithm, inputs, outputs, ledgers)
    entries = ledger_entries(ledgers)
    feedback = CancelAt(at=int(moment * (REPORTS[algorithm] - 1))) if kind == "bar" else \
        CancelAt(after=moment * DURATIONS[algorithm])
    feedback.start()
    try:
        run(algorithm, given, feedback)
    except QgsProcessingException as error:
        returned, message = time.monotonic(), str(error)
    else:
        if algorithm in CHARGES_LEDGER and ledger_entries(ledgers) > entries:
            return  # the cancel came after the charge: a charged release is completed, by design
        if not feedback.cancelled_at:  # quicker than its control: this moment never came
            pytest.skip("the run finished before the timer's moment (quicker than its control)")
        assert algorithm_returned, "the plugin's algorithm never returned"
        if feedback.cancelled_at >= algorithm_returned[-1]:
            pytest.skip(f"pressed {feedback.cancelled_at - algorithm_returned[-1]:.2f} s after "
                        "the algorithm returned, while QGIS loaded its results")
        pytest.fail(f"not cancelled: the cancel was pressed {time.monotonic() - feedback.cancelled_at:.2f}"
                    " s before the end")
    finally:
        feedback.stop()
    assert "Cancelled" in message
    print(f"{algorithm} {kind} {moment}: returned {returned - feedback.cancelled_at:.2f} s "
          "after the cancel")
    assert returned - feedback.cancelled_at < BOUND
    assert sorted(path.name for path in outputs.iterdir()) == []
    # A charged release says so; a re-assessment is recorded in the ledger as it is made (a
    # record of the check, never a release or a charge), so a later cancel leaves it there.
    if "is charged to the ledger" not in message and algorithm != "reassessreleases":
        assert ledger_entries(ledgers) == entries


def test_a_cancel_interrupts_a_bulk_copy_inside_its_sql_statement(provider, tmp_path):
    """The bulk writers copy a million rows in one SQLite statement (io/moved_points, the
    records' copy): a cancel pressed while it runs interrupts it, not only after it."""
    from osgeo import ogr
    from qgis.core import QgsCoordinateReferenceSystem, QgsFields

    from spatial_privacy.processing_provider.io import bulk_write

    path = tmp_path / "copy.gpkg"
    assert bulk_write._create_table(path, "copy", QgsFields(),
                                    QgsCoordinateReferenceSystem("EPSG:3035"), ogr.wkbPoint)
    feedback = CancelAt(after=0.3)
    feedback.start()
    endless = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
               "SELECT count(*) FROM (SELECT i FROM n LIMIT 10000000000)")
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        with bulk_write._bulk_connection(path, "copy", feedback=feedback) as connection:
            connection.execute(endless).fetchone()
    assert time.monotonic() - feedback.cancelled_at < BOUND
