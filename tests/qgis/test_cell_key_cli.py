"""The cell key method from qgis_process: p-table → grid → gate, and the gate's exit codes."""

import json
import subprocess

import pytest
from test_installed_plugin import plugin_zip, qgis_process_binary, qgis_process_env  # noqa: F401
from test_scalar_outputs import save

from layers import people_in_cells

CELLS = {(col, row): 1 + (3 * col + 5 * row) % 23 for col in range(6) for row in range(5)}


def qgis_process(env, algorithm, **parameters):
    completed = subprocess.run(
        [qgis_process_binary(), "run", f"spatialprivacy:{algorithm}", "--json", "--",
         *[f"{name}={value}" for name, value in parameters.items()]],
        env=env, capture_output=True, text=True, timeout=300)
    report = None
    if completed.returncode == 0:
        report = json.loads(completed.stdout[completed.stdout.index("{"):])
        assert set(parameters) <= set(report["inputs"]), set(parameters) - set(report["inputs"])
    return completed, report


@pytest.mark.slow
def test_ptable_grid_and_gate_from_qgis_process(qgis_process_env, tmp_path):
    from osgeo import ogr

    people = save(people_in_cells(CELLS), tmp_path / "people.gpkg")
    ptable = tmp_path / "ptable.csv"
    completed, report = qgis_process(qgis_process_env, "ptable", D=4, V=2, JS=2, OUTPUT=ptable)
    assert completed.returncode == 0, completed.stderr[-3000:]
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nmethod = "cell key"\n'
                      'ckm_min_d = 3\nckm_min_v = 2\nckm_min_js = 2\nptable = "ptable.csv"\n')
    grid = tmp_path / "ckm.gpkg"
    completed, report = qgis_process(
        qgis_process_env, "cellkeygrid", INPUT=people, PERSON_FIELD="person_id",
        KEY_FILE=tmp_path / "programme.key", PTABLE=ptable, RESOLUTION=100,
        ORIGIN="0,0 [EPSG:3035]", POLICY=policy, OUTPUT=grid)
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert report["results"]["CELLS"] == len(CELLS)
    assert len(report["results"]["KEY_FINGERPRINT"]) == 16
    completed, report = qgis_process(qgis_process_env, "kanonymitygate", INPUT=grid,
                                     COUNT_FIELD="n_persons", POLICY=policy,
                                     OUTPUT=tmp_path / "checked.gpkg")
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    assert report["results"]["PASSED"] is True
    assert report["results"]["CELLS_CHECKED"] == len(CELLS)

    from qgis.core import QgsVectorLayer
    styled = QgsVectorLayer(str(grid), "ckm", "ogr")  # the style travels in the GeoPackage
    labels = [rule.label() for rule in styled.renderer().rootRule().children()]
    assert labels[0] == "0 (a perturbed count: not necessarily empty)" and labels[1] == "1–4"
    del styled

    # The same release edited to publish a 1: the gate exits 1.
    dataset = ogr.Open(str(grid), 1)
    layer = dataset.GetLayer(0)
    feature = layer.GetNextFeature()
    feature.SetField("n_persons", 1)
    layer.SetFeature(feature)
    dataset = None
    completed, _ = qgis_process(qgis_process_env, "kanonymitygate", INPUT=grid,
                                COUNT_FIELD="n_persons", POLICY=policy,
                                OUTPUT=tmp_path / "refused.gpkg")
    assert completed.returncode == 1
    assert "lie in 1..2" in completed.stdout + completed.stderr
    assert not (tmp_path / "refused.gpkg").exists()
