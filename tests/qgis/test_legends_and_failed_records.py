"""What the user sees after a run: legends with values, and a failing gate that names its records."""

import pytest
from layers import people_in_cells, point_layer
from qgis.core import QgsExpression, QgsExpressionContext, QgsExpressionContextUtils, \
    QgsProcessingContext, QgsProcessingException, QgsProcessingOutputLayerDefinition, QgsProject, \
    QgsVectorLayer

ORIGIN = "0,0 [EPSG:3035]"
# Counts spread over several classes at k = 10, and two cells below k (withheld).
SPREAD_CELLS = {(0, 0): 12, (1, 0): 30, (2, 0): 60, (0, 1): 3, (1, 1): 2}


def legend_labels(layer):
    return [item.label() for item in layer.renderer().legendSymbolItems()]


def rule_of_each_feature(layer):
    """{published count, or 'withheld': the label of the one legend rule that draws it}."""
    context = QgsExpressionContext(QgsExpressionContextUtils.globalProjectLayerScopes(layer))
    rules = layer.renderer().rootRule().children()
    drawn = {}
    for feature in layer.getFeatures():
        context.setFeature(feature)
        matching = [rule.label() for rule in rules
                    if QgsExpression(rule.filterExpression()).evaluate(context)]
        assert len(matching) == 1, (feature.attributes(), matching)
        key = feature["n_persons"] if feature["status"] == "published" else feature["status"]
        drawn[key] = matching[0]
    return drawn


def grid_loaded_by_qgis(run, cells, rho=0.1):
    """The grid as the GUI loads it: the post-processor styles the layer."""
    context = QgsProcessingContext()
    context.setProject(QgsProject.instance())
    output = QgsProcessingOutputLayerDefinition("TEMPORARY_OUTPUT", QgsProject.instance())
    result = run("suppressedgrid", {"INPUT": people_in_cells(cells), "PERSON_FIELD": "person_id",
                                    "RHO": rho, "RESOLUTION": 100, "ORIGIN": ORIGIN,
                                    "OUTPUT": output}, context=context)
    layer = result["OUTPUT"]
    layer = layer if not isinstance(layer, str) else context.getMapLayer(layer)
    details = context.layerToLoadOnCompletionDetails(layer.id())
    details.postProcessor().postProcessLayer(layer, context, None)
    return layer


def test_grid_legend_shows_count_classes_from_k(run, tmp_path):
    output = tmp_path / "grid.gpkg"
    run("suppressedgrid", {"INPUT": people_in_cells(SPREAD_CELLS), "PERSON_FIELD": "person_id",
                           "RHO": 0.1, "RESOLUTION": 100, "ORIGIN": ORIGIN, "OUTPUT": str(output)})
    layer = QgsVectorLayer(str(output), "grid", "ogr")  # the style stored in the GeoPackage
    assert legend_labels(layer) == ["10–24", "25–49", "50 or more", "Withheld (not published)"]
    drawn = rule_of_each_feature(layer)
    expected = {12: "10–24", 30: "25–49", 60: "50 or more", "withheld": "Withheld (not published)"}
    assert "withheld" in drawn and len(drawn) >= 3  # suppression may withhold more than 3 and 2
    assert {key: expected[key] for key in drawn} == drawn
    hatch = layer.renderer().rootRule().children()[-1].symbol()
    assert "LinePatternFill" in [hatch.symbolLayer(i).layerType()
                                 for i in range(hatch.symbolLayerCount())]


def test_the_first_class_starts_at_k(run):
    few = grid_loaded_by_qgis(run, {(0, 0): 12, (1, 0): 15, (2, 0): 4})
    assert legend_labels(few) == ["10 or more", "Withheld (not published)"]
    at_five = grid_loaded_by_qgis(run, SPREAD_CELLS, rho=0.2)
    assert legend_labels(at_five)[:4] == ["5–9", "10–24", "25–49", "50 or more"]


def test_grid_legend_in_french(run, french):
    assert french is not None, "i18n/spatial_privacy_fr.qm is missing: run make translations"
    layer = grid_loaded_by_qgis(run, SPREAD_CELLS)
    assert legend_labels(layer) == ["10–24", "25–49", "50 ou plus", "Masquée (non publiée)"]


def test_the_gate_s_checked_grid_carries_the_grid_style(run, tmp_path):
    grid = tmp_path / "grid.gpkg"
    run("suppressedgrid", {"INPUT": people_in_cells(SPREAD_CELLS), "PERSON_FIELD": "person_id",
                           "RHO": 0.1, "RESOLUTION": 100, "ORIGIN": ORIGIN, "OUTPUT": str(grid)})
    checked = tmp_path / "checked.gpkg"
    gate(run, {"INPUT": str(grid), "RHO": 0.1, "OUTPUT": str(checked)})
    layer = QgsVectorLayer(str(checked), "checked", "ogr")
    assert legend_labels(layer) == ["10–24", "25–49", "50 or more", "Withheld (not published)"]


def zone_policy(folder):
    path = folder / "policy.toml"
    path.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                    'per_release_ceiling = 0.02\n', encoding="utf-8")
    return str(path)


def zone_risk_layer(run, folder):
    zones = point_layer([("POLYGON((0 0, 1000 0, 1000 1000, 0 1000, 0 0))", ["city"]),
                         ("POLYGON((1000 0, 5000 0, 5000 1000, 1000 1000, 1000 0))", ["edge"])],
                        "zone_id:string", geometry="Polygon")
    records = [((10 + i % 900, 10 + i // 10), [f"p{i}", ["F", "M"][i % 2], f"a{i % 5}", 50])
               for i in range(1000)]
    records += [((1500 + 100 * i, 500), [f"q{i}", "F", f"old{i // 2}", 50]) for i in range(10)]
    output = folder / "zones.gpkg"
    run("zonerisk", {"ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                     "RECORDS": point_layer(records, "person_id:string,sex:string,age:string,"
                                                     "weight:double"),
                     "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight",
                     "PERSON_FIELD": "person_id", "POLICY": zone_policy(folder),
                     "OUTPUT": str(output)})
    return QgsVectorLayer(str(output), "zones", "ogr")


def test_zone_risk_legend_has_the_ceiling_as_a_break(run, tmp_path):
    layer = zone_risk_layer(run, tmp_path)
    assert legend_labels(layer) == [
        "No estimate (blocks a release)", "0 % to 0.50 %", "0.50 % to 1.0 %", "1.0 % to 2.0 %",
        "2.0 % to 4.0 % (above the ceiling)", "4.0 % or more (above the ceiling)"]
    # The class that ends at the ceiling includes it: the gate fails only above it.
    rule = layer.renderer().rootRule().children()[3]
    assert rule.filterExpression().endswith('"p_reid" <= 0.02')


def test_zone_risk_legend_in_french(run, tmp_path, french):
    layer = zone_risk_layer(run, tmp_path)
    assert legend_labels(layer)[0] == "Aucune estimation (bloque une diffusion)"
    assert legend_labels(layer)[-1] == "4,0 % ou plus (au-dessus du plafond)"


def gate(run, parameters):
    return run("kanonymitygate", {"COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                                  **parameters})


def cells(rows):
    """Polygon cells (cell_id, n_persons, status), one 100 m square each."""
    return point_layer(
        [(f"POLYGON(({100 * i} 0, {100 * i + 100} 0, {100 * i + 100} 100, {100 * i} 100, "
          f"{100 * i} 0))", row) for i, row in enumerate(rows)],
        "cell_id:string,n_persons:integer,status:string", geometry="Polygon")


def test_a_failing_gate_names_its_records_and_writes_them_to_the_failed_layer(run, tmp_path):
    rows = [["c0", 12, "published"], ["c1", 3, "published"], ["c2", 25, "published"],
            ["c3", None, "withheld"], ["c4", 4, "withheld"]]
    rows += [[f"d{i}", 2, "published"] for i in range(6)]
    failed, output = tmp_path / "failed.gpkg", tmp_path / "checked.gpkg"
    with pytest.raises(QgsProcessingException) as raised:
        gate(run, {"INPUT": cells(rows), "RHO": 0.1, "OUTPUT": str(output),
                               "FAILED": str(failed)})
    message = str(raised.value)
    assert "Failing records: c1, c4, d0, d1, d2 and 3 more (all 8 in" in message
    assert not output.exists()  # the refused release itself is never written
    layer = QgsVectorLayer(str(failed), "failed", "ogr")
    reasons = {feature["cell_id"]: feature["gate_failure"] for feature in layer.getFeatures()}
    assert reasons == {"c1": "published count below k", "c4": "withheld but still carries a count",
                       **{f"d{i}": "published count below k" for i in range(6)}}
    assert not layer.getFeature(1).geometry().isEmpty()  # can be zoomed to


def test_a_passing_gate_writes_no_failed_layer(run, tmp_path):
    failed = tmp_path / "failed.gpkg"
    result = gate(run, {"INPUT": cells([["c0", 12, "published"], ["c1", None, "withheld"],
                                                    ["c2", 30, "published"]]),
                                    "RHO": 0.1, "OUTPUT": str(tmp_path / "checked.gpkg"),
                                    "FAILED": str(failed)})
    assert result["PASSED"] and "FAILED" not in result and not failed.exists()


def test_a_failing_gate_without_the_failed_layer_names_the_first_records(run):
    with pytest.raises(QgsProcessingException, match=r"Failing records: c1 \(give a file"):
        gate(run, {"INPUT": cells([["c0", 12, "published"], ["c1", 3, "published"]]),
                               "RHO": 0.1, "OUTPUT": "TEMPORARY_OUTPUT"})


def test_a_failing_audit_names_the_narrowed_records(run, tmp_path):
    # The published total 27 less the published 12 and 13 gives the one withheld cell: 2.
    failed = tmp_path / "failed.gpkg"
    with pytest.raises(QgsProcessingException, match="Failing records"):
        gate(run, {"INPUT": cells([["c0", 12, "published"], ["c1", None, "withheld"],
                                               ["c2", 13, "published"]]),
                               "RHO": 0.1, "PUBLISHED_TOTAL": 27, "OUTPUT": "TEMPORARY_OUTPUT",
                               "FAILED": str(failed)})
    layer = QgsVectorLayer(str(failed), "failed", "ogr")
    assert [(f["cell_id"], f["gate_failure"]) for f in layer.getFeatures()] == [
        ("c1", "withheld, an attacker recovers it exactly")]


def even_zones_layer(run, folder, extra):
    """Four 1 km zones of 400 records, each standing for 50 people, in 10 + ``extra`` × the
    zone's number profiles: risks alike (``extra`` 0: equal)."""
    squares = [(f"POLYGON(({x} 0, {x + 1000} 0, {x + 1000} 1000, {x} 1000, {x} 0))", [f"z{x}"])
               for x in range(0, 4000, 1000)]
    zones = point_layer(squares, "zone_id:string", geometry="Polygon")
    records = [((zone * 1000 + 10 + i % 980, 10 + (i * 7) % 980),
                [f"p{zone}_{i}", ["F", "M"][i % 2], f"a{i % (5 + extra * zone)}", 50])
               for zone in range(4) for i in range(400)]
    output = folder / f"even_{extra}.gpkg"
    run("zonerisk", {"ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                     "RECORDS": point_layer(records, "person_id:string,sex:string,age:string,"
                                                     "weight:double"),
                     "KEY_FIELDS": ["sex", "age"], "WEIGHT_FIELD": "weight",
                     "PERSON_FIELD": "person_id", "POLICY": zone_policy(folder),
                     "OUTPUT": str(output)})
    return QgsVectorLayer(str(output), "zones", "ogr")


def zone_classes(layer):
    """{legend label: zones it draws}, every zone drawn by exactly one rule."""
    context = QgsExpressionContext(QgsExpressionContextUtils.globalProjectLayerScopes(layer))
    drawn = {}
    for feature in layer.getFeatures():
        context.setFeature(feature)
        matching = [rule.label() for rule in layer.renderer().rootRule().children()
                    if QgsExpression(rule.filterExpression()).evaluate(context)]
        assert len(matching) == 1, (feature.attributes(), matching)
        drawn[matching[0]] = drawn.get(matching[0], 0) + 1
    return drawn


def test_zone_risk_on_alike_zones_shows_their_spread_with_visible_outlines(run, tmp_path):
    """Zones whose risks all fall in the lowest class (the sample city's) are drawn in classes
    split at their quantiles, with dark outlines (they were one pale square, outlined in
    white)."""
    layer = even_zones_layer(run, tmp_path, 1)
    risks = [feature["p_reid"] for feature in layer.getFeatures()]
    assert max(risks) < 0.005 and len(set(risks)) == 4  # all in the lowest class of before
    assert len(zone_classes(layer)) >= 2, zone_classes(layer)
    for rule in layer.renderer().rootRule().children()[1:]:  # after "No estimate" (hatched)
        outline = rule.symbol().symbolLayer(0).strokeColor()
        assert outline.lightness() < 128, (rule.label(), outline.name())


def test_zone_risk_on_equal_zones_says_all_zones_are_in_one_class(run, tmp_path):
    layer = even_zones_layer(run, tmp_path, 0)
    assert len({feature["p_reid"] for feature in layer.getFeatures()}) == 1
    assert list(zone_classes(layer)) == ["0 % to 0.50 % (all zones)"], zone_classes(layer)
