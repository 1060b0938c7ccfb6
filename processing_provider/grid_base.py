"""What the sweep and the suppressed grid share: their point inputs and grid origin."""

from dataclasses import dataclass

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingParameterEnum, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, QgsProcessingParameterNumber, \
    QgsProcessingParameterPoint

from ..spatial_privacy_plugin.errors import N_
from .base import SpatialPrivacyAlgorithm, tr

# Shown in the order of grid.MARGINAL_KINDS; the index is what models store.
MARGINAL_OPTIONS = (N_("none"), N_("grand total"), N_("parent cells"),
                    N_("grand total and parent cells"))


@dataclass(frozen=True)
class GridInput:
    x: object
    y: object
    person_codes: object
    key_codes: object
    key_columns: dict
    origin: tuple
    n_features: int
    n_points: int
    crs: object  # the input's CRS, the grid's
    fields: object  # the input's QgsFields


class PointGridAlgorithm(SpatialPrivacyAlgorithm):
    """Base of algorithms that bin a point layer of people into square cells."""

    GROUP_ID = "grids"
    INPUT = "INPUT"
    PERSON_FIELD = "PERSON_FIELD"
    ORIGIN = "ORIGIN"
    KEY_FIELDS = "KEY_FIELDS"
    STRATA = "STRATA"
    STRATUM_FIELD = "STRATUM_FIELD"
    MARGINALS = "MARGINALS"
    PARENT_FACTOR = "PARENT_FACTOR"

    def add_point_parameters(self):
        self.addParameter(QgsProcessingParameterFeatureSource(
            self.INPUT, tr("Points of people (projected CRS in metres)"),
            [QgsProcessing.SourceType.TypeVectorPoint]))
        self.addParameter(QgsProcessingParameterField(
            self.PERSON_FIELD, tr("Person id field (counts are of distinct ids)"),
            parentLayerParameterName=self.INPUT))

    def add_grid_parameters(self):
        self.addParameter(QgsProcessingParameterPoint(
            self.ORIGIN, tr("Grid origin (lower-left corner; empty: smallest x and y of the points)"),
            optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.KEY_FIELDS, tr("Published attribute fields (the key is cell × these attributes)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True))

    def add_marginal_parameters(self):
        self.add_protection_parameter()
        self.addParameter(QgsProcessingParameterEnum(
            self.MARGINALS, tr("Totals published beside the grid (withheld cells must not be "
                               "recoverable from them)"),
            [tr(option) for option in MARGINAL_OPTIONS], defaultValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            self.PARENT_FACTOR, tr("Parent cells: how many cells wide (a 250 m grid with 1 km "
                                   "parents: 4)"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=4, minValue=2))

    def marginals_from_parameters(self, parameters, context, policy):
        """The declared marginals, or None when no totals are published."""
        from ..spatial_privacy_plugin import grid

        kind = grid.MARGINAL_KINDS[self.parameterAsEnum(parameters, self.MARGINALS, context)]
        if kind == grid.MARGINALS_NONE:
            return None
        return grid.Marginals(kind, self.parameterAsInt(parameters, self.PARENT_FACTOR, context),
                              policy.protection_level, policy.straddle_k)

    def read_strata(self, parameters, context, crs):
        """(polygon parts per stratum, stratum names) in ``crs``, or None without strata.

        Several polygons may share a stratum name; their parts are gathered.
        """
        from .io import read_polygons

        strata = self.parameterAsSource(parameters, self.STRATA, context)
        if strata is None:
            return None
        field = self.parameterAsString(parameters, self.STRATUM_FIELD, context)
        if not field:
            raise QgsProcessingException(tr("Choose the field that names the strata."))
        polygons, names = read_polygons(strata, crs, context, field)
        names = [str(name) for name in names]
        unique_names = list(dict.fromkeys(names))
        merged = [[part for polygon, name in zip(polygons, names) if name == stratum
                   for part in polygon] for stratum in unique_names]
        return merged, unique_names

    def read_grid_input(self, parameters, context, feedback):
        """Read the points, encode people and keys, fix the origin; refuse bad input."""
        from ..spatial_privacy_plugin import grid
        from .io import read_points

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        person_field = self.parameterAsString(parameters, self.PERSON_FIELD, context)
        if not person_field:
            raise QgsProcessingException(tr("Choose the field that identifies people."))
        key_fields = self.field_names(parameters, self.KEY_FIELDS, context)
        points = read_points(source, [person_field] + key_fields, feedback,
                             layer=self.plain_layer(parameters, self.INPUT, context))
        grid.check_coordinates(points.x, points.y)
        if points.n_multipoint_parts:
            feedback.pushInfo(tr("Multipoint features were exploded into {count} points; each "
                                 "part counts for the same person, so no count is inflated.")
                              .format(count=points.n_multipoint_parts))
        person_codes = grid.encode_person_ids(points.columns[person_field], person_field)
        key_columns = {name: points.columns[name] for name in key_fields}
        key_codes = grid.encode_key_columns(list(key_columns.values()), len(points.x))
        if parameters.get(self.ORIGIN) in (None, ""):
            origin = grid.default_origin(points.x, points.y)
        else:
            point = self.parameterAsPoint(parameters, self.ORIGIN, context, source.sourceCrs())
            origin = (point.x(), point.y())
        feedback.pushInfo(tr("Grid origin: {x}, {y} (in {crs}). Reuse it in later releases so that "
                             "grids stay aligned.").format(x=repr(origin[0]), y=repr(origin[1]),
                                                           crs=source.sourceCrs().authid()))
        return GridInput(points.x, points.y, person_codes, key_codes, key_columns, origin,
                         points.n_features, len(points.x), source.sourceCrs(), source.fields())

    def describe_policy(self, policy, feedback, data):
        feedback.pushInfo(tr("k = {k} from ρ = {rho} (policy {hash}); counting unit: {unit}; "
                             "{people} distinct ids in {points} points.").format(
            k=policy.k, rho=policy.rho, hash=policy.policy_hash[:12], unit=policy.counting_unit,
            people=int(data.person_codes.max()) + 1, points=data.n_points))
