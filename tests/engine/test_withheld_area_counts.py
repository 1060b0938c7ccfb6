"""A withheld area count is a withheld value (SPEC invariant 2): the gate fails when what the
release publishes narrows it below p, and the grid with published zones withholds more until it
does not (found by an independent attacker: zone A of 3 people, withheld below k, came back as
the number of people less zone B's count)."""

import numpy as np

from spatial_privacy_plugin.release.sliver_suppression import AttackerView, ZoneAtoms, protect_atoms
from spatial_privacy_plugin.counting.cells import PeopleTotal
from spatial_privacy_plugin.release.gate import evaluate_release_audit

K, P = 4, 2
# Three cells in a row, every one published: cell 0 lies in B; zone A holds a person of cell 1
# and two of cell 2, B the rest. Atoms: (cell, zone).
ATOM_RECORD = np.array([0, 1, 1, 2, 2])
ATOM_ZONE = np.array([1, 0, 1, 0, 1])
TRUTH = np.array([20, 1, 19, 2, 21], dtype=float)
CELLS = np.bincount(ATOM_RECORD, weights=TRUTH)
ZONES = np.bincount(ATOM_ZONE, weights=TRUTH)  # A = 3, B = 60


def audit(zone_withheld, people=True):
    members = [np.flatnonzero(ATOM_ZONE == zone) for zone in range(2)]
    return evaluate_release_audit(
        CELLS, np.array(["published"] * 3), [], P, None, K,
        PeopleTotal(int(TRUTH.sum()), True) if people else None, None, (),
        (ATOM_RECORD, [[f"z{zone}"] for zone in ATOM_ZONE],
         [(members[zone], ZONES[zone]) for zone in range(2) if not zone_withheld[zone]], None),
        withheld_areas=[(members[zone], f"z{zone}") for zone in range(2) if zone_withheld[zone]])


def test_a_withheld_zone_count_the_release_gives_away_fails_the_gate():
    # Each of A's pieces is in [0, 3] (no sliver), but A itself is the cells' 63 less B's 60.
    leaky = audit([True, False])
    assert not leaky.passed and not leaky.slivers
    assert any("withheld area count" in problem.template and "z0 [3, 3]" in problem.message()
               for problem in leaky.problems)
    # Negative controls: B withheld too, A is anywhere in [0, 43]; and A published beside B
    # (nothing withheld) is no withheld value.
    assert audit([True, True]).passed
    assert audit([False, False]).passed


def test_the_grid_withholds_more_until_no_withheld_zone_count_is_narrow():
    atoms = ZoneAtoms(ATOM_RECORD, tuple((int(zone),) for zone in ATOM_ZONE), TRUTH, ZONES, None)
    view = AttackerView((), (), PeopleTotal(int(TRUTH.sum()), True))
    result = protect_atoms(CELLS, CELLS < K, atoms, view, P, K)
    assert result.protected and result.zone_withheld[0]
    # B's count (or cells) withheld beside A's: before, B was published and gave A away.
    assert result.zone_withheld[1] or result.withheld.any()
    written = evaluate_release_audit(
        np.where(result.withheld, np.nan, CELLS),
        np.where(result.withheld, "withheld", "published"), [], P, None, K,
        PeopleTotal(int(TRUTH.sum()), True), None, (),
        (ATOM_RECORD, [[f"z{zone}"] for zone in ATOM_ZONE],
         [(np.flatnonzero(ATOM_ZONE == zone), ZONES[zone]) for zone in range(2)
          if not result.zone_withheld[zone]], None),
        withheld_areas=[(np.flatnonzero(ATOM_ZONE == zone), f"z{zone}") for zone in range(2)
                        if result.zone_withheld[zone]])
    assert written.passed


def test_an_area_holds_at_most_its_cells_people_when_another_layer_cuts_them():
    # Distinct people (two points each). Four cells in a row: c0 (1 person) and c1 (3) withheld,
    # c2 = c3 = 20 published, their grand total 44 (a sum of the cells' counts). Zone Z = c1 + c2
    # counts 23; a second layer cuts c2 in two. Z holds at most c1's people and c2's 20, so
    # c1 >= 3, and c0 = 44 - 40 - c1 = 1 exactly (found by an independent attacker: the gate
    # bounded Z by c2's two pieces, 40).
    def audit(z_count):
        return evaluate_release_audit(
            np.array([np.nan, np.nan, 20, 20]), np.array(["withheld"] * 2 + ["published"] * 2),
            [(np.arange(4), 44.0)], 2, None, 3, None, None, (),
            (np.array([0, 1, 2, 2, 3]), [["Y"], ["Z"], ["Z", "L"], ["Z", "R"], ["Y"]],
             [(np.array([1, 2, 3]), z_count)], None), add_up=False)
    leaky = audit(23.0)
    assert not leaky.passed and 0 in {record for record, _ in leaky.failing}
    assert leaky.bounds.record_lower[0] == leaky.bounds.record_upper[0] == 1
    # Negative control: Z = 20 says nothing about c1 (c2 alone may hold all of Z's people).
    assert audit(20.0).passed
