"""Which PostGIS layers the database can count (a table with a geometry column, psycopg2 in
QGIS's Python, a filter that cannot end or hide a statement), and the log lines of the push-down
path when it hands a layer back to the reading path."""

from qgis.core import QgsDataSourceUri, QgsProcessingException

from ..base import tr


def relation_of(uri):
    """The quoted "schema"."table" of a layer's source, or None for a query layer."""
    from psycopg2 import sql

    table = uri.table()
    if not table or table.lstrip().startswith("("):
        return None  # a query layer: its "table" is SQL text, not a name
    return sql.Identifier(uri.schema(), table) if uri.schema() else sql.Identifier(table)


def checked_subset(subset):
    """The layer's own filter (subset string), which the plugin places in its queries' WHERE
    clause; a filter with a ``;`` or a comment, which could end the statement or hide the rest
    of it, is refused."""
    found = [mark for mark in (";", "--", "/*") if mark in subset]
    if found:
        raise QgsProcessingException(tr(
            "The PostGIS layer's filter contains {marks}: the plugin places the filter in its own "
            "queries, so a filter that could end a statement or hide text in a comment is refused. "
            "Remove them from the layer's filter (Filter… in the layer's menu).").format(
            marks=" ".join(found)))
    return subset


def countable_table(layer, feedback):
    """The layer's data source URI when the database can count its table, else None (with a
    line in the log: the caller reads the points)."""
    try:
        import psycopg2  # noqa: F401 (only whether QGIS's Python has it)
    except ImportError:
        feedback.pushInfo(tr("Counting in PostGIS needs psycopg2 in QGIS's Python (Debian/Ubuntu: "
                             "sudo apt install python3-psycopg2); reading the points instead."))
        return None
    uri = QgsDataSourceUri(layer.source())
    if relation_of(uri) is None or not uri.geometryColumn():
        feedback.pushInfo(tr("The PostGIS layer is a query layer: reading its points instead of "
                             "counting in the database."))
        return None
    return uri


def say_general_rows(bad, feedback):
    """The log line of rows only the reading path handles (it names their problem)."""
    feedback.pushInfo(tr("{count} row(s) of the PostGIS layer need the general path (no "
                         "point geometry, a multipoint, a NULL id or a coordinate out of "
                         "range): reading the points instead of counting in the "
                         "database.").format(count=bad))


def warn_if_rows_are_counted(counter, layer, source, person_field, rows, people, feedback):
    """The reading path's warning that features are counted as people, from counts in the
    database: the ids themselves are compared only when every row has its own (repeating
    ids, any two equal values standing for them, can only be doubted for being the key)."""
    from ...spatial_privacy_plugin.counting.person_ids import doubt_from_signs
    from ..person_field import is_layer_key, other_person_fields, warn_of_doubt

    if people == rows:
        doubt = counter.id_doubt(is_layer_key(layer, person_field),
                                 other_person_fields(source, person_field))
    else:
        doubt = doubt_from_signs(is_layer_key(layer, person_field), False, {}, lambda: False)
    warn_of_doubt(person_field, doubt, feedback)
