"""spatialprivacy:disclosurerisk — per-record re-identification risk of a release with categorical keys."""

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingOutputNumber, \
    QgsProcessingParameterBoolean, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, QgsProcessingParameterNumber, \
    QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_, Cancelled
from ..base import tr
from ..risk_base import RiskAlgorithm

# GeoPackage column names ignore case, so f_k and F_k could not both be written.
RISK_FIELDS = (("f_k", "int"), ("F_pop_k", "double"), ("sample_unique", "bool"),
               ("sample_rare", "bool"), ("individual_risk", "double"))


class DisclosureRisk(RiskAlgorithm):
    ALGORITHM_ID = "disclosurerisk"
    DISPLAY_NAME = N_("Record disclosure risk")
    SHORT_DESCRIPTION = N_("Sample and population uniqueness, individual risk with sampling "
                           "weights, household and global risk, and rareness of continuous keys, "
                           "for every record.")
    TAGS = N_("privacy,disclosure,risk,uniqueness,individual risk,household,microdata,sdc")
    ADVANCED = ("POPULATION_FIELD", "HOUSEHOLD_FIELD", "CONTINUOUS_FIELDS", "RARE_THRESHOLD",
                "RISK_THRESHOLD", "POPULATION_UNIQUENESS")

    INPUT = "INPUT"
    CONTINUOUS_FIELDS = "CONTINUOUS_FIELDS"
    RARE_THRESHOLD = "RARE_THRESHOLD"
    RISK_THRESHOLD = "RISK_THRESHOLD"
    POPULATION_UNIQUENESS = "POPULATION_UNIQUENESS"
    OUTPUT = "OUTPUT"
    EXPECTED_REIDENTIFICATIONS = "EXPECTED_REIDENTIFICATIONS"
    REIDENTIFICATION_RATE = "REIDENTIFICATION_RATE"
    RECORDS_ABOVE_THRESHOLD = "RECORDS_ABOVE_THRESHOLD"
    MAX_RISK = "MAX_RISK"
    EXPECTED_POPULATION_UNIQUES = "EXPECTED_POPULATION_UNIQUES"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.INPUT, tr("Records (points or a table)"), [QgsProcessing.SourceType.TypeVector]))
        self.add_key_parameters(self.INPUT)
        self.addParameter(QgsProcessingParameterField(
            self.CONTINUOUS_FIELDS, tr("Continuous keys (e.g. income, exact age)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True,
            type=QgsProcessingParameterField.DataType.Numeric))
        self.addParameter(QgsProcessingParameterNumber(
            self.RARE_THRESHOLD, tr("Sample rare below this frequency (α)"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=3, minValue=2))
        self.addParameter(QgsProcessingParameterNumber(
            self.RISK_THRESHOLD, tr("Count records whose risk exceeds"),
            QgsProcessingParameterNumber.Type.Double, defaultValue=0.05, minValue=0.0, maxValue=1.0))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Records with risk measures"), QgsProcessing.SourceType.TypeVector))
        self.addParameter(QgsProcessingParameterBoolean(
            self.POPULATION_UNIQUENESS,
            tr("Estimate population uniqueness (log-linear; needs weights)"),
            defaultValue=False))
        for name, label in ((self.EXPECTED_REIDENTIFICATIONS, N_("Expected re-identifications")),
                            (self.REIDENTIFICATION_RATE, N_("Re-identification rate")),
                            (self.RECORDS_ABOVE_THRESHOLD, N_("Records above the risk threshold")),
                            (self.MAX_RISK, N_("Highest record risk")),
                            (self.EXPECTED_POPULATION_UNIQUES, N_("Expected population uniques"))):
            self.addOutput(QgsProcessingOutputNumber(name, tr(label)))

    def write_output(self, parameters, context, feedback, source, layer, fields, values, points):
        """The input's features with the risk fields: in bulk into a new GeoPackage or a PostGIS
        table (the sink's layer, faster), else through the sink."""
        from ..io.bulk_write import write_records
        from ..io.layers import add_in_batches, extended_features, plain_values

        destination = write_records(self, parameters, self.OUTPUT, context, feedback, source,
                                    layer, fields, values, points)
        if destination is not None:
            return destination
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 source.wkbType(), source.sourceCrs())
        added_rows = zip(*[plain_values(column) for column in values])
        add_in_batches(sink, extended_features(source, fields, added_rows), feedback)
        feedback.pushInfo(tr("Records written feature by feature through QGIS."))
        return destination  # the sink closes when this returns, so its style can be stored

    def process(self, parameters, context, feedback):
        import numpy as np

        from ...spatial_privacy_plugin.formatting import percent
        from ...spatial_privacy_plugin.risk.measures import neighbourhood_rareness, population_uniqueness
        from ..io.layers import make_field, make_fields, read_columns, \
            refuse_points_mixed_with_others
        from ..presentation.styles import apply_style, risk_renderer

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        keys, weight, population, household = self.key_inputs(parameters, context)
        continuous = self.field_names(parameters, self.CONTINUOUS_FIELDS, context)
        estimate_uniques = self.parameterAsBoolean(parameters, self.POPULATION_UNIQUENESS, context)
        if estimate_uniques and not weight:
            raise QgsProcessingException(tr("Estimating population uniqueness needs the sampling "
                                            "weight field."))
        layer = self.plain_layer(parameters, self.INPUT, context)
        columns, points = read_columns(source, self.needed_fields(keys, weight, population,
                                                                  household) + continuous,
                                       feedback, layer)
        if points is None and QgsWkbTypes.geometryType(source.wkbType()) == \
                QgsWkbTypes.GeometryType.PointGeometry:
            refuse_points_mixed_with_others(source, feedback)
        check_cancel(feedback)
        result = self.measure(columns, keys, weight, population, household,
                              self.parameterAsInt(parameters, self.RARE_THRESHOLD, context))
        check_cancel(feedback)
        extra = {}
        if population:
            extra["population_unique"] = ("bool", result.population_unique)
        if household:
            extra["household_risk"] = ("double", result.household)
        expected_uniques = None
        if estimate_uniques:
            estimate = population_uniqueness([columns[name] for name in keys], keys, columns[weight])
            extra["p_population_unique"] = ("double", estimate.probability_unique)
            expected_uniques = estimate.expected_population_uniques
            feedback.pushInfo(tr("Log-linear model (main effects), sampling fraction {fraction}: "
                                 "{expected:.1f} sample uniques are expected to be population "
                                 "uniques.").format(fraction=percent(estimate.sampling_fraction),
                                                    expected=expected_uniques))
        if continuous:
            rare, nearest = neighbourhood_rareness([columns[name] for name in continuous])
            extra["neighbourhood_rare"] = ("bool", rare)
            extra["nearest_distance"] = ("double", nearest)
            feedback.pushInfo(tr("{share} of records have no other record within 0.1 standard "
                                 "deviations of their continuous keys.").format(
                share=percent(rare.mean())))

        check_cancel(feedback)
        added = RISK_FIELDS + tuple((name, kind) for name, (kind, _) in extra.items())
        clashing = [name for name, _ in added if source.fields().lookupField(name) >= 0]
        if clashing:
            raise QgsProcessingException(tr("The input already has the field(s) {fields}: rename "
                                            "them in a copy first.").format(fields=", ".join(clashing)))
        fields = make_fields(list(source.fields()) + [make_field(name, kind) for name, kind in added])
        values = [result.sample_frequency, result.population_frequency, result.sample_unique,
                  result.sample_rare, result.risk] + [array for _, array in extra.values()]
        destination = self.write_output(parameters, context, feedback, source, layer, fields,
                                        values, points)
        if QgsWkbTypes.geometryType(source.wkbType()) == QgsWkbTypes.GeometryType.PointGeometry:
            apply_style(lambda: risk_renderer("individual_risk", points=True, no_estimate=False),
                        destination, context)

        threshold = self.parameterAsDouble(parameters, self.RISK_THRESHOLD, context)
        above = int(np.sum(result.risk > threshold))
        feedback.pushInfo(tr("{uniques} sample unique(s), {rare} sample rare; expected "
                             "re-identifications {expected:.2f} ({rate} of {n} records); {above} "
                             "record(s) above {threshold}; highest risk {highest}.").format(
            uniques=int(result.sample_unique.sum()), rare=int(result.sample_rare.sum()),
            expected=result.expected_reidentifications,
            rate=percent(result.reidentification_rate), n=len(result.risk), above=above,
            threshold=percent(threshold), highest=percent(float(result.risk.max()))))
        return {self.OUTPUT: destination,
                self.EXPECTED_REIDENTIFICATIONS: result.expected_reidentifications,
                self.REIDENTIFICATION_RATE: result.reidentification_rate,
                self.RECORDS_ABOVE_THRESHOLD: above, self.MAX_RISK: float(result.risk.max()),
                self.EXPECTED_POPULATION_UNIQUES: expected_uniques}


def check_cancel(feedback):
    """Between the steps of the measures, which run without a cancel check of their own."""
    if feedback.isCanceled():
        raise Cancelled()
