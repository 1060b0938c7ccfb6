"""spatialprivacy:recordswap — targeted record swapping of households (sdcMicro's recordSwap,
with donors within a distance), the census step before the cell key method."""

from pathlib import Path

from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsProcessing, \
    QgsProcessingException, QgsProcessingMultiStepFeedback, QgsProcessingOutputNumber, \
    QgsProcessingParameterDistance, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, \
    QgsProcessingParameterFileDestination, QgsProcessingParameterMultipleLayers, \
    QgsProcessingParameterNumber, QgsProcessingParameterPoint, QgsProcessingParameterString, \
    QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import SpatialPrivacyAlgorithm, tr
from ..person_field import chosen_person_field, person_field_parameter, warn_of_differing_forms

# A similarity profile may name this when the layer has no such field: members counted.
HOUSEHOLD_SIZE = "household_size"
LOG_FIELDS = (("household_id", "string"), ("donor_household_id", "string"), ("level", "string"),
              ("reason", "string"), ("profile", "int"), ("distance_m", "double"))
UNSWAPPED_FIELDS = (("household_id", "string"), ("level", "string"), ("smallest_count", "int"),
                    ("reason", "string"))


def parse_profiles(text, available):
    """Similarity profiles from 'a,b;c' (profiles separated by ';', fields by ','), in order.

    ``household_size`` names the members counted when the layer has no field of that name.
    """
    profiles = []
    for part in str(text or "").split(";"):
        names = [name.strip() for name in part.split(",") if name.strip()]
        if not names:
            continue
        unknown = [name for name in names if name not in available and name != HOUSEHOLD_SIZE]
        if unknown:
            raise QgsProcessingException(tr(
                "The similarity profile field(s) {fields} are not in the layer; its fields are: "
                "{available}. Separate profiles by ';' and their fields by ',' (e.g. "
                "household_size;household_size,tenure).").format(
                fields=", ".join(unknown), available=", ".join(available)))
        profiles.append(names)
    return profiles


class DonorParameters:
    """How many households are swapped and which donors they may take (the record swap, and its
    row in the method comparison)."""

    SWAP_RATE = "SWAP_RATE"
    SIMILARITY_FIELDS = "SIMILARITY_FIELDS"
    MAX_DONOR_DISTANCE = "MAX_DONOR_DISTANCE"

    def add_donor_parameters(self, input_name):
        self.addParameter(QgsProcessingParameterNumber(
            self.SWAP_RATE, tr("Swap rate (share of households swapped; a swap moves two)"),
            QgsProcessingParameterNumber.Type.Double, defaultValue=0.05, minValue=0.0,
            maxValue=1.0))
        self.addParameter(QgsProcessingParameterString(
            self.SIMILARITY_FIELDS, tr("Similarity profiles, in order (';' between profiles)"),
            defaultValue=HOUSEHOLD_SIZE, optional=True))
        self.addParameter(QgsProcessingParameterDistance(
            self.MAX_DONOR_DISTANCE, tr("Largest donor distance (empty: anywhere)"),
            parentParameterName=input_name, optional=True, minValue=0.0))


class RecordSwap(DonorParameters, SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "recordswap"
    GROUP_ID = "grids"
    DISPLAY_NAME = N_("Targeted record swap (households)")
    SHORT_DESCRIPTION = N_("Swaps the locations of households at risk (fewer than k people share "
                           "a member's attributes in an area) with similar households two cells "
                           "or more away, drawn at random by risk within a distance, then more "
                           "households at random up to the swap rate: the census step before the "
                           "cell key method.")
    TAGS = N_("privacy,disclosure,record swapping,targeted swapping,census,household,sdcMicro,"
              "perturbation")
    ADVANCED = ("ORIGIN", "HIERARCHY_ZONES", "HIERARCHY_ZONE_FIELDS", "CARRY_ALONG", "SEED")

    INPUT = "INPUT"
    HOUSEHOLD_FIELD = "HOUSEHOLD_FIELD"
    PERSON_FIELD = "PERSON_FIELD"
    HIERARCHY = "HIERARCHY"
    HIERARCHY_ZONES = "HIERARCHY_ZONES"
    HIERARCHY_ZONE_FIELDS = "HIERARCHY_ZONE_FIELDS"
    ORIGIN = "ORIGIN"
    RISK_FIELDS = "RISK_FIELDS"
    K_ANONYMITY = "K_ANONYMITY"
    CARRY_ALONG = "CARRY_ALONG"
    SEED = "SEED"
    OUTPUT = "OUTPUT"
    SWAP_LOG = "SWAP_LOG"
    UNSWAPPED = "UNSWAPPED"
    REPORT = "REPORT"
    HOUSEHOLDS_SWAPPED = "HOUSEHOLDS_SWAPPED"
    HIGH_RISK_UNSWAPPED = "HIGH_RISK_UNSWAPPED"
    HIGH_RISK_HOUSEHOLDS = "HIGH_RISK_HOUSEHOLDS"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.INPUT, tr("Persons (points at their dwelling; projected CRS in metres)"),
            [QgsProcessing.SourceType.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterField(
            self.HOUSEHOLD_FIELD, tr("Household id field"), defaultValue="household_id",
            parentLayerParameterName=self.INPUT))
        self.addParameter(person_field_parameter(
            self.PERSON_FIELD, tr("Person id field (one point per person)"), self.INPUT))
        self.addParameter(QgsProcessingParameterString(
            self.HIERARCHY, tr("Hierarchy: cell sizes in metres, coarsest first"),
            defaultValue="10000,1000", optional=True))
        self.addParameter(QgsProcessingParameterMultipleLayers(
            self.HIERARCHY_ZONES, tr("Hierarchy: zone layers above the cells, coarsest first"),
            QgsProcessing.SourceType.TypeVectorPolygon, optional=True))
        self.addParameter(QgsProcessingParameterString(
            self.HIERARCHY_ZONE_FIELDS, tr("Zone id field of each zone layer, in order"),
            optional=True))
        self.addParameter(QgsProcessingParameterPoint(
            self.ORIGIN, tr("Grid origin (lower-left corner; empty: automatic)"),
            optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.RISK_FIELDS, tr("Risk fields (what an attacker knows, e.g. age band, sex)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.K_ANONYMITY, tr("k: fewer than k people alike in an area is a risk"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=3, minValue=1))
        self.add_donor_parameters(self.INPUT)
        self.addParameter(QgsProcessingParameterField(
            self.CARRY_ALONG, tr("Household fields that move with the location"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True))
        self.addParameter(QgsProcessingParameterString(
            self.SEED, tr("Seed, only to reproduce a test (leave empty)"), optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Swapped persons"), QgsProcessing.SourceType.TypeVectorPoint))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.SWAP_LOG, tr("Swap log (data holder only; never publish)"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.UNSWAPPED, tr("High-risk households without a donor (data holder only)"),
            QgsProcessing.SourceType.TypeVector, optional=True, createByDefault=False))
        self.addParameter(QgsProcessingParameterFileDestination(
            self.REPORT, tr("Report (data holder only)"), tr("HTML files (*.html)"),
            optional=True, createByDefault=False))
        self.addOutput(QgsProcessingOutputNumber(self.HOUSEHOLDS_SWAPPED,
                                                 tr("Households swapped")))
        self.addOutput(QgsProcessingOutputNumber(self.HIGH_RISK_UNSWAPPED,
                                                 tr("High-risk households without a donor")))
        self.addOutput(QgsProcessingOutputNumber(self.HIGH_RISK_HOUSEHOLDS,
                                                 tr("High-risk households")))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.counting.cells import encode_key_columns, encode_person_ids
        from ...spatial_privacy_plugin.release.grid import check_coordinates
        from ...spatial_privacy_plugin.risk.masking import mask_generator
        from ...spatial_privacy_plugin.swap.households import households_of, nested
        from ...spatial_privacy_plugin.swap.swapping import check_swap_parameters, swap_households
        from ..io.layers import read_points

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        if QgsWkbTypes.isMultiType(source.wkbType()):
            raise QgsProcessingException(tr("Multipoint features: a person is one point (their "
                                            "dwelling). Explode them first, or give one point "
                                            "per person."))
        household_field = self.parameterAsString(parameters, self.HOUSEHOLD_FIELD, context)
        person_field = chosen_person_field(self, parameters, self.PERSON_FIELD, context, source)
        if not household_field or not person_field:
            raise QgsProcessingException(tr("Choose the household id field and the person id "
                                            "field."))
        risk_fields = self.field_names(parameters, self.RISK_FIELDS, context)
        if not risk_fields:
            raise QgsProcessingException(tr("Choose at least one risk field (an attribute an "
                                            "attacker knows, e.g. age band or sex)."))
        carried = self.field_names(parameters, self.CARRY_ALONG, context)
        profiles = parse_profiles(self.parameterAsString(parameters, self.SIMILARITY_FIELDS,
                                                         context), source.fields().names())
        k = self.parameterAsDouble(parameters, self.K_ANONYMITY, context)
        rate = self.parameterAsDouble(parameters, self.SWAP_RATE, context)
        distance = self.optional_number(parameters, self.MAX_DONOR_DISTANCE, context)
        check_swap_parameters(k, rate, distance)
        report = self.parameterAsFileOutput(parameters, self.REPORT, context)
        if report and not Path(report).parent.is_dir():
            raise QgsProcessingException(tr(
                "The folder {folder} of the output file {path} does not exist: create it, or "
                "choose a file in an existing folder. Nothing was written.").format(
                folder=str(Path(report).parent), path=report))
        steps = QgsProcessingMultiStepFeedback(3, feedback)
        profile_fields = [name for names in profiles for name in names
                          if name in source.fields().names()]
        names = list(dict.fromkeys([household_field, person_field] + risk_fields
                                   + profile_fields + carried))
        points = read_points(source, names, steps,
                             layer=self.plain_layer(parameters, self.INPUT, context))
        check_coordinates(points.x, points.y)
        warn_of_differing_forms(person_field, points.columns[person_field], feedback)
        people = encode_person_ids(points.columns[person_field], person_field)
        if int(people.max()) + 1 < len(people):
            raise QgsProcessingException(tr(
                "{count} person id(s) in '{field}' appear more than once: a person lives in one "
                "household, at one point. Give each person one point.").format(
                count=len(people) - int(people.max()) - 1, field=person_field))
        homes = households_of(points.columns[household_field], points.x, points.y,
                              household_field)
        levels = nested(self.hierarchy(parameters, context, homes, source.sourceCrs(), steps,
                                       distance))
        profile_codes = self.profile_codes(homes, profiles, points.columns)
        carried_values = self.carried_values(homes, carried, points.columns)
        risk = encode_key_columns([points.columns[name] for name in risk_fields], len(points.x))
        seed = self.parameterAsString(parameters, self.SEED, context) \
            if parameters.get(self.SEED) not in (None, "") else None
        if seed is not None:
            feedback.pushWarning(tr(
                "The swap was drawn from the given seed: anyone who holds the seed (or finds it "
                "in a saved model or the Processing history) can redraw which households were "
                "swapped. Use a seed only to reproduce a test; leave it empty for a release."))
        steps.setCurrentStep(1)
        result = swap_households(homes, risk, [level.codes for level in levels], profile_codes,
                                 int(k), rate, mask_generator(seed), distance, feedback.isCanceled,
                                 [level.cells for level in levels])
        steps.setCurrentStep(2)
        results = self.write_outputs(parameters, context, steps, source, points, homes, result,
                                     levels, carried_values)
        if report:
            from ..presentation.swap_report import write_swap_report

            write_swap_report(report, result, levels, distance, feedback)
            results[self.REPORT] = report
        self.describe(result, levels, feedback)
        return results

    def hierarchy(self, parameters, context, homes, crs, feedback, distance):
        """The levels of the hierarchy, top first: the zone layers as given, then the cells from
        the coarsest to the finest (each size a whole multiple of the next); a warning for cells
        too large for the donor ``distance`` (donors lie two cells away or more)."""
        from ...spatial_privacy_plugin.counting.cells import default_origin, parse_resolutions
        from ...spatial_privacy_plugin.counting.zones import assign_points
        from ...spatial_privacy_plugin.release.sweep import non_nested_pairs
        from ...spatial_privacy_plugin.swap.households import grid_level, zone_level
        from ..io.polygons import read_polygons

        levels = []
        layers = self.parameterAsLayerList(parameters, self.HIERARCHY_ZONES, context)
        fields = [name.strip() for name in self.parameterAsString(
            parameters, self.HIERARCHY_ZONE_FIELDS, context).split(",") if name.strip()]
        if layers and len(fields) not in (1, len(layers)):
            raise QgsProcessingException(tr(
                "Give one zone id field for every zone layer ({layers} layers, {fields} fields), "
                "or one name that every layer has.").format(layers=len(layers),
                                                             fields=len(fields)))
        for number, layer in enumerate(layers):
            field = fields[number] if len(fields) > 1 else (fields[0] if fields else "")
            if field not in layer.fields().names():
                raise QgsProcessingException(tr(
                    "The zone layer {name} has no id field '{field}'; its fields are: "
                    "{available}.").format(name=layer.name(), field=field,
                                          available=", ".join(layer.fields().names())))
            polygons, ids = read_polygons(layer, crs, context, field)
            if not polygons:
                raise QgsProcessingException(tr("The zone layer {name} has no polygon.").format(
                    name=layer.name()))
            levels.append(zone_level(layer.name(), assign_points(homes.x, homes.y, polygons),
                                     ids))
        text = self.parameterAsString(parameters, self.HIERARCHY, context)
        sizes = sorted(parse_resolutions(text), reverse=True) if text.strip() else []
        if non_nested_pairs(sorted(sizes)):
            raise QgsProcessingException(tr(
                "The cell sizes {sizes} are not nested: each must be a whole multiple of the "
                "next finer one (e.g. 10000,1000,100), so that every cell lies in one coarser "
                "cell.").format(sizes=", ".join(f"{size:g}" for size in sizes)))
        if sizes:
            if parameters.get(self.ORIGIN) in (None, ""):
                origin = default_origin(homes.x, homes.y, sizes[0])
            else:
                point = self.parameterAsPoint(parameters, self.ORIGIN, context, crs)
                origin = (point.x(), point.y())
            levels += [grid_level(tr("{size:g} m cells").format(size=size), homes.x, homes.y,
                                  origin, size) for size in sizes]
        short = [size for size in sizes if distance is not None and distance < 2 * size]
        if short:
            feedback.pushWarning(tr(
                "Donors lie two cells or more away from a household's cell: with a largest donor "
                "distance of {distance:g} m, households at risk in cells of {sizes} m find few "
                "donors (none where the distance is at most the cell size). Widen the distance "
                "to twice the largest cell size or more, or leave it empty.").format(
                distance=distance, sizes=", ".join(f"{size:g}" for size in short)))
        if not levels:
            raise QgsProcessingException(tr(
                "Give the hierarchy: cell sizes (e.g. 10000,1000) and/or zone layers."))
        feedback.pushInfo(tr("Hierarchy, top first: {levels}.").format(
            levels="; ".join(level.name for level in levels)))
        return levels

    @staticmethod
    def profile_codes(homes, profiles, columns):
        from ...spatial_privacy_plugin.swap.households import profile_codes

        return [profile_codes(homes, {name: (columns[name] if name in columns
                                             else homes.size[homes.of_person])
                                      for name in names}) for names in profiles]

    @staticmethod
    def carried_values(homes, carried, columns):
        from ...spatial_privacy_plugin.swap.households import household_values

        return {name: household_values(homes, columns[name], name) for name in carried}

    def write_outputs(self, parameters, context, feedback, source, points, homes, result, levels,
                      carried_values):
        """The swapped persons (every field; the location and the carried fields of the
        household whose place each took), the swap log and the no-donor table."""
        import numpy as np

        from ...spatial_privacy_plugin.swap.swapping import swapped_locations
        from ..io.layers import make_fields, write_features
        from ..io.moved_points import write_moved_points

        new_x, new_y = swapped_locations(homes, result)
        taken = result.location_of[homes.of_person]
        destination = write_moved_points(
            self, parameters, self.OUTPUT, context, feedback, source,
            self.plain_layer(parameters, self.INPUT, context), homes.first[taken],
            set(carried_values), new_x, new_y) or \
            self.write_through_sink(parameters, context, feedback, source, new_x, new_y,
                                    {name: values[taken] for name, values in
                                     carried_values.items()})
        results = {self.OUTPUT: destination, self.HOUSEHOLDS_SWAPPED: result.households_swapped,
                   self.HIGH_RISK_UNSWAPPED: len(result.unswapped),
                   self.HIGH_RISK_HOUSEHOLDS: int((result.high_risk_level >= 0).sum())}
        household_ids = points.columns[self.parameterAsString(parameters, self.HOUSEHOLD_FIELD,
                                                              context)]

        def ids(households):
            """The household ids (as text) of household numbers."""
            return [str(household_ids[row]) for row in homes.first[households].tolist()]
        names = [level.name for level in levels]
        pairs = result.pairs
        log_fields = make_fields(LOG_FIELDS)
        sink, log = self.parameterAsSink(parameters, self.SWAP_LOG, context, log_fields,
                                         QgsWkbTypes.Type.NoGeometry)
        if sink is not None:
            reasons = [tr("high risk") if targeted else tr("swap rate")
                       for targeted in pairs["targeted"]]
            write_features(sink, log_fields, [
                ids(pairs["recipient"].to_numpy()), ids(pairs["donor"].to_numpy()),
                [names[level] for level in pairs["level"]], reasons, pairs["profile"] + 1,
                pairs["distance"]])
            results[self.SWAP_LOG] = log
            from ..presentation.styles import load_under_own_name
            load_under_own_name(context, log, tr("Swap log (data holder only; never publish)"))
        table_fields = make_fields(UNSWAPPED_FIELDS)
        sink, unswapped = self.parameterAsSink(parameters, self.UNSWAPPED, context, table_fields,
                                               QgsWkbTypes.Type.NoGeometry)
        if sink is not None:
            table = result.unswapped
            write_features(sink, table_fields, [
                ids(table["household"].to_numpy(dtype=np.int64)),
                [names[level] for level in table["level"]],
                table["smallest_count"], [tr(reason) for reason in table["reason"]]])
            results[self.UNSWAPPED] = unswapped
        return results

    def write_through_sink(self, parameters, context, feedback, source, x, y, carried):
        """The swapped persons feature by feature: each input feature with its new location
        and ``carried`` values (field name -> a value per feature)."""
        from ..io.layers import add_in_batches

        fields = source.fields()
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 QgsWkbTypes.Type.Point, source.sourceCrs())
        carried = {fields.lookupField(name): values.tolist() for name, values in carried.items()}
        xs, ys = x.tolist(), y.tolist()

        def features():
            for number, feature in enumerate(source.getFeatures()):
                moved = QgsFeature(feature)
                moved.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(xs[number], ys[number])))
                for index, values in carried.items():
                    moved.setAttribute(index, values[number])
                yield moved
        add_in_batches(sink, features(), feedback)
        return destination

    def describe(self, result, levels, feedback):
        from ...spatial_privacy_plugin.formatting import percent
        from ...spatial_privacy_plugin.swap.summary import neighbourhood_shares
        from ..presentation.swap_report import neighbourhood_text

        feedback.pushInfo(tr("{swapped} of {households} households swapped ({share}; the swap "
                             "rate asks for {target}); {high} were high-risk.").format(
            swapped=result.households_swapped, households=result.n_households,
            share=percent(result.households_swapped / result.n_households), target=result.target,
            high=int((result.high_risk_level >= 0).sum())))
        if result.households_swapped > result.target:
            feedback.pushWarning(tr(
                "The high-risk households alone need more swaps than the swap rate: every one of "
                "them was swapped (or listed). A coarser hierarchy or fewer risk fields make "
                "fewer of them."))
        elif result.households_swapped < result.target:
            feedback.pushWarning(tr(
                "Only {swapped} households could be swapped of the {target} the rate asks for: "
                "too few households have a donor (of their profile, outside their area, within "
                "the distance).").format(swapped=result.households_swapped, target=result.target))
        if len(result.unswapped):
            feedback.pushWarning(tr(
                "{count} high-risk household(s) kept their location for want of a donor: the "
                "table of high-risk households without a donor says why. Widen the donor "
                "distance, add a looser similarity profile, or protect them otherwise.").format(
                count=len(result.unswapped)))
        feedback.pushInfo(neighbourhood_text(neighbourhood_shares(result, levels)))
        feedback.pushInfo(tr("Never publish the swap log, the seed or the report: they undo the "
                             "swap. Publish the swapped persons' counts (e.g. with the cell key "
                             "grid)."))
