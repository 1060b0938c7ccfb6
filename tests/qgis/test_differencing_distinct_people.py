"""Counts of distinct people (several points per person) of a grid published per attribute beside
zone counts: a person has one sex, so a cell's records add up to its people, and a withheld cell
whose people a zone count gives is known however wide each of its records."""

import pytest
from layers import point_layer
from qgis.core import QgsProcessingException
from test_differencing_per_attribute import SHARED_CELL, with_withheld

# (females, males) per 100 m tile of one row; each person has two points in their tile.
TILES = [(2, 2), (12, 11), (13, 12)]


def people_with_two_points():
    points = []
    for col, counts in enumerate(TILES):
        for sex, count in zip("fm", counts):
            for person in range(count):
                x = 100 * col + 5 + person * 7
                for y in (20 if sex == "f" else 60, 30 if sex == "f" else 80):
                    points.append(((x, y), [f"{sex}{col}_{person}", sex]))
    return point_layer(points, "person_id:string,sex:string")


def zones(*spans):
    """One zone per (first tile, last tile, count)."""
    return point_layer([(f"POLYGON(({100 * first} 0, {100 * last + 100} 0, {100 * last + 100} 100, "
                         f"{100 * first} 100, {100 * first} 0))", [f"Z{first}", count])
                        for first, last, count in spans],
                       "name:string,n_persons:integer", geometry="Polygon")


def gate(run, grid, audit_layers, **extra):
    parameters = {"INPUT": grid, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 0.2, "AUDIT_LAYERS": audit_layers, "PERSONS_TOTAL_KIND": 1,
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters)


def test_a_withheld_cell_a_zone_counts_fails_with_distinct_people(run):
    grid = run("suppressedgrid", {"INPUT": people_with_two_points(), "PERSON_FIELD": "person_id",
                                  "RHO": 0.2, "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]",
                                  "KEY_FIELDS": ["sex"], "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
    statuses = {(f["cell_id"], f["sex"]): f["status"] for f in grid.getFeatures()}
    assert statuses[("100m_0_0", "f")] == statuses[("100m_0_0", "m")] == "withheld"
    assert sum(status == "published" for status in statuses.values()) == 4
    people = sum(map(sum, TILES))
    # k = 5, p = 3. Tile 0's zone counts its 4 people, below k: F + M = 4 exactly, though F
    # and M each lie in [1, 3] and a person with several points could be in both records.
    for total in (None, people):
        with pytest.raises(QgsProcessingException, match=SHARED_CELL + r"100m_0_0 \[4, 4\]"):
            gate(run, grid, [zones((0, 0, 4), (1, 2, people - 4))], PERSONS_TOTAL=total)
    # Negative control: with tile 1 withheld too, the zone over tiles 0 and 1 (27) leaves
    # tile 0 anywhere in [2, 25].
    protected = with_withheld(grid, {"100m_1_0"})
    assert gate(run, protected, [zones((0, 1, 27), (2, 2, people - 27))])["PASSED"]
