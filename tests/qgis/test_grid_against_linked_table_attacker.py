"""The suppressed grid through Processing against its gate and an independent attacker (issue 33).

Random small linked tables (the engine tests' ``linked_table_cases``) go through
``spatialprivacy:suppressedgrid``; every layer it writes must pass
``spatialprivacy:kanonymitygate`` under the same policy (with the number of people unless
the policy keeps it secret), and ``linked_table_attacker`` must find nothing in it.
"""

import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from layers import people_in_cells, point_layer
from qgis.core import NULL, QgsProcessingException
from test_attacker_model import gate, grid_layer

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from linked_table_attacker import attack, judge  # noqa: E402 (the engine tests' attacker)
from linked_table_cases import CELL, attacked, describe, random_table  # noqa: E402

from spatial_privacy_plugin.release import grid  # noqa: E402

COLUMNS = ("cell_id", "col", "row", "n_persons", "status", "parent_id", "parent_total",
           "grand_total")
KEY_FIELD = "mode"


def policy_file(folder, case, number):
    """The case's policy: k (rho = 1/k), p, straddle_k, the number of people secret or not."""
    marginals = case["marginals"]
    path = folder / f"policy_{number}.toml"
    path.write_text(f'rho = {1 / case["k"]!r}\ntolerance = 0.9\ncounting_unit = "person"\n'
                    f'protection_level = {marginals.protection}\n'
                    f'straddle_k = {str(marginals.straddle_k).lower()}\n'
                    f'population_total_secret = {str(not case["people_known"]).lower()}\n',
                    encoding="utf-8")
    return str(path)


def points_of(case):
    """The case's points, one person each (with the attribute of a keyed case)."""
    keyed = case["key_labels"] is not None
    values = [[f"p{person}"] + ([case["key_labels"][key]] if keyed else [])
              for person, key in enumerate(case["key"])]
    return point_layer([((x, y), row) for x, y, row in zip(case["x"], case["y"], values)],
                       "person_id:string" + (f",{KEY_FIELD}:string" if keyed else ""))


def read_cells(layer, keyed):
    """The layer as the attacker reads it (NULL -> None; col and row where it has them)."""
    names = [name for name in COLUMNS + ((KEY_FIELD,) if keyed else ())
             if name in layer.fields().names()]
    cells = pd.DataFrame([[None if feature[name] == NULL else feature[name] for name in names]
                          for feature in layer.getFeatures()], columns=names)
    for column in ("n_persons", "parent_total", "grand_total"):
        cells[column] = pd.array(cells[column].tolist(), dtype="Int64")
    return cells.rename(columns={KEY_FIELD: "key_label"})


def attacked_layer(cells, people=None):
    """A hand-made or single release attacked with parents and the grand total declared."""
    return attack(cells, people, grand_total_declared=True)


def test_the_gate_passes_and_the_attacker_finds_nothing_in_every_grid_written(run, tmp_path):
    rng = np.random.default_rng(2026_12_04)
    written, refused, failures = 0, [], []
    for number in range(50):
        case = random_table(rng)
        marginals, keyed = case["marginals"], case["key_labels"] is not None
        policy = policy_file(tmp_path, case, number)
        parameters = {"INPUT": points_of(case), "PERSON_FIELD": "person_id", "RHO": None,
                      "POLICY": policy, "RESOLUTION": CELL, "ORIGIN": "0,0 [EPSG:3035]",
                      "MARGINALS": grid.MARGINAL_KINDS.index(marginals.kind),
                      "PARENT_FACTOR": marginals.parent_factor, "OUTPUT": "TEMPORARY_OUTPUT"}
        if keyed:
            parameters["KEY_FIELDS"] = [KEY_FIELD]
        try:
            layer = run("suppressedgrid", parameters)["OUTPUT"]
        except QgsProcessingException as error:
            refused.append(str(error))  # nothing is written
            continue
        written += 1
        people = int(case["truth"].sum())
        try:
            run("kanonymitygate", {"INPUT": layer, "COUNT_FIELD": "n_persons",
                                   "STATUS_FIELD": "status", "RHO": None, "POLICY": policy,
                                   "PERSONS_TOTAL": people if case["people_known"] else None,
                                   "OUTPUT": "TEMPORARY_OUTPUT"})
        except QgsProcessingException as error:
            failures.append(dict(describe(case), case=number, gate=str(error)))
        cells = read_cells(layer, keyed)
        found = judge(attacked(case, cells), case["k"], marginals.protection,
                      people if case["people_known"] else None)
        if found:
            failures.append(dict(describe(case), case=number, leaks=found))
    print(dict(written=written, refused=len(refused), failures=len(failures)))
    assert not failures, "\n".join(map(str, failures))
    # Refusals are the grid's own (not a bad policy file of this test), and rare enough.
    assert all("cannot be protected" in message for message in refused), refused
    assert written >= 30, (written, refused)


# Cells 12, 15 | 4, 5 under 500 m parents, k = 10 (rho 0.1), p = 5, parents and grand total
# declared: the second parent's total (9) left blank beside 27 and 36 is 36 - 27 = 9.
PINNED = [(0, 0, 12, "published", "500m_0_0", 27, 36, CELL),
          (1, 0, 15, "published", "500m_0_0", 27, 36, CELL),
          (2, 0, NULL, "withheld", "500m_1_0", NULL, 36, CELL),
          (3, 0, NULL, "withheld", "500m_1_0", NULL, 36, CELL)]


def test_the_gate_fails_a_blank_parent_total_pinned_by_the_published_totals(run):
    # The release the grid wrote before issue 33 (the gate passed it).
    cells = read_cells(grid_layer(PINNED), keyed=False)
    assert judge(attacked_layer(cells), 10, 5) == [
        "parent 500m_1_0: withheld, in [9, 9] (narrower than p = 5, could be below k = 10)"]
    with pytest.raises(QgsProcessingException):
        gate(run, grid_layer(PINNED), PROTECTION_LEVEL=5)


def test_the_grid_leaves_no_parent_total_pinned_and_its_gate_passes_what_it_writes(run):
    cells = {(0, 0): 12, (1, 0): 15, (2, 0): 4, (3, 0): 5}
    try:
        written = run("suppressedgrid", {
            "INPUT": people_in_cells(cells, CELL), "PERSON_FIELD": "person_id", "RHO": 0.1,
            "PROTECTION_LEVEL": 5, "RESOLUTION": CELL, "ORIGIN": "0,0 [EPSG:3035]",
            "MARGINALS": grid.MARGINAL_KINDS.index(grid.MARGINALS_BOTH), "PARENT_FACTOR": 2,
            "OUTPUT": "TEMPORARY_OUTPUT"})["OUTPUT"]
    except QgsProcessingException as error:
        assert "cannot be protected" in str(error)
        return  # refused: nothing is written
    assert judge(attacked_layer(read_cells(written, keyed=False), 36), 10, 5, 36) == []
    assert gate(run, written, PROTECTION_LEVEL=5, PERSONS_TOTAL=36)["PASSED"]
