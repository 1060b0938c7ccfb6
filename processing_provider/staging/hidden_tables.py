"""Outputs kept in a database, written under a hidden name and renamed to their own only when
every output of the run is complete.

A layer added to an existing GeoPackage and a PostGIS table cannot be written
in a hidden folder (staged_outputs): the database is the user's, with other
tables in it. So such an output is written in the same database as a table
named ``_sp_partial_<random>_<pid>_<host>_<name>``, read back, and renamed in
one transaction once the run is complete, replacing an earlier output of the
plugin's of that name (never a table without the plugin's mark: output_marks).
GDAL's ``ALTER TABLE … RENAME TO`` renames a GeoPackage table with its
metadata, spatial index and triggers (checked on GDAL 3.6); its style rows in
``layer_styles`` are renamed here, in the same transaction. A PostGIS table is
renamed with its indexes and sequences, which PostgreSQL named after it, and
keeps its comment (the mark). A failed or cancelled run drops its hidden
tables; a run killed mid-way leaves them, and the next run writing into the
same GeoPackage or schema drops those of processes of this host that no longer
run.

Messages are raised as the engine's ``InputError`` (an untranslated template);
a failed write to a GeoPackage as an OSError naming its file.
"""

import errno
import hashlib
import os
import re
import secrets
import socket
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from qgis.core import QgsDataSourceUri

from ...spatial_privacy_plugin.errors import N_, InputError
from ..destinations import POSTGRES_PREFIXES, postgres_uri
from ..output_marks import MARK
from ..partial_files import process_running

PREFIX = "_sp_partial_"
# The part of a hidden table's name before the output's own name: a random part, the writing
# process's id and a hash of its host's name (a killed run is recognised on its own host only).
HIDDEN_PART = re.compile(r"_sp_partial_[0-9a-f]{6}_(\d+)_([0-9a-f]{4})_")
HOST = hashlib.sha256(socket.gethostname().encode("utf-8")).hexdigest()[:4]
POSTGRES_NAME_BYTES = 63  # PostgreSQL cuts longer identifiers
STYLES_TABLE = "layer_styles"
LOCK_TIMEOUT = "5s"  # a table still held by a writer is not waited for without end


def _hidden_name(final, limit=None):
    """A hidden name for the table ``final``: the hidden part, then ``final`` (cut to ``limit``
    bytes)."""
    name = f"{PREFIX}{secrets.token_hex(3)}_{os.getpid()}_{HOST}_{final}"
    if limit is not None:
        name = name.encode("utf-8")[:limit].decode("utf-8", "ignore")
    return name


def _stale(name):
    """Whether ``name`` is a hidden table of a process of this host that no longer runs."""
    match = HIDDEN_PART.match(name)
    return match is not None and match.group(2) == HOST and \
        not process_running(int(match.group(1)))


def _quoted(identifier):
    return '"' + identifier.replace('"', '""') + '"'


def _literal(text):
    return "'" + text.replace("'", "''") + "'"


@dataclass
class HiddenTable:
    """An output written as the table ``hidden`` of a database and renamed to ``final``.
    ``destination``: the destination the user gave; ``written``: the one the run writes to;
    ``loaded``: the source QGIS loads once it is complete."""

    final: str
    hidden: str
    destination: str
    written: str
    loaded: str
    renamed: bool = field(default=False, init=False)

    def final_value(self, value):
        """A result of the run (a destination, a layer source) naming the table where it goes."""
        if value == self.written:
            return self.destination
        return value.replace(f"|layername={self.hidden}", f"|layername={self.final}")


@dataclass
class GpkgTable(HiddenTable):
    """A layer added to the GeoPackage ``path`` (``created``: the run makes the file)."""

    path: Path = None
    created: bool = False
    had_styles: bool = True

    @property
    def store(self):
        return str(self.path)


@dataclass
class PostgisTable(HiddenTable):
    """A PostGIS table (``uri``: the destination's, naming the final table)."""

    uri: QgsDataSourceUri = None

    @property
    def store(self):
        return self.uri.connectionInfo(False)


def hidden_table(text, place):
    """The HiddenTable of an output going to a GeoPackage's layer or a PostGIS table (``text``:
    its destination, ``place``: its destinations.Place), else None (a whole file)."""
    uri = postgres_uri(text)
    if uri is not None:
        if not uri.table():
            return None
        hidden = _hidden_name(uri.table(), POSTGRES_NAME_BYTES)
        written = QgsDataSourceUri(uri)
        written.setTable(hidden)
        prefix = next(prefix for prefix in POSTGRES_PREFIXES if text.startswith(prefix))
        return PostgisTable(uri.table(), hidden, text, prefix + written.uri(False), text, uri=uri)
    if place.table is None or not place.store.lower().endswith(".gpkg"):
        return None
    path = Path(place.store)
    final = _gpkg_layer_name(text) or place.table
    hidden = _hidden_name(final)
    geometry = QgsDataSourceUri(text[len("ogr:"):]).geometryColumn() if text.startswith("ogr:") \
        else ""
    written = QgsDataSourceUri()
    written.setDatabase(str(path))
    written.setDataSource("", hidden, geometry)
    return GpkgTable(final, hidden, text, "ogr:" + written.uri(False), f"{path}|layername={final}",
                     path=path, created=not path.exists(), had_styles=_has_table(path, STYLES_TABLE))


def _gpkg_layer_name(text):
    """The layer named by a GeoPackage destination, as written (not lowered)."""
    if text.startswith("ogr:"):
        uri = QgsDataSourceUri(text[len("ogr:"):])
        return uri.table() or Path(uri.database()).stem
    return text.split("|layername=", 1)[1].split("|")[0] if "|layername=" in text else None


# GeoPackages: read with sqlite3, changed through GDAL (which keeps its metadata in step).

def _read_only(path):
    return sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)


def _has_table(path, name):
    if not Path(path).is_file():
        return False
    try:
        connection = _read_only(path)
    except sqlite3.Error:
        return False
    try:
        return connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                                  "lower(name) = lower(?)", (name,)).fetchone() is not None
    except sqlite3.Error:
        return False
    finally:
        connection.close()


def _gpkg_contents(path):
    """{table name: description} of the GeoPackage ``path`` ({} where it cannot be read)."""
    if not Path(path).is_file():
        return {}
    try:
        connection = _read_only(path)
        try:
            return dict(connection.execute("SELECT table_name, description FROM gpkg_contents"))
        finally:
            connection.close()
    except sqlite3.Error:
        return {}


def _gdal_failed(path, call, *args):
    """Run a call of GDAL's and raise an OSError naming ``path`` where it fails (GDAL's
    bindings raise or return an error code, as their exceptions are on or off)."""
    from osgeo import gdal

    gdal.ErrorReset()
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        result = call(*args)
    except RuntimeError as error:
        raise OSError(errno.EIO, str(error), str(path)) from None
    finally:
        gdal.PopErrorHandler()
    if gdal.GetLastErrorType() >= gdal.CE_Failure or (isinstance(result, int) and result != 0):
        raise OSError(errno.EIO, gdal.GetLastErrorMsg() or "GDAL failed", str(path))
    return result


class _GpkgTransaction:
    """The GeoPackage ``path`` opened for update by GDAL, its changes in one transaction."""

    def __init__(self, path):
        from osgeo import gdal

        self.path = path
        self.dataset = _gdal_failed(path, gdal.OpenEx, str(path), gdal.OF_VECTOR | gdal.OF_UPDATE,
                                    ["GPKG"])
        if self.dataset is None:
            raise OSError(errno.EIO, "GDAL cannot open it as a GeoPackage", str(path))
        _gdal_failed(path, self.dataset.StartTransaction)
        self.styles = _has_table(path, STYLES_TABLE)

    def execute(self, sql):
        result = _gdal_failed(self.path, self.dataset.ExecuteSQL, sql)
        if result is not None:
            self.dataset.ReleaseResultSet(result)

    def drop(self, name):
        """Drop the table ``name`` with its metadata, spatial index and stored styles."""
        if name == STYLES_TABLE:
            self.styles = False
        elif self.styles:  # GDAL leaves them, and they would style a later table of that name
            self.execute(f"DELETE FROM {STYLES_TABLE} WHERE f_table_name = "  # nosec B608
                         f"{_literal(name)}")  # a quoted literal
        names = [self.dataset.GetLayer(number).GetName()
                 for number in range(self.dataset.GetLayerCount())]
        if name in names:
            _gdal_failed(self.path, self.dataset.DeleteLayer, names.index(name))

    def rename(self, old, new):
        """Rename the table ``old`` to ``new``, marked as the plugin's (QGIS's writer of a layer
        added to a file does not pass the mark on: output_marks)."""
        self.execute(f"ALTER TABLE {_quoted(old)} RENAME TO {_quoted(new)}")
        self.execute(f"UPDATE gpkg_contents SET description = {_literal(MARK)} "  # nosec B608
                     f"WHERE table_name = {_literal(new)}")  # quoted literals
        if self.styles:  # GDAL 3.5+ renames them; earlier versions leave them behind
            self.execute(f"UPDATE {STYLES_TABLE} SET f_table_name = {_literal(new)} "  # nosec B608
                         f"WHERE f_table_name = {_literal(old)}")  # quoted literals of names

    def commit(self):
        _gdal_failed(self.path, self.dataset.CommitTransaction)
        self.dataset = None

    def rollback(self):
        if self.dataset is not None:
            try:
                self.dataset.RollbackTransaction()
            except RuntimeError:
                pass  # closing the dataset rolls back too
            self.dataset = None


def _gpkg_unreadable(table):
    """Why the hidden table cannot be read back as written, or None."""
    try:
        connection = _read_only(table.path)
        try:
            verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
            rows = connection.execute(f"SELECT count(*) FROM {_quoted(table.hidden)}"  # nosec B608
                                      ).fetchone()[0]  # a quoted name of ours
            counted = connection.execute("SELECT feature_count FROM gpkg_ogr_contents WHERE "
                                         "table_name = ?", (table.hidden,)).fetchone()
        finally:
            connection.close()
    except sqlite3.Error as error:
        return str(error)
    if verdict != "ok":
        return verdict
    if counted is not None and counted[0] is not None and counted[0] != rows:
        return N_("it holds another number of rows than were written")
    return None


def _rename_gpkg(tables):
    """Rename the hidden tables of one GeoPackage to their names in one transaction, replacing
    outputs of the plugin's of those names."""
    path = tables[0].path
    contents = {name.lower(): (name, description)
                for name, description in _gpkg_contents(path).items()}
    transaction = _GpkgTransaction(path)
    try:
        for table in tables:
            existing = contents.get(table.final.lower())
            if existing is not None:
                if existing[1] != MARK:
                    raise InputError(N_("The output {path} (layer {table}) was not kept: a table "
                                        "{table} that this plugin did not write appeared there "
                                        "during the run. Nothing was written."),
                                     path=path, table=existing[0])
                transaction.drop(existing[0])
            transaction.rename(table.hidden, table.final)
        transaction.commit()
    finally:
        transaction.rollback()
    for table in tables:
        table.renamed = True


def _styles_kept(path, names):
    """Whether the GeoPackage's table of styles holds styles of other tables than ``names``."""
    try:
        connection = _read_only(path)
        try:
            styled = {row[0] for row in connection.execute(
                f"SELECT DISTINCT f_table_name FROM {STYLES_TABLE}")}  # nosec B608: a constant
        finally:
            connection.close()
    except sqlite3.Error:
        return True
    return bool(styled - set(names))


def _drop_gpkg(path, names, styles_too=False):
    """Drop the tables ``names`` of the GeoPackage ``path`` in one transaction; ``styles_too``:
    and its table of styles where no style is left in it (the run made it)."""
    styles_too = styles_too and not _styles_kept(path, names)
    transaction = _GpkgTransaction(path)
    try:
        for name in names:
            transaction.drop(name)
        if styles_too and transaction.styles:
            transaction.drop(STYLES_TABLE)
        transaction.commit()
    finally:
        transaction.rollback()


# PostGIS: one psycopg2 connection per server, each change in one transaction.

def _postgres(uri):
    import psycopg2

    connection = psycopg2.connect(uri.connectionInfo(True))
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = %s", (LOCK_TIMEOUT,))
        if uri.schema():
            schema = uri.schema()
        else:  # QGIS creates an unqualified table where the server puts it
            cursor.execute("SELECT current_schema()")
            schema = cursor.fetchone()[0]
    return connection, schema


def _relation(cursor, schema, name):
    """(oid, comment) of the table ``schema.name``, or None."""
    cursor.execute("SELECT c.oid, obj_description(c.oid, 'pg_class') FROM pg_class c JOIN "
                   "pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s AND "
                   "c.relname = %s AND c.relkind IN ('r', 'p')", (schema, name))
    return cursor.fetchone()


def _postgis_unreadable(table):
    import psycopg2
    from psycopg2 import sql

    try:
        connection, schema = _postgres(table.uri)
    except psycopg2.Error as error:
        return str(error).strip()
    try:
        with connection.cursor() as cursor:
            found = _relation(cursor, schema, table.hidden)
            if found is None:
                return N_("the table is missing")
            cursor.execute(sql.SQL("SELECT count(*) FROM {}").format(
                sql.Identifier(schema, table.hidden)))
            cursor.fetchone()
            return None if found[1] == MARK else N_("it lacks the plugin's mark")
    except psycopg2.Error as error:
        return str(error).strip()
    finally:
        connection.close()


def _rename_postgis(tables):
    """Rename the hidden tables of one server to their names in one transaction (with the
    indexes and sequences PostgreSQL named after them), dropping outputs of the plugin's that
    they replace."""
    import psycopg2
    from psycopg2 import sql

    connection, default_schema = _postgres(tables[0].uri)
    try:
        with connection.cursor() as cursor:
            for table in tables:
                schema = table.uri.schema() or default_schema
                existing = _relation(cursor, schema, table.final)
                if existing is not None:
                    if existing[1] != MARK:
                        raise InputError(N_("The output {table} was not kept: a table of that "
                                            "name that this plugin did not write appeared "
                                            "during the run. Nothing was written."),
                                         table=f"{schema}.{table.final}")
                    cursor.execute(sql.SQL("DROP TABLE {}").format(
                        sql.Identifier(schema, table.final)))
                cursor.execute("SELECT c.relname, c.relkind FROM pg_class c JOIN pg_depend d ON "
                               "d.objid = c.oid WHERE d.refobjid = %s::regclass AND c.relkind "
                               "IN ('i', 'S') UNION SELECT c.relname, c.relkind FROM pg_index i "
                               "JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = "
                               "%s::regclass", (sql.Identifier(schema, table.hidden)
                                                .as_string(connection),) * 2)
                for name, kind in cursor.fetchall():
                    if HIDDEN_PART.search(name):
                        cursor.execute(sql.SQL("ALTER {} {} RENAME TO {}").format(
                            sql.SQL("INDEX" if kind == "i" else "SEQUENCE"),
                            sql.Identifier(schema, name),
                            sql.Identifier(HIDDEN_PART.sub("", name, count=1))))
                cursor.execute(sql.SQL("ALTER TABLE {} RENAME TO {}").format(
                    sql.Identifier(schema, table.hidden), sql.Identifier(table.final)))
        connection.commit()
    except psycopg2.Error as error:
        connection.rollback()
        raise InputError(N_("The PostGIS table {table} was written but could not be given its "
                            "name ({reason}). Nothing was written."),
                         table=tables[0].final, reason=str(error).strip()) from None
    finally:
        connection.close()
    for table in tables:
        table.renamed = True


def _drop_postgis(uri, names):
    import psycopg2
    from psycopg2 import sql

    connection, default_schema = _postgres(uri)
    try:
        with connection.cursor() as cursor:
            for schema, name in names:
                cursor.execute(sql.SQL("DROP TABLE IF EXISTS {}").format(
                    sql.Identifier(schema or default_schema, name)))
        connection.commit()
    except psycopg2.Error:
        connection.rollback()
        raise
    finally:
        connection.close()


def _by_store(tables):
    grouped = {}
    for table in tables:
        grouped.setdefault((type(table), table.store), []).append(table)
    return list(grouped.values())


def _postgis_exists(table):
    connection, schema = _postgres(table.uri)
    try:
        with connection.cursor() as cursor:
            return _relation(cursor, schema, table.hidden) is not None
    finally:
        connection.close()


def written(table):
    """Whether the run wrote the hidden table (an optional output may not be written)."""
    if isinstance(table, PostgisTable):
        return _postgis_exists(table)
    return table.hidden in _gpkg_contents(table.path)


def unreadable(table):
    """Why a hidden table the run wrote cannot be read back as written (a template), or None."""
    return (_postgis_unreadable if isinstance(table, PostgisTable) else _gpkg_unreadable)(table)


def rename_all(tables):
    """Give every hidden table written its own name: one transaction per database."""
    for group in _by_store([table for table in tables if written(table)]):
        (_rename_postgis if isinstance(group[0], PostgisTable) else _rename_gpkg)(group)


def _drop_group(group):
    first = group[0]
    if isinstance(first, PostgisTable):
        _drop_postgis(first.uri, [(table.uri.schema(), table.hidden) for table in group])
        return
    hidden = [table.hidden for table in group]
    present = _gpkg_contents(first.path)
    if first.created and set(present) <= set(hidden) | {STYLES_TABLE}:
        for suffix in ("", "-journal", "-wal", "-shm"):  # a GeoPackage the run made for them
            Path(f"{first.path}{suffix}").unlink(missing_ok=True)
        return
    _drop_gpkg(first.path, [name for name in hidden if name in present],
               styles_too=not first.had_styles)


def drop_all(tables):
    """Drop the hidden tables not renamed (a failed or cancelled run). Returns (database,
    reason) of those that could not be dropped now (a later run removes them)."""
    failed = []
    for group in _by_store([table for table in tables if not table.renamed]):
        try:
            _drop_group(group)
        except Exception as error:  # noqa: B902 (psycopg2's, GDAL's, the file system's: the
            failed.append((group[0].store, str(error)))  # run's own error is the one to raise)
    return failed


def _stale_gpkg_tables(path):
    return [name for name in _gpkg_contents(path) if _stale(name)]


def _stale_postgis_tables(uri):
    connection, schema = _postgres(uri)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT c.relname, obj_description(c.oid, 'pg_class') FROM pg_class c "
                           "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s "
                           "AND c.relkind IN ('r', 'p') AND left(c.relname, %s) = %s",
                           (schema, len(PREFIX), PREFIX))
            return schema, [name for name, comment in cursor.fetchall()
                            if comment == MARK and _stale(name)]
    finally:
        connection.close()


def remove_stale_tables(tables):
    """Drop the hidden tables that killed runs of this host left in the GeoPackages and schemas
    the run writes into. Returns (where, names) of each database they were removed from."""
    removed = []
    for group in _by_store(tables):
        first = group[0]
        try:
            if isinstance(first, PostgisTable):
                schema, names = _stale_postgis_tables(first.uri)
                if names:
                    _drop_postgis(first.uri, [(schema, name) for name in names])
                    removed.append((f"{first.uri.database()}.{schema}", names))
            elif first.path.is_file():
                names = _stale_gpkg_tables(first.path)
                if names:
                    _drop_gpkg(first.path, names)
                    removed.append((str(first.path), names))
        except Exception:  # noqa: B902 (a database that cannot be cleaned now is written anyway:
            continue       # the run's own write then says what is wrong with it)  # nosec B112
    return removed
