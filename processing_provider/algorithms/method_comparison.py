"""spatialprivacy:methodcomparison — suppression, cell key, DP and swap + cell key side by side."""

from qgis.core import QgsCoordinateReferenceSystem, QgsProcessing, \
    QgsProcessingMultiStepFeedback, QgsProcessingParameterEnum, QgsProcessingParameterExtent, \
    QgsProcessingException, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, QgsProcessingParameterFile, QgsProcessingParameterFileDestination, \
    QgsProcessingParameterNumber, QgsProcessingParameterPoint, QgsProcessingParameterString, \
    QgsWkbTypes
from qgis.PyQt.QtCore import QLocale

from ...spatial_privacy_plugin.errors import N_
from ..base import tr
from ..grid_base import PointGridAlgorithm
from .cell_key_grid import KEY_FILTER, PTableParameters
from .dp_grid import MECHANISM_OPTIONS
from .record_swap import DonorParameters

TABLE_FIELDS = (
    ("method", "string"), ("resolution_m", "double"), ("k", "int"), ("cells", "int"),
    ("cells_withheld", "int"), ("share_withheld", "double"), ("share_changed", "double"),
    ("mae", "double"), ("mse", "double"), ("hellinger", "double"), ("wasserstein_m", "double"),
    ("transport_pairs", "int"), ("morans_i_errors", "double"), ("morans_z_errors", "double"),
    ("small_cells", "int"), ("small_published_exact", "int"), ("cells_pinned", "int"),
    ("audit", "string"), ("epsilon", "double"), ("ptable_hash", "string"),
    ("households_swapped", "int"), ("high_risk_in_true_cell", "double"),
    ("high_risk_near_true_cell", "double"), ("policy_hash", "string"), ("use", "string"),
    ("mae_vs_bounded_truth", "double"), ("dp_width", "int"),
    ("dp_probability_within_width", "double"), ("kw_bound", "double"),
)
NOT_A_RELEASE = N_("data holder only: a simulation, not a release; publish nothing")
# The engine's method names (compare.methods.METHODS) as the log and the chart show them.
METHOD_LABELS = {"suppression": N_("suppression"), "cell key": N_("cell key"), "dp": N_("DP"),
                 "swap + cell key": N_("swap + cell key")}


class MethodComparison(PTableParameters, DonorParameters, PointGridAlgorithm):
    ALGORITHM_ID = "methodcomparison"
    DISPLAY_NAME = N_("Method comparison")
    SHORT_DESCRIPTION = N_("At each cell size, the suppressed grid, the cell key grid, the DP grid "
                           "and swap + cell key on the same people, scored against the true "
                           "counts (errors, Hellinger and Kantorovich–Wasserstein distances, "
                           "Moran's I of the errors) and by risk. For the data holder: a "
                           "simulation, never a release.")
    TAGS = N_("privacy,disclosure,comparison,utility,wasserstein,hellinger,cell key method,"
              "differential privacy,suppression,swapping,grid")
    ADVANCED = ("MECHANISM", "PTABLE", "D", "V", "JS", "KEY_FILE", "EXTENT", "ORIGIN",
                "PROTECTION_LEVEL", "MARGINALS", "PARENT_FACTOR", "RISK_FIELDS", "SWAP_RATE",
                "SIMILARITY_FIELDS", "MAX_DONOR_DISTANCE", "SEED")

    RESOLUTIONS = "RESOLUTIONS"
    EPSILON = "EPSILON"
    MECHANISM = "MECHANISM"
    KEY_FILE = "KEY_FILE"
    EXTENT = "EXTENT"
    HOUSEHOLD_FIELD = "HOUSEHOLD_FIELD"
    RISK_FIELDS = "RISK_FIELDS"
    SEED = "SEED"
    OUTPUT = "OUTPUT"
    CHART = "CHART"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.add_point_parameters()
        self.add_policy_parameters()
        self.addParameter(QgsProcessingParameterString(
            self.RESOLUTIONS, tr("Cell sizes in metres, comma separated"),
            defaultValue="250,500,1000"))
        self.addParameter(QgsProcessingParameterNumber(
            self.EPSILON, tr("ε of the DP grid at each size (simulated, not spent)"),
            QgsProcessingParameterNumber.Type.Double, defaultValue=1.0, minValue=0.0))
        self.addParameter(QgsProcessingParameterEnum(
            self.MECHANISM, tr("Mechanism"), [tr(option) for option in MECHANISM_OPTIONS],
            defaultValue=0))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.PTABLE, tr("p-table (empty: the policy's, or built from D, V, JS)"),
            [QgsProcessing.SourceType.TypeVector], optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.D, tr("D: largest noise, without a p-table (keep it secret)"),
            QgsProcessingParameterNumber.Type.Integer, optional=True, minValue=1))
        self.addParameter(QgsProcessingParameterNumber(
            self.V, tr("V: noise variance, without a p-table"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0))
        self.addParameter(QgsProcessingParameterNumber(
            self.JS, tr("JS: published counts 1..JS are blocked, without a p-table"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=0, minValue=0))
        self.addParameter(QgsProcessingParameterFile(
            self.KEY_FILE, tr("Compare: the programme's key file (empty: a one-off key)"),
            QgsProcessingParameterFile.Behavior.File, optional=True, fileFilter=tr(KEY_FILTER)))
        self.addParameter(QgsProcessingParameterExtent(
            self.EXTENT, tr("Extent of the DP grid (empty: the points')"), optional=True))
        self.addParameter(QgsProcessingParameterPoint(
            self.ORIGIN, tr("Grid origin (lower-left corner; empty: automatic)"), optional=True))
        self.add_marginal_parameters()
        self.addParameter(QgsProcessingParameterField(
            self.HOUSEHOLD_FIELD, tr("Household id field (empty: no swap + cell key row)"),
            parentLayerParameterName=self.INPUT, optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.RISK_FIELDS, tr("Swap: risk fields (empty: the location alone)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True))
        self.add_donor_parameters(self.INPUT)
        self.addParameter(QgsProcessingParameterString(
            self.SEED, tr("Seed, only to reproduce a test (leave empty)"), optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Comparison table (data holder only)"),
            QgsProcessing.SourceType.TypeVector))
        self.addParameter(QgsProcessingParameterFileDestination(
            self.CHART, tr("Chart: error, distance and risk by cell size"),
            tr("HTML files (*.html)"), optional=True))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.compare import methods
        from ...spatial_privacy_plugin.noise.perturbed import refuse_unapproved
        from ...spatial_privacy_plugin.release import grid
        from ..io.layers import make_fields, write_features

        policy = self.policy_from_parameters(parameters, context)
        resolutions = grid.parse_resolutions(
            self.parameterAsString(parameters, self.RESOLUTIONS, context))
        marginals = self.marginals_from_parameters(parameters, context, policy)
        chart = self.file_output(parameters, self.CHART, context)
        table = self.read_ptable(parameters, context, feedback, policy)
        refuse_unapproved(table, policy)
        dp = self.dp_setup(parameters, context, policy)
        swap_fields = self.swap_fields(parameters, context)
        steps = QgsProcessingMultiStepFeedback(2, feedback)
        coarsest = max(resolutions) * (marginals.parent_factor if marginals.parents else 1)
        data = self.read_grid_input(parameters, context, steps, coarsest, swap_fields)
        self.describe_policy(policy, feedback, data)
        points = methods.Points(data.x, data.y, data.person_codes, data.origin, data.people)
        moved, households_swapped, high_risk_published = self.swap(
            parameters, context, data, points, resolutions, policy.k, feedback)
        comparison = methods.Comparison(
            policy.k, marginals, not policy.population_total_secret,
            methods.CellKeySetup(table, self.record_keys(parameters, context, data, feedback),
                                 policy.get("ckm_min_width")),
            dp(parameters, context, data), moved, households_swapped, high_risk_published)
        steps.setCurrentStep(1)
        offer_network_simplex()
        rows = methods.compare_methods(
            points, resolutions, comparison,
            lambda done, total: steps.setProgress(100.0 * done / total), feedback.isCanceled,
            lambda resolution, method, plan: self.announce(resolution, method, plan, feedback),
            lambda plans: self.announce_total(plans, feedback))

        fields = make_fields(TABLE_FIELDS)
        sink, destination = self.parameterAsSink(
            parameters, self.OUTPUT, context, fields, QgsWkbTypes.Type.NoGeometry,
            QgsCoordinateReferenceSystem())
        columns = {**{name: rows[name] for name in methods.COLUMNS},
                   "policy_hash": [policy.policy_hash] * len(rows),
                   "use": [tr(NOT_A_RELEASE)] * len(rows)}
        write_features(sink, fields, [columns[name] for name, _ in TABLE_FIELDS])
        results = {self.OUTPUT: destination}
        if chart:
            self.write_chart(chart, rows, feedback)
            results[self.CHART] = chart
        self.report(rows, feedback)
        return results

    def dp_setup(self, parameters, context, policy):
        """What makes the DP grid, read and checked before any point is: a function of the
        points read giving ``methods.DpSetup``."""
        from ...spatial_privacy_plugin.compare.methods import DpSetup
        from ...spatial_privacy_plugin.noise import dp_release
        from ...spatial_privacy_plugin.noise.system_random import dp_random

        mechanism = dp_release.MECHANISMS[self.parameterAsEnum(parameters, self.MECHANISM, context)]
        epsilon = self.parameterAsDouble(parameters, self.EPSILON, context)
        delta = policy.get("delta") if mechanism == dp_release.MECHANISM_GAUSSIAN else None
        dp_release.plan_noise(mechanism, epsilon, (1.0,), 1, delta)  # refuses a bad ε or δ now
        seed = self.parameterAsString(parameters, self.SEED, context) or None

        def setup(parameters, context, data):
            if parameters.get(self.EXTENT) in (None, ""):
                bounds = (float(data.x.min()), float(data.y.min()), float(data.x.max()),
                          float(data.y.max()))
            else:
                box = self.parameterAsExtent(parameters, self.EXTENT, context, data.crs)
                bounds = (box.xMinimum(), box.yMinimum(), box.xMaximum(), box.yMaximum())
            # A generator per size, each as the DP grid algorithm would draw it.
            return DpSetup(mechanism, epsilon, delta, bounds, lambda _: dp_random(seed))
        return setup

    def swap_fields(self, parameters, context):
        """The fields the swap reads (household id, risk and profile fields), checked before
        any point is read; none without a household field."""
        from ...spatial_privacy_plugin.swap.swapping import check_swap_parameters
        from .record_swap import parse_profiles

        household = self.parameterAsString(parameters, self.HOUSEHOLD_FIELD, context)
        if not household:
            return []
        check_swap_parameters(1, self.parameterAsDouble(parameters, self.SWAP_RATE, context),
                              self.optional_number(parameters, self.MAX_DONOR_DISTANCE, context))
        available = self.parameterAsSource(parameters, self.INPUT, context).fields().names()
        profiles = parse_profiles(self.parameterAsString(parameters, self.SIMILARITY_FIELDS,
                                                         context), available)
        return list(dict.fromkeys([household] + self.field_names(
            parameters, self.RISK_FIELDS, context) + [name for names in profiles for name in names
                                                      if name in available]))

    def swap(self, parameters, context, data, points, resolutions, k, feedback):
        """(the points after a targeted record swap over the compared cell sizes, households
        swapped, the shares of high-risk households published in their true cell and within
        the 3 × 3 cells around it), or (None, None, (None, None)) without a household field."""
        from ...spatial_privacy_plugin.compare.methods import swapped
        from ...spatial_privacy_plugin.counting.cells import encode_key_columns
        from ...spatial_privacy_plugin.risk.masking import mask_generator
        from ...spatial_privacy_plugin.swap.households import households_of
        from ..presentation.swap_report import neighbourhood_text
        from .record_swap import RecordSwap, parse_profiles

        household = self.parameterAsString(parameters, self.HOUSEHOLD_FIELD, context)
        if not household:
            feedback.pushInfo(tr("No household id field: the comparison has no swap + cell key "
                                 "row."))
            return None, None, (None, None)
        if not data.people.one_point:
            raise QgsProcessingException(tr(
                "The swap moves each person's dwelling: give one point per person (some person "
                "ids have several points), or leave the household id field empty."))
        homes = households_of(data.columns[household], data.x, data.y, household)
        risk_fields = self.field_names(parameters, self.RISK_FIELDS, context)
        risk = encode_key_columns([data.columns[name] for name in risk_fields], len(data.x))
        profiles = RecordSwap.profile_codes(homes, parse_profiles(
            self.parameterAsString(parameters, self.SIMILARITY_FIELDS, context),
            data.fields.names()), data.columns)
        moved, result, shares = swapped(
            points, homes, risk, profiles, resolutions, k,
            self.parameterAsDouble(parameters, self.SWAP_RATE, context),
            mask_generator(self.parameterAsString(parameters, self.SEED, context) or None),
            self.optional_number(parameters, self.MAX_DONOR_DISTANCE, context),
            feedback.isCanceled)
        feedback.pushInfo(tr("Swap + cell key: {swapped} of {households} households swapped over "
                             "the compared cell sizes at k = {k}; {unswapped} high-risk "
                             "household(s) found no donor.").format(
            swapped=result.households_swapped, households=result.n_households, k=k,
            unswapped=len(result.unswapped)))
        feedback.pushInfo(neighbourhood_text(shares))
        high = shares.set_index("group").loc["high_risk"]
        return moved, result.households_swapped, (high.same_cell, high.neighbourhood)

    def record_keys(self, parameters, context, data, feedback):
        from .cell_key_grid import comparison_record_keys

        return comparison_record_keys(
            data, self.parameterAsFile(parameters, self.KEY_FILE, context), feedback)

    def write_chart(self, path, rows, feedback):
        from ...spatial_privacy_plugin.charts import comparison_figure
        from ..presentation.html_chart import write_html_chart

        series, missing = [], {}
        for method in dict.fromkeys(rows["method"]):
            here = rows[rows["method"] == method].sort_values("resolution_m")
            name = tr(METHOD_LABELS[method])
            dp = method == "dp"
            row = {"name": name, "sizes": here["resolution_m"].tolist(), "mae": here["mae"].tolist(),
                   "wasserstein": here["wasserstein_m"].tolist(),
                   "risk": here["dp_probability_within_width" if dp else "cells_pinned"].tolist(),
                   "risk_kind": "probability" if dp else "cells"}
            if dp:
                row["mae_bounded"] = here["mae_vs_bounded_truth"].tolist()
            series.append(row)
            for figures in here.itertuples(index=False):
                reason = self.why_missing(figures)
                missing.update({(name, figures.resolution_m, key): reason
                                for key in ("mae", "mae_bounded", "wasserstein", "risk")})
        dp_rows = rows[rows["method"] == "dp"]
        title = tr("Method comparison: what each method costs and risks, by cell size")
        labels = {"title": title, "size": tr("cell size (m)"),
                  "mae": tr("mean absolute error per cell"),
                  "mae_note": tr("solid: against the true counts (each person in every cell they "
                                 "visit)") + ("" if dp_rows.empty else "<br>" + tr(
                                     "dashed, DP: against the counts the DP grid noises (each "
                                     "person in at most one cell)")),
                  "mae_bounded": tr("mean absolute error against the counts the DP grid noises"),
                  "wasserstein": tr("Kantorovich–Wasserstein distance (m)"),
                  "wasserstein_note": self.bound_note(rows),
                  "risk": tr("what an attacker can know"),
                  "risk_note": self.risk_note(dp_rows),
                  "cells": tr("cells pinned"),
                  "probability": tr("DP: chance within ±{width}").format(
                      width=int(dp_rows["dp_width"].iloc[0])) if len(dp_rows) else "",
                  "missing_title": tr("Not computed:"),
                  "missing": tr("{method} at {size:g} m: {measure} not computed, because "
                                "{reason}."),
                  "note": tr("For the data holder: a simulation, not a release. Publish none of "
                             "it.")}
        write_html_chart(path, comparison_figure(series, labels, missing), title, feedback)

    @staticmethod
    def risk_note(dp_rows):
        """What the risk panel's lines are, with the DP row's width and ε."""
        note = tr("solid, left: cells the method's audit pins (suppression: withheld cells "
                  "narrower than p; cell key: what the gate fails)")
        if dp_rows.empty:
            return note
        return note + "<br>" + tr(
            "dotted, right: DP at ε = {epsilon:g}, the chance that a published count lies "
            "within ±{width} of the count it was drawn from (an exact coincidence under noise "
            "tells an attacker nothing)").format(epsilon=dp_rows["epsilon"].iloc[0],
                                                  width=int(dp_rows["dp_width"].iloc[0]))

    @staticmethod
    def why_missing(row):
        """Why a figure of ``row`` (a row of the comparison) is left empty, as the chart says
        it (the only figure left empty where cells were scored is the distance)."""
        if not row.cells:
            return tr("no cell holds a person, in the truth or in the release")
        if row.transport_pairs > 0:
            return tr("its exact transport problem has {pairs} pairs of cells, more than this "
                      "version solves").format(pairs=QLocale().toString(int(row.transport_pairs)))
        return tr("the release publishes no one (every cell withheld or 0)")

    @staticmethod
    def bound_note(rows):
        """What the distance panel says of distances solved as a grid flow (none: empty)."""
        from ...spatial_privacy_plugin.formatting import percent

        bounds = rows["kw_bound"].dropna()
        if not (bounds > 0).any():
            return ""
        return tr("where the table's kw_bound is above 0, a grid flow: at most {bound} above "
                  "the exact distance, never below").format(bound=percent(bounds.max()))

    @staticmethod
    def announce_total(plans, feedback):
        """One line before any method runs: how long all the distances should take here."""
        from ...spatial_privacy_plugin.compare.transport import GRID_FLOW
        from ...spatial_privacy_plugin.formatting import percent

        seconds = sum(plan.seconds for plan in plans)
        routes = ", ".join(tr(route) for route in dict.fromkeys(
            plan.method for plan in plans if plan.method is not None))
        feedback.pushInfo(tr(
            "The comparison's {count} Kantorovich–Wasserstein distances should take about "
            "{seconds} s in all here ({routes}), before the methods' own time.").format(
            count=len(plans), seconds=QLocale().toString(int(round(seconds))),
            routes=routes or tr("nothing to solve")))
        if any(plan.method == GRID_FLOW for plan in plans):
            feedback.pushInfo(tr(
                "Some of these distances are too large to solve exactly here: they are "
                "solved as a flow on the grid's graph, at most {bound} above the exact "
                "distance (the table's kw_bound says which and by how much).").format(
                bound=percent(max(plan.bound for plan in plans if plan.method == GRID_FLOW))))

    def announce(self, resolution, method, plan, feedback):
        """A line per method and size as it is scored, and how long its transport problem
        will roughly take when that is long enough to wait for."""
        from ...spatial_privacy_plugin.compare.transport import GRID_FLOW
        from ...spatial_privacy_plugin.formatting import percent

        feedback.pushInfo(tr("{size:g} m, {method}: published, now scored.").format(
            size=resolution, method=tr(METHOD_LABELS[method])))
        if plan.method is not None and plan.seconds >= 5:
            # A grid flow is one programme scipy's HiGHS runs to its end: a cancel waits for it.
            template = tr(
                "{size:g} m, {method}: the Kantorovich–Wasserstein distance is a transport "
                "problem of {pairs} pairs of cells ({solver}): about {seconds} s here. Cancel "
                "stops it.") if plan.method != GRID_FLOW else tr(
                "{size:g} m, {method}: the Kantorovich–Wasserstein distance is a transport "
                "problem of {pairs} pairs of cells ({solver}): about {seconds} s here, and a "
                "cancel takes effect only when it ends.")
            feedback.pushInfo(template.format(size=resolution, method=tr(METHOD_LABELS[method]),
                                              pairs=QLocale().toString(int(plan.pairs)),
                                              solver=tr(plan.method),
                                              seconds=QLocale().toString(int(round(plan.seconds)))))
        if plan.bound:
            feedback.pushInfo(tr(
                "{size:g} m, {method}: the distance is a grid flow with directions up to "
                "{reach} cells: at most {bound} above the exact distance, never below.").format(
                size=resolution, method=tr(METHOD_LABELS[method]), reach=plan.reach,
                bound=percent(plan.bound)))

    def report(self, rows, feedback):
        from ...spatial_privacy_plugin.formatting import percent

        for row in rows.itertuples(index=False):
            size, method = row.resolution_m, tr(METHOD_LABELS[row.method])
            if row.method != "dp":
                feedback.pushInfo(tr("{size:g} m, {method}: mean absolute error {mae:.3g} per "
                                     "cell, {withheld} cell(s) withheld, {pinned} cell(s) its "
                                     "audit pins.").format(
                    size=size, method=method, mae=row.mae, withheld=row.cells_withheld,
                    pinned=int(row.cells_pinned)))
                continue
            feedback.pushInfo(tr(
                "{size:g} m, {method}: mean absolute error {mae:.3g} per cell against the true "
                "counts (each person in every cell they visit), {bounded:.3g} against the counts "
                "the DP grid noises (each person in at most one cell); at ε = {epsilon:g}, a "
                "published count lies within ±{width} of the count it was drawn from with "
                "probability {share}.").format(
                size=size, method=method, mae=row.mae, bounded=row.mae_vs_bounded_truth,
                epsilon=row.epsilon, width=int(row.dp_width),
                share=percent(row.dp_probability_within_width)))
        far = rows[rows["wasserstein_m"].isna() & (rows["transport_pairs"] > 0)]
        for row in far.itertuples(index=False):
            feedback.pushWarning(tr(
                "{size:g} m, {method}: the Kantorovich–Wasserstein distance is left empty: its "
                "exact transport problem has {pairs} pairs of cells, more than this version solves. "
                "Compare a smaller extent or coarser cells.").format(
                size=row.resolution_m, method=tr(METHOD_LABELS[row.method]), pairs=int(row.transport_pairs)))
        feedback.pushWarning(tr(
            "This comparison is not a release: every figure in it is computed from the true "
            "counts, for the data holder only; publish none of it. The DP grids are simulated "
            "(their noise is drawn and discarded, no DP grid is written) and no ε is recorded "
            "in any ledger: a DP release is made with the DP grid algorithm."))


def offer_network_simplex():
    """Hand POT's exact network simplex to the engine where QGIS's Python has POT (an optional
    accelerator of the Kantorovich–Wasserstein distance, about fifty times faster); without
    it the engine solves by column generation, to the same value."""
    from ...spatial_privacy_plugin.compare import transport

    try:
        import ot
    except ImportError:
        ot = None
    transport.use_network_simplex(None if ot is None else ot.emd)
