"""The attacker reads everything a release publishes (SPEC section 7), through Processing.

Each reproduction of issue 14 twice: the leaking layer an earlier version wrote (made by hand
here) must fail the gate, and the grid this version writes must protect the cell (or refuse).
"""

import re

import pytest
from layers import people_in_cells, point_layer
from qgis.core import NULL, QgsProcessingException

ORIGIN = "0,0 [EPSG:3035]"
GRID_FIELDS = ("cell_id:string,n_persons:integer,status:string,parent_id:string,"
               "parent_total:integer,grand_total:integer")


def grid_layer(cells, size=100.0):
    """A published grid by hand: (col, row, n_persons, status, parent_id, parent_total,
    grand_total) per cell; a cell may carry its own size as an eighth value."""
    features = []
    for col, row, count, status, parent, parent_total, grand_total, *own in cells:
        side = own[0] if own else size
        x0, y0 = col * side, row * side
        wkt = f"POLYGON(({x0} {y0}, {x0 + side} {y0}, {x0 + side} {y0 + side}, {x0} {y0 + side}, " \
              f"{x0} {y0}))"
        features.append((wkt, [f"{side:g}m_{col}_{row}", count, status, parent, parent_total,
                               grand_total]))
    return point_layer(features, GRID_FIELDS, geometry="Polygon")


def grid(run, cells, feedback=None, **extra):
    parameters = {"INPUT": people_in_cells(cells), "PERSON_FIELD": "person_id", "RHO": 0.1,
                  "RESOLUTION": 100, "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT",
                  "AUDIT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("suppressedgrid", parameters, feedback)


def gate(run, layer, **extra):
    parameters = {"INPUT": layer, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 0.1, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters)


def audit_rows(result):
    return {f["cell_id"]: f for f in result["AUDIT"].getFeatures()}


def test_status_labels_of_older_layers_give_cells_away_and_new_ones_say_withheld(run):
    # 1 person beside 10 in one 200 m parent of total 11 (k = 10).
    leaking = grid_layer([(0, 0, NULL, "primary", "200m_0_0", 11, NULL),
                          (1, 0, NULL, "complementary", "200m_0_0", 11, NULL)])
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        gate(run, leaking)  # primary <= 9 and complementary >= 10 leave 1 and 10
    result = grid(run, {(0, 0): 1, (1, 0): 10}, MARGINALS=2, PARENT_FACTOR=2)
    statuses = {f["cell_id"]: f["status"] for f in result["OUTPUT"].getFeatures()}
    assert statuses == {"100m_0_0": "withheld", "100m_1_0": "withheld"}
    assert {f["reason"] for f in result["AUDIT"].getFeatures()} == {"primary", "complementary"}
    assert all(f["width"] >= 5 and f["ok"] for f in result["AUDIT"].getFeatures())
    assert gate(run, result["OUTPUT"], PERSONS_TOTAL=11)["PASSED"]


def test_emitted_cells_are_not_empty(run, tmp_path):
    # Cells of 1, 1 and 5 people, k = 3 (rho 0.34), p = 2, the grand total 7 published: with
    # the two 1s withheld, each lies in [1, 1].
    policy = tmp_path / "k3.toml"
    policy.write_text('rho = 0.34\ntolerance = 0.5\ncounting_unit = "person"\n'
                      'protection_level = 2\n', encoding="utf-8")
    leaking = grid_layer([(0, 0, NULL, "withheld", NULL, NULL, 7),
                          (1, 0, NULL, "withheld", NULL, NULL, 7),
                          (2, 0, 5, "published", NULL, NULL, 7)])
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        gate(run, leaking, RHO=None, POLICY=str(policy))
    result = grid(run, {(0, 0): 1, (1, 0): 1, (2, 0): 5}, RHO=None, POLICY=str(policy),
                  MARGINALS=1)
    cells = {f["cell_id"]: (f["status"], f["n_persons"]) for f in result["OUTPUT"].getFeatures()}
    assert cells["100m_2_0"] == ("withheld", NULL)  # the complement, or the 1s are exact
    assert all(f["width"] >= 2 for f in result["AUDIT"].getFeatures())
    assert gate(run, result["OUTPUT"], RHO=None, POLICY=str(policy), PUBLISHED_TOTAL=7)["PASSED"]


def test_the_number_of_people_gives_a_lone_withheld_cell_away(run, feedback):
    leaking = grid_layer([(0, 0, 12, "published", NULL, NULL, NULL),
                          (1, 0, NULL, "withheld", NULL, NULL, NULL)])
    gate(run, leaking)  # without the number of people nothing narrows it ...
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        gate(run, leaking, PERSONS_TOTAL=15)  # ... with it, 15 - 12 = 3
    # Several points per person: the cells add up to at least 15, so the cell holds at least 3.
    assert gate(run, leaking, PERSONS_TOTAL=15, PERSONS_TOTAL_KIND=1)["PASSED"]
    result = grid(run, {(0, 0): 12, (1, 0): 3}, feedback)
    assert {f["status"] for f in result["OUTPUT"].getFeatures()} == {"withheld"}
    assert gate(run, result["OUTPUT"], PERSONS_TOTAL=15)["PASSED"]
    assert any("know the number of people" in message for message in feedback.messages)


def test_the_gate_warns_when_it_audits_without_the_number_of_people(run, feedback):
    layer = grid_layer([(0, 0, 12, "published", NULL, NULL, NULL),
                        (1, 0, NULL, "withheld", NULL, NULL, NULL)])
    run("kanonymitygate", {"INPUT": layer, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                           "RHO": 0.1, "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    assert any("does not know the number of people" in message for message in feedback.messages)


def test_the_default_origin_is_no_data_coordinate(run, feedback):
    # A lone south-western person at an awkward position, beside a town of 30.
    lone = (123456.789, 654321.125)
    points = [(lone, ["lone"])] + [((125_000.0 + i, 655_000.0), [f"t{i}"]) for i in range(30)]
    layer = point_layer(points)
    swept = run("resolutionsweep", {"INPUT": layer, "PERSON_FIELD": "person_id", "RHO": 0.1,
                                    "RESOLUTIONS": "250,1000", "OUTPUT": "TEMPORARY_OUTPUT"},
                feedback)
    made = run("suppressedgrid", {"INPUT": layer, "PERSON_FIELD": "person_id", "RHO": 0.1,
                                  "RESOLUTION": 250, "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    written = [value for f in swept["OUTPUT"].getFeatures() for value in f.attributes()]
    for cell in made["OUTPUT"].getFeatures():
        box = cell.geometry().boundingBox()
        written += [box.xMinimum(), box.yMinimum(), box.xMaximum(), box.yMaximum()]
        assert box.xMinimum() % 250 == 0 and box.yMinimum() % 250 == 0
    numbers = {float(v) for v in written if isinstance(v, (int, float))}
    for message in feedback.messages:
        numbers |= {float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", message)}
    for coordinate in lone:
        assert not any(abs(n - coordinate) < 1e-6 for n in numbers), coordinate
    origin = next(swept["OUTPUT"].getFeatures())
    assert (origin["origin_x"], origin["origin_y"]) == (123000.0, 654000.0)  # multiple of 1 km


def test_the_gate_audits_with_the_layers_own_totals_columns(run):
    # The parent total on the layer itself gives the lone withheld child away: 20 - 12 = 8.
    leaking = grid_layer([(0, 0, 12, "published", "200m_0_0", 20, NULL),
                          (1, 0, NULL, "withheld", "200m_0_0", 20, NULL)])
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        gate(run, leaking)


def test_the_gate_refuses_overlapping_duplicate_and_geometry_less_cells(run):
    # A 1 km cell of 12 around a 250 m cell of 10: the ring publishes 2.
    ring = grid_layer([(0, 0, 12, "published", NULL, NULL, NULL, 1000.0),
                       (1, 1, 10, "published", NULL, NULL, NULL, 250.0)])
    with pytest.raises(QgsProcessingException, match="overlap"):
        gate(run, ring)
    twice = grid_layer([(0, 0, 12, "published", NULL, NULL, NULL),
                        (0, 0, 14, "published", NULL, NULL, NULL)])
    with pytest.raises(QgsProcessingException, match="repeat a cell"):
        gate(run, twice)
    nowhere = point_layer([("POLYGON((0 0, 100 0, 100 100, 0 100, 0 0))",
                            ["100m_0_0", 12, "published", NULL, NULL, NULL]),
                           (None, ["100m_1_0", 11, "published", NULL, NULL, NULL])],
                          GRID_FIELDS, geometry="Polygon")
    with pytest.raises(QgsProcessingException, match="no geometry"):
        gate(run, nowhere)
    # Cells that only share an edge are fine (the control).
    beside = grid_layer([(0, 0, 12, "published", NULL, NULL, NULL),
                         (1, 0, 14, "published", NULL, NULL, NULL)])
    assert gate(run, beside)["PASSED"]


def test_a_blank_parent_total_says_only_withheld_and_the_gate_audits_it(run):
    # Two 200 m parents with one withheld child each, both totals blank, N = 10 known: the
    # blanks say only "withheld" (totals are cells), so each child and each parent holds 1..9.
    layer = grid_layer([(0, 0, NULL, "withheld", "200m_0_0", NULL, NULL),
                        (2, 0, NULL, "withheld", "200m_1_0", NULL, NULL)])
    assert gate(run, layer, RHO=1 / 6, PERSONS_TOTAL=10, PROTECTION_LEVEL=2)["PASSED"]
    # A blank parent total the other totals pin: 36 - 27 = 9, below k = 10 (the negative
    # control: its cells alone, [1, 8] each, are wide enough).
    pinned = grid_layer([(0, 0, 12, "published", "200m_0_0", 27, 36),
                         (1, 0, 15, "published", "200m_0_0", 27, 36),
                         (2, 0, NULL, "withheld", "200m_1_0", NULL, 36),
                         (3, 0, NULL, "withheld", "200m_1_0", NULL, 36)])
    with pytest.raises(QgsProcessingException, match=r"withheld total\(s\) \(e\.g\. 200m_1_0 \[9, 9\]"):
        gate(run, pinned, PROTECTION_LEVEL=5)


def test_the_gate_reads_the_grids_own_count_and_status_fields_by_default(run):
    # The grid's n_persons and status are the dialog's defaults; a run that leaves the status
    # field out reads the layer's own status field ...
    from qgis.core import QgsApplication
    gate_algorithm = QgsApplication.processingRegistry().algorithmById("spatialprivacy:kanonymitygate")
    defaults = {name: gate_algorithm.parameterDefinition(name).defaultValue()
                for name in ("COUNT_FIELD", "STATUS_FIELD")}
    assert defaults == {"COUNT_FIELD": "n_persons", "STATUS_FIELD": "status"}
    layer = grid_layer([(0, 0, 12, "published", NULL, NULL, NULL),
                        (1, 0, 14, "published", NULL, NULL, NULL),
                        (2, 0, NULL, "withheld", NULL, NULL, NULL)])
    result = run("kanonymitygate", {"INPUT": layer, "COUNT_FIELD": "n_persons", "RHO": 0.1,
                                    "OUTPUT": "TEMPORARY_OUTPUT"})
    assert result["PASSED"] and result["CELLS_CHECKED"] == 2
    # ... and a table without a status field is read as all published, as before.
    table = point_layer([(None, [12]), (None, [NULL])], "n_persons:integer", crs="",
                        geometry="None")
    with pytest.raises(QgsProcessingException, match="NULL"):
        run("kanonymitygate", {"INPUT": table, "COUNT_FIELD": "n_persons", "RHO": 0.1,
                               "OUTPUT": "TEMPORARY_OUTPUT"})
