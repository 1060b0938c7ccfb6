"""A grid published per attribute (cell x attribute records) beside zone counts over all
attributes: the attacker learns the people of a cell's piece summed over its attribute records
(the geographic sliver), though each cell x attribute piece stays wide. The gate audits it."""

import pytest
from layers import point_layer
from qgis.core import NULL, QgsProcessingException
from test_differencing import TILES, municipalities

# The guidelines' worked case split by sex: tile 4 holds A's 3 people (2 f, 1 m) west of
# x = 430 and B's 20 (10 f, 10 m) east of it, so every tile x sex record reaches k = 4.
FEMALES = [8, 20, 13, 8, 12, 15]
FEMALES_IN_A_OF_TILE_4 = 2
# The gate's messages on a cell's piece and on a withheld cell summed over its records.
SHARED_SLIVER = r"summed over the cell's pieces in that area.*: "
SHARED_CELL = r"withheld cell\(s\) published per attribute.*: "


def people_by_sex():
    points = []
    for col, (count, females) in enumerate(zip(TILES, FEMALES)):
        for person in range(count):
            x = 100 * col + 5 + (person % 9) * 10
            if col == 4:
                x = 405 + person * 1.0 if person < 3 else 440 + (person - 3) * 3.0
                female = person < FEMALES_IN_A_OF_TILE_4 or 3 <= person < 13
            else:
                female = person < females
            points.append(((x, 10 + person * 0.5), [f"p{col}_{person}", "f" if female else "m"]))
    return point_layer(points, "person_id:string,sex:string")


def grid_by_sex(run, marginals=0):
    return run("suppressedgrid", {"INPUT": people_by_sex(), "PERSON_FIELD": "person_id",
                                  "RHO": 0.25, "RESOLUTION": 100, "ORIGIN": "0,0 [EPSG:3035]",
                                  "KEY_FIELDS": ["sex"], "MARGINALS": marginals,
                                  "PARENT_FACTOR": 2, "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]


def with_withheld(grid, cells):
    """A copy of the grid with every record of ``cells`` withheld (a release made another way)."""
    fields = grid.fields()
    spec = ",".join(f"{field.name()}:{'integer' if field.isNumeric() else 'string'}"
                    for field in fields)
    rows = []
    for feature in grid.getFeatures():
        attributes = feature.attributes()
        if feature["cell_id"] in cells:
            attributes[fields.lookupField("n_persons")] = NULL
            attributes[fields.lookupField("status")] = "withheld"
        rows.append((feature.geometry().asWkt(), attributes))
    return point_layer(rows, spec, geometry="Polygon")


def gate(run, grid, feedback=None, **extra):
    parameters = {"INPUT": grid, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 0.25, "AUDIT_LAYERS": [municipalities()], "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters, feedback)


def test_the_worked_case_per_attribute_fails_on_as_sliver_over_the_attributes(run):
    grid = grid_by_sex(run)
    records = {(f["cell_id"], f["sex"]): f["n_persons"] for f in grid.getFeatures()}
    assert records[("100m_4_0", "f")] == 12 and records[("100m_4_0", "m")] == 11
    assert all(f["status"] == "published" for f in grid.getFeatures())
    assert sum(records.values()) == sum(TILES)
    assert gate(run, grid, AUDIT_LAYERS=[])["PASSED"]  # every record reaches k
    # A - 97 = 3 people in A's part of tile 4 (2 f + 1 m): each tile x sex piece lies in
    # [0, 3], but their sum is exact.
    for people in (None, sum(TILES)):
        with pytest.raises(QgsProcessingException, match=SHARED_SLIVER + r"100m_4_0 ∩ points: 1 "
                                                         r"\[3, 3\]"):
            gate(run, grid, PERSONS_TOTAL=people)
    # The grid's totals per sex (grand total and 200 m parents) change nothing of it.
    with pytest.raises(QgsProcessingException, match=SHARED_SLIVER + r"100m_4_0 ∩ points: 1 "
                                                     r"\[3, 3\]"):
        gate(run, grid_by_sex(run, marginals=3), PERSONS_TOTAL=sum(TILES))


def test_withholding_the_tiles_around_the_border_protects_it_per_attribute(run, feedback):
    # Tile 4 and A's smallest tile withheld, both sexes: A's part of tile 4 is in [0, 17].
    protected = with_withheld(grid_by_sex(run), {"100m_0_0", "100m_4_0"})
    result = gate(run, protected, feedback)
    assert result["PASSED"] and result["MIN_INTERVAL_WIDTH"] >= 2
    assert any("in 14 pieces, 2 of them cut by an area's border" in m
               for m in feedback.messages)


RECORD_FIELDS = "cell_id:string,resolution_m:integer,sex:string,n_persons:integer,status:string"


def records_by_sex(cells):
    """A per-attribute release made by hand: ``cells`` maps a tile's column to its (f, m)
    counts, None where withheld."""
    rows = []
    for col, counts in cells.items():
        square = (f"POLYGON(({100 * col} 0, {100 * col + 100} 0, {100 * col + 100} 100, "
                  f"{100 * col} 100, {100 * col} 0))")
        for sex, count in zip("fm", counts):
            rows.append((square, [f"100m_{col}_0", 100, sex, NULL if count is None else count,
                                  "withheld" if count is None else "published"]))
    return point_layer(rows, RECORD_FIELDS, geometry="Polygon")


def test_a_withheld_cell_known_over_its_attributes_fails(run):
    # k = 10, p = 5. Tile 1's records (4 f, 4 m) are withheld; a zone over tiles 0 and 1
    # counts 35, so tile 1 holds 35 - 27 = 8 people: each record lies in [1, 7], wide
    # enough, but the tile's people over both sexes are known and fewer than k.
    zone = point_layer([("POLYGON((0 0, 200 0, 200 100, 0 100, 0 0))", ["C", 35])],
                       "name:string,n_persons:integer", geometry="Polygon")
    release = records_by_sex({0: (12, 15), 1: (None, None), 2: (10, 11)})
    assert gate(run, release, AUDIT_LAYERS=[], RHO=0.1)["PASSED"]
    with pytest.raises(QgsProcessingException, match=SHARED_CELL + r"100m_1_0 \[8, 8\]"):
        gate(run, release, AUDIT_LAYERS=[zone], RHO=0.1)
    # Negative control: with tile 0 withheld too, tile 1 lies anywhere in [2, 33].
    protected = records_by_sex({0: (None, None), 1: (None, None), 2: (10, 11)})
    assert gate(run, protected, AUDIT_LAYERS=[zone], RHO=0.1)["PASSED"]


# A 10 x 15 m corner of tile 5 holding two of its people (p5_0 and p5_9, both f); the zones
# cover the rest of the row: the attacker learns the corner's 2 from the people total.
CORNER = "POLYGON((500 0, 510 0, 510 15, 500 15, 500 0))"
REST = "POLYGON((0 0, 500 0, 500 15, 510 15, 510 0, 600 0, 600 100, 0 100, 0 0))"  # a notch


def zones_around_the_corner(corner_count):
    """The rest of the row with its 148 people and the corner with ``corner_count`` (NULL:
    withheld; None: the corner is a hole in the layer)."""
    rows = [(REST, ["rest", sum(TILES) - 2])]
    if corner_count is not None:
        rows.append((CORNER, ["corner", corner_count]))
    return point_layer(rows, "name:string,n_persons:integer", geometry="Polygon")


def halves():
    """A second layer whose borders follow tile edges, its east half covering the corner."""
    return point_layer([("POLYGON((0 0, 300 0, 300 100, 0 100, 0 0))", ["W", sum(TILES[:3])]),
                        ("POLYGON((300 0, 600 0, 600 100, 300 100, 300 0))", ["E", sum(TILES[3:])])],
                       "name:string,n_persons:integer", geometry="Polygon")


@pytest.mark.parametrize("corner_count", [NULL, None], ids=["withheld zone", "hole"])
def test_a_place_no_zone_counts_is_summed_beside_a_second_layer(run, corner_count):
    """Found by an independent attacker: a zone published without its count (or a hole in the
    layer) inside one cell holds the people total less the layer's other zones; summed over
    the cell's records it is narrow, though each record's piece is wide. With the zones alone
    the gate failed; a second layer covering the place made it pass."""
    grid = grid_by_sex(run)
    for layers in ([zones_around_the_corner(corner_count)],
                   [zones_around_the_corner(corner_count), halves()],
                   [halves(), zones_around_the_corner(corner_count)]):
        with pytest.raises(QgsProcessingException, match=r"100m_5_0 ∩ .*\[2, 2\]"):
            gate(run, grid, AUDIT_LAYERS=layers, PERSONS_TOTAL=sum(TILES))
    # Negative control: one zone over the whole row beside the halves tells nothing more.
    whole_row = point_layer([("POLYGON((0 0, 600 0, 600 100, 0 100, 0 0))", ["row", sum(TILES)])],
                            "name:string,n_persons:integer", geometry="Polygon")
    assert gate(run, grid, AUDIT_LAYERS=[whole_row, halves()], PERSONS_TOTAL=sum(TILES))[
        "PASSED"]
