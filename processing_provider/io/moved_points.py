"""Points that took other points' places (the swapped persons) written in bulk.

Each row of a GeoPackage point table is copied with the geometry, and some
fields, of another row of the same table (the first member of the household
whose dwelling it took): inside SQLite, row by row through the FID index, with
no PyQGIS call per feature. The R-tree is packed from the new coordinates. As
for bulk_write, the file is built beside the destination and renamed only when
complete; any input this cannot copy falls back to the PyQGIS sink.
"""

import numpy as np
from qgis.core import QgsFields, QgsWkbTypes

from ..base import tr
from .bulk_write import _bulk_connection, _create_table, _refuse_if_cancelled, _set_contents, \
    _written_whole, gpkg_path, gpkg_table_of
from ..staged_outputs import final_destination
from .sqlite_bulk import CELL, HEADER, insert_map, packing_order, source_rows, statement, \
    write_rtree


def write_moved_points(algorithm, parameters, name, context, feedback, source, layer, taken,
                       moving, x, y):
    """Write the input's records to a new GeoPackage, record i with the geometry and the
    ``moving`` fields of record ``taken[i]`` (positions in the order the records were read);
    ``x``, ``y``: the records' new coordinates. Returns the destination, or None when the
    output or the input cannot take this path (the caller then writes through the sink)."""
    path = gpkg_path(algorithm, parameters, name, context) \
        if source.wkbType() == QgsWkbTypes.Type.Point and gpkg_table_of(layer) is not None \
        else None
    if path is None:
        return None
    fields = source.fields()
    names = fields.names()
    source_file, table = gpkg_table_of(layer)
    rows = source_rows(source_file, table, len(x))
    if not names or names[0] != "fid" or rows is None or \
            path.resolve() == source_file.resolve() or any(n not in rows[2] for n in names[1:]):
        return None
    if not _written_whole(path, lambda partial: _copy_moved(
            partial, path.stem, fields, source.sourceCrs(), (source_file, table), rows,
            np.asarray(taken), moving, x, y, feedback)):
        return None
    feedback.pushInfo(tr("{count} records written to {path} in bulk.").format(
        count=len(x), path=final_destination(str(path))))
    return str(path)


def _copy_moved(path, name, fields, crs, source, rows, taken, moving, x, y, feedback):
    from osgeo import ogr

    source_file, table = source
    geometry, srs_id, _, fids = rows
    own = QgsFields()
    for index in range(1, fields.count()):
        own.append(fields.at(index))
    if not _create_table(path, name, own, crs, ogr.wkbPoint):
        return False
    with _bulk_connection(path, name, source_file, feedback) as connection:
        if connection is None or connection.execute(
                "SELECT srs_id FROM gpkg_geometry_columns WHERE table_name = ?",
                (name,)).fetchone()[0] != srs_id:  # blobs name their CRS by the file's srs_id
            return False
        connection.execute("CREATE TEMP TABLE taken (fid INTEGER PRIMARY KEY, other INTEGER)")
        insert_map(connection, ("temp", "taken"), ("fid", "other"), fids, fids[taken])
        names = fields.names()[1:]
        connection.execute(statement(
            "INSERT INTO {name} ({target}) SELECT {selected} FROM {table} AS s JOIN temp.taken "
            "AS t ON t.fid = s.fid JOIN {table} AS o ON o.fid = t.other ORDER BY s.fid",
            name=name, target=["fid", "geom"] + names, table=("source", table),
            selected=[("s", "fid"), ("o", geometry)] +
                     [("o" if column in moving else "s", column) for column in names]))
        node_size = connection.execute(statement("SELECT length(data) FROM {node} WHERE nodeno = 1",
                                                 node=f"rtree_{name}_geom_node")).fetchone()[0]
        order = packing_order(x, y, (node_size - HEADER.itemsize) // CELL.itemsize)
        write_rtree(connection, f"rtree_{name}_geom", fids[order],
                    np.stack([x[order], x[order], y[order], y[order]], axis=1))
        _set_contents(connection, name, len(x), (x.min(), y.min(), x.max(), y.max()))
        connection.execute("DROP TABLE temp.taken")
        _refuse_if_cancelled(feedback)
    return True
