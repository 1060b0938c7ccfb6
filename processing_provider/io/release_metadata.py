"""The number of people in a release, in its layer's metadata (the grid and the sweep write it,
the k-anonymity gate reads it).

The attacker of SPEC section 7 knows the number of people unless the policy
keeps it secret; the gate's audit needs it too, and a layer that carries it
saves the user copying it from a log. It is stored as QGIS layer metadata
keywords: in a GeoPackage (gpkg_metadata) it travels with the file, on a
temporary layer it lives as long as the layer.
"""

from pathlib import Path

from qgis.core import QgsProviderRegistry, QgsVectorLayer

PERSONS_KEY = "spatial_privacy:persons"
ONE_POINT_KEY = "spatial_privacy:one_point_per_person"


def _output_layer(destination, context):
    """The layer a run wrote (its temporary layer, or the file opened), or None."""
    layer = context.getMapLayer(destination)
    if layer is not None:
        return layer, False
    parts = QgsProviderRegistry.instance().decodeUri("ogr", destination)
    if not parts.get("path") or not Path(parts["path"]).is_file():
        return None, False  # a database table (PostGIS) or nothing written: no file to store in
    if not parts.get("layerName"):
        # Metadata is stored per table of a GeoPackage: name the file's one table.
        from osgeo import ogr

        dataset = ogr.Open(parts["path"])
        if dataset is None or dataset.GetLayerCount() != 1:
            return None, False
        destination = f"{parts['path']}|layername={dataset.GetLayer(0).GetName()}"
        dataset = None
    layer = QgsVectorLayer(destination, "output", "ogr")
    return (layer, True) if layer.isValid() else (None, False)


def write_people(destination, context, people):
    """Record ``people`` (counting.cells.PeopleTotal) in the metadata of a run's output.
    Returns True when it was stored."""
    layer, stored_in_file = _output_layer(destination, context)
    if layer is None:
        return False
    metadata = layer.metadata()
    keywords = metadata.keywords()
    keywords[PERSONS_KEY] = [str(int(people.n))]
    keywords[ONE_POINT_KEY] = ["true" if people.one_point else "false"]
    metadata.setKeywords(keywords)
    layer.setMetadata(metadata)
    if not stored_in_file:
        return True
    _, saved = layer.saveDefaultMetadata()
    return bool(saved)


def read_people(layer):
    """(number of people, one point per person) from a layer's metadata, or None."""
    if layer is None:
        return None
    keywords = layer.metadata().keywords()
    values = keywords.get(PERSONS_KEY) or []
    if len(values) != 1 or not values[0].isdigit():
        return None
    return int(values[0]), (keywords.get(ONE_POINT_KEY) or ["true"])[0] == "true"
