"""The suppressed grid with PUBLISHED_ZONES, run through Processing on random grids and
Voronoi zones (or blocks of cells whose borders lie 1 µm to 1 mm past the cell edges, with
people in the strips between): the tests' own attacker (``sliver_attacker``, atoms cut here
with QGIS's geometries) finds no sliver or withheld cell narrower than p in what is
published, and the gate passes the grid beside its zone counts."""

import math
import sys
from pathlib import Path

import numpy as np
import pytest
from layers import point_layer
from qgis.core import QgsGeometry, QgsPointXY, QgsRectangle

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from sliver_attacker import attacker_findings  # noqa: E402 (the engine tests' attacker)

CELL = 100.0


def voronoi_zones(rng, columns, rows):
    """Voronoi cells of 2 to 5 random points, clipped to the grid's extent."""
    extent = QgsGeometry.fromRect(QgsRectangle(0, 0, columns * CELL, rows * CELL))
    seeds = [QgsPointXY(*rng.uniform([0, 0], [columns * CELL, rows * CELL]))
             for _ in range(int(rng.integers(2, 6)))]
    diagram = QgsGeometry.fromMultiPointXY(seeds).voronoiDiagram(extent)
    zones = [part.intersection(extent) for part in diagram.asGeometryCollection()]
    return [zone for zone in zones if zone.area() > 1.0]


def random_people(rng, columns, rows):
    people = int(rng.integers(10 * columns * rows, 30 * columns * rows))
    centres = rng.uniform([0, 0], [columns * CELL, rows * CELL], size=(3, 2))
    points = centres[rng.integers(0, 3, size=people)] + rng.normal(0, 70, size=(people, 2))
    return np.clip(points, 0.01, [columns * CELL - 0.01, rows * CELL - 0.01])


def near_edge_zones(rng, columns, rows):
    """Blocks of cells whose borders lie 1 µm to 1 mm past a cell edge, as zones built from the
    grid lie once rounded or reprojected, and 1 to 3 people in each strip between."""
    cuts, strips = [], []
    for cells, other in ((columns, rows), (rows, columns)):
        edges = rng.choice(np.arange(1, cells), size=int(rng.integers(1, min(3, cells))),
                           replace=False)
        shifts = rng.choice([-1.0, 1.0], size=len(edges)) * 10 ** rng.uniform(-6, -3, len(edges))
        cuts.append([0.0] + sorted((edges * CELL + shifts).tolist()) + [cells * CELL])
        strips.append([(edge * CELL + shift / 2, rng.uniform(0.01, other * CELL - 0.01))
                       for edge, shift in zip(edges.tolist(), shifts.tolist())
                       for _ in range(int(rng.integers(1, 4)))])
    zones = [QgsGeometry.fromRect(QgsRectangle(x0, y0, x1, y1))
             for x0, x1 in zip(cuts[0], cuts[0][1:]) for y0, y1 in zip(cuts[1], cuts[1][1:])]
    return zones, np.array(strips[0] + [(x, y) for y, x in strips[1]])


def random_case(rng, near_edges=False):
    """Zones over a grid of 3-5 x 2-3 cells (Voronoi, or blocks of cells whose borders lie a
    hair past cell edges), people in three clusters, and the zones' layer."""
    columns, rows = int(rng.integers(3, 6)), int(rng.integers(2, 4))
    if near_edges:
        zones, in_strips = near_edge_zones(rng, columns, rows)
        points = np.concatenate([random_people(rng, columns, rows), in_strips])
    else:
        zones = voronoi_zones(rng, columns, rows)
        points = random_people(rng, columns, rows)
    zone_layer = point_layer([(zone.asWkt(), [f"z{number}"]) for number, zone in
                              enumerate(zones)], "name:string", geometry="Polygon")
    return zones, points, zone_layer


def gate_fails(run, grid, zone_counts, rho, people):
    """Whether the gate, given the grid and the zone counts as audit layers, blocks."""
    from qgis.core import QgsProcessingException

    try:
        run("kanonymitygate", {"INPUT": grid, "COUNT_FIELD": "n_persons",
                               "STATUS_FIELD": "status", "RHO": rho,
                               "AUDIT_LAYERS": [zone_counts], "PERSONS_TOTAL": people,
                               "OUTPUT": "TEMPORARY_OUTPUT"})
    except QgsProcessingException as error:
        assert "FAILED" in str(error), error
        return True
    return False


@pytest.mark.parametrize("near_edges", [False, True], ids=["voronoi", "a hair past cell edges"])
def test_protected_grids_beside_zones_leave_no_sliver_narrower_than_p(run, near_edges):
    rng = np.random.default_rng(2026_12_19 + near_edges)
    slivers_seen = leaky_cases = 0
    for case in range(24):
        zones, points, zone_layer = random_case(rng, near_edges)
        grand_total, rho = case % 2 == 1, [0.25, 0.2][case % 3 == 0]
        result = run("suppressedgrid", {
            "INPUT": point_layer([((x, y), [f"p{i}"]) for i, (x, y) in enumerate(points)]),
            "PERSON_FIELD": "person_id", "RHO": rho, "RESOLUTION": CELL,
            "ORIGIN": "0,0 [EPSG:3035]", "MARGINALS": int(grand_total),
            "PUBLISHED_ZONES": [zone_layer], "ZONE_COUNTS": "TEMPORARY_OUTPUT",
            "OUTPUT": "TEMPORARY_OUTPUT"})
        k = int(result["K"])
        p = math.ceil(k / 2)  # the policy's default protection level
        cells = list(result["OUTPUT"].getFeatures())
        published_zones = list(result["ZONE_COUNTS"].getFeatures())
        # The atoms, cut here: every cell piece in a zone, and every cell x zone a person is in.
        atoms = {}
        for record, cell in enumerate(cells):
            for zone, feature in enumerate(published_zones):
                piece = cell.geometry().intersection(feature.geometry())
                if piece.area() > 1e-9 * CELL * CELL:
                    atoms.setdefault((record, zone), len(atoms))
        record_of = {(f["col"], f["row"]): record for record, f in enumerate(cells)}
        point_atoms = []
        for x, y in points:
            record = record_of[(int(x // CELL), int(y // CELL))]
            inside = [zone for zone, feature in enumerate(published_zones)
                      if feature.geometry().contains(QgsGeometry.fromPointXY(QgsPointXY(x, y)))]
            point_atoms.append(atoms.setdefault((record, inside[0]) if inside else (record, -1),
                                                len(atoms)))
        keys = sorted(atoms, key=atoms.get)
        atom_values = np.bincount(point_atoms, minlength=len(keys)).astype(float)
        atom_record = np.array([record for record, _ in keys])
        atom_zone = np.array([zone for _, zone in keys])
        values = np.bincount(atom_record, weights=atom_values, minlength=len(cells))
        zone_values = np.array([atom_values[atom_zone == zone].sum()
                                for zone in range(len(published_zones))])
        withheld = np.array([f["status"] != "published" for f in cells])
        zone_withheld = np.array([f["status"] != "published" for f in published_zones])
        # What is published is what the test counted, and nothing below k.
        assert all(f["n_persons"] == values[r] >= k for r, f in enumerate(cells) if not withheld[r])
        assert all(f["n_persons"] == zone_values[z] >= k
                   for z, f in enumerate(published_zones) if not zone_withheld[z])
        slivers_seen += int((np.bincount(atom_record)[atom_record] > 1).sum())
        slivers, records, zones_found = attacker_findings(
            values, withheld, atom_record, atom_zone, atom_values, zone_values, zone_withheld,
            float(len(points)), grand_total or None, k, p, with_zones=True)
        assert slivers == [] and records == [] and zones_found == [], case
        assert not gate_fails(run, result["OUTPUT"], result["ZONE_COUNTS"], rho, len(points)), \
            case
        # Negative control: the plain grid beside the zone counts it would publish (all that
        # reach k): the attacker finds leaks in some, and the gate fails exactly there.
        plain = run("suppressedgrid", {
            "INPUT": point_layer([((x, y), [f"p{i}"]) for i, (x, y) in enumerate(points)]),
            "PERSON_FIELD": "person_id", "RHO": rho, "RESOLUTION": CELL,
            "ORIGIN": "0,0 [EPSG:3035]", "MARGINALS": int(grand_total),
            "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
        plain_withheld = np.array([f["status"] != "published" for f in plain.getFeatures()])
        slivers, records, zones_found = attacker_findings(
            values, plain_withheld, atom_record, atom_zone, atom_values, zone_values,
            zone_values < k, float(len(points)), grand_total or None, k, p, with_zones=True)
        counts = point_layer([(f.geometry().asWkt(), [f["name"], None if value < k else int(value)])
                              for f, value in zip(published_zones, zone_values)],
                             "name:string,n_persons:integer", geometry="MultiPolygon")
        leaks = bool(slivers or records or zones_found)
        leaky_cases += leaks
        # Strips a hair wide are also read as empty (zones built from the grid), which this
        # attacker does not: there the gate may fail more than it finds.
        fails = gate_fails(run, plain, counts, rho, len(points))
        assert fails >= leaks if near_edges else fails == leaks, case
    assert slivers_seen >= 100  # borders did cut cells
    assert leaky_cases >= 3


def test_a_sliver_no_pattern_protects_is_refused_and_nothing_is_written(run, tmp_path):
    # Cell 100m_0_0 holds 5 people (2 west of x = 50 in district 1, 3 east in district 2) and is
    # the only child of its published parent total; two cells of 20 lie whole in district 2.
    # Published, the cell's pieces are at most [0, 5], narrower than p = 10; withheld, its
    # parent total recovers it exactly. The engine's test of the same case says why no pattern
    # helps (test_a_sliver_its_parent_total_fixes_is_reported_unprotected).
    from qgis.core import QgsProcessingException

    people = [((25.0, 50.0), [f"w{i}"]) for i in range(2)] + \
        [((75.0, 50.0), [f"e{i}"]) for i in range(3)] + \
        [((250.0, 50.0), [f"a{i}"]) for i in range(20)] + \
        [((350.0, 50.0), [f"b{i}"]) for i in range(20)]
    districts = point_layer([("POLYGON((0 0,50 0,50 200,0 200,0 0))", ["west"]),
                             ("POLYGON((50 0,400 0,400 200,50 200,50 0))", ["east"])],
                            "name:string", geometry="Polygon")
    districts.setName("districts")
    outputs = {name: str(tmp_path / f"{name.lower()}.gpkg")
               for name in ("OUTPUT", "ZONE_COUNTS", "SLIVER_REPORT", "AUDIT")}
    parameters = {"INPUT": point_layer(people), "PERSON_FIELD": "person_id", "RHO": 0.34,
                  "RESOLUTION": CELL, "ORIGIN": "0,0 [EPSG:3035]", "MARGINALS": 2,
                  "PARENT_FACTOR": 2, "PROTECTION_LEVEL": 10, "PUBLISHED_ZONES": [districts],
                  **outputs}
    with pytest.raises(QgsProcessingException,
                       match=r"No pattern of withheld cells and zone counts was found that "
                             r"protects the sliver\(s\) 100m_0_0 ∩ districts: 1 \(cell ∩ zone\).*narrows "
                             r"it below p = 10"):
        run("suppressedgrid", parameters)
    assert [name for name, path in outputs.items() if Path(path).exists()] == []
    # Negative control: with p = 5 the same run writes the grid and the zone counts.
    result = run("suppressedgrid", dict(parameters, PROTECTION_LEVEL=5))
    assert Path(result["OUTPUT"]).exists() and Path(result["ZONE_COUNTS"]).exists()


def test_grids_with_parent_totals_and_several_points_pass_their_gate(run):
    # Through Processing, the fewer cases of tests/engine/test_grid_passes_its_gate.py: parent
    # totals (with the grand total in some), one or several points per person, k from 2 to 10;
    # every grid written passes the gate given its zone counts and the number of people, read
    # as the points are (each person one point, or several).
    from qgis.core import QgsProcessingException

    rng = np.random.default_rng(2026_12_01)
    written = several = unproven = 0
    for case in range(40):
        _, points, zone_layer = random_case(rng)
        ids = np.arange(len(points))
        if case % 2:  # several points: some people also have a point near another one's
            ids[rng.choice(len(points), size=len(points) // 3, replace=False)] = \
                rng.integers(0, len(points) // 2, size=len(points) // 3)
        rho = float(rng.choice([0.5, 0.34, 0.25, 0.2, 0.15, 0.1]))
        parameters = {
            "INPUT": point_layer([((x, y), [f"p{i}"]) for i, (x, y) in zip(ids, points)]),
            "PERSON_FIELD": "person_id", "RHO": rho, "RESOLUTION": CELL,
            "ORIGIN": "0,0 [EPSG:3035]", "MARGINALS": int(rng.integers(2, 4)),
            "PARENT_FACTOR": 2, "PUBLISHED_ZONES": [zone_layer],
            "ZONE_COUNTS": "TEMPORARY_OUTPUT", "OUTPUT": "TEMPORARY_OUTPUT"}
        try:
            result = run("suppressedgrid", parameters)
        except QgsProcessingException as error:
            # Several points over zones that cut cells, too many pieces for the exact attacker:
            # refused as unproven (never with one point per person).
            unproven += bool(case % 2) and "cannot protect these zones" in str(error)
            assert "cannot be protected" in str(error) or "No pattern" in str(error) \
                or case % 2 and "cannot protect these zones" in str(error), error
            continue
        written += 1
        several += len(set(ids.tolist())) < len(ids)
        run("kanonymitygate", {"INPUT": result["OUTPUT"], "COUNT_FIELD": "n_persons",
                               "STATUS_FIELD": "status", "RHO": rho,
                               "AUDIT_LAYERS": [result["ZONE_COUNTS"]],
                               "PERSONS_TOTAL": len(set(ids.tolist())),
                               "PERSONS_TOTAL_KIND": int(len(set(ids.tolist())) < len(ids)),
                               "OUTPUT": "TEMPORARY_OUTPUT"})  # raises when the gate fails
    assert written >= 16 and several >= 5 and unproven >= 5, (written, several, unproven)
