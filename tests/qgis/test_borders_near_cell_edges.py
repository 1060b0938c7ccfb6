"""Borders within millimetres of the cell edges they follow (issue 19): municipalities published
in EPSG:4326 with 7 decimals leave strips between a border and the edge, which an attacker reads
as empty. The gate audits that reading too, and the grid protects against it.

The EU guidelines' worked case on 1 km tiles in two rows, near EPSG:3035 coordinates of central
Europe: A holds (0, 0), (1, 0), (0, 1), (1, 1) and the western 300 m of (2, 0), where 3 of its
100 people live; its border runs along the edges of (1, 1), (2, 1) and (2, 0)."""

import math
import re
import sys
from pathlib import Path

import pytest
from layers import point_layer
from qgis.core import QgsCoordinateReferenceSystem, QgsCoordinateTransform, QgsGeometry, \
    QgsPointXY, QgsProcessingException, QgsProject, QgsRectangle

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from sliver_attacker import attacker_findings  # noqa: E402 (the engine tests' attacker)

X0, Y0 = 4_321_000, 3_210_000
TILES = {(0, 0): 15, (1, 0): 40, (2, 0): 23, (0, 1): 26, (1, 1): 16, (2, 1): 30}
FIELDS = "cell_id:string,n_persons:integer,status:string"
AS_SLIVER = r"1000m_2_0 ∩ [^[]*: 1 \[3, 3\]"


def tiles(crs="EPSG:3035"):
    """The worked case's grid, reprojected to ``crs`` as Reproject layer does it (each cell's four
    corners moved)."""
    transform = QgsCoordinateTransform(QgsCoordinateReferenceSystem("EPSG:3035"),
                                       QgsCoordinateReferenceSystem(crs), QgsProject.instance())
    rows = []
    for (c, r), count in TILES.items():
        x, y = X0 + 1000 * c, Y0 + 1000 * r
        cell = QgsGeometry.fromWkt(f"POLYGON(({x} {y}, {x + 1000} {y}, {x + 1000} {y + 1000}, "
                                   f"{x} {y + 1000}, {x} {y}))")
        cell.transform(transform)
        rows.append((cell.asWkt(17), [f"1000m_{c}_{r}", count, "published"]))
    return point_layer(rows, FIELDS, crs=crs, geometry="Polygon")


def municipalities(outward=0.0, east=2300):
    """A and B in EPSG:3035 metres from the grid's origin; A's border moved ``outward`` off the
    cell edges it follows, its piece of (2, 0) reaching ``east``."""
    d = outward
    a = QgsGeometry.fromWkt(f"POLYGON(({-d} {-d}, {east} {-d}, {east} {1000 + d}, {2000 + d} "
                            f"{1000 + d}, {2000 + d} {2000 + d}, {-d} {2000 + d}, {-d} {-d}))")
    b = QgsGeometry.fromWkt("POLYGON((-10 -10, 3010 -10, 3010 2010, -10 2010, -10 -10))") \
        .difference(a)
    for geometry in (a, b):
        geometry.translate(X0, Y0)
    return [("A", a), ("B", b)]


def published(zones, counts=None, decimals=None, crs=None):
    """The zones as a layer: in EPSG:3035, or given ``decimals`` in EPSG:4326 rounded to them
    (as a GeoJSON file with that coordinate precision holds them), or reprojected to ``crs``."""
    fields = "name:string" + (",n_persons:integer" if counts else "")
    crs = crs or ("EPSG:3035" if decimals is None else "EPSG:4326")
    rows = []
    for number, (name, geometry) in enumerate(zones):
        geometry = QgsGeometry(geometry)
        geometry.transform(QgsCoordinateTransform(QgsCoordinateReferenceSystem("EPSG:3035"),
                                                  QgsCoordinateReferenceSystem(crs),
                                                  QgsProject.instance()))
        rows.append((geometry.asWkt(17 if decimals is None else decimals),
                     [name] + ([counts[number]] if counts else [])))
    return point_layer(rows, fields, crs=crs, geometry="Polygon")


def gate(run, layer, audit_layer, feedback=None, **extra):
    parameters = {"INPUT": layer, "COUNT_FIELD": "n_persons", "STATUS_FIELD": "status",
                  "RHO": 0.25, "AUDIT_LAYERS": [audit_layer], "OUTPUT": "TEMPORARY_OUTPUT"}
    parameters.update(extra)
    return run("kanonymitygate", parameters, feedback)


def test_municipalities_in_4326_at_7_decimals_give_as_sliver_away(run, feedback):
    with pytest.raises(QgsProcessingException, match=AS_SLIVER + r".*reading the \d+ thin "
                                                                 r"strip\(s\)"):
        gate(run, tiles(), published(municipalities(), [100, 50], decimals=7), feedback)
    assert any(re.search(r"strips narrower than [\d.]+ m on the ground", message)
               for message in feedback.messages)
    # B's 3 km straight borders, straight in degrees, bow 23 cm in EPSG:3035 (L² tan φ / 8 R).
    assert any("the straight borders of 'points' bow up to 0.23 m" in message
               for message in feedback.messages)
    # Negative control: with the borders exactly on the cell edges, no strip, the same sliver.
    with pytest.raises(QgsProcessingException, match=AS_SLIVER):
        gate(run, tiles(), published(municipalities(), [100, 50]))


def test_strips_of_a_millimetre_are_read_as_empty_and_of_a_metre_as_places(run):
    with pytest.raises(QgsProcessingException, match=AS_SLIVER):
        gate(run, tiles(), published(municipalities(outward=0.001), [100, 50]))
    # A metre is a place people may live in: A's 3 may be in its strip of (2, 1).
    assert gate(run, tiles(), published(municipalities(outward=1.0), [100, 50]))["PASSED"]
    # A real sliver a metre wide is still a sliver: A's 3 in its metre of (2, 0).
    with pytest.raises(QgsProcessingException, match=r"1000m_2_0 ∩ [^[]*: 1 \[3, 3\]"):
        gate(run, tiles(), published(municipalities(east=2001), [100, 50]))


def test_a_layers_rounding_widens_the_strips_of_the_cells_its_own_borders_cut(run, feedback):
    # Districts stored to whole metres (a vertex moved up to 0.71 m) around the whole grid: their
    # borders cut no cell, so the municipalities' real 30 cm strips stay places; the release
    # passes as it does without the districts. Before, the districts' width served every layer.
    x, y = X0 - 101, Y0 - 101
    districts = point_layer([(f"POLYGON(({x} {y}, {X0 + 3100} {y}, {X0 + 3100} {Y0 + 2100}, "
                              f"{X0 + 1500} {Y0 + 2103}, {x} {Y0 + 2100}, {x} {y}))",
                              ["all", sum(TILES.values())])], "name:string,n_persons:integer",
                            crs="EPSG:3035", geometry="Polygon")
    districts.setName("districts")
    municipalities_layer = published(municipalities(outward=0.3), [100, 50])
    assert gate(run, tiles(), municipalities_layer)["PASSED"]
    assert gate(run, tiles(), municipalities_layer, feedback,
                AUDIT_LAYERS=[municipalities_layer, districts])["PASSED"]
    assert any("lie on a lattice of step 1 (rounded)" in message for message in feedback.messages)
    # Negative control: beside the districts, municipalities in EPSG:4326 at 5 decimals leave
    # strips their own rounding covers (up to 0.79 m) in the cells their borders cut.
    rounded = published(municipalities(), [100, 50], decimals=5)
    with pytest.raises(QgsProcessingException, match=r"1000m_2_0 ∩ points: 1 ∩ districts: 1 "
                                                     r"\[3, 3\].*reading the \d+ thin strip"):
        gate(run, tiles(), rounded, AUDIT_LAYERS=[rounded, districts])


def test_borders_rounded_to_a_metre_leave_strips_as_wide_as_the_rounding(run, feedback):
    """In EPSG:4326 at 5 decimals a vertex moves up to 79 cm here: strips up to that wide."""
    with pytest.raises(QgsProcessingException, match=AS_SLIVER + r".*reading the \d+ thin "
                                                                 r"strip\(s\)"):
        gate(run, tiles(), published(municipalities(), [100, 50], decimals=5), feedback)
    assert any("lie on a lattice of step 1e-05 (rounded): a vertex moved up to 0.79 m" in message
               for message in feedback.messages)
    # At 4 decimals a vertex moves up to 7.9 m: the coarsest lattice the coordinates lie on, not
    # the first power of ten below 1.5 m (multiples of 1e-4 are multiples of 1e-5 too).
    with pytest.raises(QgsProcessingException, match=AS_SLIVER + r".*reading the \d+ thin "
                                                                 r"strip\(s\)"):
        gate(run, tiles(), published(municipalities(), [100, 50], decimals=4), feedback)
    assert any("lie on a lattice of step 0.0001 (rounded)" in message
               for message in feedback.messages)
    # Negative controls: 2 m strips of that layer are places, and so is a strip 91 cm wide of
    # a layer not rounded (in EPSG:3035 to the 0.1 mm).
    assert gate(run, tiles(), published(municipalities(outward=2.0), [100, 50],
                                        decimals=5))["PASSED"]
    assert gate(run, tiles(), published(municipalities(outward=0.9137), [100, 50]))["PASSED"]


def test_borders_the_audit_reprojects_bow_and_widen_the_strips(run, feedback):
    """A's border 5 cm inside the cell edges it follows, in EPSG:3035, beside the grid in
    EPSG:3857: reprojected, A's straight 2 km border along the top of (0, 1) and (1, 1) bows
    10 cm (L² tan φ / 8 R) off their edges, leaving strips of B up to 15 cm wide there."""
    with pytest.raises(QgsProcessingException, match=AS_SLIVER + r".*reading the \d+ thin "
                                                                 r"strip\(s\)"):
        gate(run, tiles("EPSG:3857"), published(municipalities(outward=-0.05), [100, 50]),
             feedback)
    assert any("the straight borders of 'points' bow up to" in message
               for message in feedback.messages)
    # Negative control: reprojected by the publisher, the zones are what they are (the known
    # limit: not reprojected by the audit, their bends are not known).
    assert gate(run, tiles("EPSG:3857"), published(municipalities(outward=-0.05), [100, 50],
                                                   crs="EPSG:3857"))["PASSED"]


def test_the_rounding_of_coordinates_is_found(plugin_package):
    import numpy as np
    from spatial_privacy.processing_provider.release_layers.rounding import coordinate_steps, lattice_step

    rng = np.random.default_rng(19)

    def on(step, origin=0.0, count=40, size=2_000):
        return origin + step * rng.integers(0, int(size / step), size=count)
    assert lattice_step(np.round(rng.uniform(10, 11, 40), 5)) == pytest.approx(1e-5)
    # The coarsest step, not the first power of ten: 4 decimals are no multiples of 1e-5 alone.
    assert lattice_step(np.round(rng.uniform(10, 11, 40), 4)) == pytest.approx(1e-4)
    for step in (0.25, 0.3, 1.5, 2.5, 5.0):  # not powers of ten
        assert lattice_step(on(step, 4_321_000)) == pytest.approx(step), step
    # A lattice of any origin (TopoJSON's quantisation).
    assert lattice_step(on(0.8, 4_321_000.123)) == pytest.approx(0.8)
    # A border really moved 1 m off a 100 m lattice: the step is 1 m, so that strip (1 m) is
    # wider than the rounding it could come from (0.71 m) and stays a place.
    assert lattice_step([4_321_000, 4_323_000, 4_323_300, 4_323_301]) == pytest.approx(1.0)
    # Not rounded (a step below a billionth of the coordinates is no rounding).
    assert lattice_step(rng.uniform(4_321_000, 4_323_000, 40)) is None
    assert lattice_step(rng.uniform(10, 11, 40)) is None

    def layer(*points):
        return point_layer([(point, ["p"]) for point in points])
    steps = coordinate_steps(layer(*zip(np.round(rng.uniform(10, 11, 20), 5),
                                        np.round(rng.uniform(52, 53, 20), 4))))
    assert steps == (pytest.approx(1e-5), pytest.approx(1e-4))
    assert coordinate_steps(layer(*zip(on(1.0, 4_321_000, 20), rng.uniform(0, 1e6, 20))))[1] \
        is None


def test_short_segments_bend_less_than_their_bound(plugin_package):
    # Only segments that may bend a centimetre are reprojected one by one (a national layer has
    # millions of vertices); the others are bounded by chords across the layer. The bound must
    # hold wherever a segment lies in the layer, in any direction, between CRSs of every kind.
    import math
    import random

    import numpy as np
    from qgis.core import QgsRectangle
    from spatial_privacy.processing_provider.release_layers.rounding import SAFETY, _bend, _curvature

    rng = random.Random(19)
    for source, target, (x, y), unit in (
            ("EPSG:4326", "EPSG:3035", (10, 52), 1 / 111_000), ("EPSG:4326", "EPSG:3857", (25, 68),
                                                                1 / 111_000),
            ("EPSG:3035", "EPSG:3857", (X0, Y0), 1), ("EPSG:2056", "EPSG:3035", (2_600_000,
                                                                                1_200_000), 1),
            ("EPSG:4326", "EPSG:32632", (14, 47), 1 / 111_000)):
        transform = QgsCoordinateTransform(QgsCoordinateReferenceSystem(source),
                                           QgsCoordinateReferenceSystem(target),
                                           QgsProject.instance())
        for half in (5_000 * unit, 300_000 * unit):
            extent = QgsRectangle(x - half, y - half, x + half, y + half)
            curvature = _curvature(transform, extent)
            for _ in range(100):
                start = np.array([rng.uniform(x - half, x + half), rng.uniform(y - half, y + half)])
                length, angle = rng.uniform(10, 5_000) * unit, rng.uniform(0, 2 * math.pi)
                end = start + length * np.array([math.cos(angle), math.sin(angle)])
                _, bend = _bend(transform, start, end)
                assert bend <= SAFETY * curvature * length ** 2, (source, target, half)


def test_vertices_are_read_from_any_polygon_or_line_type(plugin_package):
    from spatial_privacy.processing_provider.release_layers.rounding import _rings

    for wkt in ("POLYGON((0 0, 3 0, 3 2, 0 0), (1 0.5, 2 0.5, 2 1, 1 0.5))",
                "MULTIPOLYGON Z (((0 0 1, 3 0 1, 3 2 1, 0 0 1)), ((5 5 2, 6 5 2, 6 6 2, 5 5 2)))",
                "POLYGON M ((0 0 7, 3 0 7, 3 2 7, 0 0 7))", "LINESTRING ZM (0 0 1 2, 4 4 1 2)",
                "CURVEPOLYGON(CIRCULARSTRING(0 0, 1 1, 2 0, 1 -1, 0 0))"):
        geometry = QgsGeometry.fromWkt(wkt)
        straight = QgsGeometry(geometry)
        straight.convertToStraightSegment()
        expected = [[(point.x(), point.y()) for point in ring] for part in
                    straight.constGet().coordinateSequence() for ring in part]
        assert [ring.tolist() for ring in _rings(geometry)] == [list(map(list, ring))
                                                                 for ring in expected], wkt


def test_a_grid_reprojected_to_web_mercator_is_audited_in_ground_metres(run):
    """A grid reprojected to EPSG:3857 (web maps) beside the exact municipalities: its units are
    cos(52°) = 0.62 ground metres here, and A's straight 2 km borders, reprojected by the audit,
    bow up to 10 cm on the ground (0.16 units) off the edges of the cells they follow."""
    with pytest.raises(QgsProcessingException, match=AS_SLIVER + r".*reading the \d+ thin "
                                                                 r"strip\(s\)"):
        gate(run, tiles("EPSG:3857"), published(municipalities(), [100, 50]))
    # Negative control: strips 1.5 m wide on the ground (1.4 to 1.6 m there) are places.
    assert gate(run, tiles("EPSG:3857"),
                published(municipalities(outward=1.5), [100, 50]))["PASSED"]


def test_an_l_shaped_strip_round_a_cell_corner_is_thin(run):
    """A's border 9 cm outside the edges of (2, 1) it follows: an L-shaped strip round the
    cell's corner, in which a disc 10.5 cm wide fits at the corner, nowhere wider than 9 cm."""
    with pytest.raises(QgsProcessingException, match=AS_SLIVER + r".*reading the \d+ thin "
                                                                 r"strip\(s\)"):
        gate(run, tiles(), published(municipalities(outward=0.09), [100, 50]))
    # Negative control: an L-shaped strip 15 cm wide is a place A's 3 may live in.
    assert gate(run, tiles(), published(municipalities(outward=0.15), [100, 50]))["PASSED"]


def test_strips_are_told_from_slivers_by_their_width(plugin_package):
    from spatial_privacy.processing_provider.release_layers.overlay import is_strip

    def shape(wkt):
        return is_strip(QgsGeometry.fromWkt(wkt), 0.1)
    straight, l_shaped = "POLYGON((0 0, {w} 0, {w} 1000, 0 1000, 0 0))", \
        "POLYGON((0 0, 300 0, 300 {w}, {w} {w}, {w} 1000, 0 1000, 0 0))"
    assert shape(straight.format(w=0.099)) and shape(l_shaped.format(w=0.099))
    assert not shape(straight.format(w=0.101)) and not shape(l_shaped.format(w=0.101))
    # A strip that tapers from 9 cm is one; from 20 cm it is wider than 10 cm for 500 m.
    assert shape("POLYGON((0 0, 0.09 0, 0 1000, 0 0))")
    assert not shape("POLYGON((0 0, 0.2 0, 0 1000, 0 0))")
    # A real sliver, a metre by 100 m, is not; nor a piece 30 cm square, while one of 15 cm is
    # a speck as at a strip's corner.
    assert not shape("POLYGON((0 0, 1 0, 1 100, 0 100, 0 0))")
    assert not shape("POLYGON((0 0, 0.3 0, 0.3 0.3, 0 0.3, 0 0))")
    assert shape("POLYGON((0 0, 0.15 0, 0.15 0.15, 0 0.15, 0 0))")
    # Pieces of floating-point noise, now atoms of their own: a strip a nanometre wide, a speck.
    assert shape("POLYGON((0 0, 1e-9 0, 1e-9 1000, 0 1000, 0 0))")
    assert shape("POLYGON((4321000 3210000, 4321000.0001 3210000, 4321000 3210000.0001, "
                 "4321000 3210000))")


def worked_case_people():
    """Points of people, each tile's well inside it: in (2, 0) 3 of A's west of x = 2300 m and
    20 of B's east of it."""
    points = []
    for (c, r), count in TILES.items():
        for person in range(count):
            x = 1000 * c + 100 + (person % 8) * 100
            if (c, r) == (2, 0):
                x = 2100 + 50 * person if person < 3 else 2400 + 25 * (person - 3)
            points.append(((X0 + x, Y0 + 1000 * r + 100 + 100 * (person // 8)),
                           [f"p{c}_{r}_{person}"]))
    return point_layer(points)


@pytest.mark.parametrize("outward, decimals", [(0.0, 7), (0.0, 5), (0.09, None)],
                         ids=["in 4326 at 7 decimals", "at 5 decimals", "9 cm outside the edges"])
def test_the_grid_with_zones_near_the_cell_edges_passes_its_gate(run, feedback, outward,
                                                                  decimals):
    base = {"INPUT": worked_case_people(), "PERSON_FIELD": "person_id", "RHO": 0.25,
            "RESOLUTION": 1000, "ORIGIN": f"{X0},{Y0} [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT"}
    plain = run("suppressedgrid", base)
    protected = run("suppressedgrid", dict(
        base, PUBLISHED_ZONES=[published(municipalities(outward), decimals=decimals)],
        ZONE_COUNTS="TEMPORARY_OUTPUT"), feedback)
    counts = {f["name"]: f["n_persons"] for f in protected["ZONE_COUNTS"].getFeatures()}
    assert counts == {"A": 100, "B": 50}
    # The zone counts as published: as the zones were given to the grid.
    zones = published([(f["name"], f.geometry()) for f in protected["ZONE_COUNTS"].getFeatures()],
                      [counts["A"], counts["B"]], decimals=decimals)
    people = {"PERSONS_TOTAL": sum(TILES.values())}
    with pytest.raises(QgsProcessingException, match=AS_SLIVER):  # negative control
        gate(run, plain["OUTPUT"], zones, **people)
    assert gate(run, protected["OUTPUT"], zones, **people)["PASSED"]
    assert gate(run, protected["OUTPUT"], protected["ZONE_COUNTS"], **people)["PASSED"]


# Issue 19, pieces of no size: a zone border a hair past a cell edge, on 2 x 4 cells of 1 km in
# EPSG:3035 (origin X0, Y0). West holds the first column and, in the first row, a strip `hair`
# wide of (1, 0); East the rest.
BLOCK = {(0, 0): 12, (1, 0): 9, (2, 0): 11, (3, 0): 14, (0, 1): 10, (1, 1): 13, (2, 1): 8,
         (3, 1): 15}


def row_zones(hair):
    x, y = X0 + 1000 + hair, Y0 + 1000
    west = QgsGeometry.fromWkt(f"POLYGON(({X0 - 10} {Y0 - 10}, {x} {Y0 - 10}, {x} {y}, "
                               f"{X0 + 1000} {y}, {X0 + 1000} {Y0 + 2010}, {X0 - 10} {Y0 + 2010}, "
                               f"{X0 - 10} {Y0 - 10}))")
    east = QgsGeometry.fromRect(QgsRectangle(X0 - 10, Y0 - 10, X0 + 4010, Y0 + 2010)) \
        .difference(west)
    return [("West", west), ("East", east)]


def row_people(hair, in_strip, points_each=1):
    """(person, x, y) points: ``in_strip`` people in the strip of West in (1, 0), the others of
    each cell well inside it; each person has ``points_each`` points, all in one piece."""
    points = []
    for (column, row), count in BLOCK.items():
        for person in range(count):
            in_the_strip = (column, row) == (1, 0) and person < in_strip
            for point in range(points_each):
                x = X0 + 1000 + hair * (point + 1) / (points_each + 1) if in_the_strip else \
                    X0 + 1000 * column + 150 + 50 * person + 5 * point
                points.append((f"p{column}_{row}_{person}", x,
                               Y0 + 1000 * row + 100 + 50 * person + 3 * point))
    return points


def row_grid(run, points, **extra):
    return run("suppressedgrid", dict({
        "INPUT": point_layer([((x, y), [person]) for person, x, y in points]),
        "PERSON_FIELD": "person_id", "RHO": 0.25, "RESOLUTION": 1000,
        "ORIGIN": f"{X0},{Y0} [EPSG:3035]", "OUTPUT": "TEMPORARY_OUTPUT"}, **extra))


def true_zone_counts(zones, points, k=4):
    """The zones with their true counts of distinct people, withheld below k."""
    rows = []
    for name, geometry in zones:
        people = {person for person, x, y in points
                  if geometry.contains(QgsGeometry.fromPointXY(QgsPointXY(x, y)))}
        shown = len(people) >= k
        rows.append((geometry.asWkt(17), [name, len(people) if shown else None,
                                          "published" if shown else "withheld"]))
    return point_layer(rows, "name:string,n_persons:integer,status:string", crs="EPSG:3035",
                       geometry="Polygon")


@pytest.mark.parametrize("hair", [1e-6, 5e-4, 1e-3], ids=["1 µm", "0.5 mm", "1 mm"])
@pytest.mark.parametrize("in_strip", [1, 3])
def test_a_strip_a_hair_wide_with_people_in_it_is_an_atom(run, hair, in_strip):
    """The strip (1, 0) ∩ West is a piece of 1e-9 or 1e-6 of its cell: before, it was read as
    part of the border and the gate passed although West's count less (0, 0) gives its people
    away (the grid publishes every cell)."""
    points = row_people(hair, in_strip)
    grid = row_grid(run, points)["OUTPUT"]
    people = {"PERSONS_TOTAL": sum(BLOCK.values())}
    with pytest.raises(QgsProcessingException,
                       match=rf"1000m_1_0 ∩ points: 1 \[{in_strip}, {in_strip}\]"):
        gate(run, grid, true_zone_counts(row_zones(hair), points), **people)
    # Negative controls: nobody in the strip, or the border exactly on the edge.
    assert gate(run, grid, true_zone_counts(row_zones(hair), row_people(hair, 0)), **people)[
        "PASSED"]
    on_edge = row_people(0.0, 0)
    assert gate(run, row_grid(run, on_edge)["OUTPUT"], true_zone_counts(row_zones(0.0), on_edge),
                **people)["PASSED"]


def geometric_attack(grid, zone_counts, points, people, k, grand_total=True):
    """The tests' attacker (``sliver_attacker``, scipy's MILP) over the atoms it cuts itself from
    the published geometries: every piece of a cell in a zone or in none of positive area.
    People here lie each in one piece, and the counts published (the grand total equal to the
    number of people, the zones of a layer covering the cells) force that, so counts of people
    add up over atoms."""
    import numpy as np

    cells, zones = list(grid.getFeatures()), list(zone_counts.getFeatures())
    atoms = {}
    for record, cell in enumerate(cells):
        rest = cell.geometry()
        for zone, feature in enumerate(zones):
            piece = cell.geometry().intersection(feature.geometry())
            rest = rest.difference(feature.geometry())
            if piece.area() > 0:
                atoms.setdefault((record, zone), len(atoms))
        if rest.area() > 0:
            atoms.setdefault((record, -1), len(atoms))
    members = {}
    for person, x, y in points:
        spot = QgsGeometry.fromPointXY(QgsPointXY(x, y))
        record = next(r for r, cell in enumerate(cells) if cell.geometry().contains(spot))
        inside = [z for z, feature in enumerate(zones) if feature.geometry().contains(spot)]
        members.setdefault(atoms[(record, inside[0] if inside else -1)], set()).add(person)
    keys = sorted(atoms, key=atoms.get)
    atom_values = np.array([len(members.get(atom, ())) for atom in range(len(keys))], float)
    atom_record, atom_zone = np.array([r for r, _ in keys]), np.array([z for _, z in keys])
    values = np.bincount(atom_record, weights=atom_values, minlength=len(cells))
    zone_values = np.array([atom_values[atom_zone == z].sum() for z in range(len(zones))])
    withheld = np.array([f["status"] != "published" for f in cells])
    zone_withheld = np.array([f["status"] != "published" for f in zones])
    assert all(f["n_persons"] == values[r] for r, f in enumerate(cells) if not withheld[r])
    assert all(f["n_persons"] == zone_values[z] for z, f in enumerate(zones) if not
               zone_withheld[z])
    return attacker_findings(values, withheld, atom_record, atom_zone, atom_values, zone_values,
                             zone_withheld, float(people), grand_total, k, math.ceil(k / 2),
                             with_zones=True), sum(np.bincount(atom_record)[atom_record] > 1)


@pytest.mark.parametrize("hair", [1e-6, 5e-4, 1e-3], ids=["1 µm", "0.5 mm", "1 mm"])
@pytest.mark.parametrize("points_each", [1, 3], ids=["one point", "three points"])
def test_the_grid_protects_a_strip_a_hair_wide_and_passes_its_gate(run, hair, points_each):
    for in_strip in (1, 3):
        points = row_people(hair, in_strip, points_each)
        people = sum(BLOCK.values())
        # The grand total (people's points in one cell each: it is the number of people).
        result = row_grid(run, points, PUBLISHED_ZONES=[published(row_zones(hair))],
                          ZONE_COUNTS="TEMPORARY_OUTPUT", MARGINALS=1)
        (slivers, records, zones), cut = geometric_attack(
            result["OUTPUT"], result["ZONE_COUNTS"], points, people, int(result["K"]))
        assert cut >= 2  # the strip is a piece of its own
        assert slivers == [] and records == [] and zones == [], in_strip
        assert gate(run, result["OUTPUT"], result["ZONE_COUNTS"], PERSONS_TOTAL=people,
                    PERSONS_TOTAL_KIND=int(points_each > 1))["PASSED"]
        # Negative control: the plain grid beside the true zone counts gives the strip away.
        plain = row_grid(run, points, MARGINALS=1)
        (slivers, _, _), _ = geometric_attack(plain["OUTPUT"], true_zone_counts(
            row_zones(hair), points), points, people, int(plain["K"]))
        assert slivers


def test_zones_of_one_layer_may_overlap_only_in_thin_strips(run):
    """Neighbours' borders digitised or reprojected apart overlap in strips nobody lives in; a
    share of the zone does not tell them from a place (a 30 cm speck is 1e-7 of West)."""
    points = row_people(0.0, 0)
    (_, west), (_, east) = row_zones(0.0)

    def with_east_grown(wkt):
        grown = east.combine(QgsGeometry.fromWkt(wkt))
        return row_grid(run, points, PUBLISHED_ZONES=[published([("West", west),
                                                                  ("East", grown)])],
                        ZONE_COUNTS="TEMPORARY_OUTPUT")
    x, y = X0 + 1000, Y0
    strip = f"POLYGON(({x - 0.05} {y}, {x} {y}, {x} {y + 1000}, {x - 0.05} {y + 1000}, " \
            f"{x - 0.05} {y}))"
    counts = {f["name"]: f["n_persons"] for f in with_east_grown(strip)["ZONE_COUNTS"]
              .getFeatures()}
    assert counts == {"West": BLOCK[(0, 0)] + BLOCK[(0, 1)],
                      "East": sum(BLOCK.values()) - BLOCK[(0, 0)] - BLOCK[(0, 1)]}
    # Negative control: a speck 30 cm square is a place two zones claim.
    with pytest.raises(QgsProcessingException, match="overlap"):
        with_east_grown(f"POLYGON(({x - 0.3} {y + 500}, {x} {y + 500}, {x} {y + 500.3}, "
                        f"{x - 0.3} {y + 500.3}, {x - 0.3} {y + 500}))")

