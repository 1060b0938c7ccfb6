"""Large outputs written in bulk into PostGIS: one binary COPY instead of an INSERT per feature.

Where an output is a PostGIS table (Processing's ``postgis:`` / ``postgres:``
destination), the table is created as QGIS's PostgreSQL provider creates it for
the sink (the primary key first: a serial ``id``, or the input's own unique
64-bit key such as a GeoPackage's ``fid``; the geometry column typed with the
layer's SRID; then the fields with the provider's types; an existing table is
replaced), and the rows go in through ``COPY … FROM STDIN (FORMAT binary)``, built
with numpy: EWKB geometries, big-endian numbers, UTF-8 text. Everything runs in
one transaction: a failure or a cancellation leaves the database as it was.
Anything this cannot write as the sink would (a key column named in the URI,
field types without a mapping, an SRID the server does not know, an auth
configuration QGIS cannot resolve) is left to the sink, saying why.
"""

import itertools

import numpy as np
from qgis.core import QgsDataSourceUri, QgsProcessingException

from ..base import tr
from ..output_marks import MARK

# Processing's destination prefixes for the PostgreSQL provider, longest first.
_PREFIXES = ("postgres://", "postgis:", "postgres:")
# QVariant.Type and QMetaType.Type share these numbers (QGIS 3.22 to 4).
BOOL, INT, LONGLONG, DOUBLE, STRING = 1, 2, 4, 6, 10
_EWKB_SRID_FLAG = 0x20000000
WKB_POINT, WKB_POLYGON = 1, 3
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
    if kind == STRING:
        return f"varchar({field.length()})" if field.length() > 0 else "varchar"
    if kind == DOUBLE and field.length() <= 0 and field.precision() <= 0:
        return "float8"
    if kind == INT and field.precision() <= 0:
        return "int4"
    return {LONGLONG: "int8", BOOL: "bool"}.get(kind)


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


_NULL_CELL = b"\xff\xff\xff\xff"  # a cell's length -1: NULL


class _FixedCells:
    """A column of fixed-width values (``present``: the rows that are not NULL, or None when
    all are) as binary COPY cells: a length and the value's bytes, made with numpy."""

    def __init__(self, values, present, dtype):
        self.layout = np.dtype([("length", ">i4"), ("value", dtype)])
        self.values = np.asarray(values).astype(dtype)
        self.present = None if present is None or present.all() else present

    def rows(self, start, stop):
        """The cells of rows ``start``..``stop`` as bytes objects (no call per value)."""
        records = np.empty(stop - start, dtype=self.layout)
        records["length"] = self.layout["value"].itemsize
        records["value"] = self.values[start:stop]
        cells = records.view(f"V{self.layout.itemsize}")
        if self.present is None:
            return cells.tolist()
        present = self.present[start:stop]
        mixed = np.full(stop - start, _NULL_CELL, dtype=object)
        mixed[present] = cells[present].tolist()
        return mixed.tolist()


class _TextCells:
    """A column of text as binary COPY cells: each distinct value encoded once (UTF-8, with its
    length), each row a reference to its value's cell."""

    def __init__(self, series):
        import pandas as pd

        codes, distinct = pd.factorize(series)  # missing values get code -1
        encoded = [str(value).encode("utf-8") for value in distinct]
        self.cells = np.empty(len(encoded) + 1, dtype=object)
        self.cells[:-1] = [len(value).to_bytes(4, "big") + value for value in encoded]
        self.cells[-1] = _NULL_CELL  # where code -1 points
        self.codes = codes

    def rows(self, start, stop):
        return self.cells[self.codes[start:stop]].tolist()


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
        return _TextCells(series.astype(object).where(series.notna(), None))
    present = series.notna().to_numpy()
    filled = series.where(series.notna(), 0).to_numpy()
    try:
        if kind == "bool":
            return _FixedCells(filled.astype(bool), present, "u1")
        if kind == "float8":
            return _FixedCells(filled.astype(np.float64), present, ">f8")
        numbers = filled.astype(np.float64)
        if not np.array_equal(numbers, np.round(numbers)):
            return None  # not whole numbers: left to QGIS's own conversion
        integers = filled.astype(np.int64)
    except (TypeError, ValueError):
        return None
    limit = 2 ** 31 if kind == "int4" else 2 ** 63
    if len(integers) and (integers.min() < -limit or integers.max() >= limit):
        return None
    return _FixedCells(integers, present, ">i4" if kind == "int4" else ">i8")


def _geometry_cells(records):
    """Cells of EWKB geometries given as one numpy structured record per row."""
    width = records.dtype.itemsize
    return _FixedCells(np.ascontiguousarray(records).view(f"V{width}"), None, f"V{width}")


def fill_square_rings(ring, envelopes):
    """Write each cell's ring of five corners into ``ring`` (n × 5 × 2), as
    QgsGeometry.fromRect draws it: GeoPackage blobs and EWKB share it."""
    x0, x1, y0, y1 = envelopes
    ring[...] = np.stack([x0, y0, x1, y0, x1, y1, x0, y1, x0, y0], axis=1).reshape(-1, 5, 2)


def square_ewkb(envelopes, srid):
    """EWKB polygons of grid cells (little endian, with the SRID), the ring as
    QgsGeometry.fromRect draws it (as bulk_write.square_blobs does for GeoPackages)."""
    layout = np.dtype([("order", "u1"), ("type", "<u4"), ("srid", "<i4"), ("rings", "<u4"),
                       ("points", "<u4"), ("ring", "<f8", (5, 2))])
    records = np.zeros(len(envelopes[0]), dtype=layout)
    records["order"] = 1
    records["type"] = WKB_POLYGON | _EWKB_SRID_FLAG
    records["srid"] = srid
    records["rings"] = 1
    records["points"] = 5
    fill_square_rings(records["ring"], envelopes)
    return records


def point_ewkb(x, y, srid):
    """EWKB points (little endian, with the SRID)."""
    layout = np.dtype([("order", "u1"), ("type", "<u4"), ("srid", "<i4"), ("xy", "<f8", (2,))])
    records = np.zeros(len(x), dtype=layout)
    records["order"] = 1
    records["type"] = WKB_POINT | _EWKB_SRID_FLAG
    records["srid"] = srid
    records["xy"][:, 0], records["xy"][:, 1] = x, y
    return records


def _binary_chunk(columns, start, stop):
    """Rows ``start``..``stop`` in COPY's binary format: per row the column count, then per
    cell its length and bytes. The cells are bytes objects made in bulk, joined once."""
    header = len(columns).to_bytes(2, "big")
    return b"".join(itertools.chain.from_iterable(zip(
        itertools.repeat(header, stop - start), *[column.rows(start, stop) for column in columns])))


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
        if self.uri.authConfigId() and not self._auth_resolves():
            return tr("its authentication configuration could not be resolved")
        return None

    def _auth_resolves(self):
        """Whether QGIS's authentication manager gives the URI's auth configuration."""
        from qgis.core import QgsApplication

        resolved, _ = QgsApplication.authManager().updateDataSourceUriItems(
            [], self.uri.authConfigId(), "postgres")
        return resolved

    def conninfo(self):
        """The libpq connection string, with an auth configuration resolved by QGIS's
        authentication manager (QgsDataSourceUri expands it)."""
        return self.uri.connectionInfo(True)

    def write(self, fields, geometry_type, srid, columns, geometry, count, feedback):
        """Replace the table by one holding these rows, in one transaction. ``columns``: the
        cells of each field (column_cells); ``geometry``: EWKB records per row. Returns None
        when written, else why the sink must write (nothing was changed)."""
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
                    (key, sql.SQL("serial"), _FixedCells(np.arange(1, count + 1), None, ">i4"))]
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
                cursor.execute(sql.SQL("COMMENT ON TABLE {} IS {}").format(
                    table, sql.Literal(MARK)))
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
