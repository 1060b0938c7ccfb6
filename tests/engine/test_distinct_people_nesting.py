"""Counts of distinct people: where the gate's union bounds are exact, and where it fails
closed.

The union bounds (a place holds at least each of its parts and at most their sum) are a
relaxation of the exact attacker, an integer programme over kinds of people (the sets of
atoms a person may have points in; written here, never the engine's). They are exact where
every count is over whole places that nest: cells not cut by any area, areas that are
unions of whole cells, layers inside one another (a 1 km grid over a 250 m grid). There
the gate uses them on any size of release, and this test checks, over random small
releases of that shape, that they are the exact attacker's bounds to the person. Where
places do not nest (an area's border crosses a cell, layers cross) the gate solves the
exact programme on small releases and otherwise fails the release as unproven: a negative
control here, and a crossing-layers leak the union bounds missed.
"""

import numpy as np
import pytest
from test_distinct_people_exact_attacker import KindsAttacker

from spatial_privacy_plugin.audit import kinds as atom_kinds, atoms
from spatial_privacy_plugin.audit.kinds import UNPROVEN
from spatial_privacy_plugin.counting.cells import PeopleTotal
from spatial_privacy_plugin.release.gate import evaluate_atom_audit

CASES = 400


def nested_release(rng, k):
    """People with one to three points on a row of cells, counted per cell and attribute
    value (the records, none cut), with one or two layers of areas that nest (each area a
    run of whole cells, each area of the second layer a run of whole areas of the first)."""
    n_cells = int(rng.integers(2, 6))
    n_values = int(rng.choice([1, 1, 2]))
    n_people = int(rng.integers(2, 4 * n_cells))
    value = rng.integers(0, n_values, size=n_people)
    home = rng.integers(0, n_cells, size=n_people)
    points = [(p, int(np.clip(home[p] + rng.integers(-1, 2), 0, n_cells - 1)))
              for p in range(n_people) for _ in range(int(rng.integers(1, 4)))]
    records = sorted({(cell, int(value[p])) for p, cell in points})
    record_of = {key: index for index, key in enumerate(records)}
    people_of = [set() for _ in records]
    for p, cell in points:
        people_of[record_of[cell, int(value[p])]].add(p)
    values = np.array([len(people) for people in people_of], dtype=float)
    cell_of = np.array([cell for cell, _ in records])
    # Areas: runs of cells, then (maybe) runs of those areas.
    cuts = np.flatnonzero(rng.random(n_cells - 1) < 0.5) + 1
    layers = [np.split(np.arange(n_cells), cuts)]
    if rng.random() < 0.5 and len(layers[0]) > 2:
        upper_cuts = np.flatnonzero(rng.random(len(layers[0]) - 1) < 0.5) + 1
        layers.append([np.concatenate(group) for group in
                       np.split(np.array(layers[0], dtype=object), upper_cuts)])
    areas = [np.flatnonzero(np.isin(cell_of, cells)) for layer in layers for cells in layer]
    areas = [atoms_ for atoms_ in areas if len(atoms_)]  # an area where nobody has a point
    area_people = [len(set().union(*[people_of[r] for r in atoms_])) for atoms_ in areas]
    withheld = (values < k) | (rng.random(len(values)) < 0.3)
    below_k = values < k
    fate = rng.choice(["published", "withheld", "left out"], size=len(areas), p=[.6, .3, .1])
    fate[(np.array(area_people) < k) & (fate == "published")] = "withheld"
    return dict(values=values, withheld=withheld, lower=np.ones(len(values)),
                upper=np.where(below_k, k - 1.0, np.inf), record_class=[v for _, v in records],
                cell_of=cell_of,
                areas=[(a, float(n)) for a, n, f in zip(areas, area_people, fate)
                       if f == "published"],
                hidden=[a for a, f in zip(areas, fate) if f == "withheld"],
                people=float(n_people) if rng.random() < 0.6 else None)


def cell_groups(release):
    """The records of each cell described by several records with one withheld."""
    groups = []
    for cell in np.unique(release["cell_of"]):
        records = np.flatnonzero(release["cell_of"] == cell)
        if len(records) > 1 and release["withheld"][records].any():
            groups.append(records)
    return groups


def exact_intervals(release, partition):
    withheld = release["withheld"]
    published = [([{r}], release["lower"][r], release["upper"][r]) if withheld[r]
                 else ([{r}], release["values"][r], release["values"][r])
                 for r in range(len(withheld))]
    published += [([set(a.tolist())], n, n) for a, n in release["areas"]]
    classes = release["record_class"] if partition else [0] * len(withheld)
    attacker = KindsAttacker(list(classes), published, release["people"])
    targets = [{r} for r in np.flatnonzero(withheld).tolist()] + \
        [set(g.tolist()) for g in cell_groups(release)] + \
        [set(a.tolist()) for a in release["hidden"]]
    return [attacker.interval(target) for target in targets]


def engine_intervals(release, partition):
    result = atoms.atom_intervals(
        release["values"], release["withheld"], release["lower"], release["upper"],
        np.arange(len(release["values"])), release["areas"], release["people"],
        one_point=False, groups=cell_groups(release), record_class=release["record_class"],
        partition=partition, hidden_areas=release["hidden"])
    hidden = np.flatnonzero(release["withheld"])
    return result, list(zip(result.record_lower[hidden], result.record_upper[hidden])) + \
        list(zip(result.group_lower, result.group_upper))


@pytest.mark.parametrize("partition", [True, False], ids=["one value each", "shared values"])
def test_union_bounds_over_places_that_nest_are_the_exact_attackers(partition):
    rng = np.random.default_rng(2026_12_03 + partition)
    narrowed = nested = 0
    for case in range(CASES):
        k = int(rng.integers(3, 6))
        release = nested_release(rng, k)
        result, engine = engine_intervals(release, partition)
        assert not result.unproven, case
        exact = exact_intervals(release, partition)
        for (low, high), (gate_low, gate_high) in zip(exact, engine):
            assert (gate_low, gate_high) == pytest.approx((low, high), abs=1e-6), \
                (case, release, exact, engine)
            narrowed += high - low < 2
        nested += len(release["areas"]) + len(release["hidden"]) > 1
    assert narrowed >= CASES // 4 and nested >= CASES // 2, (narrowed, nested)


def crossing_audit(values, one_point=False, people=None):
    """The gate's audit of two cells (records 0 and 1) cut by municipalities A0 | A1 and
    districts B0 | B1 that cross: A0 = 7, B0 = 4, B1 = 5 published, A1 (2) withheld below k."""
    atom_areas = [["A0", "B0"], ["A0", "B1"], ["A0", "B0"], ["A0", "B1"], ["A1", "B0"],
                  ["A1", "B1"]]
    areas = [(np.flatnonzero([name in names for names in atom_areas]), count)
             for name, count in (("A0", 7.0), ("B0", 4.0), ("B1", 5.0))]
    return evaluate_atom_audit(
        values, ["published", "published"], [], [0, 0, 1, 1, 1, 1], atom_areas, areas, 3, None,
        4, people, one_point, ["c0", "c1"],
        withheld_areas=[(np.flatnonzero([("A1" in names) for names in atom_areas]), "A1")])


def test_a_leak_over_crossing_layers_that_the_union_bounds_miss_fails(monkeypatch):
    # Cells of 6 and 4 people with points in several places (k = 4, p = 3). Over kinds of
    # people the attacker holds A0 ∩ B1 (over both cells) to 3..5 people, a width of 2.
    exact = KindsAttacker([0] * 6, [([{0, 1}], 6, 6), ([{2, 3, 4, 5}], 4, 4),
                                    ([{0, 1, 2, 3}], 7, 7), ([{0, 2, 4}], 4, 4),
                                    ([{1, 3, 5}], 5, 5)], None)
    low, high = exact.interval({1, 3})
    assert high - low < 3 and low < 4, (low, high)
    result = crossing_audit([6.0, 4.0])
    places = [dict(problem.params) for problem in result.problems
              if "intersection(s) of published areas of different layers" in problem.template]
    assert not result.passed and f"A0 ∩ B1 [{low}, {high}]" in places[0]["examples"], \
        result.problems
    # The union bounds alone (the exact programme switched off) pass it: the gate fails the
    # release as unproven instead, and says so.
    monkeypatch.setattr(atom_kinds, "EXACT_KINDS", 0)
    relaxed = crossing_audit([6.0, 4.0])
    assert [problem.template for problem in relaxed.problems] == [UNPROVEN], relaxed.problems


def test_too_many_pieces_over_borders_that_cut_cells_fail_as_unproven():
    # Four cells in a row, each cut into four pieces by four zones (16 pieces), five people
    # in every piece: one point per person, the audit is exact and passes; counted as
    # distinct people the exact programme is out of reach (2^16 kinds) and the release fails
    # as unproven rather than pass on the union bounds.
    atom_record = np.repeat(np.arange(4), 4)
    atom_zone = np.tile(np.arange(4), 4)
    areas = [(np.flatnonzero(atom_zone == zone), 20.0) for zone in range(4)]

    def audit(one_point):
        return evaluate_atom_audit(
            [20.0] * 4, ["published"] * 4, [], atom_record, [[f"z{z}"] for z in atom_zone],
            areas, 2, None, 3, PeopleTotal(80, one_point), one_point, [f"c{c}" for c in range(4)])
    homes = audit(True)
    assert homes.passed and not homes.bounds.unproven, homes.problems
    trips = audit(False)
    assert trips.bounds.unproven and not trips.passed
    assert [problem.template for problem in trips.problems] == [UNPROVEN]
    assert dict(trips.problems[0].params)["atoms"] == 16
