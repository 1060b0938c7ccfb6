"""The mark every layer output of the plugin carries, so that a re-run knows its own output
from a user's table of the same name.

QGIS rewrites an output whole on every run, and a re-run into the plugin's own
earlier output must still work; a table the plugin did not write must never
be replaced. So each output is marked where it is written: a GeoPackage table
by its description (``gpkg_contents.description``, GDAL's ``DESCRIPTION`` layer
option), a PostGIS table by its comment. destinations refuses a replacement of an existing table without it.

Imports nothing of the provider (destinations, which the base imports, uses it).
"""

import sqlite3
from pathlib import Path

from qgis.core import QgsException, QgsProviderConnectionException, QgsProviderRegistry

MARK = "Written by Spatial Privacy (QGIS plugin): an output a later run may replace."
MARK_OPTION = f"DESCRIPTION={MARK}"  # GDAL's GeoPackage layer option


def unmarked_gpkg_tables(path, names):
    """Those of ``names`` (lower case) that are tables of the GeoPackage ``path`` without the
    mark (lower case; all of them where the file cannot be read): a user's tables that happen
    to have an output's name. Read-only."""
    try:
        connection = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error:
        return list(names)
    try:
        rows = connection.execute("SELECT table_name, description FROM gpkg_contents").fetchall()
    except sqlite3.Error:
        return list(names)
    finally:
        connection.close()
    return [table.lower() for table, description in rows
            if table.lower() in names and description != MARK]


def _connection(uri):
    metadata = QgsProviderRegistry.instance().providerMetadata("postgres")
    return metadata.createConnection(uri.uri(False), {})


def _schema(connection, uri):
    return uri.schema() or connection.executeSql("SELECT current_schema()")[0][0]


def postgres_table_unmarked(uri):
    """Whether the PostGIS table of ``uri`` exists without the mark (a user's table). False
    when the server cannot be asked: the write itself then fails and says why."""
    try:
        connection = _connection(uri)
        schema = _schema(connection, uri)
        if not connection.tableExists(schema, uri.table()):
            return False
        return connection.table(schema, uri.table()).comment() != MARK
    except (QgsException, QgsProviderConnectionException):  # no connection, or an SQL error
        return False


def _quoted(identifier):
    return '"' + identifier.replace('"', '""') + '"'


def mark_postgres_table(uri):
    """Mark the PostGIS table of ``uri`` (just created by QGIS's sink) as the plugin's."""
    try:
        connection = _connection(uri)
        table = f"{_quoted(_schema(connection, uri))}.{_quoted(uri.table())}"
        literal = MARK.replace("'", "''")
        connection.executeSql(f"COMMENT ON TABLE {table} IS '{literal}'")
    except (QgsException, QgsProviderConnectionException):  # no connection, or an SQL error
        pass  # unmarked, a later run refuses to replace the table: never data lost
