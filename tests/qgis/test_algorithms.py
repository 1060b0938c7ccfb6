"""Each algorithm through processing.run, on hand-made layers with known answers."""

import json

import pytest
from layers import cells_layer, people_in_cells, point_layer
from models import plain_algorithms
from qgis.core import NULL, QgsProcessingException, QgsVectorLayer

ORIGIN = "0,0 [EPSG:3035]"
ALL_ALGORITHMS = ["spatialprivacy:cellkeygrid", "spatialprivacy:disclosurerisk",
                  "spatialprivacy:dpgrid", "spatialprivacy:geomask",
                  "spatialprivacy:joinsimulation",
        "spatialprivacy:kanonymitygate", "spatialprivacy:methodcomparison",
        "spatialprivacy:ptable", "spatialprivacy:reassessreleases", "spatialprivacy:recordswap",
        "spatialprivacy:resolutionsweep", "spatialprivacy:riskbudgetgate",
        "spatialprivacy:suppressedgrid", "spatialprivacy:syntheticauxiliary",
        "spatialprivacy:zonerisk"]
HAND_CELLS = {(0, 0): 12, (1, 0): 3, (0, 1): 2}


def rows_of(layer):
    return [dict(zip(layer.fields().names(), feature.attributes())) for feature in layer.getFeatures()]


def sweep(run, layer, feedback=None, **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "RHO": 0.1,
                  "RESOLUTIONS": "100,200", "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("resolutionsweep", parameters, feedback)


def grid(run, layer, feedback=None, **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTION": 100,
                  "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("suppressedgrid", parameters, feedback)


def gate(run, layer, feedback=None, **extra):
    parameters = {"INPUT": layer, "COUNT_FIELD": "n_persons", "RHO": 0.1,
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters, feedback)


def test_provider_lists_the_frozen_algorithm_ids(provider):
    assert provider.id() == "spatialprivacy"
    assert sorted(alg.id() for alg in plain_algorithms(provider)) == ALL_ALGORITHMS


def test_frozen_parameter_names(provider):
    # Saved models store these names: new parameters are appended, none is ever renamed.
    names = {alg.name(): [p.name() for p in alg.parameterDefinitions()] for alg in plain_algorithms(provider)}
    assert names["resolutionsweep"] == ["INPUT", "PERSON_FIELD", "RHO", "POLICY", "RESOLUTIONS",
                                        "TOLERANCE", "ORIGIN", "KEY_FIELDS", "OUTPUT",
                                        "PROTECTION_LEVEL", "MARGINALS", "PARENT_FACTOR",
                                        "STRATA", "STRATUM_FIELD", "PREVIOUS_RELEASES",
                                        "FLIPPING_CELLS", "CKM_PTABLE", "CKM_KEY_FILE", "CHART"]
    assert names["suppressedgrid"] == ["INPUT", "PERSON_FIELD", "RHO", "POLICY", "RESOLUTION",
                                       "ORIGIN", "KEY_FIELDS", "OUTPUT", "PROTECTION_LEVEL",
                                       "MARGINALS", "PARENT_FACTOR", "AUDIT", "STUDY_AREA",
                                       "ZERO_MASK", "STRATA", "STRATUM_FIELD",
                                       "STRATUM_RESOLUTIONS", "PREVIOUS_RELEASES",
                                       "PUBLISHED_ZONES", "ZONE_COUNTS", "SLIVER_REPORT"]
    assert names["kanonymitygate"] == ["INPUT", "COUNT_FIELD", "RHO", "POLICY", "STATUS_FIELD",
                                       "OUTPUT", "AUDIT_LAYERS", "AUDIT_COUNT_FIELD",
                                       "PUBLISHED_TOTAL", "PROTECTION_LEVEL", "CELL_FIELD",
                                       "SENSITIVE_FIELD", "L", "T", "ORDERED", "STRATUM_FIELD",
                                       "PREVIOUS_RELEASES", "PERSONS_TOTAL", "PERSONS_TOTAL_KIND",
                                       "FAILED"]
    assert names["joinsimulation"] == [
        "RELEASE", "AUXILIARY", "RADIUS", "QID_FIELDS", "RELEASE_TRUTH_FIELD",
        "AUXILIARY_TRUTH_FIELD", "POSITION_ERROR_SHARE", "POSITION_ERROR_DISTANCE",
        "COVERAGE_WEIGHT_FIELD", "SEED", "AUXILIARY_PROVENANCE", "RHO", "POLICY", "OUTPUT",
        "TARGETS", "CHART", "REPORT", "OTHER_RELEASES", "RELEASE_LINK_FIELD"]
    assert names["dpgrid"] == ["INPUT", "PERSON_FIELD", "EPSILON", "MECHANISM",
                               "MAX_CELLS_PER_PERSON", "RESOLUTIONS", "EXTENT", "STUDY_AREA",
                               "ORIGIN", "POLICY", "LEDGER", "DATASET", "RELEASE_ID",
                               "LEDGER_HEAD", "SEED", "OUTPUT"]
    assert names["methodcomparison"] == [
        "INPUT", "PERSON_FIELD", "RHO", "POLICY", "RESOLUTIONS", "EPSILON", "MECHANISM", "PTABLE",
        "D", "V", "JS", "KEY_FILE", "EXTENT", "ORIGIN", "PROTECTION_LEVEL", "MARGINALS",
        "PARENT_FACTOR", "HOUSEHOLD_FIELD", "RISK_FIELDS", "SWAP_RATE", "SIMILARITY_FIELDS",
        "MAX_DONOR_DISTANCE", "SEED", "OUTPUT", "CHART"]
    assert names["geomask"] == ["INPUT", "MIN_RADIUS", "MAX_RADIUS", "SEED", "KEEP_FIELDS", "OUTPUT"]
    assert names["syntheticauxiliary"] == ["ADDRESSES", "MARGINALS", "ZONES", "ZONE_ID_FIELD",
                                           "COVERAGE", "SEED", "OUTPUT"]
    assert names["disclosurerisk"] == ["INPUT", "KEY_FIELDS", "WEIGHT_FIELD", "POPULATION_FIELD",
                                       "HOUSEHOLD_FIELD", "CONTINUOUS_FIELDS", "RARE_THRESHOLD",
                                       "RISK_THRESHOLD", "OUTPUT", "POPULATION_UNIQUENESS"]
    assert names["zonerisk"] == ["ZONES", "ZONE_ID_FIELD", "RECORDS", "KEY_FIELDS", "WEIGHT_FIELD",
                                 "POPULATION_FIELD", "HOUSEHOLD_FIELD", "METHOD", "PERSON_FIELD",
                                 "POLICY", "OUTPUT"]
    assert names["riskbudgetgate"] == ["ZONE_RISK", "LEDGER", "DATASET", "RELEASE_ID",
                                       "LEDGER_HEAD", "POLICY", "PER_RELEASE_CEILING", "CUMULATIVE_CEILING", "WARN_AT",
                                       "GATE_ON", "RECORD", "OUTPUT"]
    assert names["reassessreleases"] == ["LEDGER", "DATASET", "RELEASE_ID", "LEDGER_HEAD",
                                         "ZONE_RISK", "OUTPUT"]
    assert names["ptable"] == ["D", "V", "JS", "PSTAY", "OUTPUT"]
    assert names["cellkeygrid"] == ["INPUT", "PERSON_FIELD", "RECORD_KEY_FIELD", "KEY_FILE",
                                    "PTABLE", "D", "V", "JS", "RESOLUTION", "ORIGIN", "KEY_FIELDS",
                                    "STUDY_AREA", "POLICY", "OUTPUT", "UTILITY", "AUDIT",
                                    "AUDIT_PARENT_FACTOR"]
    assert names["recordswap"] == ["INPUT", "HOUSEHOLD_FIELD", "PERSON_FIELD", "HIERARCHY",
                                   "HIERARCHY_ZONES", "HIERARCHY_ZONE_FIELDS", "ORIGIN",
                                   "RISK_FIELDS", "K_ANONYMITY", "SWAP_RATE", "SIMILARITY_FIELDS",
                                   "MAX_DONOR_DISTANCE", "CARRY_ALONG", "SEED", "OUTPUT",
                                   "SWAP_LOG", "UNSWAPPED", "REPORT"]
    outputs = {alg.name(): {o.name() for o in alg.outputDefinitions()} for alg in plain_algorithms(provider)}
    assert {"PASSED", "WORST_ZONE", "WORST_P_REID", "POOLED_P_REID", "CUMULATIVE_P_REID", "HEADROOM",
            "WARNING"} <= outputs["riskbudgetgate"]
    assert {"WORST_ZONE", "WORST_P_REID", "POOLED_P_REID"} <= outputs["zonerisk"]
    assert {"EXPECTED_REIDENTIFICATIONS", "REIDENTIFICATION_RATE", "RECORDS_ABOVE_THRESHOLD",
            "MAX_RISK"} <= outputs["disclosurerisk"]
    assert {"PASSED", "MIN_COUNT", "CELLS_CHECKED", "K", "OUTPUT", "MIN_INTERVAL_WIDTH"} <= \
        outputs["kanonymitygate"]
    assert "RECOMMENDED_RESOLUTION" in outputs["resolutionsweep"]


def test_every_algorithm_has_help_icon_group_and_tags(provider):
    for alg in plain_algorithms(provider):
        assert len(alg.shortHelpString()) > 200, alg.name()
        assert not alg.icon().isNull(), alg.name()
        assert alg.group() and alg.groupId() in ("grids", "gates", "adversary", "risk")
        assert alg.tags() and alg.shortDescription()


def test_sweep_on_the_hand_case(run, feedback):
    result = sweep(run, people_in_cells(HAND_CELLS), feedback)
    table = {row["resolution_m"]: row for row in rows_of(result["OUTPUT"])}
    fine, coarse = table[100.0], table[200.0]
    assert (fine["k"], fine["cells"], fine["cells_withheld"]) == (10, 3, 2)
    assert fine["suppressed_fraction"] == pytest.approx(2 / 3)
    # The attacker knows the 17 people: the 12 is withheld too, or 17 - 12 = 5 would leave the
    # two small cells (each at least 1) in [1, 4], narrower than p = 5.
    assert fine["cells_complementary"] == 1 and fine["median_published_count"] == NULL
    assert fine["publishable"] is False
    assert (coarse["cells"], coarse["cells_withheld"], coarse["publishable"]) == (1, 0, True)
    assert fine["counting_unit"] == "person" and len(fine["policy_hash"]) == 64
    assert result["RECOMMENDED_RESOLUTION"] == 200.0
    assert any("Recommended cell size: 200 m" in message for message in feedback.messages)


def test_sweep_says_when_nothing_is_publishable_and_never_suggests_a_lower_k(run, feedback):
    result = sweep(run, people_in_cells(HAND_CELLS), feedback, RESOLUTIONS="100")
    assert result["RECOMMENDED_RESOLUTION"] is None
    warning = next(message for message in feedback.messages
                   if "No cell size keeps the withheld share within the tolerance" in message)
    assert "coarser" in warning and "never lower k" in warning


def test_sweep_calls_a_size_over_the_tolerance_not_recommended_not_unpublishable(run, feedback):
    """The tolerance is a recommendation criterion: the grid writes such a size with a warning
    and the gate passes it, so the sweep's log does not call it "not publishable"."""
    sweep(run, people_in_cells(HAND_CELLS), feedback, RESOLUTIONS="100")
    line = next(message for message in feedback.messages
                if message.startswith("100 m: ") and " withheld (" in message)
    assert line.endswith("; over the tolerance, not recommended."), line
    assert not any("publishable" in message for message in feedback.messages)


def test_sweep_counts_people_not_trips(run):
    # 12 people make 3 trips each in one cell: 36 rows but 12 people.
    layer = point_layer([((50, 50), [f"p{person}"]) for person in range(12) for _ in range(3)])
    row = rows_of(sweep(run, layer, RESOLUTIONS="100")["OUTPUT"])[0]
    assert (row["persons"], row["rows"], row["median_published_count"]) == (12, 36, 12)


def test_sweep_with_key_fields_splits_cells(run):
    points = [((50, 50), [f"p{i}", "F" if i < 10 else "M"]) for i in range(14)]
    layer = point_layer(points, "person_id:string,sex:string")
    row = rows_of(sweep(run, layer, RESOLUTIONS="100", KEY_FIELDS=["sex"])["OUTPUT"])[0]
    assert (row["cells"], row["cells_withheld"]) == (2, 1)


def test_grid_withholds_small_cells_and_blanks_their_counts(run):
    result = grid(run, people_in_cells(HAND_CELLS))
    rows = {row["cell_id"]: row for row in rows_of(result["OUTPUT"])}
    assert set(rows) == {"100m_0_0", "100m_1_0", "100m_0_1"}
    # 3 and 2 people are withheld; so is the 12, which with the 17 people an attacker knows
    # would leave the two in [1, 4] (narrower than p = 5). Every withheld cell says "withheld".
    for cell in rows:
        assert rows[cell]["n_persons"] == NULL and rows[cell]["status"] == "withheld"
    assert {row["k"] for row in rows.values()} == {10}
    assert (result["K"], result["CELLS_PUBLISHED"], result["CELLS_WITHHELD"]) == (10, 0, 3)
    first = next(f for f in result["OUTPUT"].getFeatures() if f["cell_id"] == "100m_1_0")
    assert first.geometry().boundingBox().toString(0) == "100,0 : 200,100"


def test_points_on_an_edge_go_right_and_up(run):
    layer = point_layer([((100, 100), [f"p{i}"]) for i in range(10)])
    rows = rows_of(grid(run, layer)["OUTPUT"])
    assert [(row["col"], row["row"]) for row in rows] == [(1, 1)]


def test_gate_passes_good_data_through_unchanged(run):
    layer = cells_layer([[10, "published"], [25, "published"], [NULL, "primary"]])
    result = gate(run, layer, STATUS_FIELD="status")
    assert result["PASSED"] is True
    assert (result["MIN_COUNT"], result["CELLS_CHECKED"], result["K"]) == (10, 2, 10)
    assert rows_of(result["OUTPUT"]) == rows_of(layer)


@pytest.mark.parametrize("rows, fragment", [
    ([[10, "published"], [9, "published"]], "fewer than k = 10"),
    ([[10, "published"], [NULL, "published"]], "NULL count"),
    ([[10, "published"], [4, "primary"]], "still carry a count"),
    ([[10, "published"], [NULL, "hidden"]], "none of published"),
    ([], "no records"),
])
def test_gate_negative_controls(run, rows, fragment):
    with pytest.raises(QgsProcessingException, match=fragment):
        gate(run, cells_layer(rows), STATUS_FIELD="status")


def test_gate_fails_on_a_missing_or_non_numeric_count_field(run):
    layer = cells_layer([["12", "published"]], fields="n_persons:string,status:string")
    with pytest.raises(QgsProcessingException, match="not numeric"):
        gate(run, layer)
    with pytest.raises(QgsProcessingException):
        gate(run, cells_layer([[12, "published"]]), COUNT_FIELD="people")


def test_gate_blocks_its_own_grid_when_the_policy_is_stricter(run):
    grid_layer = grid(run, people_in_cells({(0, 0): 12, (1, 0): 15}))["OUTPUT"]
    gate(run, grid_layer, STATUS_FIELD="status")
    with pytest.raises(QgsProcessingException, match="smallest: 12"):
        gate(run, grid_layer, STATUS_FIELD="status", RHO=0.05)


@pytest.mark.parametrize("layer_factory, fragment", [
    (lambda: point_layer([((7.1, 50.2), ["a"])], crs="EPSG:4326"), "reproject to a metric CRS"),
    (lambda: point_layer([((50, 50), ["a"]), ((60, 60), [NULL])]), "NULL id"),
    (lambda: point_layer([((50, 50), ["a"]), (None, ["b"])]), "no geometry"),
    (lambda: point_layer([]), "no features"),
])
def test_bad_points_are_refused_with_a_clear_message(run, layer_factory, fragment):
    with pytest.raises(QgsProcessingException, match=fragment):
        sweep(run, layer_factory())
    with pytest.raises(QgsProcessingException, match=fragment):
        grid(run, layer_factory())


@pytest.mark.parametrize("extra, fragment", [
    ({"RHO": 1.0}, "strictly between 0 and 1"),
    ({"RHO": 0.0}, "strictly between 0 and 1"),
    ({"RESOLUTIONS": "100,-5"}, "positive number"),
    ({"RESOLUTIONS": "100,abc"}, "not a cell size"),
])
def test_bad_parameters_are_refused(run, extra, fragment):
    with pytest.raises(QgsProcessingException, match=fragment):
        sweep(run, people_in_cells(HAND_CELLS), **extra)


def test_multipoints_are_exploded_and_counted_once_per_person(run, feedback):
    layer = point_layer([("MULTIPOINT((50 50),(60 60))", [f"p{i}"]) for i in range(10)],
                        geometry="MultiPoint")
    rows = rows_of(grid(run, layer, feedback)["OUTPUT"])
    assert [(row["n_persons"], row["status"]) for row in rows] == [(10, "published")]
    assert any("exploded" in message for message in feedback.messages)


def test_policy_file_supplies_rho_and_refuses_conflicts(run, tmp_path):
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.05\ntolerance = 0.2\ncounting_unit = "device"\n', encoding="utf-8")
    result = grid(run, people_in_cells({(0, 0): 12, (1, 0): 25}), RHO=None, POLICY=str(policy))
    rows = rows_of(result["OUTPUT"])
    assert {row["k"] for row in rows} == {20}
    assert {row["counting_unit"] for row in rows} == {"device"}
    # 12 is below k = 20, and 37 people - 25 would give it away: both are withheld.
    assert sorted(row["status"] for row in rows) == ["withheld", "withheld"]
    with pytest.raises(QgsProcessingException, match="conflicts"):
        grid(run, people_in_cells(HAND_CELLS), RHO=0.1, POLICY=str(policy))
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"rho": 0.1, "counting_unit": "person"}), encoding="utf-8")
    with pytest.raises(QgsProcessingException, match="tolerance"):
        grid(run, people_in_cells(HAND_CELLS), RHO=None, POLICY=str(broken))


def test_inputs_are_never_modified(run):
    layer = people_in_cells(HAND_CELLS)
    before = [(f.attributes(), f.geometry().asWkt()) for f in layer.getFeatures()]
    sweep(run, layer)
    grid(run, layer)
    assert [(f.attributes(), f.geometry().asWkt()) for f in layer.getFeatures()] == before


def test_geopackage_output_carries_the_grid_style(run, tmp_path):
    output = tmp_path / "grid.gpkg"
    grid(run, people_in_cells(HAND_CELLS), OUTPUT=str(output))
    layer = QgsVectorLayer(str(output), "grid", "ogr")
    assert layer.isValid() and layer.featureCount() == 3
    assert layer.renderer().type() == "RuleRenderer"
    labels = [rule.label() for rule in layer.renderer().rootRule().children()]
    assert any("Withheld" in label for label in labels)


def test_grid_is_styled_when_qgis_loads_it(run, provider):
    """The GUI asks for outputs to be loaded into the project: the post-processor styles them."""
    from qgis.core import QgsProcessingContext, QgsProcessingOutputLayerDefinition, QgsProject
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    output = QgsProcessingOutputLayerDefinition("TEMPORARY_OUTPUT", QgsProject.instance())
    result = run("suppressedgrid", {"INPUT": people_in_cells(HAND_CELLS), "PERSON_FIELD": "person_id",
                                    "RHO": 0.1, "RESOLUTION": 100, "ORIGIN": ORIGIN,
                                    "OUTPUT": output}, context=context)
    layer = result["OUTPUT"]
    layer = layer if not isinstance(layer, str) else context.getMapLayer(layer)
    details = context.layerToLoadOnCompletionDetails(layer.id())
    assert details.postProcessor() is not None
    details.postProcessor().postProcessLayer(layer, context, None)
    assert layer.renderer().type() == "RuleRenderer"


def test_gate_l_diversity_negative_control(run):
    fields = "cell_id:string,diagnosis:string,n_persons:integer,status:string"
    diverse = cells_layer([["c1", "flu", 12, "published"], ["c1", "cold", 15, "published"],
                           ["c2", "flu", 20, "published"], ["c2", "cold", 11, "published"]],
                          fields=fields)
    result = gate(run, diverse, STATUS_FIELD="status", CELL_FIELD="cell_id",
                  SENSITIVE_FIELD="diagnosis", L=2, T=0.5)
    assert result["MIN_L_DIVERSITY"] == 2 and result["MAX_T_DISTANCE"] < 0.5
    homogeneous = cells_layer([["c1", "flu", 12, "published"], ["c1", "cold", 15, "published"],
                               ["c2", "flu", 40, "published"], ["c2", "cold", NULL, "primary"]],
                              fields=fields)
    with pytest.raises(QgsProcessingException, match="fewer than l = 2"):
        gate(run, homogeneous, STATUS_FIELD="status", CELL_FIELD="cell_id",
             SENSITIVE_FIELD="diagnosis", L=2)
    with pytest.raises(QgsProcessingException, match="cell id field"):
        gate(run, homogeneous, STATUS_FIELD="status", L=2)


def test_true_zeros_in_a_study_area_and_the_gate_under_a_zero_policy(run, tmp_path):
    study = point_layer([("POLYGON((0 0, 400 0, 400 200, 0 200, 0 0))", [1])], "id:integer",
                        geometry="Polygon")
    mask = point_layer([("POLYGON((300 100, 400 100, 400 200, 300 200, 300 100))", [1])], "id:integer",
                       geometry="Polygon")
    result = grid(run, people_in_cells(HAND_CELLS), STUDY_AREA=study, ZERO_MASK=mask)
    rows = {(row["col"], row["row"]): row for row in rows_of(result["OUTPUT"])}
    assert len(rows) == 8
    assert rows[(2, 0)]["n_persons"] == 0 and rows[(2, 0)]["status"] == "published"
    assert rows[(3, 1)]["n_persons"] == NULL and rows[(3, 1)]["status"] == "withheld"
    with pytest.raises(QgsProcessingException, match="publish_zeros"):
        gate(run, result["OUTPUT"], STATUS_FIELD="status")
    policy = tmp_path / "zeros.toml"
    policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\npublish_zeros = true\n',
                      encoding="utf-8")
    passed = gate(run, result["OUTPUT"], STATUS_FIELD="status", RHO=None, POLICY=str(policy))
    assert passed["PASSED"] and passed["MIN_COUNT"] == 0
    with pytest.raises(QgsProcessingException, match="study area"):
        grid(run, people_in_cells(HAND_CELLS), ZERO_MASK=mask)
