"""Large outputs written in bulk: a GeoPackage grid without one PyQGIS call per feature.

Where an output is a new GeoPackage file, GDAL creates the table (fields,
CRS, GeoPackage metadata), the rows go in through SQLite's ``executemany``
with GeoPackage geometry blobs built with numpy, and GDAL then builds the
spatial index. Every other destination (memory, other formats, databases)
keeps the PyQGIS sink. The result is the same layer as the sink writes
(tested field by field and geometry by geometry).
"""

import sqlite3
from pathlib import Path

import numpy as np
from qgis.core import QgsCoordinateReferenceSystem, QgsProcessingException

from .base import tr

# QVariant.Type and QMetaType.Type share these numbers (QGIS 3.22 to 4).
_BOOL, _INT, _LONGLONG, _DOUBLE, _STRING = 1, 2, 4, 6, 10

# GeoPackage geometry blob of one axis-aligned square: header (magic "GP", version 0, flags:
# little endian with an xy envelope), srs_id, envelope (min x, max x, min y, max y), then the
# little-endian WKB polygon of one ring of five points.
_BLOB = np.dtype([("magic", "S2"), ("version", "u1"), ("flags", "u1"), ("srs_id", "<i4"),
                  ("envelope", "<f8", (4,)), ("order", "u1"), ("type", "<u4"), ("rings", "<u4"),
                  ("points", "<u4"), ("ring", "<f8", (5, 2))])
_FLAGS_LITTLE_ENDIAN_XY_ENVELOPE = 0b0000_0011
_WKB_POLYGON = 3


def gpkg_path(algorithm, parameters, name, context):
    """The file of an output that is a plain new GeoPackage (one table named after the file),
    else None (the PyQGIS sink then writes it)."""
    destination = algorithm.parameterAsOutputLayer(parameters, name, context)
    if not destination or "|" in destination:
        return None
    path = Path(destination)
    return path if path.suffix.lower() == ".gpkg" and path.is_absolute() else None


def square_blobs(origin, resolution, cols, rows, srs_id):
    """GeoPackage geometry blobs of grid cells (ring as QgsGeometry.fromRect draws it)."""
    cols = np.asarray(cols, dtype=np.float64)
    rows = np.asarray(rows, dtype=np.float64)
    size = np.broadcast_to(np.asarray(resolution, dtype=np.float64), cols.shape)
    x0 = origin[0] + cols * size
    y0 = origin[1] + rows * size
    x1 = origin[0] + (cols + 1) * size
    y1 = origin[1] + (rows + 1) * size
    blobs = np.zeros(len(cols), dtype=_BLOB)
    blobs["magic"] = b"GP"
    blobs["flags"] = _FLAGS_LITTLE_ENDIAN_XY_ENVELOPE
    blobs["srs_id"] = srs_id
    blobs["envelope"] = np.stack([x0, x1, y0, y1], axis=1)
    blobs["order"] = 1
    blobs["type"] = _WKB_POLYGON
    blobs["rings"] = 1
    blobs["points"] = 5
    blobs["ring"] = np.stack([np.stack(corner, axis=1) for corner in
                              ((x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0))], axis=1)
    raw = blobs.tobytes()
    width = _BLOB.itemsize
    return [raw[start:start + width] for start in range(0, len(raw), width)]


def _quoted(identifier):
    return '"' + identifier.replace('"', '""') + '"'


def _ogr_field(field):
    from osgeo import ogr

    kind = int(field.type())
    if kind == _BOOL:
        definition = ogr.FieldDefn(field.name(), ogr.OFTInteger)
        definition.SetSubType(ogr.OFSTBoolean)
        return definition
    types = {_INT: ogr.OFTInteger, _LONGLONG: ogr.OFTInteger64, _DOUBLE: ogr.OFTReal,
             _STRING: ogr.OFTString}
    return ogr.FieldDefn(field.name(), types[kind]) if kind in types else None


def write_grid_gpkg(path, fields, crs, columns, origin, resolution, cols, rows):
    """Write grid cells with their attribute columns into a new GeoPackage at ``path``.

    Returns False (nothing written) when a field type has no bulk mapping; the
    caller then uses the sink.
    """
    from osgeo import ogr, osr

    from .io import plain_column

    definitions = [_ogr_field(fields.at(i)) for i in range(fields.count())]
    if any(definition is None for definition in definitions):
        return False
    name = path.stem
    if path.exists():
        path.unlink()
    driver = ogr.GetDriverByName("GPKG")
    dataset = driver.CreateDataSource(str(path))
    if dataset is None:
        raise QgsProcessingException(tr("Could not create the GeoPackage {path}: check that its "
                                        "folder exists and is writable.").format(path=path))
    reference = osr.SpatialReference()
    if crs.authid().upper().startswith("EPSG:"):
        reference.ImportFromEPSG(int(crs.authid().split(":")[1]))
    else:
        reference.ImportFromWkt(crs.toWkt(QgsCoordinateReferenceSystem.WktVariant.WKT_PREFERRED_GDAL))
    reference.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    layer = dataset.CreateLayer(name, reference, ogr.wkbPolygon, ["FID=fid", "GEOMETRY_NAME=geom"])
    for definition in definitions:
        layer.CreateField(definition)
    layer = dataset = None  # closes the file: table, spatial index, triggers and metadata exist
    size = np.broadcast_to(np.asarray(resolution, dtype=np.float64), np.shape(cols))
    x = origin[0] + np.asarray(cols) * size
    y = origin[1] + np.asarray(rows) * size
    fids = np.arange(1, len(x) + 1)
    connection = sqlite3.connect(str(path))
    with connection:  # one transaction, committed at the end
        srs_id = connection.execute("SELECT srs_id FROM gpkg_geometry_columns WHERE table_name = ?",
                                    (name,)).fetchone()[0]
        # GDAL's triggers would update the feature count and the R-tree once per row (and need
        # GDAL's SQL functions): set both in bulk, then put the triggers back as they were.
        table = _quoted(name)
        triggers = connection.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?)",
            (f"trigger_insert_feature_count_{name}", f"rtree_{name}_geom_insert")).fetchall()
        if len(triggers) != 2:
            connection.close()
            return False
        for trigger in (f"trigger_insert_feature_count_{name}", f"rtree_{name}_geom_insert"):
            connection.execute(f"DROP TRIGGER {_quoted(trigger)}")
        blobs = square_blobs(origin, resolution, cols, rows, srs_id)
        values = [plain_column(column) for column in columns]
        names = ["fid", "geom"] + [fields.at(i).name() for i in range(fields.count())]
        connection.executemany(
            f"INSERT INTO {table} ({', '.join(_quoted(column) for column in names)}) "
            f"VALUES ({', '.join('?' * len(names))})", zip(fids.tolist(), blobs, *values))
        write_rtree(connection, f"rtree_{name}_geom", fids,
                    np.stack([x, x + size, y, y + size], axis=1))
        for (sql,) in triggers:
            connection.execute(sql)
        if len(blobs):
            connection.execute("UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, "
                               "max_y = ? WHERE table_name = ?",
                               (float(x.min()), float(y.min()), float((x + size).max()),
                                float((y + size).max()), name))
        connection.execute("UPDATE gpkg_ogr_contents SET feature_count = ? WHERE table_name = ?",
                           (len(blobs), name))
    connection.close()
    return True


def _float32(values, direction):
    """float64 values as float32 rounded outwards (``direction`` -1: down, +1: up) exactly as
    SQLite's R-tree stores box corners (rtreeValueDown/Up: to nearest, then, where that went
    the wrong way, the value scaled by 1 -/+ 2**-23)."""
    rounded = values.astype(np.float32)
    wrong = rounded.astype(np.float64) > values if direction < 0 else \
        rounded.astype(np.float64) < values
    towards, away = 1.0 - 1.0 / 8388608.0, 1.0 + 1.0 / 8388608.0
    shrink = (values < 0) == (direction < 0)  # away from zero where that is the way to go
    factor = np.where(shrink, away, towards)
    rounded[wrong] = (values[wrong] * factor[wrong]).astype(np.float32)
    return rounded


_CELL = np.dtype([("id", ">i8"), ("box", ">f4", (4,))])
_HEADER = np.dtype([("depth", ">u2"), ("count", ">u2")])


def write_rtree(connection, rtree, ids, boxes):
    """Fill an empty SQLite R-tree (``id, minx, maxx, miny, maxy``) in bulk.

    Its shadow tables are written directly, packed bottom-up in the order
    given, instead of one insertion (and its node splits) per row. ``boxes``:
    (n, 4) float64 in the R-tree's column order. The layout is SQLite's own
    (rtree.c): nodes of the root's size, a big-endian header (the depth in the
    root, the cell count), cells of (id, four float32 rounded outwards), root
    node 1, and the _rowid and _parent maps; ``rtreecheck`` accepts it.
    """
    if len(ids) == 0:
        return
    node, rowid, parent = (_quoted(f"{rtree}_{part}") for part in ("node", "rowid", "parent"))
    node_size = connection.execute(f"SELECT length(data) FROM {node} WHERE nodeno = 1").fetchone()[0]
    capacity = (node_size - _HEADER.itemsize) // _CELL.itemsize
    boxes = np.stack([_float32(boxes[:, 0], -1), _float32(boxes[:, 1], 1),
                      _float32(boxes[:, 2], -1), _float32(boxes[:, 3], 1)], axis=1)
    ids = np.asarray(ids, dtype=np.int64)
    nodes, children_of = [], []  # (nodeno, blob); (children, their node, children are rows)
    next_node, depth = 2, 0

    def blob(level, cell_ids, cell_boxes):
        header = np.array([(level, len(cell_ids))], dtype=_HEADER)
        cells = np.empty(len(cell_ids), dtype=_CELL)
        cells["id"], cells["box"] = cell_ids, cell_boxes
        data = header.tobytes() + cells.tobytes()
        return data + bytes(node_size - len(data))

    while len(ids) > capacity:
        starts = np.arange(0, len(ids), capacity)
        numbers = np.arange(next_node, next_node + len(starts))
        for number, start in zip(numbers.tolist(), starts.tolist()):
            nodes.append((number, blob(0, ids[start:start + capacity],
                                       boxes[start:start + capacity])))
        owner = np.repeat(numbers, np.diff(np.append(starts, len(ids))))
        children_of.append((ids, owner, depth == 0))
        boxes = np.stack([np.minimum.reduceat(boxes[:, 0], starts),
                          np.maximum.reduceat(boxes[:, 1], starts),
                          np.minimum.reduceat(boxes[:, 2], starts),
                          np.maximum.reduceat(boxes[:, 3], starts)], axis=1)
        ids, next_node, depth = numbers, next_node + len(starts), depth + 1
    nodes.append((1, blob(depth, ids, boxes)))
    children_of.append((ids, np.ones(len(ids), dtype=np.int64), depth == 0))
    connection.execute(f"DELETE FROM {node}")
    connection.executemany(f"INSERT INTO {node} (nodeno, data) VALUES (?, ?)", nodes)
    for children, owners, rows in children_of:
        table, columns = (rowid, "rowid, nodeno") if rows else (parent, "nodeno, parentnode")
        connection.executemany(f"INSERT INTO {table} ({columns}) VALUES (?, ?)",
                               zip(children.tolist(), owners.tolist()))
