"""Write the synthetic city as a GeoPackage point layer 'trips'.

Usage: python3 scripts/make_sample_data.py OUTPUT.gpkg [N_PERSONS] [SEED] [--region]
The same arguments give the same bytes: GDAL's timestamps are pinned. With
--region, four such cities 100 km apart (a regional extent, mostly empty).
"""

import sys
import tempfile
from pathlib import Path

from osgeo import gdal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from spatial_privacy_plugin.samples.synthetic import CRS, synthetic_region, synthetic_trips  # noqa: E402

gdal.UseExceptions()
# GeoPackage writes the creation time into gpkg_contents; pin it.
gdal.SetConfigOption("OGR_CURRENT_DATE", "2026-01-01T00:00:00.000Z")

def write_trips(path, trips, spatial_index=True):
    """Write through a CSV and GDAL's translator: C speed, even for ten million rows. Without
    ``spatial_index`` the layer has no R-tree (GDAL 3.6 builds it row by row: two thirds of
    the time), for readers that read every row anyway."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    with tempfile.TemporaryDirectory() as folder:
        csv = Path(folder) / "trips.csv"
        trips.to_csv(csv, index=False, float_format="%.2f")
        # A .csvt sidecar gives the column types (GDAL 3.6's CSV driver has no COLUMN_TYPES).
        types = ",".join('"Integer64"' if str(trips[column].dtype) == "int64" else
                         '"Real"' if column in ("x", "y") else '"String"' for column in trips.columns)
        csv.with_suffix(".csvt").write_text(types + "\n", encoding="utf-8")
        source = gdal.OpenEx(str(csv), gdal.OF_VECTOR, open_options=[
            "X_POSSIBLE_NAMES=x", "Y_POSSIBLE_NAMES=y", "KEEP_GEOM_COLUMNS=NO"])
        gdal.VectorTranslate(str(path), source, format="GPKG", layerName="trips", dstSRS=CRS,
                             srcSRS=CRS, layerCreationOptions=[
                                 "FID=fid", f"SPATIAL_INDEX={'YES' if spatial_index else 'NO'}"],
                             geometryType="POINT", options=["-gt", "100000"])
        source = None


if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if argument != "--region"]
    output = arguments[0]
    persons = int(arguments[1]) if len(arguments) > 1 else 12_000
    seed = int(arguments[2]) if len(arguments) > 2 else 20261133
    make = synthetic_region if "--region" in sys.argv else synthetic_trips
    table = make(persons, seed=seed)
    write_trips(output, table)
    print(f"wrote {len(table)} trips of {table['person_id'].nunique()} people to {output}")
