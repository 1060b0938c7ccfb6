"""Invariant 2: a withheld value appears in no output field, table or log message."""

import re

from layers import secret_total_policy, point_layer
from qgis.core import NULL

# Withheld cells with distinctive small head counts (k = 10) beside large published ones.
WITHHELD_COUNTS = {(3, 0): 7, (0, 3): 4, (5, 5): 6}
PUBLISHED_COUNTS = {(0, 0): 41, (1, 1): 53}


def layer_with_distinctive_counts():
    points = []
    for (col, row), people in {**WITHHELD_COUNTS, **PUBLISHED_COUNTS}.items():
        for person in range(people):
            # Two trips per person: row counts (14, 8, 12) must not leak either.
            for trip in range(2):
                points.append(((col * 100 + 10 + trip, row * 100 + 10), [f"c{col}r{row}p{person}"]))
    return point_layer(points)


def numbers_in(text):
    """Stand-alone numbers: not the digits inside hashes or layer ids."""
    return {float(value) for value in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", str(text))}


def test_no_withheld_count_can_be_read_from_any_output(run, feedback):
    layer = layer_with_distinctive_counts()
    common = {"INPUT": layer, "PERSON_FIELD": "person_id", "RHO": 0.1, "ORIGIN": "0,0 [EPSG:3035]",
              "OUTPUT": "TEMPORARY_OUTPUT"}
    sweep = run("resolutionsweep", dict(common, RESOLUTIONS="100"), feedback)
    grid = run("suppressedgrid", dict(common, RESOLUTION=100), feedback)
    run("kanonymitygate", {"INPUT": grid["OUTPUT"], "COUNT_FIELD": "n_persons",
                           "STATUS_FIELD": "status", "RHO": 0.1, "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)

    withheld_values = {float(n) for n in WITHHELD_COUNTS.values()}
    withheld_values |= {2.0 * n for n in WITHHELD_COUNTS.values()}  # their row counts

    grid_rows = [dict(zip(grid["OUTPUT"].fields().names(), f.attributes()))
                 for f in grid["OUTPUT"].getFeatures()]
    withheld_rows = [row for row in grid_rows if row["status"] != "published"]
    assert len(withheld_rows) == len(WITHHELD_COUNTS)
    assert all(row["n_persons"] == NULL for row in withheld_rows)
    for row in grid_rows:
        if row["status"] == "published":
            assert float(row["n_persons"]) not in withheld_values

    sweep_row = dict(zip(sweep["OUTPUT"].fields().names(),
                         next(sweep["OUTPUT"].getFeatures()).attributes()))
    count_like = ("cells", "cells_withheld", "median_published_count", "persons", "rows",
                  "cells_withheld_if_rows_counted")
    assert (sweep_row["cells"], sweep_row["cells_withheld"]) == (5, 3)
    for name in count_like:
        assert float(sweep_row[name]) not in withheld_values, name
    # The share of people in withheld cells reveals only the sum over several withheld cells.
    share_times_people = sweep_row["withheld_person_share"] * sweep_row["persons"]
    assert round(share_times_people) == sum(WITHHELD_COUNTS.values())

    for message in feedback.messages:
        leaked = numbers_in(message) & {float(n) for n in WITHHELD_COUNTS.values()}
        assert not leaked, message


def test_the_share_of_people_in_withheld_cells_is_hidden_for_one_withheld_cell(run, tmp_path):
    # Under a policy that keeps the number of people secret, one cell of 7 is the only one
    # withheld (the 30 is not needed as its complement): neither the share nor the number of
    # people may be written.
    points = [((10, 10), [f"a{i}"]) for i in range(30)] + [((310, 10), [f"b{i}"]) for i in range(7)]
    sweep = run("resolutionsweep", {"INPUT": point_layer(points), "PERSON_FIELD": "person_id",
                                    "POLICY": secret_total_policy(tmp_path), "RESOLUTIONS": "100",
                                    "ORIGIN": "0,0 [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT"})
    row = next(sweep["OUTPUT"].getFeatures())
    assert (row["cells_withheld"], row["cells_complementary"]) == (1, 0)
    assert row["withheld_person_share"] == NULL and row["persons"] == NULL
