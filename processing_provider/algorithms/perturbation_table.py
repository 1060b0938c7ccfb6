"""spatialprivacy:ptable — the perturbation table of the cell key method."""

from qgis.core import QgsProcessing, QgsProcessingOutputNumber, QgsProcessingOutputString, \
    QgsProcessingParameterFeatureSink, QgsProcessingParameterNumber, QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import SpatialPrivacyAlgorithm, tr

PTABLE_FIELDS = (("i", "int"), ("j", "int"), ("p", "double"), ("v", "int"),
                 ("p_int_lb", "double"), ("p_int_ub", "double"))


def report_ptable(table, feedback):
    """Log what a p-table is (without D or V, which a release never publishes) and its small
    rows solved with the nearest feasible variance."""
    for row, reason, reached in table.notes:
        feedback.pushWarning(tr("Row {row} cannot have the variance asked for: it has {reached:g}, "
                                "{reason}.").format(row=row, reached=reached, reason=tr(reason)))
    if table.cycle_start is not None:
        feedback.pushInfo(tr("p-table {hash} in ONS's format: rows 0 to {last}, larger counts "
                             "served by rows {start} to {last} in turn, the noise chosen by the "
                             "integer cell key (0 to {largest_key}), as ONS's package applies "
                             "it.").format(hash=table.ptable_hash[:12], last=table.largest_i,
                                           start=table.cycle_start,
                                           largest_key=table.key_noise.shape[1] - 1))
        return
    feedback.pushInfo(tr("p-table {hash}: rows 0 to {last} (the last serves every larger "
                         "count).").format(hash=table.ptable_hash[:12], last=table.largest_i))


class PerturbationTable(SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "ptable"
    GROUP_ID = "grids"
    DISPLAY_NAME = N_("Perturbation table (cell key method)")
    SHORT_DESCRIPTION = N_("The maximum-entropy p-table of the cell key method: for each original "
                           "count, the probability of each published count, unbiased, with "
                           "variance V and noise of at most D.")
    TAGS = N_("privacy,cell key method,ckm,perturbation,noise,ptable,tau-argus,census grid")
    ADVANCED = ("PSTAY",)

    D = "D"
    V = "V"
    JS = "JS"
    PSTAY = "PSTAY"
    OUTPUT = "OUTPUT"
    PTABLE_HASH = "PTABLE_HASH"
    ROWS_ADJUSTED = "ROWS_ADJUSTED"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterNumber(
            self.D, tr("D: largest noise (keep it secret)"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=3, minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            self.V, tr("V: noise variance"), QgsProcessingParameterNumber.Type.Double,
            defaultValue=2.0, minValue=0.0))
        self.addParameter(QgsProcessingParameterNumber(
            self.JS, tr("JS: published counts 1..JS are blocked (0: none)"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=0, minValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            self.PSTAY, tr("PSTAY: probability of no noise (empty: maximum entropy)"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0, maxValue=1.0))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("p-table (save it as CSV for the cell key grid)"),
            QgsProcessing.SourceType.TypeVector))
        self.addOutput(QgsProcessingOutputString(self.PTABLE_HASH, tr("p-table hash")))
        self.addOutput(QgsProcessingOutputNumber(
            self.ROWS_ADJUSTED, tr("Rows solved with the nearest feasible variance")))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.noise.ptable import create_ptable
        from ..io.layers import make_fields, write_features

        table = create_ptable(self.whole_number(parameters, self.D, context),
                              self.parameterAsDouble(parameters, self.V, context),
                              self.whole_number(parameters, self.JS, context),
                              self.optional_number(parameters, self.PSTAY, context))
        report_ptable(table, feedback)
        fields = make_fields(PTABLE_FIELDS)
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 QgsWkbTypes.Type.NoGeometry)
        frame = table.frame
        write_features(sink, fields, [frame[name] for name, _ in PTABLE_FIELDS], None, feedback)
        return {self.OUTPUT: destination, self.PTABLE_HASH: table.ptable_hash,
                self.ROWS_ADJUSTED: len(table.notes)}
