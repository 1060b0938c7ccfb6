"""Counting in PostGIS for the cell key grid and the DP grid (see postgis.py for the rules
every push-down follows).

The key arithmetic and the randomness stay in the engine: with a record key field the
database sums each group's keys exactly (53-bit integers in numeric); with a key file it
returns each group's distinct people and QGIS hashes their ids, so the secret never
reaches the server; the DP grid's contribution bounding draws from the operating system
over the (person, finest cell) pairs the database returns.
"""

import time

import numpy as np

from ..base import tr
from .postgis import counted_input, pushdown_layer

# Field types whose values the database and QGIS read alike, so that keys agree to the bit:
# record keys summed in SQL as float8, ids hashed here as whole numbers or text.
RECORD_KEY_TYPES = ("float8", "numeric", "int2", "int4", "int8")
HASHED_ID_TYPES = ("int2", "int4", "int8", "text", "varchar")


def cell_key_counted_input(algorithm, parameters, context, feedback, cell_size, record_field):
    """counted_input for the cell key grid, or None: its record key field (summed in the
    database), or without one its person ids (hashed in QGIS), must be of a type read alike
    by both."""
    from ..person_field import chosen_person_field

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

        from ...spatial_privacy_plugin.noise import cellkey

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
        from ...spatial_privacy_plugin.noise import cellkey

        if self.record_field:
            return cellkey.key_of_sum(self.record_key_total)
        return cellkey.key_of_everyone(self.person_keys)

    def perturbed(self, resolution):
        """cellkey.PerturbedCells of the groups at one cell size, in the engine's order; the
        attribute values of these groups become the counted input's ``key_columns``."""
        from ...spatial_privacy_plugin.noise.cellkey import perturbed_groups

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

        from ...spatial_privacy_plugin.noise import cellkey

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

        from ...spatial_privacy_plugin.noise import cellkey

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

        from ...spatial_privacy_plugin.noise import cellkey

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

    from ...spatial_privacy_plugin.noise.dp_release import FinestPairs, finest_pairs

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
