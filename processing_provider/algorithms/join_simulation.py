"""spatialprivacy:joinsimulation — run the adversary's join of an identified layer against a release."""

from pathlib import Path

from qgis.core import QgsCoordinateReferenceSystem, QgsProcessing, QgsProcessingException, \
    QgsProcessingOutputNumber, QgsProcessingParameterDistance, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, \
    QgsProcessingParameterFileDestination, QgsProcessingParameterMultipleLayers, \
    QgsProcessingParameterNumber, QgsProcessingParameterString, QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_, Cancelled
from ..base import SpatialPrivacyAlgorithm, local_figure, tr

ESCALATION_FIELDS = (
    ("step", "int"), ("attributes", "string"), ("pi_unique", "double"), ("pi_correct", "double"),
    ("pi_marketer", "double"), ("precision", "double"), ("median_candidates", "double"),
    ("targets_with_no_candidate", "int"), ("targets", "int"), ("radius_m", "double"),
    ("auxiliary_provenance", "string"),
)
TARGET_FIELDS = (("target", "string"), ("candidates", "int"), ("unique", "bool"), ("correct", "bool"))
FIGURE_LABELS = (("pi_unique", N_("believed re-identified (π unique)")),
                 ("pi_correct", N_("really re-identified (π correct)")),
                 ("pi_marketer", N_("random guess in candidate set (π marketer)")))
# What the report's figures mean, for a reader who has not read the method.
DEFINITIONS = (
    ("π unique", N_("the share of targets with exactly one candidate in the release within the "
                    "radius and with the same attributes: what the adversary believes they "
                    "re-identified.")),
    ("π correct", N_("the share of targets whose single candidate really is them: what the "
                     "adversary really re-identified (known only with the held-out truth ids).")),
    (N_("π marketer"), N_("the mean over targets of 1 / (number of candidates), 0 for a target "
                      "without one: the share re-identified by picking a candidate at random.")),
    (N_("precision"), N_("π correct / π unique: how often a confident match is right; a wrong "
                         "match harms the person it lands on. Undefined where no target has a "
                         "single candidate.")),
)


def median_value(median):
    """A median of counts as a table shows it: whole (12) or with its half (12.5)."""
    return int(median) if float(median).is_integer() else float(median)


class JoinSimulation(SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "joinsimulation"
    GROUP_ID = "adversary"
    DISPLAY_NAME = N_("Join simulation")
    SHORT_DESCRIPTION = N_("Runs the adversary's join of an identified auxiliary layer against a "
                           "masked release and reports how many people it singles out, and how "
                           "many of those correctly, as attributes are added.")
    TAGS = N_("privacy,disclosure,linkage,re-identification,attack,join,geomask,escalation")
    ADVANCED = ("POSITION_ERROR_SHARE", "POSITION_ERROR_DISTANCE", "COVERAGE_WEIGHT_FIELD", "SEED",
                "AUXILIARY_PROVENANCE", "OTHER_RELEASES", "RELEASE_LINK_FIELD")

    RELEASE = "RELEASE"
    AUXILIARY = "AUXILIARY"
    RADIUS = "RADIUS"
    QID_FIELDS = "QID_FIELDS"
    RELEASE_TRUTH_FIELD = "RELEASE_TRUTH_FIELD"
    AUXILIARY_TRUTH_FIELD = "AUXILIARY_TRUTH_FIELD"
    POSITION_ERROR_SHARE = "POSITION_ERROR_SHARE"
    POSITION_ERROR_DISTANCE = "POSITION_ERROR_DISTANCE"
    COVERAGE_WEIGHT_FIELD = "COVERAGE_WEIGHT_FIELD"
    SEED = "SEED"
    AUXILIARY_PROVENANCE = "AUXILIARY_PROVENANCE"
    OUTPUT = "OUTPUT"
    TARGETS = "TARGETS"
    CHART = "CHART"
    REPORT = "REPORT"
    OTHER_RELEASES = "OTHER_RELEASES"
    RELEASE_LINK_FIELD = "RELEASE_LINK_FIELD"
    PI_UNIQUE = "PI_UNIQUE"
    PI_CORRECT = "PI_CORRECT"
    PI_MARKETER = "PI_MARKETER"
    PRECISION = "PRECISION"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.RELEASE, tr("Masked release (points, metric CRS)"),
            [QgsProcessing.SourceType.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.AUXILIARY, tr("Auxiliary identified layer (points the adversary holds)"),
            [QgsProcessing.SourceType.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterDistance(
            self.RADIUS, tr("Mask radius the adversary assumes (a closed disc)"),
            defaultValue=250.0, parentParameterName=self.RELEASE, minValue=0.0))
        self.addParameter(QgsProcessingParameterField(
            self.QID_FIELDS, tr("Quasi-identifiers, in the order the adversary adds them"),
            parentLayerParameterName=self.RELEASE, allowMultiple=True, optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.RELEASE_TRUTH_FIELD, tr("Release: held-out subject id (truth)"),
            parentLayerParameterName=self.RELEASE, optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.AUXILIARY_TRUTH_FIELD, tr("Auxiliary: subject id (truth)"),
            parentLayerParameterName=self.AUXILIARY, optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.POSITION_ERROR_SHARE, tr("Share of auxiliary records with a stale position"),
            QgsProcessingParameterNumber.Type.Double, defaultValue=0.0, minValue=0.0, maxValue=1.0))
        self.addParameter(QgsProcessingParameterDistance(
            self.POSITION_ERROR_DISTANCE, tr("Largest stale-position error"),
            defaultValue=0.0, parentParameterName=self.RELEASE, minValue=0.0))
        self.addParameter(QgsProcessingParameterField(
            self.COVERAGE_WEIGHT_FIELD, tr("Auxiliary coverage weight (targets weighted by it)"),
            parentLayerParameterName=self.AUXILIARY, optional=True,
            type=QgsProcessingParameterField.DataType.Numeric))
        self.addParameter(QgsProcessingParameterNumber(
            self.SEED, tr("Random seed"), QgsProcessingParameterNumber.Type.Integer,
            defaultValue=1, minValue=0))
        self.addParameter(QgsProcessingParameterString(
            self.AUXILIARY_PROVENANCE, tr("Where the auxiliary data came from, its coverage and cost"),
            multiLine=True, optional=True))
        self.add_policy_parameters()
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Escalation table"), QgsProcessing.SourceType.TypeVector))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.TARGETS, tr("Targets with their candidate counts"),
            QgsProcessing.SourceType.TypeVectorPoint, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFileDestination(
            self.CHART, tr("Escalation chart"), tr("HTML files (*.html)"),
            optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFileDestination(
            self.REPORT, tr("Report"), tr("HTML files (*.html);;Markdown files (*.md)"),
            optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterMultipleLayers(
            self.OTHER_RELEASES, tr("Sequential releases: other releases of the same subjects"),
            QgsProcessing.SourceType.TypeVectorPoint, optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.RELEASE_LINK_FIELD, tr("Sequential releases: field linking a subject's records"),
            parentLayerParameterName=self.RELEASE, optional=True))
        for name, label in ((self.PI_UNIQUE, N_("π unique at the last step")),
                            (self.PI_CORRECT, N_("π correct at the last step")),
                            (self.PI_MARKETER, N_("π marketer at the last step")),
                            (self.PRECISION, N_("Precision at the last step"))):
            self.addOutput(QgsProcessingOutputNumber(name, tr(label)))

    def process(self, parameters, context, feedback):
        import numpy as np

        from ...spatial_privacy_plugin.risk.linkage import displace_within, join_simulation, \
            refuse_bad_truth_ids
        from ..io.layers import make_fields, read_points, write_features

        release = self.parameterAsSource(parameters, self.RELEASE, context)
        auxiliary = self.parameterAsSource(parameters, self.AUXILIARY, context)
        if release is None or auxiliary is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        # Everything is validated before anything is written: a refused run writes nothing.
        policy = self.optional_policy(parameters, context)
        chart = self.file_output(parameters, self.CHART, context)
        report = self.file_output(parameters, self.REPORT, context)
        if chart and Path(chart).suffix.lower() not in (".html", ".htm"):
            raise QgsProcessingException(tr(
                "The escalation chart is an HTML page (drawn with plotly, as the sweep's): give "
                "a path ending in .html instead of {path}. Nothing was written.").format(path=chart))
        qids = self.field_names(parameters, self.QID_FIELDS, context)
        self.check_qid_types(release, auxiliary, qids)
        others = self.parameterAsLayerList(parameters, self.OTHER_RELEASES, context)
        link_field = self.parameterAsString(parameters, self.RELEASE_LINK_FIELD, context)
        if others and not link_field:
            raise QgsProcessingException(tr("Sequential releases need the link field: the published "
                                            "id that ties a subject's records across releases."))
        for other in others:
            self.check_qid_types(release, other, qids)
        release_truth = self.parameterAsString(parameters, self.RELEASE_TRUTH_FIELD, context)
        auxiliary_truth = self.parameterAsString(parameters, self.AUXILIARY_TRUTH_FIELD, context)
        weight_field = self.parameterAsString(parameters, self.COVERAGE_WEIGHT_FIELD, context)
        radius = self.parameterAsDouble(parameters, self.RADIUS, context)
        crs = release.sourceCrs()

        release_fields = qids + [release_truth] * bool(release_truth) + [link_field] * bool(others)
        release_points = read_points(release, release_fields, feedback,
                                     layer=self.plain_layer(parameters, self.RELEASE, context))
        release_xy, release_columns, linked = self.stack_releases(
            release_points, others, release_fields, link_field, crs, context, feedback)
        auxiliary_points = read_points(
            auxiliary, qids + [auxiliary_truth] * bool(auxiliary_truth) + [weight_field] * bool(weight_field),
            feedback, crs, context, layer=self.plain_layer(parameters, self.AUXILIARY, context))
        if release_points.n_multipoint_parts or auxiliary_points.n_multipoint_parts:
            raise QgsProcessingException(tr("Multipoint features cannot be joined one to one: "
                                            "explode them first (each part a record)."))
        for points, field, layer in ((release_points, release_truth, release),
                                     (auxiliary_points, auxiliary_truth, auxiliary)):
            if field:
                refuse_bad_truth_ids(points.columns[field], field, layer.sourceName())
        rng = np.random.default_rng(self.parameterAsInt(parameters, self.SEED, context))
        auxiliary_xy = displace_within(
            np.column_stack([auxiliary_points.x, auxiliary_points.y]),
            self.parameterAsDouble(parameters, self.POSITION_ERROR_SHARE, context),
            self.parameterAsDouble(parameters, self.POSITION_ERROR_DISTANCE, context), rng)
        weights = auxiliary_points.columns[weight_field] if weight_field else None
        if weights is not None and any(value is None for value in weights):
            raise QgsProcessingException(tr("{count} auxiliary record(s) have a NULL coverage "
                                            "weight: fill them in.").format(
                count=sum(value is None for value in weights)))
        result = join_simulation(
            release_xy, auxiliary_xy, radius, qids, [release_columns[name] for name in qids],
            [auxiliary_points.columns[name] for name in qids],
            release_columns[release_truth] if release_truth else None,
            auxiliary_points.columns[auxiliary_truth] if auxiliary_truth else None,
            None if weights is None else np.asarray(weights, dtype=float), feedback.isCanceled,
            linked)
        escalation = result.escalation
        provenance = self.provenance(parameters, context, auxiliary, feedback)
        escalation["radius_m"] = radius
        escalation["auxiliary_provenance"] = provenance

        fields = make_fields(ESCALATION_FIELDS)
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 QgsWkbTypes.Type.NoGeometry,
                                                 QgsCoordinateReferenceSystem())
        write_features(sink, fields, [escalation[name] for name, _ in ESCALATION_FIELDS],
                       feedback=feedback)
        results = {self.OUTPUT: destination}
        self.write_targets(parameters, context, result, auxiliary_points, auxiliary_truth, crs,
                           results, feedback)
        if feedback.isCanceled():  # before the chart and the report
            raise Cancelled()
        for row in escalation.itertuples(index=False):
            feedback.pushInfo(self.step_line(row))
        sentence = self.threshold_sentence(escalation, policy)
        feedback.pushInfo(sentence)
        figure = self.escalation_chart(escalation, policy)
        if chart:
            from ..presentation.html_chart import write_html_chart
            write_html_chart(chart, figure, tr("Join simulation"), feedback)
            results[self.CHART] = chart
        if report:
            self.write_report(report, escalation, provenance, sentence, radius, figure, feedback)
            results[self.REPORT] = report
        last = escalation.iloc[-1]
        results.update({self.PI_UNIQUE: last["pi_unique"], self.PI_CORRECT: last["pi_correct"],
                        self.PI_MARKETER: last["pi_marketer"], self.PRECISION: last["precision"]})
        return results

    def check_qid_types(self, release, other, qids):
        """Refuse a quasi-identifier missing from either layer or of another kind (text, number)."""
        from ..io.layers import require_fields
        require_fields(release, qids)
        require_fields(other, qids)
        for name in qids:
            release_field = release.fields().field(name)
            other_field = other.fields().field(name)
            if release_field.isNumeric() != other_field.isNumeric():
                raise QgsProcessingException(tr(
                    "The quasi-identifier '{field}' is {release_type} in the release but "
                    "{other_type} in the layer '{layer}': values would never match. Convert one of "
                    "them (in a copy) so that both have the same type.").format(
                    field=name, release_type=release_field.typeName(),
                    other_type=other_field.typeName(),
                    layer=other.sourceName() if hasattr(other, "sourceName") else other.name()))

    def stack_releases(self, first, others, fields, link_field, crs, context, feedback):
        """(points, attribute columns, (links, release index) or None) of every release at once."""
        import numpy as np
        import pandas as pd

        from ..io.layers import read_points

        releases = [first] + [read_points(other, fields, feedback, crs, context, layer=other)
                              for other in others]
        if any(points.n_multipoint_parts for points in releases[1:]):
            raise QgsProcessingException(tr("Multipoint features cannot be joined one to one: "
                                            "explode them first (each part a record)."))
        xy = np.vstack([np.column_stack([points.x, points.y]) for points in releases])
        if not others:
            return xy, first.columns, None
        # Columns as read (arrays or lists), joined without a loop over values.
        columns = {name: np.concatenate([np.asarray(points.columns[name], dtype=object)
                                         for points in releases]) for name in fields}
        missing = int(pd.isna(columns[link_field]).sum())
        if missing:
            raise QgsProcessingException(tr(
                "{count} released record(s) have a NULL link id in '{field}': every record of a "
                "sequential release needs the id that ties it to its subject.").format(
                count=missing, field=link_field))
        index = np.repeat(np.arange(len(releases)), [len(points.x) for points in releases])
        feedback.pushInfo(tr("Joined against {count} releases of the same subjects, linked by "
                             "'{field}': a subject stays a candidate only if every release it "
                             "appears in places it within the radius.").format(
            count=len(releases), field=link_field))
        return xy, columns, (columns[link_field], index)

    def optional_policy(self, parameters, context):
        if self.optional_number(parameters, self.RHO, context) is None and \
                not self.parameterAsFile(parameters, self.POLICY, context):
            return None
        return self.policy_from_parameters(parameters, context)

    def provenance(self, parameters, context, auxiliary, feedback):
        text = self.parameterAsString(parameters, self.AUXILIARY_PROVENANCE, context).strip()
        # A synthetic auxiliary layer labels itself: carry its lower-bound label through.
        index = auxiliary.fields().lookupField("provenance")
        if index >= 0:
            labels = {str(value) for value in auxiliary.uniqueValues(index) if value}
            text = "; ".join(filter(None, [text] + sorted(labels)))
        if not text:
            feedback.pushWarning(tr("No provenance was given for the auxiliary data: say where it "
                                    "came from, its coverage and its cost, or the figures cannot "
                                    "be weighed."))
        return text

    @staticmethod
    def share(value):
        from ...spatial_privacy_plugin.formatting import percent
        return tr("unknown") if value is None or value != value else percent(value)

    def precision(self, row):
        """π correct / π unique, undefined (not 0) where no target has a single candidate."""
        return tr("undefined (no single candidate)") if row.pi_unique == 0 else \
            self.share(row.precision)

    @staticmethod
    def attributes(text):
        """The engine's "location + age + sex" with its words translated."""
        parts = text.split(" + ")
        return " + ".join([tr("location")] + parts[1:] if parts[0] == "location" else parts)

    def step_line(self, row):
        return tr("{attributes}: π unique {unique}, π correct {correct}, π marketer {marketer}, "
                  "precision {precision}; median candidates {median:g}, {none} target(s) with no "
                  "candidate.").format(attributes=self.attributes(row.attributes),
                                       unique=self.share(row.pi_unique),
                                       correct=self.share(row.pi_correct),
                                       marketer=self.share(row.pi_marketer),
                                       precision=self.precision(row),
                                       median=row.median_candidates,
                                       none=row.targets_with_no_candidate)

    def threshold_sentence(self, escalation, policy):
        from ...spatial_privacy_plugin.risk.linkage import threshold_sentence_inputs
        if policy is None:
            return tr("No policy was given: the figures are not compared with a ceiling.")
        row, figure = threshold_sentence_inputs(escalation, policy.rho)
        if row is None:
            return tr("With every attribute tried ({attributes}) the adversary stays at or below "
                      "ρ = {rho}.").format(attributes=self.attributes(escalation.iloc[-1]["attributes"]),
                                           rho=policy.rho)
        return tr("An adversary crosses the policy's ceiling with {attributes}: {figure} = "
                  "{value}, above ρ = {rho}.").format(
            rho=policy.rho, attributes=self.attributes(row["attributes"]),
            figure=tr(dict(FIGURE_LABELS)[figure]),
            value=self.share(row[figure]))

    def write_targets(self, parameters, context, result, points, truth_field, crs, results,
                      feedback):
        from ..io.layers import make_fields, write_features
        from qgis.core import QgsGeometry, QgsPointXY
        fields = make_fields(TARGET_FIELDS)
        sink, destination = self.parameterAsSink(parameters, self.TARGETS, context, fields,
                                                 QgsWkbTypes.Type.Point, crs)
        if sink is None:
            return
        targets = points.columns[truth_field] if truth_field else range(1, len(points.x) + 1)
        correct = result.correct if result.correct is not None else [None] * len(points.x)
        columns = [[str(target) for target in targets], result.candidates, result.unique, correct]
        if feedback.isCanceled():
            raise Cancelled()
        geometries = [QgsGeometry.fromPointXY(QgsPointXY(x, y)) for x, y in zip(points.x, points.y)]
        write_features(sink, fields, columns, geometries, feedback)
        results[self.TARGETS] = destination

    @staticmethod
    def escalation_chart(escalation, policy):
        """The escalation curve as a plotly figure: one line per π, the policy's ρ dotted."""
        from ...spatial_privacy_plugin.charts import escalation_figure
        return escalation_figure(
            [JoinSimulation.attributes(text) for text in escalation["attributes"]],
            [(tr(label), list(escalation[column])) for column, label in FIGURE_LABELS],
            None if policy is None else policy.rho,
            {"title": tr("Re-identification as the adversary adds attributes"),
             "share": tr("share of targets"), "steps": tr("what the adversary knows"),
             "threshold": "" if policy is None else tr("ceiling ρ = {rho}").format(
                 rho=policy.rho)})

    def write_report(self, path, escalation, provenance, sentence, radius, figure, feedback):
        """The report: what was joined, the table, the chart (HTML) and what the figures mean."""
        from html import escape
        headers = [tr("attributes"), "π unique", "π correct", tr("π marketer"), tr("precision"),
                   tr("median candidates"), tr("no candidate")]
        rows = [[self.attributes(row.attributes)] + [local_figure(value) for value in (
                    self.share(row.pi_unique), self.share(row.pi_correct),
                    self.share(row.pi_marketer), self.precision(row),
                    median_value(row.median_candidates), int(row.targets_with_no_candidate))]
                for row in escalation.itertuples(index=False)]
        title = tr("Join simulation")
        intro = tr("The adversary joins {targets} identified target(s) to the release within "
                   "{radius:g} m, adding one attribute at a time.").format(
            targets=local_figure(int(escalation.iloc[0]["targets"])), radius=radius)
        provenance_line = tr("Auxiliary data: {provenance}").format(
            provenance=provenance or tr("provenance not stated"))
        if Path(path).suffix.lower() in (".html", ".htm"):
            table = "<table border='1' cellpadding='4'><tr>" + "".join(
                f"<th>{escape(h)}</th>" for h in headers) + "</tr>" + "".join(
                "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
                for row in rows) + "</table>"
            definitions = "<dl>" + "".join(
                f"<dt><b>{escape(tr(term))}</b></dt><dd>{escape(tr(meaning))}</dd>"
                for term, meaning in DEFINITIONS) + "</dl>"
            from ..presentation.html_chart import figure_div, plotly_missing
            reason = plotly_missing(feedback)
            script, chart = ("", f"<p>{escape(reason)}</p>") if reason is not None else \
                figure_div(figure, Path(path).parent, travels=True)
            text = (f"<html><head><meta charset='utf-8'><title>{escape(title)}</title>{script}"
                    f"</head><body>"
                    f"<h1>{escape(title)}</h1><p>{escape(intro)}</p><p>{escape(provenance_line)}</p>"
                    f"{table}<p><b>{escape(sentence)}</b></p>{chart}"
                    f"<h2>{escape(tr('What the figures mean'))}</h2>{definitions}</body></html>")
        else:
            table = "\n".join(["| " + " | ".join(headers) + " |",
                               "|" + " --- |" * len(headers)]
                              + ["| " + " | ".join(row) + " |" for row in rows])
            definitions = "\n".join(f"- **{tr(term)}**: {tr(meaning)}"
                                    for term, meaning in DEFINITIONS)
            text = (f"# {title}\n\n{intro}\n\n{provenance_line}\n\n{table}\n\n**{sentence}**\n\n"
                    f"## {tr('What the figures mean')}\n\n{definitions}\n")
        Path(path).write_text(text, encoding="utf-8")
