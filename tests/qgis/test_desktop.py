"""What the QGIS window does: outputs loaded into the project on completion, run after run."""

import pytest
from layers import people_in_cells
from qgis.core import QgsProject, QgsVectorLayer
from test_risk_algorithms import records_layer, zones_layer

CELLS = {(0, 0): 12, (1, 0): 3, (0, 1): 2, (1, 1): 15}


def grid_parameters():
    return {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id", "RHO": 0.1,
            "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT"}


def gate_parameters():
    import processing
    checked = processing.run("spatialprivacy:suppressedgrid", grid_parameters())["OUTPUT"]
    return {"INPUT": checked, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status", "RHO": 0.1,
            "OUTPUT": "TEMPORARY_OUTPUT"}


def zone_risk_parameters():
    return {"ZONES": zones_layer(), "ZONE_ID_FIELD": "zone_id", "RECORDS": records_layer(),
            "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight", "PERSON_FIELD": "person_id",
            "OUTPUT": "TEMPORARY_OUTPUT"}


def record_risk_parameters():
    return {"INPUT": records_layer(), "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight",
            "OUTPUT": "TEMPORARY_OUTPUT"}


def rule_filters(layer):
    renderer = layer.renderer()
    assert renderer.type() == "RuleRenderer", renderer.type()
    return [rule.filterExpression() for rule in renderer.rootRule().children()]


def assert_grid_style(layer):
    withheld = [f for f in layer.getFeatures() if f["status"] != "published"]
    assert withheld, "the fixture must have withheld cells"
    assert any("<> 'published'" in rule for rule in rule_filters(layer))


def cell_key_parameters():
    import tempfile
    from pathlib import Path
    folder = Path(tempfile.mkdtemp(prefix="ckm_desktop_"))
    (folder / "policy.toml").write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n')
    return {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id", "D": 3, "V": 2,
            "KEY_FILE": str(folder / "programme.key"), "RESOLUTION": 100,
            "ORIGIN": "0,0 [EPSG:3035]", "POLICY": str(folder / "policy.toml"),
            "OUTPUT": "TEMPORARY_OUTPUT"}


def assert_cell_key_style(layer):
    labels = [rule.label() for rule in layer.renderer().rootRule().children()]
    assert labels[0].startswith("0 (a perturbed count") and labels[1] == "1–4"


def assert_zone_style(layer):
    assert any('"p_reid" IS NULL' in rule for rule in rule_filters(layer))


def assert_record_style(layer):
    assert all('"individual_risk" >=' in rule for rule in rule_filters(layer))


STYLED = {"suppressedgrid": (grid_parameters, assert_grid_style),
          "kanonymitygate": (gate_parameters, assert_grid_style),
          "zonerisk": (zone_risk_parameters, assert_zone_style),
          "disclosurerisk": (record_risk_parameters, assert_record_style),
          "cellkeygrid": (cell_key_parameters, assert_cell_key_style)}


@pytest.mark.parametrize("name", STYLED)
def test_styled_output_loads_styled_on_every_run_of_a_session(provider, qgis_iface,
                                                              qgis_new_project, name):
    import processing
    make_parameters, assert_styled = STYLED[name]
    loaded = []
    for _ in range(3):
        results = processing.runAndLoadResults(f"spatialprivacy:{name}", make_parameters())
        layer = QgsProject.instance().mapLayer(results["OUTPUT"])
        assert isinstance(layer, QgsVectorLayer) and layer.featureCount() > 0
        assert_styled(layer)
        loaded.append(layer.id())
    assert len(set(loaded)) == 3
    assert set(loaded) <= set(QgsProject.instance().mapLayers())


def test_checked_grid_in_a_geopackage_carries_the_grid_style(provider, tmp_path):
    """qgis_process and processing.run load nothing: the style travels in the file."""
    import processing
    output = tmp_path / "checked.gpkg"
    processing.run("spatialprivacy:kanonymitygate", dict(gate_parameters(), OUTPUT=str(output)))
    layer = QgsVectorLayer(str(output), "checked", "ogr")
    assert layer.isValid() and layer.featureCount() == len(CELLS)
    assert_grid_style(layer)



def test_reassessment_writes_its_table_before_it_fails(run, tmp_path):
    from qgis.core import QgsProcessingException
    from test_budget_algorithms import budget, zone_table
    ledger = tmp_path / "ledger.sqlite"
    budget(run, ledger, "r1", 0.03)
    budget(run, ledger, "r2", 0.04)
    output = tmp_path / "reassessment.gpkg"
    with pytest.raises(QgsProcessingException, match=r"now over the ceiling.*the table is in .*reassessment\.gpkg"):
        run("reassessreleases", {"LEDGER": str(ledger), "DATASET": "mobility",
                                 "ZONE_RISK": zone_table(0.09), "OUTPUT": str(output)})
    table = QgsVectorLayer(str(output), "reassessment", "ogr")
    assert table.isValid()
    rows = {f["release_id"]: (f["verdict"], f["today_p_reid"]) for f in table.getFeatures()}
    assert rows == {"r1": ("over ceiling", pytest.approx(0.09)), "r2": ("over ceiling", pytest.approx(0.09))}


def test_the_ledger_is_picked_as_an_existing_file_never_a_temporary_one(provider):
    from qgis.core import QgsProcessingParameterFile
    gate = provider.algorithm("riskbudgetgate")
    ledger = gate.parameterDefinition("LEDGER")
    # An input file: the dialog opens an existing ledger (no overwrite prompt, no temporary default).
    assert isinstance(ledger, QgsProcessingParameterFile) and not ledger.isDestination()
    assert ledger.behavior() == QgsProcessingParameterFile.Behavior.File
    assert ledger.defaultValue() in (None, "")
    assert "*.sqlite" in ledger.fileFilter()
    assert gate.outputDefinition("LEDGER") is not None  # models still read the ledger's path


@pytest.mark.parametrize("temporary", ["TEMPORARY_OUTPUT", "processing temporary folder"])
def test_a_temporary_ledger_is_refused(run, temporary):
    from qgis.core import QgsProcessingException, QgsProcessingUtils
    from test_budget_algorithms import budget
    ledger = temporary if temporary == "TEMPORARY_OUTPUT" else \
        f"{QgsProcessingUtils.tempFolder()}/ledger.sqlite"
    with pytest.raises(QgsProcessingException, match="temporary.*(new file|ledger file)"):
        budget(run, ledger, "r1", 0.01)


@pytest.mark.parametrize("algorithm", ["riskbudgetgate", "dpgrid"])
def test_the_dialog_refuses_a_temporary_ledger_of_every_ledger_algorithm(provider, algorithm):
    from qgis.core import QgsApplication, QgsProcessingContext
    alg = QgsApplication.processingRegistry().algorithmById(f"spatialprivacy:{algorithm}")
    ok, message = alg.checkParameterValues({"LEDGER": "TEMPORARY_OUTPUT"},
                                           QgsProcessingContext())
    assert not ok and "temporary" in message


def test_a_temporary_ledger_is_refused_inside_a_model(provider, tmp_path):
    """A model calls no checkParameterValues: the algorithm refuses it again."""
    from models import halting_message
    from qgis.core import QgsProcessingUtils
    from test_budget_algorithms import zone_risk_budget_model
    message = halting_message(zone_risk_budget_model(), {
        "zones": zones_layer(), "records": records_layer(), "ceiling": 0.5,
        "ledger": f"{QgsProcessingUtils.tempFolder()}/ledger.sqlite",
        "gate:output": "TEMPORARY_OUTPUT"})
    # The gate's own refusal halted the model, not a parameter error before it.
    assert "in QGIS's temporary folder" in message, message


def test_a_new_ledger_is_started_and_said_so_an_existing_one_is_continued(run, tmp_path):
    from conftest import RecordingFeedback
    from test_budget_algorithms import budget
    ledger = tmp_path / "programme.sqlite"
    first, second = RecordingFeedback(), RecordingFeedback()
    budget(run, ledger, "r1", 0.03, first)
    assert ledger.exists()
    assert any("No ledger at" in message and str(ledger) in message for message in first.messages)
    result = budget(run, ledger, "r2", 0.04, second)
    assert not any("No ledger at" in message for message in second.messages)
    assert result["CUMULATIVE_P_REID"] == pytest.approx(1 - (1 - 0.03) * (1 - 0.04))
    assert result["LEDGER"] == str(ledger)
