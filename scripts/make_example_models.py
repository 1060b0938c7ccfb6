"""Build the example graphical models into processing_provider/models/ (checked in).

Usage: python3 scripts/make_example_models.py [FOLDER]
Each model is built with the PyQGIS model API, as the modeler would save it,
so a user can open the .model3 in the modeler, copy it and adapt it. The
provider serves them in the toolbox (Spatial Privacy → Example models) under
the frozen id ``spatialprivacy:<file stem>``. Names, descriptions and input
labels are marked for translation here: the provider shows them translated.
Run on the oldest supported QGIS (3.22): a file written there loads in every
later version with the same parameter names.
"""

import os
import sys
import tempfile
from pathlib import Path

# Qt orders XML attributes by a hash seeded per process unless the seed is fixed: the same
# model then gives the same bytes.
os.environ["QT_HASH_SEED"] = "0"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, "/usr/share/qgis/python/plugins")
sys.path.insert(0, str(ROOT))
from spatial_privacy_plugin.errors import N_  # noqa: E402

DEFAULT_FOLDER = ROOT / "processing_provider" / "models"
EXAMPLE_GROUP = N_("Example models")


def sources(value):
    from qgis.core import QgsProcessingModelChildParameterSource as Source
    if isinstance(value, tuple):
        kind, name = value
        return [Source.fromModelParameter(name) if kind == "input" else
                Source.fromChildOutput(*name.split("."))]
    return [Source.fromStaticValue(value)]


def step(algorithm_id, child_id, description, parameters, outputs=None, after=(), row=0):
    """A child algorithm; ``parameters`` maps a name to a static value, ("input", name) or
    ("child", "child_id.OUTPUT"); ``outputs`` maps a child output to (model output name,
    description[, default]); ``after`` names steps that must have succeeded before this one
    runs. An output without a default is a file the user must name."""
    from qgis.core import QgsProcessingModelChildAlgorithm, QgsProcessingModelChildDependency, \
        QgsProcessingModelOutput
    from qgis.PyQt.QtCore import QPointF
    child = QgsProcessingModelChildAlgorithm(algorithm_id)
    child.setChildId(child_id)
    child.setDescription(description)
    child.setPosition(QPointF(400.0, 120.0 + 130.0 * row))
    for name, value in parameters.items():
        child.addParameterSources(name, sources(value))
    # A mandatory parameter left out takes its default, as the modeler writes it: the
    # modeler's validation (and its Run button) calls a step without it invalid. Only the
    # plugin's own steps: QGIS's change between versions (3.40's Save features has one more),
    # and the file is written on 3.22.
    ours = algorithm_id.startswith("spatialprivacy:")
    for definition in child.algorithm().parameterDefinitions() if ours else ():
        if definition.name() not in parameters and not definition.isDestination() and \
                not definition.flags() & definition.Flag.FlagOptional and \
                definition.defaultValue() is not None:
            child.addParameterSources(definition.name(), sources(definition.defaultValue()))
    model_outputs = {}
    for child_output, (name, label, *default) in (outputs or {}).items():
        output = QgsProcessingModelOutput(name, label)
        if default:
            output.setDefaultValue(default[0])
        output.setChildId(child_id)
        output.setChildOutputName(child_output)
        output.setPosition(QPointF(700.0, 150.0 + 130.0 * row))
        model_outputs[name] = output
    child.setModelOutputs(model_outputs)
    child.setDependencies([QgsProcessingModelChildDependency(name) for name in after])
    return child


def build(name, description, inputs, steps):
    from qgis.core import QgsProcessingModelAlgorithm, QgsProcessingModelParameter
    from qgis.PyQt.QtCore import QPointF
    model = QgsProcessingModelAlgorithm(name, EXAMPLE_GROUP, "examples")
    model.setHelpContent({"ALG_DESC": description, "ALG_CREATOR": "Spatial Privacy",
                          "ALG_VERSION": "1"})
    for row, definition in enumerate(inputs):
        component = QgsProcessingModelParameter(definition.name())
        component.setPosition(QPointF(120.0, 120.0 + 90.0 * row))
        model.addModelParameter(definition, component)
    for child in steps:
        model.addChildAlgorithm(child)
    # The dialog lists the inputs in this order (a layer before its fields), not by name.
    model.setParameterOrder([definition.name() for definition in inputs])
    return model


def publish_grid_safely():
    from qgis.core import QgsProcessing, QgsProcessingParameterFeatureSource, \
        QgsProcessingParameterField, QgsProcessingParameterFile, \
        QgsProcessingParameterMultipleLayers, QgsProcessingParameterString
    inputs = [
        QgsProcessingParameterFeatureSource(
            "points", N_("Points (one or more per person)"),
            [QgsProcessing.SourceType.TypeVectorPoint]),
        QgsProcessingParameterField("person_field", N_("Person id field"), "person_id", "points"),
        QgsProcessingParameterFile("policy", N_("Policy file"),
                                   QgsProcessingParameterFile.Behavior.File,
                                   fileFilter=N_("Policy files (*.toml *.json)")),
        QgsProcessingParameterString("cell_sizes", N_("Cell sizes to try (metres, comma "
                                                      "separated)"), "250,500,1000,2000,4000"),
        QgsProcessingParameterMultipleLayers(
            "published_layers", N_("Layers already published from the same people (the gate "
                                   "audits the grid with them)"),
            QgsProcessing.SourceType.TypeVectorPolygon, optional=True),
    ]
    points, person, policy = ("input", "points"), ("input", "person_field"), ("input", "policy")
    steps = [
        # Output names are what QGIS names the layers it loads: written for people.
        step("spatialprivacy:resolutionsweep", "sweep", N_("Resolution sweep"),
             {"INPUT": points, "PERSON_FIELD": person, "POLICY": policy,
              "RESOLUTIONS": ("input", "cell_sizes")},
             {"OUTPUT": ("Sweep table", N_("Sweep table"), "TEMPORARY_OUTPUT")}),
        step("spatialprivacy:suppressedgrid", "grid", N_("Suppressed grid at the recommended size"),
             {"INPUT": points, "PERSON_FIELD": person, "POLICY": policy,
              "RESOLUTION": ("child", "sweep.RECOMMENDED_RESOLUTION")}, row=1),
        # The gate writes its output only when it passes: that output is the publication.
        step("spatialprivacy:kanonymitygate", "gate", N_("k-anonymity gate (publishes only when "
                                                         "it passes)"),
             {"INPUT": ("child", "grid.OUTPUT"), "COUNT_FIELD": "n_persons",
              "STATUS_FIELD": "status", "POLICY": policy,
              "AUDIT_LAYERS": ("input", "published_layers"),
              "PERSONS_TOTAL": ("child", "sweep.PERSONS"),
              "PERSONS_TOTAL_KIND": ("child", "sweep.PERSONS_TOTAL_KIND")},
             {"OUTPUT": ("Published grid", N_("Published grid (a file in the publication "
                                              "folder)"))}, row=2),
    ]
    return build(N_("Publish a grid safely"), N_(
        "Sweeps the cell sizes, builds the suppressed grid at the finest size the sweep "
        "recommends, checks it with the k-anonymity gate (with any layers already published "
        "from the same people) and writes the published grid only when the gate passes. A "
        "failing gate stops the model, and so does a sweep that recommends no size: nothing "
        "is written to the publication folder."),
        inputs, steps)


def release_under_risk_budget():
    from qgis.core import QgsProcessing, QgsProcessingParameterFeatureSource, \
        QgsProcessingParameterField, QgsProcessingParameterFile, QgsProcessingParameterString
    inputs = [
        QgsProcessingParameterFeatureSource(
            "zones", N_("Zones an adversary could also draw"),
            [QgsProcessing.SourceType.TypeVectorPolygon]),
        QgsProcessingParameterField("zone_id_field", N_("Zone id field"), "zone_id", "zones"),
        QgsProcessingParameterFeatureSource(
            "records", N_("Records to release (points)"), [QgsProcessing.SourceType.TypeVectorPoint]),
        QgsProcessingParameterField("key_fields", N_("Key fields (what an adversary knows of a "
                                                     "person)"), "age_band;sex", "records",
                                    allowMultiple=True),
        QgsProcessingParameterField("person_field", N_("Person id field"), "person_id", "records"),
        QgsProcessingParameterFile("policy", N_("Policy file (its ceilings)"),
                                   QgsProcessingParameterFile.Behavior.File,
                                   fileFilter=N_("Policy files (*.toml *.json)")),
        QgsProcessingParameterFile("ledger", N_("Release ledger (a new file starts one)"),
                                   QgsProcessingParameterFile.Behavior.File,
                                   fileFilter=N_("Ledger (*.sqlite *.db *.gpkg)")),
        QgsProcessingParameterString("dataset", N_("Dataset (programme name)")),
        QgsProcessingParameterString("release_id", N_("Release id")),
    ]
    zones, records, keys = ("input", "zones"), ("input", "records"), ("input", "key_fields")
    steps = [
        step("spatialprivacy:zonerisk", "zone_risk", N_("Zone re-identification risk"),
             {"ZONES": zones, "ZONE_ID_FIELD": ("input", "zone_id_field"), "RECORDS": records,
              "KEY_FIELDS": keys, "PERSON_FIELD": ("input", "person_field"),
              "POLICY": ("input", "policy")},
             {"OUTPUT": ("zone_risk", N_("Zones with their risk"), "TEMPORARY_OUTPUT")}),
        step("spatialprivacy:riskbudgetgate", "gate", N_("Risk budget gate"),
             {"ZONE_RISK": ("child", "zone_risk.OUTPUT"), "LEDGER": ("input", "ledger"),
              "DATASET": ("input", "dataset"), "RELEASE_ID": ("input", "release_id"),
              "POLICY": ("input", "policy")}, row=1),
        # The release: the key fields and the zone, no coordinates (what the risk measured).
        step("native:retainfields", "keys", N_("Keep the key fields"),
             {"INPUT": records, "FIELDS": keys}, after=("gate",), row=2),
        step("native:joinattributesbylocation", "zone", N_("Add each record's zone"),
             {"INPUT": ("child", "keys.OUTPUT"), "JOIN": zones, "PREDICATE": [0],
              "JOIN_FIELDS": ("input", "zone_id_field"), "METHOD": 1,
              "DISCARD_NONMATCHING": False, "PREFIX": ""}, row=3),
        step("native:dropgeometries", "publish", N_("Publish without coordinates (runs only "
                                                     "when the gate passes)"),
             {"INPUT": ("child", "zone.OUTPUT")},
             {"OUTPUT": ("published_table", N_("Published table (a file in the publication "
                                               "folder)"))}, row=4),
    ]
    return build(N_("Release under a risk budget"), N_(
        "Measures the re-identification risk of the records in every zone, lets the risk "
        "budget gate check the worst zone and the programme's cumulative risk against the "
        "policy's ceilings (recording the release in the ledger when it passes), and only "
        "then writes the release: the key fields and each record's zone, without "
        "coordinates. A failing gate stops the model: nothing is written."),
        inputs, steps)


def census_grid_swap_then_cell_key():
    from qgis.core import QgsProcessing, QgsProcessingParameterDistance, \
        QgsProcessingParameterFeatureSource, QgsProcessingParameterField, \
        QgsProcessingParameterFile, QgsUnitTypes
    cell_size = QgsProcessingParameterDistance("cell_size", N_("Cell size (metres)"), 1000.0,
                                               "persons", minValue=0.0)
    # Metres, written as a number both 3.22 and 3.40 read alike (their "unknown unit" differ).
    cell_size.setDefaultUnit(QgsUnitTypes.DistanceUnit.DistanceMeters)
    inputs = [
        QgsProcessingParameterFeatureSource(
            "persons", N_("Persons (points at their dwelling)"),
            [QgsProcessing.SourceType.TypeVectorPoint]),
        QgsProcessingParameterField("household_field", N_("Household id field"), "household_id",
                                    "persons"),
        QgsProcessingParameterField("person_field", N_("Person id field"), "person_id",
                                    "persons"),
        QgsProcessingParameterField("risk_fields", N_("Risk fields (what an attacker knows, e.g. "
                                                      "age band, sex)"), "age_band;sex",
                                    "persons", allowMultiple=True),
        QgsProcessingParameterFile("policy", N_("Policy file"),
                                   QgsProcessingParameterFile.Behavior.File,
                                   fileFilter=N_("Policy files (*.toml *.json)")),
        QgsProcessingParameterFeatureSource(
            "ptable", N_("p-table (the one the policy approves)"),
            [QgsProcessing.SourceType.TypeVector]),
        QgsProcessingParameterFile("key_file", N_("Secret key file of the programme (never "
                                                  "publish it)"),
                                   QgsProcessingParameterFile.Behavior.File,
                                   fileFilter=N_("Key files (*.key);;All files (*)")),
        cell_size,
    ]
    persons, policy = ("input", "persons"), ("input", "policy")
    person = ("input", "person_field")
    steps = [
        step("spatialprivacy:recordswap", "swap", N_("Targeted record swap"),
             {"INPUT": persons, "HOUSEHOLD_FIELD": ("input", "household_field"),
              "PERSON_FIELD": person, "RISK_FIELDS": ("input", "risk_fields")},
             {"SWAP_LOG": ("swap_log", N_("Swap log (data holder only; never publish)"),
                           "TEMPORARY_OUTPUT")}),
        step("spatialprivacy:cellkeygrid", "grid", N_("Cell key grid of the swapped persons"),
             {"INPUT": ("child", "swap.OUTPUT"), "PERSON_FIELD": person,
              "KEY_FILE": ("input", "key_file"), "PTABLE": ("input", "ptable"),
              "RESOLUTION": ("input", "cell_size"), "POLICY": policy}, row=1),
        # The gate writes its output only when it passes: that output is the publication,
        # loaded and styled as the cell key grid. The step keeps the id "publish": the model's
        # output is "publish:published_grid" in users' models.
        step("spatialprivacy:kanonymitygate", "publish", N_("k-anonymity gate (publishes only "
                                                            "when it passes)"),
             {"INPUT": ("child", "grid.OUTPUT"), "COUNT_FIELD": "n_persons", "POLICY": policy},
             {"OUTPUT": ("published_grid", N_("Published grid (a file in the publication "
                                              "folder)"))}, row=2),
    ]
    return build(N_("Census grid: swap, then cell key"), N_(
        "The census recipe: swaps households at risk (and more, up to the swap rate) with "
        "similar households nearby, counts the swapped persons in square cells with cell key "
        "noise (the programme's key file and approved p-table), checks the grid with the "
        "k-anonymity gate and writes the published grid only when the gate passes. The swap "
        "log is for the data holder only."),
        inputs, steps)


MODELS = {"publishgridsafely": publish_grid_safely,
          "releaseunderriskbudget": release_under_risk_budget,
          "censusgridswapcellkey": census_grid_swap_then_cell_key}


def start_qgis():
    """A headless QGIS with Processing and this checkout's provider (the steps resolve)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from qgis.core import QgsApplication
    application = QgsApplication([], False)
    application.initQgis()
    from processing.core.Processing import Processing
    Processing.initialize()
    plugins = Path(tempfile.mkdtemp(prefix="sp_models_"))
    (plugins / "spatial_privacy").symlink_to(ROOT, target_is_directory=True)
    sys.path.insert(0, str(plugins))
    import spatial_privacy
    plugin = spatial_privacy.classFactory(None)
    plugin.initProcessing()
    return application, plugin


def write_models(folder):
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for model_id, make in MODELS.items():
        path = folder / f"{model_id}.model3"
        if not make().toFile(str(path)):
            raise SystemExit(f"could not write {path}")
        written.append(path)
    return written


if __name__ == "__main__":
    session = start_qgis()
    for written_path in write_models(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_FOLDER):
        print(written_path)
    sys.stdout.flush()
    os._exit(0)  # QGIS 3.22 can crash while Python tears a standalone application down
