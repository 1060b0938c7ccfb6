"""What an analyst meets in the QGIS window (issue 36): a cancel that cancels, first runs that
work on defaults, the number of people carried from the grid to the gate, the tolerance."""

import time

import pytest
from conftest import RecordingFeedback
from layers import people_in_cells
from qgis.core import QgsFeatureRequest, QgsProcessingException, QgsVectorLayer

SLOW_SIZES = "50,100,250,500,1000,2000,4000"
GRID_TOTAL_AND_PARENTS = 3


class CancelOnProgress(RecordingFeedback):
    """A cancel pressed as the bar first passes ``at`` per cent (from the worker thread, as the
    dialog's button would be while the work runs), with the moment it was pressed."""

    def __init__(self, at):
        super().__init__()
        self.at = at
        self.cancelled_at = None
        self.progress = []
        self.progressChanged.connect(self.moved)

    def moved(self, value):
        self.progress.append(value)
        if self.at is not None and self.cancelled_at is None and value > self.at:
            self.cancelled_at = time.monotonic()
            self.cancel()


SWEEP = {"PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTIONS": SLOW_SIZES,
         "MARGINALS": GRID_TOTAL_AND_PARENTS}
GRID = {"PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTION": 100,
        "MARGINALS": GRID_TOTAL_AND_PARENTS}


def test_a_cancelled_sweep_stops_within_two_seconds_and_logs_each_size(run, city_gpkg, tmp_path,
                                                                        monkeypatch):
    """The sample city at seven sizes under the grand total and parent cells: a cancel as the
    sizes start (the bar past the read) stops it within two seconds and writes nothing; the
    same sweep not cancelled (the negative control) logs each size as it starts and ends,
    coarsest first, and fills the bar."""
    monkeypatch.setenv("SPATIAL_PRIVACY_THREADS", "2")
    feedback = CancelOnProgress(at=5.0)  # the read takes the bar's first 5 %
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        run("resolutionsweep", dict(SWEEP, INPUT=city_gpkg, OUTPUT=str(tmp_path / "sweep.gpkg")),
            feedback)
    assert feedback.cancelled_at is not None
    assert time.monotonic() - feedback.cancelled_at < 2.0
    assert not (tmp_path / "sweep.gpkg").exists()
    control = CancelOnProgress(at=None)
    run("resolutionsweep", dict(SWEEP, INPUT=city_gpkg, OUTPUT=str(tmp_path / "all.gpkg")),
        control)
    for size in SLOW_SIZES.split(","):
        assert f"{size} m: counting and protecting the cells…" in control.messages
        assert any(message.startswith(f"{size} m: done in") for message in control.messages)
    started = [message.split(" m:")[0] for message in control.messages
               if message.endswith("m: counting and protecting the cells…")]
    assert started[0] == "4000"  # coarsest first: the quick sizes report early
    assert max(control.progress) == pytest.approx(100.0)


class BarAndLog(RecordingFeedback):
    """The bar's values and the log's lines, in the order they came."""

    def __init__(self):
        super().__init__()
        self.events = []
        self.progressChanged.connect(lambda value: self.events.append(value))

    def pushInfo(self, info):  # noqa: N802
        super().pushInfo(info)
        self.events.append(info)


def test_the_sweeps_bar_follows_the_work_of_each_size(run, city_gpkg, tmp_path, monkeypatch):
    """Reading the points fills at most 5 % of the bar; the sizes share the rest by their
    expected work (about 1/size²): when the coarsest of seven sizes is done, the bar is still
    below 10 % (it was 57 % when the read took half and every size an equal share)."""
    monkeypatch.setenv("SPATIAL_PRIVACY_THREADS", "2")
    feedback = BarAndLog()
    run("resolutionsweep", dict(SWEEP, INPUT=city_gpkg, OUTPUT=str(tmp_path / "sweep.gpkg")),
        feedback)
    events = feedback.events
    first_start = next(index for index, event in enumerate(events)
                       if isinstance(event, str) and event.endswith("counting and protecting the "
                                                                     "cells…"))
    read = [event for event in events[:first_start] if not isinstance(event, str)]
    assert read and max(read) <= 5.0
    first_done = next(index for index, event in enumerate(events)
                      if isinstance(event, str) and event.startswith("4000 m: done in"))
    bar = next(event for event in events[first_done:] if not isinstance(event, str))
    assert 5.0 < bar < 10.0, bar
    assert max(event for event in events if not isinstance(event, str)) == pytest.approx(100.0)


def test_a_cancelled_grid_stops_within_two_seconds(run, city_gpkg, tmp_path):
    """The suppressed grid of the sample city at 100 m under both kinds of totals, cancelled as
    its audit starts (the bar at half, the points read), stops within two seconds and writes
    nothing; not cancelled, it writes."""
    feedback = CancelOnProgress(at=49.0)
    with pytest.raises(QgsProcessingException, match="Cancelled"):
        run("suppressedgrid", dict(GRID, INPUT=city_gpkg, OUTPUT=str(tmp_path / "grid.gpkg")),
            feedback)
    assert feedback.cancelled_at is not None
    assert time.monotonic() - feedback.cancelled_at < 2.0
    assert not (tmp_path / "grid.gpkg").exists()
    run("suppressedgrid", dict(GRID, INPUT=city_gpkg, OUTPUT=str(tmp_path / "grid.gpkg")),
        CancelOnProgress(at=None))
    assert (tmp_path / "grid.gpkg").exists()


CELLS = {(col, row): 1 + (3 * col + 5 * row) % 23 for col in range(8) for row in range(6)}
POLICY = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
CKM_POLICY = POLICY + 'method = "cell key"\nckm_min_d = 4\nckm_min_v = 2.5\nckm_min_js = 2\n'


@pytest.mark.parametrize("policy, noise", [(POLICY, "D = 3, V = 2, JS = 0"),
                                           (CKM_POLICY, "D = 4, V = 2.5, JS = 2")])
def test_the_cell_key_grid_runs_on_its_defaults(run, tmp_path, policy, noise):
    """Input, person field, key file and policy: the noise comes from the policy's minimums
    (or the plugin's defaults), said in the log, and the policy accepts it."""
    from spatial_privacy_plugin.noise.ptable import create_ptable

    (tmp_path / "policy.toml").write_text(policy)
    feedback = RecordingFeedback()
    result = run("cellkeygrid", {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id",
                                 "KEY_FILE": str(tmp_path / "programme.key"),
                                 "POLICY": str(tmp_path / "policy.toml"),
                                 "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    assert result["OUTPUT"].featureCount() > 0
    assert any(noise in message for message in feedback.messages)
    d, v, js = (float(part.split(" = ")[1]) for part in noise.split(", "))
    assert result["PTABLE_HASH"] == create_ptable(int(d), v, int(js)).ptable_hash


def test_the_cell_key_grid_takes_the_policys_approved_ptable(run, tmp_path):
    from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

    approved = create_ptable(5, 3.0, 2)
    write_ptable_csv(approved, tmp_path / "approved.csv")
    (tmp_path / "policy.toml").write_text(CKM_POLICY + 'ptable = "approved.csv"\n')
    result = run("cellkeygrid", {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id",
                                 "KEY_FILE": str(tmp_path / "programme.key"),
                                 "POLICY": str(tmp_path / "policy.toml"),
                                 "OUTPUT": "TEMPORARY_OUTPUT"})
    assert result["PTABLE_HASH"] == approved.ptable_hash


FEW = {(0, 0): 12, (1, 0): 3, (0, 1): 2, (1, 1): 15, (2, 0): 11, (2, 1): 14}
UNKNOWN_PEOPLE = "does not know the number of people"


def grid_then_gate(run, tmp_path, policy, output):
    (tmp_path / "policy.toml").write_text(policy)
    grid_log, gate_log = RecordingFeedback(), RecordingFeedback()
    grid = run("suppressedgrid", {"INPUT": people_in_cells(FEW), "PERSON_FIELD": "person_id",
                                  "POLICY": str(tmp_path / "policy.toml"), "RESOLUTION": 100,
                                  "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": output}, grid_log)
    gate = run("kanonymitygate", {"INPUT": grid["OUTPUT"], "COUNT_FIELD": "n_persons",
                                  "POLICY": str(tmp_path / "policy.toml"),
                                  "OUTPUT": "TEMPORARY_OUTPUT"}, gate_log)
    return grid, grid_log.messages, gate, gate_log.messages


@pytest.mark.parametrize("output", ["file", "TEMPORARY_OUTPUT"])
def test_the_gate_reads_the_number_of_people_the_grid_wrote(run, tmp_path, output):
    destination = str(tmp_path / "grid.gpkg") if output == "file" else output
    grid, _, gate, log = grid_then_gate(run, tmp_path, POLICY, destination)
    layer = grid["OUTPUT"] if output != "file" else QgsVectorLayer(grid["OUTPUT"], "g", "ogr")
    assert layer.metadata().keywords()["spatial_privacy:persons"] == [str(sum(FEW.values()))]
    assert gate["PASSED"] is True
    assert f"The number of people, {sum(FEW.values())}, is read from the layer's metadata " \
        "(written by the grid)." in log
    assert not any(UNKNOWN_PEOPLE in message for message in log)


def test_a_secret_number_of_people_is_written_nowhere(run, tmp_path):
    grid, _, gate, log = grid_then_gate(run, tmp_path, POLICY + "population_total_secret = true\n",
                                        str(tmp_path / "grid.gpkg"))
    layer = QgsVectorLayer(grid["OUTPUT"], "g", "ogr")
    assert "spatial_privacy:persons" not in layer.metadata().keywords()
    assert not any("metadata" in message for message in log)


def test_a_layer_without_the_number_still_warns(run, tmp_path):
    """The negative control: a grid layer that does not carry the number (a copy made
    elsewhere) leaves the gate's warning as it was."""
    grid, _, _, _ = grid_then_gate(run, tmp_path, POLICY, "TEMPORARY_OUTPUT")
    copy = grid["OUTPUT"].materialize(QgsFeatureRequest())
    log = RecordingFeedback()
    run("kanonymitygate", {"INPUT": copy, "COUNT_FIELD": "n_persons",
                           "POLICY": str(tmp_path / "policy.toml"),
                           "OUTPUT": "TEMPORARY_OUTPUT"}, log)
    assert any(UNKNOWN_PEOPLE in message for message in log.messages)


def test_grid_and_gate_say_the_withheld_share_against_the_tolerance(run, tmp_path):
    _, grid_log, _, gate_log = grid_then_gate(run, tmp_path, POLICY, "TEMPORARY_OUTPUT")
    above = [message for message in grid_log if "above the policy's tolerance of 20.0 %" in message]
    assert len(above) == 1 and "does not recommend this cell size" in above[0]
    assert "blocks nothing" in above[0] and "publishable" not in above[0]
    assert any("above the policy's tolerance of 20.0 %" in message for message in gate_log)
    _, grid_log, _, gate_log = grid_then_gate(run, tmp_path, POLICY.replace("0.2", "0.9"),
                                              "TEMPORARY_OUTPUT")
    assert any("within the policy's tolerance of 90.0 %" in message for message in grid_log)
    assert any("within the policy's tolerance of 90.0 %" in message for message in gate_log)


def test_the_sweep_table_carries_the_number_of_people(run, tmp_path):
    (tmp_path / "policy.toml").write_text(POLICY)
    result = run("resolutionsweep", {"INPUT": people_in_cells(FEW), "PERSON_FIELD": "person_id",
                                     "POLICY": str(tmp_path / "policy.toml"),
                                     "RESOLUTIONS": "100,200", "OUTPUT": str(tmp_path / "s.gpkg")})
    keywords = QgsVectorLayer(result["OUTPUT"], "s", "ogr").metadata().keywords()
    assert keywords["spatial_privacy:persons"] == [str(result["PERSONS"])]
    assert keywords["spatial_privacy:one_point_per_person"] == ["true"]


def test_point_inputs_open_on_a_point_layer_when_a_polygon_layer_is_active(plugin_package):
    """QGIS 3.22's dialog shows the active layer, or a blank input where it is not points (its
    own algorithms too: the control); ours open on the first point layer instead."""
    import json
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    link = Path(tempfile.mkdtemp(prefix="sp_point_default_")) / "spatial_privacy"
    link.symlink_to(Path(plugin_package.__file__).resolve().parent, target_is_directory=True)
    completed = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("point_input_default.py")), str(link.parent)],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, HOME=str(link.parent), QT_QPA_PLATFORM="offscreen"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    control = report["zones"].pop("native:pointstopath")
    assert report["zones"] == dict.fromkeys(report["zones"], "trips")
    assert control is None
    assert set(report["visits"].values()) == {"visits"}  # an active point layer is kept


def dp_grid_parameters(folder, output):
    (folder / "dp_policy.toml").write_text(POLICY + "epsilon_budget = 5\n")
    return {"INPUT": people_in_cells(FEW), "PERSON_FIELD": "person_id", "EPSILON": 1.0,
            "RESOLUTIONS": "100,200,400", "EXTENT": "0,800,0,800 [EPSG:3035]",
            "POLICY": str(folder / "dp_policy.toml"), "LEDGER": str(folder / "dp.sqlite"),
            "DATASET": "mobility", "RELEASE_ID": output[-12:], "OUTPUT": output}


def assert_dp_style(layer):
    """One rule per level with its accuracy, the finest alone shown, classes with values."""
    renderer = layer.renderer()
    assert renderer.type() == "RuleRenderer", renderer.type()
    levels = renderer.rootRule().children()
    assert [rule.filterExpression() for rule in levels] == \
        ['"resolution_m" = 100.0', '"resolution_m" = 200.0', '"resolution_m" = 400.0']
    assert [rule.active() for rule in levels] == [True, False, False]
    for rule in levels:
        assert "people (95 %)" in rule.label() and "±" in rule.label()
        classes = [child.label() for child in rule.children()]
        assert len(classes) >= 2 and classes[0].startswith("0–")
        assert "within the noise of an empty cell" in classes[0]


def test_the_dp_grid_is_styled_per_level(run, tmp_path):
    result = run("dpgrid", dp_grid_parameters(tmp_path, str(tmp_path / "dp.gpkg")))
    assert_dp_style(QgsVectorLayer(result["OUTPUT"], "dp", "ogr"))


def test_the_dp_grid_loads_styled_in_the_window(provider, qgis_iface, qgis_new_project, tmp_path):
    import processing
    from qgis.core import QgsProject

    results = processing.runAndLoadResults("spatialprivacy:dpgrid",
                                           dp_grid_parameters(tmp_path, "TEMPORARY_OUTPUT"))
    assert_dp_style(QgsProject.instance().mapLayer(results["OUTPUT"]))


def test_a_saved_model_s_js_of_0_beside_a_p_table_still_runs(run, tmp_path):
    """JS was a mandatory parameter with default 0: models saved then hold JS = 0 with their
    p-table. D or V beside a p-table is still refused."""
    from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

    write_ptable_csv(create_ptable(4, 2.0, 0), tmp_path / "p.csv")
    (tmp_path / "policy.toml").write_text(POLICY)
    common = {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id",
              "KEY_FILE": str(tmp_path / "programme.key"), "PTABLE": str(tmp_path / "p.csv"),
              "POLICY": str(tmp_path / "policy.toml"), "OUTPUT": "TEMPORARY_OUTPUT"}
    assert run("cellkeygrid", dict(common, JS=0))["OUTPUT"].featureCount() > 0
    with pytest.raises(QgsProcessingException, match="not both"):
        run("cellkeygrid", dict(common, JS=2))
