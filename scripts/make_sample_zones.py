"""Write the sample city's zones as a GeoPackage polygon layer 'zones' (field zone_id).

Usage: python3 scripts/make_sample_zones.py OUTPUT.gpkg [N_PERSONS] [SEED]
Administrative-looking districts over the synthetic city that make_sample_data.py
writes with the same N_PERSONS and SEED (not the --region cities): small in the
core, one around each village, an exact partition of a 50 km square. The same bytes every
time: GDAL's timestamps are pinned.
"""

import sys
from pathlib import Path

from osgeo import gdal, ogr, osr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from spatial_privacy_plugin.samples.synthetic import CRS  # noqa: E402
from spatial_privacy_plugin.samples.synthetic_zones import synthetic_zones  # noqa: E402

gdal.UseExceptions()
gdal.SetConfigOption("OGR_CURRENT_DATE", "2026-01-01T00:00:00.000Z")


def write_zones(path, n_persons=12_000, seed=20261133):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    reference = osr.SpatialReference()
    reference.SetFromUserInput(CRS)
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = dataset.CreateLayer("zones", reference, ogr.wkbPolygon, options=["FID=fid"])
    layer.CreateField(ogr.FieldDefn("zone_id", ogr.OFTString))
    zones = synthetic_zones(n_persons, seed)
    for zone_id, ring in zones:
        boundary = ogr.Geometry(ogr.wkbLinearRing)
        for x, y in ring:
            boundary.AddPoint_2D(x, y)
        polygon = ogr.Geometry(ogr.wkbPolygon)
        polygon.AddGeometry(boundary)
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("zone_id", zone_id)
        feature.SetGeometry(polygon)
        layer.CreateFeature(feature)
    dataset = None
    return len(zones)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    count = write_zones(arguments[0], *(int(argument) for argument in arguments[1:3]))
    print(f"wrote {count} zones to {arguments[0]}")
