"""One release model (issue 33): the gate and the grid read a release the same way.

Each reproduction fails on the code before the issue: the gate passed a total below k written
in the layer's own columns, ignored an audit layer of points, and the grid wrote releases of
fewer than k people that its own gate fails.
"""

import pytest
from layers import point_layer, secret_total_policy
from qgis.core import NULL, QgsProcessingException
from test_attacker_model import gate, grid, grid_layer

BELOW_K = "count fewer than k"


def small_parent_release():
    """Cells of 12 and 15 under a parent total of 27; two withheld cells under a parent whose
    published total is 8 (k = 10 under rho = 0.1)."""
    return [(0, 0, 12, "published", "200m_0_0", 27, NULL),
            (1, 0, 15, "published", "200m_0_0", 27, NULL),
            (2, 0, NULL, "withheld", "200m_1_0", 8, NULL),
            (3, 0, NULL, "withheld", "200m_1_0", 8, NULL)]


def test_a_total_below_k_in_the_layers_own_columns_fails_the_gate(run):
    with pytest.raises(QgsProcessingException, match=BELOW_K) as failure:
        gate(run, grid_layer(small_parent_release()))
    assert "200m_1_0: 8" in str(failure.value)
    with pytest.raises(QgsProcessingException, match=BELOW_K):
        gate(run, grid_layer(small_parent_release()), PERSONS_TOTAL=35)
    # The control: the same release with that total withheld passes.
    withheld_total = [cell[:5] + (NULL, NULL) if cell[4] == "200m_1_0" else cell
                      for cell in small_parent_release()]
    assert gate(run, grid_layer(withheld_total))["PASSED"]


def test_a_grand_total_below_k_in_the_layers_own_columns_fails_the_gate(run):
    cells = [(0, 0, NULL, "withheld", NULL, NULL, 7), (1, 0, NULL, "withheld", NULL, NULL, 7)]
    with pytest.raises(QgsProcessingException, match=BELOW_K):
        gate(run, grid_layer(cells))


def test_an_audit_layer_of_points_is_refused_not_ignored(run):
    parents = point_layer([((100.0, 50.0), ["200m_0_0", 27]), ((300.0, 50.0), ["200m_1_0", 20])],
                          "cell_id:string,n_persons:integer")
    release = grid_layer([(cell[0], cell[1], cell[2], cell[3], NULL, NULL, NULL)
                          for cell in small_parent_release()])
    with pytest.raises(QgsProcessingException, match="not a polygon layer"):
        gate(run, release, AUDIT_LAYERS=[parents])


def test_the_grid_refuses_a_release_of_fewer_than_k_people(run, tmp_path):
    cells = {(0, 0): 4, (1, 0): 3}  # 7 people, k = 10
    with pytest.raises(QgsProcessingException, match="states 7 people, fewer than k = 10"):
        grid(run, cells, OUTPUT=str(tmp_path / "grid.gpkg"))
    assert not (tmp_path / "grid.gpkg").exists()  # a refused run writes nothing
    # Under a policy that keeps the number of people secret, the release is written withheld.
    secret = grid(run, cells, POLICY=secret_total_policy(tmp_path))
    assert {f["status"] for f in secret["OUTPUT"].getFeatures()} == {"withheld"}
    # The control: 12 people are written.
    assert grid(run, {(0, 0): 6, (1, 0): 6})["OUTPUT"].featureCount() == 2


def test_the_grid_of_ten_people_passes_its_own_gate(run):
    written = grid(run, {(0, 0): 10}, MARGINALS=1)
    assert gate(run, written["OUTPUT"], PERSONS_TOTAL=10)["PASSED"]


