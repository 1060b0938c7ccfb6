"""Issue 43's writing rows: each algorithm end to end into a new GeoPackage (Processing, in a
child QGIS: bench/writers_child.py) against its engine alone on the same arrays, in the same
child. Target: end to end at most 2x the engine at 10^6 rows.

The cell key grid, the DP grid and record risk run on the sample city's trips (the
GeoPackage bench/run.py makes); the record swap on a synthetic census of persons at their
households' dwellings (run.synthetic_census) written to a GeoPackage here.
"""

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WHAT = {"cellkey": "cell key grid, 250 m, key file",
        "cellkey_record": "cell key grid, 250 m, record key field",
        "dpgrid": "DP grid, 250/500/1000 m, ε = 1, m = 2",
        "risk": "record disclosure risk, 3 key variables",
        "swap": "record swap, 10 km and 1 km cells, k = 3, rate 5 %, donors within 25 km"}


def census_gpkg(n_households, folder, synthetic_census):
    """Persons (household_id, person_id, age_band, sex) at their households' dwellings as a
    GeoPackage point table ``persons`` (EPSG:3035)."""
    import numpy as np
    import pandas as pd
    from osgeo import gdal

    household, x, y, age, sex = synthetic_census(n_households)
    folder = Path(folder)
    csv = folder / "persons.csv"
    pd.DataFrame({"household_id": household, "person_id": np.arange(len(household)),
                  "age_band": age, "sex": sex, "x": x, "y": y}).to_csv(csv, index=False)
    path = folder / "persons.gpkg"
    gdal.UseExceptions()
    source = gdal.OpenEx(str(csv), gdal.OF_VECTOR, open_options=[
        "X_POSSIBLE_NAMES=x", "Y_POSSIBLE_NAMES=y", "AUTODETECT_TYPE=YES",
        "KEEP_GEOM_COLUMNS=NO"])
    gdal.VectorTranslate(str(path), source, format="GPKG", layerName="persons",
                         dstSRS="EPSG:3035", srcSRS="EPSG:3035", options=["-gt", "200000"])
    source = None
    csv.unlink()
    return path


def writers_child(mode, path, root=ROOT):
    """One child run (bench/writers_child.py of ``root``'s tree): its JSON result."""
    done = subprocess.run(["/usr/bin/python3", str(Path(root) / "bench" / "writers_child.py"),
                           mode, str(path)], check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def row(mode, result):
    """A table row: end to end (median of three after a first run) against the engine."""
    load = "load {:.1f}/{:.1f}/{:.1f}".format(*result["load"])
    return {"case": f"{WHAT[mode]}, {result['rows']:,} rows, end to end into a new GeoPackage "
                    f"(Processing; CPU {result['end_to_end_cpu_s']:.2f} s against the engine's "
                    f"{result['engine_cpu_s']:.2f} s; {load}): "
                    f"{result['end_to_end_s'] / result['engine_s']:.1f}x the engine",
            "ours_s": result["end_to_end_s"], "first_s": result["first_s"],
            "baseline": "the engine alone on the same arrays, in the same process",
            "baseline_s": result["engine_s"]}


def bench_writers(trips_path, keyed_path, census_path):
    """The five rows: the trips' GeoPackage for the grids and record risk (with a record key
    field for the cell key grid's second row), the census's for the swap."""
    paths = {"swap": census_path, "cellkey_record": keyed_path}
    return [row(mode, writers_child(mode, paths.get(mode, trips_path))) for mode in WHAT]
