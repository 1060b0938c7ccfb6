"""Scalar outputs reach scripts and models as plain values: every algorithm under qgis_process
--json, and one through a graphical model's child output."""

import json
import subprocess

import processing
import pytest
from layers import cells_layer, people_in_cells, point_layer
from models import child, child_output, model, model_input, plain_algorithms
from qgis.core import QgsCoordinateTransformContext, QgsProcessingParameterFeatureSource, \
    QgsVectorFileWriter, QgsVectorLayer
from test_installed_plugin import plugin_zip, qgis_process_binary, qgis_process_env  # noqa: F401
from test_risk_algorithms import records_layer, zones_layer

SCALAR_TYPES = ("outputNumber", "outputBoolean", "outputString")
CELLS = {(0, 0): 12, (1, 0): 3, (0, 1): 2, (1, 1): 15}


def save(layer, path):
    options = QgsVectorFileWriter.SaveVectorOptions()
    options.driverName = "GPKG"
    error = QgsVectorFileWriter.writeAsVectorFormatV3(layer, str(path),
                                                      QgsCoordinateTransformContext(), options)
    assert error[0] == QgsVectorFileWriter.WriterError.NoError, error
    return str(path)


def scalar_outputs(provider, name):
    return [output.name() for output in provider.algorithm(name).outputDefinitions()
            if output.type() in SCALAR_TYPES]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("scalar_inputs")
    addresses = point_layer([((x * 10.0 + 5, 5.0), [str(x)]) for x in range(200)], "address:string")
    marginals = cells_layer([["sex", "F", 0.5], ["sex", "M", 0.5]],
                            fields="attribute:string,category:string,share:double")
    return {"folder": folder,
            "people": save(people_in_cells(CELLS), folder / "people.gpkg"),
            "records": save(records_layer(), folder / "records.gpkg"),
            "zones": save(zones_layer(), folder / "zones.gpkg"),
            "addresses": save(addresses, folder / "addresses.gpkg"),
            "marginals": save(marginals, folder / "marginals.gpkg")}


def runs(inputs):
    """(algorithm, parameters, outputs this run has no value for), in an order where later runs
    read earlier outputs."""
    folder = inputs["folder"]
    out = {name: str(folder / f"{name}.gpkg") for name in ("sweep", "grid", "checked", "risk",
                                                            "zone_risk", "budget", "reassessed",
                                                            "masked", "join", "auxiliary",
                                                            "ptable", "ckm", "dp", "swapped",
                                                            "comparison")}
    ledger = str(folder / "ledger.sqlite")
    return [
        ("resolutionsweep", {"INPUT": inputs["people"], "PERSON_FIELD": "person_id", "RHO": 0.1,
                             "RESOLUTIONS": "100,200", "ORIGIN": "0,0 [EPSG:3035]",
                             "OUTPUT": out["sweep"]}, set()),
        ("suppressedgrid", {"INPUT": inputs["people"], "PERSON_FIELD": "person_id", "RHO": 0.1,
                            "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": out["grid"]},
         set()),
        # No l-diversity or t-closeness was asked for: those two have no value. The audit knows
        # the number of people from the grid's metadata, so it bounds the withheld cells.
        ("kanonymitygate", {"INPUT": out["grid"], "COUNT_FIELD": "n_persons",
                            "STATUS_FIELD": "status", "RHO": 0.1, "OUTPUT": out["checked"]},
         {"MIN_L_DIVERSITY", "MAX_T_DISTANCE"}),
        ("disclosurerisk", {"INPUT": inputs["records"], "KEY_FIELDS": ["sex", "age"],
                            "WEIGHT_FIELD": "weight", "POPULATION_UNIQUENESS": True,
                            "OUTPUT": out["risk"]}, set()),
        ("zonerisk", {"ZONES": inputs["zones"], "ZONE_ID_FIELD": "zone_id",
                      "RECORDS": inputs["records"], "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight",
                      "PERSON_FIELD": "person_id", "OUTPUT": out["zone_risk"]}, set()),
        ("riskbudgetgate", {"ZONE_RISK": out["zone_risk"], "LEDGER": ledger, "DATASET": "survey",
                            "RELEASE_ID": "2026", "PER_RELEASE_CEILING": 0.5,
                            "CUMULATIVE_CEILING": 0.9, "OUTPUT": out["budget"]}, set()),
        ("reassessreleases", {"LEDGER": ledger, "DATASET": "survey", "ZONE_RISK": out["zone_risk"],
                              "OUTPUT": out["reassessed"]}, set()),
        # The join below reads the quasi-identifiers and the truth id from the masked points.
        ("geomask", {"INPUT": inputs["records"], "MIN_RADIUS": 1, "MAX_RADIUS": 5, "SEED": 3,
                     "KEEP_FIELDS": ["person_id", "sex", "age"], "OUTPUT": out["masked"]}, set()),
        ("joinsimulation", {"RELEASE": out["masked"], "AUXILIARY": inputs["records"], "RADIUS": 5,
                            "QID_FIELDS": ["sex", "age"], "RELEASE_TRUTH_FIELD": "person_id",
                            "AUXILIARY_TRUTH_FIELD": "person_id", "OUTPUT": out["join"]}, set()),
        ("syntheticauxiliary", {"ADDRESSES": inputs["addresses"], "MARGINALS": inputs["marginals"],
                                "COVERAGE": 0.5, "SEED": 4, "OUTPUT": out["auxiliary"]}, set()),
        ("ptable", {"D": 3, "V": 2, "JS": 1, "OUTPUT": out["ptable"]}, set()),
        ("cellkeygrid", {"INPUT": inputs["people"], "PERSON_FIELD": "person_id",
                         "KEY_FILE": str(folder / "programme.key"), "PTABLE": out["ptable"],
                         "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]",
                         "POLICY": policy_path(folder), "OUTPUT": out["ckm"]}, set()),
        ("dpgrid", {"INPUT": inputs["people"], "PERSON_FIELD": "person_id", "EPSILON": 0.5,
                    "RESOLUTIONS": "100,200", "EXTENT": "0,400,0,400 [EPSG:3035]",
                    "POLICY": dp_policy(folder), "LEDGER": str(folder / "dp_ledger.sqlite"),
                    "DATASET": "mobility", "RELEASE_ID": "dp1", "OUTPUT": out["dp"]}, set()),
        # Each person a household of one.
        ("recordswap", {"INPUT": inputs["records"], "HOUSEHOLD_FIELD": "person_id",
                        "PERSON_FIELD": "person_id", "RISK_FIELDS": ["sex", "age"],
                        "HIERARCHY": "1000,100", "SEED": 5, "OUTPUT": out["swapped"]}, set()),
        ("methodcomparison", {"INPUT": inputs["people"], "PERSON_FIELD": "person_id",
                              "RESOLUTIONS": "100,200", "PTABLE": out["ptable"],
                              "POLICY": policy_path(folder), "OUTPUT": out["comparison"]}, set()),
    ]


def policy_path(folder):
    path = folder / "policy.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n')
    return str(path)


def dp_policy(folder):
    path = folder / "dp_policy.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\nepsilon_budget = 2\n',
                    encoding="utf-8")
    return str(path)


def qgis_process_json(env, algorithm, parameters):
    # A multiple value is given as the same name repeated.
    arguments = [f"{name}={item}" for name, value in parameters.items()
                 for item in (value if isinstance(value, list) else [value])]
    completed = subprocess.run(
        [qgis_process_binary(), "run", f"spatialprivacy:{algorithm}", "--json", "--", *arguments],
        env=env, capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    return json.loads(completed.stdout[completed.stdout.index("{"):])


@pytest.mark.slow
def test_every_scalar_output_of_every_algorithm_is_a_plain_json_value(provider, qgis_process_env,
                                                                     inputs):
    planned = runs(inputs)
    assert sorted(name for name, _, _ in planned) == sorted(a.name() for a in plain_algorithms(provider))
    problems = []
    for name, parameters, without_value in planned:
        report = qgis_process_json(qgis_process_env, name, parameters)
        # A misspelt parameter is ignored by qgis_process: every one given must be known.
        assert set(parameters) <= set(report["inputs"]), (name, set(parameters) - set(report["inputs"]))
        results = report["results"]
        for output in scalar_outputs(provider, name):
            value = results.get(output)
            if output in without_value:
                if value is not None:
                    problems.append(f"{name}.{output} = {value!r}, expected no value")
            elif isinstance(value, bool) or isinstance(value, (int, float)) or \
                    (isinstance(value, str) and value != ""):
                continue
            else:
                problems.append(f"{name}.{output} = {value!r}")
    assert problems == []


def join_then_buffer_model():
    """The join's PI_UNIQUE, read as a child output by the next step (a buffer distance)."""
    return model("join_then_read", [QgsProcessingParameterFeatureSource("records", "records")], [
        child("spatialprivacy:joinsimulation", "join", {
            "RELEASE": model_input("records"), "AUXILIARY": model_input("records"), "RADIUS": 1,
            "QID_FIELDS": ["sex", "age"], "RELEASE_TRUTH_FIELD": "person_id",
            "AUXILIARY_TRUTH_FIELD": "person_id", "OUTPUT": "TEMPORARY_OUTPUT"}),
        child("native:buffer", "read", {
            "INPUT": model_input("records"), "DISTANCE": child_output("join", "PI_UNIQUE"),
            "SEGMENTS": 4}, outputs=["OUTPUT"]),
    ])


def test_a_model_step_reads_the_join_simulation_s_pi_unique(provider):
    direct = processing.run("spatialprivacy:joinsimulation", {
        "RELEASE": records_layer(), "AUXILIARY": records_layer(), "RADIUS": 1,
        "QID_FIELDS": ["sex", "age"], "RELEASE_TRUTH_FIELD": "person_id",
        "AUXILIARY_TRUTH_FIELD": "person_id", "OUTPUT": "TEMPORARY_OUTPUT"})["PI_UNIQUE"]
    assert type(direct) is float and direct > 0.5  # the unmasked release: most targets unique
    algorithm = join_then_buffer_model()
    # QGIS names a model output after its description or after child:name, by version.
    output = next(d.name() for d in algorithm.destinationParameterDefinitions())
    results = processing.run(algorithm, {"records": records_layer(), output: "TEMPORARY_OUTPUT"})
    buffered = results[output]
    buffered = buffered if isinstance(buffered, QgsVectorLayer) else QgsVectorLayer(buffered)
    first = next(buffered.getFeatures())
    # A circle of radius PI_UNIQUE around the first record: its width is twice the value.
    assert first.geometry().boundingBox().width() == pytest.approx(2 * direct, rel=1e-6)
