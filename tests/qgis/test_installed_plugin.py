"""The plugin as QGIS installs it: from the zip `make package` builds, and under qgis_process."""

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PLUGIN = "spatial_privacy"


@pytest.fixture(scope="module")
def plugin_zip(repo_root, tmp_path_factory):
    output = tmp_path_factory.mktemp("package") / f"{PLUGIN}.zip"
    subprocess.run([sys.executable, str(repo_root / "scripts" / "package.py"), str(output)],
                   check=True, capture_output=True)
    return output


def test_zip_has_one_top_folder_translations_and_no_tests(plugin_zip):
    names = zipfile.ZipFile(plugin_zip).namelist()
    assert {name.split("/")[0] for name in names} == {PLUGIN}
    assert f"{PLUGIN}/metadata.txt" in names and f"{PLUGIN}/i18n/spatial_privacy_fr.qm" in names
    assert f"{PLUGIN}/processing_provider/presentation/styles.py" in names
    assert not [name for name in names if "/tests/" in name or "__pycache__" in name
                or name.endswith((".ts", ".pyc")) or "/scripts/" in name]


def test_extracted_zip_loads_as_qgis_loads_it(plugin_zip, tmp_path):
    plugins = tmp_path / "plugins"
    zipfile.ZipFile(plugin_zip).extractall(plugins)
    completed = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("load_installed_plugin.py")), str(plugins)],
        capture_output=True, text=True, timeout=300,
        env=dict(os.environ, HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    assert report["loaded"] and report["started"]
    assert Path(report["module_file"]).parent == plugins / PLUGIN
    # Every algorithm and every example model the zip holds: 15 algorithms, 3 models.
    models = len(list((Path(__file__).resolve().parents[2] / "processing_provider" / "models")
                      .glob("*.model3")))
    assert len(report["algorithms"]) == 15 + models == 18
    assert "spatialprivacy:methodcomparison" in report["algorithms"]
    # The example models travel in the zip and resolve their steps there.
    assert {"spatialprivacy:publishgridsafely", "spatialprivacy:releaseunderriskbudget"} <= \
        set(report["algorithms"])
    assert report["gate_passed"] is True
    assert not report["provider_after_unload"]
    assert report["gui_provider"] and not report["gui_provider_after_unload"]


def qgis_process_binary():
    for name in ("qgis_process.bin", "qgis_process"):
        if shutil.which(name):
            return shutil.which(name)
    pytest.fail("qgis_process is not installed (run make deps)")


@pytest.fixture(scope="module")
def qgis_process_env(plugin_zip, tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    plugins = home / "plugins"
    zipfile.ZipFile(plugin_zip).extractall(plugins)
    env = dict(os.environ, HOME=str(home), QGIS_PLUGINPATH=str(plugins), QT_QPA_PLATFORM="offscreen")
    subprocess.run([qgis_process_binary(), "plugins", "enable", PLUGIN], env=env,
                   capture_output=True, check=False, timeout=300)
    return env


def write_counts(path, counts):
    """A GeoPackage table of counts written with GDAL (no QGIS in this process's way)."""
    from osgeo import ogr
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = dataset.CreateLayer("cells", None, ogr.wkbNone)
    layer.CreateField(ogr.FieldDefn("n_persons", ogr.OFTInteger))
    for count in counts:
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("n_persons", count)
        layer.CreateFeature(feature)
    dataset = None
    return path


@pytest.mark.slow
@pytest.mark.parametrize("counts, exit_code", [([12, 30, 10], 0), ([12, 30, 9], 1)])
def test_qgis_process_gate_exit_codes(qgis_process_env, tmp_path, counts, exit_code):
    table = write_counts(tmp_path / "cells.gpkg", counts)
    completed = subprocess.run(
        [qgis_process_binary(), "run", "spatialprivacy:kanonymitygate", "--json", "--",
         f"INPUT={table}", "COUNT_FIELD=n_persons", "RHO=0.1", f"OUTPUT={tmp_path / 'out.gpkg'}"],
        env=qgis_process_env, capture_output=True, text=True, timeout=300)
    assert completed.returncode == exit_code, completed.stdout + completed.stderr
    if exit_code == 0:
        report = json.loads(completed.stdout[completed.stdout.index("{"):])
        assert report["results"]["PASSED"] is True and report["results"]["MIN_COUNT"] == 10
    else:
        assert "fewer than k = 10" in completed.stdout + completed.stderr


@pytest.mark.slow
def test_qgis_process_reassessment_exits_1_when_a_release_is_over(qgis_process_env, tmp_path,
                                                                   plugin_package):
    from spatial_privacy.spatial_privacy_plugin.ledger.budget import budget_policy, gate_release, \
        summarise_zones
    from spatial_privacy.spatial_privacy_plugin.ledger.store import Ledger
    ledger = tmp_path / "ledger.sqlite"
    published = summarise_zones(["a", "b"], [0.01, 0.03], [50, 50], zones_hash=["h", "h"])
    gate_release(Ledger(ledger), "mobility", "2026-11", published,
                 budget_policy(per_release_ceiling=0.05, cumulative_ceiling=0.2))
    from osgeo import ogr
    for name, risk in (("fine", 0.04), ("over", 0.08)):
        dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(tmp_path / f"{name}.gpkg"))
        layer = dataset.CreateLayer("zones", None, ogr.wkbNone)
        for field, kind in (("zone_id", ogr.OFTString), ("p_reid", ogr.OFTReal),
                            ("n_records", ogr.OFTInteger), ("zones_hash", ogr.OFTString)):
            layer.CreateField(ogr.FieldDefn(field, kind))
        for zone, value in (("a", 0.01), ("b", risk)):
            feature = ogr.Feature(layer.GetLayerDefn())
            for field, content in (("zone_id", zone), ("p_reid", value), ("n_records", 50),
                                   ("zones_hash", "h")):
                feature.SetField(field, content)
            layer.CreateFeature(feature)
        dataset = None
    codes = {}
    for name in ("fine", "over"):
        completed = subprocess.run(
            [qgis_process_binary(), "run", "spatialprivacy:reassessreleases", "--",
             f"LEDGER={ledger}", "DATASET=mobility", f"ZONE_RISK={tmp_path / (name + '.gpkg')}",
             f"OUTPUT={tmp_path / (name + '_out.gpkg')}"],
            env=qgis_process_env, capture_output=True, text=True, timeout=300)
        codes[name] = completed.returncode
    assert codes == {"fine": 0, "over": 1}


def write_people(path, cells):
    """Points of distinct people at 100 m cell centres ({(col, row): head count}), with GDAL."""
    from osgeo import ogr, osr
    reference = osr.SpatialReference()
    reference.ImportFromEPSG(3035)
    dataset = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    layer = dataset.CreateLayer("people", reference, ogr.wkbPoint)
    layer.CreateField(ogr.FieldDefn("person_id", ogr.OFTString))
    for (col, row), count in cells.items():
        for person in range(count):
            feature = ogr.Feature(layer.GetLayerDefn())
            feature.SetField("person_id", f"{col}_{row}_{person}")
            feature.SetGeometry(ogr.CreateGeometryFromWkt(f"POINT ({col * 100 + 50} {row * 100 + 50})"))
            layer.CreateFeature(feature)
    dataset = None
    return path


@pytest.mark.slow
def test_qgis_process_monthly_series_blocks_the_naive_release_and_passes_the_joint_one(
        qgis_process_env, tmp_path):
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.2\ntolerance = 0.2\ncounting_unit = "person"\nprotection_level = 3\n'
                      'series_max_change = 1\n')

    def run(algorithm, *parameters):
        return subprocess.run([qgis_process_binary(), "run", f"spatialprivacy:{algorithm}", "--",
                               f"POLICY={policy}", *parameters],
                              env=qgis_process_env, capture_output=True, text=True, timeout=300)

    def grid(people, output, *extra):
        return run("suppressedgrid", f"INPUT={people}", "PERSON_FIELD=person_id", "RESOLUTION=100",
                   "ORIGIN=0,0 [EPSG:3035]", "MARGINALS=1", f"OUTPUT={output}", *extra)

    def gate(release, earlier):
        return run("kanonymitygate", f"INPUT={release}", "COUNT_FIELD=n_persons",
                   "STATUS_FIELD=status", f"PREVIOUS_RELEASES={earlier}",
                   f"OUTPUT={tmp_path / 'checked.gpkg'}")

    first = write_people(tmp_path / "people1.gpkg", {(0, 0): 3, (1, 0): 8, (2, 0): 9})
    second = write_people(tmp_path / "people2.gpkg", {(0, 0): 3, (1, 0): 9, (2, 0): 8})
    assert grid(first, tmp_path / "month1.gpkg").returncode == 0
    assert grid(second, tmp_path / "naive.gpkg").returncode == 0
    blocked = gate(tmp_path / "naive.gpkg", tmp_path / "month1.gpkg")
    assert blocked.returncode == 1 and "combining this release" in blocked.stdout + blocked.stderr
    joint = grid(second, tmp_path / "joint.gpkg", f"PREVIOUS_RELEASES={tmp_path / 'month1.gpkg'}")
    assert joint.returncode == 0, joint.stdout + joint.stderr
    passed = gate(tmp_path / "joint.gpkg", tmp_path / "month1.gpkg")
    assert passed.returncode == 0, passed.stdout + passed.stderr
