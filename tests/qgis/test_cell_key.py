"""The cell key method through Processing: p-table, perturbed grid, the gate and a model."""

import processing
import pytest
from layers import people_in_cells, point_layer
from models import child, child_output, halting_message, model, model_input
from qgis.core import QgsProcessingException, QgsProcessingFeedback, \
    QgsProcessingParameterFeatureSource, QgsProcessingParameterFile, QgsVectorLayer

from spatial_privacy_plugin.release import grid as engine_grid
from spatial_privacy_plugin.noise.ptable import create_ptable, read_ptable_csv, write_ptable_csv

ORIGIN = "0,0 [EPSG:3035]"
# Cells of many sizes: the small ones are perturbed too, none is withheld.
CELLS = {(col, row): 1 + (3 * col + 5 * row) % 23 for col in range(8) for row in range(6)}
OUTPUT_FIELDS = ["cell_id", "col", "row", "resolution_m", "n_persons", "method", "ptable_hash",
                 "key_fingerprint", "counting_unit", "policy_hash"]
BASE_POLICY = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'


def rows_of(layer):
    return [dict(zip(layer.fields().names(), feature.attributes())) for feature in layer.getFeatures()]


def ckm_policy(folder, ptable="ptable.csv", d=3, v=2, js=2):
    path = folder / "policy.toml"
    path.write_text(BASE_POLICY + f'method = "cell key"\nckm_min_d = {d}\nckm_min_v = {v}\n'
                    f'ckm_min_js = {js}\n' + (f'ptable = "{ptable}"\n' if ptable else ""))
    return str(path)


def plain_policy(folder):
    path = folder / "plain.toml"
    path.write_text(BASE_POLICY)
    return str(path)


@pytest.fixture
def approved(tmp_path):
    """A p-table CSV (D = 4, V = 2, JS = 2) and a policy that approves it."""
    write_ptable_csv(create_ptable(4, 2.0, 2), tmp_path / "ptable.csv")
    return {"ptable": str(tmp_path / "ptable.csv"), "policy": ckm_policy(tmp_path),
            "key": str(tmp_path / "programme.key")}


def cell_key_grid(run, layer, approved, feedback=None, **extra):
    parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "KEY_FILE": approved["key"],
                  "PTABLE": approved["ptable"], "RESOLUTION": 100, "ORIGIN": ORIGIN,
                  "POLICY": approved["policy"], "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("cellkeygrid", parameters, feedback)


def test_ptable_algorithm_writes_the_table_and_its_csv_reads_back(run, tmp_path, feedback):
    path = tmp_path / "table.csv"
    result = run("ptable", {"D": 5, "V": 3, "JS": 2, "OUTPUT": str(path)}, feedback)
    table = read_ptable_csv(path)
    built = create_ptable(5, 3, 2)
    assert table.ptable_hash == built.ptable_hash == result["PTABLE_HASH"]
    assert QgsVectorLayer(str(path), "t", "ogr").fields().names() == \
        ["i", "j", "p", "v", "p_int_lb", "p_int_ub"]
    frame = table.frame
    assert (frame.loc[frame["j"].isin([1, 2]), "p"] == 0).all()
    assert result["ROWS_ADJUSTED"] == 0


def test_ptable_algorithm_refuses_v_above_d_squared(run, tmp_path):
    with pytest.raises(QgsProcessingException, match="D²"):
        run("ptable", {"D": 2, "V": 5, "OUTPUT": str(tmp_path / "t.csv")})
    assert not (tmp_path / "t.csv").exists()


def test_cell_key_grid_publishes_every_cell_perturbed(run, approved, feedback):
    result = cell_key_grid(run, people_in_cells(CELLS), approved, feedback)
    layer = result["OUTPUT"]
    assert layer.fields().names() == OUTPUT_FIELDS
    rows = rows_of(layer)
    assert len(rows) == len(CELLS) == result["CELLS"]
    table = read_ptable_csv(approved["ptable"])
    published = {(row["col"], row["row"]): row["n_persons"] for row in rows}
    assert all(abs(published[cell] - count) <= 4 for cell, count in CELLS.items())
    assert not any(1 <= value <= 2 for value in published.values())
    assert sum(published[cell] != count for cell, count in CELLS.items()) > len(CELLS) / 3
    assert {row["method"] for row in rows} == {"cell key"}
    assert {row["ptable_hash"] for row in rows} == {table.ptable_hash}
    fingerprint = result["KEY_FINGERPRINT"]
    assert {row["key_fingerprint"] for row in rows} == {fingerprint}
    key_text = open(approved["key"]).read().strip()
    assert len(key_text) == 64 and fingerprint not in key_text
    assert not any(key_text in str(message) for message in feedback.messages)
    assert any("A new secret key was created" in message for message in feedback.messages)


def test_same_key_same_release_another_key_another_noise(run, approved, tmp_path):
    first = rows_of(cell_key_grid(run, people_in_cells(CELLS), approved)["OUTPUT"])
    again = rows_of(cell_key_grid(run, people_in_cells(CELLS), approved)["OUTPUT"])
    assert first == again
    other = rows_of(cell_key_grid(run, people_in_cells(CELLS), approved,
                                  KEY_FILE=str(tmp_path / "other.key"))["OUTPUT"])
    changed = sum(a["n_persons"] != b["n_persons"] for a, b in zip(first, other))
    assert changed > len(CELLS) / 3
    assert first[0]["key_fingerprint"] != other[0]["key_fingerprint"]


def test_the_same_people_get_the_same_value_at_another_extent_and_origin(run, approved):
    """A layer holding only one cell's people, gridded on another origin (1 km): same value."""
    full = {(row["col"], row["row"]): row["n_persons"]
            for row in rows_of(cell_key_grid(run, people_in_cells(CELLS), approved)["OUTPUT"])}
    alone = {(2, 3): CELLS[(2, 3)]}
    single = rows_of(cell_key_grid(run, people_in_cells(alone), approved, RESOLUTION=1000,
                                   ORIGIN="-250,-50 [EPSG:3035]")["OUTPUT"])
    assert [row["n_persons"] for row in single] == [full[(2, 3)]]


def test_utility_and_audit_tables(run, approved):
    result = cell_key_grid(run, people_in_cells(CELLS), approved, UTILITY="TEMPORARY_OUTPUT",
                           AUDIT="TEMPORARY_OUTPUT")
    utility = rows_of(result["UTILITY"])[0]
    assert 0 < utility["mae"] <= utility["max_abs_error"] <= 4
    assert utility["cells"] == len(CELLS)
    assert 0 <= utility["hellinger"] < 0.2 and 0 < utility["share_changed"] <= 1
    assert utility["worst_window_mae"] >= utility["mae"]
    audit = rows_of(result["AUDIT"])
    assert len(audit) == len(CELLS)
    assert all(row["lower"] <= row["upper"] for row in audit)
    assert all(row["below_p"] == (row["width"] < 5) for row in audit)  # p = ⌈10 / 2⌉
    assert result["CELLS_BELOW_P"] == sum(row["below_p"] for row in audit)
    # The audit holds intervals, never an original count column.
    assert "n_original" not in result["AUDIT"].fields().names()


def test_a_persistent_record_key_field_replaces_the_key_file(run, approved):
    points = [((x * 100.0 + 50, 50.0), [f"p{x}_{n}", ((x * 7 + n) * 0.137) % 1.0])
              for x in range(5) for n in range(6)]
    layer = point_layer(points, "person_id:string,rkey:double")
    result = cell_key_grid(run, layer, approved, KEY_FILE=None, RECORD_KEY_FIELD="rkey")
    assert len(rows_of(result["OUTPUT"])) == 5


def test_refusals_name_the_problem(run, approved, tmp_path):
    layer = people_in_cells(CELLS)
    with pytest.raises(QgsProcessingException, match="not both"):
        cell_key_grid(run, layer, approved, D=3, V=2)
    with pytest.raises(QgsProcessingException, match="key file"):
        cell_key_grid(run, layer, approved, KEY_FILE=None)
    write_ptable_csv(create_ptable(2, 1.0, 0), tmp_path / "weak.csv")
    with pytest.raises(QgsProcessingException, match="below the policy's minimum ckm_min_d = 3"):
        cell_key_grid(run, layer, approved, PTABLE=str(tmp_path / "weak.csv"))
    with pytest.raises(QgsProcessingException, match="differs from the one the policy approves"):
        cell_key_grid(run, layer, approved, PTABLE=None, D=5, V=3, JS=2)
    assert not (tmp_path / "programme.key").exists()  # refused before any key was made


def gate(run, layer, policy, **extra):
    parameters = {"INPUT": layer, "COUNT_FIELD": "n_persons", "POLICY": policy,
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters)


def test_the_gate_accepts_a_cell_key_release_without_the_k_threshold(run, approved):
    release = cell_key_grid(run, people_in_cells(CELLS), approved)["OUTPUT"]
    result = gate(run, release, approved["policy"])
    assert result["PASSED"] is True and result["CELLS_CHECKED"] == len(CELLS)
    assert result["MIN_COUNT"] < 10  # published counts below k pass: they are perturbed


def test_the_gate_refuses_a_cell_key_release_edited_to_hold_a_count_in_1_to_js(run, approved):
    release = cell_key_grid(run, people_in_cells(CELLS), approved)["OUTPUT"]
    release.startEditing()
    feature = next(release.getFeatures())
    release.changeAttributeValue(feature.id(), release.fields().indexOf("n_persons"), 2)
    assert release.commitChanges()
    with pytest.raises(QgsProcessingException, match=r"1 published count\(s\) lie in 1..2"):
        gate(run, release, approved["policy"])


def test_the_gate_refuses_cell_key_releases_the_policy_does_not_allow(run, approved, tmp_path):
    release = cell_key_grid(run, people_in_cells(CELLS), approved)["OUTPUT"]
    with pytest.raises(QgsProcessingException, match="which the policy does not allow"):
        gate(run, release, plain_policy(tmp_path))
    with pytest.raises(QgsProcessingException, match="names no approved p-table"):
        gate(run, release, ckm_policy(tmp_path, ptable=None))
    write_ptable_csv(create_ptable(4, 2.5, 2), tmp_path / "other.csv")
    with pytest.raises(QgsProcessingException, match="not perturbed with the approved p-table"):
        gate(run, release, ckm_policy(tmp_path, ptable="other.csv"))
    with pytest.raises(QgsProcessingException, match="below the policy's minimum ckm_min_v"):
        gate(run, release, ckm_policy(tmp_path, v=3))


def test_a_layer_claiming_cell_key_without_its_fields_is_refused(run, tmp_path):
    from layers import cells_layer
    layer = cells_layer([[3, "cell key"]], fields="n_persons:integer,method:string")
    with pytest.raises(QgsProcessingException, match="lacks the field"):
        gate(run, layer, ckm_policy(tmp_path))


def ckm_model():
    return model("ckm_release", [
        QgsProcessingParameterFeatureSource("people", "people"),
        QgsProcessingParameterFile("policy", "policy"),
        QgsProcessingParameterFile("key", "key")], [
        child("spatialprivacy:ptable", "ptable", {"D": 4, "V": 2.0, "JS": 2,
                                                  "OUTPUT": "TEMPORARY_OUTPUT"}),
        child("spatialprivacy:cellkeygrid", "grid", {
            "INPUT": model_input("people"), "PERSON_FIELD": "person_id",
            "KEY_FILE": model_input("key"), "PTABLE": child_output("ptable", "OUTPUT"),
            "RESOLUTION": 100, "ORIGIN": ORIGIN, "POLICY": model_input("policy"),
            "OUTPUT": "TEMPORARY_OUTPUT"}),
        child("spatialprivacy:kanonymitygate", "gate", {
            "INPUT": child_output("grid", "OUTPUT"), "COUNT_FIELD": "n_persons",
            "POLICY": model_input("policy"), "OUTPUT": "TEMPORARY_OUTPUT"}, outputs=["OUTPUT"]),
    ])


def test_model_ptable_then_cell_key_grid_then_gate(provider, approved, tmp_path):
    algorithm = ckm_model()
    layer = people_in_cells(CELLS)
    result = processing.run(algorithm, {"people": layer, "policy": approved["policy"],
                                        "key": approved["key"],
                                        "gate:output": str(tmp_path / "checked.gpkg")})
    checked = QgsVectorLayer(result["gate:output"], "checked", "ogr")
    assert checked.featureCount() == len(CELLS)
    assert checked.fields().names()[1:] == OUTPUT_FIELDS  # fid first in a GeoPackage
    # Under a policy that approves another p-table, the model halts at the grid.
    write_ptable_csv(create_ptable(4, 3.0, 2), tmp_path / "other.csv")
    message = halting_message(algorithm, {
        "people": layer, "policy": ckm_policy(tmp_path, ptable="other.csv"),
        "key": approved["key"], "gate:output": str(tmp_path / "halted.gpkg")})
    assert "differs from the one the policy approves" in message
    assert not (tmp_path / "halted.gpkg").exists()


def test_cells_of_the_grid_are_the_engine_s_cells(run, approved):
    """The grid counts distinct people as the engine does (one point per person here)."""
    layer = people_in_cells(CELLS)
    result = cell_key_grid(run, layer, approved)
    ids = {row["cell_id"] for row in rows_of(result["OUTPUT"])}
    cols, rows = zip(*CELLS)
    assert ids == set(engine_grid.cell_ids(100.0, list(cols), list(rows)))


def test_the_sweep_shows_the_cell_key_method_beside_suppression(run, approved, feedback):
    common = {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id", "RHO": 0.1,
              "RESOLUTIONS": "100,200", "ORIGIN": ORIGIN, "OUTPUT": "TEMPORARY_OUTPUT"}
    plain = {row["resolution_m"]: row for row in rows_of(run("resolutionsweep", common)["OUTPUT"])}
    assert all(row["ckm_mae"] is None or row["ckm_mae"] != row["ckm_mae"] or
               str(row["ckm_mae"]) == "NULL" for row in plain.values())
    cell_key_grid(run, people_in_cells(CELLS), approved)  # creates the programme's key
    compared = run("resolutionsweep", dict(common, CKM_PTABLE=approved["ptable"],
                                           CKM_KEY_FILE=approved["key"]), feedback)
    rows = {row["resolution_m"]: row for row in rows_of(compared["OUTPUT"])}
    fine, coarse = rows[100.0], rows[200.0]
    assert fine["ckm_cells"] == len(CELLS) and 0 < coarse["ckm_cells"] < len(CELLS)
    assert 0 < fine["ckm_mae"] <= fine["ckm_max_abs_error"] <= 4
    assert fine["cells_withheld"] > 0  # suppression withholds, the cell key method publishes all
    # The same key gives the grid's own error at 100 m.
    utility = rows_of(cell_key_grid(run, people_in_cells(CELLS), approved,
                                    UTILITY="TEMPORARY_OUTPUT")["UTILITY"])[0]
    assert fine["ckm_mae"] == pytest.approx(utility["mae"])


def test_audit_margin_exploit_two_cells_of_1_and_a_total_perturbed_to_0(run, tmp_path):
    """Two people alone in two cells; their record keys make the cells publish 1 and 0 and the
    grand total (2) publish 0. Knowing D = 2 and the p-table, an attacker reads both cells
    exactly (the total held 1 or 2, each emitted cell at least 1): the audit must say so."""
    layer = point_layer([((50.0, 50.0), ["a", 0.7]), ((150.0, 50.0), ["b", 0.35])],
                        "person_id:string,rkey:double")
    result = run("cellkeygrid", {
        "INPUT": layer, "PERSON_FIELD": "person_id", "RECORD_KEY_FIELD": "rkey", "D": 2, "V": 1.0,
        "RESOLUTION": 100, "ORIGIN": ORIGIN, "POLICY": plain_policy(tmp_path),
        "OUTPUT": "TEMPORARY_OUTPUT", "AUDIT": "TEMPORARY_OUTPUT"})
    published = {row["col"]: row["n_persons"] for row in rows_of(result["OUTPUT"])}
    assert published == {0: 1, 1: 0}
    audit = {row["cell_id"]: row for row in rows_of(result["AUDIT"])}
    assert [(row["lower"], row["upper"], row["below_p"]) for row in audit.values()] == \
        [(1.0, 1.0, True), (1.0, 1.0, True)]
    assert result["CELLS_BELOW_P"] == 2


def test_audit_with_parent_cells_published_beside_the_grid(run, tmp_path):
    """The margin exploit one level down: two people alone in two 100 m cells of one 200 m parent
    that publishes 0, and 30 people far away, so that the grand total says little. Only the
    parent (AUDIT_PARENT_FACTOR = 2) tells an attacker that both cells hold exactly 1."""
    far = [((2050.0, 50.0), [f"f{n}", 0.01 * n]) for n in range(30)]
    layer = point_layer([((50.0, 50.0), ["a", 0.7]), ((150.0, 50.0), ["b", 0.35])] + far,
                        "person_id:string,rkey:double")

    def audit(**extra):
        result = run("cellkeygrid", {
            "INPUT": layer, "PERSON_FIELD": "person_id", "RECORD_KEY_FIELD": "rkey", "D": 2,
            "V": 1.0, "RESOLUTION": 100, "ORIGIN": ORIGIN, "POLICY": plain_policy(tmp_path),
            "OUTPUT": "TEMPORARY_OUTPUT", "AUDIT": "TEMPORARY_OUTPUT", **extra})
        rows = {row["cell_id"]: row for row in rows_of(result["AUDIT"])}
        return result, [(rows[cell]["lower"], rows[cell]["upper"]) for cell in sorted(rows)]

    alone, open_intervals = audit()
    together, parent_intervals = audit(AUDIT_PARENT_FACTOR=2)
    assert open_intervals[0][1] > open_intervals[0][0] or open_intervals[1][1] > open_intervals[1][0]
    assert parent_intervals[:2] == [(1.0, 1.0), (1.0, 1.0)]
    assert together["CELLS_BELOW_P"] >= alone["CELLS_BELOW_P"]
    # The parents only narrow intervals: every one lies inside the grand-total-only interval.
    assert all(low <= new_low <= new_high <= high for (low, high), (new_low, new_high)
               in zip(open_intervals, parent_intervals))


def test_attribute_breakdown_and_study_area_zeros(run, approved):
    points = [((col * 100.0 + 50, 50.0), [f"p{col}_{n}", "F" if n % 3 else "M"])
              for col in range(3) for n in range(8)]
    layer = point_layer(points, "person_id:string,sex:string")
    split = rows_of(cell_key_grid(run, layer, approved, KEY_FIELDS=["sex"])["OUTPUT"])
    assert sorted((row["col"], row["sex"]) for row in split) == \
        [(0, "F"), (0, "M"), (1, "F"), (1, "M"), (2, "F"), (2, "M")]
    assert split[0]["n_persons"] is not None
    area = point_layer([("POLYGON((0 0, 500 0, 500 100, 0 100, 0 0))", [])], "", geometry="Polygon")
    result = cell_key_grid(run, layer, approved, STUDY_AREA=area, AUDIT="TEMPORARY_OUTPUT")
    rows = {row["col"]: row["n_persons"] for row in rows_of(result["OUTPUT"])}
    assert sorted(rows) == [0, 1, 2, 3, 4] and rows[3] == rows[4] == 0
    # With true zeros published, an emitted cell may be empty: the attacker's lower bound is 0.
    assert min(row["lower"] for row in rows_of(result["AUDIT"])) == 0
    with pytest.raises(QgsProcessingException, match="True zeros need a grid without"):
        cell_key_grid(run, layer, approved, STUDY_AREA=area, KEY_FIELDS=["sex"])


def test_the_gate_audits_a_cell_key_release_beside_its_parents_as_the_grid_does(run, tmp_path):
    """Issue 33: the grid's audit pins cells beside the perturbed parents published with them;
    the gate, given those parents as an audit layer, fails exactly those releases (the same
    rule, ``perturbed.cell_key_disclosures``) and passes the others. Without the parents the
    gate has nothing to audit against and passes."""
    write_ptable_csv(create_ptable(2, 1.0, 0), tmp_path / "thin.csv")
    policy = ckm_policy(tmp_path, "thin.csv", d=2, v=1, js=0)
    far = [((2050.0, 50.0), [f"f{n}", 0.01 * n]) for n in range(30)]

    def releases(people):
        layer = point_layer(people + far, "person_id:string,rkey:double")
        parameters = {"INPUT": layer, "PERSON_FIELD": "person_id", "RECORD_KEY_FIELD": "rkey",
                      "PTABLE": str(tmp_path / "thin.csv"), "ORIGIN": ORIGIN, "POLICY": policy}
        fine = run("cellkeygrid", dict(parameters, RESOLUTION=100, OUTPUT="TEMPORARY_OUTPUT",
                                       AUDIT="TEMPORARY_OUTPUT", AUDIT_PARENT_FACTOR=2))
        parents = run("cellkeygrid", dict(parameters, RESOLUTION=200, OUTPUT="TEMPORARY_OUTPUT"))
        assert fine["CELLS_PINNED"] == sum(row["pinned"] for row in rows_of(fine["AUDIT"]))
        return fine, parents["OUTPUT"]

    # Two people alone in two cells of a parent that publishes 0: both pinned to exactly 1.
    fine, parents = releases([((50.0, 50.0), ["a", 0.7]), ((150.0, 50.0), ["b", 0.35])])
    assert fine["CELLS_PINNED"] == 2
    with pytest.raises(QgsProcessingException, match="2 cell\\(s\\) of this cell key release can be "
                                                      "pinned"):
        gate(run, fine["OUTPUT"], policy, AUDIT_LAYERS=[parents])
    assert gate(run, fine["OUTPUT"], policy)["PASSED"]  # nothing published beside it
    # The control: twelve people in each of those cells are pinned to nothing small.
    crowd = [((50.0 + 100 * (n % 2), 50.0), [f"c{n}", (0.37 * n) % 1]) for n in range(24)]
    fine, parents = releases(crowd)
    assert fine["CELLS_PINNED"] == 0
    assert gate(run, fine["OUTPUT"], policy, AUDIT_LAYERS=[parents])["PASSED"]


def test_the_ons_rounding_table_in_ons_format_rounds_every_cell(run, tmp_path):
    """ONS's 10-5 table in its own format (pcv, ckey, pvalue) read as a table layer: every
    cell is rounded, the cell of 1,087 people too (rows 501..750 reused above 750)."""
    lines = ["pcv,ckey,pvalue"]
    for pcv in range(1, 751):
        noise = -pcv if pcv < 10 else 5 * ((2 * pcv + 5) // 10) - pcv
        lines += [f"{pcv},{ckey},{noise}" for ckey in range(256)]
    path = tmp_path / "ptable_10_5_rule.csv"
    path.write_text("\n".join(lines) + "\n")
    cells = dict(CELLS)
    cells[(9, 9)] = 1087
    approved = {"ptable": str(path), "policy": plain_policy(tmp_path),
                "key": str(tmp_path / "programme.key")}
    feedback = QgsProcessingFeedback()
    rows = rows_of(cell_key_grid(run, people_in_cells(cells), approved, feedback)["OUTPUT"])
    assert "rows 501 to 750 in turn" in feedback.textLog()
    published = {(row["col"], row["row"]): row["n_persons"] for row in rows}
    assert published == {cell: 0 if count < 10 else 5 * ((2 * count + 5) // 10)
                         for cell, count in cells.items()}
    assert published[(9, 9)] == 1085
