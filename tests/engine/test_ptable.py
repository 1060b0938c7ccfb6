import itertools

import numpy as np
import pandas as pd
import pytest

from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.noise.ptable import create_ptable, ptable_csv_text, ptable_from_frame, \
    read_ptable_csv, write_ptable_csv

GRID = [(d, share * d * d, js, pstay)
        for d, share, js, pstay in itertools.product(
            (1, 2, 3, 5, 8), (0.1, 0.3, 0.6, 1.0), (0, 1, 2), (None, 0.0, 0.3))]


def feasible(d, variance, js, pstay):
    spread = 1 - (pstay or 0)
    return js <= d and variance <= spread * d * d and (pstay is None or variance >= spread)


@pytest.mark.parametrize("d, variance, js, pstay", GRID)
def test_every_row_satisfies_every_constraint(d, variance, js, pstay):
    if not feasible(d, variance, js, pstay):
        with pytest.raises(InputError):
            create_ptable(d, variance, js, pstay)
        return
    table = create_ptable(d, variance, js, pstay)
    frame = table.frame
    noted = {row for row, _, _ in table.notes}
    assert all(row <= d + js for row in noted)
    assert table.largest_i == d + js + 1
    for i, row in frame.groupby("i"):
        p, v, j = row["p"].to_numpy(), row["v"].to_numpy(), row["j"].to_numpy()
        assert ((p >= 0) & (p <= 1)).all()
        assert abs(p.sum() - 1) <= 1e-9
        assert abs((p * v).sum()) <= 1e-9
        assert (np.abs(v[p > 0]) <= d).all()
        assert (j >= 0).all()
        assert (p[(j >= 1) & (j <= js)] == 0).all()
        if i == 0:
            assert j.tolist() == [0] and p.tolist() == [1.0]
            continue
        if i not in noted:
            assert abs((p * v ** 2).sum() - variance) <= 1e-6
            if pstay is not None and i > js:
                assert abs(p[v == 0].sum() - pstay) <= 1e-9
        # The intervals tile [0, 1] in order of j.
        assert row["p_int_lb"].iloc[0] == 0 and row["p_int_ub"].iloc[-1] == 1
        assert np.allclose(row["p_int_ub"] - row["p_int_lb"], p, atol=1e-12)


@pytest.mark.parametrize("d, variance, js, pstay", [(5, 3, 2, None), (3, 2, 0, None), (4, 5, 1, 0.3)])
def test_rows_are_the_maximum_entropy_solution(d, variance, js, pstay):
    """Maximum entropy under linear constraints: log p is affine in (1, v, v²) on the free support."""
    table = create_ptable(d, variance, js, pstay)
    noted = {row for row, _, _ in table.notes}
    for i, row in table.frame.groupby("i"):
        live = row[row["p"] > 0]
        if i == 0 or i in noted:
            continue
        if pstay is not None and i > js:
            live = live[live["v"] != 0]
        v = live["v"].to_numpy(float)
        basis = np.vstack([np.ones_like(v), v, v ** 2]).T
        _, residual, _, _ = np.linalg.lstsq(basis, np.log(live["p"].to_numpy()), rcond=None)
        assert len(v) <= 3 or residual[0] < 1e-12
        # Every allowed value gets a positive probability (no value is needlessly excluded).
        allowed = row[(row["j"] == 0) | (row["j"] > js)]
        assert (allowed["p"] > 0).all()


def test_d5_v3_js2_never_publishes_1_or_2():
    table = create_ptable(5, 3, 2)
    frame = table.frame
    assert (frame.loc[frame["j"].isin([1, 2]), "p"] == 0).all()
    assert len(frame[frame["j"].isin([1, 2])]) > 0  # the entries exist, with probability 0
    assert (table.max_noise, table.blocked) == (5, 2)
    assert abs(table.variance - 3) < 1e-9
    keys = np.random.default_rng(1).random(20000)
    for count in range(1, 12):
        published = count + table.noise(np.full(len(keys), count), keys)
        assert not np.isin(published, [1, 2]).any()
        assert (published >= 0).all() and (np.abs(published - count) <= 5).all()


def test_variance_above_d_squared_is_refused():
    with pytest.raises(InputError, match="D²"):
        create_ptable(2, 4.5, 0)
    with pytest.raises(InputError, match="PSTAY"):
        create_ptable(2, 3.5, 0, 0.2)  # at most (1 - 0.2) × 4 = 3.2


def test_other_refusals_name_the_problem():
    with pytest.raises(InputError, match="JS = 4 is larger than D = 3"):
        create_ptable(3, 2, 4)
    with pytest.raises(InputError, match="positive"):
        create_ptable(3, 0, 0)
    with pytest.raises(InputError, match="whole number"):
        create_ptable(2.5, 1, 0)
    with pytest.raises(InputError, match="at least"):
        create_ptable(3, 0.5, 0, 0.2)  # nonzero noise with probability 0.8 has variance >= 0.8


def test_small_rows_that_cannot_reach_v_are_reported_with_what_they_reach():
    table = create_ptable(2, 3.9, 0)  # row 1: noise in {-1, 0, 1, 2}, variance at most 2
    rows = {row: reached for row, _, reached in table.notes}
    assert rows[1] == pytest.approx(2.0)
    row = table.frame[table.frame["i"] == 1]
    assert (row["p"] * row["v"] ** 2).sum() == pytest.approx(2.0, abs=1e-9)


def test_csv_round_trip_keeps_the_table_and_its_hash(tmp_path):
    table = create_ptable(5, 3, 2, 0.1)
    path = tmp_path / "ptable.csv"
    write_ptable_csv(table, path)
    back = read_ptable_csv(path)
    pd.testing.assert_frame_equal(back.frame, table.frame, check_exact=True)
    assert back.ptable_hash == table.ptable_hash
    assert create_ptable(5, 3, 2, 0.2).ptable_hash != table.ptable_hash
    assert path.read_text().splitlines()[0] == "i,j,p,v,p_int_lb,p_int_ub"


def test_user_tables_with_errors_are_refused(tmp_path):
    good = create_ptable(2, 1, 0).frame
    broken_sum = good.assign(p=np.where(good["i"] > 0, good["p"] * 0.99, good["p"]))
    with pytest.raises(InputError, match="summing"):
        ptable_from_frame(broken_sum)
    with pytest.raises(InputError, match="lacks"):
        ptable_from_frame(good.drop(columns=["p"]))
    with pytest.raises(InputError, match="without gaps"):
        ptable_from_frame(good[good["i"] != 1])
    moved = pd.DataFrame({"i": [0, 0, 1], "j": [0, 1, 1], "p": [0.5, 0.5, 1.0]})
    with pytest.raises(InputError, match="0 must stay 0"):
        ptable_from_frame(moved)
    wrong_interval = good.assign(p_int_ub=good["p_int_ub"] * 0.5)
    with pytest.raises(InputError, match="cumulative"):
        ptable_from_frame(wrong_interval)
    text = ptable_csv_text(create_ptable(2, 1, 0)).replace("0.", "x.", 1)
    path = tmp_path / "bad.csv"
    path.write_text(text)
    with pytest.raises(InputError, match="not a number"):
        read_ptable_csv(path)


def test_the_cell_key_selects_the_entry_whose_interval_holds_it():
    table = create_ptable(2, 1, 0)
    row = table.frame[(table.frame["i"] == 3) & (table.frame["p"] > 0)]
    for lower, upper, noise in zip(row["p_int_lb"], row["p_int_ub"], row["v"]):
        inside = np.array([np.nextafter(lower, 1), (lower + upper) / 2, upper])
        assert table.noise(np.full(3, 3), inside).tolist() == [noise] * 3
    assert table.noise([3], [0.0]).tolist() == [row["v"].iloc[0]]
    # Larger counts use the last row.
    assert table.noise([50, 10 ** 6], [0.5, 0.5]).tolist() == table.noise([4, 4], [0.5, 0.5]).tolist()


def test_reading_a_ptable_leaves_no_file_open(tmp_path):
    # QGIS's message log shows each ResourceWarning as a Python warning with its traceback.
    import gc
    import warnings

    path = tmp_path / "ptable.csv"
    write_ptable_csv(create_ptable(3, 2.0, 0), path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        read_ptable_csv(path)
        gc.collect()
    assert not [warning for warning in caught if warning.category is ResourceWarning]
