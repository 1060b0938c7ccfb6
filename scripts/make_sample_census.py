"""Write a small synthetic census as a GeoPackage point layer 'persons': households of one to
four people at their dwelling (EPSG:3035), with the fields person_id, household_id,
age_band and sex, for the census model (swap, then cell key) in tests and screenshots.

Usage: python3 scripts/make_sample_census.py OUTPUT.gpkg [N_HOUSEHOLDS] [SEED]
The seed makes the sample reproducible; it protects nobody (no mask or key is drawn here).
"""

import sys

import numpy as np
from osgeo import ogr, osr

FIELDS = ("person_id", "household_id", "age_band", "sex")


def write_census(path, n_households=3000, seed=11):
    """Households around (4,000 km, 4,000 km) with a spread of 3 km; returns the persons."""
    rng = np.random.default_rng(seed)
    source = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.ImportFromEPSG(3035)
    layer = source.CreateLayer("persons", srs, ogr.wkbPoint)
    for name in FIELDS:
        layer.CreateField(ogr.FieldDefn(name, ogr.OFTString))
    persons = 0
    source.StartTransaction()
    for household in range(n_households):
        x, y = rng.normal(4_000_000, 3000, 2)
        for member in range(int(rng.integers(1, 5))):
            feature = ogr.Feature(layer.GetLayerDefn())
            for name, value in zip(FIELDS, (f"p{household}_{member}", f"h{household}",
                                            f"{20 * int(rng.integers(0, 4))}+", "FM"[member % 2])):
                feature.SetField(name, value)
            point = ogr.Geometry(ogr.wkbPoint)
            point.AddPoint_2D(float(x), float(y))
            feature.SetGeometry(point)
            layer.CreateFeature(feature)
            persons += 1
    source.CommitTransaction()
    return persons


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if not arguments:
        raise SystemExit(__doc__)
    count = write_census(arguments[0], *(int(value) for value in arguments[1:3]))
    print(f"wrote {count} persons to {arguments[0]}")
