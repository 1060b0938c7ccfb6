"""Hidden tables in a PostGIS schema (staging.hidden_tables): one psycopg2 connection per
server, each change in one transaction, which waits for a lock at most ``LOCK_TIMEOUT``.

A table is renamed with the indexes and sequences PostgreSQL named after it, and keeps its
comment (the plugin's mark).
"""

from ...spatial_privacy_plugin.errors import N_, InputError
from ..output_marks import MARK
from ..partial_files import HIDDEN_TABLE_PART, HIDDEN_TABLE_PREFIX, stale_table

LOCK_TIMEOUT = "5s"  # a table still held by a writer is not waited for without end
POSTGRES_NAME_BYTES = 63  # PostgreSQL cuts longer identifiers


def _postgres(uri):
    """(a connection to the server of ``uri``, the schema its table is in)."""
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


def postgis_unreadable(table):
    """Why the hidden table cannot be read back (or lacks the mark the writers give it), or
    None."""
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


def _free_name(cursor, schema, name):
    """``name``, or where the schema holds it (an index or sequence PostgreSQL named after a
    table whose name it cut), ``name`` with a number, as PostgreSQL names its own."""
    candidate, number = name, 0
    while True:
        cursor.execute("SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                       "WHERE n.nspname = %s AND c.relname = %s", (schema, candidate))
        if cursor.fetchone() is None:
            return candidate
        number += 1
        cut = POSTGRES_NAME_BYTES - len(str(number))
        candidate = name.encode("utf-8")[:cut].decode("utf-8", "ignore") + str(number)


def rename_postgis(tables):
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
                    if HIDDEN_TABLE_PART.search(name):
                        cursor.execute(sql.SQL("ALTER {} {} RENAME TO {}").format(
                            sql.SQL("INDEX" if kind == "i" else "SEQUENCE"),
                            sql.Identifier(schema, name),
                            sql.Identifier(_free_name(cursor, schema, HIDDEN_TABLE_PART.sub(
                                "", name, count=1)))))
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


def drop_postgis(uri, names):
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


def postgis_exists(table):
    connection, schema = _postgres(table.uri)
    try:
        with connection.cursor() as cursor:
            return _relation(cursor, schema, table.hidden) is not None
    finally:
        connection.close()


def stale_postgis_tables(uri):
    """(schema, the hidden tables killed runs of this host left in it) of ``uri``."""
    connection, schema = _postgres(uri)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT c.relname, obj_description(c.oid, 'pg_class') FROM pg_class c "
                           "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s "
                           "AND c.relkind IN ('r', 'p') AND left(c.relname, %s) = %s",
                           (schema, len(HIDDEN_TABLE_PREFIX), HIDDEN_TABLE_PREFIX))
            return schema, [name for name, comment in cursor.fetchall()
                            if comment == MARK and stale_table(name)]
    finally:
        connection.close()
