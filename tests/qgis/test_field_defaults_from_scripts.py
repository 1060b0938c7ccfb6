"""A field parameter left out of processing.run takes its default, as any other parameter does
(QGIS 3.22 rejected it as missing: 'Incorrect parameter value for COUNT_FIELD'), and a default
the layer lacks is named."""

import pytest
from layers import cells_layer, people_in_cells, point_layer
from qgis.core import QgsProcessingException


def test_the_gate_without_its_count_field_reads_n_persons(run):
    published = cells_layer([[12, "published"], [15, "published"], [None, "withheld"]])
    left_out = run("kanonymitygate", {"INPUT": published, "STATUS_FIELD": "status", "RHO": 0.1,
                                      "OUTPUT": "TEMPORARY_OUTPUT"})
    named = run("kanonymitygate", {"INPUT": published, "COUNT_FIELD": "n_persons",
                                   "STATUS_FIELD": "status", "RHO": 0.1,
                                   "OUTPUT": "TEMPORARY_OUTPUT"})
    assert left_out["PASSED"] and left_out["MIN_COUNT"] == named["MIN_COUNT"] == 12
    # The negative control: a count below k fails the same way with the field left out.
    small = cells_layer([[3, "published"], [15, "published"]])
    with pytest.raises(QgsProcessingException, match="fewer than k = 10"):
        run("kanonymitygate", {"INPUT": small, "STATUS_FIELD": "status", "RHO": 0.1,
                               "OUTPUT": "TEMPORARY_OUTPUT"})


def test_the_sweep_without_its_person_field_reads_person_id_and_names_it_when_missing(run):
    people = people_in_cells({(0, 0): 12, (1, 0): 3})
    swept = run("resolutionsweep", {"INPUT": people, "RHO": 0.1, "RESOLUTIONS": "100,200",
                                    "OUTPUT": "TEMPORARY_OUTPUT"})
    rows = {f["resolution_m"]: f["cells_withheld"] for f in swept["OUTPUT"].getFeatures()}
    assert rows == {100.0: 1, 200.0: 0}
    anonymous = point_layer([((50.0, 50.0), ["a"])], "name:string")
    with pytest.raises(QgsProcessingException, match="person_id"):
        run("resolutionsweep", {"INPUT": anonymous, "RHO": 0.1, "RESOLUTIONS": "100",
                                "OUTPUT": "TEMPORARY_OUTPUT"})
