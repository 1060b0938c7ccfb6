"""Counting in PostGIS: a whole PostGIS point layer is counted by the database.

Instead of reading every point into QGIS, one SQL query per cell size returns
only the non-empty groups (col, row, attribute values, distinct people, rows),
with the engine's half-open cell rule ``floor((x - x0) / res)`` corrected at
cell edges exactly as ``grid.cell_index`` corrects it. The engine receives
those arrays (``grid.sweep_counted``, ``grid.suppressed_grid_counted``).

Identifiers (schema, table, geometry, fields) come from the layer's own
source and are quoted; values are bound. The SQL is plain PostgreSQL/PostGIS
(subqueries, GROUP BY, COUNT(DISTINCT), a subquery in WHERE) that Citus can
distribute. Any input the engine would refuse or must explode (NULL or empty
geometries, multipoints, NULL ids, NaN or far coordinates) sends the run to
the general path, which names the problem.
"""

import threading
import time
from dataclasses import dataclass

import numpy as np
from qgis.core import QgsDataSourceUri, QgsProcessingException

from ..base import tr
from .postgis_source import checked_subset, countable_table, relation_of, say_general_rows, \
    warn_if_rows_are_counted

# A group's attribute value as text that keeps NULL apart from every value ('N' vs 'V…').
_NULL_LABEL = "N"

# Each push-down session's settings (its own connections only; nothing else changes):
# - no JIT: compiling a query's expressions saves nothing on one scan of the table, and
#   where the plan's cost passes jit_inline_above_cost (millions of rows) inlining and
#   optimising take seconds per query;
# - work_mem raised to 64 MB where the server's is lower (never lowered): the sort of a
#   size's rows by cell stays in memory up to about a million rows instead of going to disk.
#   It bounds each sort or hash of a query (hashes take hash_mem_multiplier times it), and
#   the sweep runs up to four sizes side by side on their own connections.
# Both only where the server has the setting (pg_settings), as PostgreSQL 11 added jit.
WORK_MEM_KB = 64 * 1024
SESSION_SETTINGS = (
    "SELECT set_config(name, CASE name WHEN 'jit' THEN 'off' ELSE %(work_mem_kb)s || 'kB' END, "
    "false) FROM pg_settings WHERE name = 'jit' OR (name = 'work_mem' AND "
    "setting::bigint < %(work_mem_kb)s)")

# Two cell indices in one bigint (col * 2**32 + row + 2**31): one sort key instead of two
# (with the larger work_mem, about 40 % less of the server's time per count at 1 M rows).
# Exact while |col|, |row| < 2**31: checked before every count (check_reach).
_ROW_OFFSET = 2 ** 31
_COL_FACTOR = 2 ** 32


def pushdown_layer(algorithm, parameters, context, blocking=()):
    """The PostGIS layer to count in the database, or None (then read points as usual).

    Only a whole layer qualifies (no selection, no feature limit, no filter
    expression; its own subset string becomes a WHERE clause), and only when
    none of the ``blocking`` parameters (options the push-down does not
    cover) is set.
    """
    layer = algorithm.plain_layer(parameters, algorithm.INPUT, context)
    if layer is None or layer.providerType() != "postgres":
        return None
    if any(parameters.get(name) not in (None, "", []) for name in blocking):
        return None
    return layer


@dataclass(frozen=True)
class CountedInput:
    """What the grid algorithms need when the database counts: no points, only figures."""

    counter: object  # PostgisCounter
    key_columns: dict  # field name -> its value per group of the last counts (see count_at)
    origin: tuple
    n_features: int
    n_points: int
    crs: object
    fields: object
    people: object  # grid.PeopleTotal

    def count_at(self, resolution):
        counts, key_values = self.counter.count_cells(self.origin, resolution)
        self.key_columns.update(key_values)
        return counts

    def withheld_people(self, counts, withheld):
        return self.counter.withheld_people(counts, withheld)

    def finish(self, feedback):
        """Log where the counting ran and what came back; close the connections."""
        for _, message in sorted(self.counter.messages, key=lambda item: item[0]):
            feedback.pushInfo(message)
        self.counter.close()


class PostgisCounter:
    """One read-only connection to the layer's database and the queries run through it."""

    def __init__(self, layer, person_field, key_fields, feedback):
        import psycopg2
        from psycopg2 import sql

        self.uri = QgsDataSourceUri(layer.source())
        self.relation = relation_of(self.uri)
        self.feedback = feedback
        self.person = sql.Identifier(person_field)
        self.keys = [sql.Identifier(name) for name in key_fields]
        self.key_names = list(key_fields)
        self.geometry = sql.Identifier(self.uri.geometryColumn())
        key_column = self.uri.keyColumn()
        # The first row of a group in the layer's key order (as a file is read): groups then
        # come in the order the engine numbers them, so ties break the same way.
        self.order_key = sql.Identifier(key_column) if key_column and "," not in key_column \
            else None
        subset = checked_subset(self.uri.sql())
        # The layer's own filter, as QGIS itself sends it; % is doubled for the driver's
        # parameter syntax.
        self.where = sql.SQL(" WHERE ({})").format(sql.SQL(subset.replace("%", "%%"))) \
            if subset.strip() else sql.SQL("")
        self.conninfo = self.uri.connectionInfo(True)
        self.groups = {}  # id of a CellCounts -> (resolution, col, row, key labels)
        self.lock = threading.Lock()
        self.connections = []
        self.messages = []
        self.local = threading.local()
        self.connection = self.thread_connection()
        # PostgreSQL inlines subqueries, so the coordinates of the innermost one would be
        # computed again wherever the cell expression refers to them (about twice the time).
        # OFFSET 0 keeps them computed once; Citus, which would gather such a subquery on its
        # coordinator, gets the inlined form, which it distributes.
        citus = self.fetch("SELECT count(*) FROM pg_extension WHERE extname = 'citus'")[0][0]
        self.fence = sql.SQL("") if citus else sql.SQL(" OFFSET 0")
        # A column declared geometry(Point…) holds nothing but points: no row needs its type
        # checked (each check deserialises the geometry, about as long as reading x).
        declared = self.fetch(
            "SELECT postgis_typmod_type(atttypmod) FROM pg_attribute WHERE attrelid = "
            "%(relation)s::regclass AND attname = %(column)s",
            {"relation": self.relation.as_string(self.connection),
             "column": self.uri.geometryColumn()})
        self.declared_points = bool(declared) and str(declared[0][0]).upper().startswith("POINT")
        self.one_point = False  # every person has one row (set by summary): COUNT(*) suffices
        self.largest = (None, None)  # the largest |x| and |y| of the rows (set by summary)

    def thread_connection(self):
        """This thread's read-only connection: the sweep's sizes, counted on threads of
        their own, run as queries side by side in the server."""
        import psycopg2

        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = psycopg2.connect(self.conninfo)
            connection.set_session(readonly=True, autocommit=True)
            with connection.cursor() as cursor:
                cursor.execute(SESSION_SETTINGS, {"work_mem_kb": WORK_MEM_KB})
            self.local.connection = connection
            with self.lock:
                self.connections.append(connection)
        return connection

    def close(self):
        with self.lock:
            for connection in self.connections:
                connection.close()
            self.connections = []

    def describe(self):
        return "{database}, {table}".format(database=self.uri.database(),
                                            table=self.relation.as_string(self.connection))

    def fetch(self, query, parameters=None):
        """Rows of one query; cancelling the run cancels the query in the server."""
        from psycopg2 import errors

        done = threading.Event()
        connection = self.thread_connection()

        def watch():
            while not done.wait(0.1):
                if self.feedback.isCanceled():
                    connection.cancel()
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            with connection.cursor() as cursor:
                # In a read-only transaction of its own: whatever the layer's filter calls, the
                # query can change nothing (nor make a later one read-write).
                cursor.execute("BEGIN READ ONLY")
                try:
                    # Always with parameters, so that a doubled % of the filter is read as one.
                    cursor.execute(query, parameters or {"none": None})
                    rows = cursor.fetchall()
                except BaseException:
                    cursor.execute("ROLLBACK")
                    raise
                cursor.execute("COMMIT")
                return rows
        except errors.QueryCanceled:
            raise QgsProcessingException(tr("Cancelled: no output was completed.")) from None
        finally:
            done.set()
            watcher.join()

    def _points(self, extra=()):
        """SELECT x, y, person, keys (…) FROM the layer's rows."""
        from psycopg2 import sql

        columns = [sql.SQL("ST_X({g}) AS x").format(g=self.geometry),
                   sql.SQL("ST_Y({g}) AS y").format(g=self.geometry),
                   sql.SQL("{} AS p").format(self.person)]
        columns += [sql.SQL("{} AS {}").format(key, sql.Identifier(f"k{i}"))
                    for i, key in enumerate(self.keys)]
        columns += list(extra)
        return sql.SQL("SELECT {columns} FROM {relation}{where}{fence}").format(
            columns=sql.SQL(", ").join(columns), relation=self.relation, where=self.where,
            fence=self.fence)

    def summary(self):
        """(rows, distinct people, rows the engine must see itself, min x, min y) of the
        layer's rows; notes whether every person has one row."""
        from psycopg2 import sql

        from ...spatial_privacy_plugin.counting.cells import MAX_COORDINATE_M

        g = self.geometry
        # ST_X is NULL for a NULL or empty point; other types are told apart first.
        point = sql.SQL("{g}") if self.declared_points else \
            sql.SQL("CASE WHEN GeometryType({g}) = 'POINT' THEN {g} END")
        coordinates = sql.SQL("ST_X(pt) AS x, ST_Y(pt) AS y FROM (SELECT {p}, {point} AS pt "
                              "FROM {relation}{where}{fence}) AS typed").format(
            p=self.person, point=point.format(g=g), relation=self.relation, where=self.where,
            fence=self.fence)
        query = sql.SQL(
            "SELECT COUNT(*), COUNT(DISTINCT {p}), SUM(CASE WHEN {p} IS NULL OR x IS NULL OR NOT "
            "(abs(x) <= %(far)s AND abs(y) <= %(far)s) THEN 1 ELSE 0 END), MIN(x), MIN(y), "
            "MAX(abs(x)), MAX(abs(y)) FROM (SELECT {p}, {coordinates}{fence}) AS points").format(
            p=self.person, coordinates=coordinates, fence=self.fence)
        rows, people, bad, min_x, min_y, *largest = self.fetch(query,
                                                               {"far": MAX_COORDINATE_M})[0]
        self.one_point = people == rows
        self.largest = largest
        return int(rows), int(people), int(bad or 0), min_x, min_y

    def id_doubt(self, is_key, others):
        """``person_id_doubt`` of the person ids (each row has its own, see summary) and the
        ``others`` fields, from counts in the database: no id is read into QGIS."""
        from psycopg2 import sql

        from ...spatial_privacy_plugin.counting.person_ids import doubt_from_signs, person_id_doubt

        # A field's values are all distinct when no two non-NULL ones are equal and at most
        # one is NULL (NULL is a value of its own to the engine, as None in a set).
        distinct = [sql.SQL("COUNT(DISTINCT {f}) = COUNT({f}) AND COUNT(*) - COUNT({f}) <= 1")
                    .format(f=sql.Identifier(name)) for name in others]
        query = sql.SQL("SELECT COUNT(*), MIN({p})::text, MAX({p})::text, "
                        "pg_typeof(MIN({p}))::text{distinct} FROM {relation}{where}").format(
            p=self.person, distinct=sql.SQL("").join(sql.SQL(", ") + item for item in distinct),
            relation=self.relation, where=self.where)
        rows, low, high, kind, *others_distinct = self.fetch(query)[0]

        def consecutive():
            if kind in ("smallint", "integer", "bigint"):
                return int(high) - int(low) == rows - 1  # distinct integers spanning n values
            # Text or fractional ids: the engine's own test on the values themselves.
            values = [value for value, in self.fetch(sql.SQL("SELECT {p} FROM {relation}{where}")
                                                     .format(p=self.person,
                                                             relation=self.relation,
                                                             where=self.where))]
            return person_id_doubt(values) is not None

        return doubt_from_signs(is_key, rows >= 2, dict(zip(others, others_distinct)),
                                consecutive)

    def _cell(self, axis):
        """floor((v - v0) / res), then one up or down where the division rounded across an
        edge: the engine's cell_index, in double precision like numpy."""
        from psycopg2 import sql

        start = sql.Placeholder(f"{axis}0")
        return sql.SQL(
            "(q{a}::bigint + CASE WHEN {a} >= {start}::float8 + (q{a} + 1) * %(res)s::float8 "
            "THEN 1 WHEN {a} < {start}::float8 + q{a} * %(res)s::float8 THEN -1 ELSE 0 END)"
        ).format(a=sql.SQL(axis), start=start)

    def _cells(self, extra=(), passed=("f",)):
        """SELECT c, r, p, k0…, l0… (key labels) per row, for one origin and cell size, and
        the ``passed`` columns of the ``extra`` ones."""
        from psycopg2 import sql

        quotients = [sql.SQL("floor((x - %(x0)s::float8) / %(res)s::float8) AS qx"),
                     sql.SQL("floor((y - %(y0)s::float8) / %(res)s::float8) AS qy")]
        labels = [sql.SQL("CASE WHEN k{i} IS NULL THEN {null} ELSE 'V' || k{i}::text END "
                          "AS l{i}").format(i=sql.SQL(str(i)), null=sql.Literal(_NULL_LABEL))
                  for i in range(len(self.keys))]
        keys = [sql.SQL(f"k{i}") for i in range(len(self.keys))]
        # Fenced too: inlined, each quotient would be computed three times per row.
        inner = sql.SQL("SELECT *, {quotients} FROM ({points}) AS points{fence}").format(
            quotients=sql.SQL(", ").join(quotients), points=self._points(extra), fence=self.fence)
        columns = [sql.SQL("{} AS c").format(self._cell("x")),
                   sql.SQL("{} AS r").format(self._cell("y")), sql.SQL("p")] + keys + labels
        columns += [sql.SQL(name) for name in passed if extra]
        return sql.SQL("SELECT {columns} FROM ({inner}) AS quotients").format(
            columns=sql.SQL(", ").join(columns), inner=inner)

    def count_cells(self, origin, resolution):
        """CellCounts of the groups at one cell size, in the engine's group order, and the
        values of the grid's attribute fields per group (field -> list)."""
        import pandas as pd
        from psycopg2 import sql

        extra = [sql.SQL("{} AS f").format(self.order_key)] if self.order_key is not None else []
        n_keys = len(self.keys)
        keys = [sql.SQL(name) for name in [f"k{i}" for i in range(n_keys)]
                + [f"l{i}" for i in range(n_keys)]]
        first = sql.SQL("MIN(f)") if extra else sql.SQL("0")
        # With one row per person the rows of a group are its people, and counting them
        # needs no sort of each group's ids.
        people = sql.SQL("COUNT(*)") if self.one_point else sql.SQL("COUNT(DISTINCT p)")
        # Grouped by the packed cell (see _COL_FACTOR), unpacked once per group.
        packed = sql.SQL("SELECT c * %(col_factor)s::bigint + (r + %(row_offset)s::bigint) AS cr, "
                         "p{keys}{f} FROM ({cells}) AS cells{fence}").format(
            keys=sql.SQL("").join(sql.SQL(", ") + key for key in keys),
            f=sql.SQL(", f" if extra else ""), cells=self._cells(extra), fence=self.fence)
        query = sql.SQL("SELECT cr >> 32, (cr & 4294967295) - %(row_offset)s::bigint{keys}, "
                        "{people}, COUNT(*), {first} FROM ({packed}) AS packed GROUP BY "
                        "{group}").format(
            keys=sql.SQL("").join(sql.SQL(", ") + key for key in keys), people=people,
            first=first, packed=packed, group=sql.SQL(", ").join([sql.SQL("cr")] + keys))
        self.check_reach(origin, resolution)
        started = time.monotonic()
        rows = self.fetch(query, {"x0": float(origin[0]), "y0": float(origin[1]),
                                  "res": float(resolution), "col_factor": _COL_FACTOR,
                                  "row_offset": _ROW_OFFSET})
        # Logged by the run's own thread when counting ends (see finish): sizes count on others.
        self.messages.append((resolution, tr(
            "{res:g} m cells counted in PostGIS ({where}): {count} rows returned in {seconds:.1f} "
            "s.").format(res=resolution, where=self.describe(), count=len(rows),
                         seconds=time.monotonic() - started)))
        frame = pd.DataFrame.from_records(
            rows, columns=["c", "r"] + [f"k{i}" for i in range(n_keys)]
            + [f"l{i}" for i in range(n_keys)] + ["n", "rows", "first"])
        return self._counts_of(origin, resolution, frame)

    def check_reach(self, origin, resolution):
        """The engine's own refusal (grid.cell_index) where a cell index at this size could
        pass 2**31, and so not fit two to a bigint; its extremes stand for all the rows."""
        from ...spatial_privacy_plugin.counting.cells import MAX_CELL_INDEX, cell_index

        for largest, start in zip(self.largest, origin):
            cell_index(np.array([float(largest)]), float(start), float(resolution))
            # A corrected index may pass the quotient's bound by one (at an edge).
            if not (float(largest) + abs(float(start))) / float(resolution) + 1 < MAX_CELL_INDEX:
                raise QgsProcessingException(tr(
                    "Cells of {res:g} m this far from the origin do not fit the count in "
                    "PostGIS: choose a larger cell size or an origin nearer the data.").format(
                    res=resolution))

    def _counts_of(self, origin, resolution, frame):
        """The CellCounts (and key values) of one size's groups."""
        import pandas as pd

        from ...spatial_privacy_plugin.counting.cells import CellCounts

        n_keys = len(self.keys)
        frame = self.in_engine_order(frame)
        if n_keys:
            labels = frame[[f"l{i}" for i in range(n_keys)]].astype(str).agg("\x1f".join, axis=1)
            key = pd.factorize(labels)[0].astype(np.int64)
        else:
            key = np.zeros(len(frame), dtype=np.int64)
        key_values = {name: frame[f"k{i}"].tolist() for i, name in enumerate(self.key_names)}
        counts = CellCounts(frame["c"].to_numpy(np.int64), frame["r"].to_numpy(np.int64), key,
                            frame["n"].to_numpy(np.int64), frame["rows"].to_numpy(np.int64),
                            np.arange(len(frame), dtype=np.int64), None)
        with self.lock:
            self.groups[id(counts)] = (origin, resolution, frame[[f"l{i}" for i in range(n_keys)]])
        return counts, key_values

    def in_engine_order(self, frame):
        """The groups (c, r, l0…, first) sorted as the engine numbers groups, and key
        combinations: by their first row."""
        order = ["first", "c", "r"] + [f"l{i}" for i in range(len(self.keys))]
        return frame.sort_values(order, kind="stable", na_position="first").reset_index(drop=True)

    def withheld_people(self, counts, withheld):
        """Distinct people with a point in a withheld group, counted in the database."""
        from psycopg2 import sql

        if self.one_point:
            return int(counts.n_persons[withheld].sum())  # each person is in one group
        with self.lock:
            origin, resolution, labels = self.groups[id(counts)]
        rows = np.flatnonzero(withheld)
        n_keys = len(self.keys)
        arrays = {"cols": counts.col[rows].tolist(), "rows": counts.row[rows].tolist()}
        casts = [sql.SQL("%(cols)s::bigint[]"), sql.SQL("%(rows)s::bigint[]")]
        for i in range(n_keys):
            arrays[f"l{i}"] = labels[f"l{i}"].to_numpy(dtype=object)[rows].tolist()
            casts.append(sql.SQL("{}::text[]").format(sql.Placeholder(f"l{i}")))
        tuple_columns = sql.SQL(", ").join(sql.SQL(name) for name in
                                           ["c", "r"] + [f"l{i}" for i in range(n_keys)])
        query = sql.SQL("SELECT COUNT(DISTINCT p) FROM ({cells}) AS cells WHERE ({columns}) IN "
                        "(SELECT * FROM unnest({arrays}))").format(
            cells=self._cells(), columns=tuple_columns, arrays=sql.SQL(", ").join(casts))
        arrays.update({"x0": float(origin[0]), "y0": float(origin[1]), "res": float(resolution)})
        return int(self.fetch(query, arrays)[0][0])


def counted_input(algorithm, parameters, context, feedback, cell_size, blocking=()):
    """A CountedInput when the INPUT layer can be counted in PostGIS, else None.

    The figures the engine takes from the points (number of rows and of
    people, one point per person or not, the default origin) come from one
    summary query. Input the engine must see for itself returns None with a
    line in the log, and the caller reads the points.
    """
    from ...spatial_privacy_plugin.release import grid
    from .layers import require_fields, require_metric_crs
    from ..person_field import chosen_person_field

    layer = pushdown_layer(algorithm, parameters, context, blocking)
    if layer is None:
        return None
    uri = countable_table(layer, feedback)
    if uri is None:
        return None
    import psycopg2
    source = algorithm.parameterAsSource(parameters, algorithm.INPUT, context)
    person_field = chosen_person_field(algorithm, parameters, algorithm.PERSON_FIELD, context,
                                       source)
    if not person_field:
        raise QgsProcessingException(tr("Choose the field that identifies people."))
    key_fields = algorithm.field_names(parameters, algorithm.KEY_FIELDS, context)
    require_fields(source, [person_field] + key_fields)
    require_metric_crs(source.sourceCrs())
    try:
        counter = PostgisCounter(layer, person_field, key_fields, feedback)
        rows, people, bad, min_x, min_y = counter.summary()
    except psycopg2.Error as error:
        # QGIS reads the layer its own way; the results are the same, only slower.
        feedback.pushWarning(tr("Counting in PostGIS failed ({error}); reading the points "
                                "instead.").format(error=str(error).strip()))
        return None
    if rows == 0 or bad:
        counter.close()
        say_general_rows(bad, feedback)
        return None
    warn_if_rows_are_counted(counter, layer, source, person_field, rows, people, feedback)
    if parameters.get(algorithm.ORIGIN) in (None, ""):
        origin = grid.default_origin(np.array([min_x]), np.array([min_y]), cell_size)
    else:
        point = algorithm.parameterAsPoint(parameters, algorithm.ORIGIN, context,
                                           source.sourceCrs())
        origin = (point.x(), point.y())
    algorithm.describe_origin(parameters, origin, source.sourceCrs(), cell_size, feedback)
    feedback.pushInfo(tr("Counting in PostGIS ({where}): {rows} points are not read into "
                         "QGIS.").format(where=counter.describe(), rows=rows))
    return CountedInput(counter, {name: [] for name in key_fields}, origin, rows, rows,
                        source.sourceCrs(), source.fields(), grid.PeopleTotal(people,
                                                                              people == rows))
