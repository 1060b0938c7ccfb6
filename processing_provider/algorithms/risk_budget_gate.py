"""spatialprivacy:riskbudgetgate — gate a release on its worst zone and the programme's cumulative risk."""

from qgis.core import QgsCoordinateReferenceSystem, QgsProcessing, QgsProcessingException, \
    QgsProcessingOutputBoolean, QgsProcessingOutputFile, QgsProcessingOutputNumber, \
    QgsProcessingOutputString, QgsProcessingParameterBoolean, QgsProcessingParameterEnum, \
    QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterFile, QgsProcessingParameterNumber, QgsWkbTypes

from ... import __about__
from ...spatial_privacy_plugin.errors import N_
from ..base import SpatialPrivacyAlgorithm, tr
from ..ledger_base import LedgerParameters, charged

GATE_BASES = (N_("estimate"), N_("lower bound"))  # index order is stored in models
RECORD_FIELDS = (("dataset", "string"), ("release_id", "string"), ("passed", "bool"),
                 ("recorded", "bool"), ("worst_zone", "string"), ("worst_p_reid", "double"),
                 ("pooled_p_reid", "double"), ("cumulative_p_reid", "double"),
                 ("headroom", "double"), ("warning", "bool"), ("per_release_ceiling", "double"),
                 ("cumulative_ceiling", "double"), ("gate_basis", "string"),
                 ("policy_hash", "string"), ("zones_hash", "string"),
                 ("ledger_head", "string"), ("ledger_seq", "int"))


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


class RiskBudgetGate(LedgerParameters, SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "riskbudgetgate"
    CHARGES_LEDGER = True
    GROUP_ID = "gates"
    DISPLAY_NAME = N_("Risk budget gate")
    SHORT_DESCRIPTION = N_("Blocks a release whose worst zone exceeds the per-release ceiling, or "
                           "whose programme's cumulative risk exceeds its budget; records every "
                           "release that passes in a tamper-evident ledger.")
    TAGS = N_("privacy,disclosure,risk,budget,ledger,gate,release,cumulative")
    ADVANCED = ("PER_RELEASE_CEILING", "CUMULATIVE_CEILING", "WARN_AT", "GATE_ON", "LEDGER_HEAD")

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
        from ..io.layers import make_fields, plain_column

        policy = self.budget_policy(parameters, context)
        for template, values in policy.notices:
            feedback.pushWarning(tr(template).format(**values))
        source = self.parameterAsSource(parameters, self.ZONE_RISK, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        summary = read_zone_summary(source, policy.gate_on, feedback)
        # Stored as given; compared with the ledger's names after normalisation (ledger.name_key).
        dataset = self.parameterAsString(parameters, self.DATASET, context)
        release_id = self.parameterAsString(parameters, self.RELEASE_ID, context)
        record = self.parameterAsBoolean(parameters, self.RECORD, context)
        ledger = self.open_ledger(parameters, context, feedback)
        self.refuse_unwritable_output(parameters, self.OUTPUT, context)
        written = {}

        def write_record(decision, head):
            """The release record, with the ledger head it extended, once the entry is committed."""
            fields = make_fields(RECORD_FIELDS)
            sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                     QgsWkbTypes.Type.NoGeometry,
                                                     QgsCoordinateReferenceSystem())
            if sink is None:
                raise QgsProcessingException(tr("The release record could not be created."))
            feature = QgsFeature(fields)
            feature.setAttributes(plain_column([
                dataset, release_id, True, record, summary.worst_zone, summary.worst,
                summary.pooled, decision.cumulative, decision.headroom, decision.warning,
                policy.per_release_ceiling, policy.cumulative_ceiling, policy.gate_on,
                policy.policy_hash, summary.zones_hash, head.hash, head.seq]))
            if not sink.addFeature(feature, QgsFeatureSink.Flag.FastInsert):
                raise QgsProcessingException(tr("The release record could not be written ({error}).")
                                             .format(error=sink.lastError()
                                                     if hasattr(sink, "lastError") else ""))
            del sink
            written[self.OUTPUT] = destination

        def after_charge(decision, head):
            if record:
                charged(head, release_id, lambda: write_record(decision, head))
            else:
                write_record(decision, head)

        decision, head = gate_release(ledger, dataset, release_id, summary, policy, record,
                                      __about__.VERSION, after_charge)
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
        feedback.pushInfo(tr("Ledger head: entry {seq}, {head}. The release record carries it: "
                             "give the record (or the head) as the ledger head of later runs, and "
                             "a ledger that was cut, emptied or rewritten is refused.").format(
            seq=head.seq, head=head.hash) if record else
                          tr("Not recorded (RECORD is off): this release does not count against "
                             "the budget; the ledger was only read."))
        return {self.OUTPUT: written[self.OUTPUT], self.PASSED: True,
                self.WORST_ZONE: summary.worst_zone,
                self.WORST_P_REID: summary.worst, self.POOLED_P_REID: summary.pooled,
                self.CUMULATIVE_P_REID: decision.cumulative, self.HEADROOM: decision.headroom,
                self.WARNING: decision.warning, self.LEDGER_HEAD: head.hash, self.LEDGER: ledger.path}
