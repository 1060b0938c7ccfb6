"""Complementary suppression in the grid, and the gate's audit against published totals."""

import pytest
from layers import people_in_cells, secret_total_policy
from qgis.core import NULL, QgsProcessingException

ORIGIN = "0,0 [EPSG:3035]"
# One 200 m parent holding four 100 m cells; (1, 0) is below k = 10.
CELLS = {(0, 0): 12, (1, 0): 3, (0, 1): 25, (1, 1): 30}


def make_grid(run, layer, resolution=100, **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "RHO": 0.1,
                  "RESOLUTION": resolution, "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("suppressedgrid", parameters)


def gate(run, layer, **extra):
    parameters = {"INPUT": layer, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 0.1, "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters)


def by_cell(layer):
    return {f["cell_id"]: f for f in layer.getFeatures()}



def test_parent_totals_force_the_smallest_sibling_to_be_withheld(run):
    result = make_grid(run, people_in_cells(CELLS), MARGINALS=2, PARENT_FACTOR=2,
                       AUDIT="TEMPORARY_OUTPUT")
    cells = by_cell(result["OUTPUT"])
    assert cells["100m_1_0"]["status"] == cells["100m_0_0"]["status"] == "withheld"
    assert cells["100m_0_0"]["n_persons"] == NULL and cells["100m_1_0"]["n_persons"] == NULL
    assert cells["100m_1_1"]["n_persons"] == 30
    audit = {f["cell_id"]: f for f in result["AUDIT"].getFeatures()}
    assert set(audit) == {"100m_0_0", "100m_1_0"}
    assert (audit["100m_1_0"]["reason"], audit["100m_0_0"]["reason"]) == ("primary",
                                                                         "complementary")
    # The two withheld cells sum to 70 - 55 = 15 and are not empty: each lies in [1, 14].
    assert [(audit[c]["lower"], audit[c]["upper"], audit[c]["ok"]) for c in sorted(audit)] == \
        [(1.0, 14.0, True), (1.0, 14.0, True)]
    assert result["CELLS_WITHHELD"] == 2


def test_gate_audit_fails_primary_suppression_beside_a_published_coarse_grid(run, tmp_path):
    people = people_in_cells(CELLS)
    fine = make_grid(run, people, RHO=None, POLICY=secret_total_policy(tmp_path))["OUTPUT"]
    coarse = make_grid(run, people, resolution=200)["OUTPUT"]
    gate(run, fine)  # every published cell clears k: the plain gate passes
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        gate(run, fine, AUDIT_LAYERS=[coarse])


def test_gate_audit_passes_after_complementary_suppression(run):
    people = people_in_cells(CELLS)
    fine = make_grid(run, people, MARGINALS=2, PARENT_FACTOR=2)["OUTPUT"]
    coarse = make_grid(run, people, resolution=200)["OUTPUT"]
    result = gate(run, fine, AUDIT_LAYERS=[coarse])
    assert result["PASSED"] and result["MIN_INTERVAL_WIDTH"] == 13


def test_gate_audit_with_a_published_grand_total(run, tmp_path):
    fine = make_grid(run, people_in_cells(CELLS), RHO=None,
                     POLICY=secret_total_policy(tmp_path))["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        gate(run, fine, PUBLISHED_TOTAL=70)
    with pytest.raises(QgsProcessingException, match="recovered exactly"):
        gate(run, fine, PERSONS_TOTAL=70)  # the same total, as the number of people
    protected = make_grid(run, people_in_cells(CELLS), MARGINALS=1)["OUTPUT"]
    assert gate(run, protected, PUBLISHED_TOTAL=70)["MIN_INTERVAL_WIDTH"] == 13


def test_a_protection_level_the_pattern_cannot_meet_fails_the_gate(run):
    protected = make_grid(run, people_in_cells(CELLS), MARGINALS=1)["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="narrower than p = 20"):
        gate(run, protected, PUBLISHED_TOTAL=70, PROTECTION_LEVEL=20)


def test_a_total_below_k_publishes_no_equality(run, tmp_path):
    # The 200 m parent of (3, 3) holds only that cell, but its total (4) is itself withheld.
    cells = dict(CELLS)
    cells[(3, 3)] = 4
    result = make_grid(run, people_in_cells(cells), MARGINALS=2, PARENT_FACTOR=2, RHO=None,
                       POLICY=secret_total_policy(tmp_path))
    assert by_cell(result["OUTPUT"])["100m_3_3"]["status"] == "withheld"
    # Once the 74 people are known, 74 - 70 (the other parent) would give the cell away: the
    # other parent's total is withheld too (totals are cells; its withheld cell of 3 then gives
    # doubt, so no more people are withheld: 3 + 4 = 7 puts each in [1, 6]), and the gate,
    # told the 74 people, passes what the grid writes.
    known = make_grid(run, people_in_cells(cells), MARGINALS=2, PARENT_FACTOR=2)
    written = by_cell(known["OUTPUT"])
    assert [name for name, cell in written.items() if cell["status"] == "withheld"] == \
        ["100m_1_0", "100m_3_3"]
    assert all(cell["parent_total"] == NULL for cell in written.values())
    assert gate(run, known["OUTPUT"], PERSONS_TOTAL=74)["PASSED"]


def test_an_unprotectable_cell_blocks_the_grid(run):
    # p = 80 exceeds the parent's whole total (70): no pattern can give an interval that wide.
    with pytest.raises(QgsProcessingException, match="cannot be protected"):
        make_grid(run, people_in_cells(CELLS), MARGINALS=2, PARENT_FACTOR=2, PROTECTION_LEVEL=80)


def test_sweep_counts_complementary_cells_and_warns_about_unnested_resolutions(run, feedback):
    result = run("resolutionsweep", {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id",
                                     "RHO": 0.1, "RESOLUTIONS": "100,250", "ORIGIN": ORIGIN,
                                     "MARGINALS": 2, "PARENT_FACTOR": 2,
                                     "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    row = next(f for f in result["OUTPUT"].getFeatures() if f["resolution_m"] == 100)
    assert (row["cells_withheld"], row["cells_complementary"]) == (1, 1)
    assert row["withheld_fraction_total"] == pytest.approx(0.5)
    assert row["marginals"] == "parent cells" and row["protection_level"] == 5
    assert any("not unions of 100 m cells" in message for message in feedback.messages)
