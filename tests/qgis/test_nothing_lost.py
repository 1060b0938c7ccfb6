"""Outputs that destroy nothing, and bad geometries refused whatever QGIS's own check does
(issue 34). The refusals themselves are rows of the bad-input matrix; here, the ways out the
messages name work, the check reads every kind of destination, and qgis_process (which checks
no geometry) refuses alike."""

import subprocess

import processing
import pytest
from matrix_layers import bow_tie, city_file, file_contents, mixed_file, people, people_file, \
    polygons
from models import halting_message
from qgis.core import QgsFeatureRequest, QgsProcessingContext, QgsProcessingException, \
    QgsProcessingFeedback, QgsProject, QgsVectorLayer
from test_bad_input_matrix import DP_POLICY, policy_file, zone_records
from test_example_models import output_name
from test_installed_plugin import plugin_zip, qgis_process_env  # noqa: F401

GRID_PARAMETERS = {"PERSON_FIELD": "person_id", "RHO": 0.25, "RESOLUTION": 100}


def layer_names(path):
    from osgeo import ogr
    dataset = ogr.Open(str(path))
    return sorted(dataset.GetLayer(number).GetName() for number in range(dataset.GetLayerCount()))


def rows(path, layer):
    return sorted(feature.attributes() + [feature.geometry().asWkt()] for feature in
                  QgsVectorLayer(f"{path}|layername={layer}", layer, "ogr").getFeatures())


def as_layer(path, table):
    return f"ogr:dbname='{path}' table=\"{table}\" (geom)"


# The suppressed grid writes a new GeoPackage in bulk, the geomask through QGIS's sink.
WRITERS = [("suppressedgrid", dict(GRID_PARAMETERS)),
           ("geomask", {"MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0})]


@pytest.mark.parametrize("algorithm, parameters", WRITERS)
def test_an_output_added_to_a_geopackage_as_a_layer_keeps_its_other_layers(
        run, tmp_path, algorithm, parameters):
    # The way out the refusal names: Save to GeoPackage… (the ogr:dbname form).
    city = city_file(tmp_path)
    people_before, zones_before = rows(city, "people"), rows(city, "zones")
    run(algorithm, dict(parameters, INPUT=f"{city}|layername=people",
                        OUTPUT=as_layer(city, "release")))
    # (a styled output keeps its style in the file's table of styles)
    assert set(layer_names(city)) - {"layer_styles"} == {"people", "release", "zones"}
    assert rows(city, "people") == people_before and rows(city, "zones") == zones_before
    assert QgsVectorLayer(f"{city}|layername=release", "release", "ogr").featureCount() > 0


@pytest.mark.parametrize("algorithm, parameters", WRITERS)
def test_a_rerun_replaces_its_own_output_and_the_style_stored_with_it(
        run, tmp_path, algorithm, parameters):
    # QGIS's writer names the layer of release.v2.gpkg 'release', the bulk writer 'release.v2'.
    output = tmp_path / "release.v2.gpkg"
    run(algorithm, dict(parameters, INPUT=people(), OUTPUT=str(output)))
    (name,) = layer_names(output)
    styled = QgsVectorLayer(f"{output}|layername={name}", name, "ogr")
    styled.saveStyleToDatabase("mine", "", True, "")  # the layer_styles table QGIS adds
    del styled
    assert layer_names(output) == ["layer_styles", name]
    run(algorithm, dict(parameters, INPUT=people(), OUTPUT=str(output)))
    assert layer_names(output) == [name]


def test_the_inputs_geopackage_refused_as_a_file_takes_the_output_as_a_layer(run, tmp_path):
    source = people_file(tmp_path, (50.0, 50.0)).source()
    before = rows(tmp_path / "people.gpkg", "people")
    with pytest.raises(QgsProcessingException, match="would overwrite the input"):
        run("geomask", {"INPUT": source, "MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0,
                        "OUTPUT": str(tmp_path / "people.gpkg")})
    # As the dialog gives it: an output layer definition (its path a static property).
    from qgis.core import QgsProcessingOutputLayerDefinition
    with pytest.raises(QgsProcessingException, match="would overwrite the input"):
        run("geomask", {"INPUT": source, "MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0,
                        "OUTPUT": QgsProcessingOutputLayerDefinition(
                            str(tmp_path / "people.gpkg"))})
    run("geomask", {"INPUT": source, "MIN_RADIUS": 10.0, "MAX_RADIUS": 50.0,
                    "OUTPUT": as_layer(tmp_path / "people.gpkg", "masked")})
    assert layer_names(tmp_path / "people.gpkg") == ["masked", "people"]
    assert rows(tmp_path / "people.gpkg", "people") == before


def test_destinations_are_read_as_processing_writes_them(tmp_path):
    from spatial_privacy.processing_provider.destinations import Place, layer_place, output_place
    assert output_place("TEMPORARY_OUTPUT") is None and output_place("memory:grid") is None
    assert output_place(str(tmp_path / "grid")) == (Place(str(tmp_path / "grid.gpkg")), True)
    # QGIS 3.22 writes a file of that very name (with the extension added): no layer of a.gpkg.
    # A GeoPackage's layer named after '|layername=' is written as that layer (staged_outputs),
    # where QGIS 3.22 itself would write a file named so.
    assert output_place(f"{tmp_path / 'a.gpkg'}|layername=B") == \
        (Place(str(tmp_path / "a.gpkg"), "b"), False)
    assert output_place(as_layer(tmp_path / "a.gpkg", "Grid")) == \
        (Place(str(tmp_path / "a.gpkg"), "grid"), False)
    # A PostGIS input and a destination naming its table, written another way.
    uri = "dbname='db' host=127.0.0.1 port=1 user='u' key='fid' srid=3035 type=Point " \
          "table=\"public\".\"trips\" (geom)"
    trips = layer_place(QgsVectorLayer(uri, "trips", "postgres"))
    written, whole = output_place("postgres://dbname='db' host=127.0.0.1 port=1 "
                                  "table=\"public\".\"trips\" (geom)")
    assert written.meets(trips) and not whole
    assert not output_place("postgis:dbname='db' host=127.0.0.1 port=1 table=\"public\"."
                            "\"cells\" (geom)")[0].meets(trips)
    assert output_place(str(tmp_path / "a.gpkg"))[0].meets(Place(str(tmp_path / "a.gpkg"), "b"))
    assert not Place(str(tmp_path / "a.gpkg"), "a").meets(Place(str(tmp_path / "a.gpkg"), "b"))


# QGIS's own check of input geometries, as processing.run and the dialog set it (stop), as
# a user may set it (skip the feature: the study area would silently be smaller), and as
# qgis_process leaves it (no check: 570 cells published instead of 23).
CHECKS = {"no check (qgis_process)": QgsFeatureRequest.InvalidGeometryCheck.GeometryNoCheck,
          "skip invalid": QgsFeatureRequest.InvalidGeometryCheck.GeometrySkipInvalid}
ZONES = ["POLYGON((0 0,1000 1000,1000 0,0 1000,0 0))",
         "POLYGON((1000 0,2000 0,2000 1000,1000 1000,1000 0))"]


def invalid_polygon_runs(folder):
    return {
        "suppressedgrid": dict(GRID_PARAMETERS, INPUT=people(), STUDY_AREA=bow_tie(),
                               OUTPUT=str(folder / "grid.gpkg")),
        "dpgrid": {"INPUT": people(), "PERSON_FIELD": "person_id", "EPSILON": 1.0,
                   "RESOLUTIONS": "100,200", "STUDY_AREA": bow_tie(),
                   "POLICY": policy_file(folder, DP_POLICY), "SEED": "test",
                   "LEDGER": str(folder / "ledger.sqlite"), "DATASET": "mobility",
                   "RELEASE_ID": "dp1", "OUTPUT": str(folder / "dp.gpkg")},
        "zonerisk": {"ZONES": polygons(ZONES), "ZONE_ID_FIELD": "zone_id",
                     "RECORDS": zone_records(), "KEY_FIELDS": ["sex"],
                     "PERSON_FIELD": "person_id", "OUTPUT": str(folder / "zones.gpkg")}}


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("algorithm", ["suppressedgrid", "dpgrid", "zonerisk"])
def test_an_invalid_polygon_is_refused_whatever_qgis_checks(provider, tmp_path, algorithm, check):
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    context.setInvalidGeometryCheck(CHECKS[check])
    parameters = invalid_polygon_runs(tmp_path)[algorithm]
    before = file_contents(tmp_path)
    with pytest.raises(QgsProcessingException, match=r"has invalid polygons \(features 1\)"):
        processing.run(f"spatialprivacy:{algorithm}", parameters, context=context,
                       feedback=QgsProcessingFeedback())
    assert file_contents(tmp_path) == before  # no output, no ledger


@pytest.mark.parametrize("model_id, points", [("publishgridsafely", "points"),
                                              ("releaseunderriskbudget", "records")])
def test_the_example_models_halt_on_a_layer_mixing_points_and_a_polygon(
        provider, repo_root, tmp_path, model_id, points):
    for script, name in (("make_sample_zones.py", "zones.gpkg"),):
        subprocess.run(["/usr/bin/python3", str(repo_root / "scripts" / script),
                        str(tmp_path / name)], check=True, capture_output=True)
    (tmp_path / "publication").mkdir()
    common = {points: mixed_file(tmp_path).source(), "person_field": "person_id",
              "policy": str(repo_root / "sample" / "policy.toml")}
    parameters = {
        "publishgridsafely": {
            "cell_sizes": "100,200",
            output_name("publishgridsafely", "Sweep table"): "TEMPORARY_OUTPUT",
            output_name("publishgridsafely", "Published grid"):
                str(tmp_path / "publication" / "g.gpkg")},
        "releaseunderriskbudget": {
            "zones": str(tmp_path / "zones.gpkg"), "zone_id_field": "zone_id",
            "key_fields": ["sex"], "ledger": str(tmp_path / "ledger.sqlite"),
            "dataset": "mixed", "release_id": "r1", "zone_risk:zone_risk": "TEMPORARY_OUTPUT",
            "publish:published_table": str(tmp_path / "publication" / "t.gpkg")}}[model_id]
    message = halting_message(f"spatialprivacy:{model_id}", dict(common, **parameters))
    assert "1 feature(s) are not points (features 25)" in message, message
    assert "TypeError" not in message
    assert not list((tmp_path / "publication").iterdir())


@pytest.mark.slow
def test_qgis_process_refuses_an_output_onto_its_input_and_an_invalid_study_area(
        qgis_process_env, tmp_path):
    from test_cell_key_cli import qgis_process
    from matrix_layers import saved
    source = people_file(tmp_path, (50.0, 50.0)).source()
    before = file_contents(tmp_path)
    completed, _ = qgis_process(qgis_process_env, "geomask", INPUT=source, MIN_RADIUS=10,
                                MAX_RADIUS=50, OUTPUT=tmp_path / "people.gpkg")
    assert completed.returncode == 1
    assert "would overwrite the input" in completed.stdout + completed.stderr
    assert file_contents(tmp_path) == before
    area = saved(bow_tie(), tmp_path / "area.gpkg").source()
    completed, _ = qgis_process(qgis_process_env, "suppressedgrid", INPUT=source,
                                PERSON_FIELD="person_id", RHO=0.25, RESOLUTION=100,
                                STUDY_AREA=area, OUTPUT=tmp_path / "grid.gpkg")
    assert completed.returncode == 1
    assert "has invalid polygons (features 1)" in completed.stdout + completed.stderr
    assert not (tmp_path / "grid.gpkg").exists()
