"""spatialprivacy:resolutionsweep — which cell size satisfies the policy."""

from qgis.core import QgsCoordinateReferenceSystem, QgsProcessing, QgsProcessingException, \
    QgsProcessingMultiStepFeedback, QgsProcessingOutputNumber, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, QgsProcessingParameterNumber, \
    QgsProcessingParameterFile, QgsProcessingParameterFileDestination, QgsProcessingParameterString, \
    QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import tr
from ..grid_base import PointGridAlgorithm
from ..io.postgis import CountedInput, counted_input

# The bar's share for reading the points: quick beside counting and protecting the cells.
READ_PERCENT = 5.0

TABLE_FIELDS = (
    ("stratum", "string"), ("recommended", "bool"), ("resolution_m", "double"), ("k", "int"), ("cells", "int"), ("cells_withheld", "int"),
    ("suppressed_fraction", "double"), ("median_published_count", "double"),
    ("publishable", "bool"), ("counting_unit", "string"), ("policy_hash", "string"),
    ("tolerance", "double"), ("marginals", "string"), ("protection_level", "double"),
    ("cells_complementary", "int"), ("withheld_fraction_total", "double"),
    ("cells_unprotectable", "int"), ("rows", "int"), ("persons", "int"),
    ("cells_withheld_if_rows_counted", "int"), ("withheld_person_share", "double"),
    ("withheld_morans_i", "double"), ("withheld_morans_z", "double"),
    ("withheld_clustered", "bool"), ("origin_x", "double"), ("origin_y", "double"),
    ("cells_flipping_to_withheld", "int"), ("cells_flipping_to_published", "int"),
    # The cell key method's figures at the same size (empty unless CKM_PTABLE is given).
    ("ckm_cells", "int"), ("ckm_mae", "double"), ("ckm_mse", "double"),
    ("ckm_max_abs_error", "double"), ("ckm_worst_window_mae", "double"),
    ("ckm_hellinger", "double"), ("ckm_share_changed", "double"),
)
CKM_COLUMNS = (("ckm_cells", "cells"), ("ckm_mae", "mae"), ("ckm_mse", "mse"),
               ("ckm_max_abs_error", "max_abs_error"), ("ckm_worst_window_mae", "worst_window_mae"),
               ("ckm_hellinger", "hellinger"), ("ckm_share_changed", "share_changed"))
FLIP_FIELDS = (("resolution_m", "double"), ("cell_id", "string"), ("stratum", "string"),
               ("previous_state", "string"), ("state", "string"), ("earlier_release", "string"))


def size_log(feedback):
    """The sweep's on_size: a log line as each cell size starts and ends (with its time)."""
    def on_size(resolution, seconds):
        if seconds is None:
            feedback.pushInfo(tr("{res:g} m: counting and protecting the cells…").format(
                res=resolution))
        else:
            feedback.pushInfo(tr("{res:g} m: done in {seconds:.1f} s.").format(
                res=resolution, seconds=seconds))
    return on_size


class ResolutionSweep(PointGridAlgorithm):
    ALGORITHM_ID = "resolutionsweep"
    DISPLAY_NAME = N_("Resolution sweep")
    SHORT_DESCRIPTION = N_("Counts distinct people per grid cell at several cell sizes and shows "
                         "which sizes satisfy the policy's k and suppression tolerance.")
    TAGS = N_("privacy,disclosure,k-anonymity,grid,resolution,sweep,suppression")
    ADVANCED = ("TOLERANCE", "ORIGIN", "KEY_FIELDS", "PROTECTION_LEVEL", "PARENT_FACTOR", "STRATA",
                "STRATUM_FIELD", "PREVIOUS_RELEASES", "CKM_PTABLE", "CKM_KEY_FILE")

    RESOLUTIONS = "RESOLUTIONS"
    TOLERANCE = "TOLERANCE"
    OUTPUT = "OUTPUT"
    FLIPPING_CELLS = "FLIPPING_CELLS"
    CKM_PTABLE = "CKM_PTABLE"
    CKM_KEY_FILE = "CKM_KEY_FILE"
    CHART = "CHART"
    RECOMMENDED_RESOLUTION = "RECOMMENDED_RESOLUTION"
    PERSONS = "PERSONS"
    PERSONS_TOTAL_KIND = "PERSONS_TOTAL_KIND"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.add_point_parameters()
        self.add_policy_parameters()
        self.addParameter(QgsProcessingParameterString(
            self.RESOLUTIONS, tr("Cell sizes in metres, comma separated"),
            defaultValue="100,250,500,1000"))
        self.addParameter(QgsProcessingParameterNumber(
            self.TOLERANCE,
            tr("Tolerance: share of cells withheld (empty: the policy's)"),
            QgsProcessingParameterNumber.Type.Double, optional=True, minValue=0.0, maxValue=1.0))
        self.add_grid_parameters()
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Sweep table"), QgsProcessing.SourceType.TypeVector))
        self.add_marginal_parameters()
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.STRATA, tr("Strata an adversary can draw (each swept separately)"),
            [QgsProcessing.SourceType.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.STRATUM_FIELD, tr("Stratum name field"), parentLayerParameterName=self.STRATA,
            optional=True))
        self.add_previous_releases_parameter(tr(
            "Earlier releases of the series, oldest first"))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.FLIPPING_CELLS, tr("Cells that flip since the latest earlier release"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.CKM_PTABLE, tr("Compare with the cell key method: its p-table"),
            [QgsProcessing.SourceType.TypeVector], optional=True))
        self.addParameter(QgsProcessingParameterFile(
            self.CKM_KEY_FILE, tr("Compare: the programme's key file (empty: a one-off key)"),
            QgsProcessingParameterFile.Behavior.File,
            optional=True))
        self.addOutput(QgsProcessingOutputNumber(
            self.RECOMMENDED_RESOLUTION, tr("Recommended cell size (finest within the tolerance)")))
        # For the k-anonymity gate's audit (its number of people and how records relate to it).
        self.addOutput(QgsProcessingOutputNumber(
            self.PERSONS, tr("Number of people (empty when the policy keeps it secret)")))
        self.addOutput(QgsProcessingOutputNumber(
            self.PERSONS_TOTAL_KIND, tr("Points per person: 0 one each, 1 several")))
        self.addParameter(QgsProcessingParameterFileDestination(
            self.CHART, tr("Chart: withheld share and median count by cell size"),
            tr("HTML files (*.html)"), optional=True, createByDefault=False))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.release import grid
        from ..io.layers import make_fields, write_features
        from ..io.release_metadata import write_people

        policy = self.policy_from_parameters(
            parameters, context, self.optional_number(parameters, self.TOLERANCE, context))
        resolutions = grid.parse_resolutions(
            self.parameterAsString(parameters, self.RESOLUTIONS, context))
        marginals = self.marginals_from_parameters(parameters, context, policy)
        chart = self.file_output(parameters, self.CHART, context)
        for fine, coarse in grid.non_nested_pairs(resolutions):
            feedback.pushWarning(tr(
                "{coarse:g} m cells are not unions of {fine:g} m cells: releasing both invites "
                "differencing (subtract overlapping cells to isolate small areas). Release only "
                "nested resolutions (each a whole multiple of the finer) on one origin.").format(
                fine=fine, coarse=coarse))
        # Reading the points takes the first twentieth of the bar (step 0 of 20), the sizes the
        # rest, each by its expected work.
        steps = QgsProcessingMultiStepFeedback(round(100 / READ_PERCENT), feedback)
        # One origin for every size: a multiple of the coarsest, so that the sizes nest.
        data = counted_input(self, parameters, context, steps, max(resolutions),
                             (self.STRATA, self.PREVIOUS_RELEASES, self.CKM_PTABLE)) or \
            self.read_grid_input(parameters, context, steps, max(resolutions))
        earlier = self.read_previous_releases(parameters, context, steps, policy.k)
        data = self.adopt_series_origin(earlier, parameters, data, feedback)
        self.describe_policy(policy, feedback, data)
        progress = lambda done, total: feedback.setProgress(  # noqa: E731
            READ_PERCENT + (100.0 - READ_PERCENT) * done / total)
        on_size = size_log(feedback)
        strata = self.strata(parameters, context, data)
        if isinstance(data, CountedInput):
            table = grid.sweep_counted(data.count_at, data.people, data.n_points,
                                       data.withheld_people, resolutions, policy.k,
                                       policy.tolerance, marginals, progress, feedback.isCanceled,
                                       not policy.population_total_secret, on_size)
            data.finish(feedback)
        if strata is None:
            if not isinstance(data, CountedInput):
                table = grid.sweep(data.x, data.y, data.person_codes, data.key_codes,
                                   data.origin, resolutions, policy.k, policy.tolerance, marginals,
                                   progress, feedback.isCanceled, not policy.population_total_secret,
                                   on_size)
            best = grid.recommended_resolution(table)
            table.insert(0, "stratum", None)
            table["recommended"] = table["resolution_m"] == best if best is not None else False
            recommended = best
        else:
            stratum_of_point, names, _ = strata
            # Each stratum at its own k where the policy gives it its own rho.
            table = grid.stratified_sweep(data.x, data.y, data.person_codes, data.key_codes,
                                          data.origin, resolutions,
                                          [policy.k_for(name) for name in names], policy.tolerance,
                                          stratum_of_point, names, marginals, progress,
                                          feedback.isCanceled, on_size)
            # One size that serves every stratum: the coarsest of their recommendations.
            per_stratum = table[table["recommended"]].groupby("stratum")["resolution_m"].first()
            swept = table["stratum"].nunique()
            recommended = float(per_stratum.max()) if len(per_stratum) == swept else None
        table["counting_unit"] = policy.counting_unit
        table["policy_hash"] = policy.policy_hash
        table["tolerance"] = policy.tolerance
        table["marginals"] = marginals.kind
        table["protection_level"] = marginals.protection
        table["origin_x"], table["origin_y"] = data.origin
        if policy.population_total_secret:
            table["persons"] = None  # the policy keeps it out of every output
        flips, compared = self.flips(earlier, data, policy, marginals, resolutions, strata)
        self.count_flips(table, flips, compared)
        self.compare_cell_key(parameters, context, data, resolutions, strata, table, feedback)

        fields = make_fields(TABLE_FIELDS)
        sink, destination = self.parameterAsSink(
            parameters, self.OUTPUT, context, fields, QgsWkbTypes.Type.NoGeometry,
            QgsCoordinateReferenceSystem())
        names = [name for name, _ in TABLE_FIELDS]
        write_features(sink, fields, [table[name] for name in names])
        del sink  # closes a file output so that its metadata can be stored in it
        if not policy.population_total_secret:
            write_people(destination, context, data.people)
        self.report(table, recommended, policy, marginals, feedback)
        results = {self.OUTPUT: destination, self.RECOMMENDED_RESOLUTION: recommended,
                   self.PERSONS: None if policy.population_total_secret else data.people.n,
                   self.PERSONS_TOTAL_KIND: 0 if data.people.one_point else 1}
        if chart:
            self.write_chart(chart, table, policy.tolerance, recommended, feedback)
            results[self.CHART] = chart
        if flips is not None:
            self.report_flips(flips, feedback)
            flip_fields = make_fields(FLIP_FIELDS)
            flip_sink, flip_destination = self.parameterAsSink(
                parameters, self.FLIPPING_CELLS, context, flip_fields, QgsWkbTypes.Type.NoGeometry,
                QgsCoordinateReferenceSystem())
            if flip_sink is not None:
                write_features(flip_sink, flip_fields, [flips[name] for name, _ in FLIP_FIELDS])
                results[self.FLIPPING_CELLS] = flip_destination
        return results

    def compare_cell_key(self, parameters, context, data, resolutions, strata, table, feedback):
        """Fill the ckm_* columns: the cell key grid's utility at each size, beside suppression."""
        from ...spatial_privacy_plugin.noise.cellkey_audit import sweep_utility
        from .cell_key_grid import comparison_record_keys, ptable_from_source

        for name, _ in CKM_COLUMNS:
            table[name] = None
        source = self.parameterAsSource(parameters, self.CKM_PTABLE, context)
        if source is None:
            return
        if strata is not None:
            feedback.pushWarning(tr("The cell key comparison is made without strata: run the "
                                    "sweep without strata to see it."))
            return
        ptable = ptable_from_source(source, feedback)
        keys = comparison_record_keys(
            data, self.parameterAsFile(parameters, self.CKM_KEY_FILE, context), feedback)
        figures = sweep_utility(data.x, data.y, data.person_codes, data.key_codes, data.origin,
                                resolutions, keys, ptable).set_index("resolution_m")
        for column, name in CKM_COLUMNS:
            table[column] = table["resolution_m"].map(figures[name])
        feedback.pushInfo(tr("Cell key method beside suppression: every non-empty cell published "
                             "with noise; ckm_mae is its mean absolute error per cell."))

    def flips(self, earlier, data, policy, marginals, resolutions, strata):
        """Cells that flip between the latest earlier release at each swept size and this data."""
        import numpy as np
        import pandas as pd

        from ...spatial_privacy_plugin.release import grid
        from ...spatial_privacy_plugin.counting.zones import assign_points

        if not earlier:
            return None, set()
        frames, compared = [], set()
        for resolution in resolutions:
            matching = [release for release in earlier
                        if abs(release.resolution - resolution) <= 1e-9 * resolution]
            if not matching:
                continue
            latest = matching[-1]
            compared.add(resolution)
            flips = grid.series_flips(data.x, data.y, data.person_codes, data.key_codes,
                                      data.origin, resolution, policy.k, marginals,
                                      grid.split_series_keys(latest.release.cell_keys)[0],
                                      latest.release.withheld, not policy.population_total_secret)
            flips.insert(0, "resolution_m", float(resolution))
            flips["earlier_release"] = latest.name
            flips["stratum"] = None
            if strata is not None and len(flips):
                cols, rows = grid.cell_positions(flips["cell_id"])
                centres = assign_points(data.origin[0] + (cols + 0.5) * resolution,
                                        data.origin[1] + (rows + 0.5) * resolution, strata[2])
                names = np.array(strata[1] + [None], dtype=object)
                flips["stratum"] = names[centres]  # -1 (centre in no stratum) picks the None
            frames.append(flips)
        if not frames:
            raise QgsProcessingException(tr(
                "No earlier release has one of the swept cell sizes ({swept}); they have {theirs}. "
                "Sweep the series' cell size.").format(
                swept=", ".join(f"{size:g}" for size in resolutions),
                theirs=", ".join(f"{release.resolution:g}" for release in earlier)))
        return pd.concat(frames, ignore_index=True), compared

    @staticmethod
    def count_flips(table, flips, compared):
        """Flip counts per row of the sweep (stratum x size); empty where no release compares."""
        table["cells_flipping_to_withheld"] = None
        table["cells_flipping_to_published"] = None
        for index, row in table.iterrows():
            if row["resolution_m"] not in compared:
                continue
            here = flips[flips["resolution_m"] == row["resolution_m"]]
            if row["stratum"] is not None:
                here = here[here["stratum"] == row["stratum"]]
            table.at[index, "cells_flipping_to_withheld"] = int((here["state"] == "withheld").sum())
            table.at[index, "cells_flipping_to_published"] = int((here["state"] != "withheld").sum())

    def report_flips(self, flips, feedback):
        for (resolution, name), here in flips.groupby(["resolution_m", "earlier_release"]):
            feedback.pushWarning(tr(
                "At {res:g} m, since {name}: {to_withheld} cell(s) go from published (or empty) to "
                "withheld and {to_published} from withheld to published. A flipping cell is a "
                "risk: an attacker who assumes counts change little between releases pins it near "
                "its value in the other release, whatever else is withheld. Prefer sizes and "
                "geometries where few cells flip.").format(
                res=resolution, name=name, to_withheld=int((here["state"] == "withheld").sum()),
                to_published=int((here["state"] != "withheld").sum())))

    def strata(self, parameters, context, data):
        """(stratum index per point, stratum names), or None without strata."""
        import numpy as np

        from ...spatial_privacy_plugin.counting.zones import assign_points

        strata = self.read_strata(parameters, context, data.crs)
        if strata is None:
            return None
        polygons, names = strata
        owners = assign_points(data.x, data.y, polygons)
        outside = int(np.sum(owners < 0))
        if outside:
            raise QgsProcessingException(tr(
                "{count} point(s) lie in no stratum. Nothing is dropped silently: extend the strata "
                "to cover them, or clip the points first and report the clipped ones.").format(
                count=outside))
        return owners, names, polygons

    @staticmethod
    def write_chart(path, table, tolerance, recommended, feedback):
        """The sweep as an HTML chart: withheld share and median count against cell size."""
        from ...spatial_privacy_plugin.charts import sweep_figure
        from ...spatial_privacy_plugin.formatting import percent
        from ..presentation.html_chart import write_html_chart

        strata = [None] if table["stratum"].isna().all() else \
            list(dict.fromkeys(table["stratum"].dropna()))
        series = []
        for name in strata:
            rows = table if name is None else table[table["stratum"] == name]
            rows = rows.sort_values("resolution_m")
            series.append((name, rows["resolution_m"].tolist(),
                           rows["withheld_fraction_total"].tolist(),
                           rows["median_published_count"].tolist()))
        title = tr("Resolution sweep: what each cell size withholds")
        labels = {
            "title": title, "size": tr("cell size (m)"),
            "share": tr("withheld share of non-empty cells"),
            "median": tr("median count of a published cell"),
            "share_of": tr("withheld share, {name}"),
            "median_of": tr("median count, {name}"),
            "tolerance": tr("tolerance {share}").format(share=percent(tolerance)),
            "recommended": "" if recommended is None else
            tr("recommended: {size:g} m").format(size=recommended),
            "none_publishable": tr("no swept size is within the tolerance"),
        }
        write_html_chart(path, sweep_figure(series, tolerance, recommended, labels), title,
                         feedback)

    def report(self, table, recommended, policy, marginals, feedback):
        from ...spatial_privacy_plugin.formatting import percent
        from ...spatial_privacy_plugin.release.grid import MARGINALS_NONE

        for row in table.itertuples(index=False):
            # The tolerance recommends a size; it gates nothing (the grid warns, the gate passes).
            if row.publishable:
                verdict = tr("within the tolerance")
            elif row.cells_unprotectable:
                verdict = tr("not recommended: {bad} cell(s) that no pattern can protect").format(
                    bad=row.cells_unprotectable)
            else:
                verdict = tr("over the tolerance, not recommended")
            if row.stratum is not None:
                verdict = tr("{verdict} in stratum {stratum}").format(verdict=verdict,
                                                                     stratum=row.stratum)
            feedback.pushInfo(tr("{res:g} m: {cells} cells, {withheld} withheld ({share}); "
                                 "{verdict}.").format(res=row.resolution_m, cells=row.cells,
                                                     withheld=row.cells_withheld,
                                                     share=percent(row.suppressed_fraction),
                                                     verdict=verdict))
            if row.cells_complementary or marginals.kind != MARGINALS_NONE:
                feedback.pushInfo(tr("{res:g} m with {marginals} published: {complementary} "
                                     "complementary cells, {total} withheld in all, {bad} "
                                     "cell(s) that no pattern can protect.").format(
                    res=row.resolution_m, marginals=tr(marginals.kind),
                    complementary=row.cells_complementary,
                    total=percent(row.withheld_fraction_total), bad=row.cells_unprotectable))
            if not row.withheld_clustered:
                continue
            if row.recommended and row.stratum is not None:
                feedback.pushInfo(tr(
                    "At {res:g} m, the size recommended in stratum {stratum}, the withheld cells "
                    "cluster (Moran's I {moran:.2f}, z {z:.1f}): the recommendation keeps the "
                    "withheld share within the tolerance, but the holes form whole areas without "
                    "figures. Where those areas matter, publish this stratum at a coarser size; "
                    "do not raise the tolerance.").format(
                    res=row.resolution_m, stratum=row.stratum, moran=row.withheld_morans_i,
                    z=row.withheld_morans_z))
            elif row.stratum is not None:
                feedback.pushInfo(tr(
                    "At {res:g} m in stratum {stratum} the withheld cells cluster (Moran's I "
                    "{moran:.2f}, z {z:.1f}): prefer a coarser geometry in this stratum rather than "
                    "a higher tolerance.").format(res=row.resolution_m, stratum=row.stratum,
                                                  moran=row.withheld_morans_i,
                                                  z=row.withheld_morans_z))
            elif not row.recommended:  # the recommended size's clustering is told with it
                feedback.pushInfo(tr(
                    "At {res:g} m the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): the "
                    "holes form areas, so prefer a coarser geometry there rather than a higher "
                    "tolerance.").format(res=row.resolution_m, moran=row.withheld_morans_i,
                                         z=row.withheld_morans_z))
        per_stratum = table[table["recommended"] & table["stratum"].notna()]
        if len(per_stratum):
            feedback.pushInfo(tr("Recommended cell size per stratum: {sizes}.").format(
                sizes=", ".join(f"{row.stratum} {row.resolution_m:g} m"
                                for row in per_stratum.itertuples(index=False))))
        if recommended is None:
            feedback.pushWarning(tr(
                "No cell size keeps the withheld share within the tolerance under this policy "
                "(k = {k}, tolerance {tolerance}): the sweep recommends none. "
                "Sweep coarser cells than {coarsest:g} m, or publish per density band; never lower "
                "k: it follows from the accepted disclosure probability.").format(
                k=policy.k, tolerance=percent(policy.tolerance),
                coarsest=table["resolution_m"].max()))
            return
        feedback.pushInfo(tr("Recommended cell size: {res:g} m, the finest that keeps the "
                             "withheld share within the tolerance at k = {k}.").format(
            res=recommended, k=policy.k))
        self.report_clustered_recommendation(table, recommended, feedback)

    @staticmethod
    def report_clustered_recommendation(table, recommended, feedback):
        """Say what clustered holes at the recommended size mean for the recommendation."""
        if table["stratum"].notna().any():
            return  # told per stratum above
        at = table[table["resolution_m"] == recommended].iloc[0]
        if not at["withheld_clustered"]:
            return
        clear = table[(table["resolution_m"] > recommended) & table["publishable"]
                      & ~table["withheld_clustered"].fillna(False).astype(bool)]
        if len(clear):
            advice = tr("{size:g} m, the finest size within the tolerance whose withheld cells "
                        "do not cluster, leaves no such areas: prefer it where those areas "
                        "matter.").format(
                size=float(clear["resolution_m"].min()))
        else:
            advice = tr("No swept size avoids it: sweep coarser sizes, or publish those areas per "
                        "density band (strata).")
        feedback.pushWarning(tr(
            "At {res:g} m the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): the "
            "recommendation keeps the withheld share within the tolerance, but the holes form whole "
            "areas without figures. {advice} Do not raise the tolerance instead.").format(
            res=recommended, moran=at["withheld_morans_i"], z=at["withheld_morans_z"],
            advice=advice))
