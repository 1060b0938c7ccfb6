"""The example models the plugin ships: listed, reproducible, publishing on the sample city and
halting at their gate (nothing published) on a release that must fail."""

import subprocess
import sys

import processing
import pytest
from models import halting_message
from qgis.core import QgsApplication, QgsVectorLayer, QgsWkbTypes

MODELS = ("censusgridswapcellkey", "publishgridsafely", "releaseunderriskbudget")


@pytest.fixture(scope="module")
def city(repo_root, tmp_path_factory):
    folder = tmp_path_factory.mktemp("city")
    for script, name in (("make_sample_data.py", "trips.gpkg"), ("make_sample_zones.py", "zones.gpkg")):
        subprocess.run([sys.executable, str(repo_root / "scripts" / script), str(folder / name)],
                       check=True, capture_output=True)
    return {"trips": str(folder / "trips.gpkg"), "zones": str(folder / "zones.gpkg"),
            "policy": str(repo_root / "sample" / "policy.toml")}


@pytest.mark.parametrize("model_id", MODELS)
def test_each_model_is_listed_under_spatial_privacy(provider, model_id):
    model = QgsApplication.processingRegistry().algorithmById(f"spatialprivacy:{model_id}")
    assert model is not None and model.provider().id() == "spatialprivacy"
    assert model.groupId() == "examples" and model.canExecute()[0]
    assert model.displayName() and model.shortHelpString()
    # Every output of its steps resolved (the steps of this provider too): what the dialog,
    # the modeler and qgis_process help show.
    created = model.create()
    assert [d.name() for d in model.destinationParameterDefinitions()] == \
        [d.name() for d in created.destinationParameterDefinitions()]
    assert len(model.destinationParameterDefinitions()) == 2


@pytest.mark.parametrize("model_id", MODELS)
def test_each_shipped_model_is_valid_in_the_modeler_and_lists_its_inputs_in_order(
        provider, repo_root, model_id):
    # The modeler draws a step red, and its Run button refuses the model, when a mandatory
    # parameter of a step has no value (one with a default too); the dialog lists the inputs
    # in the saved order (a layer before its fields), by name where none is saved.
    from qgis.core import QgsProcessingModelAlgorithm
    model = QgsProcessingModelAlgorithm()
    assert model.fromFile(str(repo_root / "processing_provider" / "models" / f"{model_id}.model3"))
    for child_id in model.childAlgorithms():
        valid, issues = model.validateChildAlgorithm(child_id)
        assert valid, (child_id, issues)
    inputs = [d.name() for d in model.parameterDefinitions() if not d.isDestination()]
    assert inputs[:2] == {"publishgridsafely": ["points", "person_field"],
                          "releaseunderriskbudget": ["zones", "zone_id_field"],
                          "censusgridswapcellkey": ["persons", "household_field"]}[model_id]
    assert inputs != sorted(inputs)


def structure(path):
    """What a model does, as one QGIS reads it: its texts, inputs, steps and their wiring."""
    from qgis.core import QgsProcessingModelAlgorithm
    model = QgsProcessingModelAlgorithm()
    assert model.fromFile(str(path)), path
    steps = {child_id: (child.algorithmId(), child.description(),
                        {name: [source.toVariant() for source in sources]
                         for name, sources in child.parameterSources().items()},
                        sorted(dependency.childId for dependency in child.dependencies()),
                        {name: output.childOutputName() for name, output in child.modelOutputs().items()})
             for child_id, child in model.childAlgorithms().items()}
    inputs = {definition.name(): definition.toVariantMap()
              for definition in model.parameterDefinitions() if not definition.isDestination()}
    return model.name(), model.group(), model.helpContent(), inputs, steps


def test_the_checked_in_models_are_what_the_script_builds(provider, repo_root, tmp_path):
    from qgis.core import Qgis
    subprocess.run([sys.executable, str(repo_root / "scripts" / "make_example_models.py"),
                    str(tmp_path)], check=True, capture_output=True)
    folder = repo_root / "processing_provider" / "models"
    shipped = sorted(path.name for path in folder.iterdir())
    assert shipped == [f"{model_id}.model3" for model_id in MODELS]
    for name in shipped:
        assert structure(tmp_path / name) == structure(folder / name), \
            f"{name} differs from what scripts/make_example_models.py builds: run it (on QGIS 3.22)"
        # The files are written on QGIS 3.22; there the script gives the same bytes (newer
        # versions write keys of their own).
        if Qgis.QGIS_VERSION_INT // 100 == 322:
            assert (tmp_path / name).read_bytes() == (folder / name).read_bytes(), name


def recommended_size(city):
    sweep = processing.run("spatialprivacy:resolutionsweep", {
        "INPUT": city["trips"], "PERSON_FIELD": "person_id", "POLICY": city["policy"],
        "RESOLUTIONS": "250,500,1000,2000,4000", "OUTPUT": "TEMPORARY_OUTPUT"})
    return sweep["RECOMMENDED_RESOLUTION"], sweep["OUTPUT"]


def output_name(model_id, name):
    """A model output's parameter name: ``child:name`` on QGIS 3.22, its description later."""
    model = QgsApplication.processingRegistry().algorithmById(f"spatialprivacy:{model_id}")
    return next(definition.name() for definition in model.destinationParameterDefinitions()
                if definition.name().split(":")[-1] == name or
                definition.description().startswith(name))


def grid_model_parameters(city, tmp_path, **changes):
    return dict({"points": city["trips"], "person_field": "person_id", "policy": city["policy"],
                 "cell_sizes": "250,500,1000,2000,4000",
                 output_name("publishgridsafely", "Sweep table"): "TEMPORARY_OUTPUT",
                 output_name("publishgridsafely", "Published grid"):
                     str(tmp_path / "publication" / "grid.gpkg")}, **changes)


def test_publish_a_grid_safely_loads_its_outputs_under_names_for_people(
        provider, qgis_iface, qgis_new_project, city, tmp_path):
    """The layers QGIS loads are named as the model's outputs: the published grid among them,
    styled as the grid."""
    from qgis.core import QgsProject
    from test_desktop import assert_grid_style

    (tmp_path / "publication").mkdir()
    processing.runAndLoadResults("spatialprivacy:publishgridsafely",
                                 grid_model_parameters(city, tmp_path))
    loaded = {layer.name(): layer for layer in QgsProject.instance().mapLayers().values()}
    assert set(loaded) == {"Sweep table", "Published grid"}
    assert loaded["Published grid"].source().startswith(str(tmp_path / "publication" / "grid.gpkg"))
    assert_grid_style(loaded["Published grid"])


def test_publish_a_grid_safely_publishes_the_grid_at_the_recommended_size(provider, city, tmp_path,
                                                                           feedback):
    (tmp_path / "publication").mkdir()
    processing.run("spatialprivacy:publishgridsafely", grid_model_parameters(city, tmp_path),
                   feedback=feedback)
    # The gate audits with the number of people the sweep counted (the attacker knows it).
    assert not any("does not know the number of people" in line for line in feedback.messages)
    size, sweep = recommended_size(city)
    row = next(f for f in sweep.getFeatures() if f["resolution_m"] == size)
    published = QgsVectorLayer(str(tmp_path / "publication" / "grid.gpkg"), "grid", "ogr")
    assert published.isValid() and published.featureCount() == row["cells"]
    cells = list(published.getFeatures())
    assert all(cell.geometry().area() == pytest.approx(size * size) for cell in cells)
    shown = [cell["n_persons"] for cell in cells if cell["status"] == "published"]
    assert shown and min(shown) >= row["k"]
    assert sum(cell["status"] != "published" for cell in cells) == row["cells_withheld"]


def test_publish_a_grid_safely_halts_at_the_gate_beside_a_weaker_release(provider, city, tmp_path):
    """Negative control: the same grid published before at k = 2 reveals the withheld cells."""
    size, _ = recommended_size(city)
    weaker = processing.run("spatialprivacy:suppressedgrid", {
        "INPUT": city["trips"], "PERSON_FIELD": "person_id", "RHO": 0.5, "RESOLUTION": size,
        "OUTPUT": str(tmp_path / "earlier_k2.gpkg")})["OUTPUT"]
    (tmp_path / "publication").mkdir()
    message = halting_message("spatialprivacy:publishgridsafely", grid_model_parameters(
        city, tmp_path, published_layers=[weaker]))
    assert "k-anonymity gate FAILED" in message and "recovered exactly" in message, message
    assert not list((tmp_path / "publication").iterdir())


def test_publish_a_grid_safely_halts_where_the_sweep_recommends_no_size(provider, city, tmp_path):
    """At 250 and 500 m the sample city withholds more cells than the policy tolerates: the
    sweep recommends none, and the grid (given no size) refuses instead of publishing at its
    default size."""
    (tmp_path / "publication").mkdir()
    message = halting_message("spatialprivacy:publishgridsafely", grid_model_parameters(
        city, tmp_path, cell_sizes="250,500"))
    assert "No cell size was given" in message and "recommended none" in message, message
    assert not list((tmp_path / "publication").iterdir())


def budget_model_parameters(city, tmp_path, **changes):
    return dict({"zones": city["zones"], "zone_id_field": "zone_id", "records": city["trips"],
                 "key_fields": ["age_band", "sex"], "person_field": "person_id",
                 "policy": city["policy"], "ledger": str(tmp_path / "ledger.sqlite"),
                 "dataset": "sample city trips", "release_id": "2026-11",
                 "zone_risk:zone_risk": "TEMPORARY_OUTPUT",
                 "publish:published_table": str(tmp_path / "publication" / "release.gpkg")},
                **changes)


def test_release_under_a_risk_budget_publishes_keys_and_zones_and_records_it(provider, city,
                                                                             tmp_path):
    from spatial_privacy.spatial_privacy_plugin.ledger.store import Ledger
    (tmp_path / "publication").mkdir()
    processing.run("spatialprivacy:releaseunderriskbudget", budget_model_parameters(city, tmp_path))
    published = QgsVectorLayer(str(tmp_path / "publication" / "release.gpkg"), "release", "ogr")
    trips = QgsVectorLayer(city["trips"], "trips", "ogr")
    assert published.isValid() and published.featureCount() == trips.featureCount()
    assert published.wkbType() == QgsWkbTypes.Type.NoGeometry
    assert [name for name in published.fields().names() if name != "fid"] == \
        ["age_band", "sex", "zone_id"]
    assert all(feature["zone_id"] for feature in published.getFeatures())
    assert [entry["release_id"] for entry in Ledger(str(tmp_path / "ledger.sqlite")).read_entries()] \
        == ["2026-11"]


def test_release_under_a_risk_budget_halts_at_the_gate_with_more_keys(provider, city, tmp_path):
    """Negative control: purpose and hour of the trips beside age and sex exceed the ceiling."""
    from spatial_privacy.spatial_privacy_plugin.ledger.store import Ledger
    (tmp_path / "publication").mkdir()
    message = halting_message("spatialprivacy:releaseunderriskbudget", budget_model_parameters(
        city, tmp_path, key_fields=["age_band", "sex", "trip_purpose", "trip_hour"]))
    assert "Risk budget gate FAILED" in message, message
    assert not list((tmp_path / "publication").iterdir())
    assert not Ledger(str(tmp_path / "ledger.sqlite")).read_entries()


def test_an_unreadable_model_is_named_in_the_log_and_not_listed(provider, tmp_path, monkeypatch):
    from spatial_privacy.processing_provider.presentation import example_models
    (tmp_path / "broken.model3").write_text("<!DOCTYPE model>\n<Option", encoding="utf-8")
    monkeypatch.setattr(example_models, "MODELS_FOLDER", tmp_path)
    logged = []

    def record(message, tag, level):
        logged.append(message)
    QgsApplication.messageLog().messageReceived.connect(record)
    try:
        assert example_models.example_models() == []
    finally:
        QgsApplication.messageLog().messageReceived.disconnect(record)
    assert any("broken.model3" in message for message in logged), logged


@pytest.fixture(scope="module")
def census(repo_root, tmp_path_factory):
    """Persons at their households' dwellings (a GeoPackage), an approved p-table (D = 4,
    V = 2, JS = 2) and a cell key policy that approves it."""
    from spatial_privacy.spatial_privacy_plugin.noise.ptable import create_ptable, \
        write_ptable_csv
    folder = tmp_path_factory.mktemp("census")
    write_ptable_csv(create_ptable(4, 2.0, 2), folder / "ptable.csv")
    (folder / "policy.toml").write_text(
        'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nmethod = "cell key"\n'
        'ckm_min_d = 3\nckm_min_v = 2\nckm_min_js = 2\nptable = "ptable.csv"\n')
    (folder / "plain.toml").write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n')
    subprocess.run([sys.executable, str(repo_root / "scripts" / "make_sample_census.py"),
                    str(folder / "persons.gpkg")], check=True, capture_output=True)
    return {"persons": str(folder / "persons.gpkg"), "ptable": str(folder / "ptable.csv"),
            "policy": str(folder / "policy.toml"), "plain": str(folder / "plain.toml"),
            "key": str(folder / "programme.key")}


def census_model_parameters(census, tmp_path, **changes):
    return dict({"persons": census["persons"], "household_field": "household_id",
                 "person_field": "person_id", "risk_fields": ["age_band", "sex"],
                 "policy": census["policy"], "ptable": census["ptable"], "key_file": census["key"],
                 "cell_size": 1000.0, "swap:swap_log": str(tmp_path / "holder" / "log.gpkg"),
                 "publish:published_grid": str(tmp_path / "publication" / "grid.gpkg")},
                **changes)


def test_census_grid_swaps_then_publishes_the_cell_key_grid(provider, census, tmp_path):
    for folder in ("holder", "publication"):
        (tmp_path / folder).mkdir()
    processing.run("spatialprivacy:censusgridswapcellkey",
                   census_model_parameters(census, tmp_path))
    published = QgsVectorLayer(str(tmp_path / "publication" / "grid.gpkg"), "grid", "ogr")
    cells = list(published.getFeatures())
    assert published.isValid() and cells
    assert {cell["method"] for cell in cells} == {"cell key"}
    assert all(cell.geometry().area() == pytest.approx(1000.0 * 1000.0) for cell in cells)
    assert not any(1 <= cell["n_persons"] <= 2 for cell in cells)  # JS = 2
    log = QgsVectorLayer(str(tmp_path / "holder" / "log.gpkg"), "log", "ogr")
    assert log.isValid() and log.featureCount() >= 75  # 5 % of 3000 households, two a swap
    persons = QgsVectorLayer(census["persons"], "persons", "ogr").featureCount()
    total = sum(cell["n_persons"] for cell in cells)
    assert abs(total - persons) <= 4 * len(cells)


def test_census_grid_loads_the_styled_publication_and_the_log_only_under_its_warning(
        provider, qgis_iface, qgis_new_project, census, tmp_path):
    """As Publish a grid safely: the published grid is loaded, styled as a cell key grid; the
    swap log (data holder only) keeps its "never publish" name."""
    from qgis.core import QgsProject
    from test_desktop import assert_cell_key_style
    for folder in ("holder", "publication"):
        (tmp_path / folder).mkdir()
    processing.runAndLoadResults("spatialprivacy:censusgridswapcellkey",
                                 census_model_parameters(census, tmp_path))
    loaded = {layer.name(): layer for layer in QgsProject.instance().mapLayers().values()}
    published = next(layer for layer in loaded.values()
                     if layer.source().startswith(str(tmp_path / "publication" / "grid.gpkg")))
    assert_cell_key_style(published)
    logs = [name for name, layer in loaded.items() if str(tmp_path / "holder") in layer.source()]
    assert logs in ([], ["Swap log (data holder only; never publish)"]), logs
    assert len(loaded) == 1 + len(logs), list(loaded)


def test_census_grid_halts_at_the_gate_without_a_cell_key_policy(provider, census, tmp_path):
    """Negative control: under a policy without the cell key method the gate reads the
    perturbed small cells as counts below k, and nothing is published."""
    for folder in ("holder", "publication"):
        (tmp_path / folder).mkdir()
    message = halting_message("spatialprivacy:censusgridswapcellkey", census_model_parameters(
        census, tmp_path, policy=census["plain"]))
    assert "k-anonymity gate FAILED" in message, message
    assert not list((tmp_path / "publication").iterdir())
