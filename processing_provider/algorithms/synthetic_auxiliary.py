"""spatialprivacy:syntheticauxiliary — the auxiliary table an adversary could build from published marginals."""

from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsProcessing, QgsProcessingException, \
    QgsProcessingParameterFeatureSink, QgsProcessingParameterFeatureSource, \
    QgsProcessingParameterField, QgsProcessingParameterNumber, QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import SpatialPrivacyAlgorithm, tr

# A stable label in the data (not translated): the join simulation carries it into its report.
PROVENANCE = "synthetic from marginals — lower bound"
MARGINAL_COLUMNS = ("attribute", "category", "share")


class SyntheticAuxiliary(SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "syntheticauxiliary"
    GROUP_ID = "adversary"
    DISPLAY_NAME = N_("Synthetic auxiliary data")
    SHORT_DESCRIPTION = N_("Builds the identified layer an adversary could assemble from address "
                           "points and published marginals, when no real one can be obtained; "
                           "results against it are a lower bound.")
    TAGS = N_("privacy,auxiliary,adversary,synthetic,marginals,census,linkage")
    ADVANCED = ("SEED",)

    ADDRESSES = "ADDRESSES"
    MARGINALS = "MARGINALS"
    ZONES = "ZONES"
    ZONE_ID_FIELD = "ZONE_ID_FIELD"
    COVERAGE = "COVERAGE"
    SEED = "SEED"
    OUTPUT = "OUTPUT"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.ADDRESSES, tr("Address points or buildings"),
            [QgsProcessing.SourceType.TypeVectorPoint, QgsProcessing.SourceType.TypeVectorPolygon]))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.MARGINALS, tr("Marginals table (attribute, category, share; zone)"),
            [QgsProcessing.SourceType.TypeVector]))
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.ZONES, tr("Zones of the marginals (optional)"),
            [QgsProcessing.SourceType.TypeVectorPolygon], optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.ZONE_ID_FIELD, tr("Zone id field"), parentLayerParameterName=self.ZONES,
            optional=True))
        self.addParameter(QgsProcessingParameterNumber(
            self.COVERAGE, tr("Share of addresses the adversary holds"),
            QgsProcessingParameterNumber.Type.Double, defaultValue=0.6, minValue=0.0, maxValue=1.0))
        self.addParameter(QgsProcessingParameterNumber(
            self.SEED, tr("Random seed"), QgsProcessingParameterNumber.Type.Integer,
            defaultValue=1, minValue=0))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Synthetic auxiliary points"), QgsProcessing.SourceType.TypeVectorPoint))

    def process(self, parameters, context, feedback):
        import numpy as np

        from ...spatial_privacy_plugin.release.grid import check_coordinates
        from ...spatial_privacy_plugin.risk.masking import read_marginals, sample_auxiliary
        from ...spatial_privacy_plugin.counting.zones import assign_points
        from ..io.layers import add_in_batches, make_fields, point_arrays, read_attributes
        from ..io.polygons import read_polygons

        addresses = self.parameterAsSource(parameters, self.ADDRESSES, context)
        marginal_source = self.parameterAsSource(parameters, self.MARGINALS, context)
        zones = self.parameterAsSource(parameters, self.ZONES, context)
        zone_field = self.parameterAsString(parameters, self.ZONE_ID_FIELD, context)
        if addresses is None or marginal_source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        if not addresses.sourceCrs().isValid():  # the auxiliary points would have none either
            raise QgsProcessingException(tr(
                "The address layer has no valid CRS, so the auxiliary points could not be matched "
                "with a release. Set the CRS its coordinates are in (Layer Properties, Source) "
                "and run again."))
        if zones is not None and not zone_field:
            raise QgsProcessingException(tr("Choose the zone id field of the zones layer."))
        columns = MARGINAL_COLUMNS + (("zone",) if zones is not None else ())
        table = read_attributes(marginal_source, list(columns), feedback)
        marginals = read_marginals(table["attribute"], table["category"], table["share"],
                                   table["zone"] if zones is not None else None)
        _, anchors = read_attributes(addresses, [], feedback, anchors=True)
        if not anchors:
            raise QgsProcessingException(tr(
                "The address layer has no features (or none selected): there are no addresses "
                "to draw the auxiliary points from."))
        missing = sum(anchor is None for anchor in anchors)
        if missing:
            raise QgsProcessingException(tr("{count} address(es) have no geometry: repair or remove "
                                            "them first.").format(count=missing))
        check_coordinates(*point_arrays(anchors))  # NaN, infinite or absurd coordinates are refused
        if zones is not None:
            polygons, zone_ids = read_polygons(zones, addresses.sourceCrs(), context, zone_field)
            owners = assign_points(*point_arrays(anchors), polygons)
            # Zone ids in the marginals table may be text while the layer's are numbers.
            by_text = {str(zone): zone for zone in marginals}
            address_zones = [by_text.get(str(zone_ids[owner]), zone_ids[owner]) if owner >= 0
                             else "<none>" for owner in owners]
        else:
            address_zones = [None] * len(anchors)
        rng = np.random.default_rng(self.parameterAsInt(parameters, self.SEED, context))
        held, sampled = sample_auxiliary(address_zones, marginals,
                                         self.parameterAsDouble(parameters, self.COVERAGE, context), rng)
        attributes = sorted(sampled)
        fields = make_fields((("aux_id", "int"),) + tuple((name, "string") for name in attributes)
                             + (("provenance", "string"),))
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 QgsWkbTypes.Type.Point, addresses.sourceCrs())

        def features():
            for position, index in enumerate(held.tolist()):
                feature = QgsFeature(fields)
                feature.setAttributes([index + 1] + [str(sampled[name][position]) for name in attributes]
                                      + [PROVENANCE])
                feature.setGeometry(QgsGeometry.fromPointXY(QgsPointXY(anchors[index])))
                yield feature
        add_in_batches(sink, features(), feedback)
        feedback.pushInfo(tr("{held} of {total} addresses held ({share:.0%}); attributes sampled: "
                             "{attributes}. Figures against this layer are a lower bound.").format(
            held=len(held), total=len(anchors), share=len(held) / max(len(anchors), 1),
            attributes=", ".join(attributes)))
        return {self.OUTPUT: destination}
