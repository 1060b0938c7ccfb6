"""The main job on the bundled sample data, through qgis_process as a scheduler would run it.

Generates the synthetic city and its zones (same bytes every time), sweeps
resolutions under sample/policy.toml, builds the suppressed grid at the
recommended resolution, runs the k-anonymity gate on it, prints the sweep
table, then measures the re-identification risk of the trips per zone and runs
the risk budget gate on it (recording the release in a ledger). Outputs are
GeoPackages under demo_output/.
"""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "demo_output"
POLICY = ROOT / "sample" / "policy.toml"
RESOLUTIONS = "250,500,1000,2000,4000"
PLUGIN_NAME = "spatial_privacy"

sys.path.insert(0, str(ROOT))
from spatial_privacy_plugin.formatting import percent  # noqa: E402 (the checkout's engine)


def qgis_process_command():
    """qgis_process.bin where it exists (Debian's wrapper breaks), else qgis_process."""
    for name in ("qgis_process.bin", "qgis_process"):
        found = shutil.which(name) or (f"/usr/bin/{name}" if Path(f"/usr/bin/{name}").exists() else None)
        if found:
            return found
    raise SystemExit("qgis_process was not found: install QGIS (make deps).")


def isolated_environment(home):
    """A QGIS profile of its own, with this checkout as the only extra plugin."""
    plugins = home / "plugins"
    plugins.mkdir(parents=True, exist_ok=True)
    (plugins / PLUGIN_NAME).symlink_to(ROOT, target_is_directory=True)
    return dict(os.environ, HOME=str(home), QGIS_PLUGINPATH=str(plugins), QT_QPA_PLATFORM="offscreen")


def qgis_process(environment, *arguments):
    completed = subprocess.run([qgis_process_command(), *arguments], env=environment,
                               capture_output=True, text=True, check=False)
    return completed


def run_algorithm(environment, algorithm, **parameters):
    arguments = ["run", f"spatialprivacy:{algorithm}", "--json", "--"]
    arguments += [f"{name}={value}" for name, value in parameters.items()]
    completed = qgis_process(environment, *arguments)
    if completed.returncode != 0:
        sys.stderr.write(completed.stdout[-3000:] + completed.stderr[-3000:])
        raise SystemExit(f"{algorithm} failed (exit code {completed.returncode})")
    report = json.loads(completed.stdout[completed.stdout.index("{"):])
    info = report.get("log", {}).get("info", [])
    for line in info.splitlines() if isinstance(info, str) else info:
        print(f"  {line}")
    return report["results"]


def people_and_points(path):
    """(distinct people, points) the sweep table states: what an attacker of the release reads."""
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT persons, rows FROM sweep LIMIT 1").fetchone()


def print_table(path):
    columns = ("resolution_m", "k", "cells", "cells_withheld", "suppressed_fraction",
               "median_published_count", "publishable", "withheld_clustered")
    with sqlite3.connect(path) as connection:
        table = connection.execute(
            f"SELECT {', '.join(columns)} FROM sweep ORDER BY resolution_m").fetchall()
    print("\nSweep (" + path.name + "):")
    print("  " + "  ".join(f"{name:>22}" if i == 5 else f"{name:>{max(len(name), 10)}}"
                           for i, name in enumerate(columns)))
    for row in table:
        cells = [f"{row[0]:>12g}", f"{row[1]:>10}", f"{row[2]:>10}", f"{row[3]:>14}",
                 f"{row[4]:>19.3f}", f"{'' if row[5] is None else format(row[5], 'g'):>22}",
                 f"{'yes' if row[6] else 'no':>11}", f"{'yes' if row[7] else 'no':>18}"]
        print("  " + "  ".join(cells))


def main():
    if OUTPUT.exists():
        shutil.rmtree(OUTPUT)
    OUTPUT.mkdir()
    trips = OUTPUT / "trips.gpkg"
    zones = OUTPUT / "zones.gpkg"
    for script, path in (("make_sample_data.py", trips), ("make_sample_zones.py", zones)):
        subprocess.run([sys.executable, str(ROOT / "scripts" / script), str(path)], check=True)
    with tempfile.TemporaryDirectory(prefix="spatial_privacy_demo_") as home:
        environment = isolated_environment(Path(home))
        qgis_process(environment, "plugins", "enable", PLUGIN_NAME)
        print(f"\n1. Resolution sweep ({RESOLUTIONS} m) under {POLICY.relative_to(ROOT)}", flush=True)
        sweep = run_algorithm(environment, "resolutionsweep", INPUT=trips, PERSON_FIELD="person_id",
                              POLICY=POLICY, RESOLUTIONS=RESOLUTIONS,
                              OUTPUT=OUTPUT / "sweep.gpkg")
        resolution = sweep.get("RECOMMENDED_RESOLUTION")
        if resolution is None:
            raise SystemExit("No resolution is publishable for the sample data under this policy.")
        print(f"\n2. Suppressed grid at the recommended {resolution:g} m")
        run_algorithm(environment, "suppressedgrid", INPUT=trips, PERSON_FIELD="person_id",
                      POLICY=POLICY, RESOLUTION=resolution,
                      OUTPUT=OUTPUT / "grid.gpkg")
        print("\n3. k-anonymity gate on the grid, audited with the number of people the sweep "
              "states")
        people, points = people_and_points(OUTPUT / "sweep.gpkg")
        gate = run_algorithm(environment, "kanonymitygate", INPUT=OUTPUT / "grid.gpkg",
                             COUNT_FIELD="n_persons", STATUS_FIELD="status", POLICY=POLICY,
                             PERSONS_TOTAL=people, PERSONS_TOTAL_KIND=int(points > people),
                             OUTPUT=OUTPUT / "checked_grid.gpkg")
        print("\n4. Zone re-identification risk of the trips (age band and sex known) in the "
              "sample zones")
        zone_risk = run_algorithm(environment, "zonerisk", ZONES=zones, ZONE_ID_FIELD="zone_id",
                                  RECORDS=trips, KEY_FIELDS="age_band;sex",
                                  PERSON_FIELD="person_id", POLICY=POLICY,
                                  OUTPUT=OUTPUT / "zone_risk.gpkg")
        print("\n5. Risk budget gate on the zone risk, recorded in the programme's ledger")
        budget = run_algorithm(environment, "riskbudgetgate", ZONE_RISK=OUTPUT / "zone_risk.gpkg",
                               LEDGER=OUTPUT / "ledger.sqlite", DATASET="sample city trips",
                               RELEASE_ID="demo", POLICY=POLICY,
                               OUTPUT=OUTPUT / "release_record.gpkg")
    print_table(OUTPUT / "sweep.gpkg")
    print(f"\nGate passed: {gate['PASSED']} (k = {gate['K']:g}, {gate['CELLS_CHECKED']:g} published "
          f"cells, smallest count {gate['MIN_COUNT']:g}).")
    print(f"Risk budget gate passed: {budget['PASSED']} (worst zone {zone_risk['WORST_ZONE']} at "
          f"{percent(zone_risk['WORST_P_REID'])}, cumulative "
          f"{percent(budget['CUMULATIVE_P_REID'])}). Outputs are in {OUTPUT.relative_to(ROOT)}/.")


if __name__ == "__main__":
    main()
