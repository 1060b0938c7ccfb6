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

from .base import tr

# A group's attribute value as text that keeps NULL apart from every value ('N' vs 'V…').
_NULL_LABEL = "N"


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


def relation_of(uri):
    """The quoted "schema"."table" of a layer's source, or None for a query layer."""
    from psycopg2 import sql

    table = uri.table()
    if not table or table.lstrip().startswith("("):
        return None  # a query layer: its "table" is SQL text, not a name
    return sql.Identifier(uri.schema(), table) if uri.schema() else sql.Identifier(table)


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

    def in_engine_order(self, frame):
        """The groups (c, r, l0…, first) sorted as the engine numbers groups, and key
        combinations: by their first row."""
        order = ["first", "c", "r"] + [f"l{i}" for i in range(len(self.keys))]
        return frame.sort_values(order, kind="stable", na_position="first").reset_index(drop=True)

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
        subset = self.uri.sql()
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

    def thread_connection(self):
        """This thread's read-only connection: the sweep's sizes, counted on threads of
        their own, run as queries side by side in the server."""
        import psycopg2

        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = psycopg2.connect(self.conninfo)
            connection.set_session(readonly=True, autocommit=True)
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
                # Always with parameters, so that a doubled % of the layer's filter is read as one.
                cursor.execute(query, parameters or {"none": None})
                return cursor.fetchall()
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

        from ..spatial_privacy_plugin.counting import MAX_COORDINATE_M

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
            "(abs(x) <= %(far)s AND abs(y) <= %(far)s) THEN 1 ELSE 0 END), MIN(x), MIN(y) "
            "FROM (SELECT {p}, {coordinates}{fence}) AS points").format(
            p=self.person, coordinates=coordinates, fence=self.fence)
        rows, people, bad, min_x, min_y = self.fetch(query, {"far": MAX_COORDINATE_M})[0]
        self.one_point = people == rows
        return int(rows), int(people), int(bad or 0), min_x, min_y

    def id_doubt(self, is_key, others):
        """``person_id_doubt`` of the person ids (each row has its own, see summary) and the
        ``others`` fields, from counts in the database: no id is read into QGIS."""
        from psycopg2 import sql

        from ..spatial_privacy_plugin.person_ids import doubt_from_signs, person_id_doubt

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
        inner = sql.SQL("SELECT *, {quotients} FROM ({points}) AS points").format(
            quotients=sql.SQL(", ").join(quotients), points=self._points(extra))
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
        group = [sql.SQL(name) for name in ["c", "r"] + [f"k{i}" for i in range(n_keys)]
                 + [f"l{i}" for i in range(n_keys)]]
        first = sql.SQL("MIN(f)") if extra else sql.SQL("0")
        # With one row per person the rows of a group are its people, and counting them
        # needs no sort of each group's ids.
        people = sql.SQL("COUNT(*)") if self.one_point else sql.SQL("COUNT(DISTINCT p)")
        query = sql.SQL("SELECT {group}, {people}, COUNT(*), {first} FROM ({cells}) AS "
                        "cells GROUP BY {group}").format(
            group=sql.SQL(", ").join(group), people=people, first=first,
            cells=self._cells(extra))
        started = time.monotonic()
        rows = self.fetch(query, {"x0": float(origin[0]), "y0": float(origin[1]),
                                  "res": float(resolution)})
        # Logged by the run's own thread when counting ends (see finish): sizes count on others.
        self.messages.append((resolution, tr(
            "{res:g} m cells counted in PostGIS ({where}): {count} rows returned in {seconds:.1f} "
            "s.").format(res=resolution, where=self.describe(), count=len(rows),
                         seconds=time.monotonic() - started)))
        frame = pd.DataFrame.from_records(
            rows, columns=["c", "r"] + [f"k{i}" for i in range(n_keys)]
            + [f"l{i}" for i in range(n_keys)] + ["n", "rows", "first"])
        return self._counts_of(origin, resolution, frame)

    def _counts_of(self, origin, resolution, frame):
        """The CellCounts (and key values) of one size's groups."""
        import pandas as pd

        from ..spatial_privacy_plugin.counting import CellCounts

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
    from ..spatial_privacy_plugin import grid
    from .io import require_fields, require_metric_crs
    from ..spatial_privacy_plugin.person_ids import doubt_from_signs
    from .person_field import chosen_person_field, is_layer_key, other_person_fields, \
        warn_of_doubt

    layer = pushdown_layer(algorithm, parameters, context, blocking)
    if layer is None:
        return None
    try:
        import psycopg2
    except ImportError:
        feedback.pushInfo(tr("Counting in PostGIS needs psycopg2 in QGIS's Python (Debian/Ubuntu: "
                             "sudo apt install python3-psycopg2); reading the points instead."))
        return None
    uri = QgsDataSourceUri(layer.source())
    if relation_of(uri) is None or not uri.geometryColumn():
        feedback.pushInfo(tr("The PostGIS layer is a query layer: reading its points instead of "
                             "counting in the database."))
        return None
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
        feedback.pushInfo(tr("{count} row(s) of the PostGIS layer need the general path (no "
                             "point geometry, a multipoint, a NULL id or a coordinate out of "
                             "range): reading the points instead of counting in the "
                             "database.").format(count=bad))
        return None
    # The feature-id warning needs the ids only when every row has its own; repeating ids
    # (any two equal values stand for them) can only be doubted for being the layer's key.
    if people == rows:
        warn_of_doubt(person_field, counter.id_doubt(
            is_layer_key(layer, person_field), other_person_fields(source, person_field)),
            feedback)
    else:
        warn_of_doubt(person_field, doubt_from_signs(is_layer_key(layer, person_field), False,
                                                     {}, lambda: False), feedback)
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


# Field types whose values the database and QGIS read alike, so that keys agree to the bit:
# record keys summed in SQL as float8, ids hashed here as whole numbers or text.
RECORD_KEY_TYPES = ("float8", "numeric", "int2", "int4", "int8")
HASHED_ID_TYPES = ("int2", "int4", "int8", "text", "varchar")


def cell_key_counted_input(algorithm, parameters, context, feedback, cell_size, record_field):
    """counted_input for the cell key grid, or None: its record key field (summed in the
    database), or without one its person ids (hashed in QGIS), must be of a type read alike
    by both."""
    from .person_field import chosen_person_field

    layer = pushdown_layer(algorithm, parameters, context)
    if layer is None:
        return None
    source = algorithm.parameterAsSource(parameters, algorithm.INPUT, context)
    field = record_field or chosen_person_field(algorithm, parameters, algorithm.PERSON_FIELD,
                                                context, source)
    index = source.fields().lookupField(field) if field else -1
    kind = source.fields().at(index).typeName().lower() if index >= 0 else None
    if kind is not None and kind not in (RECORD_KEY_TYPES if record_field else HASHED_ID_TYPES):
        feedback.pushInfo(tr("The field '{field}' is of type {kind}, whose values QGIS may read "
                             "otherwise than the database: reading the points instead of "
                             "counting in the database.").format(field=field, kind=kind))
        return None
    return counted_input(algorithm, parameters, context, feedback, cell_size)


class CellKeyCounts:
    """The cell key grid's groups counted in the database, with each group's cell key.

    With a record key field the database sums each group's keys over its distinct people as
    53-bit integers (``floor(key * 2**53)``, as the engine scales them; the sum is exact in
    numeric) and returns one row per group. With a key file it returns each group's distinct
    people, whose keys are the HMAC of their ids computed here: the secret never reaches the
    server (not even as a bound parameter, which its logs could show).
    """

    def __init__(self, counted, table, record_field=None, secret=None):
        self.counted = counted
        self.table = table  # the p-table
        self.counter = counted.counter
        self.record_field = record_field
        self.secret = secret
        self.ids = None  # key file: the ids hashed so far (pandas Index) and their keys
        self.person_keys = None
        self.record_key_total = None

    def _scaled_key(self):
        """The record key as the engine's 53-bit integer, NULL where the engine refuses it."""
        from psycopg2 import sql

        key = sql.SQL("{}::float8").format(sql.Identifier(self.record_field))
        return sql.SQL("CASE WHEN {k} >= 0 AND {k} < 1 THEN floor({k} * %(scale)s::float8)::bigint "
                       "END").format(k=key)

    def check_record_keys(self):
        """Refuse what the engine refuses (records without a key in [0, 1), a person with
        different keys), from counts in the database; note the sum of everyone's keys."""
        from psycopg2 import sql

        from ..spatial_privacy_plugin import cellkey

        counter = self.counter
        scaled = self._scaled_key()
        if counter.one_point:
            query = sql.SQL("SELECT SUM(CASE WHEN {s} IS NULL THEN 1 ELSE 0 END), 0, "
                            "(SUM({s}) %% %(modulus)s)::bigint FROM {relation}{where}")
        else:
            query = sql.SQL("SELECT SUM(bad), SUM(CASE WHEN low <> high THEN 1 ELSE 0 END), "
                            "(SUM(low) %% %(modulus)s)::bigint FROM (SELECT {p}, SUM(CASE WHEN "
                            "{s} IS NULL THEN 1 ELSE 0 END) AS bad, MIN({s}) AS low, MAX({s}) AS "
                            "high FROM {relation}{where} GROUP BY {p}) AS people")
        bad, differing, total = counter.fetch(query.format(
            s=scaled, p=counter.person, relation=counter.relation, where=counter.where),
            {"scale": cellkey.KEY_SCALE, "modulus": 2 ** cellkey.KEY_BITS})[0]
        if bad:
            raise cellkey.bad_record_keys(int(bad), self.record_field)
        if differing:
            raise cellkey.differing_record_keys(self.record_field)
        self.record_key_total = int(total or 0)

    def everyone(self):
        """The cell key of everyone (the grand total's), once the grid has been counted."""
        from ..spatial_privacy_plugin import cellkey

        if self.record_field:
            return cellkey.key_of_sum(self.record_key_total)
        return cellkey.key_of_sum(int(self.person_keys.astype(object).sum()))

    def perturbed(self, resolution):
        """cellkey.PerturbedCells of the groups at one cell size, in the engine's order; the
        attribute values of these groups become the counted input's ``key_columns``."""
        from ..spatial_privacy_plugin.cellkey import perturbed_groups

        started = time.monotonic()
        frame, returned = self._key_sums(resolution) if self.record_field else \
            self._hashed_groups(resolution)
        self.counter.messages.append((resolution, tr(
            "{res:g} m cells and their cell keys counted in PostGIS ({where}): {count} rows "
            "returned in {seconds:.1f} s.").format(res=resolution, where=self.counter.describe(),
                                                   count=returned,
                                                   seconds=time.monotonic() - started)))
        frame = self.counter.in_engine_order(frame)
        counts, key_values = self.counter._counts_of(self.counted.origin, resolution, frame)
        self.counted.key_columns.update(key_values)
        return perturbed_groups(counts, frame["cell_key"].to_numpy(), self.table)

    def _query(self, resolution, columns, extra, passed, grouped=""):
        """SELECT ``columns`` FROM the rows' cells at one size (``extra`` columns computed,
        ``passed`` ones kept), grouped by ``grouped`` (names after the group's)."""
        from psycopg2 import sql

        counter = self.counter
        names = ["c", "r"] + [f"k{i}" for i in range(len(counter.keys))] + \
            [f"l{i}" for i in range(len(counter.keys))]
        group = sql.SQL(", ").join(sql.SQL(name) for name in names)
        query = sql.SQL("SELECT {group}, {columns} FROM ({cells}) AS cells").format(
            group=group, columns=columns, cells=counter._cells(extra, passed))
        if grouped is not None:
            query += sql.SQL(" GROUP BY {group}{more}").format(group=group, more=sql.SQL(grouped))
        origin = self.counted.origin
        parameters = {"x0": float(origin[0]), "y0": float(origin[1]), "res": float(resolution)}
        return query, parameters, names

    def _extra(self, with_key):
        from psycopg2 import sql

        extra, passed = [], []
        if self.counter.order_key is not None:
            extra.append(sql.SQL("{} AS f").format(self.counter.order_key))
            passed.append("f")
        if with_key:
            extra.append(self._scaled_key() + sql.SQL(" AS s"))
            passed.append("s")
        return extra, passed

    def _key_sums(self, resolution):
        """One row per group: its people, rows, first row and key sum modulo 2**53."""
        import pandas as pd
        from psycopg2 import sql

        from ..spatial_privacy_plugin import cellkey

        extra, passed = self._extra(True)
        first = "MIN(f)" if "f" in passed else "0"
        if self.counter.one_point:
            columns = sql.SQL(f"COUNT(*), COUNT(*), {first}, (SUM(s) %% %(modulus)s)::bigint")
            query, parameters, names = self._query(resolution, columns, extra, passed)
        else:
            # Each group's people first (a person's key is the same on all their rows).
            people, parameters, names = self._query(
                resolution, sql.SQL(f"COUNT(*) AS n_rows, {first} AS first, MIN(s) AS s"), extra,
                passed, ", p")
            group = sql.SQL(", ").join(sql.SQL(name) for name in names)
            query = sql.SQL("SELECT {group}, COUNT(*), SUM(n_rows), MIN(first), (SUM(s) %% "
                            "%(modulus)s)::bigint FROM ({people}) AS people GROUP BY "
                            "{group}").format(group=group, people=people)
        parameters.update(scale=cellkey.KEY_SCALE, modulus=2 ** cellkey.KEY_BITS)
        rows = self.counter.fetch(query, parameters)
        frame = pd.DataFrame.from_records(rows, columns=names + ["n", "rows", "first", "total"])
        frame["cell_key"] = cellkey.key_of_sum(frame["total"].to_numpy(np.uint64))
        return frame, len(rows)

    def _hashed_groups(self, resolution):
        """One row per group from its distinct people (one row each from the database), with
        the cell key of their HMAC record keys."""
        import pandas as pd
        from psycopg2 import sql

        from ..spatial_privacy_plugin import cellkey

        extra, passed = self._extra(False)
        first = ("f" if self.counter.one_point else "MIN(f)") if "f" in passed else "0"
        if self.counter.one_point:  # each row is a person of its group
            query, parameters, names = self._query(
                resolution, sql.SQL(f"p, 1, {first}"), extra, passed, None)
        else:
            query, parameters, names = self._query(
                resolution, sql.SQL(f"p, COUNT(*), {first}"), extra, passed, ", p")
        rows = self.counter.fetch(query, parameters)
        pairs = pd.DataFrame.from_records(rows, columns=names + ["p", "rows", "first"])
        labels = ["c", "r"] + [name for name in names if name.startswith("l")]
        group = pairs.groupby(labels, sort=False).ngroup().to_numpy(np.int64)
        n_groups = int(group.max()) + 1 if len(group) else 0
        heads = np.unique(group, return_index=True)[1]
        frame = pairs.iloc[heads][names].reset_index(drop=True)
        frame["n"] = np.bincount(group, minlength=n_groups)
        frame["rows"] = np.bincount(group, weights=pairs["rows"].to_numpy(float),
                                    minlength=n_groups).astype(np.int64)
        frame["first"] = pairs["first"].groupby(group).min().to_numpy()
        persons, ids = pd.factorize(pairs["p"])
        frame["cell_key"] = cellkey.cell_keys(group, persons.astype(np.int64),
                                              self._keys_of(ids), n_groups)
        return frame, len(rows)

    def _keys_of(self, ids):
        """The HMAC record keys of the given ids; ids met before are not hashed again."""
        import pandas as pd

        from ..spatial_privacy_plugin import cellkey

        if self.ids is None:
            self.ids = pd.Index(ids)
            self.person_keys = cellkey.hmac_record_keys(self.secret, np.asarray(ids))
            return self.person_keys
        positions = self.ids.get_indexer(ids)
        if (positions < 0).any():  # people the grid did not hold (rows added since): all anew
            return cellkey.hmac_record_keys(self.secret, np.asarray(ids))
        return self.person_keys[positions]


def dp_pairs(counted, domain, finest, finest_factor):
    """dp_release.FinestPairs of the points, from the database: each person's distinct finest
    cells inside the domain's box (with one point per person, the people per finest cell).

    People are numbered by their first row in the layer's key order, as the engine numbers
    them when it reads the points, so that a seeded test draws the same choices.
    """
    import pandas as pd
    from psycopg2 import sql

    from ..spatial_privacy_plugin.dp_release import FinestPairs, finest_pairs

    counter = counted.counter
    n_rows, n_cols = domain.mask.shape
    parameters = {"x0": float(domain.origin[0]), "y0": float(domain.origin[1]),
                  "res": float(finest), "c0": domain.col0 * finest_factor,
                  "c1": (domain.col0 + n_cols) * finest_factor, "r0": domain.row0 * finest_factor,
                  "r1": (domain.row0 + n_rows) * finest_factor}
    inside = sql.SQL("c >= %(c0)s AND c < %(c1)s AND r >= %(r0)s AND r < %(r1)s")
    ordered = counter.order_key is not None
    extra = [sql.SQL("{} AS f").format(counter.order_key)] if ordered else []
    cells = counter._cells(extra)
    started = time.monotonic()
    if counter.one_point:
        rows = counter.fetch(sql.SQL("SELECT c, r, COUNT(*) FROM ({cells}{fence}) AS cells "
                                     "WHERE {inside} GROUP BY c, r").format(
            cells=cells, fence=counter.fence, inside=inside), parameters)
        frame = pd.DataFrame.from_records(rows, columns=["c", "r", "n"])
        n = frame["n"].to_numpy(np.int64)
        pairs = finest_pairs(np.repeat(frame["c"].to_numpy(np.int64), n),
                             np.repeat(frame["r"].to_numpy(np.int64), n),
                             np.arange(int(n.sum()), dtype=np.int64), domain, finest_factor)
        outside = pairs.outside or int(n.sum()) < counted.n_points
    else:
        # Rows outside the box are kept as one (person, NULL) group each: they hold the first
        # rows of some people. The fence keeps each row's cell computed once (inlined, the
        # cell expression would be repeated in every CASE: about 1.5 times the time).
        first = sql.SQL("MIN(f)" if ordered else "NULL")
        rows = counter.fetch(sql.SQL(
            "SELECT p, CASE WHEN b THEN c END AS ic, CASE WHEN b THEN r END AS ir, {first} FROM "
            "(SELECT p, c, r{f}, {inside} AS b FROM ({cells}) AS cells{fence}) AS boxed GROUP BY "
            "p, ic, ir").format(first=first, inside=inside, f=sql.SQL(", f" if ordered else ""),
                                cells=cells, fence=counter.fence), parameters)
        frame = pd.DataFrame.from_records(rows, columns=["p", "c", "r", "first"])
        persons, _ = pd.factorize(frame["p"], sort=not ordered)
        if ordered:
            first_row = frame["first"].groupby(persons).min().to_numpy()
            rank = np.empty(len(first_row), dtype=np.int64)
            rank[np.argsort(first_row, kind="stable")] = np.arange(len(first_row))
            persons = rank[persons]
        boxed = frame["c"].notna().to_numpy()
        pairs = finest_pairs(frame["c"][boxed].to_numpy(np.int64),
                             frame["r"][boxed].to_numpy(np.int64),
                             np.asarray(persons, dtype=np.int64)[boxed], domain, finest_factor)
        outside = pairs.outside or not boxed.all()
    counter.messages.append((finest, tr(
        "{res:g} m cells of the domain counted in PostGIS ({where}): {count} rows returned in "
        "{seconds:.1f} s.").format(res=finest, where=counter.describe(), count=len(rows),
                                   seconds=time.monotonic() - started)))
    return FinestPairs(pairs.persons, pairs.cells, bool(outside))
