"""Hidden tables in a GeoPackage (staging.hidden_tables): read with sqlite3, changed through
GDAL, which keeps the GeoPackage's metadata, spatial index and triggers in step with them.

GDAL's ``ALTER TABLE … RENAME TO`` renames a table with all of those (checked on GDAL 3.6);
the table's rows in ``layer_styles`` are renamed and dropped here, in the same transaction
(GDAL before 3.5 leaves them on a rename, and every version on a drop).
"""

import errno
import sqlite3
from pathlib import Path

from ...spatial_privacy_plugin.errors import N_, InputError
from ..output_marks import MARK
from ..partial_files import read_back, stale_table

STYLES_TABLE = "layer_styles"


def _quoted(identifier):
    return '"' + identifier.replace('"', '""') + '"'


def _literal(text):
    return "'" + text.replace("'", "''") + "'"


def _read_only(path):
    return sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)


def has_table(path, name):
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


def gpkg_contents(path):
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
        self.styles = has_table(path, STYLES_TABLE)

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


def gpkg_unreadable(table):
    """Why the hidden table cannot be read back as written, or None."""
    try:
        # A quoted name of ours in the count.
        verdict, (rows,), counted = read_back(
            table.path, (f"SELECT count(*) FROM {_quoted(table.hidden)}",),  # nosec B608
            ("SELECT feature_count FROM gpkg_ogr_contents WHERE table_name = ?", (table.hidden,)))
    except sqlite3.Error as error:
        return str(error)
    if verdict != "ok":
        return verdict
    if counted is not None and counted[0] is not None and counted[0] != rows:
        return N_("it holds another number of rows than were written")
    return None


def rename_gpkg(tables):
    """Rename the hidden tables of one GeoPackage to their names in one transaction, replacing
    outputs of the plugin's of those names."""
    path = tables[0].path
    contents = {name.lower(): (name, description)
                for name, description in gpkg_contents(path).items()}
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


def drop_gpkg(path, names, styles_too=False):
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


def stale_gpkg_tables(path):
    """The hidden tables of the GeoPackage ``path`` that killed runs of this host left."""
    return [name for name in gpkg_contents(path) if stale_table(name)]
