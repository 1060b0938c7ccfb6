"""spatialprivacy:geomask — donut geomasking, to make releases the join simulation can test."""

from qgis.core import QgsFeature, QgsGeometry, QgsPointXY, QgsProcessing, QgsProcessingException, \
    QgsProcessingParameterDistance, QgsProcessingParameterFeatureSink, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, \
    QgsProcessingParameterString, QgsWkbTypes

from ...spatial_privacy_plugin.errors import N_
from ..base import SpatialPrivacyAlgorithm, tr

MASK_FIELDS = (("mask_min_m", "double"), ("mask_max_m", "double"))


class Geomask(SpatialPrivacyAlgorithm):
    ALGORITHM_ID = "geomask"
    GROUP_ID = "adversary"
    DISPLAY_NAME = N_("Donut geomask")
    SHORT_DESCRIPTION = N_("Moves every point in a random direction by a distance between a "
                           "minimum and a maximum radius, uniformly over the ring's area.")
    TAGS = N_("privacy,geomask,donut,displacement,masking,anonymisation,release")
    ADVANCED = ("SEED",)

    INPUT = "INPUT"
    MIN_RADIUS = "MIN_RADIUS"
    MAX_RADIUS = "MAX_RADIUS"
    SEED = "SEED"
    KEEP_FIELDS = "KEEP_FIELDS"
    OUTPUT = "OUTPUT"

    def initAlgorithm(self, config=None):  # noqa: N802 (QGIS's name)
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.INPUT, tr("Points to mask (metric CRS)"), [QgsProcessing.SourceType.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterDistance(
            self.MIN_RADIUS, tr("Minimum displacement"), defaultValue=50.0,
            parentParameterName=self.INPUT, minValue=0.0))
        self.addParameter(QgsProcessingParameterDistance(
            self.MAX_RADIUS, tr("Maximum displacement"), defaultValue=250.0,
            parentParameterName=self.INPUT, minValue=0.0))
        # Text, so that a seed is as long a key as its user wants (it is hashed to 256 bits).
        self.addParameter(QgsProcessingParameterString(
            self.SEED, tr("Seed, only to reproduce a test (leave empty)"),
            optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.KEEP_FIELDS, tr("Fields to keep (empty: none)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True))
        self.addParameter(QgsProcessingParameterFeatureSink(
            self.OUTPUT, tr("Masked points"), QgsProcessing.SourceType.TypeVectorPoint))

    def process(self, parameters, context, feedback):
        from ...spatial_privacy_plugin.release.grid import check_coordinates
        from ...spatial_privacy_plugin.risk.masking import donut_displacement, mask_generator
        from ..io.layers import add_in_batches, make_fields, read_points

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        if QgsWkbTypes.isMultiType(source.wkbType()):
            raise QgsProcessingException(tr("Multipoint features would be masked part by part: "
                                            "explode them first (each part a record)."))
        keep = self.field_names(parameters, self.KEEP_FIELDS, context)
        points = read_points(source, keep, feedback)
        low = self.parameterAsDouble(parameters, self.MIN_RADIUS, context)
        check_coordinates(points.x, points.y)  # NaN, infinite or absurd coordinates are refused
        high = self.parameterAsDouble(parameters, self.MAX_RADIUS, context)
        seed = self.parameterAsString(parameters, self.SEED, context) \
            if parameters.get(self.SEED) not in (None, "") else None
        dx, dy = donut_displacement(len(points.x), low, high, mask_generator(seed))
        if seed is not None:
            feedback.pushWarning(tr(
                "The mask was drawn from the given seed: anyone who holds the seed (or finds it in "
                "a saved model or the Processing history) can undo the displacement. Use a seed "
                "only to reproduce a test; leave it empty for a release."))
        if keep:
            feedback.pushWarning(tr("Kept fields: {fields}. Any of them that identifies a person "
                                    "(an id, a truth field) links the masked points back to the "
                                    "people; keep such a field only to test the mask.").format(
                fields=", ".join(keep)))
        kept_fields = [source.fields().field(name) for name in keep]
        clashing = [name for name in keep if name in dict(MASK_FIELDS)]
        if clashing:
            raise QgsProcessingException(tr("The input already has the field(s) {fields}: leave "
                                            "them out of the fields to keep.").format(
                fields=", ".join(clashing)))
        fields = make_fields(tuple(kept_fields) + MASK_FIELDS)
        sink, destination = self.parameterAsSink(parameters, self.OUTPUT, context, fields,
                                                 QgsWkbTypes.Type.Point, source.sourceCrs())

        def features():
            for index in range(len(points.x)):
                feature = QgsFeature(fields)
                feature.setAttributes([points.columns[name][index] for name in keep] + [low, high])
                feature.setGeometry(QgsGeometry.fromPointXY(
                    QgsPointXY(points.x[index] + dx[index], points.y[index] + dy[index])))
                yield feature
        add_in_batches(sink, features(), feedback)
        feedback.pushInfo(tr("{count} points displaced by {low:g} to {high:g} m (uniform over the "
                             "ring's area). Quote the radii in the methodology note; never publish "
                             "the seed.").format(count=len(points.x), low=low, high=high))
        return {self.OUTPUT: destination}
