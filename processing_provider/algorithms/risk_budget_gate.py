"""spatialprivacy:riskbudgetgate — gate a release on its worst zone and the programme's cumulative risk."""

from pathlib import Path

from qgis.core import QgsCoordinateReferenceSystem, QgsProcessing, QgsProcessingException, \
    QgsProcessingOutputBoolean, QgsProcessingOutputFile, QgsProcessingOutputNumber, \
    QgsProcessingOutputString, QgsProcessingParameterBoolean, QgsProcessingParameterEnum, \
    QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterFile, QgsProcessingParameterNumber, QgsProcessingParameterString, \
    QgsProcessingUtils, QgsWkbTypes

from ... import __about__
from ...spatial_privacy_plugin.errors import N_
from ..base import SpatialPrivacyAlgorithm, tr

GATE_BASES = (N_("estimate"), N_("lower bound"))  # index order is stored in models
RECORD_FIELDS = (("dataset", "string"), ("release_id", "string"), ("passed", "bool"),
                 ("recorded", "bool"), ("worst_zone", "string"), ("worst_p_reid", "double"),
                 ("pooled_p_reid", "double"), ("cumulative_p_reid", "double"),
                 ("headroom", "double"), ("warning", "bool"), ("per_release_ceiling", "double"),
                 ("cumulative_ceiling", "double"), ("gate_basis", "string"),
                 ("policy_hash", "string"), ("zones_hash", "string"), ("ledger_head", "string"))
LEDGER_FILTER = N_("Ledger (*.sqlite *.db *.gpkg)")
ALL_FILES_FILTER = N_("All files (*)")


def temporary_ledger_problem(path):
    """Why ``path`` cannot hold a ledger that must outlive the run (None when it can).

    A ledger in Processing's temporary folder is deleted when QGIS closes, and the next run
    starts a fresh budget: the cumulative ceiling would never bind.
    """
    if not path:
        return tr("Choose the programme's ledger file (a new file starts a ledger). In a model "
                  "saved with an earlier version, where the ledger was an output of this step, add "
                  "a file input for the ledger and connect it to this step's ledger.")
    if path.strip().upper() == "TEMPORARY_OUTPUT":
        return tr("The risk budget gate needs a ledger that outlives the run, not a temporary "
                  "file: choose the programme's ledger file, or a new file in a kept folder to "
                  "start one.")
    temporary = Path(QgsProcessingUtils.tempFolder()).resolve()
    if temporary in Path(path).expanduser().resolve().parents:
        return tr("The ledger {path} is in QGIS's temporary folder, which is deleted when QGIS "
                  "closes: the next run would start a fresh budget. Choose the programme's ledger "
                  "file, or a new file in a kept folder.").format(path=path)
    return None


def read_zone_summary(source, gate_on, feedback):
    """The worst zone and pooled risk of a per-zone table (the output of zonerisk fits)."""
    from ...spatial_privacy_plugin.ledger.budget import summarise_zones
    from ..io.layers import read_attributes

    names = source.fields().names()
    missing = [name for name in ("zone_id", "p_reid", "n_records") if name not in names]
    if missing:
        raise QgsProcessingException(tr(
            "The per-zone risk table lacks the field(s) {fields}: give the output of the zone risk "
            "algorithm, or a table with zone_id, p_reid and n_records.").format(
            fields=", ".join(missing)))
    optional = [name for name in ("p_reid_low", "p_reid_high", "zones_hash") if name in names]
    columns = read_attributes(source, ["zone_id", "p_reid", "n_records"] + optional, feedback)
    return summarise_zones(columns["zone_id"], columns["p_reid"], columns["n_records"],
                           columns.get("p_reid_low"), columns.get("zones_hash"), gate_on,
                           columns.get("p_reid_high"))


class LedgerParameters:
    """For every algorithm that appends to a ledger: its ``LEDGER``, ``DATASET`` and
    ``RELEASE_ID`` parameters, and the dialog's refusal of a temporary ledger before the run
    (``processAlgorithm`` checks again, since a model calls no ``checkParameterValues``)."""

    def add_ledger_parameters(self):
        # An input file, not a destination: the user picks the existing ledger without an
        # overwrite prompt and is never offered a temporary file; a new path starts a ledger.
        self.addParameter(QgsProcessingParameterFile(
            self.LEDGER, tr("Release ledger (a new file starts one)"),
            QgsProcessingParameterFile.Behavior.File,
            fileFilter=f"{tr(LEDGER_FILTER)};;{tr(ALL_FILES_FILTER)}"))
        self.addParameter(QgsProcessingParameterString(self.DATASET, tr("Dataset (programme name)")))
        self.addParameter(QgsProcessingParameterString(self.RELEASE_ID, tr("Release id")))

    def checkParameterValues(self, parameters, context):  # noqa: N802 (QGIS's name)
        problem = temporary_ledger_problem(self.parameterAsFile(parameters, self.LEDGER, context))
        if problem:
            return False, problem
        return super().checkParameterValues(parameters, context)


class RiskBudgetGate(LedgerParameters, SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "riskbudgetgate"
    GROUP_ID = "gates"
    DISPLAY_NAME = N_("Risk budget gate")
    SHORT_DESCRIPTION = N_("Blocks a release whose worst zone exceeds the per-release ceiling, or "
                           "whose programme's cumulative risk exceeds its budget; records every "
                           "release that passes in a tamper-evident ledger.")
    TAGS = N_("privacy,disclosure,risk,budget,ledger,gate,release,cumulative")
    ADVANCED = ("PER_RELEASE_CEILING", "CUMULATIVE_CEILING", "WARN_AT", "GATE_ON")

    ZONE_RISK = "ZONE_RISK"
    LEDGER = "LEDGER"
    DATASET = "DATASET"
    RELEASE_ID = "RELEASE_ID"
    PER_RELEASE_CEILING = "PER_RELEASE_CEILING"
    CUMULATIVE_CEILING = "CUMULATIVE_CEILING"
    WARN_AT = "WARN_AT"
    GATE_ON = "GATE_ON"
    RECORD = "RECORD"
    OUTPUT = "OUTPUT"
    PASSED = "PASSED"
    WORST_ZONE = "WORST_ZONE"
    WORST_P_REID = "WORST_P_REID"
    POOLED_P_REID = "POOLED_P_REID"
    CUMULATIVE_P_REID = "CUMULATIVE_P_REID"
    HEADROOM = "HEADROOM"
    WARNING = "WARNING"
    LEDGER_HEAD = "LEDGER_HEAD"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.ZONE_RISK, tr("Per-zone risk (the zone risk output)"),
            [QgsProcessing.SourceType.TypeVector]))
        self.add_ledger_parameters()
        self.addParameter(QgsProcessingParameterFile(
            self.POLICY, tr("Policy file (ceilings, warn_at, gate_on)"),
            QgsProcessingParameterFile.Behavior.File, optional=True,
            fileFilter=tr("Policy files (*.toml *.json)")))
        for name, label in ((self.PER_RELEASE_CEILING, N_("Per-release ceiling (empty: the policy's)")),
                            (self.CUMULATIVE_CEILING, N_("Cumulative ceiling (empty: the policy's)")),
                            (self.WARN_AT, N_("Warn above this share of the cumulative ceiling"))):
            self.addParameter(QgsProcessingParameterNumber(
                name, tr(label), QgsProcessingParameterNumber.Type.Double, optional=True,
                minValue=0.0, maxValue=1.0))
        self.addParameter(QgsProcessingParameterEnum(
            self.GATE_ON, tr("Gate on (empty: the policy's, else the estimate)"),
            [tr(basis) for basis in GATE_BASES], optional=True))
        self.addParameter(QgsProcessingParameterBoolean(
            self.RECORD, tr("Record the release in the ledger when it passes"), defaultValue=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Release record"), QgsProcessing.SourceType.TypeVector))
        self.addOutput(QgsProcessingOutputBoolean(self.PASSED, tr("Passed")))
        self.addOutput(QgsProcessingOutputString(self.WORST_ZONE, tr("Worst zone")))
        for name, label in ((self.WORST_P_REID, N_("Worst zone's risk")),
                            (self.POOLED_P_REID, N_("Record-weighted mean risk")),
                            (self.CUMULATIVE_P_REID, N_("Cumulative risk of the programme")),
                            (self.HEADROOM, N_("Headroom under the cumulative ceiling"))):
            self.addOutput(QgsProcessingOutputNumber(name, tr(label)))
        self.addOutput(QgsProcessingOutputBoolean(self.WARNING, tr("Warning")))
        self.addOutput(QgsProcessingOutputString(self.LEDGER_HEAD, tr("Ledger head hash")))
        self.addOutput(QgsProcessingOutputFile(self.LEDGER, tr("Release ledger")))

    def ledger_path(self, parameters, context, feedback):
        """The ledger's path, refused when temporary; a path with no file yet starts a ledger."""
        path = self.parameterAsFile(parameters, self.LEDGER, context)
        problem = temporary_ledger_problem(path)
        if problem:  # checked again here: a model does not call checkParameterValues
            raise QgsProcessingException(problem)
        if not Path(path).exists():
            feedback.pushWarning(tr(
                "No ledger at {path}: a new ledger is started there, with no earlier releases. If "
                "the programme already has a ledger, give its path instead: a second ledger "
                "restarts the cumulative budget.").format(path=path))
        return path

    def budget_policy(self, parameters, context):
        from ...spatial_privacy_plugin.ledger.budget import budget_policy
        from ...spatial_privacy_plugin.policy import load_policy
        path = self.parameterAsFile(parameters, self.POLICY, context)
        gate_on = None
        if parameters.get(self.GATE_ON) not in (None, ""):
            gate_on = ("estimate", "lower bound")[self.parameterAsEnum(parameters, self.GATE_ON, context)]
        return budget_policy(load_policy(path) if path else None,
                             self.optional_number(parameters, self.PER_RELEASE_CEILING, context),
                             self.optional_number(parameters, self.CUMULATIVE_CEILING, context),
                             self.optional_number(parameters, self.WARN_AT, context), gate_on)

    def process(self, parameters, context, feedback):
        from qgis.core import QgsFeature, QgsFeatureSink

        from ...spatial_privacy_plugin.ledger.budget import gate_release
        from ...spatial_privacy_plugin.formatting import percent
        from ...spatial_privacy_plugin.ledger.store import Ledger
        from ..io.layers import make_fields, plain_column

        ledger_path = self.ledger_path(parameters, context, feedback)
        policy = self.budget_policy(parameters, context)
        source = self.parameterAsSource(parameters, self.ZONE_RISK, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        summary = read_zone_summary(source, policy.gate_on, feedback)
        # Stored as given; compared with the ledger's names after normalisation (ledger.name_key).
        dataset = self.parameterAsString(parameters, self.DATASET, context)
        release_id = self.parameterAsString(parameters, self.RELEASE_ID, context)
        record = self.parameterAsBoolean(parameters, self.RECORD, context)
        written = {}

        def write_record(decision, head):
            """The release record, written before the ledger entry is committed."""
            fields = make_fields(RECORD_FIELDS)
            sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                     QgsWkbTypes.Type.NoGeometry,
                                                     QgsCoordinateReferenceSystem())
            if sink is None:
                raise QgsProcessingException(tr("The release record could not be created: nothing "
                                                "was recorded in the ledger."))
            feature = QgsFeature(fields)
            feature.setAttributes(plain_column([
                dataset, release_id, True, record, summary.worst_zone, summary.worst,
                summary.pooled, decision.cumulative, decision.headroom, decision.warning,
                policy.per_release_ceiling, policy.cumulative_ceiling, policy.gate_on,
                policy.policy_hash, summary.zones_hash, head]))
            if not sink.addFeature(feature, QgsFeatureSink.Flag.FastInsert):
                raise QgsProcessingException(tr("The release record could not be written ({error}): "
                                                "nothing was recorded in the ledger.").format(
                    error=sink.lastError() if hasattr(sink, "lastError") else ""))
            del sink  # a file output is complete before the entry is committed
            written[self.OUTPUT] = destination

        decision, head = gate_release(Ledger(ledger_path), dataset, release_id, summary, policy,
                                      record, __about__.VERSION, write_record)
        for template, values in decision.notices:
            feedback.pushWarning(tr(template).format(**values))
        if not decision.passed:
            problems = " ".join(tr(template).format(**values) for template, values in decision.problems)
            raise QgsProcessingException(tr("Risk budget gate FAILED for {dataset} / {release}: "
                                            "{problems}").format(dataset=dataset, release=release_id,
                                                                 problems=problems))
        feedback.pushInfo(tr(
            "Risk budget gate passed: worst zone {zone} at {worst} ({basis}; pooled mean "
            "{pooled}) under the per-release ceiling {ceiling}; cumulative {cumulative} "
            "over {count} release(s), headroom {headroom} under {budget}.").format(
            zone=summary.worst_zone, worst=percent(summary.worst), basis=tr(policy.gate_on),
            pooled=percent(summary.pooled), ceiling=percent(policy.per_release_ceiling),
            cumulative=percent(decision.cumulative), count=decision.prior_releases + 1,
            headroom=percent(decision.headroom), budget=percent(policy.cumulative_ceiling)))
        feedback.pushInfo(tr("The cumulative figure assumes independent releases; releases of the "
                             "same population are correlated, so it understates the risk."))
        if decision.warning:
            feedback.pushWarning(tr("The cumulative risk {cumulative} is above {share} of the "
                                    "ceiling {ceiling}: plan the remaining releases.").format(
                cumulative=percent(decision.cumulative), share=percent(policy.warn_at),
                ceiling=percent(policy.cumulative_ceiling)))
        feedback.pushInfo(tr("Ledger head: {head}. Archive it elsewhere to detect a rewritten "
                             "ledger.").format(head=head) if record else
                          tr("Not recorded (RECORD is off): this release does not count against "
                             "the budget; the ledger was only read."))
        return {self.OUTPUT: written[self.OUTPUT], self.PASSED: True,
                self.WORST_ZONE: summary.worst_zone,
                self.WORST_P_REID: summary.worst, self.POOLED_P_REID: summary.pooled,
                self.CUMULATIVE_P_REID: decision.cumulative, self.HEADROOM: decision.headroom,
                self.WARNING: decision.warning, self.LEDGER_HEAD: head, self.LEDGER: ledger_path}
