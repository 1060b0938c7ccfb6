"""spatialprivacy:dpgrid — differentially private grid counts, their ε spent in the ledger."""

import math

from qgis.core import QgsPointXY, QgsProcessing, QgsProcessingException, QgsProcessingOutputNumber, \
    QgsProcessingOutputString, QgsProcessingParameterEnum, QgsProcessingParameterExtent, \
    QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterFile, QgsProcessingParameterNumber, QgsProcessingParameterPoint, \
    QgsProcessingParameterString, QgsReferencedPointXY, QgsWkbTypes

from ... import __about__
from ...spatial_privacy_plugin.errors import N_
from ..base import tr
from ..grid_base import PointGridAlgorithm
from ..ledger_base import ANCHOR_FIELDS, LedgerParameters, charged

# Index order is what models store; the engine's names go into the output and the ledger.
MECHANISM_OPTIONS = (N_("discrete Laplace (pure ε-DP)"),
                     N_("discrete Gaussian (ρ-zCDP; ε stated at the policy's δ)"))
METHOD_DP = "dp"
OUTPUT_FIELDS = (("cell_id", "string"), ("col", "int"), ("row", "int"),
                 ("resolution_m", "double"), ("n_persons", "int"), ("accuracy_95", "int"),
                 ("method", "string"), ("epsilon", "double"), ("mechanism", "string"),
                 ("policy_hash", "string")) + ANCHOR_FIELDS


class DpGrid(LedgerParameters, PointGridAlgorithm):
    ALGORITHM_ID = "dpgrid"
    CHARGES_LEDGER = True
    DISPLAY_NAME = N_("Differentially private grid")
    SHORT_DESCRIPTION = N_("Noisy counts of distinct people in every cell of a fixed extent at "
                           "several nested sizes, from exact integer noise (discrete Laplace or "
                           "Gaussian); the ε spent is recorded in the release ledger and a "
                           "release over the budget is refused before any noise is drawn.")
    TAGS = N_("privacy,differential privacy,dp,epsilon,budget,noise,laplace,gaussian,grid,ledger")
    ADVANCED = ("MECHANISM", "MAX_CELLS_PER_PERSON", "ORIGIN", "SEED", "LEDGER_HEAD")

    EPSILON = "EPSILON"
    MECHANISM = "MECHANISM"
    MAX_CELLS_PER_PERSON = "MAX_CELLS_PER_PERSON"
    RESOLUTIONS = "RESOLUTIONS"
    EXTENT = "EXTENT"
    STUDY_AREA = "STUDY_AREA"
    LEDGER = "LEDGER"
    DATASET = "DATASET"
    RELEASE_ID = "RELEASE_ID"
    SEED = "SEED"
    OUTPUT = "OUTPUT"
    EPSILON_SPENT = "EPSILON_SPENT"
    EPSILON_REMAINING = "EPSILON_REMAINING"
    LEDGER_HEAD = "LEDGER_HEAD"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.add_point_parameters()
        self.addParameter(QgsProcessingParameterNumber(
            self.EPSILON, tr("ε of this release (smaller: more private, noisier)"),
            QgsProcessingParameterNumber.Type.Double, defaultValue=1.0, minValue=0.0))
        self.addParameter(QgsProcessingParameterEnum(
            self.MECHANISM, tr("Mechanism"), [tr(option) for option in MECHANISM_OPTIONS],
            defaultValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            self.MAX_CELLS_PER_PERSON, tr("Cells a person may count in, per level (m)"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=1, minValue=1))
        self.addParameter(QgsProcessingParameterString(
            self.RESOLUTIONS, tr("Nested cell sizes in metres (the budget is split equally)"),
            defaultValue="1000,2000,4000"))
        self.addParameter(QgsProcessingParameterExtent(
            self.EXTENT, tr("Extent released (or a study area)"),
            optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.STUDY_AREA, tr("Study area released (or an extent)"),
            [QgsProcessing.SourceType.TypeVectorPolygon],
            optional=True))
        self.addParameter(QgsProcessingParameterPoint(
            self.ORIGIN, tr("Grid origin (lower-left corner; empty: automatic)"), optional=True))
        self.addParameter(QgsProcessingParameterFile(
            self.POLICY, tr("Policy file (epsilon_budget; delta for the Gaussian)"),
            QgsProcessingParameterFile.Behavior.File, fileFilter=tr("Policy files (*.toml *.json)")))
        self.add_ledger_parameters()
        self.addParameter(QgsProcessingParameterString(
            self.SEED, tr("Seed, only to reproduce a test (leave empty)"),
            optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Differentially private grid"),
            QgsProcessing.SourceType.TypeVectorPolygon))
        self.addOutput(QgsProcessingOutputNumber(self.EPSILON_SPENT,
                                                 tr("ε spent by the dataset's DP releases")))
        self.addOutput(QgsProcessingOutputNumber(self.EPSILON_REMAINING,
                                                 tr("ε remaining in the dataset's budget")))
        self.addOutput(QgsProcessingOutputString(self.LEDGER_HEAD, tr("Ledger head hash")))

    def plan(self, parameters, context, budget):
        from ...spatial_privacy_plugin.noise import dp_release
        from ...spatial_privacy_plugin.release.grid import parse_resolutions

        sizes = dp_release.check_nested(parse_resolutions(
            self.parameterAsString(parameters, self.RESOLUTIONS, context)))
        mechanism = dp_release.MECHANISMS[self.parameterAsEnum(parameters, self.MECHANISM, context)]
        return dp_release.plan_noise(
            mechanism, self.parameterAsDouble(parameters, self.EPSILON, context), sizes,
            self.parameterAsInt(parameters, self.MAX_CELLS_PER_PERSON, context),
            budget.delta if mechanism == dp_release.MECHANISM_GAUSSIAN else None)

    def domain(self, parameters, context, crs, sizes):
        """(the domain, the grid origin): fixed by the extent or study area, never by the data."""
        from ...spatial_privacy_plugin.noise import dp_release
        from ..io.polygons import read_polygons

        has_extent = parameters.get(self.EXTENT) not in (None, "")
        study_area = self.parameterAsSource(parameters, self.STUDY_AREA, context)
        if has_extent == (study_area is not None):
            raise QgsProcessingException(tr(
                "Give either an extent or a study area (not both, not neither): a differentially "
                "private release publishes every cell of a domain fixed in advance, since a domain "
                "drawn around the data would give people away."))
        polygons = None
        if has_extent:
            box = self.parameterAsExtent(parameters, self.EXTENT, context, crs)
            bounds = (box.xMinimum(), box.yMinimum(), box.xMaximum(), box.yMaximum())
        else:
            polygons, _ = read_polygons(study_area, crs, context)
            if not polygons:
                raise QgsProcessingException(tr("The study area has no polygon."))
            corners = [point for parts in polygons for rings in parts for ring in rings
                       for point in ring]
            bounds = (min(p[0] for p in corners), min(p[1] for p in corners),
                      max(p[0] for p in corners), max(p[1] for p in corners))
        coarsest = sizes[-1]
        if parameters.get(self.ORIGIN) in (None, ""):
            origin = (math.floor(bounds[0] / coarsest) * coarsest,
                      math.floor(bounds[1] / coarsest) * coarsest)
        else:
            point = self.parameterAsPoint(parameters, self.ORIGIN, context, crs)
            origin = (point.x(), point.y())
        if polygons is None:
            return dp_release.extent_domain(origin, coarsest, bounds, sizes[0]), origin
        return dp_release.study_area_domain(origin, coarsest, sizes[0], polygons), origin

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.noise import dp_release
        from ...spatial_privacy_plugin.ledger.dp_budget import dp_budget_policy, evaluate_dp_budget, \
            loose_delta_notice, record_dp_release
        from ...spatial_privacy_plugin.ledger.names import check_name
        from ...spatial_privacy_plugin.policy import load_policy
        from ..io.postgis import CountedInput, counted_input
        from ..io.postgis_keyed import dp_pairs
        from ..presentation.styles import apply_style, dp_renderer

        policy_path = self.parameterAsFile(parameters, self.POLICY, context)
        policy = load_policy(policy_path) if policy_path else None
        budget = dp_budget_policy(policy)
        plan = self.plan(parameters, context, budget)
        notice = loose_delta_notice(plan)
        if notice is not None:
            feedback.pushWarning(tr(notice[0]).format(**notice[1]))
        dataset = check_name(self.parameterAsString(parameters, self.DATASET, context))
        release_id = check_name(self.parameterAsString(parameters, self.RELEASE_ID, context))
        ledger = self.open_ledger(parameters, context, feedback)
        # A first look before reading any data (checked again, under the write lock, below).
        decision = evaluate_dp_budget(plan, budget, ledger.read_entries(), dataset, release_id)
        self.refuse(decision, dataset, release_id)

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        sizes = tuple(level.resolution for level in plan.levels)
        domain, origin = self.domain(parameters, context, source.sourceCrs(), sizes)
        # The grid input on the domain's origin (never one derived from the data).
        fixed = dict(parameters, **{self.ORIGIN: QgsReferencedPointXY(
            QgsPointXY(origin[0], origin[1]), source.sourceCrs())})
        data = counted_input(self, fixed, context, feedback, sizes[-1]) or \
            self.read_grid_input(fixed, context, feedback, sizes[-1])
        try:
            if isinstance(data, CountedInput):
                pairs = dp_pairs(data, domain, sizes[0], dp_release.check_domain(domain, plan))
            else:
                pairs = dp_release.point_pairs(data.x, data.y, data.person_codes, domain, plan)
        finally:
            if isinstance(data, CountedInput):
                data.finish(feedback)
        seed = self.parameterAsString(parameters, self.SEED, context) \
            if parameters.get(self.SEED) not in (None, "") else None
        self.refuse_unwritable_output(parameters, self.OUTPUT, context)

        def make_release(decision, head):
            """Draw the noise and write every cell; runs only once the ε is charged."""
            return charged(head, release_id, lambda: self.write_release(
                parameters, context, feedback, plan, budget, pairs, domain, data, seed, head))

        decision, head, made = record_dp_release(ledger, dataset, release_id, plan, budget,
                                                 make_release, __about__.VERSION)
        self.refuse(decision, dataset, release_id)
        release, destination = made
        cells = release.cells
        apply_style(lambda: dp_renderer([
            (level.resolution, level.accuracy_95,
             float(cells.loc[cells["resolution_m"] == level.resolution, "n_persons"].max()))
            for level in plan.levels]), destination, context)
        self.describe(plan, release, seed, feedback)
        feedback.pushInfo(tr("ε spent by {dataset}: {spent:.4g} of {budget:g} ({remaining:.4g} "
                             "left). Ledger head: entry {seq}, {head}; the grid carries it in "
                             "its ledger_seq and ledger_head fields.").format(
            dataset=dataset, spent=decision.epsilon_spent, budget=budget.epsilon_budget,
            remaining=decision.epsilon_remaining, seq=head.seq, head=head.hash))
        return {self.OUTPUT: destination, self.EPSILON_SPENT: float(decision.epsilon_spent),
                self.EPSILON_REMAINING: float(decision.epsilon_remaining),
                self.LEDGER_HEAD: head.hash}

    def write_release(self, parameters, context, feedback, plan, budget, pairs, domain, data, seed,
                      head):
        """Draw the noise and write every cell with the ledger head: (release, destination).

        A GeoPackage is built under a hidden name and renamed when complete, so a run killed
        while it writes leaves no partial grid."""
        from ...spatial_privacy_plugin.noise import dp_release
        from ...spatial_privacy_plugin.noise.system_random import dp_random
        from ..io.bulk_write import write_grid
        from ..io.layers import make_fields, square_cells, write_features

        release = dp_release.dp_grid_of_pairs(pairs, domain, plan, dp_random(seed),
                                              feedback.isCanceled)
        cells = release.cells
        fields = make_fields(OUTPUT_FIELDS)
        n = len(cells)
        columns = [cells["cell_id"], cells["col"], cells["row"], cells["resolution_m"],
                   cells["n_persons"], cells["accuracy_95"], [METHOD_DP] * n, [plan.epsilon] * n,
                   [plan.mechanism] * n, [budget.policy_hash] * n, [head.seq] * n,
                   [head.hash] * n]
        destination = write_grid(self, parameters, self.OUTPUT, context, feedback, fields, data.crs,
                                 columns, data.origin, cells["resolution_m"].to_numpy(),
                                 cells["col"].to_numpy(), cells["row"].to_numpy())
        if destination is None:
            sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                     QgsWkbTypes.Type.Polygon, data.crs)
            if sink is None:
                raise QgsProcessingException(tr("The output could not be created."))
            write_features(sink, fields, columns,
                           square_cells(data.origin, cells["resolution_m"], cells["col"],
                                        cells["row"]), feedback)
            del sink
        return release, destination

    @staticmethod
    def refuse(decision, dataset, release_id):
        if not decision.passed:
            problems = " ".join(tr(template).format(**values)
                                for template, values in decision.problems)
            raise QgsProcessingException(tr("DP release REFUSED for {dataset} / {release}: "
                                            "{problems}").format(dataset=dataset, release=release_id,
                                                                 problems=problems))

    @staticmethod
    def describe(plan, release, seed, feedback):
        for level in plan.levels:
            feedback.pushInfo(tr("{size:g} m: ε {epsilon:.4g}{rho}, noise variance {variance:.4g}, "
                                 "95 % of the noise within ±{accuracy} people, mean absolute "
                                 "noise {mae:.3g}.").format(
                size=level.resolution, epsilon=level.epsilon,
                rho=f", ρ {level.rho:.4g}" if plan.rho is not None else "",
                variance=level.variance, accuracy=level.accuracy_95, mae=level.expected_mae))
        feedback.pushInfo(tr("The budget is split equally across the {count} levels; each person "
                             "counts in at most {m} cell(s) per level.").format(
            count=len(plan.levels), m=plan.m))
        # The bias report compares with the true counts: it is for the data holder only.
        feedback.pushInfo(tr("Bias of the released counts against the true ones, for the data "
                             "holder only (not differentially private: never publish it):"))
        for row in release.bias.itertuples():
            feedback.pushInfo(tr("  {size:g} m, true count {kind}: {cells} cells, mean error "
                                 "{error:+.2f}, mean absolute error {mae:.2f}").format(
                size=row.resolution_m, kind=row.true_count, cells=row.cells, error=row.mean_error,
                mae=row.mean_absolute_error))
        if release.points_outside:
            feedback.pushWarning(tr("Some points lie outside the extent or study area: they are "
                                    "not counted."))
        if seed is not None:
            feedback.pushWarning(tr(
                "The noise was drawn from the given seed: anyone who holds the seed (or finds it "
                "in a saved model or the Processing history) can remove it. Use a seed only to "
                "reproduce a test; leave it empty for a release."))
