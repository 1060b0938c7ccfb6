"""What the sweep and the suppressed grid share: their point inputs and grid origin."""

from dataclasses import dataclass

from qgis.core import QgsProcessing, QgsProcessingException, QgsProcessingParameterEnum, \
    QgsProcessingParameterMultipleLayers, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterField, QgsProcessingParameterNumber, \
    QgsProcessingParameterPoint

from ..spatial_privacy_plugin.errors import N_
from .base import SpatialPrivacyAlgorithm, tr
from .person_field import chosen_person_field, other_person_fields, person_field_parameter, \
    warn_if_features_are_counted

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
    columns: dict = None  # every column read (person field, extra fields), aligned with x and y
    person_field: str = ""

    @property
    def people(self):
        """The number of distinct people (grid.PeopleTotal)."""
        from ..spatial_privacy_plugin.counting.cells import people_total

        return people_total(self.person_codes)


@dataclass(frozen=True)
class EarlierRelease:
    """A grid published earlier in the series, as read from its layer."""

    name: str
    crs: object  # QgsCoordinateReferenceSystem
    resolution: float
    origin: tuple  # lower-left corner of cell (0, 0)
    release: object  # series.PublishedRelease
    key_fields: tuple  # the published attribute fields (the grid's fields between size and count)
    key_values: dict  # attribute label (see attribute_labels) -> the values of those fields


def first_point_layer_for_dialog():
    """In QGIS's window, when the active layer is not a point layer: the id of the project's
    first point layer (top of the Layers panel), for the dialog to open on; else None."""
    from qgis.core import QgsProject, QgsVectorLayer, QgsWkbTypes
    from qgis.utils import iface

    def is_points(layer):
        return isinstance(layer, QgsVectorLayer) and \
            layer.geometryType() == QgsWkbTypes.GeometryType.PointGeometry

    if iface is None or is_points(iface.activeLayer()):
        return None
    return next((layer.id() for layer in QgsProject.instance().layerTreeRoot().layerOrder()
                 if is_points(layer)), None)


# The totals columns say which totals were published beside each release (NULL: none).
RELEASE_FIELDS = ("cell_id", "col", "row", "resolution_m", "n_persons", "status", "parent_id",
                  "parent_total", "grand_total")


def attribute_labels(columns):
    """One text per record naming its published attribute values (None without attributes)."""
    from .io.layers import python_value

    if not columns:
        return None
    return ["|".join(str(python_value(value)) for value in values) for values in zip(*columns)]


def read_release(layer, feedback, k=None, stated_people=False):
    """A grid layer as this plugin wrote and published it, validated, as EarlierRelease.

    ``k``: the policy's, which gives the status labels of older layers (primary,
    complementary) the ranges an attacker reads from them; ``stated_people``: an earlier
    release's number of people, which its layer's metadata carries unless the policy kept
    it secret, is part of what the attacker holds."""
    import numpy as np

    from ..spatial_privacy_plugin.release import grid
    from .io.layers import read_attributes

    name = layer.name()
    missing = [field for field in RELEASE_FIELDS if field not in layer.fields().names()]
    if missing:
        raise QgsProcessingException(tr(
            "The release {name} lacks the field(s) {fields}: give the grid layers of the series "
            "as this version of the plugin writes them (the totals columns say which totals were "
            "published with each release).").format(name=name, fields=", ".join(missing)))
    names = layer.fields().names()
    # The grid writes its attribute fields between resolution_m and n_persons.
    key_fields = tuple(names[names.index("resolution_m") + 1:names.index("n_persons")])
    columns = read_attributes(layer, list(RELEASE_FIELDS) + list(key_fields), feedback)
    labels = attribute_labels([columns[field] for field in key_fields])
    keys = grid.series_keys(columns["cell_id"], labels)
    sizes = set(columns["resolution_m"])
    if len(sizes) != 1 or None in sizes:
        raise QgsProcessingException(tr(
            "The release {name} must have one cell size (it has {sizes}): a grid with a cell size "
            "per stratum cannot be part of a series.").format(
            name=name, sizes=", ".join(sorted(str(size) for size in sizes))))
    if len(set(keys)) != len(keys):
        raise QgsProcessingException(tr(
            "The release {name} has several records for one cell and attribute combination: give "
            "the layer as it was published.").format(name=name))
    unknown = sorted({str(status) for status in columns["status"]} - set(grid.ALL_STATUSES))
    if unknown:
        raise QgsProcessingException(tr(
            "The release {name} has unknown status value(s) {values}; expected {expected}.").format(
            name=name, values=", ".join(unknown), expected=", ".join(grid.ALL_STATUSES)))
    people = _stated_people(layer, feedback) if stated_people else None
    release = grid.published_release(columns, keys, k, people)
    if np.isnan(release.values[~release.withheld]).any():
        raise QgsProcessingException(tr(
            "The release {name} has published cells without a count: give the layer as it was "
            "published.").format(name=name))
    resolution = float(sizes.pop())
    values_of_label = {} if labels is None else dict(zip(labels, zip(*[columns[field]
                                                                       for field in key_fields])))
    return EarlierRelease(name, layer.crs(), resolution, _grid_origin(layer, resolution), release,
                          key_fields, values_of_label)


def audit_series(layer, earlier_layers, policy, people, feedback):
    """The gate's audit of a grid layer jointly with the earlier releases of its series
    (oldest first); ``people``: the number the attacker holds of this release."""
    from ..spatial_privacy_plugin.release.series_gate import evaluate_series_audit
    from ..spatial_privacy_plugin.release.series import Series

    if policy.series_max_change is None:
        raise QgsProcessingException(tr(
            "A series audit needs series_max_change in the policy file: the most a cell's "
            "count can change between consecutive releases as an attacker may assume."))
    current = read_release(layer, feedback, policy.k)
    earlier = [read_release(other, feedback, policy.k, stated_people=True)
               for other in earlier_layers]
    for release in earlier:
        refuse_other_grid(release, layer.crs(), current.origin, current.resolution,
                          current.key_fields)
    audit = evaluate_series_audit(Series([release.release for release in earlier],
                                         policy.series_max_change),
                                  current.release, policy.protection_level,
                                  policy.k if policy.straddle_k else None, people, policy.k)
    feedback.pushInfo(tr("Series audit with {count} earlier release(s), assuming no cell changes "
                         "by more than {delta:g} between releases.").format(
        count=len(earlier), delta=policy.series_max_change))
    return audit


def _stated_people(layer, feedback):
    """The number of people an earlier release states in its metadata (as the grid wrote it),
    or None."""
    from ..spatial_privacy_plugin.release import grid
    from .io.release_metadata import read_people

    stated = read_people(layer)
    if stated is None:
        return None
    feedback.pushInfo(tr("The release {name} states {n} people (its metadata): the series "
                         "audit holds it as the attacker does.").format(name=layer.name(),
                                                                         n=stated[0]))
    return grid.PeopleTotal(*stated)


def withheld_in_latest(earlier_layers, cell_ids, labels, feedback, k=None):
    """Per record of a grid (its ``cell_ids`` and attribute ``labels``): withheld in the latest
    of ``earlier_layers`` (oldest first), so possibly empty now (the grid emits such a cell
    withheld when it empties); None without earlier releases or cell ids."""
    from ..spatial_privacy_plugin.release import grid
    from ..spatial_privacy_plugin.release.series import Series

    if not earlier_layers or cell_ids is None:
        return None
    latest = read_release(earlier_layers[-1], feedback, k).release
    return Series([latest], 0).previously_withheld(grid.series_keys(cell_ids, labels))


def refuse_other_grid(release, crs, origin, resolution=None, key_fields=None):
    """Refuse an earlier release in another CRS, on another origin or (given) with another cell
    size or other attribute fields: a series compares the same cells."""
    if key_fields is not None and tuple(key_fields) != release.key_fields:
        raise QgsProcessingException(tr(
            "The earlier release {name} publishes the attribute fields ({theirs}), this grid "
            "({ours}): a series keeps the same breakdown.").format(
            name=release.name, theirs=", ".join(release.key_fields) or "-",
            ours=", ".join(key_fields) or "-"))
    if release.crs != crs:
        raise QgsProcessingException(tr(
            "The earlier release {name} is in {theirs}, this grid in {ours}: a series keeps one "
            "CRS and one grid.").format(name=release.name, theirs=release.crs.authid(),
                                        ours=crs.authid()))
    if resolution is not None and abs(release.resolution - resolution) > 1e-9 * resolution:
        raise QgsProcessingException(tr(
            "The earlier release {name} has {theirs:g} m cells, this grid {ours:g} m: a series "
            "keeps one cell size.").format(name=release.name, theirs=release.resolution,
                                           ours=resolution))
    if release.origin is not None and origin is not None and max(
            abs(a - b) for a, b in zip(release.origin, origin)) > 1e-6 * release.resolution:
        raise QgsProcessingException(tr(
            "The earlier release {name} is on another grid origin: cells of a series must be the "
            "same cells. Leave the origin empty to take the series' origin.").format(
            name=release.name))


def _grid_origin(layer, resolution):
    """The lower-left corner of cell (0, 0) of a grid layer, from one of its cells."""
    from qgis.core import QgsFeatureRequest

    for feature in layer.getFeatures(QgsFeatureRequest().setLimit(1)):
        box = feature.geometry().boundingBox()
        return (box.xMinimum() - feature["col"] * resolution,
                box.yMinimum() - feature["row"] * resolution)
    return None


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
    PREVIOUS_RELEASES = "PREVIOUS_RELEASES"

    def add_point_parameters(self):
        points = QgsProcessingParameterFeatureSource(
            self.INPUT, tr("Points of people (projected CRS in metres)"),
            [QgsProcessing.SourceType.TypeVectorPoint])
        # QGIS 3.22's dialog shows the active layer, or nothing where it is not points.
        points.setGuiDefaultValueOverride(first_point_layer_for_dialog())
        self.addParameter(points)
        self.addParameter(person_field_parameter(
            self.PERSON_FIELD, tr("Person id field (counts are of distinct ids)"), self.INPUT))

    def add_grid_parameters(self):
        self.addParameter(QgsProcessingParameterPoint(
            self.ORIGIN, tr("Grid origin (lower-left corner; empty: automatic)"),
            optional=True))
        self.addParameter(QgsProcessingParameterField(
            self.KEY_FIELDS, tr("Published attribute fields (counts per cell × attributes)"),
            parentLayerParameterName=self.INPUT, allowMultiple=True, optional=True))

    def add_marginal_parameters(self):
        self.add_protection_parameter()
        self.addParameter(QgsProcessingParameterEnum(
            self.MARGINALS, tr("Totals published beside the grid"),
            [tr(option) for option in MARGINAL_OPTIONS], defaultValue=0))
        self.addParameter(QgsProcessingParameterNumber(
            self.PARENT_FACTOR, tr("Parent cell width, in cells (250 m cells, 1 km parents: 4)"),
            QgsProcessingParameterNumber.Type.Integer, defaultValue=4, minValue=2))

    def cell_size(self, parameters, context):
        """The cell size (``RESOLUTION``), refused when it is given empty: in a model, the sweep
        that was to recommend it recommended none (its default would publish at a size the
        sweep found unpublishable)."""
        from ..spatial_privacy_plugin.release import grid

        if self.RESOLUTION in parameters and parameters[self.RESOLUTION] is None:
            raise QgsProcessingException(tr(
                "No cell size was given (in a model: the resolution sweep recommended none, as "
                "no size it tried withholds few enough cells under the policy). Nothing was "
                "written. Try coarser cell sizes in the sweep; never raise the policy's "
                "tolerance to publish."))
        return grid.check_resolution(self.parameterAsDouble(parameters, self.RESOLUTION, context))

    def marginals_from_parameters(self, parameters, context, policy):
        """The declared marginals (kind "none" when no totals are published beside the grid:
        the attacker may still know the number of people) and the protection they need."""
        from ..spatial_privacy_plugin.release import grid

        kind = grid.MARGINAL_KINDS[self.parameterAsEnum(parameters, self.MARGINALS, context)]
        return grid.Marginals(kind, self.parameterAsInt(parameters, self.PARENT_FACTOR, context),
                              policy.protection_level, policy.straddle_k)

    def add_previous_releases_parameter(self, description):
        self.addParameter(QgsProcessingParameterMultipleLayers(
            self.PREVIOUS_RELEASES, description, QgsProcessing.SourceType.TypeVectorPolygon,
            optional=True))

    def read_previous_releases(self, parameters, context, feedback, k=None):
        """The earlier grids of the series (oldest first), validated, as EarlierRelease."""
        return [read_release(layer, feedback, k, stated_people=True)
                for layer in self.parameterAsLayerList(parameters, self.PREVIOUS_RELEASES, context)]

    def adopt_series_origin(self, earlier, parameters, data, feedback):
        """The grid input on the series' origin: the latest release's unless one was given; refuse
        an earlier release on another origin (its cells would not be the same cells)."""
        import dataclasses

        if not earlier:
            return data
        latest = earlier[-1]
        if parameters.get(self.ORIGIN) in (None, "") and latest.origin is not None:
            feedback.pushInfo(tr("The grid takes the origin of the earlier release {name}.").format(
                name=latest.name))
            data = dataclasses.replace(data, origin=latest.origin)
        for release in earlier:
            refuse_other_grid(release, data.crs, data.origin)
        return data

    def read_strata(self, parameters, context, crs):
        """(polygon parts per stratum, stratum names) in ``crs``, or None without strata.

        Several polygons may share a stratum name; their parts are gathered.
        """
        from .io.polygons import read_polygons

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

    def read_grid_input(self, parameters, context, feedback, cell_size, extra_fields=()):
        """Read the points, encode people and keys, fix the origin; refuse bad input.

        Without a given origin, the grid's is the multiple of ``cell_size`` (the
        coarsest size the run lays down) below the points: never a data coordinate.
        """
        from ..spatial_privacy_plugin.release import grid
        from .io.layers import read_points

        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(tr("The input layer could not be opened."))
        person_field = chosen_person_field(self, parameters, self.PERSON_FIELD, context, source)
        if not person_field:
            raise QgsProcessingException(tr("Choose the field that identifies people."))
        key_fields = self.field_names(parameters, self.KEY_FIELDS, context)
        others = other_person_fields(source, person_field)
        points = read_points(source, list(dict.fromkeys([person_field] + key_fields + others
                                                        + list(extra_fields))),
                             feedback, layer=self.plain_layer(parameters, self.INPUT, context))
        warn_if_features_are_counted(self.parameterAsVectorLayer(parameters, self.INPUT, context),
                                     person_field, points.columns[person_field],
                                     {name: points.columns[name] for name in others}, feedback)
        grid.check_coordinates(points.x, points.y)
        if points.n_multipoint_parts:
            feedback.pushInfo(tr("Multipoint features were exploded into {count} points; each "
                                 "part counts for the same person, so no count is inflated.")
                              .format(count=points.n_multipoint_parts))
        person_codes = grid.encode_person_ids(points.columns[person_field], person_field)
        key_columns = {name: points.columns[name] for name in key_fields}
        key_codes = grid.encode_key_columns(list(key_columns.values()), len(points.x))
        if parameters.get(self.ORIGIN) in (None, ""):
            origin = grid.default_origin(points.x, points.y, cell_size)
        else:
            point = self.parameterAsPoint(parameters, self.ORIGIN, context, source.sourceCrs())
            origin = (point.x(), point.y())
        self.describe_origin(parameters, origin, source.sourceCrs(), cell_size, feedback)
        return GridInput(points.x, points.y, person_codes, key_codes, key_columns, origin,
                         points.n_features, len(points.x), source.sourceCrs(), source.fields(),
                         points.columns, person_field)

    def describe_origin(self, parameters, origin, crs, cell_size, feedback):
        feedback.pushInfo(tr("Grid origin: {x}, {y} (in {crs}). Reuse it in later releases so that "
                             "grids stay aligned.").format(x=repr(origin[0]), y=repr(origin[1]),
                                                           crs=crs.authid()))
        if parameters.get(self.ORIGIN) in (None, ""):
            feedback.pushInfo(tr("The origin is a multiple of {size:g} m, so every grid of this "
                                 "size or one dividing it lies on one lattice through (0, 0) (in "
                                 "EPSG:3035 the INSPIRE grid); it is no coordinate of the "
                                 "data.").format(size=cell_size))

    def describe_policy(self, policy, feedback, data):
        feedback.pushInfo(tr("k = {k} from ρ = {rho} (policy {hash}); counting unit: {unit}.")
                          .format(k=policy.k, rho=policy.rho, hash=policy.policy_hash[:12],
                                  unit=policy.counting_unit))
        if policy.population_total_secret:
            feedback.pushWarning(tr(
                "The policy keeps the number of people secret (population_total_secret = true): "
                "suppression does not protect against it, so it is written nowhere; never "
                "publish it with the release."))
        else:
            feedback.pushInfo(tr("{people} distinct ids in {points} points.").format(
                people=data.people.n, points=data.n_points))
            feedback.pushInfo(tr(
                "An attacker is assumed to know the number of people in the release: withheld "
                "cells are protected against it too ({kind}).").format(
                kind=tr("one point per person: the cells add up to it")
                if data.people.one_point
                else tr("several points per person: the cells add up to at least it")))
