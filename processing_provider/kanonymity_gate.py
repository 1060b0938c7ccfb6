"""spatialprivacy:kanonymitygate — stop a model when a published cell counts fewer than k people."""

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingOutputBoolean, \
    QgsProcessingOutputNumber, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField

from ..spatial_privacy_plugin.errors import N_
from .base import SpatialPrivacyAlgorithm, tr


class KAnonymityGate(SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "kanonymitygate"
    GROUP_ID = "gates"
    DISPLAY_NAME = N_("k-anonymity gate")
    SHORT_DESCRIPTION = N_("Blocks the release (and stops the model) when any published record "
                         "counts fewer than k people; passes the layer through unchanged otherwise.")
    TAGS = N_("privacy,disclosure,k-anonymity,gate,check,release,model")

    INPUT = "INPUT"
    COUNT_FIELD = "COUNT_FIELD"
    STATUS_FIELD = "STATUS_FIELD"
    OUTPUT = "OUTPUT"
    PASSED = "PASSED"
    MIN_COUNT = "MIN_COUNT"
    CELLS_CHECKED = "CELLS_CHECKED"
    K = "K"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.INPUT, tr("Layer or table to publish"), [QgsProcessing.SourceType.TypeVector]))
        self.addParameter(QgsProcessingParameterField(
            self.COUNT_FIELD, tr("Count field (distinct people per record)"),
            parentLayerParameterName=self.INPUT))
        self.add_policy_parameters()
        self.addParameter(QgsProcessingParameterField(
            self.STATUS_FIELD,
            tr("Status field (records marked primary or complementary are withheld)"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Checked layer (unchanged)"), QgsProcessing.SourceType.TypeVector))
        self.addOutput(QgsProcessingOutputBoolean(self.PASSED, tr("Passed")))
        self.addOutput(QgsProcessingOutputNumber(self.MIN_COUNT, tr("Smallest published count")))
        self.addOutput(QgsProcessingOutputNumber(self.CELLS_CHECKED, tr("Published records checked")))
        self.addOutput(QgsProcessingOutputNumber(self.K, tr("k")))

    def process(self, parameters, context, feedback):
        from ..spatial_privacy_plugin.gate import evaluate_gate, parse_statuses
        from .io import copy_features, read_attributes

        policy = self.policy_from_parameters(parameters, context)
        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        count_field = self.parameterAsString(parameters, self.COUNT_FIELD, context)
        status_field = self.parameterAsString(parameters, self.STATUS_FIELD, context)
        if not count_field:
            raise QgsProcessingException(tr("Choose the field that holds the counts."))
        names = [count_field] + ([status_field] if status_field else [])
        columns = read_attributes(source, names, feedback)
        if not source.fields().field(count_field).isNumeric():
            raise QgsProcessingException(tr(
                "The count field '{field}' is not numeric ({type}): the gate needs counts of "
                "people. Choose a numeric field, or convert it with the field calculator in a "
                "copy.").format(field=count_field, type=source.fields().field(count_field).typeName()))
        withheld = parse_statuses(columns[status_field], status_field) if status_field else None
        result = evaluate_gate(columns[count_field], policy.k, withheld)
        if not result.passed:
            problems = " ".join(problem.message(tr) for problem in result.problems)
            raise QgsProcessingException(tr("k-anonymity gate FAILED (k = {k}, policy {hash}): "
                                            "{problems}").format(
                k=policy.k, hash=policy.policy_hash[:12], problems=problems))
        feedback.pushInfo(tr("k-anonymity gate passed: {checked} published record(s), all with at "
                             "least k = {k} people.").format(checked=result.cells_checked, k=policy.k))

        sink, destination = self.parameterAsSink(
            parameters, self.OUTPUT, context, source.fields(), source.wkbType(), source.sourceCrs())
        copy_features(source, sink, feedback)
        return {self.OUTPUT: destination, self.PASSED: True, self.MIN_COUNT: result.min_count,
                self.CELLS_CHECKED: result.cells_checked, self.K: policy.k}
