"""Large outputs written in bulk: GeoPackages and PostGIS tables without one PyQGIS call
per feature.

Where an output is a new GeoPackage file, GDAL creates the table (fields,
CRS, GeoPackage metadata, the empty spatial index) and the rows go in
through SQLite: a grid's cells with geometry blobs built with numpy, many
rows to a statement, and its R-tree packed in SQLite's own node format;
record risk copies a GeoPackage point table's rows, blobs and R-tree inside
SQLite and binds only the added fields. A GeoPackage is built in a hidden file
beside the destination and renamed to it only when complete, so a failed or
cancelled run leaves no partial output (and an existing file as it was). A
PostGIS table is written with one binary COPY (postgis_bulk). Every other destination (memory, other formats,
other databases, inputs this cannot copy) keeps the PyQGIS sink.
The result is the same layer as the sink writes (tested field by field and
geometry by geometry).
"""

import contextlib
import errno
import math
import os
import sqlite3
from pathlib import Path

import numpy as np
from qgis.core import QgsCoordinateReferenceSystem, QgsFields, QgsProcessingException, QgsWkbTypes

from ..base import tr
from ..destinations import destination_text
from ..output_marks import MARK_OPTION
from ..partial_files import partial_path
from ..staged_outputs import final_destination
from .postgis_bulk import BOOL, DOUBLE, INT, LONGLONG, STRING, PostgisTarget, column_cells, \
    WKB_POLYGON, fill_square_rings, point_ewkb, postgis_uri, square_ewkb
from .sqlite_bulk import CELL, HEADER, copy_rtree, multi_row_insert, packing_order, source_rows, \
    statement, write_rtree
from ..values import distinct_rows


# GeoPackage geometry blob of one axis-aligned square: header (magic "GP", version 0, flags:
# little endian with an xy envelope), srs_id, envelope (min x, max x, min y, max y), then the
# little-endian WKB polygon of one ring of five points.
_BLOB = np.dtype([("magic", "S2"), ("version", "u1"), ("flags", "u1"), ("srs_id", "<i4"),
                  ("envelope", "<f8", (4,)), ("order", "u1"), ("type", "<u4"), ("rings", "<u4"),
                  ("points", "<u4"), ("ring", "<f8", (5, 2))])
_FLAGS_LITTLE_ENDIAN_XY_ENVELOPE = 0b0000_0011


def _plain_gpkg(destination):
    """The file of a destination that is a plain GeoPackage path, else None. A relative path
    is taken where QGIS's own writer (GDAL) puts it: in the working directory."""
    if not destination or "|" in destination:
        return None
    path = Path(destination)
    return path.absolute() if path.suffix.lower() == ".gpkg" else None


def gpkg_path(algorithm, parameters, name, context):
    """The file of an output that is a plain new GeoPackage (one table named after the file),
    else None (the PyQGIS sink then writes it).

    ``parameterAsOutputLayer`` registers the output for loading when the run ends, so it is
    called only for a GeoPackage the bulk path writes: for a temporary output it would register
    a memory layer that never exists, and QGIS would report it as not correctly generated."""
    if _plain_gpkg(destination_text(algorithm, parameters, name, context)) is None:
        return None
    return _plain_gpkg(algorithm.parameterAsOutputLayer(parameters, name, context))


def square_envelopes(origin, resolution, cols, rows):
    """(min x, max x, min y, max y) arrays of grid cells, with the edges the engine bins with."""
    cols = np.asarray(cols, dtype=np.float64)
    rows = np.asarray(rows, dtype=np.float64)
    size = np.broadcast_to(np.asarray(resolution, dtype=np.float64), cols.shape)
    return (origin[0] + cols * size, origin[0] + (cols + 1) * size,
            origin[1] + rows * size, origin[1] + (rows + 1) * size)


def square_blobs(envelopes, srs_id):
    """GeoPackage geometry blobs of grid cells (ring as QgsGeometry.fromRect draws it), as
    bytes."""
    header = np.zeros((), dtype=_BLOB)
    header["magic"], header["flags"], header["srs_id"] = b"GP", _FLAGS_LITTLE_ENDIAN_XY_ENVELOPE, srs_id
    header["order"], header["type"], header["rings"], header["points"] = 1, WKB_POLYGON, 1, 5
    blobs = np.full(len(envelopes[0]), header, dtype=_BLOB)
    blobs["envelope"] = np.stack(envelopes, axis=1)
    fill_square_rings(blobs["ring"], envelopes)
    # Each record seen as one opaque value: tolist() makes them bytes in one pass.
    return blobs.view(np.dtype((np.void, _BLOB.itemsize))).tolist()


def _ogr_field(field):
    from osgeo import ogr

    kind = int(field.type())
    if kind == BOOL:
        definition = ogr.FieldDefn(field.name(), ogr.OFTInteger)
        definition.SetSubType(ogr.OFSTBoolean)
        return definition
    types = {INT: ogr.OFTInteger, LONGLONG: ogr.OFTInteger64, DOUBLE: ogr.OFTReal,
             STRING: ogr.OFTString}
    if kind not in types:
        return None
    definition = ogr.FieldDefn(field.name(), types[kind])
    if kind == STRING and field.length() > 0:
        definition.SetWidth(field.length())
    return definition


def _plain(column):
    """A column as a list of plain Python values to bind, without a call per value where its
    values are plain already (numbers, text). A missing number is NaN (SQLite stores a bound
    NaN as NULL, and Python's sqlite3 binds None several times slower than a float), other
    missing values None; a column with no value at all is None throughout."""
    from .layers import plain_column

    dtype = getattr(column, "dtype", None)
    if dtype is not None and not isinstance(dtype, np.dtype) and dtype.kind in "iuf":
        # A pandas nullable column (Int64, Float64).
        if column.isna().all():
            return [None] * len(column)
        return column.to_numpy(dtype=object, na_value=math.nan).tolist()
    values = column.to_numpy() if hasattr(column, "to_numpy") else column
    if isinstance(values, np.ndarray) and values.dtype.kind in "biuf":
        if values.dtype.kind == "f" and np.isnan(values).all():
            return [None] * len(values)
        return (values.astype(np.int64) if values.dtype.kind == "b" else values).tolist()
    listed = values.tolist() if isinstance(values, np.ndarray) else list(values)
    kinds = set(map(type, listed))
    if kinds <= {str, int, bool, type(None)} and not (bool in kinds and int in kinds):
        return listed
    return plain_column(column)


def _create_table(path, name, fields, crs, geometry_type):
    """GDAL creates a new GeoPackage at ``path`` with one table ``name``: fields, CRS,
    GeoPackage metadata, the empty spatial index and GDAL's triggers. Returns False (nothing
    created) when a field type has no bulk mapping."""
    from osgeo import ogr, osr

    definitions = [_ogr_field(fields.at(i)) for i in range(fields.count())]
    if any(definition is None for definition in definitions):
        return False
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    if dataset is None:
        raise QgsProcessingException(tr("Could not create the GeoPackage {path}: check that its "
                                        "folder exists and is writable.").format(path=path))
    reference = osr.SpatialReference()
    if crs.authid().upper().startswith("EPSG:"):
        reference.ImportFromEPSG(int(crs.authid().split(":")[1]))
    else:
        reference.ImportFromWkt(crs.toWkt(QgsCoordinateReferenceSystem.WktVariant.WKT_PREFERRED_GDAL))
    reference.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    layer = dataset.CreateLayer(name, reference, geometry_type,
                                ["FID=fid", "GEOMETRY_NAME=geom", MARK_OPTION])
    for definition in definitions:
        layer.CreateField(definition)
    layer = dataset = None  # closes the file: table, spatial index, triggers and metadata exist
    return True


def _written_whole(path, write):
    """Run ``write(partial)``, which builds the GeoPackage in a hidden file beside ``path``
    (partial_files) and returns whether it wrote it; the file becomes ``path`` (replacing an
    older one) only then. A failure, a cancellation or a fallback to the sink leaves no
    partial file behind."""
    partial = partial_path(path)
    leftovers = [partial.with_name(partial.name + suffix) for suffix in ("", "-journal")]
    try:
        for leftover in leftovers:  # of an earlier run of this process that was killed
            if leftover.exists():
                leftover.unlink()
        try:
            written = write(partial)
        except RuntimeError as error:  # GDAL's bindings raise it where exceptions are on (3.40)
            raise OSError(errno.EIO, str(error), str(path)) from error
        if written:
            os.replace(partial, path)
        return written
    finally:
        for leftover in leftovers:
            if leftover.exists():
                leftover.unlink()


def _refuse_if_cancelled(feedback):
    if feedback is not None and feedback.isCanceled():
        raise QgsProcessingException(tr("Cancelled: no output was completed."))


# GDAL's triggers that would update the feature count and the R-tree once per row (with
# GDAL's own SQL functions): both are set in bulk instead.
_ROW_TRIGGERS = ("trigger_insert_feature_count_{}", "rtree_{}_geom_insert")
# Steps of SQLite's program between two looks at the cancel button (a few milliseconds).
_CANCEL_STEPS = 100_000


@contextlib.contextmanager
def _bulk_connection(path, name, source=None, feedback=None):
    """A connection to the new GeoPackage in one transaction, GDAL's per-row triggers
    dropped for its duration and put back as they were; ``source``, a GeoPackage file, is
    attached read-only as ``source``. Yields None (nothing written) when the triggers are
    not GDAL's. A cancel of ``feedback`` interrupts the statement running (SQLite asks it
    every ``_CANCEL_STEPS`` steps of its program) and raises "Cancelled"."""
    connection = sqlite3.connect(str(path), uri=True, isolation_level=None)  # a URI attaches
    if feedback is not None:
        connection.set_progress_handler(feedback.isCanceled, _CANCEL_STEPS)
    try:
        if source is not None:
            connection.execute("ATTACH DATABASE ? AS source",
                               (Path(source).resolve().as_uri() + "?mode=ro",))
        # A new file: nothing to protect from a crash, so no syncing to disk mid-way.
        connection.execute("PRAGMA synchronous = OFF")
        connection.execute("PRAGMA temp_store = MEMORY")
        connection.execute("BEGIN")
        triggers = connection.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN (?, ?)",
            tuple(trigger.format(name) for trigger in _ROW_TRIGGERS)).fetchall()
        if len(triggers) != len(_ROW_TRIGGERS):
            connection.execute("ROLLBACK")
            yield None
            return
        for trigger in _ROW_TRIGGERS:
            connection.execute(statement("DROP TRIGGER {trigger}", trigger=trigger.format(name)))
        yield connection
        for (sql,) in triggers:
            connection.execute(sql)
        connection.execute("COMMIT")
    except sqlite3.OperationalError:
        _refuse_if_cancelled(feedback)  # "interrupted" by the handler
        raise
    finally:
        connection.close()


def _set_contents(connection, name, count, extent):
    """The feature count and extent GDAL would have stored (extent: min x, min y, max x,
    max y of the geometries, None without any)."""
    if extent is not None:
        connection.execute("UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ? "
                           "WHERE table_name = ?", (*[float(value) for value in extent], name))
    connection.execute("UPDATE gpkg_ogr_contents SET feature_count = ? WHERE table_name = ?",
                       (count, name))


def write_grid_gpkg(path, fields, crs, columns, origin, resolution, cols, rows, feedback=None):
    """Write grid cells with their attribute columns into a new GeoPackage at ``path``.

    Returns False (nothing written) when a field type has no bulk mapping; the
    caller then uses the sink. A cancellation raises, with nothing written.
    """
    return _written_whole(path, lambda partial: _write_grid(
        partial, path.stem, fields, crs, columns, origin, resolution, cols, rows, feedback))


def _write_grid(path, name, fields, crs, columns, origin, resolution, cols, rows, feedback):
    from osgeo import ogr

    if not _create_table(path, name, fields, crs, ogr.wkbPolygon):
        return False
    envelopes = square_envelopes(origin, resolution, cols, rows)
    fids = np.arange(1, len(envelopes[0]) + 1)
    with _bulk_connection(path, name, feedback=feedback) as connection:
        if connection is None:
            return False
        srs_id = connection.execute("SELECT srs_id FROM gpkg_geometry_columns WHERE table_name = ?",
                                    (name,)).fetchone()[0]
        # No fid bound: the new table numbers its rows 1, 2, … in the order they go in.
        names = ["geom"] + [fields.at(i).name() for i in range(fields.count())]
        multi_row_insert(connection, name, names, [square_blobs(envelopes, srs_id)] +
                         [_plain(column) for column in columns])
        write_rtree(connection, f"rtree_{name}_geom", fids, np.stack(envelopes, axis=1))
        x0, x1, y0, y1 = envelopes
        _set_contents(connection, name, len(fids),
                      (x0.min(), y0.min(), x1.max(), y1.max()) if len(fids) else None)
        _refuse_if_cancelled(feedback)
    return True


def gpkg_table_of(layer):
    """(file, table) of a layer that is a whole GeoPackage table read by GDAL, else None."""
    from osgeo import ogr
    from qgis.core import QgsProviderRegistry

    if layer is None or layer.providerType() != "ogr" or layer.subsetString():
        return None
    parts = QgsProviderRegistry.instance().decodeUri("ogr", layer.source())
    path = parts.get("path")
    if not path or Path(path).suffix.lower() != ".gpkg" or not Path(path).is_file():
        return None
    if parts.get("layerName"):
        return Path(path), parts["layerName"]
    dataset = ogr.Open(path)
    table = dataset.GetLayer(int(parts.get("layerId") or 0)) if dataset is not None else None
    return (Path(path), table.GetName()) if table is not None else None


def _take(column, rows):
    values = column.to_numpy() if hasattr(column, "to_numpy") else column
    return np.asarray(values, dtype=None if isinstance(values, np.ndarray) else object)[rows]


def write_records_gpkg(path, fields, crs, source, added, x, y, feedback=None):
    """Write a GeoPackage point table's rows with added columns into a new GeoPackage.

    ``source``: (file, table) of the input, whose fields are the first of
    ``fields`` (the FID ``fid`` first); ``added``: a column of values per
    remaining field, aligned with the source's rows in fid order; ``x``,
    ``y``: the rows' coordinates, in that order. The source's rows, geometry
    blobs and spatial index are copied in SQLite, untouched by Python; only
    the added columns are bound. Returns False (nothing written) when the
    source cannot be copied so (then the caller uses the sink). A cancellation
    raises, with nothing written.
    """
    source_file, table = source
    names = [fields.at(i).name() for i in range(fields.count())]
    copied = names[1:len(names) - len(added)]
    if not names or names[0] != "fid" or len(added) >= len(names) or \
            path.resolve() == source_file.resolve():
        return False
    rows = source_rows(source_file, table, len(x))
    if rows is None or any(field not in rows[2] for field in copied):
        return False
    geometry, srs_id, _, fids = rows
    if not len(fids) or fids[-1] - fids[0] >= 4 * len(fids):
        return False  # no rows, or fids too sparse for the blob of row numbers
    return _written_whole(path, lambda partial: _copy_records(
        partial, path.stem, fields, crs, source, rows, added, x, y, feedback))


def _copy_records(path, name, fields, crs, source, rows, added, x, y, feedback):
    from osgeo import ogr

    source_file, table = source
    names = [fields.at(i).name() for i in range(fields.count())]
    copied = names[1:len(names) - len(added)]
    geometry, srs_id, _, fids = rows
    new_fields = QgsFields()
    for index in range(1, fields.count()):
        new_fields.append(fields.at(index))
    if not _create_table(path, name, new_fields, crs, ogr.wkbPoint):
        return False
    with contextlib.closing(sqlite3.connect(str(path))) as connection:
        same_srs = connection.execute("SELECT srs_id FROM gpkg_geometry_columns WHERE "
                                      "table_name = ?", (name,)).fetchone()[0] == srs_id
    if not same_srs:  # the blobs name their CRS by the file's own srs_id
        return False
    with _bulk_connection(path, name, source_file, feedback) as connection:
        if connection is None:
            return False
        # Added values repeat (risk is mostly a function of the key): each distinct row of
        # them is bound once, and each record finds its row by a number read in SQLite from
        # one blob of fixed-width decimal digits, at the record's fid.
        groups, first = distinct_rows(added)
        staged = [f"added_{number}" for number in range(len(added))]
        connection.execute(statement("CREATE TEMP TABLE added (id INTEGER PRIMARY KEY, {staged})",
                                     staged=staged))
        multi_row_insert(connection, ("temp", "added"), ["id"] + staged,
                          [list(range(len(first)))] + [_plain(_take(column, first))
                                                       for column in added])
        width = len(str(max(len(first) - 1, 0)))
        slots = np.zeros(fids[-1] - fids[0] + 1, dtype=np.int64)
        slots[fids - fids[0]] = groups
        digits = (slots[:, None] // 10 ** np.arange(width - 1, -1, -1)) % 10 + ord("0")
        connection.execute(statement(
            "INSERT INTO {name} ({target}) SELECT {selected} FROM {table} AS s CROSS JOIN "
            "temp.added AS a ON a.id = CAST(substr(?1, (s.fid - ?2) * ?3 + 1, ?3) AS INTEGER) "
            "ORDER BY s.fid", name=name, target=["fid", "geom"] + names[1:],
            table=("source", table),
            selected=[("s", column) for column in ["fid", geometry] + copied] +
                     [("a", column) for column in staged]),
            (digits.astype(np.uint8).tobytes(), int(fids[0]), width))
        if not copy_rtree(connection, table, geometry, name, len(x)):
            node_size = connection.execute(
                statement("SELECT length(data) FROM {node} WHERE nodeno = 1",
                          node=f"rtree_{name}_geom_node")).fetchone()[0]
            order = packing_order(x, y, (node_size - HEADER.itemsize) // CELL.itemsize)
            write_rtree(connection, f"rtree_{name}_geom", fids[order],
                        np.stack([x[order], x[order], y[order], y[order]], axis=1))
        _set_contents(connection, name, len(x),
                      (x.min(), y.min(), x.max(), y.max()) if len(x) else None)
        connection.execute("DROP TABLE temp.added")
        _refuse_if_cancelled(feedback)
    return True


def _postgis_target(algorithm, parameters, name, context):
    """The PostGIS table an output goes to, else None. ``parameterAsOutputLayer`` (which
    registers the output for loading, as the sink would) is called only for one."""
    if postgis_uri(destination_text(algorithm, parameters, name, context)) is None:
        return None, None
    destination = algorithm.parameterAsOutputLayer(parameters, name, context)
    uri = postgis_uri(destination)
    return (PostgisTarget(uri), destination) if uri is not None else (None, None)


def _copy_to_postgis(target, fields, geometry_type, crs, columns, geometry, count, feedback):
    """Write with COPY; None when written, else why the sink must (nothing written)."""
    reason = target.refusal(fields, geometry is not None)
    if reason is None:
        cells = [column_cells(fields.at(index), column) for index, column in enumerate(columns)]
        unfit = [fields.at(index).name() for index, cell in enumerate(cells) if cell is None]
        if unfit:
            reason = tr("the values of {fields} do not fit their column type").format(
                fields=", ".join(unfit))
    if reason is None:
        reason = target.write(fields, geometry_type, crs.postgisSrid(), cells, geometry(), count,
                              feedback)
    return reason


def _table_name(target):
    """The table's name as the user gave it (not the hidden one it is written as)."""
    schema, table = target.uri.schema(), final_destination(target.uri.table())
    return f"{schema}.{table}" if schema else table


def write_grid(algorithm, parameters, name, context, feedback, fields, crs, columns, origin,
               resolution, cols, rows):
    """Write a grid in bulk where its destination is a new GeoPackage or a PostGIS table.
    Returns the destination, or None: then the caller writes through the sink."""
    path = gpkg_path(algorithm, parameters, name, context)
    if path is not None:
        if not write_grid_gpkg(path, fields, crs, columns, origin, resolution, cols, rows,
                               feedback):
            return None
        feedback.pushInfo(tr("{count} cells written to {path} in bulk.").format(
            count=len(cols), path=final_destination(str(path))))
        return str(path)
    target, destination = _postgis_target(algorithm, parameters, name, context)
    if target is None:
        return None
    reason = _copy_to_postgis(
        target, fields, "Polygon", crs, columns,
        lambda: square_ewkb(square_envelopes(origin, resolution, cols, rows), crs.postgisSrid()),
        len(cols), feedback)
    if reason is not None:
        feedback.pushInfo(tr("Cells written feature by feature through QGIS, not with COPY: "
                             "{reason}.").format(reason=reason))
        return None
    feedback.pushInfo(tr("{count} cells written to the PostGIS table {table} in bulk (COPY).")
                      .format(count=len(cols), table=_table_name(target)))
    return destination


def _source_columns(layer, source, count, feedback):
    """The input's own attribute columns as the sink would copy them (a GeoPackage's FID
    field included), read through GDAL's Arrow stream, with the points' x and y; None
    when the input cannot be read so."""
    from .layers import read_points_arrow

    names = source.fields().names()
    table = read_points_arrow(layer, names, feedback) if layer is not None else None
    fids = None
    if table is None and names and names[0] == "fid" and gpkg_table_of(layer) is not None:
        table = read_points_arrow(layer, names[1:], feedback)
        rows = source_rows(*gpkg_table_of(layer), count) if table is not None else None
        fids = rows[3] if rows is not None else None
        if fids is None:
            return None
    if table is None or len(table.x) != count:
        return None
    columns = ([fids] if fids is not None else []) + [table.columns[name] for name in
                                                       names[1 if fids is not None else 0:]]
    return columns, table.x, table.y


def write_records(algorithm, parameters, name, context, feedback, source, layer, fields,
                  added, points):
    """Write the input's records with ``added`` columns in bulk where the destination is a new
    GeoPackage (from a GeoPackage point table) or a PostGIS table (from a point layer GDAL
    streams). Returns the destination, or None: then the caller writes through the sink."""
    streamed = points is not None and source.wkbType() == QgsWkbTypes.Type.Point
    path = gpkg_path(algorithm, parameters, name, context)
    if path is not None:
        table = gpkg_table_of(layer) if streamed else None
        if table is None or not write_records_gpkg(path, fields, source.sourceCrs(), table,
                                                   added, *points, feedback):
            return None
        feedback.pushInfo(tr("{count} records written to {path} in bulk.").format(
            count=len(points[0]), path=final_destination(str(path))))
        return str(path)
    target, destination = _postgis_target(algorithm, parameters, name, context)
    if target is None:
        return None
    read = _source_columns(layer, source, len(points[0]), feedback) if streamed else None
    if read is None:
        reason = tr("the input is not a point file GDAL can stream")
    else:
        own, x, y = read
        srid = source.sourceCrs().postgisSrid()
        reason = _copy_to_postgis(target, fields, "Point", source.sourceCrs(), own + list(added),
                                  lambda: point_ewkb(x, y, srid), len(x), feedback)
    if reason is not None:
        feedback.pushInfo(tr("Records written feature by feature through QGIS, not with COPY: "
                             "{reason}.").format(reason=reason))
        return None
    feedback.pushInfo(tr("{count} records written to the PostGIS table {table} in bulk (COPY).")
                      .format(count=len(x), table=_table_name(target)))
    return destination
