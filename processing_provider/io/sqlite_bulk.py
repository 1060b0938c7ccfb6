"""SQLite in bulk, from Python: many rows to a statement, an R-tree packed in its own format,
a GeoPackage point table's rows and R-tree copied as they are.

Used by bulk_write for GeoPackage outputs; plain sqlite3 and numpy, no QGIS.
"""

import json
import math
import sqlite3
from pathlib import Path

import numpy as np


def quoted(identifier):
    """An SQLite identifier in SQLite's own quoting: in double quotes, a double quote doubled.
    A tuple (schema, name) gives ``"schema"."name"``; a list, its identifiers comma-separated."""
    if isinstance(identifier, tuple):
        return ".".join(quoted(part) for part in identifier)
    if isinstance(identifier, list):
        return ", ".join(quoted(part) for part in identifier)
    return '"' + identifier.replace('"', '""') + '"'


def statement(template, /, **identifiers):
    """An SQL statement whose ``{fields}`` are identifiers (tables, columns) only, each quoted
    by ``quoted``: names never enter SQL unquoted, and values never enter it at all (they are
    bound as ``?`` parameters). The one place this package builds SQL text from names."""
    return template.format(**{key: quoted(name) for key, name in identifiers.items()})


# SQLite before 3.32 binds at most 999 values per statement.
MAX_BOUND_VALUES = 999


def multi_row_insert(connection, table, names, columns):
    """Insert rows given as columns of plain Python values, many rows per statement.

    One statement per row costs more than its values (SQLite runs the whole
    program, AUTOINCREMENT bookkeeping included, for each): rows go in as
    multi-row VALUES. A column whose values are all None is left out (its
    default is NULL); a column with a single value is bound once per statement.
    """
    count = len(columns[0]) if columns else 0
    kept = [(name, column) for name, column in zip(names, columns)
            if not (count and column[0] is None and column.count(None) == count)]
    constant = [(name, column[0]) for name, column in kept
                if count > 1 and column.count(column[0]) == count and type(column[-1]) is type(column[0])]
    constant_names = {name for name, _ in constant}
    varying = [(name, column) for name, column in kept if name not in constant_names]
    if not count or not varying:
        varying = kept[:1]  # every row still needs inserting
        constant = [(name, value) for name, value in constant if name != kept[0][0]]
    width = len(varying)
    per_statement = max(1, (MAX_BOUND_VALUES - len(constant)) // width)
    head = statement("INSERT INTO {table} ({target})", table=table,
                     target=[name for name, _ in constant + varying])
    selected = ", ".join([f"?{number}" for number in range(1, len(constant) + 1)] +
                         [f"column{number}" for number in range(1, width + 1)])
    fixed = [value for _, value in constant]
    lists = [column for _, column in varying]

    def insert(rows):
        # Values numbered column by column, so that a statement binds each column's slice as
        # it is (no row tuples built in Python).
        first = len(constant) + 1
        values = ", ".join("(" + ", ".join(f"?{first + number * rows + row}" for number in
                                           range(width)) + ")" for row in range(rows))
        # After the quoted names come only numbered placeholders and VALUES' own column names.
        return f"{head} SELECT {selected} FROM (VALUES {values})"  # nosec B608

    def parameters(start, stop):
        bound = list(fixed)
        for column in lists:
            bound += column[start:stop]
        return bound
    whole = count // per_statement * per_statement
    if whole:
        connection.executemany(insert(per_statement), (
            parameters(start, start + per_statement) for start in range(0, whole, per_statement)))
    if whole < count:
        connection.execute(insert(count - whole), parameters(whole, count))


def _float32(values, direction):
    """float64 values as float32 rounded outwards (``direction`` -1: down, +1: up) exactly as
    SQLite's R-tree stores box corners (rtreeValueDown/Up: to nearest, then, where that went
    the wrong way, the value scaled by 1 -/+ 2**-23)."""
    rounded = values.astype(np.float32)
    wrong = rounded.astype(np.float64) > values if direction < 0 else \
        rounded.astype(np.float64) < values
    towards, away = 1.0 - 1.0 / 8388608.0, 1.0 + 1.0 / 8388608.0
    shrink = (values < 0) == (direction < 0)  # away from zero where that is the way to go
    factor = np.where(shrink, away, towards)
    rounded[wrong] = (values[wrong] * factor[wrong]).astype(np.float32)
    return rounded


CELL = np.dtype([("id", ">i8"), ("box", ">f4", (4,))])
HEADER = np.dtype([("depth", ">u2"), ("count", ">u2")])


def write_rtree(connection, rtree, ids, boxes):
    """Fill an empty SQLite R-tree (``id, minx, maxx, miny, maxy``) in bulk.

    Its shadow tables are written directly, packed bottom-up in the order
    given, instead of one insertion (and its node splits) per row. ``boxes``:
    (n, 4) float64 in the R-tree's column order. The layout is SQLite's own
    (rtree.c): nodes of the root's size, a big-endian header (the depth in the
    root, the cell count), cells of (id, four float32 rounded outwards), root
    node 1, and the _rowid and _parent maps; ``rtreecheck`` accepts it.
    """
    if len(ids) == 0:
        return
    node, rowid, parent = (f"{rtree}_{part}" for part in ("node", "rowid", "parent"))
    node_size = connection.execute(statement("SELECT length(data) FROM {node} WHERE nodeno = 1",
                                             node=node)).fetchone()[0]
    capacity = (node_size - HEADER.itemsize) // CELL.itemsize
    boxes = np.stack([_float32(boxes[:, 0], -1), _float32(boxes[:, 1], 1),
                      _float32(boxes[:, 2], -1), _float32(boxes[:, 3], 1)], axis=1)
    ids = np.asarray(ids, dtype=np.int64)
    nodes, children_of = [], []  # (nodeno, blob); (children, their node, children are rows)
    next_node, depth = 2, 0

    def blobs(level, cell_ids, cell_boxes):
        """The node blobs holding these cells, ``capacity`` to a node, in order."""
        count = -(-len(cell_ids) // capacity)
        layout = np.dtype([("header", HEADER), ("cells", CELL, (capacity,)),
                           ("spare", "u1", (node_size - HEADER.itemsize - capacity * CELL.itemsize,))])
        data = np.zeros(count, dtype=layout)
        data["header"]["depth"] = level
        data["header"]["count"] = capacity
        data["header"]["count"][-1] = len(cell_ids) - (count - 1) * capacity
        padded_ids = np.zeros(count * capacity, dtype=np.int64)
        padded_boxes = np.zeros((count * capacity, 4), dtype=np.float32)
        padded_ids[:len(cell_ids)], padded_boxes[:len(cell_ids)] = cell_ids, cell_boxes
        data["cells"]["id"] = padded_ids.reshape(count, capacity)
        data["cells"]["box"] = padded_boxes.reshape(count, capacity, 4)
        raw = data.tobytes()
        return [raw[start:start + node_size] for start in range(0, len(raw), node_size)]

    while len(ids) > capacity:
        starts = np.arange(0, len(ids), capacity)
        numbers = np.arange(next_node, next_node + len(starts))
        nodes += zip(numbers.tolist(), blobs(0, ids, boxes))
        owner = np.repeat(numbers, np.diff(np.append(starts, len(ids))))
        children_of.append((ids, owner, depth == 0))
        boxes = np.stack([np.minimum.reduceat(boxes[:, 0], starts),
                          np.maximum.reduceat(boxes[:, 1], starts),
                          np.minimum.reduceat(boxes[:, 2], starts),
                          np.maximum.reduceat(boxes[:, 3], starts)], axis=1)
        ids, next_node, depth = numbers, next_node + len(starts), depth + 1
    nodes.append((1, blobs(depth, ids, boxes)[0]))
    children_of.append((ids, np.ones(len(ids), dtype=np.int64), depth == 0))
    connection.execute(statement("DELETE FROM {node}", node=node))
    connection.executemany(statement("INSERT INTO {node} (nodeno, data) VALUES (?, ?)", node=node),
                           nodes)
    for children, owners, rows in children_of:
        table, columns = (rowid, ("rowid", "nodeno")) if rows else (parent, ("nodeno", "parentnode"))
        if np.all(np.diff(children) == 1):
            # Numbered in order (nodes always, a grid's rows too): the map is made in SQLite.
            _insert_consecutive(connection, table, columns, int(children[0]), int(owners[0]),
                         len(children), capacity)
        else:
            insert_map(connection, table, columns, children, owners)


def insert_map(connection, table, columns, keys, values):
    """Insert the rows (keys[i], values[i]) of two integer arrays in the keys' order (an
    INTEGER PRIMARY KEY b-tree is then filled at its end, not at random places). Where the
    keys are consecutive the values are bound as one JSON array that SQLite's json_each reads
    in C; otherwise, or where SQLite has no JSON functions, many rows to a statement."""
    order = np.argsort(keys, kind="stable")
    keys, values = np.asarray(keys, dtype=np.int64)[order], np.asarray(values, dtype=np.int64)[order]
    if len(keys) and keys[-1] - keys[0] == len(keys) - 1:
        try:
            connection.execute(statement("INSERT INTO {table} ({columns}) SELECT ?1 + key, value "
                                         "FROM json_each(?2)", table=table, columns=list(columns)),
                               (int(keys[0]), json.dumps(values.tolist())))
            return
        except sqlite3.OperationalError:  # no json_each in this SQLite: nothing was inserted
            pass
    multi_row_insert(connection, table, columns, [keys.tolist(), values.tolist()])


def _insert_consecutive(connection, table, columns, first, first_owner, count, per_owner):
    """Insert the rows (first + i, first_owner + i // per_owner) for i < count, counted in
    SQLite (a small table of numbers joined with itself) rather than bound one by one."""
    side = math.isqrt(count - 1) + 1
    connection.execute("CREATE TEMP TABLE numbers (i INTEGER PRIMARY KEY)")
    connection.execute("INSERT INTO temp.numbers WITH RECURSIVE counter(i) AS (SELECT 0 UNION "
                       "ALL SELECT i + 1 FROM counter WHERE i + 1 < ?) SELECT i FROM counter",
                       (side,))
    connection.execute(statement("INSERT INTO {table} ({columns}) SELECT ?1 + i, ?2 + i / ?3 FROM "
                                 "(SELECT high.i * ?4 + low.i AS i FROM temp.numbers AS high "
                                 "CROSS JOIN temp.numbers AS low) WHERE i < ?5",
                                 table=table, columns=list(columns)),
                       (first, first_owner, per_owner, side, count))
    connection.execute("DROP TABLE temp.numbers")


def packing_order(x, y, capacity):
    """An order of points that packs nearby points into the same R-tree leaves
    (sort-tile-recursive: vertical strips by x, each sorted by y)."""
    leaves = -(-len(x) // capacity)
    strips = max(1, int(np.ceil(np.sqrt(leaves))))
    by_x = np.argsort(x, kind="stable")
    strip = np.arange(len(x)) * strips // max(len(x), 1)
    return by_x[np.lexsort((y[by_x], strip))]


def source_rows(source_file, table, count):
    """(geometry column, srs_id, column names, fids in order) of a GeoPackage table whose
    rows can be copied as they are (2-D points, FID column ``fid``, ``count`` rows), else
    None. Read-only."""
    connection = sqlite3.connect(Path(source_file).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        row = connection.execute(
            "SELECT column_name, geometry_type_name, z, m, srs_id FROM gpkg_geometry_columns "
            "WHERE lower(table_name) = lower(?)", (table,)).fetchone()
        if row is None or row[1].upper() != "POINT" or row[2] or row[3]:
            return None
        columns = list(connection.execute(statement("PRAGMA table_info({table})", table=table)))
        if [column[1] for column in columns if column[5]] != ["fid"]:
            return None
        # Each aggregate in its own query reads the b-tree's ends and counts its pages, where
        # one query of the three would decode every row.
        first, last, rows = connection.execute(
            statement("SELECT (SELECT min(fid) FROM {table}), (SELECT max(fid) FROM {table}), "
                      "(SELECT count(*) FROM {table})", table=table)).fetchone()
        if rows != count:
            return None
        fids = np.arange(first, last + 1) if rows and last - first + 1 == rows else np.array(
            connection.execute(statement("SELECT fid FROM {table} ORDER BY fid", table=table)
                               ).fetchall(),
            dtype=np.int64).reshape(-1)
        return row[0], row[4], {column[1] for column in columns}, fids
    except sqlite3.Error:
        return None
    finally:
        connection.close()


def copy_rtree(connection, table, geometry, name, count):
    """Copy the source's R-tree (same rows, same fids, same boxes) into the output's; False
    when the source has none of the output's node size or not one entry per row."""
    source, target = f"rtree_{table}_{geometry}", f"rtree_{name}_geom"
    found = connection.execute("SELECT count(*) FROM source.sqlite_master WHERE type = 'table' "
                               "AND name IN (?, ?, ?, ?)", (source, *(f"{source}_{part}" for part in
                                                                      ("node", "rowid", "parent")))
                               ).fetchone()[0]
    if found != 4:
        return False
    size = "SELECT length(data) FROM {node} WHERE nodeno = 1"
    if connection.execute(statement(size, node=("source", f"{source}_node"))).fetchone() != \
            connection.execute(statement(size, node=f"{target}_node")).fetchone() or \
            connection.execute(statement("SELECT count(*) FROM {rowid}", rowid=(
                "source", f"{source}_rowid"))).fetchone()[0] != count:
        return False
    for part in ("node", "rowid", "parent"):
        connection.execute(statement("DELETE FROM {table}", table=f"{target}_{part}"))
        connection.execute(statement("INSERT INTO {table} SELECT * FROM {copied}",
                                     table=f"{target}_{part}",
                                     copied=("source", f"{source}_{part}")))
    return True
