"""Why a layer input cannot be read, named before a run: where QGIS would say "not found",
"no valid CRS" or the run would find no features, the user learns the real cause.

Checked when parameters are checked (``checkParameterValues``), so nothing is read, written
or charged first: a file that is empty, a layer name the file does not hold, a filter that
names a field the layer does not have or that selects none of its features.
"""

from pathlib import Path

from qgis.core import QgsExpression, QgsFeatureRequest, QgsProcessingUtils, QgsProviderRegistry, \
    QgsVectorLayer

from .translation import tr

LAYER_TYPES = ("source", "vector", "multilayer")
SHOWN_CHARACTERS = 60  # a name longer than this is shown by its start and its length


def source_problem(definitions, parameters, context):
    """The first layer input of ``parameters`` that cannot be read as given, and why (a
    message naming the cause and the way out), else None."""
    for definition in definitions:
        if definition.type() not in LAYER_TYPES:
            continue
        name, value = definition.name(), parameters.get(definition.name())
        if isinstance(value, str) and value:
            problem = empty_file(value, name) or missing_layer(value, name)
            if problem:
                return problem
        if value not in (None, ""):
            problem = filter_problem(value, name, context)
            if problem:
                return problem
    return None


def shown(text):
    """``text`` as a message shows it: whole when short, else its start and its length."""
    if len(text) <= SHOWN_CHARACTERS:
        return text
    return tr("{start}… ({length} characters)").format(
        start=text[:SHOWN_CHARACTERS // 2], length=len(text))


def _ogr_parts(value):
    """The file of an OGR source string and its layer name, layer number and filter (None where
    not given), as QGIS's OGR provider reads them."""
    parts = QgsProviderRegistry.instance().decodeUri("ogr", value)
    return (Path(parts["path"]), parts.get("layerName") or None, parts.get("layerId"),
            parts.get("subset") or None)


def empty_file(value, name):
    if not isinstance(value, str):
        return None
    path = _ogr_parts(value)[0]
    if path.is_file() and path.stat().st_size == 0:
        return tr("The file {path} given as {name} is empty (0 bytes): give the file with "
                  "its content.").format(path=path, name=name)
    return None


def missing_layer(value, name):
    """A layer name the file does not hold (QGIS says "not found" and the whole name)."""
    path, layer_name, _, _ = _ogr_parts(value)
    if layer_name is None or not path.is_file():
        return None
    from osgeo import gdal

    dataset = gdal.OpenEx(str(path), gdal.OF_VECTOR)
    if dataset is None or dataset.GetLayerByName(layer_name) is not None:
        return None
    names = [dataset.GetLayerByIndex(index).GetName() for index in range(dataset.GetLayerCount())]
    return tr("The file {path} given as {name} has no layer named '{layer}'. Its layers: "
              "{layers}. Give one of them (path|layername=name).").format(
        path=path, name=name, layer=shown(layer_name),
        layers=", ".join(shown(each) for each in names) or tr("none"))


def selects_nothing(layer):
    """Whether ``layer`` yields no feature (its count may be unknown, -1, where the filter's
    SQL fails: then the features are asked for)."""
    if layer.featureCount() > 0:
        return False
    request = QgsFeatureRequest().setLimit(1).setNoAttributes()
    request.setFlags(QgsFeatureRequest.Flag.NoGeometry)
    return next(iter(layer.getFeatures(request)), None) is None


def unfiltered_count(layer):
    """The number of features of ``layer`` without its filter; a file is opened read-only
    (QGIS's provider would open a GeoPackage for writing and turn it to WAL mode)."""
    if layer.providerType() == "ogr":
        from osgeo import gdal

        path, layer_name, layer_id, _ = _ogr_parts(layer.source())
        dataset = gdal.OpenEx(str(path), gdal.OF_VECTOR | gdal.OF_READONLY)
        if dataset is None:
            return 0
        table = dataset.GetLayerByName(layer_name) if layer_name is not None else \
            dataset.GetLayerByIndex(int(layer_id or 0))
        return table.GetFeatureCount() if table is not None else 0
    if layer.providerType() == "memory":  # its source names no data: a copy would be empty
        return 0
    unfiltered = QgsVectorLayer(layer.source(), "", layer.providerType())
    return unfiltered.featureCount() if unfiltered.isValid() and \
        unfiltered.setSubsetString("") else 0


def filter_problem(value, name, context):
    """A filter (subset string) that selects nothing because of a field the layer does not
    have, a syntax the filter's reader rejects, or values none of the features hold."""
    if isinstance(value, str):
        path, _, _, subset = _ogr_parts(value)
        if path.is_file() and subset is None:
            return None  # a file read whole: nothing to open twice
        layer = QgsProcessingUtils.mapLayerFromString(value, context)
    else:
        layer = value
    if not isinstance(layer, QgsVectorLayer) or not layer.isValid() or not layer.subsetString():
        return None
    if not selects_nothing(layer):
        return None
    subset = layer.subsetString()
    expression = QgsExpression(subset)
    fields = {field.name().lower(): field.name() for field in layer.fields()}
    # "#!allattributes!#" (QGIS's mark for every field) is no field name.
    missing = sorted(column for column in expression.referencedColumns()
                     if column.lower() not in fields and not column.startswith("#!"))
    if missing:
        return tr("The filter {filter} of {name} names the field(s) {missing}, which the layer "
                  "does not have (its fields: {fields}): it selects no features. Correct the "
                  "filter (Layer Properties, Source, Query Builder) and run again.").format(
            filter=shown(subset), name=name, missing=", ".join(shown(each) for each in missing),
            fields=", ".join(fields.values()) or tr("none"))
    total = unfiltered_count(layer)
    if total <= 0:  # an empty layer (or one that cannot be counted): the readers say so
        return None
    if expression.hasParserError():
        return tr("The filter {filter} of {name} selects none of the layer's {total} features "
                  "(read as an expression: {error}). Correct the filter (Layer Properties, "
                  "Source, Query Builder) and run again.").format(
            filter=shown(subset), name=name, total=total, error=expression.parserErrorString())
    return tr("The filter {filter} of {name} selects none of the layer's {total} features: "
              "there is nothing to assess. Change the filter and run again.").format(
        filter=shown(subset), name=name, total=total)
