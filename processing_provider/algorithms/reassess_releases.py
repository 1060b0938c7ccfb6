"""spatialprivacy:reassessreleases — re-run today's estimate for published releases (scheduled job)."""

from qgis.core import QgsCoordinateReferenceSystem, QgsFeatureRequest, QgsProcessing, \
    QgsProcessingException, QgsProcessingOutputNumber, \
    QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterFile, QgsProcessingParameterString, QgsVectorLayer, QgsWkbTypes

from ... import __about__
from ...spatial_privacy_plugin.errors import N_
from ..base import GateFailure, SpatialPrivacyAlgorithm, no_threading_flag, tr
from ..staged_outputs import final_destination
from ..ledger_base import LEDGER_FILTER, LedgerParameters

REASSESSMENT_FIELDS = (("release_id", "string"), ("published_p_reid", "double"),
                       ("today_p_reid", "double"), ("per_release_ceiling", "double"),
                       ("verdict", "string"), ("worst_zone_today", "string"))


def project_loading(destination, context):
    """The project QGIS was to load the output into when the run ends, else None."""
    if not context.willLoadLayerOnCompletion(destination):
        return None
    return context.layerToLoadOnCompletionDetails(destination).project or context.project()


def load_before_failing(destination, context, project):
    """Add the output to ``project`` now: a failed run loads nothing, and the reviewer needs
    the table that explains the failure."""
    details = context.layerToLoadOnCompletionDetails(destination)
    layer = context.getMapLayer(destination)
    if layer is not None:  # a temporary output lives in the run's own store
        layer = context.temporaryLayerStore().takeMapLayer(layer)
    else:
        layer = QgsVectorLayer(destination, details.name or tr("Re-assessment"), "ogr")
    if details.name:
        layer.setName(details.name)
    project.addMapLayer(layer)


class ReassessReleases(LedgerParameters, SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "reassessreleases"
    GROUP_ID = "gates"
    DISPLAY_NAME = N_("Re-assess published releases")
    SHORT_DESCRIPTION = N_("Re-runs today's risk estimate for releases in the ledger and fails when "
                           "any is now over the ceiling it was published under.")
    TAGS = N_("privacy,disclosure,risk,ledger,reassessment,schedule,cron,monitoring")
    ADVANCED = ("RELEASE_ID", "LEDGER_HEAD")

    LEDGER = "LEDGER"
    DATASET = "DATASET"
    RELEASE_ID = "RELEASE_ID"
    LEDGER_HEAD = "LEDGER_HEAD"
    ZONE_RISK = "ZONE_RISK"
    OUTPUT = "OUTPUT"
    RELEASES_OVER = "RELEASES_OVER"

    def flags(self):
        # Adding the table to the project before the run fails needs the main thread.
        return super().flags() | no_threading_flag()

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFile(
            self.LEDGER, tr("Release ledger"), QgsProcessingParameterFile.Behavior.File,
            fileFilter=tr(LEDGER_FILTER)))
        self.addParameter(QgsProcessingParameterString(self.DATASET, tr("Dataset (programme name)")))
        self.addParameter(QgsProcessingParameterString(
            self.RELEASE_ID, tr("Release id (empty: every release of the dataset)"), optional=True))
        self.add_ledger_head_parameter()
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.ZONE_RISK, tr("Today's per-zone risk"), [QgsProcessing.SourceType.TypeVector]))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Re-assessment"), QgsProcessing.SourceType.TypeVector))
        self.addOutput(QgsProcessingOutputNumber(self.RELEASES_OVER, tr("Releases now over their ceiling")))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.ledger.budget import VERDICT_OVER, reassess
        from ...spatial_privacy_plugin.formatting import percent
        from ..io.layers import make_fields, write_features
        from .risk_budget_gate import read_zone_summary

        ledger = self.open_ledger(parameters, context, feedback, must_exist=True)
        dataset = self.parameterAsString(parameters, self.DATASET, context).strip()
        release = self.parameterAsString(parameters, self.RELEASE_ID, context).strip()
        source = self.parameterAsSource(parameters, self.ZONE_RISK, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        split = source.fields().lookupField("release_id") >= 0

        def summary_for(release_id, gate_basis):
            if not split:
                return read_zone_summary(source, gate_basis, feedback)
            # Only this release's zones: a filtered view of the same table.
            expression = QgsFeatureRequest().setFilterExpression(
                f"\"release_id\" = '{release_id.replace(chr(39), chr(39) * 2)}'")
            return read_zone_summary(source.materialize(expression), gate_basis, feedback)

        from ..release_layers.dp_gate import report_remaining_epsilon
        report_remaining_epsilon(ledger, feedback)  # DP releases: ε left per dataset
        rows, _ = reassess(ledger, dataset, [release] if release else None,
                           summary_for, __about__.VERSION)
        fields = make_fields(REASSESSMENT_FIELDS)
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 QgsWkbTypes.Type.NoGeometry,
                                                 QgsCoordinateReferenceSystem())
        write_features(sink, fields, list(zip(*rows)))
        del sink  # the table is complete on disk before any failure is raised
        over = [row for row in rows if row[4] == VERDICT_OVER]
        for row in rows:
            feedback.pushInfo(tr("{release}: published at {published}, today {today} "
                                 "(ceiling {ceiling}): {verdict}.").format(
                release=row[0], published=percent(row[1]), today=percent(row[2]),
                ceiling=percent(row[3]), verdict=tr(row[4])))
        if over:
            names = ", ".join(tr("{release} ({published} → {today}, ceiling {ceiling})").format(
                release=row[0], published=percent(row[1]), today=percent(row[2]),
                ceiling=percent(row[3])) for row in over)
            final = final_destination(destination)  # where the table is once kept
            project = project_loading(final, context)
            if project is not None:
                table = tr("the table is loaded in the project")
            elif context.getMapLayer(destination) is None:
                table = tr("the table is in {path}").format(path=final)
            else:
                table = tr("choose a file for the table to keep it when the check fails")
            raise GateFailure(tr(
                "{count} release(s) of {dataset} are now over the ceiling they were published under: "
                "{releases}. Withdraw them, re-publish them coarser, or document the acceptance. "
                "The re-assessment is recorded in the ledger; {table}.").format(
                count=len(over), dataset=dataset, releases=names, table=table),
                kept=lambda: project is not None and load_before_failing(final, context, project))
        return {self.OUTPUT: destination, self.RELEASES_OVER: 0}
