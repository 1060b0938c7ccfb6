"""The bundled synthetic city: same bytes every time, and the main job works on it."""

import hashlib
import subprocess
import sys

import pytest
from qgis.core import QgsVectorLayer


@pytest.fixture(scope="module")
def sample(repo_root, tmp_path_factory):
    folder = tmp_path_factory.mktemp("sample")
    paths = [folder / "a.gpkg", folder / "b.gpkg"]
    for path in paths:
        subprocess.run([sys.executable, str(repo_root / "scripts" / "make_sample_data.py"), str(path)],
                       check=True, capture_output=True)
    return paths


def test_generator_writes_the_same_bytes_every_time(sample):
    digests = {hashlib.sha256(path.read_bytes()).hexdigest() for path in sample}
    assert len(digests) == 1


def test_sweep_grid_and_gate_on_the_sample_city(sample, run, repo_root, tmp_path):
    trips = QgsVectorLayer(str(sample[0]), "trips", "ogr")
    assert trips.isValid() and trips.featureCount() > 20_000
    assert trips.crs().authid() == "EPSG:3035"
    policy = str(repo_root / "sample" / "policy.toml")
    sweep = run("resolutionsweep", {"INPUT": trips, "PERSON_FIELD": "person_id", "POLICY": policy,
                                    "RESOLUTIONS": "250,500,1000,2000,4000",
                                    "OUTPUT": "TEMPORARY_OUTPUT"})
    rows = {f["resolution_m"]: f for f in sweep["OUTPUT"].getFeatures()}
    recommended = sweep["RECOMMENDED_RESOLUTION"]
    assert recommended is not None and rows[recommended]["publishable"]
    assert not rows[250.0]["publishable"]  # the sparse tail shows at fine cells
    assert all(row["persons"] < row["rows"] for row in rows.values())  # several trips per person
    grid = run("suppressedgrid", {"INPUT": trips, "PERSON_FIELD": "person_id", "POLICY": policy,
                                  "RESOLUTION": recommended, "OUTPUT": str(tmp_path / "grid.gpkg")})
    gate = run("kanonymitygate", {"INPUT": grid["OUTPUT"], "COUNT_FIELD": "n_persons",
                                  "STATUS_FIELD": "status", "POLICY": policy,
                                  "OUTPUT": "TEMPORARY_OUTPUT"})
    assert gate["PASSED"] and gate["MIN_COUNT"] >= 10
    assert gate["CELLS_CHECKED"] == grid["CELLS_PUBLISHED"]


def test_key_fields_make_the_sweep_stricter_on_the_sample_city(sample, run):
    trips = QgsVectorLayer(str(sample[0]), "trips", "ogr")
    common = {"INPUT": trips, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTIONS": "1000",
              "OUTPUT": "TEMPORARY_OUTPUT"}
    plain = next(run("resolutionsweep", common)["OUTPUT"].getFeatures())
    keyed = next(run("resolutionsweep", dict(common, KEY_FIELDS=["age_band", "sex"]))["OUTPUT"]
                 .getFeatures())
    assert keyed["cells"] > plain["cells"]
    assert keyed["suppressed_fraction"] > plain["suppressed_fraction"]
