"""Differencing across geographies that do not nest: the gate audits the slivers."""

import pytest
from layers import point_layer
from qgis.core import NULL, QgsFeatureRequest, QgsProcessingException

FIELDS = "cell_id:string,n_persons:integer,status:string"
# The EU guidelines' worked case on one row of 100 m tiles: municipality A holds tiles 0-3
# (15 + 40 + 26 + 16 = 97) and the western 30 m of tile 4; B the rest of tile 4 and tile 5.
# Tile 4 holds 3 of A's people and 20 of B's; A = 100, B = 50.
TILES = [15, 40, 26, 16, 23, 30]


def tiles(statuses=None):
    statuses = statuses or ["published"] * len(TILES)
    return point_layer([(f"POLYGON(({100 * c} 0, {100 * c + 100} 0, {100 * c + 100} 100, "
                         f"{100 * c} 100, {100 * c} 0))",
                         [f"100m_{c}_0", count if status == "published" else NULL, status])
                        for c, (count, status) in enumerate(zip(TILES, statuses))],
                       FIELDS, geometry="Polygon")


def municipalities():
    return point_layer([("POLYGON((0 0, 430 0, 430 100, 0 100, 0 0))", ["A", 100]),
                        ("POLYGON((430 0, 600 0, 600 100, 430 100, 430 0))", ["B", 50])],
                       "name:string,n_persons:integer", geometry="Polygon")


def gate(run, layer, **extra):
    parameters = {"INPUT": layer, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 0.25, "AUDIT_LAYERS": [municipalities()], "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters)


def test_the_guidelines_worked_case_fails_on_as_sliver(run):
    # Every tile clears k = 4, so the plain gate passes ...
    assert gate(run, tiles(), AUDIT_LAYERS=[])["PASSED"]
    # ... but A - 97 = 3 people in A's part of tile 4.
    with pytest.raises(QgsProcessingException, match=r"100m_4_0 ∩ points: 1 \[3, 3\]"):
        gate(run, tiles())


def test_withholding_the_tiles_around_the_border_protects_the_sliver(run, feedback):
    # Tile 4 and A's smallest tile withheld: A's part of tile 4 is anywhere in [0, 17].
    protected = tiles(["withheld", "published", "published", "published", "withheld",
                       "published"])
    result = run("kanonymitygate", {"INPUT": protected, "COUNT_FIELD": "n_persons",
                                    "STATUS_FIELD": "status", "RHO": 0.25,
                                    "AUDIT_LAYERS": [municipalities()],
                                    "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    assert result["PASSED"] and result["MIN_INTERVAL_WIDTH"] >= 2
    assert any("in 7 pieces, 1 of them cut by an area's border" in m for m in feedback.messages)


def test_counts_of_distinct_people_bound_the_sliver_from_below_only(run):
    # People with points in several tiles: A (100 distinct) is at most the sum of its parts,
    # so A's part of tile 4 holds at least 3 and at most the tile's 23.
    assert gate(run, tiles(), PERSONS_TOTAL_KIND=1)["PASSED"]


def trips_in_two_cells(people, first, second):
    """Each person with one point in each of two 100 m cells."""
    points = []
    for person in range(people):
        for col, row in (first, second):
            points.append(((col * 100 + 50.0, row * 100 + 50.0), [f"p{person}"]))
    return point_layer(points)


def test_a_distinct_count_grid_is_audited_as_the_bounds_it_is(run):
    # 12 people each with points in two 100 m cells of one 200 m cell, 11 more in a third, and
    # 3 in the fourth (withheld).
    people = trips_in_two_cells(12, (0, 0), (1, 0))
    for count, cell, prefix in ((11, (0, 1), "q"), (3, (1, 1), "r")):
        people.dataProvider().addFeatures(list(point_layer(
            [((cell[0] * 100 + 50.0, cell[1] * 100 + 50.0), [f"{prefix}{i}"])
             for i in range(count)]).getFeatures()))
    common = {"INPUT": people, "PERSON_FIELD": "person_id", "RHO": 0.1,
              "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT"}
    fine = run("suppressedgrid", dict(common, RESOLUTION=100))["OUTPUT"]
    coarse = run("suppressedgrid", dict(common, RESOLUTION=200))["OUTPUT"]  # 26, not 38
    check = {"INPUT": fine, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status", "RHO": 0.1,
             "AUDIT_LAYERS": [coarse], "OUTPUT": "TEMPORARY_OUTPUT"}
    # The grid's layer says in its metadata that people have several points: read right.
    assert run("kanonymitygate", check)["PASSED"]
    # A copy without it is read as sums by default, where the coarse count is impossible.
    copy = fine.materialize(QgsFeatureRequest())
    with pytest.raises(QgsProcessingException, match="contradict"):
        run("kanonymitygate", dict(check, INPUT=copy))
    assert run("kanonymitygate", dict(check, INPUT=copy, PERSONS_TOTAL_KIND=1))["PASSED"]
    # A crafted leak: a withheld cell alone in a coarse cell whose distinct count is published.
    leak = point_layer([("POLYGON((0 0, 100 0, 100 100, 0 100, 0 0))", ["100m_0_0", 12, "published"]),
                        ("POLYGON((200 0, 300 0, 300 100, 200 100, 200 0))",
                         ["100m_2_0", NULL, "withheld"])], FIELDS, geometry="Polygon")
    parents = point_layer([("POLYGON((200 0, 400 0, 400 200, 200 200, 200 0))", [4])],
                          "n_persons:integer", geometry="Polygon")
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        run("kanonymitygate", dict(check, INPUT=leak, AUDIT_LAYERS=[parents],
                                   PERSONS_TOTAL_KIND=1))


def zones_without_counts():
    """The municipalities as the data holder has them: polygons, no counts yet."""
    return point_layer([("POLYGON((0 0, 430 0, 430 100, 0 100, 0 0))", ["A"]),
                        ("POLYGON((430 0, 600 0, 600 100, 430 100, 430 0))", ["B"])],
                       "name:string", geometry="Polygon")


def worked_case_people():
    """Points of people placed so that the tiles hold 15/40/26/16/23/30 and the municipalities
    100 and 50: tile 4 holds 3 people west of x = 430 (A) and 20 east of it (B)."""
    points = []
    for col, count in enumerate(TILES):
        for person in range(count):
            x = 100 * col + 5 + (person % 9) * 10
            if col == 4:
                x = 405 + person * 1.0 if person < 3 else 440 + (person - 3) * 3.0
            points.append(((x, 10 + person * 0.5), [f"p{col}_{person}"]))
    return point_layer(points)


def grid_with_zones(run, feedback=None, **extra):
    parameters = {"INPUT": worked_case_people(), "PERSON_FIELD": "person_id", "RHO": 0.25,
                  "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT",
                  "PUBLISHED_ZONES": [zones_without_counts()], "ZONE_COUNTS": "TEMPORARY_OUTPUT",
                  "SLIVER_REPORT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("suppressedgrid", parameters, feedback)


def test_the_grid_with_published_zones_protects_as_sliver_and_the_gate_passes(run, feedback):
    plain = run("suppressedgrid", {"INPUT": worked_case_people(), "PERSON_FIELD": "person_id",
                                   "RHO": 0.25, "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]",
                                   "OUTPUT": "TEMPORARY_OUTPUT"})
    counts = {f["cell_id"]: f["n_persons"] for f in plain["OUTPUT"].getFeatures()}
    assert [counts[f"100m_{c}_0"] for c in range(6)] == TILES  # the guidelines' tiles, all >= k
    protected = grid_with_zones(run, feedback)
    zone_counts = {f["name"]: (f["n_persons"], f["status"])
                   for f in protected["ZONE_COUNTS"].getFeatures()}
    assert zone_counts == {"A": (100, "published"), "B": (50, "published")}
    audit = {"COUNT_FIELD": "n_persons", "STATUS_FIELD": "status", "RHO": 0.25,
             "AUDIT_LAYERS": [protected["ZONE_COUNTS"]], "PERSONS_TOTAL": sum(TILES),
             "OUTPUT": "TEMPORARY_OUTPUT"}
    # Negative control: the plain grid beside the same zone counts gives A's sliver away.
    with pytest.raises(QgsProcessingException, match=r"100m_4_0 ∩ [^[]*: 1 \[3, 3\]"):
        run("kanonymitygate", dict(audit, INPUT=plain["OUTPUT"]))
    result = run("kanonymitygate", dict(audit, INPUT=protected["OUTPUT"]))
    assert result["PASSED"] and result["MIN_INTERVAL_WIDTH"] >= 2
    statuses = {f["cell_id"]: f["status"] for f in protected["OUTPUT"].getFeatures()}
    assert statuses["100m_4_0"] == "withheld"  # the sliver's own tile, and one of A's
    report = list(protected["SLIVER_REPORT"].getFeatures())
    sliver = [row for row in report if row["n_persons"] == 3]
    assert len(sliver) == 1 and sliver[0]["at_risk_before"]
    assert sliver[0]["lower_before"] == sliver[0]["upper_before"] == 3
    assert sliver[0]["upper_after"] - sliver[0]["lower_after"] >= 2
    assert sliver[0]["cost_cells"] == sum(s == "withheld" for s in statuses.values())


def test_a_zone_where_nobody_lives_is_withheld_and_passes_the_gate(run):
    # Zone C (a park east of the tiles) holds nobody, zone D 2 people (below k = 4): both
    # withheld (a published count below k fails the gate). The release gives C's 0 away
    # exactly, and the gate passes it: a count proven to be 0 gives nobody away.
    people = worked_case_people()
    people.dataProvider().addFeatures(list(point_layer(
        [((650.0, 20.0 + i), [f"d{i}"]) for i in range(2)]).getFeatures()))
    zones = zones_without_counts()
    zones.dataProvider().addFeatures(list(point_layer(
        [("POLYGON((600 0, 640 0, 640 100, 600 100, 600 0))", ["C"]),
         ("POLYGON((640 0, 700 0, 700 100, 640 100, 640 0))", ["D"])],
        "name:string", geometry="Polygon").getFeatures()))
    result = grid_with_zones(run, INPUT=people, PUBLISHED_ZONES=[zones])
    zone_counts = {f["name"]: (f["n_persons"], f["status"])
                   for f in result["ZONE_COUNTS"].getFeatures()}
    assert zone_counts["C"] == zone_counts["D"] == (NULL, "withheld")
    assert run("kanonymitygate", {"INPUT": result["OUTPUT"], "COUNT_FIELD": "n_persons",
                                  "STATUS_FIELD": "status", "RHO": 0.25,
                                  "AUDIT_LAYERS": [result["ZONE_COUNTS"]],
                                  "PERSONS_TOTAL": sum(TILES) + 2,
                                  "OUTPUT": "TEMPORARY_OUTPUT"})["PASSED"]


def test_zones_in_another_crs_are_reprojected_to_the_grid_s(run, feedback):
    from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsProject

    native = zones_without_counts()
    transform = QgsCoordinateTransform(native.crs(), QgsCoordinateReferenceSystem("EPSG:4326"),
                                       QgsProject.instance())
    elsewhere = []
    for feature in native.getFeatures():
        geometry = feature.geometry()
        geometry.transform(transform)
        elsewhere.append((geometry.asWkt(17), feature.attributes()))
    zones = point_layer(elsewhere, "name:string", crs="EPSG:4326", geometry="Polygon")
    reprojected = grid_with_zones(run, feedback, PUBLISHED_ZONES=[zones])
    assert any("reprojected from EPSG:4326" in message for message in feedback.messages)
    same = grid_with_zones(run)
    assert [(f["name"], f["n_persons"]) for f in reprojected["ZONE_COUNTS"].getFeatures()] == \
        [(f["name"], f["n_persons"]) for f in same["ZONE_COUNTS"].getFeatures()] == \
        [("A", 100), ("B", 50)]
    assert [f["status"] for f in reprojected["OUTPUT"].getFeatures()] == \
        [f["status"] for f in same["OUTPUT"].getFeatures()]


def test_zone_counts_of_people_with_several_points_are_distinct_and_audited_as_bounds(run):
    # 12 people with a point in each of two 100 m cells, 9 more in a third; zone A holds the
    # first cell and the western fifth of the second, B the rest.
    people = trips_in_two_cells(12, (0, 0), (1, 0))
    people.dataProvider().addFeatures(list(point_layer(
        [((250.0, 50.0), [f"q{i}"]) for i in range(9)]).getFeatures()))
    zones = point_layer([("POLYGON((0 0, 120 0, 120 100, 0 100, 0 0))", ["A"]),
                         ("POLYGON((120 0, 300 0, 300 100, 120 100, 120 0))", ["B"])],
                        "name:string", geometry="Polygon")
    result = run("suppressedgrid", {"INPUT": people, "PERSON_FIELD": "person_id", "RHO": 0.25,
                                    "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]",
                                    "PUBLISHED_ZONES": [zones], "ZONE_COUNTS": "TEMPORARY_OUTPUT",
                                    "OUTPUT": "TEMPORARY_OUTPUT"})
    # Distinct people: B holds the same 12 through their second points, and the 9.
    assert {f["name"]: f["n_persons"] for f in result["ZONE_COUNTS"].getFeatures()} == \
        {"A": 12, "B": 21}
    assert run("kanonymitygate", {"INPUT": result["OUTPUT"], "COUNT_FIELD": "n_persons",
                                  "STATUS_FIELD": "status", "RHO": 0.25,
                                  "AUDIT_LAYERS": [result["ZONE_COUNTS"]], "PERSONS_TOTAL": 21,
                                  "PERSONS_TOTAL_KIND": 1,
                                  "OUTPUT": "TEMPORARY_OUTPUT"})["PASSED"]


def test_a_zone_without_geometry_is_refused_by_its_feature_id(run, feedback):
    # Its count would be published without the zone it counts: refused, never left out.
    zones = zones_without_counts()
    zones.dataProvider().addFeatures(list(point_layer([(None, ["C"])], "name:string",
                                                      geometry="Polygon").getFeatures()))
    with pytest.raises(QgsProcessingException,
                       match=r"has 1 feature\(s\) without a geometry \(features 3\)"):
        grid_with_zones(run, feedback, PUBLISHED_ZONES=[zones])


def test_an_audit_layer_in_another_crs_still_shows_the_sliver(run):
    """Reprojected borders are not exactly straight: where a border runs along a cell edge it
    leaves hair-thin pieces in the cells beside it, which are borders, not places where people
    could hide from the subtraction (they hid A's sliver of 3 until the tolerance was raised).

    The worked case on 1 km tiles in two rows: A holds (0, 0), (1, 0), (0, 1), (1, 1) and the
    western 300 m of (2, 0); its border runs along the edges of (1, 1) and (2, 1)."""
    from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsGeometry, \
        QgsProject

    x0, y0 = 4_000_000, 3_000_000
    counts = {(0, 0): 15, (1, 0): 40, (2, 0): 23, (0, 1): 26, (1, 1): 16, (2, 1): 30}
    cells = point_layer([(f"POLYGON(({x0 + 1000 * c} {y0 + 1000 * r}, {x0 + 1000 * c + 1000} "
                          f"{y0 + 1000 * r}, {x0 + 1000 * c + 1000} {y0 + 1000 * r + 1000}, "
                          f"{x0 + 1000 * c} {y0 + 1000 * r + 1000}, {x0 + 1000 * c} "
                          f"{y0 + 1000 * r}))", [f"1000m_{c}_{r}", count, "published"])
                         for (c, r), count in counts.items()], FIELDS, geometry="Polygon")
    transform = QgsCoordinateTransform(QgsCoordinateReferenceSystem("EPSG:3035"),
                                       QgsCoordinateReferenceSystem("EPSG:4326"),
                                       QgsProject.instance())
    areas = []
    for wkt, name, count in (
            ("POLYGON((0 0,2300 0,2300 1000,2000 1000,2000 2000,0 2000,0 0))", "A", 100),
            ("POLYGON((2300 0,3000 0,3000 2000,2000 2000,2000 1000,2300 1000,2300 0))", "B", 50)):
        geometry = QgsGeometry.fromWkt(wkt)
        geometry.translate(x0, y0)
        geometry.transform(transform)
        areas.append((geometry.asWkt(17), [name, count]))
    reprojected = point_layer(areas, "name:string,n_persons:integer", crs="EPSG:4326",
                              geometry="Polygon")
    with pytest.raises(QgsProcessingException, match=r"1000m_2_0 ∩ points: 1 \[3, 3\]"):
        gate(run, cells, AUDIT_LAYERS=[reprojected])


def test_audit_layers_of_distinct_people_do_not_weaken_the_grid_s_own_totals(run):
    """The grid's parent total adds up its cells' counts: 22 − 5 − 7 − 7 recovers the withheld
    cell (3) with or without audit layers. Read as distinct people, a zone border cutting cells
    made the pieces' programme read each count only as a bound on its pieces, and the gate
    passed once the zone counts were given (an independent attacker's finding)."""
    fields = "cell_id:string,n_persons:integer,status:string,parent_id:string,parent_total:integer"
    cells = point_layer([(f"POLYGON(({1000 * c} {1000 * r}, {1000 * c + 1000} {1000 * r}, "
                          f"{1000 * c + 1000} {1000 * r + 1000}, {1000 * c} {1000 * r + 1000}, "
                          f"{1000 * c} {1000 * r}))",
                          [f"1000m_{c}_{r}", count, "published" if count is not NULL else
                           "withheld", "2000m_0_0", 22])
                         for (c, r), count in {(0, 0): NULL, (0, 1): 5, (1, 0): 7,
                                               (1, 1): 7}.items()], fields, geometry="Polygon")
    zones = point_layer([("POLYGON((0 0, 1500 0, 1500 2000, 0 2000, 0 0))", ["west", 12]),
                         ("POLYGON((1500 0, 2000 0, 2000 2000, 1500 2000, 1500 0))", ["east", 6])],
                        "name:string,n_persons:integer", geometry="Polygon")
    for audit_layers in ([], [zones]):
        with pytest.raises(QgsProcessingException, match="1000m_0_0"):
            gate(run, cells, AUDIT_LAYERS=audit_layers, PERSONS_TOTAL=16, PERSONS_TOTAL_KIND=1)


def test_zone_counts_of_two_zone_layers_audit_as_two_layers_in_one(run):
    """The grid writes the counts of every zone layer into one layer (``zone_layer`` names
    each): the gate reads its layers apart, since zones of different layers overlap."""
    districts = point_layer([("POLYGON((0 0, 250 0, 250 100, 0 100, 0 0))", ["west"]),
                             ("POLYGON((250 0, 600 0, 600 100, 250 100, 250 0))", ["east"])],
                            "district:string", geometry="Polygon")
    districts.setName("districts")
    municipalities = zones_without_counts()
    municipalities.setName("municipalities")
    protected = grid_with_zones(run, PUBLISHED_ZONES=[municipalities, districts])
    layers = {f["zone_layer"] for f in protected["ZONE_COUNTS"].getFeatures()}
    assert len(layers) == 2
    result = run("kanonymitygate", {
        "INPUT": protected["OUTPUT"], "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
        "RHO": 0.25, "AUDIT_LAYERS": [protected["ZONE_COUNTS"]], "PERSONS_TOTAL": sum(TILES),
        "OUTPUT": "TEMPORARY_OUTPUT"})
    assert result["PASSED"]


def districts():
    """A second published layer cutting every tile at y = 20, with the worked case's people
    counted in it: south of the line persons 0-19 of each tile, north the rest."""
    north = sum(max(0, count - 20) for count in TILES)
    return point_layer([("POLYGON((0 0, 600 0, 600 20, 0 20, 0 0))", ["S", sum(TILES) - north]),
                        ("POLYGON((0 20, 600 20, 600 100, 0 100, 0 20))", ["N", north])],
                       "name:string,n_persons:integer", geometry="Polygon")


def test_a_second_area_layer_does_not_hide_as_sliver(run):
    # The districts cut A's part of tile 4 in two pieces, each in [0, 3] alone; their sum,
    # A's part of the tile, is still A - 97 = 3 (found by an independent attacker).
    # (Both layers are named "points": the message tells them apart by their place.)
    with pytest.raises(QgsProcessingException, match=r"100m_4_0 ∩ points: 1 \(#1\) \[3, 3\]"):
        gate(run, tiles(), AUDIT_LAYERS=[municipalities(), districts()])
    with pytest.raises(QgsProcessingException, match=r"100m_4_0 ∩ points: 1 \(#2\) \[3, 3\]"):
        gate(run, tiles(), AUDIT_LAYERS=[districts(), municipalities()])
    # The negative control: tiles 0 and 4 withheld protect it beside both layers.
    protected = tiles(["withheld", "published", "published", "published", "withheld",
                       "published"])
    assert gate(run, protected, AUDIT_LAYERS=[municipalities(), districts()])["PASSED"]


def test_an_audit_layer_whose_areas_overlap_is_refused_and_nothing_is_written(run, tmp_path):
    # Municipalities and districts in one layer without a zone_layer field: cut as one
    # partition, A's part of tile 4 would count in one of them only (found by an independent
    # attacker: such a release passed). Each layer apart is audited (the control).
    both = municipalities()
    both.dataProvider().addFeatures(list(districts().getFeatures()))
    output = tmp_path / "checked.gpkg"
    with pytest.raises(QgsProcessingException, match="areas that overlap.*zone_layer"):
        gate(run, tiles(), AUDIT_LAYERS=[both], OUTPUT=str(output))
    assert not output.exists()
    with pytest.raises(QgsProcessingException, match=r"100m_4_0 ∩ [^[]*\[3, 3\]"):
        gate(run, tiles(), AUDIT_LAYERS=[municipalities(), districts()])


def test_an_area_count_below_k_published_beside_the_grid_fails(run):
    # Tiles 4 and 5 withheld (wide apart from the areas); zone C publishes 2 people (k = 4),
    # whatever its status field says, and a zone of nobody publishes 0 (not under this
    # policy). The control: C withheld (NULL) passes.
    protected = tiles(["withheld", "published", "published", "published", "withheld",
                       "published"])
    small = point_layer([("POLYGON((0 0, 600 0, 600 100, 0 100, 0 0))", ["all", 150]),
                         ("POLYGON((600 0, 650 0, 650 100, 600 100, 600 0))", ["C", 2]),
                         ("POLYGON((650 0, 700 0, 700 100, 650 100, 650 0))", ["D", 0])],
                        "name:string,n_persons:integer", geometry="Polygon")
    with pytest.raises(QgsProcessingException, match=r"2 published area count\(s\).*k = 4"):
        gate(run, protected, AUDIT_LAYERS=[small])
    withheld = point_layer([("POLYGON((0 0, 600 0, 600 100, 0 100, 0 0))", ["all", 150]),
                            ("POLYGON((600 0, 650 0, 650 100, 600 100, 600 0))", ["C", NULL])],
                           "name:string,n_persons:integer", geometry="Polygon")
    assert gate(run, protected, AUDIT_LAYERS=[withheld])["PASSED"]


def test_a_release_of_fewer_than_k_people_fails_whatever_its_cells_show(run):
    # Six withheld cells of one person each: every cell is protected, yet the number of
    # people the release states (3) is itself a place of fewer than k = 4 (found by an
    # independent attacker). With 12 people (the control) the same cells pass.
    cells = point_layer([(f"POLYGON(({x} 0, {x + 100} 0, {x + 100} 100, {x} 100, {x} 0))",
                          [f"100m_{x // 100}_0", NULL, "withheld"]) for x in range(0, 600, 100)],
                        FIELDS, geometry="Polygon")
    check = {"INPUT": cells, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status", "RHO": 0.25,
             "PERSONS_TOTAL": 3, "PERSONS_TOTAL_KIND": 1, "OUTPUT": "TEMPORARY_OUTPUT"}
    with pytest.raises(QgsProcessingException, match="states 3 people, fewer than k = 4"):
        run("kanonymitygate", check)
    assert run("kanonymitygate", dict(check, PERSONS_TOTAL=12))["PASSED"]
