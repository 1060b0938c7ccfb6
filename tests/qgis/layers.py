"""Small layers built in memory for the QGIS tests."""

from qgis.core import QgsFeature, QgsGeometry, QgsVectorLayer


def point_layer(points, fields="person_id:string", crs="EPSG:3035", geometry="Point"):
    """A memory layer; ``points`` are (wkt or (x, y), [attribute values]) pairs."""
    spec = "&".join(f"field={field}" for field in fields.split(",")) if fields else ""
    crs_part = f"crs={crs}&" if crs else ""
    layer = QgsVectorLayer(f"{geometry}?{crs_part}{spec}", "points", "memory")
    features = []
    for location, attributes in points:
        feature = QgsFeature(layer.fields())
        if location is not None:
            wkt = location if isinstance(location, str) else f"POINT({location[0]} {location[1]})"
            feature.setGeometry(QgsGeometry.fromWkt(wkt))
        feature.setAttributes(list(attributes))
        features.append(feature)
    layer.dataProvider().addFeatures(features)
    return layer


def cells_layer(rows, fields="n_persons:integer,status:string"):
    """A table (no geometry) of count records."""
    return point_layer([(None, row) for row in rows], fields, crs="", geometry="None")


def people_in_cells(cells, resolution=100.0, prefix="p"):
    """Points of distinct people at cell centres: ``cells`` maps (col, row) to a head count."""
    points = []
    for (col, row), people in cells.items():
        for person in range(people):
            points.append(((col * resolution + resolution / 2, row * resolution + resolution / 2),
                           [f"{prefix}{col}_{row}_{person}"]))
    return point_layer(points)


def secret_total_policy(folder):
    """A policy under which the number of people is never published: a grid made under it is
    protected against its declared totals only (a leak once the number is known after all)."""
    path = folder / "secret.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                    'population_total_secret = true\n', encoding="utf-8")
    return str(path)
