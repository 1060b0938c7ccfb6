"""Graphical models built in code, as a user would in the modeler."""

import processing
import pytest
from qgis.core import QgsProcessingException, QgsProcessingFeedback, QgsProcessingModelAlgorithm, \
    QgsProcessingModelChildAlgorithm, QgsProcessingModelChildParameterSource, QgsProcessingModelOutput, \
    QgsProcessingModelParameter


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


class _ErrorLog(QgsProcessingFeedback):
    def __init__(self):
        super().__init__()
        self.errors = []

    def reportError(self, error, fatalError=False):  # noqa: N802,N803
        self.errors.append(error)


def halting_message(algorithm, parameters):
    """Run a model that must halt; return why, to be matched against the failing step's message.

    Any exception halts a model, a parameter error as well as a gate, so a test
    must check that it was the gate. QGIS 3.40 puts the step's message in the
    exception, 3.22 only in the log ("Error encountered while running <step>").
    """
    log = _ErrorLog()
    with pytest.raises(QgsProcessingException) as raised:
        processing.run(algorithm, parameters, feedback=log)
    return "\n".join([str(raised.value)] + log.errors)


def plain_algorithms(provider):
    """The provider's algorithms without the example models it also serves."""
    return [algorithm for algorithm in provider.algorithms()
            if not isinstance(algorithm, QgsProcessingModelAlgorithm)]
