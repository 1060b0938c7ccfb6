"""spatialprivacy:suppressedgrid — the grid of distinct people with small cells withheld."""

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingMultiStepFeedback, \
    QgsProcessingOutputNumber, QgsProcessingParameterDistance, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, \
    QgsProcessingParameterMultipleLayers, QgsProcessingParameterString, QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import report_tolerance, tr
from ..grid_base import PointGridAlgorithm, refuse_other_grid
from ..io.bulk_write import write_grid
from ..io.postgis import CountedInput, counted_input

CELL_FIELDS = (("cell_id", "string"), ("col", "int"), ("row", "int"), ("resolution_m", "double"))
COUNT_FIELDS = (("n_persons", "int"), ("status", "string"), ("k", "int"),
                ("counting_unit", "string"), ("policy_hash", "string"), ("stratum", "string"),
                ("parent_id", "string"), ("parent_total", "int"), ("grand_total", "int"))
# The audit table is the data holder's: its reason column (primary, complementary) tells which
# withheld cells are small, so it is never published.
AUDIT_FIELDS = (("cell_id", "string"), ("lower", "double"), ("upper", "double"),
                ("width", "double"), ("ok", "bool"), ("reason", "string"))


class SuppressedGrid(PointGridAlgorithm):
    ALGORITHM_ID = "suppressedgrid"
    DISPLAY_NAME = N_("Suppressed grid")
    SHORT_DESCRIPTION = N_("Square cells with the number of distinct people in each; cells with "
                           "fewer than k people are withheld (primary suppression), and more "
                           "cells where published totals would give them away (complementary).")
    TAGS = N_("privacy,disclosure,k-anonymity,grid,suppression,count,census grid")
    ADVANCED = ("ORIGIN", "KEY_FIELDS", "PROTECTION_LEVEL", "PARENT_FACTOR", "STUDY_AREA",
                "ZERO_MASK", "STRATA", "STRATUM_FIELD", "STRATUM_RESOLUTIONS", "PREVIOUS_RELEASES",
                "PUBLISHED_ZONES")

    RESOLUTION = "RESOLUTION"
    OUTPUT = "OUTPUT"
    AUDIT = "AUDIT"
    STUDY_AREA = "STUDY_AREA"
    ZERO_MASK = "ZERO_MASK"
    STRATUM_RESOLUTIONS = "STRATUM_RESOLUTIONS"
    K = "K"
    CELLS_PUBLISHED = "CELLS_PUBLISHED"
    CELLS_WITHHELD = "CELLS_WITHHELD"
    PUBLISHED_ZONES = "PUBLISHED_ZONES"
    ZONE_COUNTS = "ZONE_COUNTS"
    SLIVER_REPORT = "SLIVER_REPORT"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.add_point_parameters()
        self.add_policy_parameters()
        self.addParameter(QgsProcessingParameterDistance(
            self.RESOLUTION, tr("Cell size (metres)"), defaultValue=1000.0,
            parentParameterName=self.INPUT, minValue=0.0))
        self.add_grid_parameters()
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Suppressed grid"), QgsProcessing.SourceType.TypeVectorPolygon))
        self.add_marginal_parameters()
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.AUDIT, tr("Audit of withheld cells (data holder only; never publish)"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.STUDY_AREA, tr("Study area (empty cells inside it are published as 0)"),
            [QgsProcessing.SourceType.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.ZERO_MASK, tr("Zero mask (empty cells inside it are withheld, not 0)"),
            [QgsProcessing.SourceType.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.STRATA, tr("Strata (adversary-known polygons), for a size per stratum"),
            [QgsProcessing.SourceType.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.STRATUM_FIELD, tr("Stratum name field"), parentLayerParameterName=self.STRATA,
            optional=True))
        self.addParameter(QgsProcessingParameterString(
            self.STRATUM_RESOLUTIONS,
            tr("Cell size per stratum (e.g. core=250;rural=2000, or auto:…)"),
            optional=True))
        self.add_previous_releases_parameter(tr(
            "Earlier releases of this grid, oldest first"))
        self.addParameter(QgsProcessingParameterMultipleLayers(
            self.PUBLISHED_ZONES, tr("Zones published beside the grid (same people)"),
            QgsProcessing.SourceType.TypeVectorPolygon, optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.ZONE_COUNTS, tr("Zone counts"),
            QgsProcessing.SourceType.TypeVectorPolygon, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.SLIVER_REPORT, tr("Sliver report (data holder only: never publish)"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))
        self.addOutput(QgsProcessingOutputNumber(self.K, tr("k")))
        self.addOutput(QgsProcessingOutputNumber(self.CELLS_PUBLISHED, tr("Published cells")))
        self.addOutput(QgsProcessingOutputNumber(self.CELLS_WITHHELD, tr("Withheld cells")))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.release import grid
        from ..io.layers import make_fields, square_cells, write_features
        from ..io.release_metadata import write_people
        from ..presentation.styles import apply_style, count_renderer

        policy = self.policy_from_parameters(parameters, context)
        resolution = self.cell_size(parameters, context)
        marginals = self.marginals_from_parameters(parameters, context, policy)
        steps = QgsProcessingMultiStepFeedback(2, feedback)
        coarsest = self.coarsest_size(parameters, context, resolution, marginals)
        data = counted_input(self, parameters, context, steps, coarsest,
                             (self.STRATA, self.STRATUM_RESOLUTIONS, self.PREVIOUS_RELEASES,
                              self.PUBLISHED_ZONES)) or \
            self.read_grid_input(parameters, context, steps, coarsest)
        zones = self.published_zones(parameters, context, data, feedback)
        earlier = self.read_previous_releases(parameters, context, steps, policy.k)
        series, data = self.series(earlier, parameters, policy, resolution, data, feedback)
        self.describe_policy(policy, feedback, data)
        steps.setCurrentStep(1)
        study_area, zero_mask = self.zero_areas(parameters, context, data.crs)
        release = self.multi_resolution(parameters, context, policy, data, marginals,
                                        (study_area, zero_mask), series, feedback)
        if release is None and isinstance(data, CountedInput):
            release = grid.suppressed_grid_counted(
                data.count_at(resolution), data.people, data.origin, resolution, policy.k,
                marginals, feedback.isCanceled, study_area, zero_mask,
                people_known=not policy.population_total_secret)
            data.finish(feedback)
            frame = release.cells.assign(k=policy.k, stratum=None)
        elif release is None:
            release = grid.suppressed_grid(data.x, data.y, data.person_codes, data.key_codes,
                                           data.origin, resolution, policy.k, marginals,
                                           feedback.isCanceled, study_area, zero_mask, series,
                                           self.key_labels(data) if series else None,
                                           not policy.population_total_secret)
            frame = release.cells.assign(k=policy.k, stratum=None)
        else:
            frame = release.cells
        self.refuse_unprotected(release, series, policy.protection_level)
        if zones is not None:
            from ..release_layers.published_zones import protect_slivers

            release, atoms, protection, values, start = protect_slivers(
                zones, release, data, policy, marginals, feedback)
            frame = release.cells.assign(k=policy.k, stratum=None)

        key_fields = [data.fields.field(name) for name in data.key_columns]
        reserved = {name for name, _ in CELL_FIELDS + COUNT_FIELDS}
        clashing = [field.name() for field in key_fields if field.name() in reserved]
        if clashing:
            raise QgsProcessingException(tr(
                "The attribute field(s) {fields} share a name with an output field; rename them in "
                "a copy of the layer first.").format(fields=", ".join(clashing)))
        fields = make_fields(CELL_FIELDS + tuple(key_fields) + COUNT_FIELDS)
        key_values = self.group_key_values(frame, data, earlier)
        columns = [frame["cell_id"], frame["col"], frame["row"], frame["resolution_m"], *key_values,
                   frame["n_persons"], frame["status"], frame["k"],
                   [policy.counting_unit] * len(frame), [policy.policy_hash] * len(frame),
                   frame["stratum"], frame["parent_id"], frame["parent_total"], frame["grand_total"]]
        destination = write_grid(self, parameters, self.OUTPUT, context, feedback, fields,
                                 data.crs, columns, data.origin, frame["resolution_m"],
                                 frame["col"], frame["row"])
        if destination is None:
            sink, destination = self.parameterAsSink(
                parameters, self.OUTPUT, context, fields, QgsWkbTypes.Type.Polygon, data.crs)
            geometries = square_cells(data.origin, frame["resolution_m"], frame["col"], frame["row"])
            write_features(sink, fields, columns, geometries, steps)
            del sink  # closes a file output so that its style can be stored in it
        shown = frame["n_persons"][frame["status"] == "published"]
        largest = float(shown.max()) if len(shown) else None
        apply_style(lambda: count_renderer(int(frame["k"].min()), largest=largest,
                                           zeros=bool((shown == 0).any())),
                    destination, context)
        if not policy.population_total_secret:
            write_people(destination, context, data.people)
        results = {self.OUTPUT: destination}
        audit_sink, audit_destination = self.parameterAsSink(
            parameters, self.AUDIT, context, make_fields(AUDIT_FIELDS + tuple(key_fields)),
            QgsWkbTypes.Type.NoGeometry, data.crs)
        if audit_sink is not None:
            audit = release.audit
            audit_keys = self.group_key_values(audit, data, earlier)
            # An unbounded upper end (no published total contains the cell) is written as NULL.
            upper = audit["upper"].where(audit["upper"] != float("inf"))
            width = audit["width"].where(audit["width"] != float("inf"))
            write_features(audit_sink, make_fields(AUDIT_FIELDS + tuple(key_fields)),
                           [audit["cell_id"], audit["lower"], upper, width, audit["ok"],
                            audit["reason"], *audit_keys])
            results[self.AUDIT] = audit_destination

        if zones is not None:
            results.update(self.write_zone_outputs(parameters, context, data, zones, atoms,
                                                   protection, release.cells, values, start,
                                                   feedback))
        withheld = int((frame["status"] != grid.STATUS_PUBLISHED).sum())
        complementary = int((release.audit["reason"] == grid.STATUS_COMPLEMENTARY).sum())
        published = len(frame) - withheld
        feedback.pushInfo(tr("{published} cells published, {withheld} withheld (primary "
                             "suppression, fewer than {k} people).").format(
            published=published, withheld=withheld - complementary, k=policy.k))
        if marginals.kind == grid.MARGINALS_NONE and series is None:
            feedback.pushWarning(tr(
                "No published totals were declared: if totals (grand total, coarser cells) are "
                "published beside this grid, withheld cells may be recovered by subtraction. "
                "Declare them so that complementary cells are withheld."))
        if len(release.audit):
            # The cost in cells only: a count of people withheld would be a sum of withheld values.
            from ...spatial_privacy_plugin.formatting import percent
            feedback.pushInfo(tr("{complementary} complementary cell(s) ({share} of the cells) "
                                 "withheld so that no withheld cell can be narrowed below p = "
                                 "{p:g} from what the release publishes ({marginals}, the number "
                                 "of people, non-empty cells); narrowest attacker interval of a "
                                 "withheld cell: {width:g}.").format(
                complementary=complementary, share=percent(complementary / max(len(frame), 1)),
                p=marginals.protection, marginals=tr(marginals.kind),
                width=float(release.audit["width"].min())))
        report_tolerance(withheld, len(frame), policy.tolerance, feedback)
        results.update({self.K: policy.k, self.CELLS_PUBLISHED: published,
                        self.CELLS_WITHHELD: withheld})
        return results

    def published_zones(self, parameters, context, data, feedback):
        """The published zones (``published_zones.Zones``) or None; refused beside a cell size
        per stratum or a series, which this version does not cut into slivers."""
        from ..release_layers.published_zones import ZONE_COUNT_FIELDS, ZONE_LAYER_FIELD, read_zones

        layers = self.parameterAsLayerList(parameters, self.PUBLISHED_ZONES, context)
        if not layers:
            return None
        if self.parameterAsString(parameters, self.STRATUM_RESOLUTIONS, context).strip() or \
                self.parameterAsLayerList(parameters, self.PREVIOUS_RELEASES, context):
            raise QgsProcessingException(tr(
                "This version protects the slivers of published zones on a grid of one cell size "
                "without earlier releases: leave out the cell size per stratum and the earlier "
                "releases, or the published zones."))
        if self.parameterAsFields(parameters, self.KEY_FIELDS, context):
            # Each cell × attribute record would need its own slivers against totals of all
            # attributes; protecting only the cells leaves slivers recoverable.
            raise QgsProcessingException(tr(
                "This version does not protect the slivers of published zones beside published "
                "attribute fields: leave out the published attribute fields or the published "
                "zones."))
        sources = [layer.source() for layer in layers]
        repeated = sorted({layer.name() for layer, source in zip(layers, sources)
                           if sources.count(source) > 1})
        if repeated:
            raise QgsProcessingException(tr(
                "The published zones layer(s) {layers} are given more than once: give each zone "
                "layer once.").format(layers=", ".join(f"'{name}'" for name in repeated)))
        names = [layer.name() for layer in layers]
        alike = sorted({name for name in names if names.count(name) > 1})
        if alike:  # the zone counts name each count's layer
            raise QgsProcessingException(tr(
                "Several published zones layers are named {names}: rename them so that the zone "
                "counts can say which layer each count is of.").format(
                names=", ".join(f"'{name}'" for name in alike)))
        reserved = {name for name, _ in ZONE_COUNT_FIELDS + (ZONE_LAYER_FIELD,)}
        return read_zones(layers, data.crs, context, feedback, reserved)

    def write_zone_outputs(self, parameters, context, data, zones, atoms, protection, cells,
                           values, start, feedback):
        """The zone counts and the sliver report, where asked for."""
        from ..release_layers.published_zones import SLIVER_FIELDS, write_sliver_report, write_zone_counts, \
            zone_count_fields
        from ..io.layers import make_fields

        results = {}
        sink, destination = self.parameterAsSink(parameters, self.ZONE_COUNTS, context,
                                                 zone_count_fields(zones),
                                                 QgsWkbTypes.Type.MultiPolygon, data.crs)
        if sink is not None:
            write_zone_counts(sink, zones, atoms, protection, feedback)
            results[self.ZONE_COUNTS] = destination
        sink, destination = self.parameterAsSink(parameters, self.SLIVER_REPORT, context,
                                                 make_fields(SLIVER_FIELDS),
                                                 QgsWkbTypes.Type.NoGeometry, data.crs)
        if sink is not None:
            write_sliver_report(sink, zones, atoms, protection, cells, values, start, feedback)
            results[self.SLIVER_REPORT] = destination
        return results

    def coarsest_size(self, parameters, context, resolution, marginals):
        """The coarsest cell size this run lays down (parents, sizes per stratum): the default
        origin is a multiple of it, so every level nests on it."""
        import re

        sizes = [resolution * (marginals.parent_factor if marginals.parents else 1)]
        text = self.parameterAsString(parameters, self.STRATUM_RESOLUTIONS, context)
        sizes += [float(number) for number in re.findall(r"\d+(?:\.\d+)?", text or "")
                  if float(number) > 0]
        return max(sizes)

    def zero_areas(self, parameters, context, crs):
        """(study area polygons or None, zero mask polygons) in ``crs``."""
        from ..io.polygons import read_polygons

        study_area = self.parameterAsSource(parameters, self.STUDY_AREA, context)
        zero_mask = self.parameterAsSource(parameters, self.ZERO_MASK, context)
        if study_area is None:
            if zero_mask is not None:
                raise QgsProcessingException(tr("A zero mask needs a study area: zeros are only "
                                                "emitted inside one."))
            return None, ()
        area, _ = read_polygons(study_area, crs, context)
        if not area:
            raise QgsProcessingException(tr("The study area has no polygon."))
        mask = read_polygons(zero_mask, crs, context)[0] if zero_mask is not None else ()
        return area, mask

    def series(self, earlier, parameters, policy, resolution, data, feedback):
        """(series.Series or None, the grid input on the series' origin)."""
        from ...spatial_privacy_plugin.release.series import Series

        if not earlier:
            return None, data
        if policy.series_max_change is None:
            raise QgsProcessingException(tr(
                "A series of releases needs series_max_change in the policy file: the most a "
                "cell's count can change between consecutive releases as an attacker may assume "
                "(differencing attacks rest on such an assumption)."))
        for release in earlier:
            refuse_other_grid(release, data.crs, None, resolution, tuple(data.key_columns))
        data = self.adopt_series_origin(earlier, parameters, data, feedback)
        feedback.pushInfo(tr("Audited jointly with {count} earlier release(s), assuming no cell "
                             "changes by more than {delta:g} people between releases.").format(
            count=len(earlier), delta=policy.series_max_change))
        return Series([release.release for release in earlier], policy.series_max_change), data

    @staticmethod
    def group_key_values(groups, data, earlier):
        """Per published attribute field, the value of each group: from one of its records, or
        (a group no record holds any more, kept withheld for the series) from the earlier
        release that published it."""
        earlier_values = {}
        for release in earlier:
            earlier_values.update(release.key_values)
        labels = groups["key_label"] if "key_label" in groups else [None] * len(groups)
        return [[values[row] if row >= 0 else earlier_values[label][index]
                 for row, label in zip(groups["first_row"], labels)]
                for index, values in enumerate(data.key_columns.values())]

    @staticmethod
    def key_labels(data):
        """The text of each key code's attribute values, as an earlier release's layer reads."""
        import numpy as np

        from ..grid_base import attribute_labels

        codes, first_rows = np.unique(data.key_codes, return_index=True)
        labels = attribute_labels([[values[row] for row in first_rows]
                                   for values in data.key_columns.values()])
        if labels is None:
            return None
        by_code = np.empty(int(codes.max()) + 1, dtype=object)
        by_code[codes] = labels
        return by_code

    def refuse_unprotected(self, release, series, protection):
        """Refuse to write a grid in which the audit found a withheld cell it cannot protect
        (``protection``: p, named in the message since a p beyond the people is met by no grid)."""
        if release.exposed_earlier:
            raise QgsProcessingException(tr(
                "This release would narrow {count} withheld cell(s) of earlier releases below p "
                "(e.g. {cells}), and withholding more cells here cannot prevent it (such as a cell "
                "that is empty now). Use a coarser grid or a stable study area and zero mask for "
                "the whole series.").format(count=len(release.exposed_earlier),
                                            cells=", ".join(release.exposed_earlier[:5])))
        if not release.unprotectable:
            return
        if series is not None:
            raise QgsProcessingException(tr(
                "{count} withheld cell(s) cannot be protected: either they share a published total "
                "only with withheld cells, or they were published (or empty) in the previous "
                "release and an attacker who assumes counts move by at most {delta:g} pins them "
                "near that value. See the flipping cells of the resolution sweep; use a stable "
                "geometry (same study area and zero mask each release) or a coarser grid.").format(
                count=release.unprotectable, delta=series.max_change))
        raise QgsProcessingException(tr(
            "{count} withheld cell(s) cannot be protected against the declared totals: "
            "every cell that shares a published total with them is withheld and the total "
            "leaves less than p = {p:g} (the policy's protection_level) open. Publish fewer "
            "totals, or use a coarser grid; a p above the number of people in the release is "
            "met by no grid: then correct protection_level in the policy.").format(
            count=release.unprotectable, p=protection))

    def multi_resolution(self, parameters, context, policy, data, marginals, zero_areas, series,
                         feedback):
        """The grid with a cell size per stratum (a GridRelease), or None when no sizes per
        stratum are given."""
        import numpy as np

        from ...spatial_privacy_plugin.release import grid

        text = self.parameterAsString(parameters, self.STRATUM_RESOLUTIONS, context).strip()
        if not text:
            return None
        strata = self.read_strata(parameters, context, data.crs)
        if strata is None:
            raise QgsProcessingException(tr("A cell size per stratum needs the strata layer and "
                                            "its name field."))
        if series is not None:
            raise QgsProcessingException(tr(
                "This version builds a grid with a cell size per stratum without earlier releases; "
                "run a series on a single cell size."))
        merged, unique_names = strata
        if text.lower().startswith("auto:"):
            sizes = self.recommended_sizes(text[5:], policy, data, merged, unique_names)
        else:
            sizes = grid.parse_stratum_resolutions(text, unique_names)
        return grid.multi_resolution_grid(
            data.x, data.y, data.person_codes, data.origin, merged, unique_names,
            [sizes[name] for name in unique_names], policy.k,
            np.array([policy.k_for(name) for name in unique_names]), *zero_areas, data.key_codes,
            marginals, feedback.isCanceled, not policy.population_total_secret)

    def recommended_sizes(self, candidates, policy, data, strata, names):
        """The finest publishable size of each stratum among nested candidates (the sweep's answer)."""
        from ...spatial_privacy_plugin.release import grid
        from ...spatial_privacy_plugin.counting.zones import assign_points

        sizes = grid.parse_resolutions(candidates)
        if grid.non_nested_pairs(sizes):
            raise QgsProcessingException(tr("The candidate cell sizes must be nested (each a whole "
                                            "multiple of the finer ones)."))
        table = grid.stratified_sweep(data.x, data.y, data.person_codes, data.key_codes,
                                      data.origin, sizes, [policy.k_for(name) for name in names],
                                      policy.tolerance,
                                      assign_points(data.x, data.y, strata), names)
        chosen = table[table["recommended"]].set_index("stratum")["resolution_m"].to_dict()
        missing = [name for name in names if name not in chosen]
        if missing:
            raise QgsProcessingException(tr(
                "No candidate size is publishable in the stratum/strata {names}: add coarser sizes; "
                "never lower k.").format(names=", ".join(missing)))
        return {name: float(chosen[name]) for name in names}
