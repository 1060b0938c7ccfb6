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
``layer_styles`` are renamed in the same transaction (gpkg_tables). A PostGIS
table is renamed with its indexes and sequences, which PostgreSQL named after
it, and keeps its comment, the mark (postgis_tables). A failed or cancelled run
drops its hidden tables; a run killed mid-way leaves them, and the next run
writing into the same GeoPackage or schema drops those of processes of this
host that no longer run (partial_files names them).

Messages are raised as the engine's ``InputError`` (an untranslated template);
a failed write to a GeoPackage as an OSError naming its file.
"""

from dataclasses import dataclass, field
from pathlib import Path

from qgis.core import QgsDataSourceUri

from ...spatial_privacy_plugin.errors import N_, InputError
from ..destinations import POSTGRES_PREFIXES, gpkg_layer, postgres_uri
from ..partial_files import hidden_table_name
from .gpkg_tables import STYLES_TABLE, drop_gpkg, gpkg_contents, gpkg_unreadable, has_table, \
    rename_gpkg, stale_gpkg_tables
from .postgis_tables import POSTGRES_NAME_BYTES, drop_postgis, postgis_exists, \
    postgis_unreadable, rename_postgis, stale_postgis_tables


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

    @property
    def shown(self):
        """The output as messages name it."""
        return self.loaded


@dataclass
class PostgisTable(HiddenTable):
    """A PostGIS table (``uri``: the destination's, naming the final table)."""

    uri: QgsDataSourceUri = None

    @property
    def store(self):
        return f"{self.uri.connectionInfo(False)} schema={self.uri.schema()}"

    @property
    def shown(self):
        """The output as messages name it (its destination holds the connection's password)."""
        return f"{self.uri.schema() or 'public'}.{self.final}"


def hidden_table(text, place):
    """The HiddenTable of an output going to a GeoPackage's layer or a PostGIS table (``text``:
    its destination, ``place``: its destinations.Place), else None (a whole file)."""
    uri = postgres_uri(text)
    if uri is not None:
        if not uri.table():
            return None
        hidden = hidden_table_name(uri.table(), POSTGRES_NAME_BYTES)
        written = QgsDataSourceUri(uri)
        written.setTable(hidden)
        prefix = next(prefix for prefix in POSTGRES_PREFIXES if text.startswith(prefix))
        return PostgisTable(uri.table(), hidden, text, prefix + written.uri(False), text, uri=uri)
    if place.table is None or not place.store.lower().endswith(".gpkg"):
        return None
    path = Path(place.store)
    final = _gpkg_layer_name(text) or place.table
    hidden = hidden_table_name(final)
    geometry = QgsDataSourceUri(text[len("ogr:"):]).geometryColumn() if text.startswith("ogr:") \
        else ""
    written = QgsDataSourceUri()
    written.setDatabase(str(path))
    written.setDataSource("", hidden, geometry)
    return GpkgTable(final, hidden, text, "ogr:" + written.uri(False), f"{path}|layername={final}",
                     path=path, created=not path.exists(), had_styles=has_table(path, STYLES_TABLE))


def _gpkg_layer_name(text):
    """The layer named by a GeoPackage destination, as written (not lowered)."""
    if text.startswith("ogr:"):
        uri = QgsDataSourceUri(text[len("ogr:"):])
        return uri.table() or Path(uri.database()).stem
    layer = gpkg_layer(text)
    return None if layer is None else layer[1]


def _by_store(tables):
    grouped = {}
    for table in tables:
        grouped.setdefault((type(table), table.store), []).append(table)
    return list(grouped.values())


def written(table):
    """Whether the run wrote the hidden table (an optional output may not be written)."""
    if isinstance(table, PostgisTable):
        try:
            return postgis_exists(table)
        except Exception as error:  # noqa: B902 (psycopg2's: the server stopped answering)
            raise InputError(N_("The output {path} was written but cannot be read back "
                                "({reason}). Nothing was written: check the database, then run "
                                "again."), path=table.shown, reason=str(error).strip()) from None
    return table.hidden in gpkg_contents(table.path)


def unreadable(table):
    """Why a hidden table the run wrote cannot be read back as written (a template), or None."""
    return (postgis_unreadable if isinstance(table, PostgisTable) else gpkg_unreadable)(table)


def rename_all(tables):
    """Give every hidden table written its own name: one transaction per database."""
    for group in _by_store([table for table in tables if written(table)]):
        (rename_postgis if isinstance(group[0], PostgisTable) else rename_gpkg)(group)


def _drop_group(group):
    """Drop the hidden tables of one database (a GeoPackage the run made for them whole)."""
    first = group[0]
    if isinstance(first, PostgisTable):
        drop_postgis(first.uri, [(table.uri.schema(), table.hidden) for table in group])
        return
    hidden = [table.hidden for table in group]
    present = gpkg_contents(first.path)
    if first.created and set(present) <= set(hidden) | {STYLES_TABLE}:
        for suffix in ("", "-journal", "-wal", "-shm"):  # a GeoPackage the run made for them
            Path(f"{first.path}{suffix}").unlink(missing_ok=True)
        return
    drop_gpkg(first.path, [name for name in hidden if name in present],
              styles_too=not first.had_styles)


def drop_all(tables):
    """Drop the hidden tables not renamed (a failed or cancelled run), as far as possible: one
    that cannot be dropped now (a writer still holding it) a later run removes."""
    for group in _by_store([table for table in tables if not table.renamed]):
        try:
            _drop_group(group)
        except Exception:  # noqa: B902 (psycopg2's, GDAL's, the file system's: the run's own
            continue       # error is the one to raise)  # nosec B112


def remove_stale_tables(tables):
    """Drop the hidden tables that killed runs of this host left in the GeoPackages and schemas
    the run writes into. Returns (where, names) of each database they were removed from."""
    removed = []
    for group in _by_store(tables):
        first = group[0]
        try:
            if isinstance(first, PostgisTable):
                schema, names = stale_postgis_tables(first.uri)
                if names:
                    drop_postgis(first.uri, [(schema, name) for name in names])
                    removed.append((f"{first.uri.database()}.{schema}", names))
            elif first.path.is_file():
                names = stale_gpkg_tables(first.path)
                if names:
                    drop_gpkg(first.path, names)
                    removed.append((str(first.path), names))
        except Exception:  # noqa: B902 (a database that cannot be cleaned now is written anyway:
            continue       # the run's own write then says what is wrong with it)  # nosec B112
    return removed
