"""A graphical model built in code: grid → k-gate → save. A failing gate halts it."""

import processing
import pytest
from layers import people_in_cells
from qgis.core import QgsProcessingException, QgsProcessingModelAlgorithm, \
    QgsProcessingModelChildAlgorithm, QgsProcessingModelChildParameterSource, \
    QgsProcessingModelOutput, QgsProcessingModelParameter, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterNumber, QgsVectorLayer


def static(value):
    return [QgsProcessingModelChildParameterSource.fromStaticValue(value)]


def child(algorithm_id, child_id, sources):
    step = QgsProcessingModelChildAlgorithm(algorithm_id)
    step.setChildId(child_id)
    step.setDescription(child_id)
    for name, value in sources.items():
        step.addParameterSources(name, value)
    return step


def grid_gate_save_model():
    model = QgsProcessingModelAlgorithm("grid_gate_save", "tests")
    model.addModelParameter(QgsProcessingParameterFeatureSource("points", "points"),
                            QgsProcessingModelParameter("points"))
    model.addModelParameter(QgsProcessingParameterNumber(
        "gate_rho", "gate rho", QgsProcessingParameterNumber.Type.Double),
        QgsProcessingModelParameter("gate_rho"))
    model.addChildAlgorithm(child("spatialprivacy:suppressedgrid", "grid", {
        "INPUT": [QgsProcessingModelChildParameterSource.fromModelParameter("points")],
        "PERSON_FIELD": static("person_id"), "RHO": static(0.1), "RESOLUTION": static(100.0),
        "ORIGIN": static("0,0 [EPSG:3035]"), "OUTPUT": static("TEMPORARY_OUTPUT")}))
    model.addChildAlgorithm(child("spatialprivacy:kanonymitygate", "gate", {
        "INPUT": [QgsProcessingModelChildParameterSource.fromChildOutput("grid", "OUTPUT")],
        "COUNT_FIELD": static("n_persons"), "STATUS_FIELD": static("status"),
        "RHO": [QgsProcessingModelChildParameterSource.fromModelParameter("gate_rho")]}))
    save = child("native:savefeatures", "save", {
        "INPUT": [QgsProcessingModelChildParameterSource.fromChildOutput("gate", "OUTPUT")]})
    output = QgsProcessingModelOutput("published", "published")
    output.setChildId("save")
    output.setChildOutputName("OUTPUT")
    save.setModelOutputs({"published": output})
    model.addChildAlgorithm(save)
    return model


def test_model_completes_when_the_gate_passes(provider, tmp_path):
    target = tmp_path / "published.gpkg"
    results = processing.run(grid_gate_save_model(), {
        "points": people_in_cells({(0, 0): 12, (1, 0): 3}), "gate_rho": 0.1,
        "save:published": str(target)})
    layer = QgsVectorLayer(str(target), "published", "ogr")
    assert layer.isValid() and layer.featureCount() == 2
    assert results["save:published"]


def test_model_halts_when_the_gate_fails(provider, tmp_path):
    # The gate enforces a stricter policy (k = 20) than the grid was made with (k = 10).
    target = tmp_path / "published.gpkg"
    with pytest.raises(QgsProcessingException):
        processing.run(grid_gate_save_model(), {
            "points": people_in_cells({(0, 0): 12, (1, 0): 3}), "gate_rho": 0.05,
            "save:published": str(target)})
    assert not target.exists()
