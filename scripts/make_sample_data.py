"""Write the synthetic city as a GeoPackage point layer 'trips'.

Usage: python3 scripts/make_sample_data.py OUTPUT.gpkg [N_PERSONS] [SEED]
The same arguments give the same bytes: GDAL's timestamps are pinned.
"""

import sys
from pathlib import Path

from osgeo import gdal, ogr, osr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from spatial_privacy_plugin.synthetic import CRS, synthetic_trips  # noqa: E402

gdal.UseExceptions()
# GeoPackage writes the creation time into gpkg_contents; pin it.
gdal.SetConfigOption("OGR_CURRENT_DATE", "2026-01-01T00:00:00.000Z")

FIELD_TYPES = {"int64": ogr.OFTInteger64, "object": ogr.OFTString}


def write_trips(path, trips):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    srs = osr.SpatialReference()
    srs.SetFromUserInput(CRS)
    layer = dataset.CreateLayer("trips", srs, ogr.wkbPoint, ["FID=fid"])
    attributes = [column for column in trips.columns if column not in ("x", "y")]
    for column in attributes:
        layer.CreateField(ogr.FieldDefn(column, FIELD_TYPES[str(trips[column].dtype)]))
    definition = layer.GetLayerDefn()
    dataset.StartTransaction()
    for record in trips.itertuples(index=False):
        feature = ogr.Feature(definition)
        for column in attributes:
            value = getattr(record, column)
            feature.SetField(column, value if isinstance(value, str) else int(value))
        feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({record.x!r} {record.y!r})"))
        layer.CreateFeature(feature)
    dataset.CommitTransaction()
    dataset = None


if __name__ == "__main__":
    output = sys.argv[1]
    persons = int(sys.argv[2]) if len(sys.argv) > 2 else 12_000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 20261129
    table = synthetic_trips(persons, seed)
    write_trips(output, table)
    print(f"wrote {len(table)} trips of {table['person_id'].nunique()} people to {output}")
