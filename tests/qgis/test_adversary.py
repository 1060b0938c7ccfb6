"""Join simulation, geomask and synthetic auxiliary data through Processing, and in a model."""

import math

import numpy as np
import subprocess
import sys

import processing
import pytest
from layers import cells_layer, point_layer
from models import child, child_output, model, model_input
from qgis.core import NULL, QgsProcessingException, QgsProcessingParameterFeatureSource, \
    QgsVectorLayer


def hand_layers():
    """a and b stand at the origin; b's record is 3 m away and x's exactly 10 m away;
    c has nobody within 10 m; d's record is alone with d's sex."""
    release = point_layer([((0, 3), ["b", "F"]), ((6, 8), ["x", "F"]), ((500, 500), ["d", "M"]),
                           ((500, 501), ["e", "F"])], "id:string,sex:string")
    auxiliary = point_layer([((0, 0), ["a", "F"]), ((0, 0), ["b", "F"]), ((200, 200), ["c", "F"]),
                             ((500, 500), ["d", "M"])], "id:string,sex:string")
    return release, auxiliary


def join(run, release, auxiliary, feedback=None, **extra):
    parameters = {"RELEASE": release, "AUXILIARY": auxiliary, "RADIUS": 10, "QID_FIELDS": ["sex"],
                  "RELEASE_TRUTH_FIELD": "id", "AUXILIARY_TRUTH_FIELD": "id",
                  "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("joinsimulation", parameters, feedback)


def rows(layer):
    return [dict(zip(layer.fields().names(), f.attributes())) for f in layer.getFeatures()]


def test_join_on_the_hand_case(run, tmp_path, feedback):
    release, auxiliary = hand_layers()
    result = join(run, release, auxiliary, feedback, TARGETS="TEMPORARY_OUTPUT", RHO=0.2,
                  CHART=str(tmp_path / "curve.html"), REPORT=str(tmp_path / "report.md"),
                  AUXILIARY_PROVENANCE="test fixture")
    table = rows(result["OUTPUT"])
    assert [row["attributes"] for row in table] == ["location", "location + sex"]
    assert table[0]["pi_unique"] == 0 and table[0]["targets_with_no_candidate"] == 1
    assert table[1]["pi_unique"] == pytest.approx(0.25) and table[1]["pi_correct"] == pytest.approx(0.25)
    assert table[1]["auxiliary_provenance"] == "test fixture" and table[1]["radius_m"] == 10
    targets = {row["target"]: row for row in rows(result["TARGETS"])}
    assert targets["b"]["candidates"] == 2  # its own record and x's, exactly at the radius
    assert targets["c"]["candidates"] == 0
    assert targets["d"]["unique"] and targets["d"]["correct"]
    assert result["PI_CORRECT"] == pytest.approx(0.25)
    page = (tmp_path / "curve.html").read_text(encoding="utf-8")
    assert "Plotly.newPlot" in page and "location + sex" in page
    assert "ceiling \\u03c1 = 0.2" in page  # plotly's JSON writes ρ as an escape
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    # The headline names the figure it compares with the ceiling (π correct: truth is known).
    assert "test fixture" in report and ("crosses the policy's ceiling with location + sex: "
                                         "really re-identified (π correct) = 25") in report
    assert "above ρ = 0.2" in report


def test_without_truth_pi_correct_is_unknown(run):
    release, auxiliary = hand_layers()
    result = join(run, release, auxiliary, RELEASE_TRUTH_FIELD=None, AUXILIARY_TRUTH_FIELD=None)
    assert all(row["pi_correct"] == NULL and row["precision"] == NULL for row in rows(result["OUTPUT"]))


@pytest.mark.parametrize("name", ["curve.svg", "curve.png"])
def test_a_chart_that_is_not_html_is_refused_before_anything_is_written(run, tmp_path, name):
    release, auxiliary = hand_layers()
    with pytest.raises(QgsProcessingException, match=r"HTML page.*\.html"):
        join(run, release, auxiliary, CHART=str(tmp_path / name),
             REPORT=str(tmp_path / "report.html"))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make, fragment", [
    (lambda: (point_layer([((0, 0), ["a", 1])], "id:string,sex:integer"), hand_layers()[1]),
     "integer"),
    (lambda: (hand_layers()[0], point_layer([((0, 0), ["a"])], "id:string")), "sex"),
    (lambda: (point_layer([((7.1, 50.2), ["a", "F"])], "id:string,sex:string", crs="EPSG:4326"),
              hand_layers()[1]), "metric CRS"),
    (lambda: (hand_layers()[0], point_layer([], "id:string,sex:string")), "no features"),
])
def test_bad_join_input_is_refused(run, make, fragment):
    release, auxiliary = make()
    with pytest.raises(QgsProcessingException, match=fragment):
        join(run, release, auxiliary)


@pytest.fixture(scope="module")
def sample_trips(repo_root, tmp_path_factory):
    path = tmp_path_factory.mktemp("sample") / "trips.gpkg"
    subprocess.run([sys.executable, str(repo_root / "scripts" / "make_sample_data.py"), str(path),
                    "3000"], check=True, capture_output=True)
    return QgsVectorLayer(str(path), "trips", "ogr")


def test_positive_control_the_join_finds_raw_data(run, sample_trips):
    result = run("joinsimulation", {
        "RELEASE": sample_trips, "AUXILIARY": sample_trips, "RADIUS": 0.01,
        "QID_FIELDS": ["age_band", "sex"], "RELEASE_TRUTH_FIELD": "trip_id",
        "AUXILIARY_TRUTH_FIELD": "trip_id", "OUTPUT": "TEMPORARY_OUTPUT"})
    assert result["PI_CORRECT"] > 0.95


def masking_model():
    return model("mask_then_join", [QgsProcessingParameterFeatureSource("people", "people")], [
        child("spatialprivacy:geomask", "mask", {
            "INPUT": model_input("people"), "MIN_RADIUS": 200.0, "MAX_RADIUS": 800.0,
            "KEEP_FIELDS": ["trip_id"]}),
        child("spatialprivacy:joinsimulation", "attack", {
            "RELEASE": child_output("mask", "OUTPUT"), "AUXILIARY": model_input("people"),
            "RADIUS": 800.0, "RELEASE_TRUTH_FIELD": "trip_id",
            "AUXILIARY_TRUTH_FIELD": "trip_id"}, outputs=["OUTPUT"]),
    ])


def test_a_model_chains_geomask_into_the_join_simulation(provider, sample_trips):
    results = processing.run(masking_model(), {"people": sample_trips, "attack:output": "TEMPORARY_OUTPUT"})
    curve = results["attack:output"]
    layer = curve if isinstance(curve, QgsVectorLayer) else QgsVectorLayer(curve)
    location_only = next(layer.getFeatures())
    assert location_only["pi_correct"] < 0.2  # location alone, masked by 200-800 m


def test_geomask_keeps_distances_in_the_ring_and_is_reproducible_only_with_a_seed(run, feedback):
    people = point_layer([((1000.0 * i, 0.0), [f"p{i}"]) for i in range(200)])
    seeded = {"INPUT": people, "MIN_RADIUS": 50, "MAX_RADIUS": 100, "SEED": "a test seed",
              "KEEP_FIELDS": ["person_id"], "OUTPUT": "TEMPORARY_OUTPUT"}
    first = run("geomask", seeded, feedback)["OUTPUT"]
    again = run("geomask", seeded)["OUTPUT"]
    moved = [f.geometry().asPoint() for f in first.getFeatures()]
    assert moved == [f.geometry().asPoint() for f in again.getFeatures()]
    for i, point in enumerate(moved):
        assert 50 - 1e-6 <= math.hypot(point.x() - 1000.0 * i, point.y()) <= 100 + 1e-6
    row = rows(first)[0]
    assert (row["person_id"], row["mask_min_m"], row["mask_max_m"]) == ("p0", 50, 100)
    assert any("undo the displacement" in message for message in feedback.messages)
    assert any("Kept fields: person_id" in message for message in feedback.messages)
    assert not any("a test seed" in message for message in feedback.messages)
    # Without a seed the operating system's randomness: two runs differ, and by default no
    # input field (the id) is kept.
    unseeded = {"INPUT": people, "MIN_RADIUS": 50, "MAX_RADIUS": 100, "OUTPUT": "TEMPORARY_OUTPUT"}
    one, two = (run("geomask", unseeded)["OUTPUT"] for _ in range(2))
    assert [f.geometry().asPoint() for f in one.getFeatures()] != \
        [f.geometry().asPoint() for f in two.getFeatures()]
    assert one.fields().names() == ["mask_min_m", "mask_max_m"]
    # The attack on the old default (seed 1): regenerate the offsets and subtract them.
    from spatial_privacy.spatial_privacy_plugin.risk.masking import donut_displacement
    dx, dy = donut_displacement(200, 50, 100, np.random.default_rng(1))
    recovered = [(p.x() - x, p.y() - y) for p, x, y in zip(
        (f.geometry().asPoint() for f in one.getFeatures()), dx, dy)]
    true = [(1000.0 * i, 0.0) for i in range(200)]
    assert max(math.hypot(a - c, b - d) for (a, b), (c, d) in zip(recovered, true)) > 1.0
    with pytest.raises(QgsProcessingException, match="radius"):
        run("geomask", {"INPUT": people, "MIN_RADIUS": 100, "MAX_RADIUS": 50,
                        "OUTPUT": "TEMPORARY_OUTPUT"})


def test_synthetic_auxiliary_from_marginals_per_zone(run):
    addresses = point_layer([((x * 10.0 + 5, 5.0), [str(x)]) for x in range(2000)], "address:string")
    zones = point_layer([("POLYGON((0 0, 10000 0, 10000 10, 0 10, 0 0))", ["north"]),
                         ("POLYGON((10000 0, 20000 0, 20000 10, 10000 10, 10000 0))", ["south"])],
                        "zone_id:string", geometry="Polygon")
    marginals = cells_layer([["sex", "F", 0.9, "north"], ["sex", "M", 0.1, "north"],
                             ["sex", "F", 0.3, "south"], ["sex", "M", 0.7, "south"]],
                            fields="attribute:string,category:string,share:double,zone:string")
    result = run("syntheticauxiliary", {"ADDRESSES": addresses, "MARGINALS": marginals,
                                        "ZONES": zones, "ZONE_ID_FIELD": "zone_id",
                                        "COVERAGE": 0.5, "SEED": 4, "OUTPUT": "TEMPORARY_OUTPUT"})
    held = rows(result["OUTPUT"])
    assert 900 < len(held) < 1100
    assert {row["provenance"] for row in held} == {"synthetic from marginals — lower bound"}
    north = [row["sex"] for row in held if int(row["aux_id"]) <= 1000]
    assert 0.85 < north.count("F") / len(north) < 0.95
    join_result = run("joinsimulation", {"RELEASE": addresses, "AUXILIARY": result["OUTPUT"],
                                         "RADIUS": 1, "OUTPUT": "TEMPORARY_OUTPUT"})
    assert "lower bound" in rows(join_result["OUTPUT"])[0]["auxiliary_provenance"]


def test_an_auxiliary_layer_in_another_crs_is_reprojected(run):
    from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsPointXY, QgsProject
    release, auxiliary = hand_layers()
    # The same targets, moved into geographic coordinates (the release stays in EPSG:3035).
    transform = QgsCoordinateTransform(QgsCoordinateReferenceSystem("EPSG:3035"),
                                       QgsCoordinateReferenceSystem("EPSG:4326"), QgsProject.instance())
    offset = (4_321_000.0, 3_210_000.0)
    shifted_release = point_layer([((f.geometry().asPoint().x() + offset[0],
                                     f.geometry().asPoint().y() + offset[1]), f.attributes())
                                   for f in release.getFeatures()], "id:string,sex:string")
    geographic = point_layer([(transform.transform(QgsPointXY(f.geometry().asPoint().x() + offset[0],
                                                              f.geometry().asPoint().y() + offset[1])),
                               f.attributes()) for f in auxiliary.getFeatures()],
                             "id:string,sex:string", crs="EPSG:4326")
    projected = rows(join(run, release, auxiliary)["OUTPUT"])
    reprojected = rows(join(run, shifted_release, geographic, RADIUS=10.001)["OUTPUT"])
    assert [r["pi_unique"] for r in reprojected] == [r["pi_unique"] for r in projected]


def test_sequential_releases_narrow_the_candidate_sets(run, feedback):
    """The hand case released twice: in the second release x's and e's records lie far away,
    so a subject linked to them is no longer consistent with the targets."""
    fields = "id:string,sex:string,pseudo:string"
    first = point_layer([((0, 3), ["b", "F", "p1"]), ((6, 8), ["x", "F", "p2"]),
                         ((500, 500), ["d", "M", "p3"]), ((500, 501), ["e", "F", "p4"])], fields)
    second = point_layer([((1, 0), ["b", "F", "p1"]), ((300, 300), ["x", "F", "p2"]),
                          ((500, 499), ["d", "M", "p3"]), ((900, 900), ["e", "F", "p4"])], fields)
    auxiliary = hand_layers()[1]
    one = rows(join(run, first, auxiliary)["OUTPUT"])
    both = join(run, first, auxiliary, feedback, OTHER_RELEASES=[second],
                RELEASE_LINK_FIELD="pseudo", TARGETS="TEMPORARY_OUTPUT")
    table = rows(both["OUTPUT"])
    assert one[0]["pi_unique"] == 0 and table[0]["pi_unique"] == pytest.approx(0.75)
    assert table[0]["pi_correct"] == pytest.approx(0.5)  # a is matched to b's subject: wrong
    assert any("linked by 'pseudo'" in message for message in feedback.messages)
    with pytest.raises(QgsProcessingException, match="link field"):
        join(run, first, auxiliary, OTHER_RELEASES=[second])
    unlinked = point_layer([((1, 0), ["b", "F", None])], fields)
    with pytest.raises(QgsProcessingException, match="NULL link id"):
        join(run, first, auxiliary, OTHER_RELEASES=[unlinked], RELEASE_LINK_FIELD="pseudo")
