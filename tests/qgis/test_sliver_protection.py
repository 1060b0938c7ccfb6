"""The suppressed grid with PUBLISHED_ZONES, run through Processing on random grids and
Voronoi zones: the tests' own attacker (``sliver_attacker``, atoms cut here with QGIS's
geometries) finds no sliver or withheld cell narrower than p in what is published, and the
gate passes the grid beside its zone counts."""

import math
import sys
from pathlib import Path

import numpy as np
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


def test_protected_grids_beside_voronoi_zones_leave_no_sliver_narrower_than_p(run):
    rng = np.random.default_rng(2026_12_19)
    slivers_seen = leaky_cases = 0
    for case in range(24):
        columns, rows = int(rng.integers(3, 6)), int(rng.integers(2, 4))
        zones = voronoi_zones(rng, columns, rows)
        points = random_people(rng, columns, rows)
        zone_layer = point_layer([(zone.asWkt(), [f"z{number}"]) for number, zone in
                                  enumerate(zones)], "name:string", geometry="Polygon")
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
        slivers, records = attacker_findings(values, withheld, atom_record, atom_zone,
                                             atom_values, zone_values, zone_withheld,
                                             float(len(points)), grand_total or None, k, p)
        assert slivers == [] and records == [], case
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
        slivers, records = attacker_findings(values, plain_withheld, atom_record, atom_zone,
                                             atom_values, zone_values, zone_values < k,
                                             float(len(points)), grand_total or None, k, p)
        counts = point_layer([(f.geometry().asWkt(), [f["name"], None if value < k else int(value)])
                              for f, value in zip(published_zones, zone_values)],
                             "name:string,n_persons:integer", geometry="MultiPolygon")
        leaky_cases += bool(slivers or records)
        assert gate_fails(run, plain, counts, rho, len(points)) == \
            bool(slivers or records), case
    assert slivers_seen >= 100  # borders did cut cells
    assert leaky_cases >= 3
