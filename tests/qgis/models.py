"""Graphical models built in code, as a user would in the modeler."""

from qgis.core import QgsProcessingModelAlgorithm, QgsProcessingModelChildAlgorithm, \
    QgsProcessingModelChildParameterSource, QgsProcessingModelOutput, QgsProcessingModelParameter


def static(value):
    return [QgsProcessingModelChildParameterSource.fromStaticValue(value)]


def model_input(name):
    return [QgsProcessingModelChildParameterSource.fromModelParameter(name)]


def child_output(child_id, output):
    return [QgsProcessingModelChildParameterSource.fromChildOutput(child_id, output)]


def child(algorithm_id, child_id, sources, outputs=()):
    """A model step; each name in ``outputs`` becomes the model output '<child_id>:<name lower>'."""
    step = QgsProcessingModelChildAlgorithm(algorithm_id)
    step.setChildId(child_id)
    step.setDescription(child_id)
    for name, value in sources.items():
        is_source = isinstance(value, list) and value and \
            isinstance(value[0], QgsProcessingModelChildParameterSource)
        step.addParameterSources(name, value if is_source else static(value))
    model_outputs = {}
    for name in outputs:
        # No description: QGIS 3.40 names the model parameter after a description ('output'),
        # 3.22 after '<child_id>:<name>'; without one both use '<child_id>:<name>'.
        output = QgsProcessingModelOutput(name.lower(), "")
        output.setChildId(child_id)
        output.setChildOutputName(name)
        model_outputs[name.lower()] = output
    step.setModelOutputs(model_outputs)
    return step


def model(name, parameters, steps):
    """A model with the given input parameter definitions and steps, in order."""
    algorithm = QgsProcessingModelAlgorithm(name, "tests")
    for definition in parameters:
        algorithm.addModelParameter(definition, QgsProcessingModelParameter(definition.name()))
    for step in steps:
        algorithm.addChildAlgorithm(step)
    # Tests pass outputs as '<child_id>:<output>': fail here, not with a parameter error, if a
    # QGIS version names them otherwise.
    expected = {f"{step.childId()}:{name}" for step in steps for name in step.modelOutputs()}
    named = {definition.name() for definition in algorithm.destinationParameterDefinitions()}
    assert named == expected, f"model output parameters are named {sorted(named)}, not {sorted(expected)}"
    return algorithm
