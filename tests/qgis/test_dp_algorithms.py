"""spatialprivacy:dpgrid through Processing: every cell, consistent counts, the ε budget."""

import json
import os
import subprocess

import numpy as np
import pytest
from layers import people_in_cells, point_layer
from qgis.core import QgsFeatureRequest, QgsProcessingException, QgsVectorLayer
from test_installed_plugin import plugin_zip, qgis_process_binary, qgis_process_env  # noqa: F401
from test_scalar_outputs import save

from spatial_privacy_plugin.ledger.store import Ledger

CELLS = {(0, 0): 30, (1, 0): 3, (0, 1): 2, (3, 3): 60}
EXTENT = "0,800,0,800 [EPSG:3035]"  # xmin, xmax, ymin, ymax


def dp_policy(folder, budget=2.0, delta=None):
    path = folder / f"dp_policy_{budget}_{delta}.toml"
    text = f'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nepsilon_budget = {budget}\n'
    if delta is not None:
        text += f"delta = {delta}\n"
    path.write_text(text, encoding="utf-8")
    return str(path)


def dpgrid(run, folder, feedback=None, **extra):
    parameters = {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id", "EPSILON": 1.0,
                  "RESOLUTIONS": "100,200,400", "EXTENT": EXTENT, "ORIGIN": "0,0 [EPSG:3035]",
                  "POLICY": dp_policy(folder), "LEDGER": str(folder / "ledger.sqlite"),
                  "DATASET": "mobility", "RELEASE_ID": "r1", "SEED": "test",
                  "OUTPUT": str(folder / "dp.gpkg")}
    parameters.update(extra)
    return run("dpgrid", parameters, feedback)


def rows_of(path):
    layer = QgsVectorLayer(str(path), "dp", "ogr")
    assert layer.isValid()
    return [dict(zip(layer.fields().names(), feature.attributes())) for feature in layer.getFeatures()]


def test_every_cell_of_every_level_with_consistent_non_negative_counts(run, tmp_path, feedback):
    result = dpgrid(run, tmp_path, feedback)
    rows = rows_of(result["OUTPUT"])
    by_size = {size: [row for row in rows if row["resolution_m"] == size] for size in (100, 200, 400)}
    assert [len(cells) for cells in by_size.values()] == [64, 16, 4]  # 800 m square, empty cells too
    assert all(isinstance(row["n_persons"], int) and row["n_persons"] >= 0 for row in rows)
    for fine, coarse in ((100, 200), (200, 400)):
        factor = coarse // fine
        for parent in by_size[coarse]:
            children = [row["n_persons"] for row in by_size[fine]
                        if row["col"] // factor == parent["col"] and row["row"] // factor == parent["row"]]
            assert sum(children) == parent["n_persons"]
    first = rows[0]
    assert (first["method"], first["epsilon"], first["mechanism"]) == ("dp", 1.0, "discrete laplace")
    assert {row["accuracy_95"] for row in by_size[100]} == {9}  # ε/3 per level: scale 3
    assert len(first["policy_hash"]) == 64
    assert "cell_id" in first and first["cell_id"].startswith(("100m_", "200m_", "400m_"))
    assert type(result["EPSILON_SPENT"]) is float and result["EPSILON_SPENT"] == pytest.approx(1.0)
    assert type(result["EPSILON_REMAINING"]) is float and result["EPSILON_REMAINING"] == pytest.approx(1.0)
    entries = Ledger(tmp_path / "ledger.sqlite").read_entries()
    assert [entry["entry_type"] for entry in entries] == ["dp_release"]
    assert json.loads(entries[0]["details"])["epsilon"] == 1.0
    assert any("split equally" in message for message in feedback.messages)
    assert any("given seed" in message for message in feedback.messages)
    assert not any("test" == message for message in feedback.messages)


def test_budget_2_allows_1_and_1_and_the_third_is_refused_writing_nothing(run, tmp_path):
    dpgrid(run, tmp_path, RELEASE_ID="r1", OUTPUT=str(tmp_path / "one.gpkg"))
    second = dpgrid(run, tmp_path, RELEASE_ID="r2", OUTPUT=str(tmp_path / "two.gpkg"))
    assert second["EPSILON_SPENT"] == pytest.approx(2.0)
    assert second["EPSILON_REMAINING"] == pytest.approx(0.0)
    before = Ledger(tmp_path / "ledger.sqlite").read_entries()
    with pytest.raises(QgsProcessingException, match="REFUSED .*epsilon_budget 2.*before any noise"):
        dpgrid(run, tmp_path, RELEASE_ID="r3", OUTPUT=str(tmp_path / "three.gpkg"))
    assert not (tmp_path / "three.gpkg").exists()
    assert Ledger(tmp_path / "ledger.sqlite").read_entries() == before


def test_runs_without_a_seed_differ_and_with_a_seed_are_identical(run, tmp_path):
    budget = dp_policy(tmp_path, budget=10)
    counts = []
    for number, seed in enumerate(["same", "same", "", ""]):
        result = dpgrid(run, tmp_path, POLICY=budget, RELEASE_ID=f"r{number}", SEED=seed,
                        OUTPUT=str(tmp_path / f"out{number}.gpkg"))
        counts.append([row["n_persons"] for row in rows_of(result["OUTPUT"])])
    assert counts[0] == counts[1]
    assert counts[2] != counts[3]


def test_the_gaussian_needs_delta_and_states_epsilon_at_it(run, tmp_path):
    with pytest.raises(QgsProcessingException, match="delta"):
        dpgrid(run, tmp_path, MECHANISM=1)
    policy = dp_policy(tmp_path, delta=1e-6)
    result = dpgrid(run, tmp_path, MECHANISM=1, POLICY=policy, RELEASE_ID="g1")
    assert result["EPSILON_SPENT"] == pytest.approx(1.0)
    rows = rows_of(result["OUTPUT"])
    assert rows[0]["mechanism"] == "discrete gaussian"
    details = json.loads(Ledger(tmp_path / "ledger.sqlite").read_entries()[0]["details"])
    assert details["rho"] > 0 and details["delta"] == 1e-6


def test_a_study_area_gives_the_cells_it_covers(run, tmp_path):
    area = point_layer([("POLYGON((0 0,400 0,400 400,0 400,0 0))", [1])], "id:integer",
                       geometry="Polygon")
    result = dpgrid(run, tmp_path, EXTENT=None, STUDY_AREA=area)
    rows = rows_of(result["OUTPUT"])
    assert len([row for row in rows if row["resolution_m"] == 100]) == 16


@pytest.mark.parametrize("change, message", [
    ({"EXTENT": None}, "either an extent or a study area"),
    ({"LEDGER": "TEMPORARY_OUTPUT"}, "outlives the run"),
    ({"RESOLUTIONS": "100,150"}, "not nested"),
    ({"EPSILON": 0.0}, "positive"),
])
def test_bad_parameters_are_refused_and_nothing_is_written(run, tmp_path, change, message):
    with pytest.raises(QgsProcessingException, match=message):
        dpgrid(run, tmp_path, **change)
    assert not (tmp_path / "dp.gpkg").exists()
    assert not (tmp_path / "ledger.sqlite").exists() or Ledger(tmp_path / "ledger.sqlite").read_entries() == []


def test_a_policy_without_epsilon_budget_is_refused(run, tmp_path):
    path = tmp_path / "plain.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n', encoding="utf-8")
    with pytest.raises(QgsProcessingException, match="epsilon_budget"):
        dpgrid(run, tmp_path, POLICY=str(path))


def gate(run, layer, policy, feedback=None):
    return run("kanonymitygate", {"INPUT": layer, "COUNT_FIELD": "n_persons", "POLICY": policy,
                                  "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)


def test_the_gate_checks_a_dp_release_on_epsilon_not_k(run, tmp_path, feedback):
    policy = dp_policy(tmp_path)
    released = dpgrid(run, tmp_path, POLICY=policy)["OUTPUT"]
    layer = QgsVectorLayer(released, "dp", "ogr")
    assert min(row["n_persons"] for row in rows_of(released)) < 10  # below k = 10 on purpose
    result = gate(run, layer, policy, feedback)
    assert result["PASSED"] is True and result["CELLS_CHECKED"] == 84
    assert any("protection is the noise" in message for message in feedback.messages)
    # Negative controls: a stricter budget, another policy, a Gaussian without delta.
    strict = dp_policy(tmp_path, budget=0.5)
    with pytest.raises(QgsProcessingException, match="FAILED for a DP release.*more than the "
                                                     "policy's epsilon_budget 0.5"):
        gate(run, layer, strict)
    gaussian_policy = dp_policy(tmp_path, budget=3, delta=1e-6)
    gaussian = dpgrid(run, tmp_path, MECHANISM=1, POLICY=gaussian_policy, RELEASE_ID="g",
                      LEDGER=str(tmp_path / "g.sqlite"), OUTPUT=str(tmp_path / "g.gpkg"))["OUTPUT"]
    assert gate(run, QgsVectorLayer(gaussian, "g", "ogr"), gaussian_policy)["PASSED"]
    with pytest.raises(QgsProcessingException, match="made under policy"):
        gate(run, QgsVectorLayer(gaussian, "g", "ogr"), policy)


def test_the_gate_blocks_a_dp_release_with_missing_evidence(run, tmp_path):
    policy = dp_policy(tmp_path)
    layer = QgsVectorLayer(dpgrid(run, tmp_path, POLICY=policy)["OUTPUT"], "dp", "ogr")
    copy = layer.materialize(QgsFeatureRequest())
    first = next(copy.getFeatures())
    copy.startEditing()
    copy.changeAttributeValue(first.id(), copy.fields().lookupField("epsilon"), None)
    copy.commitChanges()
    with pytest.raises(QgsProcessingException, match="one positive ε"):
        gate(run, copy, policy)
    copy.startEditing()
    copy.changeAttributeValue(first.id(), copy.fields().lookupField("epsilon"), 1.0)
    copy.changeAttributeValue(first.id(), copy.fields().lookupField("method"), "ckm")
    copy.commitChanges()
    with pytest.raises(QgsProcessingException, match="mixes a DP release"):
        gate(run, copy, policy)


def dp_gate_model():
    from models import child, child_output, model, model_input
    from qgis.core import QgsProcessingParameterFeatureSource, QgsProcessingParameterFile

    return model("dp_then_gate", [
        QgsProcessingParameterFeatureSource("points", "points"),
        QgsProcessingParameterFile("policy", "policy"),
        QgsProcessingParameterFile("gate_policy", "gate policy"),
        QgsProcessingParameterFile("ledger", "ledger")], [
        child("spatialprivacy:dpgrid", "dp", {
            "INPUT": model_input("points"), "PERSON_FIELD": "person_id", "EPSILON": 1.0,
            "RESOLUTIONS": "100,200,400", "EXTENT": EXTENT, "POLICY": model_input("policy"),
            "LEDGER": model_input("ledger"), "DATASET": "mobility", "RELEASE_ID": "m1",
            "OUTPUT": "TEMPORARY_OUTPUT"}),
        child("spatialprivacy:kanonymitygate", "gate", {
            "INPUT": child_output("dp", "OUTPUT"), "COUNT_FIELD": "n_persons",
            "POLICY": model_input("gate_policy"), "OUTPUT": "TEMPORARY_OUTPUT"}, outputs=["OUTPUT"]),
    ])


def test_a_model_dpgrid_then_gate_passes_and_halts_on_a_stricter_policy(provider, tmp_path):
    import processing
    from models import halting_message

    policy = dp_policy(tmp_path)
    parameters = {"points": people_in_cells(CELLS), "policy": policy, "gate_policy": policy,
                  "ledger": str(tmp_path / "one.sqlite"), "gate:output": "TEMPORARY_OUTPUT"}
    results = processing.run(dp_gate_model(), parameters)
    assert results["gate:output"]
    message = halting_message(dp_gate_model(), dict(
        parameters, gate_policy=dp_policy(tmp_path, budget=0.5), ledger=str(tmp_path / "two.sqlite")))
    assert "FAILED for a DP release" in message, message


def test_reassessment_reports_the_epsilon_left_per_dataset(run, tmp_path, feedback):
    from test_budget_algorithms import budget, zone_table

    ledger = tmp_path / "ledger.sqlite"
    budget(run, ledger, "risk1", 0.03)
    dpgrid(run, tmp_path, EPSILON=0.5, RELEASE_ID="dp1", DATASET="mobility")
    dpgrid(run, tmp_path, EPSILON=0.25, RELEASE_ID="dp1", DATASET="clinics",
           OUTPUT=str(tmp_path / "clinics.gpkg"))
    run("reassessreleases", {"LEDGER": str(ledger), "DATASET": "mobility",
                             "ZONE_RISK": zone_table(0.03), "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    lines = [message for message in feedback.messages if message.startswith("DP releases of")]
    assert lines[0].startswith("DP releases of mobility: 1, ε spent 0.5 of 2, 1.5 remaining")
    assert lines[1].startswith("DP releases of clinics: 1, ε spent 0.25 of 2, 1.75 remaining")


@pytest.mark.slow
def test_qgis_process_dpgrid_then_gate_and_a_refused_release_exits_1(qgis_process_env, tmp_path):
    points = save(people_in_cells(CELLS), tmp_path / "people.gpkg")
    policy = dp_policy(tmp_path, budget=1.5)

    def dp_run(release_id):
        return subprocess.run(
            [qgis_process_binary(), "run", "spatialprivacy:dpgrid", "--json", "--",
             f"INPUT={points}", "PERSON_FIELD=person_id", "EPSILON=1", "RESOLUTIONS=100,200,400",
             f"EXTENT={EXTENT}", f"POLICY={policy}", f"LEDGER={tmp_path / 'ledger.sqlite'}",
             "DATASET=mobility", f"RELEASE_ID={release_id}",
             f"OUTPUT={tmp_path / (release_id + '.gpkg')}"],
            env=qgis_process_env, capture_output=True, text=True, timeout=300)
    first = dp_run("r1")
    assert first.returncode == 0, first.stdout + first.stderr
    report = json.loads(first.stdout[first.stdout.index("{"):])
    assert report["results"]["EPSILON_SPENT"] == 1.0
    assert report["results"]["EPSILON_REMAINING"] == 0.5
    gate = subprocess.run(
        [qgis_process_binary(), "run", "spatialprivacy:kanonymitygate", "--json", "--",
         f"INPUT={tmp_path / 'r1.gpkg'}", "COUNT_FIELD=n_persons", f"POLICY={policy}",
         f"OUTPUT={tmp_path / 'checked.gpkg'}"],
        env=qgis_process_env, capture_output=True, text=True, timeout=300)
    assert gate.returncode == 0, gate.stdout + gate.stderr
    second = dp_run("r2")
    assert second.returncode == 1
    assert "above its epsilon_budget 1.5" in second.stdout + second.stderr
    assert not (tmp_path / "r2.gpkg").exists()
    assert len(Ledger(tmp_path / "ledger.sqlite").read_entries()) == 1


def test_a_release_without_a_seed_draws_its_noise_from_os_urandom(run, tmp_path, monkeypatch):
    reads = []
    real = os.urandom

    def counted(n):
        reads.append(n)
        return real(n)

    def no_generator(*args, **kwargs):
        raise AssertionError("a numpy generator was made for a release")
    monkeypatch.setattr(os, "urandom", counted)
    monkeypatch.setattr(np.random, "default_rng", no_generator)
    dpgrid(run, tmp_path, SEED="")
    assert 2 ** 18 in reads  # SystemIntegers' blocks of 256 KiB
