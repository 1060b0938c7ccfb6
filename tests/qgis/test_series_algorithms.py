"""A monthly series through Processing: differencing between releases, and the joint audit."""

import pytest
from layers import people_in_cells, point_layer
from qgis.core import NULL, QgsFeatureRequest, QgsProcessingException, QgsVectorLayer

ORIGIN = "0,0 [EPSG:3035]"
# A row of three 100 m cells published with its grand total; k = 5, p = 3.
MONTH_ONE = {(0, 0): 3, (1, 0): 8, (2, 0): 9}
MONTH_TWO = {(0, 0): 3, (1, 0): 9, (2, 0): 8}  # the total did not move; b and c swapped sizes


@pytest.fixture
def policy(tmp_path):
    path = tmp_path / "policy.toml"
    path.write_text('rho = 0.2\ntolerance = 0.2\ncounting_unit = "person"\nprotection_level = 3\n'
                    'series_max_change = 1\n')
    return str(path)


def grid(run, cells, policy, output, feedback=None, **extra):
    parameters = {"INPUT": people_in_cells(cells), "PERSON_FIELD": "person_id", "POLICY": policy,
                  "RESOLUTION": 100, "ORIGIN": ORIGIN, "MARGINALS": 1, "OUTPUT": output,
                  "AUDIT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("suppressedgrid", parameters, feedback=feedback)


def gate(run, layer, policy, earlier, feedback=None):
    return run("kanonymitygate", {"INPUT": layer, "COUNT_FIELD": "n_persons",
                                  "STATUS_FIELD": "status", "POLICY": policy,
                                  "PREVIOUS_RELEASES": earlier, "OUTPUT": "TEMPORARY_OUTPUT"},
               feedback=feedback)


def statuses(layer):
    return {f["cell_id"]: f["status"] for f in layer.getFeatures()}


def with_parent_total(layer, parent, total):
    """A copy of a grid layer with ``parent``'s total published at ``total``."""
    copy = layer.materialize(QgsFeatureRequest())
    copy.startEditing()
    column = copy.fields().indexOf("parent_total")
    for f in copy.getFeatures():
        if f["parent_id"] == parent:
            copy.changeAttributeValue(f.id(), column, total)
    assert copy.commitChanges()
    return copy


def saved(path):
    layer = QgsVectorLayer(path, "month one", "ogr")
    assert layer.isValid()
    return layer


def test_naive_monthly_suppression_leaks_by_differencing_and_the_joint_grid_does_not(
        run, policy, tmp_path):
    month_one = saved(grid(run, MONTH_ONE, policy, str(tmp_path / "month1.gpkg"))["OUTPUT"])
    assert statuses(month_one) == {"100m_0_0": "withheld", "100m_1_0": "withheld",
                                   "100m_2_0": "published"}
    assert {f["grand_total"] for f in month_one.getFeatures()} == {20}

    naive = grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT")["OUTPUT"]
    assert statuses(naive)["100m_2_0"] == "withheld"  # the smallest sibling this month
    # c was published at 9 last month and moves by at most 1, so a = 11 - c lies in [1, 3].
    with pytest.raises(QgsProcessingException, match="combining this release with the earlier"):
        gate(run, naive, policy, [month_one])

    joint = grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT", PREVIOUS_RELEASES=[month_one])
    assert statuses(joint["OUTPUT"]) == {"100m_0_0": "withheld", "100m_1_0": "withheld",
                                         "100m_2_0": "published"}
    assert all(f["ok"] and f["width"] >= 3 for f in joint["AUDIT"].getFeatures())
    passed = gate(run, joint["OUTPUT"], policy, [month_one])
    assert passed["PASSED"] and passed["MIN_INTERVAL_WIDTH"] >= 3


def test_a_cell_pinned_by_last_months_published_value_blocks_the_grid(run, policy, tmp_path):
    before = {(0, 0): 5, (1, 0): 8, (2, 0): 9}
    month_one = saved(grid(run, before, policy, str(tmp_path / "month1.gpkg"))["OUTPUT"])
    after = {(0, 0): 4, (1, 0): 8, (2, 0): 9}  # a drops below k: within 5 +- 1, width 2 < p
    with pytest.raises(QgsProcessingException, match="pins them"):
        grid(run, after, policy, "TEMPORARY_OUTPUT", PREVIOUS_RELEASES=[month_one])


def test_a_series_needs_the_attackers_bounded_change_in_the_policy(run, tmp_path):
    path = tmp_path / "plain.toml"
    path.write_text('rho = 0.2\ntolerance = 0.2\ncounting_unit = "person"\n')
    month_one = grid(run, MONTH_ONE, str(path), "TEMPORARY_OUTPUT")["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="series_max_change"):
        grid(run, MONTH_TWO, str(path), "TEMPORARY_OUTPUT", PREVIOUS_RELEASES=[month_one])


def test_an_earlier_release_on_another_origin_or_size_is_refused(run, policy):
    month_one = grid(run, MONTH_ONE, policy, "TEMPORARY_OUTPUT")["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="another grid origin"):
        grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT", ORIGIN="30,0 [EPSG:3035]",
             PREVIOUS_RELEASES=[month_one])
    with pytest.raises(QgsProcessingException, match="one cell size"):
        grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT", RESOLUTION=50,
             PREVIOUS_RELEASES=[month_one])


def test_the_series_takes_the_earlier_origin_when_none_is_given(run, policy):
    month_one = grid(run, MONTH_ONE, policy, "TEMPORARY_OUTPUT")["OUTPUT"]
    joint = grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT", ORIGIN=None,
                 PREVIOUS_RELEASES=[month_one])["OUTPUT"]
    assert set(statuses(joint)) == set(statuses(month_one))


def test_the_sweep_reports_cells_that_flip_between_releases(run, policy, feedback):
    month_one = grid(run, MONTH_ONE, policy, "TEMPORARY_OUTPUT")["OUTPUT"]
    later = {(0, 0): 6, (1, 0): 4, (2, 0): 9, (3, 0): 2}  # a published now, b withheld, d new
    result = run("resolutionsweep", {
        "INPUT": people_in_cells(later), "PERSON_FIELD": "person_id", "POLICY": policy,
        "RESOLUTIONS": "100,200", "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT",
        "PREVIOUS_RELEASES": [month_one], "FLIPPING_CELLS": "TEMPORARY_OUTPUT"}, feedback=feedback)
    flips = {f["cell_id"]: (f["previous_state"], f["state"])
             for f in result["FLIPPING_CELLS"].getFeatures()}
    # Primary suppression only in the sweep: b (8, complementary last month) was withheld then.
    assert flips == {"100m_0_0": ("withheld", "published"), "100m_3_0": ("absent", "withheld")}
    rows = {f["resolution_m"]: f for f in result["OUTPUT"].getFeatures()}
    assert (rows[100.0]["cells_flipping_to_withheld"], rows[100.0]["cells_flipping_to_published"]) \
        == (1, 1)
    assert rows[200.0]["cells_flipping_to_withheld"] == NULL  # no earlier release at 200 m
    assert any("flipping cell is a risk" in message for message in feedback.messages)


def people_with_band(cells_by_band):
    """Distinct people at 100 m cell centres, with a published attribute 'band'."""
    points = []
    for band, cells in cells_by_band.items():
        for (col, row), count in cells.items():
            points += [((col * 100 + 50, row * 100 + 50), [f"{band}{col}_{row}_{i}", band])
                       for i in range(count)]
    return point_layer(points, fields="person_id:string,band:string")


def test_a_series_of_grids_with_an_attribute_breakdown_is_suppressed_jointly(run, policy):
    other = {(0, 0): 12, (1, 0): 15, (2, 0): 20}  # band b: nothing to withhold
    first = people_with_band({"a": MONTH_ONE, "b": other})
    second = people_with_band({"a": MONTH_TWO, "b": other})
    month_one = grid(run, {}, policy, "TEMPORARY_OUTPUT", INPUT=first, KEY_FIELDS=["band"])["OUTPUT"]

    def pattern(layer):
        return {(f["cell_id"], f["band"]): f["status"] for f in layer.getFeatures()
                if f["band"] == "a"}
    assert pattern(month_one) == {("100m_0_0", "a"): "withheld", ("100m_1_0", "a"): "withheld",
                                  ("100m_2_0", "a"): "published"}
    naive = grid(run, {}, policy, "TEMPORARY_OUTPUT", INPUT=second, KEY_FIELDS=["band"])["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="combining this release with the earlier"):
        gate(run, naive, policy, [month_one])
    joint = grid(run, {}, policy, "TEMPORARY_OUTPUT", INPUT=second, KEY_FIELDS=["band"],
                 PREVIOUS_RELEASES=[month_one])["OUTPUT"]
    assert pattern(joint) == pattern(month_one)
    assert gate(run, joint, policy, [month_one])["PASSED"]
    with pytest.raises(QgsProcessingException, match="same breakdown"):
        grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT", PREVIOUS_RELEASES=[month_one])


def test_an_earlier_release_without_its_totals_columns_is_refused_by_grid_and_gate(run, policy):
    import processing
    month_one = grid(run, MONTH_ONE, policy, "TEMPORARY_OUTPUT")["OUTPUT"]
    stripped = processing.run("native:deletecolumn", {"INPUT": month_one, "COLUMN": ["grand_total"],
                                                      "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="lacks the field.*grand_total"):
        grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT", PREVIOUS_RELEASES=[stripped])
    month_two = grid(run, MONTH_TWO, policy, "TEMPORARY_OUTPUT",
                     PREVIOUS_RELEASES=[month_one])["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="lacks the field.*grand_total"):
        gate(run, month_two, policy, [stripped])


def test_a_group_that_empties_keeps_its_attribute_value_when_emitted_withheld(run, policy):
    other = {(0, 0): 12, (1, 0): 15, (2, 0): 20}
    first = people_with_band({"a": {(0, 0): 2, (1, 0): 8, (2, 0): 9}, "b": other})
    second = people_with_band({"a": {(1, 0): 8, (2, 0): 9}, "b": other})  # a leaves cell 0
    month_one = grid(run, {}, policy, "TEMPORARY_OUTPUT", INPUT=first, KEY_FIELDS=["band"])["OUTPUT"]
    joint = grid(run, {}, policy, "TEMPORARY_OUTPUT", INPUT=second, KEY_FIELDS=["band"],
                 PREVIOUS_RELEASES=[month_one])
    cell = {f["band"]: (f["status"], f["n_persons"]) for f in joint["OUTPUT"].getFeatures()
            if f["cell_id"] == "100m_0_0"}
    assert cell == {"a": ("withheld", NULL), "b": ("published", 12)}
    audited = {(f["cell_id"], f["band"]) for f in joint["AUDIT"].getFeatures()}
    assert ("100m_0_0", "a") in audited
    assert gate(run, joint["OUTPUT"], policy, [month_one])["PASSED"]


def test_the_gate_reads_a_cell_withheld_last_month_as_possibly_empty_as_the_grid_does(
        run, tmp_path):
    # Issue 33, minimised from random series: k = 3, p = 2, one 200 m parent, N secret. Both
    # months withhold (0, 1) and (1, 1); this month they sum to 3 under the parent's 18. The
    # grid emits a cell withheld last month although it emptied, so each is 0 to 3 (the
    # gate read each as 1 to 2, narrower than p, and failed the grid's own release).
    path = tmp_path / "policy.toml"
    path.write_text('rho = 0.34\ntolerance = 0.2\ncounting_unit = "person"\n'
                    'protection_level = 2\nseries_max_change = 1\n'
                    'population_total_secret = true\n')
    policy = str(path)
    parents = {"MARGINALS": 2, "PARENT_FACTOR": 2}
    month_one = saved(grid(run, {(0, 0): 8, (0, 1): 1, (1, 0): 6, (1, 1): 3}, policy,
                           str(tmp_path / "month1.gpkg"), **parents)["OUTPUT"])
    month_two = grid(run, {(0, 0): 9, (0, 1): 1, (1, 0): 6, (1, 1): 2}, policy,
                     "TEMPORARY_OUTPUT", PREVIOUS_RELEASES=[month_one], **parents)["OUTPUT"]
    assert statuses(month_two) == {"100m_0_0": "published", "100m_0_1": "withheld",
                                   "100m_1_0": "published", "100m_1_1": "withheld"}
    assert gate(run, month_two, policy, [month_one])["PASSED"]


def test_an_earlier_months_number_of_people_is_held_as_the_attacker_holds_it(
        run, tmp_path, feedback):
    # Issue 33: k = 3, p = 1, 200 m parents, at most one change. Month one withholds (0, 1) = 1,
    # (0, 2) = 2, (2, 2) = 1 and their parents; its layer states N = 4. This month (0, 2) = 3
    # sits alone in its parent: that total published pins last month's (0, 2) at 2, 3 or 4,
    # and so (0, 1) + (2, 2) = 4 - (0, 2) at 2 (two non-empty cells: 1 each).
    path = tmp_path / "policy.toml"
    path.write_text('rho = 0.34\ntolerance = 0.2\ncounting_unit = "person"\n'
                    'protection_level = 1\nseries_max_change = 1\n')
    policy = str(path)
    parents = {"MARGINALS": 2, "PARENT_FACTOR": 2}
    month_one = saved(grid(run, {(0, 1): 1, (0, 2): 2, (2, 2): 1}, policy,
                           str(tmp_path / "month1.gpkg"), **parents)["OUTPUT"])
    month_two = grid(run, {(0, 1): 1, (0, 2): 3, (2, 2): 1}, policy, "TEMPORARY_OUTPUT",
                     PREVIOUS_RELEASES=[month_one], feedback=feedback, **parents)["OUTPUT"]
    assert any("states 4 people" in message for message in feedback.messages)
    totals = {f["cell_id"]: f["parent_total"] for f in month_two.getFeatures()}
    assert totals["100m_0_2"] == NULL  # withheld as a complement
    assert gate(run, month_two, policy, [month_one])["PASSED"]
    # The negative control: the same release with that total (200m_0_1: (0, 2) alone)
    # published fails the gate.
    published = with_parent_total(month_two, "200m_0_1", 3)
    # Last month's three cells, and their parents' withheld totals (one cell each).
    with pytest.raises(QgsProcessingException, match="narrows 6 withheld cell.s. of earlier"):
        gate(run, published, policy, [month_one])


def test_a_parent_total_withheld_last_month_stays_withheld_and_the_gate_checks_it(
        run, tmp_path):
    # k = p = 5, 200 m parents, at most one change, the same people two months running.
    # Month one withholds 200m_1_0's total (its cells (2, 0) = 1 and (2, 1) = 4). Published
    # this month at 5, it would pin last month's within 5 +- 2: 3 to 7, narrower than p.
    path = tmp_path / "policy.toml"
    path.write_text('rho = 0.2\ntolerance = 0.2\ncounting_unit = "person"\n'
                    'protection_level = 5\nseries_max_change = 1\n')
    policy = str(path)
    parents = {"MARGINALS": 2, "PARENT_FACTOR": 2}
    people = {(1, 2): 4, (2, 0): 1, (2, 1): 4, (2, 2): 1}
    month_one = saved(grid(run, people, policy, str(tmp_path / "month1.gpkg"),
                           **parents)["OUTPUT"])
    assert {f["parent_total"] for f in month_one.getFeatures()
            if f["parent_id"] == "200m_1_0"} == {NULL}
    month_two = grid(run, people, policy, "TEMPORARY_OUTPUT", PREVIOUS_RELEASES=[month_one],
                     **parents)["OUTPUT"]
    assert {f["parent_total"] for f in month_two.getFeatures()
            if f["parent_id"] == "200m_1_0"} == {NULL}
    assert gate(run, month_two, policy, [month_one])["PASSED"]
    # The negative control: that total published this month fails the gate, by name.
    published = with_parent_total(month_two, "200m_1_0", 5)
    with pytest.raises(QgsProcessingException, match=r"earlier releases below p = 5 \(e.g. "
                                                     r"200m_1_0\)"):
        gate(run, published, policy, [month_one])
