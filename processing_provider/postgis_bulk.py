"""Large outputs written in bulk into PostGIS: one binary COPY instead of an INSERT per feature.

Where an output is a PostGIS table (Processing's ``postgis:`` / ``postgres:``
destination), the table is created as QGIS's PostgreSQL provider creates it for
the sink (a serial primary key ``id`` first, the geometry column typed with the
layer's SRID, then the fields with the provider's types; an existing table is
replaced), and the rows go in through ``COPY … FROM STDIN (FORMAT binary)``, built
with numpy: EWKB geometries, big-endian numbers, UTF-8 text. Everything runs in
one transaction: a failure or a cancellation leaves the database as it was.
Anything this cannot write as the sink would (a key column named in the URI,
field types without a mapping, an SRID the server does not know, an auth
configuration QGIS cannot resolve) is left to the sink, saying why.
"""

import numpy as np
from qgis.core import QgsDataSourceUri, QgsProcessingException

from .base import tr

# Processing's destination prefixes for the PostgreSQL provider, longest first.
_PREFIXES = ("postgres://", "postgis:", "postgres:")
# QVariant.Type and QMetaType.Type share these numbers (QGIS 3.22 to 4).
_BOOL, _INT, _LONGLONG, _DOUBLE, _STRING = 1, 2, 4, 6, 10
_EWKB_SRID_FLAG = 0x20000000
_WKB_POINT, _WKB_POLYGON = 1, 3
_COPY_HEADER = b"PGCOPY\n\xff\r\n\x00" + bytes(8)  # signature, flags, no header extension
_COPY_TRAILER = b"\xff\xff"
ROWS_PER_CHUNK = 65_536
COPY_READ_SIZE = 1 << 20  # bytes psycopg2 asks for at a time


def postgis_uri(destination):
    """The QgsDataSourceUri of a destination that is a PostGIS table, else None."""
    if not isinstance(destination, str):
        return None
    for prefix in _PREFIXES:
        if destination.startswith(prefix):
            uri = QgsDataSourceUri(destination[len(prefix):])
            return uri if uri.table() else None
    return None


def _column_type(field):
    """The column type QGIS's PostgreSQL provider gives a field (QgsPostgresProvider::
    convertField), for the types whose mapping is the same from QGIS 3.22 to 4; else None."""
    kind = int(field.type())
    if kind == _STRING:
        return f"varchar({field.length()})" if field.length() > 0 else "varchar"
    if kind == _DOUBLE and field.length() <= 0 and field.precision() <= 0:
        return "float8"
    if kind == _INT and field.precision() <= 0:
        return "int4"
    return {_LONGLONG: "int8", _BOOL: "bool"}.get(kind)


def _is_key_candidate(field):
    """A field the provider makes the primary key (a numeric one its own provider declares
    unique and not NULL, such as a GeoPackage's FID), as QgsPostgresProvider::createEmptyLayer
    looks for one."""
    from qgis.core import QgsFieldConstraints

    constraints = field.constraints()
    not_set = QgsFieldConstraints.ConstraintOrigin.ConstraintOriginNotSet
    return field.isNumeric() and all(
        constraints.constraintOrigin(kind) != not_set
        for kind in (QgsFieldConstraints.Constraint.ConstraintUnique,
                     QgsFieldConstraints.Constraint.ConstraintNotNull))


def primary_key(fields):
    """(index of the field that is the primary key, or None; the key's name). Without such a
    field the provider adds a serial key ``id`` (``id_0``, ``id_1``… where a field has it)."""
    for index in range(fields.count()):
        if _is_key_candidate(fields.at(index)):
            return index, fields.at(index).name()
    names = set(fields.names())
    name, number = "id", 0
    while name in names:
        name, number = f"id_{number}", number + 1
    return None, name


class _Cells:
    """One column as binary COPY cells: each row's length (-1 for NULL) and the bytes."""

    def __init__(self, lengths, payload, width=None):
        self.lengths = lengths  # int32 per row
        self.payload = payload  # uint8, the non-NULL values' bytes in row order
        self.width = width  # bytes per value where they are all alike, else None
        # Where each row's bytes start in the payload.
        self.offsets = np.concatenate([[0], np.cumsum(np.maximum(lengths, 0), dtype=np.int64)])

    def rows(self, start, stop):
        return self.lengths[start:stop], self.payload[self.offsets[start]:self.offsets[stop]]


def _fixed_cells(values, present, dtype):
    """Cells of fixed-width values (``present``: rows that are not NULL)."""
    width = np.dtype(dtype).itemsize
    lengths = np.where(present, width, -1).astype(np.int32)
    payload = np.ascontiguousarray(values[present].astype(dtype)).view(np.uint8)
    return _Cells(lengths, payload, width)


def _text_cells(series):
    """Cells of text: each distinct value encoded once, then gathered row by row."""
    import pandas as pd

    codes, distinct = pd.factorize(series, use_na_sentinel=True) \
        if "use_na_sentinel" in pd.factorize.__code__.co_varnames else pd.factorize(series)
    encoded = [str(value).encode("utf-8") for value in distinct]
    sizes = np.array([len(value) for value in encoded], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(sizes)])[:-1]
    joined = np.frombuffer(b"".join(encoded), dtype=np.uint8)
    present = codes >= 0
    lengths = np.where(present, sizes[np.maximum(codes, 0)] if len(sizes) else 0, -1)
    kept = codes[present]
    row_sizes = sizes[kept]
    into = np.cumsum(row_sizes) - row_sizes
    payload = joined[np.repeat(starts[kept] - into, row_sizes) + np.arange(int(row_sizes.sum()))]
    return _Cells(lengths.astype(np.int32), payload)


def column_cells(field, values):
    """Cells of one attribute column for the field's column type, None where the values do
    not fit it (the sink then writes). Missing values (None, NaN) are NULL, as the sink has."""
    import pandas as pd

    series = values if isinstance(values, pd.Series) else pd.Series(
        values, dtype=None if isinstance(values, np.ndarray) else object)
    series = series.reset_index(drop=True)
    kind = _column_type(field)
    if kind is None:
        return None
    if kind.startswith("varchar"):
        return _text_cells(series.astype(object).where(series.notna(), None))
    present = series.notna().to_numpy()
    filled = series.where(series.notna(), 0).to_numpy()
    try:
        if kind == "bool":
            return _fixed_cells(filled.astype(bool), present, "u1")
        if kind == "float8":
            return _fixed_cells(filled.astype(np.float64), present, ">f8")
        numbers = filled.astype(np.float64)
        if not np.array_equal(numbers, np.round(numbers)):
            return None  # not whole numbers: left to QGIS's own conversion
        integers = filled.astype(np.int64)
    except (TypeError, ValueError):
        return None
    limit = 2 ** 31 if kind == "int4" else 2 ** 63
    if len(integers) and (integers.min() < -limit or integers.max() >= limit):
        return None
    return _fixed_cells(integers, present, ">i4" if kind == "int4" else ">i8")


def _geometry_cells(records):
    """Cells of EWKB geometries given as one numpy structured record per row."""
    width = records.dtype.itemsize
    return _Cells(np.full(len(records), width, dtype=np.int32),
                  np.ascontiguousarray(records).view(np.uint8).reshape(-1), width)


def square_ewkb(envelopes, srid):
    """EWKB polygons of grid cells (little endian, with the SRID), the ring as
    QgsGeometry.fromRect draws it (as bulk_write.square_blobs does for GeoPackages)."""
    x0, x1, y0, y1 = envelopes
    layout = np.dtype([("order", "u1"), ("type", "<u4"), ("srid", "<i4"), ("rings", "<u4"),
                       ("points", "<u4"), ("ring", "<f8", (5, 2))])
    records = np.zeros(len(x0), dtype=layout)
    records["order"] = 1
    records["type"] = _WKB_POLYGON | _EWKB_SRID_FLAG
    records["srid"] = srid
    records["rings"] = 1
    records["points"] = 5
    ring = records["ring"]
    for corner, (x, y) in enumerate(((x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0))):
        ring[:, corner, 0], ring[:, corner, 1] = x, y
    return records


def point_ewkb(x, y, srid):
    """EWKB points (little endian, with the SRID)."""
    layout = np.dtype([("order", "u1"), ("type", "<u4"), ("srid", "<i4"), ("xy", "<f8", (2,))])
    records = np.zeros(len(x), dtype=layout)
    records["order"] = 1
    records["type"] = _WKB_POINT | _EWKB_SRID_FLAG
    records["srid"] = srid
    records["xy"][:, 0], records["xy"][:, 1] = x, y
    return records


def _binary_chunk(columns, start, stop):
    """Rows ``start``..``stop`` in COPY's binary format: per row the column count, then per
    cell its length and bytes; every cell is placed with numpy, no call per value."""
    parts = [column.rows(start, stop) for column in columns]
    count = stop - start
    lengths = np.stack([length for length, _ in parts], axis=1)
    sizes = 4 + np.maximum(lengths, 0).astype(np.int64)
    row_sizes = 2 + sizes.sum(axis=1)
    row_starts = np.cumsum(row_sizes) - row_sizes
    cell_starts = row_starts[:, None] + 2 + np.cumsum(sizes, axis=1) - sizes
    out = np.empty(int(row_sizes.sum()), dtype=np.uint8)
    out[row_starts[:, None] + np.arange(2)] = np.frombuffer(
        np.array(len(columns), dtype=">i2").tobytes(), dtype=np.uint8)
    out[cell_starts[:, :, None] + np.arange(4)] = \
        lengths.astype(">i4").view(np.uint8).reshape(count, len(columns), 4)
    for number, (column, (length, payload)) in enumerate(zip(columns, parts)):
        present = length >= 0
        targets = cell_starts[present, number] + 4
        if column.width:
            out[targets[:, None] + np.arange(column.width)] = payload.reshape(-1, column.width)
        else:
            kept = length[present].astype(np.int64)
            into = np.cumsum(kept) - kept
            out[np.repeat(targets - into, kept) + np.arange(int(kept.sum()))] = payload
    return out.tobytes()


class _CopyStream:
    """The binary COPY data as a file that psycopg2 reads, made chunk by chunk; it checks for
    cancellation and reports progress between chunks."""

    def __init__(self, columns, count, feedback):
        self.columns, self.count, self.feedback = columns, count, feedback
        self.next_row = 0
        self.pending, self.offset = memoryview(_COPY_HEADER), 0
        self.finished = False

    def read(self, size=-1):
        while self.offset >= len(self.pending) and not self.finished:
            if self.feedback is not None and self.feedback.isCanceled():
                raise QgsProcessingException(tr("Cancelled: no output was completed."))
            if self.next_row >= self.count:
                self.pending, self.finished = memoryview(_COPY_TRAILER), True
            else:
                stop = min(self.next_row + ROWS_PER_CHUNK, self.count)
                self.pending = memoryview(_binary_chunk(self.columns, self.next_row, stop))
                self.next_row = stop
                if self.feedback is not None:
                    self.feedback.setProgress(100.0 * stop / self.count)
            self.offset = 0
        end = len(self.pending) if size is None or size < 0 else self.offset + size
        taken = self.pending[self.offset:end].tobytes()
        self.offset += len(taken)
        return taken

    readline = read


class PostgisTarget:
    """A PostGIS table as the destination of one output, and how to reach its database."""

    def __init__(self, uri):
        self.uri = uri

    def refusal(self, fields, has_geometry):
        """Why the sink must write this output (translated), or None when COPY can."""
        key_index, key = primary_key(fields)
        if self.uri.keyColumn() and self.uri.keyColumn() != key:
            return tr("the destination names its own key column")
        if key_index is not None and _column_type(fields.at(key_index)) != "int8":
            return tr("the key field {field} is not a 64-bit integer").format(field=key)
        if has_geometry and not self.uri.geometryColumn():
            return tr("the destination names no geometry column")
        if self.uri.sql().strip():
            return tr("the destination has a filter")
        unmapped = [fields.at(i).name() for i in range(fields.count())
                    if _column_type(fields.at(i)) is None]
        if unmapped:
            return tr("the field(s) {fields} have no bulk type").format(fields=", ".join(unmapped))
        if "authcfg=" in self.conninfo():
            return tr("its authentication configuration could not be resolved")
        return None

    def conninfo(self):
        """The libpq connection string, with an auth configuration resolved by QGIS's
        authentication manager (QgsDataSourceUri expands it)."""
        return self.uri.connectionInfo(True)

    def write(self, fields, geometry_type, srid, columns, geometry, count, feedback):
        """Replace the table by one holding these rows, in one transaction. ``columns``: the
        _Cells of each field; ``geometry``: EWKB records per row. Returns None when written,
        else why the sink must write (nothing was changed)."""
        import psycopg2
        from psycopg2 import sql

        connection = psycopg2.connect(self.conninfo())
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM spatial_ref_sys WHERE srid = %s", (srid,))
                if not cursor.fetchone()[0]:
                    return tr("the server does not know the SRID {srid}").format(srid=srid)
                schema = self.uri.schema()
                if not schema:  # QGIS creates an unqualified table where the server puts it
                    cursor.execute("SELECT current_schema()")
                    schema = cursor.fetchone()[0]
                table = sql.Identifier(schema, self.uri.table())
                key_index, key = primary_key(fields)

                def attribute(index):
                    field = fields.at(index)
                    return field.name(), sql.SQL(_column_type(field)), columns[index]
                # The provider's column order: the key (a field of the input's, or a serial the
                # rows number), the geometry, the other fields.
                table_columns = [attribute(key_index)] if key_index is not None else [
                    (key, sql.SQL("serial"), _fixed_cells(np.arange(1, count + 1),
                                                          np.ones(count, dtype=bool), ">i4"))]
                if geometry is not None:
                    table_columns.append((self.uri.geometryColumn(), sql.SQL("geometry({}, {})")
                                          .format(sql.SQL(geometry_type), sql.Literal(int(srid))),
                                          _geometry_cells(geometry)))
                table_columns += [attribute(index) for index in range(fields.count())
                                  if index != key_index]
                names = sql.SQL(", ").join(sql.Identifier(name) for name, _, _ in table_columns)
                definitions = [sql.SQL("{} {}").format(sql.Identifier(name), kind)
                               for name, kind, _ in table_columns]
                # The sink replaces an existing table (Processing always overwrites).
                cursor.execute(sql.SQL("DROP TABLE IF EXISTS {}").format(table))
                cursor.execute(sql.SQL("CREATE TABLE {} ({})").format(
                    table, sql.SQL(", ").join(definitions)))
                cursor.copy_expert(sql.SQL("COPY {} ({}) FROM STDIN WITH (FORMAT binary)").format(
                    table, names).as_string(connection),
                    _CopyStream([cells for _, _, cells in table_columns], count, feedback),
                    size=COPY_READ_SIZE)
                # The key's index built once over the rows rather than row by row; its
                # constraint gets the name the provider's CREATE TABLE gives it.
                cursor.execute(sql.SQL("ALTER TABLE {} ADD PRIMARY KEY ({})").format(
                    table, sql.Identifier(key)))
                if key_index is None and count:  # the serial goes on after the rows, as after
                    cursor.execute(                 # the sink's inserts
                        "SELECT setval(pg_get_serial_sequence(%s, %s), %s)",
                        (table.as_string(connection), key, count))
            connection.commit()
            return None
        except psycopg2.Error as error:
            connection.rollback()
            raise QgsProcessingException(tr(
                "Writing the PostGIS table {table} failed, so nothing was written: {error}").format(
                table=self.uri.table(), error=str(error).strip())) from None
        except BaseException:
            connection.rollback()
            raise
        finally:
            connection.close()
