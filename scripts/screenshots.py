"""Screenshots of the plugin in the real QGIS window, installed from its zip: docs/screenshots/.

Usage: python3 scripts/screenshots.py [OUTPUT_FOLDER]   (default docs/screenshots)
Builds the plugin zip (scripts/package.py), installs it into a QGIS profile of
its own, generates the sample city and its zones, and starts the qgis binary
under xvfb-run with scripts/screenshots_in_qgis.py, which opens the toolbox,
the sweep dialog with its help, the styled grid on the map, the example model
halting at its gate, the join report, the DP grid on the map, the zone risk map, the
census model's published grid on the map, the method comparison's chart and the sweep
cancelled from its dialog (its log), and saves one PNG of each. Exits 1
naming what failed.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import package  # noqa: E402

VIEWS = ("toolbox", "sweep_dialog", "styled_grid", "model_halts_at_gate", "join_report",
         "dp_grid", "zone_risk_map", "census_map", "comparison_chart", "cancelled_sweep")
SCREEN = "1600x1000x24"
TIMEOUT_SECONDS = 420


def install_profile(folder, plugin_zip):
    """A QGIS profile with only this plugin, enabled, in English, with no first-run dialogs."""
    profile = folder / "profiles" / "default"
    plugins = profile / "python" / "plugins"
    plugins.mkdir(parents=True)
    with zipfile.ZipFile(plugin_zip) as archive:
        archive.extractall(plugins)
    settings = profile / "QGIS" / "QGIS3.ini"
    settings.parent.mkdir(parents=True)
    settings.write_text("\n".join([
        "[PythonPlugins]", f"{package.TOP_FOLDER}=true", "processing=true", "",
        "[locale]", "overrideFlag=true", "userLocale=en_US", "",
        "[qgis]", "checkVersion=false", "showTips322=false", "showTips340=false",
        "allowVersionCheck=false", "", "[core]", "NewsFeed\\httpsfeedqgisorg\\disabled=true", ""]),
        encoding="utf-8")
    return folder


def sample_data(folder):
    paths = {"trips": folder / "trips.gpkg", "zones": folder / "zones.gpkg",
             "people": folder / "people.gpkg"}
    for script, path, extra in (("make_sample_data.py", paths["trips"], []),
                                ("make_sample_zones.py", paths["zones"], []),
                                ("make_sample_data.py", paths["people"], ["1500"])):
        subprocess.run([sys.executable, str(ROOT / "scripts" / script), str(path), *extra],
                       check=True, capture_output=True)
    census = folder / "census"
    census.mkdir()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "make_sample_census.py"),
                    str(census / "persons.gpkg")], check=True, capture_output=True)
    sys.path.insert(0, str(ROOT))
    from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

    write_ptable_csv(create_ptable(4, 2.0, 2), census / "ptable.csv")
    (census / "policy.toml").write_text(
        'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nmethod = "cell key"\n'
        'ckm_min_d = 3\nckm_min_v = 2\nckm_min_js = 2\nptable = "ptable.csv"\n',
        encoding="utf-8")
    found = {name: str(path) for name, path in paths.items()}
    found["census"] = {"persons": str(census / "persons.gpkg"),
                       "ptable": str(census / "ptable.csv"),
                       "policy": str(census / "policy.toml"),
                       "key": str(census / "programme.key")}
    return found


def take(output):
    for tool in ("xvfb-run", "qgis"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} was not found: install QGIS and Xvfb (make deps).")
    output.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="spatial_privacy_screens_") as temporary:
        work = Path(temporary)
        plugin_zip = package.build(work / f"{package.TOP_FOLDER}.zip")
        profiles = install_profile(work / "qgis", plugin_zip)
        setup = dict(sample_data(work), output=str(output), work=str(work),
                     policy=str(ROOT / "sample" / "policy.toml"))
        environment = dict(os.environ, HOME=str(work), SPATIAL_PRIVACY_SCREENSHOTS=json.dumps(setup),
                           QT_QPA_PLATFORM="xcb")
        environment.pop("QGIS_PLUGINPATH", None)
        completed = subprocess.run(
            ["xvfb-run", "--auto-servernum", f"--server-args=-screen 0 {SCREEN}",
             "qgis", "--profiles-path", str(profiles), "--nologo", "--noversioncheck",
             "--code", str(ROOT / "scripts" / "screenshots_in_qgis.py")],
            env=environment, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False)
        status_file = work / "status.json"
        if not status_file.exists():
            raise SystemExit(f"QGIS exited ({completed.returncode}) before taking the screenshots:\n"
                             + completed.stderr[-3000:])
        status = json.loads(status_file.read_text(encoding="utf-8"))
    missing = [view for view in VIEWS if not (output / f"{view}.png").exists()]
    if status["errors"] or missing:
        raise SystemExit("Screenshots failed: " + "\n".join(status["errors"] + [
            f"{view}.png was not written" for view in missing]))
    return [output / f"{view}.png" for view in VIEWS]


if __name__ == "__main__":
    for path in take(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"):
        print(path)
