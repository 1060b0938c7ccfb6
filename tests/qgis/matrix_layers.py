"""Layers and files of the bad-input matrix (tests/qgis/test_bad_input_matrix.py): people as
points, in memory or in GeoPackages, and the bad geometries and files a careless user gives."""

from pathlib import Path

from layers import point_layer
from qgis.core import NULL, QgsCoordinateReferenceSystem, QgsCoordinateTransformContext, QgsGeometry, \
    QgsPoint, QgsVectorFileWriter, QgsVectorLayer

# Two triangles that meet in a point, drawn as one ring that crosses itself: invalid.
BOW_TIE = "POLYGON((0 0,{side} {side},{side} 0,0 {side},0 0))"
PEOPLE_FIELDS = "person_id:string,sex:string,household_id:string"


def people(crs="EPSG:3035", location=None, person=None, count=24):
    """Points of distinct people (each a household of one) in a few 100 m cells;
    ``location``/``person`` override the first."""
    points = [((50 + 100 * (i % 3), 50 + 100 * (i % 2)), [f"p{i}", ["F", "M"][i % 2], f"h{i}"])
              for i in range(count)]
    layer = point_layer(points, PEOPLE_FIELDS, crs=crs)
    if location is not None or person is not None:
        feature = next(layer.getFeatures())
        layer.startEditing()
        if location is not None:
            geometry = QgsGeometry() if location == "null" else \
                QgsGeometry(QgsPoint(float(location[0]), float(location[1])))
            layer.changeGeometry(feature.id(), geometry)
        if person is not None:
            layer.changeAttributeValue(feature.id(), 0, person)
        layer.commitChanges()
    return layer


def _ogr_people(path, geometries, layer_type):
    """The people of ``people()`` with the given geometries (WKT, or GDAL's own), as many
    people as geometries, written by GDAL: what QGIS's own writer would refuse or change."""
    from osgeo import ogr, osr
    source = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(3035)
    layer = source.CreateLayer("people", srs, layer_type)
    for field in ("person_id", "sex", "household_id"):
        layer.CreateField(ogr.FieldDefn(field, ogr.OFTString))
    for number, wkt in enumerate(geometries):
        out = ogr.Feature(layer.GetLayerDefn())
        out.SetField("person_id", f"p{number}")
        out.SetField("sex", ["F", "M"][number % 2])
        out.SetField("household_id", f"h{number}")
        out.SetGeometry(ogr.CreateGeometryFromWkt(wkt) if isinstance(wkt, str) else wkt)
        layer.CreateFeature(out)
    source = None
    return QgsVectorLayer(str(path), "people", "ogr")


def _people_wkt():
    return [feature.geometry().asWkt() for feature in people().getFeatures()]


def people_file(folder, location, name="people.gpkg"):
    """The people of ``people()`` in a GeoPackage (read through GDAL's Arrow stream, where QGIS
    does not turn a NaN point into an empty geometry), the first at ``location``."""
    from osgeo import ogr
    first = ogr.Geometry(ogr.wkbPoint)
    first.AddPoint_2D(float(location[0]), float(location[1]))
    return _ogr_people(folder / name, [first] + _people_wkt()[1:], ogr.wkbPoint)


def in_file(names, location):
    return lambda i, o: {name: people_file(i, location, f"{name}.gpkg") for name in names}


def as_source_string(names, options):
    """The people in a GeoPackage per input, given as the source string a user types in
    qgis_process: the file's path and ``options`` (``layername=…``, ``subset=…``)."""
    return lambda i, o: {name: f"{people_file(i, (50.0, 50.0), f'{name}.gpkg').source()}|{options}"
                         for name in names}


def mixed_file(folder, name="mixed.gpkg"):
    """The people of ``people()`` and one more whose geometry is a polygon (feature 25), in one
    layer of mixed geometry types (its first feature a point, so QGIS shows a point layer)."""
    from osgeo import ogr
    return _ogr_people(folder / name, _people_wkt() + ["POLYGON((0 0,10 0,10 10,0 0))"],
                       ogr.wkbUnknown)


def in_mixed_file(names):
    return lambda i, o: {name: mixed_file(i, f"{name}.gpkg") for name in names}


def empty_points(crs="EPSG:3035"):
    return point_layer([], PEOPLE_FIELDS, crs=crs)


def with_household(household):
    """The people of ``people()``, the first with ``household`` as its household id."""
    layer = people()
    feature = next(layer.getFeatures())
    layer.startEditing()
    layer.changeAttributeValue(feature.id(), 2, household)
    layer.commitChanges()
    return layer


def household_apart():
    """Two persons of one household (h1) at different points."""
    return with_household("h1")


def without_household_id():
    return with_household(NULL)


def without_crs(layer):
    layer.setCrs(QgsCoordinateReferenceSystem())
    return layer


def polygons(wkts, crs="EPSG:3035"):
    """Polygons with a text ``zone_id`` (a, b, …) each."""
    return point_layer([(wkt, [chr(ord("a") + number)]) for number, wkt in enumerate(wkts)],
                       "zone_id:string", crs=crs, geometry="Polygon")


def bow_tie(side=400):
    return polygons([BOW_TIE.format(side=side)])


def saved(layer, path, name=None):
    """``layer`` as a layer (``name``: the file's name) of the GeoPackage at ``path``, added
    to the file where it exists; opened from there."""
    path, name = Path(path), name or Path(path).stem
    options = QgsVectorFileWriter.SaveVectorOptions()
    options.driverName, options.layerName = "GPKG", name
    if path.exists():
        options.actionOnExistingFile = QgsVectorFileWriter.ActionOnExistingFile.CreateOrOverwriteLayer
    error = QgsVectorFileWriter.writeAsVectorFormatV3(layer, str(path),
                                                      QgsCoordinateTransformContext(), options)
    assert error[0] == QgsVectorFileWriter.WriterError.NoError, error
    return QgsVectorLayer(f"{path}|layername={name}", name, "ogr")


def city_file(folder):
    """A GeoPackage a user keeps: the people and the zones of the city, as two layers."""
    path = folder / "city.gpkg"
    saved(people(), path, "people")
    saved(polygons(["POLYGON((0 0,300 0,300 200,0 200,0 0))"]), path, "zones")
    return str(path)


def file_contents(folder):
    """Every file under ``folder`` and its bytes."""
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(Path(folder).rglob("*")) if path.is_file()}
