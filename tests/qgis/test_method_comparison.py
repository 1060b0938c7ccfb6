"""spatialprivacy:methodcomparison through Processing: its rows for suppression, the cell key method
and DP equal what those three algorithms report themselves from the same inputs; the chart and
the table say that nothing in them may be published; no ledger is charged."""

import pytest
from layers import people_in_cells
from qgis.core import NULL, QgsVectorLayer

from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

ORIGIN = "0,0 [EPSG:3035]"
EXTENT = "0,1000,0,800 [EPSG:3035]"
# Large, middling and small cells, some of them alone in their corner.
CELLS = {(col, row): (3 * col + 7 * row) % 17 for col in range(10) for row in range(8)}
CELLS = {cell: count for cell, count in CELLS.items() if count}


def rows_of(source):
    layer = source if isinstance(source, QgsVectorLayer) else QgsVectorLayer(str(source), "t", "ogr")
    assert layer.isValid()
    return [dict(zip(layer.fields().names(), feature.attributes())) for feature in layer.getFeatures()]


@pytest.fixture
def inputs(tmp_path):
    write_ptable_csv(create_ptable(3, 2.0, 1), tmp_path / "ptable.csv")
    policy = tmp_path / "policy.toml"
    policy.write_text('rho = 0.2\ntolerance = 0.2\ncounting_unit = "person"\n'
                      f'epsilon_budget = 5\nprotection_level = 3\n', encoding="utf-8")
    key = tmp_path / "programme.key"
    from spatial_privacy_plugin.noise.cellkey import create_key_file
    create_key_file(key)
    return {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id", "ORIGIN": ORIGIN,
            "POLICY": str(policy), "PTABLE": str(tmp_path / "ptable.csv"), "KEY_FILE": str(key),
            "folder": tmp_path}


def comparison(run, inputs, feedback=None, **extra):
    parameters = {name: inputs[name] for name in ("INPUT", "PERSON_FIELD", "ORIGIN", "POLICY",
                                                  "PTABLE", "KEY_FILE")}
    parameters.update({"RESOLUTIONS": "100", "EPSILON": 1.0, "EXTENT": EXTENT, "SEED": "same",
                       "OUTPUT": str(inputs["folder"] / "comparison.gpkg"),
                       "CHART": str(inputs["folder"] / "comparison.html")})
    parameters.update(extra)
    result = run("methodcomparison", parameters, feedback)
    return {row["method"]: row for row in rows_of(result["OUTPUT"])}, result


def mean_absolute_error(published):
    """Over the cells where the truth or the publication is non-zero; withheld (None) as 0."""
    cells = set(CELLS) | {cell for cell, value in published.items() if value}
    return sum(abs((published.get(cell) or 0) - CELLS.get(cell, 0)) for cell in cells) / len(cells)


def test_rows_equal_what_the_three_algorithms_report(run, inputs, feedback, tmp_path):
    rows, result = comparison(run, inputs, feedback)
    assert set(rows) == {"suppression", "cell key", "dp"}
    common = {name: inputs[name] for name in ("INPUT", "PERSON_FIELD", "ORIGIN", "POLICY")}

    grid = run("suppressedgrid", {**common, "RESOLUTION": 100, "OUTPUT": "TEMPORARY_OUTPUT",
                                  "AUDIT": "TEMPORARY_OUTPUT"})
    row = rows["suppression"]
    assert row["cells_withheld"] == grid["CELLS_WITHHELD"] > 0
    assert row["cells"] == grid["CELLS_PUBLISHED"] + grid["CELLS_WITHHELD"]
    assert row["cells_pinned"] == sum(not audit["ok"] for audit in rows_of(grid["AUDIT"]))
    published = {(cell["col"], cell["row"]): cell["n_persons"] for cell in rows_of(grid["OUTPUT"])}
    assert row["mae"] == pytest.approx(mean_absolute_error(published))
    assert row["share_changed"] == 0.0 and row["small_published_exact"] == 0

    key_grid = run("cellkeygrid", {**common, "PTABLE": inputs["PTABLE"],
                                   "KEY_FILE": inputs["KEY_FILE"], "RESOLUTION": 100,
                                   "OUTPUT": "TEMPORARY_OUTPUT", "UTILITY": "TEMPORARY_OUTPUT"})
    utility = rows_of(key_grid["UTILITY"])[0]
    row = rows["cell key"]
    for name in ("cells", "mae", "mse", "hellinger", "share_changed"):
        assert row[name] == pytest.approx(utility[name]), name
    assert row["cells_pinned"] == key_grid["CELLS_PINNED"]  # what the gate fails
    assert row["ptable_hash"] == key_grid["PTABLE_HASH"]
    published = {(cell["col"], cell["row"]): cell["n_persons"]
                 for cell in rows_of(key_grid["OUTPUT"])}
    assert row["mae"] == pytest.approx(mean_absolute_error(published))

    dp_grid = run("dpgrid", {**common, "EPSILON": 1.0, "RESOLUTIONS": "100", "EXTENT": EXTENT,
                             "SEED": "same", "LEDGER": str(tmp_path / "ledger.sqlite"),
                             "DATASET": "d", "RELEASE_ID": "r", "OUTPUT": "TEMPORARY_OUTPUT"})
    published = {(cell["col"], cell["row"]): cell["n_persons"]
                 for cell in rows_of(dp_grid["OUTPUT"])}
    row = rows["dp"]
    assert row["mae"] == pytest.approx(mean_absolute_error(published))
    assert row["epsilon"] == 1.0
    assert row["cells_pinned"] == NULL  # DP has no audit: its guarantee is ε


def test_the_comparison_is_no_release_and_charges_no_ledger(run, inputs, feedback):
    rows, result = comparison(run, inputs, feedback)
    assert {row["use"] for row in rows.values()} == {
        "data holder only: a simulation, not a release; publish nothing"}
    assert any("not a release" in message and "no ε is recorded" in message
               for message in feedback.messages)
    assert not list(inputs["folder"].glob("*.sqlite"))  # no ledger anywhere
    page = (inputs["folder"] / "comparison.html").read_text(encoding="utf-8")
    assert "a simulation, not a release" in page and "Plotly.newPlot" in page
    assert {row["k"] for row in rows.values()} == {5}
    assert all(len(row["policy_hash"]) == 64 for row in rows.values())


def test_without_a_seed_the_dp_row_varies_and_with_one_it_does_not(run, inputs):
    seeded = [comparison(run, inputs)[0]["dp"]["mae"] for _ in range(2)]
    assert seeded[0] == seeded[1]
    drawn = {comparison(run, inputs, SEED=None)[0]["dp"]["mse"] for _ in range(4)}
    assert len(drawn) > 1


def test_each_cell_size_has_a_row_per_method(run, inputs):
    result = run("methodcomparison", {
        **{name: inputs[name] for name in ("INPUT", "PERSON_FIELD", "POLICY", "PTABLE",
                                           "KEY_FILE")},
        "RESOLUTIONS": "100,200,400", "OUTPUT": "TEMPORARY_OUTPUT"})
    rows = rows_of(result["OUTPUT"])
    assert sorted((row["resolution_m"], row["method"]) for row in rows) == sorted(
        (size, method) for size in (100, 200, 400) for method in ("suppression", "cell key", "dp"))
    # Coarser cells withhold fewer: the errors of suppression fall with the size here.
    suppression = sorted((row["resolution_m"], row["share_withheld"]) for row in rows
                         if row["method"] == "suppression")
    assert suppression[0][1] > suppression[-1][1]


def households_layer():
    """People in households of one to three at the dwelling points of CELLS' cells."""
    from layers import point_layer
    points, number = [], 0
    for (col, row), count in CELLS.items():
        for person in range(count):
            household = f"h{col}_{row}_{person // 3}"
            points.append(((col * 100 + 20 + 20 * (person // 3 % 3), row * 100 + 50),
                           [f"p{number}", household, ["F", "M"][person % 2]]))
            number += 1
    return point_layer(points, "person_id:string,household_id:string,sex:string")


def test_the_swap_row_equals_the_record_swap_then_the_cell_key_grid(run, inputs):
    layer = households_layer()
    swap = {"HOUSEHOLD_FIELD": "household_id", "RISK_FIELDS": ["sex"], "SWAP_RATE": 0.1,
            "SEED": "same"}
    comparison(run, inputs, INPUT=layer, RESOLUTIONS="100,200", **swap)
    by_size = {}
    for row in rows_of(inputs["folder"] / "comparison.gpkg"):
        by_size.setdefault(row["resolution_m"], {})[row["method"]] = row
    swapped = run("recordswap", {"INPUT": layer, "PERSON_FIELD": "person_id", **swap,
                                 "HIERARCHY": "200,100", "ORIGIN": ORIGIN, "K_ANONYMITY": 5,
                                 "OUTPUT": "TEMPORARY_OUTPUT"})
    assert swapped["HOUSEHOLDS_SWAPPED"] > 0
    # The swap moved people between cells (their cell key noise then differs; the rows' MAE may
    # still coincide by chance, so that is not what is compared).
    before = {f["person_id"]: f.geometry().asPoint() for f in layer.getFeatures()}
    after = {f["person_id"]: f.geometry().asPoint() for f in swapped["OUTPUT"].getFeatures()}
    assert before.keys() == after.keys()
    assert any((int(before[person].x() // 100), int(before[person].y() // 100)) !=
               (int(after[person].x() // 100), int(after[person].y() // 100)) for person in before)
    truth = {}
    for feature in layer.getFeatures():
        point = feature.geometry().asPoint()
        for size in (100, 200):
            cell = (size, int(point.x() // size), int(point.y() // size))
            truth[cell] = truth.get(cell, 0) + 1
    for size in (100, 200):
        row = by_size[size]["swap + cell key"]
        assert row["households_swapped"] == swapped["HOUSEHOLDS_SWAPPED"]
        # Donors two cells away or more: no high-risk household is published near its own.
        assert row["high_risk_in_true_cell"] == row["high_risk_near_true_cell"] == 0.0
        assert by_size[size]["cell key"]["high_risk_near_true_cell"] in (None, NULL)
        key_grid = run("cellkeygrid", {"INPUT": swapped["OUTPUT"], "PERSON_FIELD": "person_id",
                                       "POLICY": inputs["POLICY"], "PTABLE": inputs["PTABLE"],
                                       "KEY_FILE": inputs["KEY_FILE"], "RESOLUTION": size,
                                       "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT"})
        published = {(cell["col"], cell["row"]): cell["n_persons"]
                     for cell in rows_of(key_grid["OUTPUT"])}
        true = {(col, row_): count for (at, col, row_), count in truth.items() if at == size}
        cells = set(true) | {cell for cell, value in published.items() if value}
        expected = sum(abs(published.get(cell, 0) - true.get(cell, 0)) for cell in cells) / \
            len(cells)
        assert row["mae"] == pytest.approx(expected)


def test_without_households_there_is_no_swap_row(run, inputs, feedback):
    rows, _ = comparison(run, inputs, feedback)
    assert "swap + cell key" not in rows
    assert any("no swap + cell key row" in message for message in feedback.messages)


def commuters_layer(per_cell=12):
    """``per_cell`` people at home in each cell of 10 × 8 cells of 100 m, each seen in the next
    cell east too: a cell counts about twice the people the DP grid counts in it (one cell per
    person)."""
    from layers import point_layer
    points = []
    for col in range(10):
        for row in range(8):
            for person in range(per_cell):
                for east in (0, 1):
                    points.append((((col + east) % 10 * 100 + 50, row * 100 + 50),
                                   [f"p{col}_{row}_{person}"]))
    return point_layer(points)


def test_the_dp_row_says_what_its_attacker_knows_and_is_scored_against_its_own_counts(
        run, inputs, feedback, tmp_path):
    import re

    from spatial_privacy_plugin.noise.dp import discrete_laplace_within
    from spatial_privacy_plugin.noise.dp_release import plan_noise

    layer = commuters_layer()
    rows, _ = comparison(run, inputs, feedback, INPUT=layer)
    dp = rows["dp"]
    run("dpgrid", {"INPUT": layer, "PERSON_FIELD": "person_id", "ORIGIN": ORIGIN,
                   "POLICY": inputs["POLICY"], "EPSILON": 1.0, "RESOLUTIONS": "100",
                   "EXTENT": EXTENT, "SEED": "same", "LEDGER": str(tmp_path / "ledger.sqlite"),
                   "DATASET": "d", "RELEASE_ID": "r", "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    own = [float(found) for message in feedback.messages
           for found in re.findall(r"mean absolute noise ([0-9]+\.?[0-9]*)", message)]
    assert len(own) == 1
    # The DP grid's own noise figure, not the bounding's: people seen in two cells count in one.
    assert abs(dp["mae_vs_bounded_truth"] - own[0]) < 0.4
    assert dp["mae"] > 5 * own[0]
    assert dp["dp_width"] == 2  # ⌊(k − 1)/2⌋ at k = 5
    scale = plan_noise("discrete laplace", 1.0, (100.0,), 1).levels[0].noise
    assert dp["dp_probability_within_width"] == pytest.approx(discrete_laplace_within(scale, 2))
    for method in ("suppression", "cell key"):
        assert all(rows[method][name] in (None, NULL) for name in (
            "mae_vs_bounded_truth", "dp_width", "dp_probability_within_width"))
    assert any("against the counts the DP grid noises" in message and "within ±2" in message
               for message in feedback.messages)
    page = (inputs["folder"] / "comparison.html").read_text(encoding="utf-8")
    assert "small counts published exactly" not in page
    assert "what an attacker can know" in page  # plotly's JSON writes ± as \u00b1
    assert "within \\u00b12 of the count it was drawn from" in page


def test_a_point_left_out_of_the_chart_is_explained_on_it(run, inputs):
    from layers import people_in_cells

    # Every count below k: the suppressed grid withholds them all and publishes no one, so its
    # distance cannot be computed.
    rows, _ = comparison(run, inputs, INPUT=people_in_cells({(col, 2): 2 for col in range(6)}))
    assert rows["suppression"]["wasserstein_m"] in (None, NULL)
    page = (inputs["folder"] / "comparison.html").read_text(encoding="utf-8")
    assert "Not computed:" in page
    assert ("suppression at 100 m: Kantorovich\\u2013Wasserstein distance (m) not computed, "
            "because the release publishes no one") in page


def test_the_distances_time_is_said_before_scoring_and_each_row_states_its_bound(
        run, inputs, feedback):
    rows, _ = comparison(run, inputs, feedback)
    messages = list(feedback.messages)
    estimate = [number for number, message in enumerate(messages)
                if "Kantorovich–Wasserstein distances should take about" in message]
    scored = [number for number, message in enumerate(messages) if "now scored" in message]
    assert len(estimate) == 1 and estimate[0] < scored[0]
    assert "comparison's 3 Kantorovich" in messages[estimate[0]]
    # Small problems are solved exactly: their bound is 0.
    assert [row["kw_bound"] for row in rows.values()] == [0.0] * 3


def test_a_distance_within_a_bound_is_said_on_the_chart():
    import pandas as pd
    from spatial_privacy.processing_provider.algorithms.method_comparison import MethodComparison

    assert MethodComparison.bound_note(pd.DataFrame({"kw_bound": [0.0, None]})) == ""
    note = MethodComparison.bound_note(pd.DataFrame({"kw_bound": [0.0, 0.0049, None]}))
    assert "kw_bound" in note and "0.49 %" in note and "never below" in note
