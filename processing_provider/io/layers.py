"""The edges of the data flow: layers become arrays, tables become sinks.

Reading validates what the engine cannot see (CRS, geometry types, missing
fields) and never modifies the input. Writing converts numpy and pandas
values to plain Python and missing values to NULL.
"""

import math
from dataclasses import dataclass

import numpy as np
from qgis.core import Qgis, QgsFeature, QgsFeatureRequest, QgsFeatureSink, QgsField, QgsFields, \
    QgsGeometry, QgsPointXY, QgsProcessingException, QgsRectangle, QgsProviderRegistry, \
    QgsUnitTypes, QgsWkbTypes
from qgis.PyQt.QtCore import QVariant

from ..base import tr
from ..values import distinct_rows, python_value

FIELD_KINDS = ("int", "double", "string", "bool")
WRITE_BATCH = 10_000


def make_field(name, kind):
    """A QgsField of one of FIELD_KINDS, on QGIS 3.22 (QVariant) and 3.38+ (QMetaType)."""
    if Qgis.versionInt() >= 33800:
        from qgis.PyQt.QtCore import QMetaType
        types = {"int": QMetaType.Type.LongLong, "double": QMetaType.Type.Double,
                 "string": QMetaType.Type.QString, "bool": QMetaType.Type.Bool}
    else:  # QGIS before 3.38 takes QVariant types only (flake8-qgis's QGS402 asks for QMetaType)
        types = {"int": QVariant.Type.LongLong, "double": QVariant.Type.Double,  # noqa: QGS402
                 "string": QVariant.Type.String, "bool": QVariant.Type.Bool}  # noqa: QGS402
    return QgsField(name, types[kind])


def make_fields(spec):
    """QgsFields from (name, kind) pairs, or copies of QgsField objects."""
    fields = QgsFields()
    for item in spec:
        fields.append(item if isinstance(item, QgsField) else make_field(*item))
    return fields


def require_fields(source, names):
    """Refuse a field that the layer does not have, naming the ones it has."""
    available = source.fields().names()
    for name in names:
        if name not in available:
            raise QgsProcessingException(
                tr("The field '{field}' is not in the layer; its fields are: {available}. "
                   "Choose one of them.").format(field=name, available=", ".join(available)))


def require_metric_crs(crs):
    """Binning and distances need metres: refuse geographic or non-metre CRSs."""
    if not crs.isValid():
        raise QgsProcessingException(
            tr("The layer has no valid CRS. Set its CRS, then reproject it to a projected CRS in "
               "metres before binning."))
    if crs.isGeographic():
        raise QgsProcessingException(
            tr("The layer's CRS {crs} is geographic (degrees): reproject to a metric CRS before "
               "binning (e.g. a UTM zone or your national grid).").format(crs=crs.authid()))
    if QgsUnitTypes.encodeUnit(crs.mapUnits()) != "meters":
        raise QgsProcessingException(
            tr("The layer's CRS {crs} is not in metres: reproject to a metric CRS before "
               "binning.").format(crs=crs.authid()))


@dataclass(frozen=True)
class PointTable:
    """Coordinates and attribute columns of the points read from a layer."""

    x: np.ndarray
    y: np.ndarray
    columns: dict  # field name -> list or array of plain Python values, aligned with x and y
    n_features: int
    n_multipoint_parts: int  # points that came from multipoint features


def read_points(source, field_names, feedback, crs=None, context=None, metric=True, layer=None):
    """Read point coordinates and the named attributes of every feature.

    Multipoint features are exploded: each part is a location of the same
    person, which cannot inflate a count of distinct people. NULL or empty
    geometries are refused, never dropped. Given ``crs`` (and the context),
    points are reprojected to it; with ``metric`` the working CRS must be in
    metres (binning and distances), without it only valid. ``layer``: the
    plain layer behind the source when no selection or filter applies; a
    file-backed OGR layer is then read through GDAL's Arrow stream.
    """
    require_fields(source, field_names)
    if QgsWkbTypes.geometryType(source.wkbType()) in (QgsWkbTypes.GeometryType.NullGeometry,
                                                       QgsWkbTypes.GeometryType.UnknownGeometry):
        raise QgsProcessingException(
            tr("The layer '{layer}' has no geometry: it is a table without points (a CSV "
               "loaded without its coordinate fields, say). Load it as points (Add Delimited "
               "Text Layer, Point coordinates, with its X and Y fields and their CRS) and run "
               "again.").format(layer=source.sourceName()))
    working_crs = crs if crs is not None else source.sourceCrs()
    if crs is not None and not source.sourceCrs().isValid():
        raise QgsProcessingException(
            tr("The layer '{layer}' has no valid CRS, so its points cannot be matched with the "
               "other layers. Set the CRS its coordinates are in (Layer Properties, Source) and "
               "run again.").format(layer=source.sourceName()))
    if metric:
        require_metric_crs(working_crs)
    if QgsWkbTypes.geometryType(source.wkbType()) != QgsWkbTypes.GeometryType.PointGeometry:
        raise QgsProcessingException(tr("The input must be a point layer."))
    if layer is not None and working_crs == source.sourceCrs():
        table = read_points_arrow(layer, field_names, feedback)
        if table is not None:
            feedback.pushInfo(tr("Read {count} points through GDAL's Arrow stream.").format(
                count=len(table.x)))
            return table
    table = read_points_by_feature(source, field_names, feedback, crs, context)
    feedback.pushInfo(tr("Read {count} points feature by feature.").format(count=len(table.x)))
    return table


def read_points_by_feature(source, field_names, feedback, crs=None, context=None):
    """The general path: any provider, selection, filter or reprojection."""
    fields = source.fields()
    indices = [fields.lookupField(name) for name in field_names]
    request = QgsFeatureRequest().setSubsetOfAttributes(indices)
    if crs is not None and crs != source.sourceCrs():
        request.setDestinationCrs(crs, context.transformContext())
    total = max(source.featureCount(), 1)
    xs, ys = [], []
    columns = {name: [] for name in field_names}
    no_geometry = 0
    not_points = []
    multipart_points = 0
    n_features = 0
    for n_features, feature in enumerate(source.getFeatures(request), start=1):
        if n_features % 1000 == 0:
            if feedback.isCanceled():
                raise QgsProcessingException(tr("Cancelled: no output was completed."))
            feedback.setProgress(100.0 * n_features / total)
        geometry = feature.geometry()
        if geometry.isNull() or geometry.isEmpty():
            no_geometry += 1
            continue
        if QgsWkbTypes.geometryType(geometry.wkbType()) != QgsWkbTypes.GeometryType.PointGeometry:
            not_points.append(feature.id())
            continue
        if geometry.isMultipart():
            points = geometry.asMultiPoint()
            multipart_points += len(points)
        else:
            points = [geometry.asPoint()]
        attributes = feature.attributes()
        for point in points:
            xs.append(point.x())
            ys.append(point.y())
            for name, index in zip(field_names, indices):
                columns[name].append(python_value(attributes[index]))
    refuse_mixed_geometry(not_points)
    if no_geometry:
        raise QgsProcessingException(
            tr("{count} feature(s) have no geometry or an empty one. Repair or remove them "
               "(e.g. with 'Remove null geometries') so that nobody is left out of the counts.")
            .format(count=no_geometry))
    if n_features == 0:
        raise QgsProcessingException(
            tr("The input layer has no features (or none selected): there is nothing to assess."))
    return PointTable(np.asarray(xs, dtype=float), np.asarray(ys, dtype=float), columns,
                      n_features, multipart_points)


# Little-endian ISO WKB of a 2-D point: byte order 1, type 1 (uint32), then x and y.
POINT_WKB_SIZE = 21
ARROW_BATCH = 100_000


def _plain_column(values):
    """Arrow column values as Python-comparable ones: text decoded, NULL (masked) as None."""
    mask = np.ma.getmaskarray(values) if np.ma.isMaskedArray(values) else None
    data = np.ma.getdata(values)
    if data.dtype.kind == "S":  # each distinct text decoded once: keys repeat
        codes, first = distinct_rows(_text_words(data))
        data = np.char.decode(data[first], "utf-8").astype(object)[codes]
    elif data.dtype.kind == "O":
        data = np.array([value.decode("utf-8") if isinstance(value, bytes) else value
                         for value in data], dtype=object)
    if mask is not None and mask.any():
        data = data.astype(object)
        data[mask] = None
    return data


def _text_words(data):
    """Fixed-width byte strings as columns of 64-bit words (zero-padded, as numpy pads them),
    which hash much faster than the strings."""
    words = max(1, -(-data.itemsize // 8))
    padded = np.zeros((len(data), words * 8), dtype=np.uint8)
    padded[:, :data.itemsize] = np.ascontiguousarray(data).view(np.uint8).reshape(
        len(data), data.itemsize)
    as_words = padded.view("<u8")
    return [as_words[:, word] for word in range(words)]


def _wkb_field(raw, dtype, offset):
    """One field of every point WKB record in the bytes ``raw``, read in place."""
    return np.ndarray((len(raw) // POINT_WKB_SIZE,), dtype=dtype, buffer=raw, offset=offset,
                      strides=(POINT_WKB_SIZE,))


class _Column:
    """One column filled batch by batch into a single array.

    Each batch is copied as it arrives, so that its buffers are freed and
    reused by the next one: no list of batches waits for a final
    concatenation (which would touch twice the memory). A column whose
    batches differ in type (a batch with NULLs is an object column) becomes
    an object column.
    """

    def __init__(self, expected_length, dtype=None):
        self.values = None if dtype is None else np.empty(expected_length, dtype=dtype)
        self.expected_length = expected_length
        self.length = 0

    def append(self, values):
        end = self.length + len(values)
        if self.values is None:
            self.values = np.empty(max(self.expected_length, end), dtype=values.dtype)
        dtype = np.result_type(self.values.dtype, values.dtype)
        if dtype != self.values.dtype or end > len(self.values):
            grown = np.empty(max(end, len(self.values)), dtype=dtype)
            grown[:self.length] = self.values[:self.length]
            self.values = grown
        self.values[self.length:end] = values
        self.length = end

    def array(self, dtype=object):
        if self.values is None:
            return np.empty(0, dtype=dtype)
        if self.length < len(self.values):
            self.values = self.values[:self.length].copy()
        return self.values


def read_points_arrow(layer, field_names, feedback):
    """x, y and attribute columns of a file-backed OGR point layer through GDAL's Arrow stream.

    Returns None when the layer cannot take this path (not an OGR file, a
    subset filter, GDAL before 3.6, geometries other than 2-D points, NULL
    geometries): the caller then reads feature by feature, with the same result.
    """
    try:
        from osgeo import gdal, ogr
    except ImportError:
        return None
    if layer.providerType() != "ogr" or layer.subsetString() or \
            not hasattr(ogr.Layer, "GetArrowStreamAsNumPy"):
        return None
    parts = QgsProviderRegistry.instance().decodeUri("ogr", layer.source())
    path = parts.get("path")
    if not path:
        return None
    try:
        dataset = gdal.OpenEx(path, gdal.OF_VECTOR | gdal.OF_READONLY)
    except RuntimeError:
        return None
    if dataset is None:
        return None
    if parts.get("layerName"):
        ogr_layer = dataset.GetLayerByName(parts["layerName"])
    else:
        ogr_layer = dataset.GetLayer(int(parts.get("layerId") or 0))
    if ogr_layer is None or ogr_layer.GetFeatureCount() == 0:
        return None
    definition = ogr_layer.GetLayerDefn()
    all_fields = [definition.GetFieldDefn(i).GetName() for i in range(definition.GetFieldCount())]
    if any(name not in all_fields for name in field_names):
        return None  # e.g. the FID column, which QGIS shows as a field and the stream does not
    ogr_layer.SetIgnoredFields([name for name in all_fields if name not in field_names])
    geometry_name = ogr_layer.GetGeometryColumn() or "wkb_geometry"
    total = ogr_layer.GetFeatureCount()
    x, y = _Column(total, float), _Column(total, float)
    columns = {name: _Column(total) for name in field_names}
    options = [f"MAX_FEATURES_IN_BATCH={ARROW_BATCH}", "INCLUDE_FID=NO"]
    try:
        return _read_batches(ogr_layer.GetArrowStreamAsNumPy(options=options), geometry_name,
                             field_names, x, y, columns, total, feedback)
    except (RuntimeError, SystemError):
        # GDAL's Arrow conversion failed on this file (seen with GDAL 3.10 on Debian 13): the
        # fast path only; the features are read by QGIS instead.
        return None


def _read_batches(batches, geometry_name, field_names, x, y, columns, total, feedback):
    """The Arrow batches' points and fields (see ``read_points_arrow``), or None."""
    done = 0
    for batch in batches:
        if feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        geometry = batch.get(geometry_name)
        if geometry is None or np.ma.isMaskedArray(geometry) or \
                geometry.dtype.kind != "V" or geometry.dtype.itemsize != POINT_WKB_SIZE or \
                not geometry.flags.c_contiguous:
            return None
        raw = geometry.view(np.uint8)
        if not ((_wkb_field(raw, "u1", 0) == 1).all() and (_wkb_field(raw, "<u4", 1) == 1).all()):
            return None  # not little-endian 2-D points
        x.append(_wkb_field(raw, "<f8", 5))
        y.append(_wkb_field(raw, "<f8", 13))
        for name in field_names:
            columns[name].append(_plain_column(batch[name]))
        done += len(raw) // POINT_WKB_SIZE
        feedback.setProgress(100.0 * min(done / total, 1.0))
    x, y = x.array(float), y.array(float)
    return PointTable(x, y, {name: column.array() for name, column in columns.items()}, len(x), 0)


def plain_values(array):
    """A numpy column as a list of plain Python values, NaN as None (one pass, no per-value calls)."""
    values = np.asarray(array)
    if values.dtype.kind == "f":
        listed = values.tolist()
        return [None if value != value else value for value in listed]
    return values.tolist()


def refuse_mixed_geometry(not_points):
    """Refuse a point layer some of whose features (ids ``not_points``) are not points: a layer
    of mixed geometry types, whose first feature is a point."""
    if not_points:
        raise QgsProcessingException(
            tr("{count} feature(s) are not points (features {fids}): the layer mixes geometry "
               "types. Keep only its points (e.g. Extract by expression: "
               "geometry_type($geometry) = 'Point'), or give each feature its point, and run "
               "again.").format(count=len(not_points),
                                fids=", ".join(str(fid) for fid in not_points[:10])))


def refuse_points_mixed_with_others(source, feedback):
    """For records copied into a point output: refuse a point layer that holds lines or
    polygons too (features without a geometry are records all the same)."""
    request = QgsFeatureRequest().setNoAttributes()
    not_points = []
    for count, feature in enumerate(source.getFeatures(request), start=1):
        if count % 10000 == 0 and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        geometry = feature.geometry()
        if not geometry.isNull() and QgsWkbTypes.geometryType(geometry.wkbType()) != \
                QgsWkbTypes.GeometryType.PointGeometry:
            not_points.append(feature.id())
    refuse_mixed_geometry(not_points)


def read_columns(source, field_names, feedback, layer=None):
    """The named attribute columns, through the Arrow stream when the layer allows it, and
    the points' (x, y) arrays when they came with it (else None)."""
    if layer is not None and QgsWkbTypes.geometryType(source.wkbType()) == \
            QgsWkbTypes.GeometryType.PointGeometry:
        require_fields(source, field_names)
        table = read_points_arrow(layer, field_names, feedback)
        if table is not None and len(table.x) == source.featureCount():
            return table.columns, (table.x, table.y)
    return read_attributes(source, field_names, feedback), None


def read_attributes(source, field_names, feedback, anchors=False):
    """The named attribute columns of every feature, as lists of Python values.

    With ``anchors``, also a point inside each feature's geometry (None for a
    feature without one), read in the same pass so that both stay aligned.
    """
    require_fields(source, field_names)
    fields = source.fields()
    indices = [fields.lookupField(name) for name in field_names]
    request = QgsFeatureRequest().setSubsetOfAttributes(indices)
    if not anchors:
        request.setFlags(QgsFeatureRequest.Flag.NoGeometry)
    columns = {name: [] for name in field_names}
    points = []
    for count, feature in enumerate(source.getFeatures(request), start=1):
        if count % 1000 == 0 and feedback.isCanceled():
            raise QgsProcessingException(tr("Cancelled: no output was completed."))
        attributes = feature.attributes()
        for name, index in zip(field_names, indices):
            columns[name].append(python_value(attributes[index]))
        if anchors:
            points.append(anchor_point(feature.geometry()))
    return (columns, points) if anchors else columns


def anchor_point(geometry):
    """A point inside the geometry (None without one); a point stands for itself.

    GEOS gives (0, 0) as the point on the surface of a geometry with an
    infinite coordinate: such a geometry gets its far bounding-box corner, so
    that the caller's coordinate check refuses it instead of moving it.
    """
    if geometry.isNull() or geometry.isEmpty():
        return None
    if not geometry.isMultipart() and \
            QgsWkbTypes.geometryType(geometry.wkbType()) == QgsWkbTypes.GeometryType.PointGeometry:
        return geometry.asPoint()
    box = geometry.boundingBox()
    far = (box.xMinimum(), box.yMinimum(), box.xMaximum(), box.yMaximum())
    if not all(math.isfinite(value) and abs(value) <= 1e9 for value in far):
        return QgsPointXY(box.xMaximum() if abs(box.xMaximum()) >= abs(box.xMinimum()) else box.xMinimum(),
                          box.yMaximum() if abs(box.yMaximum()) >= abs(box.yMinimum()) else box.yMinimum())
    return geometry.pointOnSurface().asPoint()


def point_arrays(points):
    """x and y arrays of QgsPointXY values (None becomes NaN, which no polygon holds)."""
    x = np.array([np.nan if point is None else point.x() for point in points], dtype=float)
    y = np.array([np.nan if point is None else point.y() for point in points], dtype=float)
    return x, y


def add_in_batches(sink, features, feedback=None):
    """Add features to a sink in batches, honouring cancellation between batches."""
    batch = []
    for feature in features:
        batch.append(feature)
        if len(batch) == WRITE_BATCH:
            sink.addFeatures(batch, QgsFeatureSink.Flag.FastInsert)
            batch = []
            if feedback is not None and feedback.isCanceled():
                raise QgsProcessingException(tr("Cancelled: no output was completed."))
    if batch:
        sink.addFeatures(batch, QgsFeatureSink.Flag.FastInsert)


def plain_column(values):
    """A column (numpy, pandas or a list) as plain Python values, missing ones as None.

    Typed columns and text columns convert in one vectorised pass; other
    object columns (mixed values) value by value.
    """
    import pandas as pd

    if len(values) == 0:
        return []
    column = values if isinstance(values, pd.Series) else pd.Series(values)
    if column.dtype == object and pd.api.types.infer_dtype(column, skipna=True) != "string":
        return [python_value(value) for value in column.tolist()]
    return column.astype(object).where(column.notna(), None).tolist()


def write_features(sink, fields, columns, geometries=None, feedback=None):
    """Add features built from attribute columns (and geometries, in the same order)."""
    rows = zip(*[plain_column(column) for column in columns])

    def features():
        for number, values in enumerate(rows):
            feature = QgsFeature(fields)
            feature.setAttributes(list(values))
            if geometries is not None:
                feature.setGeometry(geometries[number])
            yield feature
    add_in_batches(sink, features(), feedback)


def extended_features(source, fields, added_rows):
    """The source's features with values appended for the extra fields of ``fields``.

    Each feature read is reused, geometry and attributes as read, rather than
    copied into a new one: on a million records that saves a third of the
    writing time, the part of the run that is one call per feature.
    """
    first_added = source.fields().count()
    for feature, values in zip(source.getFeatures(), added_rows):
        feature.setFields(fields, False)
        feature.resizeAttributes(fields.count())
        for offset, value in enumerate(values):
            feature.setAttribute(first_added + offset, value)
        yield feature


def copy_features(source, sink, feedback):
    """Copy every feature unchanged: attributes, their types and the geometry."""
    add_in_batches(sink, source.getFeatures(), feedback)


def square_cells(origin, resolution, cols, rows):
    """Polygons of grid cells (one size, or a size per cell), with the edges the engine bins with."""
    sizes = np.broadcast_to(np.asarray(resolution, dtype=float), np.shape(cols)).tolist()
    return [QgsGeometry.fromRect(QgsRectangle(origin[0] + col * size, origin[1] + row * size,
                                              origin[0] + (col + 1) * size,
                                              origin[1] + (row + 1) * size))
            for col, row, size in zip(np.asarray(cols).tolist(), np.asarray(rows).tolist(), sizes)]
