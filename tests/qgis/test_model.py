"""A graphical model built in code: grid → k-gate → save. A failing gate halts it."""

import re

import processing
from layers import people_in_cells
from models import child, child_output, halting_message, model, model_input
from qgis.core import QgsProcessingParameterFeatureSource, QgsProcessingParameterNumber, QgsVectorLayer


def grid_gate_save_model():
    return model("grid_gate_save", [
        QgsProcessingParameterFeatureSource("points", "points"),
        QgsProcessingParameterNumber("gate_rho", "gate rho", QgsProcessingParameterNumber.Type.Double),
    ], [
        child("spatialprivacy:suppressedgrid", "grid", {
            "INPUT": model_input("points"), "PERSON_FIELD": "person_id", "RHO": 0.1,
            "RESOLUTION": 100.0, "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT"}),
        child("spatialprivacy:kanonymitygate", "gate", {
            "INPUT": child_output("grid", "OUTPUT"), "COUNT_FIELD": "n_persons",
            "STATUS_FIELD": "status", "RHO": model_input("gate_rho")}),
        child("native:savefeatures", "save", {"INPUT": child_output("gate", "OUTPUT")},
              outputs=["OUTPUT"]),
    ])


def test_model_completes_when_the_gate_passes(provider, tmp_path):
    target = tmp_path / "published.gpkg"
    results = processing.run(grid_gate_save_model(), {
        "points": people_in_cells({(0, 0): 12, (1, 0): 3}), "gate_rho": 0.1,
        "save:output": str(target)})
    layer = QgsVectorLayer(str(target), "published", "ogr")
    assert layer.isValid() and layer.featureCount() == 2
    assert results["save:output"]


def test_model_halts_when_the_gate_fails(provider, tmp_path):
    # The gate enforces a stricter policy (k = 20) than the grid was made with (k = 10): the
    # 14 stays published (the 3 and its complement 12 are withheld).
    target = tmp_path / "published.gpkg"
    message = halting_message(grid_gate_save_model(), {
        "points": people_in_cells({(0, 0): 12, (1, 0): 3, (0, 1): 14}), "gate_rho": 0.05,
        "save:output": str(target)})
    assert re.search(r"k-anonymity gate FAILED \(k = 20\b", message), message
    assert not target.exists()


def test_a_model_runs_the_sweep_and_record_risk_on_a_geopackage(provider, repo_root, tmp_path):
    """Both read through the Arrow stream inside a model, and their outputs reach the save step."""
    import subprocess
    import sys

    trips = tmp_path / "trips.gpkg"
    subprocess.run([sys.executable, str(repo_root / "scripts" / "make_sample_data.py"), str(trips),
                    "300"], check=True, capture_output=True)
    sweep_and_risk = model("sweep_and_risk", [QgsProcessingParameterFeatureSource("points", "points")], [
        child("spatialprivacy:resolutionsweep", "sweep", {
            "INPUT": model_input("points"), "PERSON_FIELD": "person_id", "RHO": 0.1,
            "RESOLUTIONS": "250,1000", "OUTPUT": "TEMPORARY_OUTPUT"}),
        child("native:savefeatures", "save_sweep", {"INPUT": child_output("sweep", "OUTPUT")},
              outputs=["OUTPUT"]),
        child("spatialprivacy:disclosurerisk", "risk", {
            "INPUT": model_input("points"), "KEY_FIELDS": ["age_band", "sex"],
            "OUTPUT": "TEMPORARY_OUTPUT"}),
        child("native:savefeatures", "save_risk", {"INPUT": child_output("risk", "OUTPUT")},
              outputs=["OUTPUT"]),
    ])
    processing.run(sweep_and_risk, {"points": str(trips),
                                    "save_sweep:output": str(tmp_path / "sweep.gpkg"),
                                    "save_risk:output": str(tmp_path / "risk.gpkg")})
    points = QgsVectorLayer(str(trips), "trips", "ogr")
    people = len(points.uniqueValues(points.fields().indexOf("person_id")))
    sweep = QgsVectorLayer(str(tmp_path / "sweep.gpkg"), "sweep", "ogr")
    assert sorted(feature["resolution_m"] for feature in sweep.getFeatures()) == [250.0, 1000.0]
    assert {feature["persons"] for feature in sweep.getFeatures()} == {people}
    risk = QgsVectorLayer(str(tmp_path / "risk.gpkg"), "risk", "ogr")
    assert risk.featureCount() == points.featureCount()
    assert all(0.0 < feature["individual_risk"] <= 1.0 for feature in risk.getFeatures())
