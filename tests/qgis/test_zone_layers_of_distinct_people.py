"""Zone counts of people with several points, beside the grid: two cases an independent
black-box attacker (an integer programme over kinds of people) found the gate to pass."""

import pytest
from layers import point_layer
from qgis.core import NULL, QgsFeatureRequest, QgsProcessingException

TOWN = "POLYGON((1232 102, 1554 102, 1554 830, 1232 830, 1232 102))"
COUNTRY_AROUND_TOWN = ("POLYGON((0 0, 2000 0, 2000 1000, 0 1000, 0 0), "
                       "(1232 102, 1232 830, 1554 830, 1554 102, 1232 102))")
SOUTH = "POLYGON((0 0, 2000 0, 2000 450, 1000 162, 0 725, 0 0))"
NORTH = "POLYGON((0 725, 1000 162, 2000 450, 2000 1000, 0 1000, 0 725))"
# Eleven people with one to three points each, in two cells of 1 km.
TRIPS = [[(271.1, 59.8), (1661.0, 865.6), (543.4, 0.01)],
         [(1065.7, 690.9), (1150.3, 974.7), (1756.6, 769.8)], [(1279.6, 752.4), (1619.4, 387.5)],
         [(1783.8, 589.9)], [(647.1, 815.8)], [(445.7, 59.4)],
         [(645.1, 387.3), (238.0, 905.1), (68.9, 999.99)],
         [(213.2, 976.0), (965.9, 586.1), (1552.7, 136.5)], [(1342.8, 253.5)], [(211.7, 347.3)],
         [(340.0, 133.7), (0.01, 328.2), (851.2, 607.7)]]


def trips(people):
    return point_layer([(point, [f"p{person}"]) for person, points in enumerate(people)
                        for point in points])


def zone_layer(name, zones):
    layer = point_layer([(wkt, [zone]) for zone, wkt in zones], "name:string",
                        geometry="Polygon")
    layer.setName(name)
    return layer


def two_layers():
    return [zone_layer("towns", [("town", TOWN), ("country", COUNTRY_AROUND_TOWN)]),
            zone_layer("halves", [("south", SOUTH), ("north", NORTH)])]


def grid(run, rho, **extra):
    """The grid's run; RHO None is left out (a policy file gives it)."""
    parameters = dict({
        "INPUT": trips(TRIPS), "PERSON_FIELD": "person_id", "RHO": rho, "RESOLUTION": 1000,
        "ORIGIN": "0,0 [EPSG:3035]", "MARGINALS": 1, "OUTPUT": "TEMPORARY_OUTPUT"}, **extra)
    return run("suppressedgrid", {name: value for name, value in parameters.items()
                                  if value is not None})


def gate(run, cells, zone_counts, **extra):
    """The gate's run; a parameter given as None is left out."""
    parameters = dict({
        "INPUT": cells, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status", "RHO": 1 / 6,
        "AUDIT_LAYERS": [zone_counts], "PERSONS_TOTAL": len(TRIPS), "PERSONS_TOTAL_KIND": 1,
        "OUTPUT": "TEMPORARY_OUTPUT"}, **extra)
    return run("kanonymitygate", {name: value for name, value in parameters.items()
                                  if value is not None})


def test_a_cell_s_piece_in_a_zone_cut_by_a_second_zone_layer_is_protected_whole(run):
    # Cell (0, 0) holds 7 and lies in the country around the town (10): cell (1, 0)'s piece
    # there holds at least 3; the cells count 13 people of 11, so at most 2 are in both,
    # and the piece holds at most 5. The halves cut that piece in two, each wide alone.
    unprotected = grid(run, 0.9, PUBLISHED_ZONES=two_layers(), ZONE_COUNTS="TEMPORARY_OUTPUT")
    assert {f["status"] for f in unprotected["ZONE_COUNTS"].getFeatures()} == {"published"}
    plain = grid(run, 1 / 6)
    # The zones' own counts (k = 2 publishes them all); the plain grid beside them gives the
    # piece away: the negative control.
    with pytest.raises(QgsProcessingException, match=r"1000m_1_0 ∩ [^[]*\[3, 5\]"):
        gate(run, plain["OUTPUT"], unprotected["ZONE_COUNTS"])
    protected = grid(run, 1 / 6, PUBLISHED_ZONES=two_layers(), ZONE_COUNTS="TEMPORARY_OUTPUT")
    assert gate(run, protected["OUTPUT"], protected["ZONE_COUNTS"])["PASSED"]


def test_a_zone_counted_as_nobody_gives_the_withheld_zone_away_as_everybody(run, tmp_path):
    # Three people in two cells (both withheld below k = 4); the zone east of x = 1300 is
    # published as 0 (a release this plugin does not make; the policy publishes zeros), so
    # every person is in the withheld zone west of it: exactly 3.
    policy = tmp_path / "zeros.toml"
    policy.write_text('rho = 0.25\ntolerance = 0.2\ncounting_unit = "person"\n'
                      'publish_zeros = true\n', encoding="utf-8")
    people = [[(200, 300), (1100, 500)], [(400, 700)], [(1200, 200)]]
    # The grid refuses a release of 3 people it states (fewer than k): made under a policy that
    # keeps the number secret, the gate is then told it all the same.
    secret = tmp_path / "secret.toml"
    secret.write_text('rho = 0.25\ntolerance = 0.2\ncounting_unit = "person"\n'
                      'population_total_secret = true\n', encoding="utf-8")
    cells = grid(run, None, INPUT=trips(people), POLICY=str(secret))["OUTPUT"]
    assert {f["status"] for f in cells.getFeatures()} == {"withheld"}
    zone_counts = point_layer(
        [("POLYGON((0 0, 1300 0, 1300 1000, 0 1000, 0 0))", ["west", NULL, "withheld"]),
         ("POLYGON((1300 0, 2000 0, 2000 1000, 1300 1000, 1300 0))", ["east", 0, "published"])],
        "name:string,n_persons:integer,status:string", geometry="Polygon")
    with pytest.raises(QgsProcessingException, match=r"withheld area count.*\[3, 3\]"):
        gate(run, cells, zone_counts, RHO=None, POLICY=str(policy), PERSONS_TOTAL=3)
    # The control: without the number of people, the withheld zone holds 2 or more.
    assert gate(run, cells, zone_counts, RHO=None, POLICY=str(policy),
                PERSONS_TOTAL=None)["PASSED"]


# Fourteen people in three cells of 1 km, two zone layers: west of x = 1020 (a strip of cell
# (1, 0)) and the rest; west of x = 1850 and the rest.
STRIP_PEOPLE = [[(1017.95, 881.13)], [(1008.88, 151.21), (2224.90, 801.24)], [(663.07, 301.12)],
                [(1011.66, 484.65)], [(271.21, 342.25)], [(1411.61, 771.47), (2815.38, 475.27)],
                [(514.14, 416.39), (2509.43, 476.66)], [(101.34, 762.95)],
                [(2232.42, 506.40), (873.43, 972.05)], [(679.89, 144.62), (1010.35, 312.28)],
                [(2382.33, 14.92), (224.71, 826.40)], [(2035.31, 188.45), (1538.08, 802.10)],
                [(1006.20, 491.71)], [(2511.85, 421.62), (1834.49, 920.94)]]


def strip_layers():
    def halves(name, x):
        return zone_layer(name, [("west", f"POLYGON((0 0, {x} 0, {x} 1000, 0 1000, 0 0))"),
                                 ("east", f"POLYGON(({x} 0, 3000 0, 3000 1000, {x} 1000, {x} 0))")])
    return [halves("strip", 1020), halves("halves", 1850)]


def test_people_outside_a_zone_all_in_one_cell_bound_its_piece_in_the_zone(run):
    # The halves' west holds all 14: everybody has a point west of x = 1850. The strip's
    # west holds 11, so 3 people have no point west of x = 1020 and all lie in cell (1, 0)
    # (8) east of the strip: the strip's piece of that cell holds at most 8 - 3 = 5 people,
    # and at least 11 - 7 (cell (0, 0)) = 4 (found by an independent attacker).
    counts = grid(run, 0.9, INPUT=trips(STRIP_PEOPLE), RESOLUTION=1000,
                  PUBLISHED_ZONES=strip_layers(), ZONE_COUNTS="TEMPORARY_OUTPUT")["ZONE_COUNTS"]
    release = {(f["zone_layer"], f["name"]): f["n_persons"] for f in counts.getFeatures()}
    assert release[("strip", "west")] == 11 and release[("halves", "west")] == 14
    plain = grid(run, 1 / 7, INPUT=trips(STRIP_PEOPLE))
    assert {f["status"] for f in plain["OUTPUT"].getFeatures()} == {"published"}
    with pytest.raises(QgsProcessingException, match=r"1000m_1_0 ∩ [^[]*\[4, 5\]"):
        gate(run, plain["OUTPUT"], counts, RHO=1 / 7, PERSONS_TOTAL=len(STRIP_PEOPLE))
    # The grid with both layers protects it, and passes its own gate.
    protected = grid(run, 1 / 7, INPUT=trips(STRIP_PEOPLE), PUBLISHED_ZONES=strip_layers(),
                     ZONE_COUNTS="TEMPORARY_OUTPUT")
    assert gate(run, protected["OUTPUT"], protected["ZONE_COUNTS"], RHO=1 / 7,
                PERSONS_TOTAL=len(STRIP_PEOPLE))["PASSED"]


def test_a_withheld_zone_that_is_a_published_cell_is_that_cell_s_count(run):
    # Cell (0, 0) (6 people) is published; zone "south" of the second layer is that cell,
    # withheld, and the first layer's border cuts the cell: the zone is the cell's pieces
    # together, exactly 6 (found by an independent attacker; with one layer the gate saw it).
    people = [[(858.2, 336.2)], [(40.4, 423.7)], [(809.3, 949.5)], [(691.4, 979.4)],
              [(569.5, 610.9)], [(232.2, 850.1), (442.1, 1812.4)]]
    plain = grid(run, 0.2, INPUT=trips(people), MARGINALS=0)["OUTPUT"]
    assert [f["status"] for f in plain.getFeatures()] == ["published", "withheld"]

    def zones(*layers):
        return point_layer(
            [(f"POLYGON((0 {low}, 1000 {low}, 1000 {high}, 0 {high}, 0 {low}))",
              [layer, name, NULL, "withheld"]) for layer, border in layers
             for name, low, high in (("south", 0, border), ("north", border, 2000))],
            "zone_layer:string,name:string,n_persons:integer,status:string", geometry="Polygon")
    with pytest.raises(QgsProcessingException, match=r"withheld area count.*\[6, 6\]"):
        gate(run, plain, zones(("first", 935.3), ("cells", 1000)), RHO=0.2,
             PERSONS_TOTAL=len(people))
    # The control: the first layer alone leaves its zones wide.
    assert gate(run, plain, zones(("first", 935.3)), RHO=0.2, PERSONS_TOTAL=len(people))["PASSED"]


def test_a_withheld_zone_holding_a_published_one_holds_at_least_its_people(run):
    # The north of y = 672.6 publishes all 8 people; the north of y = 245.1, withheld, holds
    # it, so at least 8 and at most the 8 people: exactly 8 (found by an independent
    # attacker). Without the number of people (the control) it holds 8 or more.
    people = [[(672.4, 920.0), (1023.8, 908.2), (1826.0, 863.6)],
              [(854.8, 851.7), (1796.2, 917.8)], [(1671.0, 760.9), (182.7, 965.6)],
              [(884.9, 932.2)], [(465.5, 823.4), (1505.4, 867.4)],
              [(468.1, 753.5), (749.3, 946.2), (1740.5, 762.4)],
              [(144.7, 721.3), (1422.9, 884.5), (1118.0, 684.5)],
              [(201.6, 689.8), (1667.2, 870.9), (982.9, 939.4)]]
    plain = grid(run, 1 / 3, INPUT=trips(people), MARGINALS=0)["OUTPUT"]
    assert {f["status"] for f in plain.getFeatures()} == {"published"}
    zones = point_layer(
        [(f"POLYGON((0 {low}, 2000 {low}, 2000 {high}, 0 {high}, 0 {low}))",
          [layer, name, count, "published" if count else "withheld"])
         for layer, border, north in (("upper", 672.6, 8), ("bands", 245.1, NULL))
         for name, low, high, count in (("south", 0, border, NULL),
                                        ("north", border, 1000, north))],
        "zone_layer:string,name:string,n_persons:integer,status:string", geometry="Polygon")
    with pytest.raises(QgsProcessingException, match=r"withheld area count.*\[8, 8\]"):
        gate(run, plain, zones, RHO=1 / 3, PERSONS_TOTAL=len(people))
    # The grid's layer states its number of people in its metadata: the control is a copy
    # without it.
    assert gate(run, plain.materialize(QgsFeatureRequest()), zones, RHO=1 / 3,
                PERSONS_TOTAL=None)["PASSED"]


def test_a_withheld_zone_a_hair_off_a_published_one_is_its_count_with_the_strips_empty(run):
    # Two layers split the grid at x = 500, one a millimetre west of it, the other 30 µm
    # either side; read with the strips between them empty, the first's withheld east is the
    # second's published east, 4 (found by an independent attacker; the gate's empty reading
    # did not see through the strips). The control: the first layer alone passes.
    people = [[(883.0, 1076.5), (186.6, 1276.7), (792.0, 1284.9)],
              [(449.96, 873.35), (175.7, 600.6), (411.0, 1266.4)],
              [(953.5, 151.6), (931.1, 1011.8)],
              [(685.0, 1175.1), (814.43, 263.06), (409.9, 791.0)],
              [(219.7, 1749.3), (973.0, 1746.5)], [(75.88, 52.58)], [(424.6, 194.1)],
              [(162.2, 1822.4)], [(232.78, 1842.53), (88.0, 1323.1)]]
    cells = grid(run, 0.25, INPUT=trips(people), MARGINALS=0)["OUTPUT"]
    assert [f["n_persons"] for f in cells.getFeatures()] == [5, 7]

    def halves(west, east, counts):
        return point_layer([(west, ["west", counts[0]]), (east, ["east", counts[1]])],
                           "name:string,n_persons:integer", geometry="Polygon")
    first = halves("POLYGON((0 0, 499.999 0, 499.999 2000, 0 2000, 0 0))",
                   "POLYGON((499.999 0, 1000 0, 1000 2000, 499.999 2000, 499.999 0))", (8, NULL))
    second = halves("POLYGON((0 0, 500.00003 0, 500.00003 1189.4, 499.99997 1189.4, "
                    "499.99997 2000, 0 2000, 0 0))",
                    "POLYGON((500.00003 0, 1000 0, 1000 2000, 499.99997 2000, 499.99997 1189.4, "
                    "500.00003 1189.4, 500.00003 0))", (8, 4))
    with pytest.raises(QgsProcessingException, match=r"withheld area count.*\[4, 4\]"):
        gate(run, cells, first, RHO=0.25, PERSONS_TOTAL=len(people),
             AUDIT_LAYERS=[first, second])
    assert gate(run, cells, first, RHO=0.25, PERSONS_TOTAL=len(people),
                AUDIT_LAYERS=[first])["PASSED"]


def test_the_gate_read_as_one_point_per_person_names_the_setting_for_several(run, tmp_path):
    # The default reading (each count the sum of its parts) contradicts counts of distinct
    # people with several points each: the message names the setting that reads them as
    # such, and nothing is written; with that setting the same release passes.
    protected = grid(run, 1 / 6, PUBLISHED_ZONES=two_layers(), ZONE_COUNTS="TEMPORARY_OUTPUT")
    output = tmp_path / "checked.gpkg"
    with pytest.raises(QgsProcessingException,
                       match=r"contradict.*PERSONS_TOTAL_KIND\) to 'people may have several"):
        gate(run, protected["OUTPUT"], protected["ZONE_COUNTS"], PERSONS_TOTAL_KIND=None,
             OUTPUT=str(output))
    assert not output.exists()
    assert gate(run, protected["OUTPUT"], protected["ZONE_COUNTS"],
                OUTPUT=str(output))["PASSED"]


def kinds_interval(n_atoms, published, target, people):
    """(min, max) of the people with a point in the ``target`` atom, over kinds of people (one
    whole unknown per non-empty set of atoms a person has points in): each published distinct
    count (atoms, count) is the number of people whose kind meets its atoms."""
    from itertools import combinations

    from scipy.optimize import Bounds, LinearConstraint, milp

    kinds = [set(kind) for size in range(1, n_atoms + 1)
             for kind in combinations(range(n_atoms), size)]
    rows = [[1.0 if kind & set(atoms) else 0.0 for kind in kinds] for atoms, _ in published]
    counts = [count for _, count in published]
    rows.append([1.0] * len(kinds))
    counts.append(people)
    constraints = LinearConstraint(rows, counts, counts)
    objective = [1.0 if target in kind else 0.0 for kind in kinds]
    ends = [milp([sign * value for value in objective], constraints=constraints,
                 integrality=[1] * len(kinds), bounds=Bounds(0, people)) for sign in (1, -1)]
    return round(ends[0].fun), round(-ends[1].fun)


# One 100 m cell of 9 people with one to three points; "halves" splits it at x = 70 (the east
# half above y = 40 only, a hole below), "bands" has a west strip (nobody: withheld) and the
# part east of x = 40. The 3 people outside "bands: east" all lie in "halves: west", which
# counts 4: at most 1 of its people is east of x = 40 (found by an independent attacker).
TRIPLES = [[(28.2, 68.7)], [(27.3, 80.3)], [(27.7, 68.2)], [(84.4, 74.9), (79.7, 25.0), (87.3, 20.2)],
           [(86.7, 16.3), (79.2, 79.1), (85.6, 76.1)], [(49.8, 74.5)], [(79.3, 66.0)],
           [(84.2, 23.8), (91.0, 76.4)], [(90.0, 17.3)]]


def test_the_people_outside_a_zone_all_in_another_bound_that_zone_s_people_in_it(run):
    # Atoms: x < 10 (west ∩ strip), 10-40 (west, no band), 40-70 (west ∩ east band), east half
    # above y = 40 (∩ east band), below it (no half ∩ east band).
    assert kinds_interval(5, [([0, 1, 2], 4), ([3], 4), ([2, 3, 4], 6)], 2, 9) == (0, 1)
    cells = point_layer([("POLYGON((0 0, 100 0, 100 100, 0 100, 0 0))", ["100m_0_0", 9,
                                                                         "published"])],
                        "cell_id:string,n_persons:integer,status:string", geometry="Polygon")
    halves = point_layer([("POLYGON((-20 -20, 70 -20, 70 120, -20 120, -20 -20))", ["west", 4]),
                          ("POLYGON((70 40, 120 40, 120 120, 70 120, 70 40))", ["east", 4])],
                         "name:string,n_persons:integer", geometry="Polygon")
    bands = point_layer([("POLYGON((-20 -20, 10 -20, 10 120, -20 120, -20 -20))", ["strip", NULL]),
                         ("POLYGON((40 -20, 120 -20, 120 120, 40 120, 40 -20))", ["east", 6])],
                        "name:string,n_persons:integer", geometry="Polygon")
    parameters = {"INPUT": cells, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 1 / 3, "PROTECTION_LEVEL": 4, "AUDIT_LAYERS": [halves, bands],
                  "PERSONS_TOTAL": 9, "PERSONS_TOTAL_KIND": 1, "OUTPUT": "TEMPORARY_OUTPUT"}
    with pytest.raises(QgsProcessingException, match=r"100m_0_0 ∩ [^[]*\[0, 1\]"):
        run("kanonymitygate", parameters)
    # The negative control: without the east band's count the piece is wide, and it passes.
    low, high = kinds_interval(5, [([0, 1, 2], 4), ([3], 4)], 2, 9)
    assert high - low >= 4
    bands.startEditing()
    east = [feature.id() for feature in bands.getFeatures() if feature["name"] == "east"][0]
    bands.changeAttributeValue(east, 1, NULL)
    bands.commitChanges()
    assert run("kanonymitygate", parameters)["PASSED"]
