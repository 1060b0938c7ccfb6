"""Stratified sweep on the sample city: the rural band needs coarser cells than the core."""

import math
import subprocess
import sys

import pytest
from layers import point_layer, people_in_cells
from qgis.core import QgsProcessingException, QgsVectorLayer

CENTRE = (4_321_000.0, 3_210_000.0)


def ring(radius, vertices=72):
    return [(CENTRE[0] + radius * math.cos(2 * math.pi * i / vertices),
             CENTRE[1] + radius * math.sin(2 * math.pi * i / vertices)) for i in range(vertices + 1)]


def wkt_ring(points):
    return "(" + ",".join(f"{x:.2f} {y:.2f}" for x, y in points) + ")"


def density_bands():
    square = [(CENTRE[0] - 60_000, CENTRE[1] - 60_000), (CENTRE[0] + 60_000, CENTRE[1] - 60_000),
              (CENTRE[0] + 60_000, CENTRE[1] + 60_000), (CENTRE[0] - 60_000, CENTRE[1] + 60_000),
              (CENTRE[0] - 60_000, CENTRE[1] - 60_000)]
    return point_layer([(f"POLYGON({wkt_ring(ring(3_000))})", ["core"]),
                        (f"POLYGON({wkt_ring(ring(8_000))},{wkt_ring(ring(3_000)[::-1])})", ["suburb"]),
                        (f"POLYGON({wkt_ring(square)},{wkt_ring(ring(8_000)[::-1])})", ["rural"])],
                       "band:string", geometry="Polygon")


@pytest.fixture(scope="module")
def sample(repo_root, tmp_path_factory):
    path = tmp_path_factory.mktemp("strata") / "trips.gpkg"
    subprocess.run([sys.executable, str(repo_root / "scripts" / "make_sample_data.py"), str(path)],
                   check=True, capture_output=True)
    return QgsVectorLayer(str(path), "trips", "ogr")


def test_the_rural_band_is_publishable_only_coarser_than_the_core(run, sample, feedback):
    result = run("resolutionsweep", {"INPUT": sample, "PERSON_FIELD": "person_id", "RHO": 0.1,
                                     "RESOLUTIONS": "250,500,1000,2000,4000,8000,16000", "STRATA": density_bands(),
                                     "STRATUM_FIELD": "band", "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    rows = [dict(zip(result["OUTPUT"].fields().names(), f.attributes()))
            for f in result["OUTPUT"].getFeatures()]
    best = {row["stratum"]: row["resolution_m"] for row in rows if row["recommended"]}
    assert set(best) == {"core", "suburb", "rural"}
    assert best["core"] < best["rural"]
    assert sum(row["persons"] for row in rows if row["resolution_m"] == 250) >= 12_000
    assert result["RECOMMENDED_RESOLUTION"] == max(best.values())
    assert any("Recommended cell size per stratum" in message for message in feedback.messages)


def test_points_outside_every_stratum_are_refused(run):
    strata = point_layer([("POLYGON((0 0, 100 0, 100 100, 0 100, 0 0))", ["a"])], "band:string",
                         geometry="Polygon")
    with pytest.raises(QgsProcessingException, match="no stratum"):
        run("resolutionsweep", {"INPUT": people_in_cells({(0, 0): 12, (5, 5): 12}),
                                "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTIONS": "100",
                                "STRATA": strata, "STRATUM_FIELD": "band",
                                "OUTPUT": "TEMPORARY_OUTPUT"})


def test_a_grid_with_a_cell_size_per_stratum_and_its_gate(run, sample, tmp_path):
    strict = tmp_path / "strata.toml"
    strict.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n[stratum_rho]\nrural = 0.04\n',
                      encoding="utf-8")
    common = {"INPUT": sample, "PERSON_FIELD": "person_id", "RESOLUTION": 1000,
              "STRATA": density_bands(), "STRATUM_FIELD": "band",
              "STRATUM_RESOLUTIONS": "core=500;suburb=1000;rural=4000", "OUTPUT": "TEMPORARY_OUTPUT"}
    plain = run("suppressedgrid", dict(common, RHO=0.1))["OUTPUT"]
    cells = [dict(zip(plain.fields().names(), f.attributes())) for f in plain.getFeatures()]
    sizes = {}
    for cell in cells:
        sizes.setdefault(cell["stratum"], set()).add(cell["resolution_m"])
    # A 4 km cell whose centre is not rural is split, and its rural children stay finer.
    assert sizes["core"] == {500.0} and 4000.0 in sizes["rural"]
    assert sizes["rural"] <= {1000.0, 2000.0, 4000.0}
    assert all(cell["n_persons"] >= cell["k"] for cell in cells if cell["status"] == "published")
    total_area = sum(f.geometry().area() for f in plain.getFeatures())
    from qgis.core import QgsGeometry
    union = QgsGeometry.unaryUnion([f.geometry() for f in plain.getFeatures()])
    assert abs(union.area() - total_area) < 1e-3 * total_area  # no two cells overlap
    gate_common = {"COUNT_FIELD": "n_persons", "STATUS_FIELD": "status", "OUTPUT": "TEMPORARY_OUTPUT"}
    run("kanonymitygate", dict(gate_common, INPUT=plain, RHO=0.1))
    # The stricter rural threshold, enforced from the policy: the plain grid fails it ...
    with pytest.raises(QgsProcessingException, match="fewer than k = 25"):
        run("kanonymitygate", dict(gate_common, INPUT=plain, POLICY=str(strict), STRATUM_FIELD="stratum"))
    # ... and a grid made under that policy passes it.
    strict_grid = run("suppressedgrid", dict(common, POLICY=str(strict)))["OUTPUT"]
    assert {f["k"] for f in strict_grid.getFeatures() if f["stratum"] == "rural"} == {25}
    run("kanonymitygate", dict(gate_common, INPUT=strict_grid, POLICY=str(strict),
                               STRATUM_FIELD="stratum"))


def test_a_grid_can_take_each_stratum_size_from_the_sweep(run, sample):
    result = run("suppressedgrid", {
        "INPUT": sample, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTION": 1000,
        "STRATA": density_bands(), "STRATUM_FIELD": "band",
        "STRATUM_RESOLUTIONS": "auto:250,500,1000,2000,4000,8000", "OUTPUT": "TEMPORARY_OUTPUT"})
    sizes = {}
    for cell in result["OUTPUT"].getFeatures():
        sizes.setdefault(cell["stratum"], set()).add(cell["resolution_m"])
    sweep = run("resolutionsweep", {"INPUT": sample, "PERSON_FIELD": "person_id", "RHO": 0.1,
                                    "RESOLUTIONS": "250,500,1000,2000,4000,8000", "STRATA": density_bands(),
                                    "STRATUM_FIELD": "band", "OUTPUT": "TEMPORARY_OUTPUT"})
    recommended = {f["stratum"]: f["resolution_m"] for f in sweep["OUTPUT"].getFeatures()
                   if f["recommended"]}
    # Cells near a boundary may be finer than their stratum asks (the centre rule), never coarser.
    assert {name: max(values) for name, values in sizes.items() if name} == recommended
    with pytest.raises(QgsProcessingException, match="No candidate size is publishable"):
        run("suppressedgrid", {
            "INPUT": sample, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTION": 1000,
            "STRATA": density_bands(), "STRATUM_FIELD": "band",
            "STRATUM_RESOLUTIONS": "auto:250", "OUTPUT": "TEMPORARY_OUTPUT"})


def test_a_grid_with_a_cell_size_per_stratum_publishes_true_zeros_in_its_study_area(
        run, sample, tmp_path):
    study = point_layer([(f"POLYGON({wkt_ring(ring(12_000))})", [])], "", geometry="Polygon")
    result = run("suppressedgrid", {
        "INPUT": sample, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTION": 1000,
        "STRATA": density_bands(), "STRATUM_FIELD": "band",
        "STRATUM_RESOLUTIONS": "core=500;suburb=1000;rural=4000", "STUDY_AREA": study,
        "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
    zeros = [f for f in result.getFeatures() if f["status"] == "published" and f["n_persons"] == 0]
    assert {f["resolution_m"] for f in zeros} >= {1000.0, 4000.0}  # zeros at their stratum's size
    from qgis.core import QgsGeometry
    total_area = sum(f.geometry().area() for f in result.getFeatures())
    union = QgsGeometry.unaryUnion([f.geometry() for f in result.getFeatures()])
    assert abs(union.area() - total_area) < 1e-3 * total_area  # still no two cells overlap
    gate = {"INPUT": result, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
            "OUTPUT": "TEMPORARY_OUTPUT"}
    with pytest.raises(QgsProcessingException, match="publish_zeros = true"):
        run("kanonymitygate", dict(gate, RHO=0.1))
    zeros_policy = tmp_path / "zeros.toml"
    zeros_policy.write_text('rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
                            'publish_zeros = true\n', encoding="utf-8")
    assert run("kanonymitygate", dict(gate, POLICY=str(zeros_policy)))["PASSED"]


def test_a_grid_with_a_cell_size_per_stratum_and_its_grand_total(run, sample):
    common = {"INPUT": sample, "PERSON_FIELD": "person_id", "RHO": 0.1, "RESOLUTION": 1000,
              "STRATA": density_bands(), "STRATUM_FIELD": "band",
              "STRATUM_RESOLUTIONS": "core=500;suburb=1000;rural=4000", "OUTPUT": "TEMPORARY_OUTPUT"}
    result = run("suppressedgrid", dict(common, MARGINALS=1, AUDIT="TEMPORARY_OUTPUT"))
    cells = list(result["OUTPUT"].getFeatures())
    assert "withheld" in {f["status"] for f in cells}
    assert len({f["grand_total"] for f in cells}) == 1  # published beside the grid, on every cell
    audit = list(result["AUDIT"].getFeatures())
    assert audit and all(f["ok"] for f in audit)
    with pytest.raises(QgsProcessingException, match="grand total only"):
        run("suppressedgrid", dict(common, MARGINALS=3))
