"""Outputs that would destroy data: refused before anything is written.

QGIS writes an output given as a plain file path as a new file, replacing an
existing one whole (every layer of a GeoPackage with it); given as
``ogr:dbname=… table=…`` (the dialog's "Save to GeoPackage…") it writes one
layer of the file and leaves the others; a PostGIS destination replaces its
table. So an output that lands on one of the run's inputs would destroy it
(the only copy of unmasked points, a ledger, a policy), a plain path to a
GeoPackage holding other layers would delete them, and of two outputs of one
run written to the same place the second would replace the first. Each is
refused, naming what would be lost and the way out. An existing table that an
output would replace (a GeoPackage's table named as the file, a PostGIS table) is
replaced only when it carries the plugin's mark (output_marks): a re-run replaces
its own earlier output, never a user's table of that name.

Messages are raised as the engine's ``InputError`` (an untranslated template),
which the base algorithm translates: this module imports nothing of the
provider, so that the base can import it.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from qgis.core import QgsDataSourceUri, QgsProcessingOutputLayerDefinition, QgsProperty, \
    QgsProviderRegistry

from ..spatial_privacy_plugin.errors import N_, InputError
from .output_marks import postgres_table_unmarked, unmarked_gpkg_tables

INPUT_TYPES = ("source", "vector", "layer", "multilayer", "file")
LAYER_OUTPUT_TYPES = ("sink", "vectorDestination")
FILE_OUTPUT_TYPES = ("fileDestination",)
POSTGRES_PREFIXES = ("postgres://", "postgis:", "postgres:")  # Processing's, longest first
STYLES_TABLE = "layer_styles"  # where a GeoPackage output keeps the style stored with it
# A file path without an extension is written as a GeoPackage.
DEFAULT_EXTENSION = ".gpkg"


@dataclass(frozen=True)
class Place:
    """Where data is kept: a file or database (``store``) and a layer of it (``table``;
    None: the whole file)."""

    store: str
    table: str = None
    # The source naming the layer of a file layer opened by its path alone: QGIS 3.22 may then
    # fail to load a layer added to that file in the same run ("Loading of layer failed").
    named_source: str = field(default=None, compare=False)

    def meets(self, other):
        """Whether writing one replaces (part of) the other."""
        return self.store == other.store and (
            self.table is None or other.table is None or self.table == other.table)


def destination_text(algorithm, parameters, name, context):
    """An output's destination as the user gave it, read without registering anything."""
    value = parameters.get(name)
    if value is None:
        value = algorithm.parameterDefinition(name).defaultValue()
    if isinstance(value, QgsProcessingOutputLayerDefinition):
        value = value.sink
    if isinstance(value, QgsProperty):
        value = value.valueAsString(context.expressionContext(), "")
        if isinstance(value, tuple):  # PyQGIS returns (text, ok)
            value = value[0] if value[1] else None
    return value if isinstance(value, str) else None


def _file(path):
    return str(Path(path).expanduser().resolve())


def _database_place(uri):
    """The Place of a PostgreSQL table (the server's default port written out)."""
    server = "|".join(("postgres", uri.service(), uri.host(), uri.port() or "5432", uri.database()))
    return Place(server, f"{uri.schema() or 'public'}.{uri.table()}")


def postgres_uri(text):
    """The QgsDataSourceUri of a PostGIS destination, else None."""
    for prefix in POSTGRES_PREFIXES:
        if text.startswith(prefix):
            return QgsDataSourceUri(text[len(prefix):])
    return None


def output_place(text):
    """(Place, whether the whole file is replaced) of a destination; None for a temporary or
    memory output."""
    if not text or text == "TEMPORARY_OUTPUT" or text.startswith("memory:"):
        return None
    if postgres_uri(text) is not None:
        return _database_place(postgres_uri(text)), False
    if text.startswith("ogr:"):
        uri = QgsDataSourceUri(text[len("ogr:"):])
        if uri.database():  # one layer of the file: the table named, else the file's name
            return Place(_file(uri.database()),
                         (uri.table() or Path(uri.database()).stem).lower()), False
        text = text[len("ogr:"):]
    layer = gpkg_layer(text)
    if layer is not None:  # a layer of the GeoPackage (staged_outputs writes it so)
        return Place(_file(layer[0]), layer[1].lower()), False
    # QGIS 3.22 writes any other path as given (a '|layername=' part too), adding the default
    # extension to a name that does not end in one.
    if not re.search(r"\.[A-Za-z0-9]*$", text):
        text += DEFAULT_EXTENSION
    return Place(_file(text)), True


def gpkg_layer(text):
    """(path, layer name as written) of a destination ``path.gpkg|layername=name`` (a layer of
    a GeoPackage; options after a further '|' left out), else None."""
    path, _, layer = text.partition("|layername=")
    if layer and path.lower().endswith(".gpkg"):
        return path, layer.split("|")[0]
    return None


def output_destinations(algorithm, parameters, context, kinds=None):
    """(definition, destination text, (place, whole file)) of each output of the run that
    goes to a place (not memory or a temporary output); ``kinds``: only those types."""
    for definition in algorithm.destinationParameterDefinitions():
        if kinds is not None and definition.type() not in kinds:
            continue
        text = destination_text(algorithm, parameters, definition.name(), context)
        found = output_place(text)
        if found is not None:
            yield definition, text, found


def output_files(algorithm, parameters, context):
    """The files the run's outputs are written to (none for PostGIS, memory or temporary
    outputs)."""
    return [Path(found[0].store) for _, _, found in
            output_destinations(algorithm, parameters, context)
            if not found[0].store.startswith("postgres|")]


def _first_layer_name(path, number):
    from osgeo import gdal

    try:
        dataset = gdal.OpenEx(path, gdal.OF_VECTOR | gdal.OF_READONLY)
    except RuntimeError:
        return None
    layer = dataset.GetLayer(int(number or 0)) if dataset is not None else None
    return layer.GetName() if layer is not None else None


def layer_place(layer):
    """The Place of a layer kept in a file or a PostgreSQL database, else None (memory). A
    file read by another provider than GDAL's (a delimited-text CSV, GPX) is a whole file."""
    provider = layer.providerType()
    if provider == "postgres":
        return _database_place(QgsDataSourceUri(layer.source()))
    if provider == "spatialite":
        uri = QgsDataSourceUri(layer.source())
        return Place(_file(uri.database()), uri.table().lower() or None) if uri.database() else None
    parts = QgsProviderRegistry.instance().decodeUri(provider, layer.source())
    path = parts.get("path")
    if not path:
        return None
    if provider != "ogr":
        return Place(_file(path))
    table = parts.get("layerName") or _first_layer_name(path, parts.get("layerId"))
    unnamed = table and not parts.get("layerName") and parts.get("layerId") is None
    return Place(_file(path), table.lower() if table else None,
                 named_source=f"{path}|layername={table}" if unnamed else None)


def input_places(algorithm, parameters, context):
    """(parameter description, Place, parameter name) of every layer and file the run reads."""
    places = []
    for definition in algorithm.parameterDefinitions():
        kind, name = definition.type(), definition.name()
        if kind not in INPUT_TYPES or parameters.get(name) in (None, ""):
            continue
        if kind == "file":
            path = algorithm.parameterAsFile(parameters, name, context)
            found = [Place(_file(path))] if path else []
        elif kind == "multilayer":
            found = [layer_place(layer) for layer in
                     algorithm.parameterAsLayerList(parameters, name, context)]
        else:
            layer = algorithm.parameterAsVectorLayer(parameters, name, context)
            found = [layer_place(layer)] if layer is not None else []
        places += [(definition.description(), place, name) for place in found
                   if place is not None]
    return places


def own_layers(path):
    """The layers a layer output given as a plain path writes into its file (lower case):
    named as the file (QGIS's writer takes the name up to the first dot, the bulk writer the
    name without the extension), and the styles QGIS may store beside them."""
    name = Path(path).name.lower()
    return (Path(name).stem, name.split(".")[0], STYLES_TABLE)


def layers_lost(path, kept):
    """The layers of an existing GeoPackage or SQLite file that replacing the file would
    delete: every one but those named in ``kept`` (lower case)."""
    from osgeo import gdal

    if not Path(path).is_file():
        return []
    gdal.PushErrorHandler("CPLQuietErrorHandler")  # a file of another format is no error here
    try:
        dataset = gdal.OpenEx(path, gdal.OF_VECTOR | gdal.OF_READONLY,
                              allowed_drivers=["GPKG", "SQLite"])
    except RuntimeError:
        return []
    finally:
        gdal.PopErrorHandler()
    if dataset is None:
        return []
    if dataset.GetDriver().ShortName != "GPKG":
        kept = ()  # a table named as the file in another database (a ledger) is no output of ours
    names = [dataset.GetLayer(number).GetName() for number in range(dataset.GetLayerCount())]
    dataset = None
    foreign = unmarked_gpkg_tables(path, set(kept) - {STYLES_TABLE}) if kept else []
    return [name for name in names if name.lower() not in kept or name.lower() in foreign]


def refuse_destroying_outputs(algorithm, parameters, context):
    """Refuse, before anything is written, an output that would replace one of the run's
    inputs, another output of the run, or layers of an existing file that the run does not
    write. Returns the parameters to run with: an input layer read by its file name alone is
    named by its layer where an output is added to its file (which QGIS 3.22 may otherwise
    leave empty, failing to load it)."""
    inputs = input_places(algorithm, parameters, context)
    outputs, named = [], {}
    for definition, text, (place, whole_file) in output_destinations(
            algorithm, parameters, context, LAYER_OUTPUT_TYPES + FILE_OUTPUT_TYPES):
        kind = definition.type()
        for description, read, _ in inputs:
            if place.meets(read):
                raise InputError(N_(
                    "The output '{output}' ({destination}) would overwrite the input "
                    "'{input}', which would be lost. Write the output to another file (or "
                    "another layer of the GeoPackage: Save to GeoPackage…)."),
                    output=definition.description(), destination=text, input=description)
        for description, written in outputs:
            if place.meets(written):
                raise InputError(N_(
                    "The outputs '{first}' and '{second}' are both written to {destination}: "
                    "the second would replace the first. Give each its own file or layer."),
                    first=description, second=definition.description(), destination=text)
        outputs.append((definition.description(), place))
        _refuse_replacing_kept(definition.description(), text, place, whole_file,
                               () if kind in FILE_OUTPUT_TYPES else own_layers(place.store))
        if not whole_file:  # a layer added to the file of an input read by its name alone
            named.update({name: read.named_source for _, read, name in inputs
                          if read.named_source and read.store == place.store
                          and isinstance(parameters.get(name), str)})
    return dict(parameters, **named)


def _refuse_replacing_kept(output, text, place, whole_file, kept):
    """Refuse an output that would replace layers of an existing file or a PostGIS table that
    the plugin did not write (``kept``: the layers a plain path's output writes)."""
    uri = postgres_uri(text)
    if uri is not None and postgres_table_unmarked(uri):
        raise InputError(N_(
            "The output '{output}' would replace the existing PostGIS table {table}, which this "
            "plugin did not write. Choose a table name that does not exist yet (or drop the "
            "table yourself if it is no longer needed)."), output=output, table=place.table)
    if not whole_file:
        if place.table and place.store.lower().endswith(".gpkg") and Path(place.store).is_file() \
                and unmarked_gpkg_tables(place.store, {place.table}):
            raise InputError(N_(
                "The output '{output}' would replace the layer {table} of {path}, which this "
                "plugin did not write. Choose a layer name the file does not hold yet (or delete "
                "that layer yourself if it is no longer needed)."),
                output=output, table=place.table, path=place.store)
        return
    lost = layers_lost(place.store, kept)
    if lost:
        raise InputError(N_(
            "The output '{output}' would replace the whole file {path}, and with it the layers "
            "it holds ({layers}), which this plugin did not write. Choose a new file, or add "
            "the output to that file as a new layer (Save to GeoPackage… with a layer name it "
            "does not hold yet)."),
            output=output, path=place.store, layers=", ".join(lost))
