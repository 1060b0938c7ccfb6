"""Polygon layers (zones, study areas, strata, masks) as the rings the engine assigns points to.

Read in the working CRS and refused, naming the features, where they would
place people wrongly: a layer without a valid CRS, a feature that is not a
polygon, an invalid polygon.
"""

import numpy as np
from qgis.core import QgsCoordinateTransform, QgsFeatureRequest, QgsGeometry, \
    QgsProcessingException, QgsProcessingFeatureSource, QgsWkbTypes

from ..base import tr
from ..values import python_value


# What GDAL reports for the GeoPackage's "no CRS" (srs_id 0 and -1): CRSs QGIS takes as valid.
PLACEHOLDER_CRS_NAMES = ("Undefined geographic SRS", "Undefined Cartesian SRS")


def refuse_placeholder_crs(crs, name):
    """Refuse a layer whose CRS is a placeholder for none (a GeoPackage's undefined SRS): its
    coordinates would be taken for degrees, or for no place, and no point would fall in it."""
    if not crs.authid() and crs.description() in PLACEHOLDER_CRS_NAMES:
        raise QgsProcessingException(
            tr("The layer '{layer}' has no CRS: its file records '{crs}', the placeholder for "
               "none, so its polygons cannot be matched with the points. Set the CRS its "
               "coordinates are in (Layer Properties, Source, or a copy saved with it) and run "
               "again.").format(layer=name, crs=crs.description()))


def read_polygons(source, crs, context, value_field=None):
    """Polygon rings (in ``crs``) and a value per feature, for ``zones.assign_points``.

    Features whose value is NULL (a withheld total publishes nothing) or
    that have no geometry are left out; they own no point. Without a value
    field the value is the feature id. Refused: a layer without a valid CRS
    or with a placeholder for none (its polygons would be matched with the
    points in the wrong place, or nowhere) and
    features that are not valid polygons (a ring that crosses itself covers
    what no one drew, and GEOS cannot work with it).
    """
    source_crs, name = source.sourceCrs(), source.sourceName()
    if not source_crs.isValid():
        raise QgsProcessingException(
            tr("The layer '{layer}' has no valid CRS, so its polygons cannot be matched with the "
               "points. Set the CRS its coordinates are in (Layer Properties, Source) and run "
               "again.").format(layer=name))
    refuse_placeholder_crs(source_crs, name)
    transform = QgsCoordinateTransform(source_crs, crs, context.transformContext())
    field_index = source.fields().lookupField(value_field) if value_field else -1
    polygons, values, not_polygons, invalid = [], [], [], []
    # Every feature, an invalid one too: refused below by name, where QGIS's own check (as the
    # user set it) would skip it silently or stop the run.
    features = source.getFeatures(QgsFeatureRequest(), QgsProcessingFeatureSource.Flag.
                                  FlagSkipGeometryValidityChecks) \
        if isinstance(source, QgsProcessingFeatureSource) else source.getFeatures()
    for feature in features:
        value = python_value(feature.attributes()[field_index]) if value_field else feature.id()
        if value is None or feature.geometry().isNull():
            continue
        geometry = QgsGeometry(feature.geometry())
        if geometry.type() != QgsWkbTypes.GeometryType.PolygonGeometry:
            not_polygons.append(feature.id())
            continue
        if not geometry.isGeosValid():
            invalid.append(feature.id())
            continue
        geometry.transform(transform)
        polygons.append(polygon_rings(geometry))
        values.append(value)
    if not_polygons:
        raise QgsProcessingException(
            tr("The layer '{layer}' has features that are not polygons (features {fids}): keep "
               "only its polygons and run again.").format(
                layer=name, fids=", ".join(str(fid) for fid in not_polygons[:10])))
    if invalid:
        raise QgsProcessingException(
            tr("The layer '{layer}' has invalid polygons (features {fids}), such as a ring that "
               "crosses itself: repair them first (Processing: Fix geometries) and run "
               "again.").format(layer=name, fids=", ".join(str(fid) for fid in invalid[:10])))
    return polygons, values


def polygon_rings(geometry):
    """A polygon geometry's parts as rings of vertex arrays, as ``zones.assign_points`` takes."""
    parts = geometry.asMultiPolygon() if geometry.isMultipart() else [geometry.asPolygon()]
    return [[np.array([(point.x(), point.y()) for point in ring]) for ring in part]
            for part in parts]
