"""Zone risk counted in PostGIS: key frequencies per zone with the engine's border rule
(see postgis.py for the rules every push-down follows)."""

import time
from dataclasses import dataclass

import numpy as np

from ..base import tr
from .postgis import PostgisCounter
from .postgis_source import countable_table, say_general_rows, warn_if_rows_are_counted

# Points nearer a zone border than this share of the zones' coordinate scale are placed by
# the engine's own crossing arithmetic; farther ones by ST_Intersects, whose answer the
# rounding of that arithmetic (a few units in the last place) cannot change there.
BORDER_MARGIN = 1e-8
ZONE_PARTS = "spatial_privacy_zone_parts"
ZONE_EDGES = "spatial_privacy_zone_edges"


def polygon_wkb(rings):
    """Little-endian WKB of a polygon from its rings (each closed if it is not)."""
    import struct

    chunks = [struct.pack("<BII", 1, 3, len(rings))]
    for ring in rings:
        if not np.array_equal(ring[0], ring[-1]):
            ring = np.vstack([ring, ring[:1]])
        chunks.append(struct.pack("<I", len(ring)) + np.ascontiguousarray(ring, dtype="<f8")
                      .tobytes())
    return b"".join(chunks)


@dataclass(frozen=True)
class ZoneCounts:
    """Records of a PostGIS layer counted per zone and key combination by the database."""

    polygon: np.ndarray  # the position, among the zone polygons, of each group's zone
    key_columns: list  # per key field, its value in each group
    records: np.ndarray  # per group, its records (with a person field: its distinct people)
    weights: object  # the sum of each group's weights (None: no weight field)
    bad_weights: int  # records with a missing, zero, negative or infinite weight
    persons: object  # polygon position -> distinct people in it (None: no person field)
    rows: int  # records of the layer; those in no zone are rows - assigned
    assigned: int  # records of the layer that lie in a zone


class ZoneCounter(PostgisCounter):
    """The records of a PostGIS point layer counted per zone and key in the database.

    The zones as the engine reads them go into temporary tables of this session: each
    part with its bounds, its geometry shrunk and grown by a margin (core and reach), and
    the edges the engine tests. Which zone holds a point is the engine's rule
    (zones.assign_points: even-odd crossings to the right, half-open in y, the first zone
    listed wins), computed in the same double arithmetic for points near a border and by
    ST_Intersects with the core or the reach away from borders, where the two agree. Zones
    must be valid and share no interior (the caller checks): then a point away from every
    border lies in one part at most.
    """

    def __init__(self, layer, person_field, key_fields, weight_field, feedback):
        from psycopg2 import sql

        super().__init__(layer, person_field or "", key_fields, feedback)
        if not person_field:
            self.person = sql.SQL("0")  # each record is a person: a constant no row lacks
        self.counts_persons = bool(person_field)
        self.weight = sql.SQL("{}::float8").format(sql.Identifier(weight_field)) \
            if weight_field else None
        self.margin = 0.0
        # No evaluation fence: the join to the zones may then use the layer's spatial index,
        # part by part, so that each part's tests follow one another (PostGIS caches the
        # prepared part between them).
        self.fence = sql.SQL("")
        # Compiling this one-off query (JIT) costs seconds and saves less (where there is JIT).
        self.fetch("SELECT set_config('jit', 'off', false) FROM pg_settings WHERE name = 'jit'")

    def srid(self):
        """The SRID of the layer's geometries (declared by the column, else of a row)."""
        from psycopg2 import sql

        declared = self.fetch(
            "SELECT postgis_typmod_srid(atttypmod) FROM pg_attribute WHERE attrelid = "
            "%(relation)s::regclass AND attname = %(column)s",
            {"relation": self.relation.as_string(self.connection),
             "column": self.uri.geometryColumn()})
        if declared and declared[0][0]:
            return int(declared[0][0])
        found = self.fetch(sql.SQL("SELECT ST_SRID({g}) FROM {relation} WHERE {g} IS NOT NULL "
                                   "LIMIT 1").format(g=self.geometry, relation=self.relation))
        return int(found[0][0]) if found else 0

    def load_zones(self, polygons):
        """The zone polygons (as ``zones.assign_points`` takes them) into temporary tables,
        every value bound: WKB in the layer's SRID, bounds and edges as doubles."""
        from psycopg2 import Binary, sql

        from ...spatial_privacy_plugin.counting.zones import part_edges, tested_parts

        parts = {name: [] for name in ("part", "zone", "x_low", "x_high", "y_low", "y_high", "wkb")}
        edges = {name: [] for name in ("part", "x1", "y1", "x2", "y2")}
        scale = 1.0
        for part, (zone, rings) in enumerate(tested_parts(polygons)):
            exterior = rings[0]
            for name, value in (("part", part), ("zone", zone),
                                ("x_low", exterior[:, 0].min()), ("x_high", exterior[:, 0].max()),
                                ("y_low", exterior[:, 1].min()), ("y_high", exterior[:, 1].max())):
                parts[name].append(value.item() if hasattr(value, "item") else value)
            parts["wkb"].append(Binary(polygon_wkb(rings)))
            starts, ends = part_edges(rings)
            sloped = starts[:, 1] != ends[:, 1]  # a level edge never straddles a point's row
            edges["part"] += [part] * int(sloped.sum())
            for name, column in (("x1", starts[:, 0]), ("y1", starts[:, 1]), ("x2", ends[:, 0]),
                                 ("y2", ends[:, 1])):
                edges[name] += column[sloped].tolist()
            scale = max(scale, float(np.abs(np.concatenate(rings)).max()))
        self.margin = BORDER_MARGIN * scale
        parts_table, edges_table = sql.Identifier(ZONE_PARTS), sql.Identifier(ZONE_EDGES)
        statements = [
            (sql.SQL("CREATE TEMPORARY TABLE {} (part integer, zone integer, x_low float8, "
                     "x_high float8, y_low float8, y_high float8, geom geometry, core geometry, "
                     "reach geometry)").format(parts_table), None),
            (sql.SQL("CREATE TEMPORARY TABLE {} (part integer, x1 float8, y1 float8, "
                     "x2 float8, y2 float8)").format(edges_table), None),
            (sql.SQL("INSERT INTO {} SELECT part, zone, x_low, x_high, y_low, y_high, geom, "
                     "ST_Buffer(geom, -%(margin)s, 'quad_segs=1'), ST_Buffer(geom, %(margin)s, "
                     "'quad_segs=1') FROM (SELECT "
                     "part, zone, x_low, x_high, y_low, y_high, "
                     "ST_GeomFromWKB(wkb, %(srid)s) AS geom FROM unnest(%(part)s::integer[], "
                     "%(zone)s::integer[], %(x_low)s::float8[], %(x_high)s::float8[], "
                     "%(y_low)s::float8[], %(y_high)s::float8[], %(wkb)s::bytea[]) AS t(part, "
                     "zone, x_low, x_high, y_low, y_high, wkb)) AS loaded").format(parts_table),
             dict(parts, srid=self.srid(), margin=self.margin)),
            (sql.SQL("INSERT INTO {} SELECT * FROM unnest(%(part)s::integer[], "
                     "%(x1)s::float8[], %(y1)s::float8[], %(x2)s::float8[], %(y2)s::float8[])")
             .format(edges_table), edges),
            (sql.SQL("CREATE INDEX ON {} (part)").format(edges_table), None),
            (sql.SQL("ANALYZE {}").format(parts_table), None),
            (sql.SQL("ANALYZE {}").format(edges_table), None)]
        with self.connection.cursor() as cursor:
            # The session stays read-only; only this transaction writes, and only to
            # temporary tables.
            cursor.execute("BEGIN READ WRITE")
            try:
                for statement, parameters in statements:
                    cursor.execute(statement, parameters)
            except Exception:
                cursor.execute("ROLLBACK")
                raise
            cursor.execute("COMMIT")

    def count_zones(self, rows):
        """ZoneCounts of the layer's records (``rows`` of them) in the loaded zones."""
        from psycopg2 import sql

        n_keys = len(self.keys)
        carried = ["p"] + [f"k{i}" for i in range(n_keys)] + ["w"]
        weight = self.weight if self.weight is not None else sql.SQL("NULL::float8")
        points = self._points([sql.SQL("{} AS f").format(self.order_key),
                               sql.SQL("{} AS g").format(self.geometry),
                               sql.SQL("{} AS w").format(weight)])
        on_points = sql.SQL(", ").join(sql.SQL("pts.{}").format(sql.SQL(name))
                                       for name in carried)
        plain = sql.SQL(", ").join(sql.SQL(name) for name in carried)
        # As subqueries: Citus joins a distributed table to a local (here temporary) one by
        # sending the subquery's rows to its workers.
        parts, edges = (sql.SQL("(SELECT * FROM {})").format(sql.Identifier(name))
                        for name in (ZONE_PARTS, ZONE_EDGES))
        within_bounds = sql.SQL("pts.x >= z.x_low AND pts.x <= z.x_high AND pts.y >= z.y_low "
                                "AND pts.y <= z.y_high")
        # A part's candidates: points within the margin of it (in its reach). Those inside its
        # core (the part shrunk by the margin) are in it; the others, near its border, take
        # the engine's crossings, (x2 - x1) * (y - y1) / (y2 - y1) + x1 to the right of the
        # point, counted per part; a point two parts claim goes to the first zone.
        candidates = sql.SQL(
            "SELECT pts.f, pts.x, pts.y, z.part, z.zone, ST_Intersects(z.core, pts.g) AS inside, "
            "{carried} FROM ({points}) AS pts JOIN {parts} AS z ON pts.g && z.reach AND "
            "{bounds} AND ST_Intersects(z.reach, pts.g)").format(
            carried=on_points, points=points, parts=parts, bounds=within_bounds)
        on_candidates = sql.SQL(", ").join(sql.SQL("c.{}").format(sql.SQL(name))
                                           for name in carried)
        near = sql.SQL(
            "SELECT MIN(zone) AS zone, {plain} FROM (SELECT c.f, c.zone, {carried} FROM "
            "candidates AS c JOIN {edges} AS e ON e.part = c.part AND (e.y1 > c.y) <> "
            "(e.y2 > c.y) AND c.x < (e.x2 - e.x1) * (c.y - e.y1) / (e.y2 - e.y1) + e.x1 "
            "WHERE NOT c.inside GROUP BY c.f, c.part, c.zone, {carried} HAVING COUNT(*) %% 2 = 1"
            ") AS crossed GROUP BY f, {plain}").format(plain=plain, carried=on_candidates,
                                                       edges=edges)
        keys = sql.SQL("").join(sql.SQL(", k{}").format(sql.SQL(str(i))) for i in range(n_keys))
        bad = sql.SQL("SUM(CASE WHEN w IS NULL OR NOT (w > 0 AND w < 'Infinity'::float8) THEN 1 "
                      "ELSE 0 END)") if self.weight is not None else sql.SQL("0")
        # With a person field, a person's records in a zone with the same keys and weight are
        # one record (as the points are read), never several people.
        records = sql.SQL("(SELECT DISTINCT zone, {plain} FROM assigned) AS distinct_records"
                          ).format(plain=plain) if self.counts_persons else sql.SQL("assigned")
        query = sql.SQL("WITH candidates AS ({candidates}), assigned AS (SELECT zone, {plain} "
                        "FROM candidates WHERE inside UNION ALL {near}) SELECT 0 AS kind, "
                        "zone{keys}, COUNT(*), SUM(w), {bad} FROM {records} GROUP BY zone{keys}"
                        ).format(candidates=candidates, plain=plain, near=near, keys=keys, bad=bad,
                                 records=records)
        nulls = sql.SQL("").join(sql.SQL(", NULL") for _ in range(n_keys))
        query += sql.SQL(" UNION ALL SELECT 2, NULL{nulls}, COUNT(*), NULL, 0 FROM assigned"
                         ).format(nulls=nulls)
        if self.counts_persons:
            query += sql.SQL(" UNION ALL SELECT 1, zone{nulls}, COUNT(DISTINCT p), NULL, 0 FROM "
                             "assigned GROUP BY zone").format(nulls=nulls)
        started = time.monotonic()
        returned = self.fetch(query)
        self.feedback.pushInfo(tr(
            "Zones counted in PostGIS ({where}): {count} rows returned in {seconds:.1f} s.")
            .format(where=self.describe(), count=len(returned),
                    seconds=time.monotonic() - started))
        groups = [row for row in returned if row[0] == 0]
        persons = {row[1]: int(row[2 + n_keys]) for row in returned if row[0] == 1}
        return ZoneCounts(
            np.array([row[1] for row in groups], dtype=np.int64),
            [[row[2 + i] for row in groups] for i in range(n_keys)],
            np.array([row[2 + n_keys] for row in groups], dtype=np.int64),
            np.array([row[3 + n_keys] for row in groups], dtype=float)
            if self.weight is not None else None,
            int(sum(row[4 + n_keys] for row in groups)),
            persons if self.counts_persons else None, rows,
            sum(int(row[2 + n_keys]) for row in returned if row[0] == 2))


def zone_counts_in_postgis(algorithm, parameters, context, feedback, polygons, zones_crs,
                           zones_fit, person_field, key_fields, weight_field):
    """ZoneCounts of the RECORDS layer when it can be counted in PostGIS, else None (with a
    line in the log: then read the points).

    ``zones_fit``: the zones share no interior (see ZoneCounter; read_polygons has refused
    invalid ones). The caller has checked that no option the push-down does not cover is set.
    """
    layer = algorithm.plain_layer(parameters, algorithm.RECORDS, context)
    if layer is None or layer.providerType() != "postgres":
        return None
    if not zones_fit:
        feedback.pushInfo(tr("Zones that share a sliver are assigned point by point: reading the "
                             "points instead of counting in the database."))
        return None
    uri = countable_table(layer, feedback)
    if uri is None:
        return None
    import psycopg2
    source = algorithm.parameterAsSource(parameters, algorithm.RECORDS, context)
    if source.sourceCrs() != zones_crs:
        feedback.pushInfo(tr("The records are in another CRS than the zones: reading the points "
                             "(reprojected by QGIS) instead of counting in the database."))
        return None
    if not uri.keyColumn() or "," in uri.keyColumn():
        feedback.pushInfo(tr("The PostGIS layer has no single-column key (points on zone "
                             "borders are told apart by it): reading the points instead of "
                             "counting in the database."))
        return None
    counter = None
    try:
        counter = ZoneCounter(layer, person_field, key_fields, weight_field, feedback)
        rows, people, bad, _, _ = counter.summary()
        if rows == 0 or bad:
            say_general_rows(bad, feedback)
            return None
        if person_field:
            warn_if_rows_are_counted(counter, layer, source, person_field, rows, people,
                                     feedback)
        feedback.pushInfo(tr("Counting in PostGIS ({where}): {rows} points are not read into "
                             "QGIS.").format(where=counter.describe(), rows=rows))
        counter.load_zones(polygons)
        return counter.count_zones(rows)
    except psycopg2.Error as error:
        feedback.pushWarning(tr("Counting in PostGIS failed ({error}); reading the points "
                                "instead.").format(error=str(error).strip()))
        return None
    finally:
        if counter is not None:
            counter.close()
