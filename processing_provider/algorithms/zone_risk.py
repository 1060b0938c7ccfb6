"""spatialprivacy:zonerisk — re-identification risk per zone, the input of the risk budget gate."""

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingOutputNumber, \
    QgsProcessingOutputString, QgsProcessingParameterEnum, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, QgsProcessingParameterFile

from ...spatial_privacy_plugin.errors import N_
from ..base import tr
from ..person_field import chosen_person_field, other_person_fields, person_field_parameter, \
    warn_if_features_are_counted
from ..risk_base import RiskAlgorithm

METHODS = (N_("individual risk"), N_("uniqueness"))  # index order is stored in models
ZONE_FIELDS = (("zone_id", "string"), ("p_reid", "double"), ("p_reid_low", "double"),
               ("p_reid_high", "double"), ("n_records", "int"), ("n_persons", "int"),
               ("n_sample_unique", "int"), ("method", "string"), ("ceiling", "double"),
               ("zones_hash", "string"), ("policy_hash", "string"))


# Zones whose shared area exceeds this share of the smaller one overlap (a
# shared edge digitised twice leaves slivers far smaller than this).
OVERLAP_TOLERANCE = 1e-6
# A worst zone less than this many times the mean: the zones are alike (no "1.0 times lower").
ALIKE_RATIO = 1.05


def refuse_overlapping_zones(zone_ids, geometries):
    """Zones are a partition: two whose interiors share an area would each claim its records.

    Returns whether any two share interior below the tolerance (a sliver, where the first
    zone listed takes the records).
    """
    from qgis.core import QgsGeometry, QgsSpatialIndex

    shared_interior = False
    index = QgsSpatialIndex()
    for position, geometry in enumerate(geometries):
        if not geometry.isNull():
            index.addFeature(position, geometry.boundingBox())
    for position, geometry in enumerate(geometries):
        if geometry.isNull():
            continue
        engine = QgsGeometry.createGeometryEngine(geometry.constGet())
        engine.prepareGeometry()
        for other in index.intersects(geometry.boundingBox()):
            if other <= position or not engine.relatePattern(geometries[other].constGet(),
                                                             "2********"):
                continue
            shared = geometry.intersection(geometries[other]).area()
            smaller = min(geometry.area(), geometries[other].area())
            if shared > OVERLAP_TOLERANCE * smaller:
                raise QgsProcessingException(tr(
                    "The zones {first} and {second} overlap ({area:g} square map units in common): "
                    "zones must be a partition, or records in the overlap count in one zone only. "
                    "Repair the zone layer (e.g. remove the overlap, or dissolve the two) and run "
                    "again.").format(first=zone_ids[position], second=zone_ids[other], area=shared))
            shared_interior = True
    return shared_interior


class ZoneRisk(RiskAlgorithm):
    ALGORITHM_ID = "zonerisk"
    DISPLAY_NAME = N_("Zone re-identification risk")
    SHORT_DESCRIPTION = N_("Re-identification probability per zone with a confidence interval; "
                           "the worst zone, not the average, is the release's risk.")
    TAGS = N_("privacy,disclosure,risk,zone,worst case,wilson,release,budget")
    ADVANCED = ("POPULATION_FIELD", "HOUSEHOLD_FIELD")

    ZONES = "ZONES"
    ZONE_ID_FIELD = "ZONE_ID_FIELD"
    RECORDS = "RECORDS"
    PERSON_FIELD = "PERSON_FIELD"
    METHOD = "METHOD"
    OUTPUT = "OUTPUT"
    WORST_ZONE = "WORST_ZONE"
    WORST_P_REID = "WORST_P_REID"
    POOLED_P_REID = "POOLED_P_REID"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.ZONES, tr("Zones an adversary could also draw"),
            [QgsProcessing.SourceType.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterField(
            self.ZONE_ID_FIELD, tr("Zone id field"), parentLayerParameterName=self.ZONES))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.RECORDS, tr("Records (points, any CRS)"), [QgsProcessing.SourceType.TypeVectorPoint]))
        self.add_key_parameters(self.RECORDS)
        self.addParameter(QgsProcessingParameterEnum(
            self.METHOD, tr("Zone risk"), [tr(method) for method in METHODS], defaultValue=0))
        self.addParameter(person_field_parameter(
            self.PERSON_FIELD, tr("Person id (to count distinct people per zone)"), self.RECORDS,
            optional=True))
        self.addParameter(QgsProcessingParameterFile(
            self.POLICY, tr("Policy file (its per-release ceiling marks zones above it)"),
            QgsProcessingParameterFile.Behavior.File, optional=True,
            fileFilter=tr("Policy files (*.toml *.json)")))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Zones with their risk"), QgsProcessing.SourceType.TypeVectorPolygon))
        self.addOutput(QgsProcessingOutputString(self.WORST_ZONE, tr("Worst zone")))
        self.addOutput(QgsProcessingOutputNumber(self.WORST_P_REID, tr("Worst zone's risk")))
        self.addOutput(QgsProcessingOutputNumber(self.POOLED_P_REID, tr("Record-weighted mean risk")))

    def process(self, parameters, context, feedback):
        import numpy as np

        from ...spatial_privacy_plugin.formatting import percent
        from ...spatial_privacy_plugin.policy import load_policy
        from ...spatial_privacy_plugin.risk.measures import worst_and_pooled, zone_table_counted, \
            zones_hash
        from ..io.layers import make_fields, read_attributes, write_features
        from ..io.polygons import read_polygons
        from ..io.postgis_zones import zone_counts_in_postgis
        from ..presentation.styles import apply_style, risk_renderer

        zones = self.parameterAsSource(parameters, self.ZONES, context)
        records = self.parameterAsSource(parameters, self.RECORDS, context)
        if zones is None or records is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        zone_field = self.parameterAsString(parameters, self.ZONE_ID_FIELD, context)
        keys, weight, population, household = self.key_inputs(parameters, context)
        person = chosen_person_field(self, parameters, self.PERSON_FIELD, context, records)
        others = other_person_fields(records, person) if person else []
        method = ("individual risk", "uniqueness")[self.parameterAsEnum(parameters, self.METHOD, context)]
        policy_path = self.parameterAsFile(parameters, self.POLICY, context)
        policy = load_policy(policy_path) if policy_path else None
        ceiling = policy.get("per_release_ceiling") if policy is not None else None

        # Read first: a zone without a CRS or an invalid one is refused before GEOS meets it.
        polygons, polygon_ids = read_polygons(zones, zones.sourceCrs(), context, zone_field)
        zone_columns = read_attributes(zones, [zone_field], feedback)
        zone_ids = [None if value is None else str(value) for value in zone_columns[zone_field]]
        if any(zone_id is None for zone_id in zone_ids):
            raise QgsProcessingException(tr("{count} zone(s) have no id: every zone needs one.")
                                         .format(count=sum(z is None for z in zone_ids)))
        geometries = [feature.geometry() for feature in zones.getFeatures()]
        fingerprint = zones_hash(zone_ids, [g.asWkb() for g in geometries])
        shared_interior = refuse_overlapping_zones(zone_ids, geometries)
        index_of = {zone_id: position for position, zone_id in enumerate(zone_ids)}
        zone_of_polygon = np.array([index_of[str(zone)] for zone in polygon_ids], dtype=np.int64)

        counts = None
        if not (household or population):  # per-record figures the database does not return
            counts = zone_counts_in_postgis(self, parameters, context, feedback, polygons,
                                            zones.sourceCrs(), not shared_interior, person, keys,
                                            weight)
        if counts is not None:
            refuse_records_outside(counts.rows - counts.assigned)
            n_persons = None
            if person:
                n_persons = np.zeros(len(zone_ids))
                for polygon, people in counts.persons.items():
                    n_persons[zone_of_polygon[polygon]] = people
            table = zone_table_counted(zone_of_polygon[counts.polygon], counts.key_columns, keys,
                                       counts.records, zone_ids, counts.weights,
                                       counts.bad_weights, n_persons, method)
        else:
            table = self.table_from_points(parameters, context, feedback, records, zones, keys,
                                           (weight, population, household), person, others,
                                           polygons, zone_of_polygon, zone_ids, method)
        empty = table["p_reid"].isna()
        if empty.any():
            feedback.pushWarning(tr("{count} zone(s) hold no record and get no estimate: a risk "
                                    "budget gate blocks on them (missing evidence).").format(
                count=int(empty.sum())))
        table["method"] = method
        table["ceiling"] = ceiling
        table["zones_hash"] = fingerprint
        table["policy_hash"] = policy.policy_hash if policy is not None else None

        fields = make_fields(ZONE_FIELDS)
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 zones.wkbType(), zones.sourceCrs())
        names = [name for name, _ in ZONE_FIELDS]
        write_features(sink, fields, [table[name] for name in names], geometries, feedback)
        del sink  # closes a file output so that its style can be stored in it
        risks = table["p_reid"].tolist()
        apply_style(lambda: risk_renderer("p_reid", ceiling, zones=risks), destination, context)

        worst_zone, worst, pooled = worst_and_pooled(table)
        if worst is not None and pooled and worst / pooled < ALIKE_RATIO:
            feedback.pushInfo(tr("Worst zone {zone}: {worst}; record-weighted mean {pooled} (about "
                                 "the same: the zones' risks are alike). The release's risk is "
                                 "the worst zone.").format(zone=worst_zone, worst=percent(worst),
                                                           pooled=percent(pooled)))
        elif worst is not None:
            feedback.pushInfo(tr("Worst zone {zone}: {worst}; record-weighted mean {pooled} "
                                 "({ratio:.1f} times lower). The release's risk is the worst zone.")
                              .format(zone=worst_zone, worst=percent(worst), pooled=percent(pooled),
                                      ratio=worst / pooled if pooled else float("inf")))
        return {self.OUTPUT: destination, self.WORST_ZONE: worst_zone, self.WORST_P_REID: worst,
                self.POOLED_P_REID: pooled}

    def table_from_points(self, parameters, context, feedback, records, zones, keys, optional,
                          person, others, polygons, zone_of_polygon, zone_ids, method):
        """The zone table from the records read point by point and assigned in QGIS.

        Persons are read as the other algorithms read them: a person's points (or the parts
        of a multipoint) are one record of one person in each zone they fall in, and NULL
        person ids are refused, never dropped."""
        import numpy as np

        from ...spatial_privacy_plugin.counting.cells import encode_person_ids
        from ...spatial_privacy_plugin.risk.measures import person_records, zone_table
        from ...spatial_privacy_plugin.counting.zones import assign_points
        from ..io.layers import read_points

        weight, population, household = optional
        measured = self.needed_fields(keys, weight, population, household)
        fields_needed = list(dict.fromkeys(measured + [person] * bool(person) + others))
        points = read_points(records, fields_needed, feedback, zones.sourceCrs(), context,
                             metric=False, layer=self.plain_layer(parameters, self.RECORDS, context))
        if not person and points.n_multipoint_parts:
            raise QgsProcessingException(tr(
                "The records include multipoint features: give the person id field, so that the "
                "parts of one record are counted as one person, or explode them first if each "
                "part is a person of its own."))
        if person:
            warn_if_features_are_counted(
                self.parameterAsVectorLayer(parameters, self.RECORDS, context), person,
                points.columns[person], {name: points.columns[name] for name in others}, feedback)
        owners = assign_points(points.x, points.y, polygons)
        refuse_records_outside(int(np.sum(owners < 0)))
        first = np.arange(len(points.x))
        if person:  # one record per person, zone and measured values (as PostGIS counts them)
            codes = encode_person_ids(points.columns[person], person)
            _, first = person_records(codes, [owners] + [points.columns[name] for name in measured])
        columns = {name: [points.columns[name][row] for row in first] for name in measured}
        result = self.measure(columns, keys, weight, population, household)
        record_values = result.household if household else result.risk
        return zone_table(zone_of_polygon[owners[first]], zone_ids, record_values,
                          result.sample_unique, codes[first] if person else None, method)


def refuse_records_outside(outside):
    if outside:
        raise QgsProcessingException(tr(
            "{count} record(s) lie in no zone. Nothing is dropped silently: extend the zones "
            "to cover them, or clip the records first and report the clipped ones.").format(
            count=outside))
