"""A graphical model built in code: grid → k-gate → save. A failing gate halts it."""

import processing
import pytest
from layers import people_in_cells
from models import child, child_output, model, model_input
from qgis.core import QgsProcessingException, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterNumber, QgsVectorLayer


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
    # The gate enforces a stricter policy (k = 20) than the grid was made with (k = 10).
    target = tmp_path / "published.gpkg"
    with pytest.raises(QgsProcessingException):
        processing.run(grid_gate_save_model(), {
            "points": people_in_cells({(0, 0): 12, (1, 0): 3}), "gate_rho": 0.05,
            "save:output": str(target)})
    assert not target.exists()
