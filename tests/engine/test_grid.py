import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spatial_privacy_plugin.release import grid
from spatial_privacy_plugin import parallel
from spatial_privacy_plugin.errors import Cancelled, InputError
from spatial_privacy_plugin.samples.synthetic import synthetic_trips


def encode(persons, keys=()):
    return grid.encode_person_ids(persons, "person_id"), grid.encode_key_columns(keys, len(persons))


def test_points_on_interior_edges_belong_to_the_cell_right_and_above():
    x = np.array([0.0, 99.999, 100.0, 200.0, 250.0])
    assert grid.cell_index(x, 0.0, 100.0).tolist() == [0, 0, 1, 2, 2]


def test_edge_assignment_agrees_with_drawn_edges_for_awkward_origins():
    origin, resolution = 0.1, 0.3
    edges = origin + np.arange(-50, 50) * resolution
    assert (grid.cell_index(edges, origin, resolution) == np.arange(-50, 50)).all()
    assert (grid.cell_index(np.nextafter(edges, -np.inf), origin, resolution) == np.arange(-51, 49)).all()


def test_distinct_people_not_rows_are_counted():
    # Person 1 makes three trips in cell (0, 0); person 2 one; person 3 two in cell (1, 0).
    x = np.array([10.0, 20.0, 30.0, 40.0, 150.0, 160.0])
    y = np.array([10.0, 10.0, 10.0, 10.0, 10.0, 10.0])
    persons, keys = encode([1, 1, 1, 2, 3, 3])
    counts = grid.count_cells(x, y, persons, keys, (0.0, 0.0), 100.0)
    assert counts.col.tolist() == [0, 1]
    assert counts.n_persons.tolist() == [2, 1]
    assert counts.n_rows.tolist() == [4, 2]


def test_key_fields_split_cells():
    x = np.array([10.0, 20.0, 30.0, 40.0])
    persons, keys = encode(["a", "b", "c", "d"], [["F", "M", "F", None]])
    counts = grid.count_cells(x, x, persons, keys, (0.0, 0.0), 100.0)
    assert sorted(counts.n_persons.tolist()) == [1, 1, 2]


def test_null_person_ids_are_refused():
    with pytest.raises(InputError, match="2 record"):
        grid.encode_person_ids([1, None, 2, np.nan], "person_id")
    with pytest.raises(InputError, match="1 record"):  # a float array read as is
        grid.encode_person_ids(np.array([1.0, 2.0, np.nan]), "person_id")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-3, 40), min_size=1, max_size=60), st.booleans(), st.booleans())
def test_person_codes_are_numbers_of_first_appearance_on_every_layout(ids, sort_rows, as_float):
    """Sorted numeric ids take the run-numbering path; the codes must not differ from hashing."""
    ids = sorted(ids) if sort_rows else ids
    values = np.asarray(ids, dtype=float if as_float else np.int64)
    expected = pd.factorize(pd.Series(ids), sort=False)[0]
    assert grid.encode_person_ids(values, "person_id").tolist() == expected.tolist()


def test_bad_coordinates_and_resolutions_are_refused():
    with pytest.raises(InputError, match="NaN or infinite"):
        grid.check_coordinates(np.array([0.0, np.nan]), np.array([0.0, 1.0]))
    for text in ("0", "-100", "100,abc", "", "nan"):
        with pytest.raises(InputError):
            grid.parse_resolutions(text)
    assert grid.parse_resolutions("1000, 250;100 250") == (100.0, 250.0, 1000.0)


def hand_case():
    """Three 100 m cells: (0,0) with 12 people, (1,0) with 3, (0,1) with 2 (one trip each)."""
    xs, ys, ids = [], [], []
    for col, row, people in [(0, 0, 12), (1, 0, 3), (0, 1, 2)]:
        for person in range(people):
            xs.append(col * 100 + 50.0)
            ys.append(row * 100 + 50.0)
            ids.append(f"{col}-{row}-{person}")
    return np.array(xs), np.array(ys), ids


def test_sweep_figures_on_a_hand_computed_case():
    x, y, ids = hand_case()
    persons, keys = encode(ids)
    table = grid.sweep(x, y, persons, keys, (0.0, 0.0), (100.0, 200.0), k=10, tolerance=0.5)
    fine, coarse = table.iloc[0], table.iloc[1]
    assert (fine.cells, fine.cells_withheld) == (3, 2)
    assert fine.suppressed_fraction == pytest.approx(2 / 3)
    assert fine.median_published_count == 12
    assert not fine.publishable
    assert fine.withheld_person_share == pytest.approx(5 / 17)
    assert (coarse.cells, coarse.cells_withheld, coarse.median_published_count) == (1, 0, 17)
    assert coarse.publishable and pd.isna(coarse.withheld_person_share)
    assert grid.recommended_resolution(table) == 200.0


def test_nothing_publishable_gives_no_recommendation():
    x, y, ids = hand_case()
    persons, keys = encode(ids)
    table = grid.sweep(x, y, persons, keys, (0.0, 0.0), (100.0,), k=50, tolerance=0.2)
    assert grid.recommended_resolution(table) is None
    assert pd.isna(table.median_published_count.iloc[0])


def test_share_of_people_in_withheld_cells_is_hidden_for_a_single_withheld_cell():
    x, y, ids = hand_case()
    persons, keys = encode(ids[:15], [])
    table = grid.sweep(x[:15], y[:15], persons, keys, (0.0, 0.0), (100.0,), k=10, tolerance=0.5)
    assert table.cells_withheld.iloc[0] == 1
    assert pd.isna(table.withheld_person_share.iloc[0])


def test_sweep_honours_cancellation():
    x, y, ids = hand_case()
    persons, keys = encode(ids)
    with pytest.raises(Cancelled):
        grid.sweep(x, y, persons, keys, (0.0, 0.0), (100.0,), 10, 0.2, is_canceled=lambda: True)


def test_the_sweep_gives_the_same_table_on_one_thread_and_on_several(monkeypatch):
    trips = synthetic_trips(3000)
    persons, keys = encode(trips["person_id"].to_numpy())
    x, y = trips["x"].to_numpy(), trips["y"].to_numpy()
    tables = []
    for threads in ("1", "3"):
        monkeypatch.setenv(parallel.THREADS_VARIABLE, threads)
        assert parallel.thread_count() == int(threads)
        tables.append(grid.sweep(x, y, persons, keys, grid.default_origin(x, y, 1000.0),
                                 (100.0, 250.0, 500.0, 1000.0), 10, 0.2))
    pd.testing.assert_frame_equal(tables[0], tables[1])


@pytest.mark.parametrize("threads", ["1", "3"])
def test_work_in_parallel_keeps_the_order_and_reports_every_piece(monkeypatch, threads):
    """The pieces run on a pool (one thread too), so that the caller stays free to report:
    progress once per piece, and polls while a piece runs."""
    import threading
    import time

    monkeypatch.setenv(parallel.THREADS_VARIABLE, threads)
    caller, reported, polls = threading.get_ident(), [], []

    def piece(item):
        time.sleep(0.1 * item)
        return item * item, threading.get_ident()

    results = parallel.in_parallel(piece, [3, 1, 2],
                                   lambda done, total: reported.append((done, total)),
                                   lambda: polls.append(threading.get_ident()))
    assert [square for square, _ in results] == [9, 1, 4]
    assert reported == [(1, 3), (2, 3), (3, 3)]
    assert all(ident != caller for _, ident in results)
    assert polls and set(polls) == {caller}


def test_work_in_parallel_stops_at_the_first_error(monkeypatch):
    """A piece that raises (a cancel) keeps the pieces not yet started from starting."""
    monkeypatch.setenv(parallel.THREADS_VARIABLE, "1")
    ran = []

    def piece(item):
        ran.append(item)
        if item == 1:
            raise Cancelled()
        return item

    with pytest.raises(Cancelled):
        parallel.in_parallel(piece, [0, 1, 2, 3])
    assert ran == [0, 1]


@pytest.mark.parametrize("setting", ["0", "two", "-1", "1.5"])
def test_a_bad_thread_setting_is_refused_with_its_name(monkeypatch, setting):
    monkeypatch.setenv(parallel.THREADS_VARIABLE, setting)
    with pytest.raises(InputError, match="SPATIAL_PRIVACY_THREADS"):
        parallel.thread_count()


def test_suppressed_grid_blanks_withheld_counts_at_the_source():
    x, y, ids = hand_case()
    persons, keys = encode(ids)
    frame = grid.suppressed_grid(x, y, persons, keys, (0.0, 0.0), 100.0, k=10).cells
    assert frame.cell_id.tolist() == ["100m_0_0", "100m_0_1", "100m_1_0"]
    assert frame.status.tolist() == ["published", "withheld", "withheld"]
    assert frame.n_persons.iloc[0] == 12
    assert frame.n_persons.iloc[1:].isna().all()


def naive_morans_i(col, row, indicator):
    n = len(indicator)
    z = np.asarray(indicator, float) - np.mean(indicator)
    cross, s0 = 0.0, 0
    degree = np.zeros(n)
    for i in range(n):
        for j in range(n):
            if i != j and max(abs(col[i] - col[j]), abs(row[i] - row[j])) == 1:
                cross += z[i] * z[j]
                s0 += 1
                degree[i] += 1
    moran = n / s0 * cross / np.sum(z ** 2)
    expected = -1 / (n - 1)
    variance = (n * n * 2 * s0 - n * 4 * np.sum(degree ** 2) + 3 * s0 * s0) / ((n * n - 1) * s0 * s0) - expected ** 2
    return moran, (moran - expected) / np.sqrt(variance) if variance > 0 else None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.booleans()), min_size=3, max_size=40,
                unique_by=lambda cell: cell[:2]))
def test_morans_i_matches_a_naive_double_loop(cells):
    col = np.array([c for c, _, _ in cells])
    row = np.array([r for _, r, _ in cells])
    indicator = np.array([w for _, _, w in cells])
    moran, z = grid.morans_i(col, row, indicator)
    if moran is None:
        return
    expected_i, expected_z = naive_morans_i(col, row, indicator)
    assert moran == pytest.approx(expected_i)
    if z is not None:
        assert z == pytest.approx(expected_z)


def test_a_band_of_holes_clusters_and_a_checkerboard_does_not():
    col, row = np.meshgrid(np.arange(12), np.arange(12))
    col, row = col.ravel(), row.ravel()
    band_i, band_z = grid.morans_i(col, row, col < 3)
    board_i, board_z = grid.morans_i(col, row, (col + row) % 2 == 0)
    assert band_z > grid.CLUSTERED_Z
    assert board_z < grid.CLUSTERED_Z


def drawn_cell(value, start, resolution):
    """The cell whose drawn edges [start + c*res, start + (c+1)*res) hold the value."""
    guess = int(np.floor((value - start) / resolution))
    return next(c for c in (guess - 1, guess, guess + 1)
                if start + c * resolution <= value < start + (c + 1) * resolution)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.floats(-500, 500), st.floats(-500, 500), st.integers(0, 15),
                          st.sampled_from(["a", "b", None])), min_size=1, max_size=80),
       st.sampled_from([7.0, 50.0, 125.0, 333.3]))
def test_counts_match_a_pandas_reference(points, resolution):
    frame = pd.DataFrame(points, columns=["x", "y", "person", "key"])
    persons, keys = encode(frame.person.tolist(), [frame.key.tolist()])
    origin = (float(frame.x.min()), float(frame.y.min()))  # an awkward origin on purpose
    counts = grid.count_cells(frame.x.to_numpy(), frame.y.to_numpy(), persons, keys, origin, resolution)
    ours = sorted(zip(counts.col.tolist(), counts.row.tolist(), counts.n_persons.tolist(), counts.n_rows.tolist()))
    frame["col"] = [drawn_cell(value, origin[0], resolution) for value in frame.x]
    frame["row"] = [drawn_cell(value, origin[1], resolution) for value in frame.y]
    frame["key"] = frame.key.fillna("<NULL>")
    reference = frame.groupby(["col", "row", "key"]).agg(n_persons=("person", "nunique"), n_rows=("person", "size"))
    expected = sorted((c, r, int(p), int(n)) for (c, r, _), p, n in
                      zip(reference.index, reference.n_persons, reference.n_rows))
    assert ours == expected


def test_resolutions_that_are_not_nested_are_named():
    assert grid.non_nested_pairs((100.0, 250.0, 500.0, 1000.0)) == [(100.0, 250.0)]
    assert grid.non_nested_pairs((250.0, 500.0, 1000.0)) == []


def test_sweep_counts_the_complementary_cells_marginals_force():
    # Parent (0,0) of factor 2 holds cells (0,0)=12, (1,0)=3, (0,1)=25: publishing the parent
    # total would give away (1,0), so the smallest sibling (12) is withheld too.
    xs, ys, ids = [], [], []
    for (col, row), people in {(0, 0): 12, (1, 0): 3, (0, 1): 25}.items():
        for person in range(people):
            xs.append(col * 100 + 50.0)
            ys.append(row * 100 + 50.0)
            ids.append(f"{col}-{row}-{person}")
    persons, keys = encode(ids)
    x, y = np.array(xs), np.array(ys)
    marginals = grid.Marginals(grid.MARGINALS_PARENTS, parent_factor=2, protection=5)
    table = grid.sweep(x, y, persons, keys, (0.0, 0.0), (100.0,), 10, 0.5, marginals=marginals)
    row = table.iloc[0]
    assert (row.cells_withheld, row.cells_complementary) == (1, 1)
    assert row.withheld_fraction_total == pytest.approx(2 / 3)
    assert not row.publishable  # 1/3 primary alone would pass the 0.5 tolerance
    release = grid.suppressed_grid(x, y, persons, keys, (0.0, 0.0), 100.0, 10, marginals)
    status = dict(zip(release.cells.cell_id, release.cells.status))
    assert status == {"100m_0_0": "withheld", "100m_0_1": "published", "100m_1_0": "withheld"}
    # Why each is withheld is the data holder's to know, in the audit table only.
    assert dict(zip(release.audit.cell_id, release.audit.reason)) == {
        "100m_0_0": "complementary", "100m_1_0": "primary"}
    assert release.cells.n_persons.isna().tolist() == [True, False, True]
    assert release.audit.width.min() >= 5 and release.audit.ok.all()


def test_a_stratified_sweep_recommends_a_resolution_per_stratum():
    # Dense stratum 0: 30 people in each 100 m cell; sparse stratum 1: 2 people per 100 m cell,
    # so 200 m cells hold 8 and only 400 m cells gather ten.
    xs, ys, ids, strata = [], [], [], []
    for col in range(4):
        for person in range(30):
            xs.append(col * 100 + 50.0)
            ys.append(50.0)
            ids.append(f"d{col}-{person}")
            strata.append(0)
    for col in range(8):
        for row in range(4):
            for person in range(2):
                xs.append(1000 + col * 100 + 50.0)
                ys.append(row * 100 + 50.0)
                ids.append(f"s{col}-{row}-{person}")
                strata.append(1)
    persons, keys = encode(ids)
    table = grid.stratified_sweep(np.array(xs), np.array(ys), persons, keys, (0.0, 0.0),
                                  (100.0, 200.0, 400.0), 10, 0.2, np.array(strata), ["core", "rural"])
    best = table[table.recommended].set_index("stratum")["resolution_m"].to_dict()
    assert best == {"core": 100.0, "rural": 400.0}
    assert table.groupby("stratum").size().to_dict() == {"core": 3, "rural": 3}
    # A stricter k for the core (its own rho in the policy) moves only the core's recommendation.
    strict = grid.stratified_sweep(np.array(xs), np.array(ys), persons, keys, (0.0, 0.0),
                                   (100.0, 200.0, 400.0), [40, 10], 0.2, np.array(strata),
                                   ["core", "rural"])
    best = strict[strict.recommended].set_index("stratum")["resolution_m"].to_dict()
    assert best == {"core": 200.0, "rural": 400.0}
    assert strict.groupby("stratum")["k"].first().to_dict() == {"core": 40, "rural": 10}


def test_a_stratified_sweep_has_the_same_dtypes_whichever_strata_lack_a_figure():
    # Stratum "a" withholds one cell (no person share, no Moran's I); "b" withholds two.
    x = np.array([50.0] * 12 + [150.0] * 3 + [1050.0] * 12 + [1150.0] * 2 + [1250.0] * 2)
    y = np.full(len(x), 50.0)
    ids = [f"p{i}" for i in range(len(x))]
    strata = np.array([0] * 15 + [1] * 16)
    persons, keys = encode(ids)
    with warnings.catch_warnings():
        warnings.simplefilter("error", FutureWarning)  # pandas 2: concat of all-NA columns
        table = grid.stratified_sweep(x, y, persons, keys, (0.0, 0.0), (100.0,), 10, 0.9, strata,
                                      ["a", "b"])
        only_a = grid.stratified_sweep(x[:15], y[:15], persons[:15], keys[:15], (0.0, 0.0),
                                       (100.0,), 10, 0.9, strata[:15], ["a"])
    assert table.set_index("stratum")["cells_withheld"].to_dict() == {"a": 1, "b": 2}
    for name in ("median_published_count", "withheld_person_share", "withheld_morans_i",
                 "withheld_morans_z"):
        assert table[name].dtype == np.float64 and only_a[name].dtype == np.float64, name
    assert table.loc[table.stratum == "a", "withheld_person_share"].isna().all()
    assert table.loc[table.stratum == "b", "withheld_person_share"].notna().all()


def test_study_area_zeros_and_the_zero_mask():
    x, y, ids = hand_case()  # (0,0): 12 people, (1,0): 3, (0,1): 2
    persons, keys = encode(ids)
    square = lambda x0, y0, x1, y1: [[np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)])]]
    study_area = [square(0, 0, 400, 200)]
    zero_mask = [square(300, 100, 400, 200)]
    release = grid.suppressed_grid(x, y, persons, keys, (0.0, 0.0), 100.0, 10,
                                   study_area=study_area, zero_mask=zero_mask)
    cells = {(c, r): (n, s) for c, r, n, s in zip(release.cells.col, release.cells.row,
                                                  release.cells.n_persons, release.cells.status)}
    assert len(cells) == 8
    assert cells[(0, 0)] == (12, "published")
    assert cells[(1, 0)][1] == "withheld" and pd.isna(cells[(1, 0)][0])
    assert cells[(3, 1)][1] == "withheld" and pd.isna(cells[(3, 1)][0])  # masked: withheld
    for zero in [(2, 0), (3, 0), (1, 1), (2, 1)]:
        assert cells[zero] == (0, "published")
    with pytest.raises(InputError, match="attribute"):
        grid.suppressed_grid(x, y, persons, encode(ids, [["a", "b"] * 8 + ["a"]])[1], (0.0, 0.0),
                             100.0, 10, study_area=study_area)


def square_polygon(x0, y0, x1, y1):
    return [[np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)])]]


def test_a_multi_resolution_grid_has_nested_non_overlapping_cells():
    rng = np.random.default_rng(4)
    core_x, core_y = rng.uniform(0, 800, 4000), rng.uniform(0, 800, 4000)
    rural_x, rural_y = rng.uniform(800, 3200, 300), rng.uniform(0, 800, 300)
    x, y = np.r_[core_x, rural_x], np.r_[core_y, rural_y]
    persons = np.arange(len(x), dtype=np.int64)
    strata = [square_polygon(0, 0, 800, 800), square_polygon(800, 0, 3200, 800)]
    sizes = grid.parse_stratum_resolutions("core=100; rural=800", ["core", "rural"])
    frame = grid.multi_resolution_grid(x, y, persons, (0.0, 0.0), strata, ["core", "rural"],
                                       [sizes["core"], sizes["rural"]], 10).cells
    assert set(frame.groupby("stratum")["resolution_m"].unique().map(tuple)) == {(100.0,), (800.0,)}
    boxes = [(c * s, r * s, (c + 1) * s, (r + 1) * s)
             for c, r, s in zip(frame.col, frame.row, frame.resolution_m)]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0
            assert not overlap, (a, b)
    published = frame[frame.status == "published"]
    assert (published.n_persons >= 10).all()
    assert frame[frame.status == "primary"].n_persons.isna().all()
    with pytest.raises(InputError, match="not nested"):
        grid.parse_stratum_resolutions("core=250;rural=1000;x=300", ["core", "rural", "x"])
    with pytest.raises(InputError, match="rural"):
        grid.parse_stratum_resolutions("core=250", ["core", "rural"])


def test_a_multi_resolution_grid_with_a_study_area_tiles_it_with_zeros_at_each_strata_size():
    # Core (x < 400) at 100 m, rural (x >= 400) at 400 m; people in one core cell and one rural cell.
    x = np.r_[np.full(12, 50.0), np.full(11, 650.0)]
    y = np.r_[np.full(12, 50.0), np.full(11, 250.0)]
    persons = np.arange(len(x), dtype=np.int64)
    strata = [square_polygon(0, 0, 400, 400), square_polygon(400, 0, 1200, 400)]
    study_area = [square_polygon(0, 0, 1200, 400)]
    zero_mask = [square_polygon(0, 300, 100, 400)]  # the core's top-left cell: people live there
    frame = grid.multi_resolution_grid(x, y, persons, (0.0, 0.0), strata, ["core", "rural"],
                                       [100.0, 400.0], 10, study_area=study_area,
                                       zero_mask=zero_mask).cells
    by_size = frame.groupby("resolution_m").size().to_dict()
    assert by_size == {100.0: 16, 400.0: 2}  # the study area is tiled, and only once
    area = (frame["resolution_m"] ** 2).sum()
    assert area == 1200 * 400
    cells = frame.set_index("cell_id")
    assert cells.loc["100m_0_0", "n_persons"] == 12 and cells.loc["400m_1_0", "n_persons"] == 11
    assert cells.loc["100m_0_3", "status"] == "withheld" and pd.isna(cells.loc["100m_0_3", "n_persons"])
    zeros = cells[(cells["status"] == "published") & (cells["n_persons"] == 0)]
    assert len(zeros) == 16 - 2 + 1  # every other cell: 14 core zeros and the empty rural cell
    assert set(zeros["stratum"]) == {"core", "rural"}


def test_a_multi_resolution_grid_with_an_attribute_has_a_group_per_cell_and_value():
    # One core cell with 12 'a' and 3 'b' people; one rural 400 m cell with 11 'a' people.
    x = np.r_[np.full(15, 50.0), np.full(11, 650.0)]
    y = np.r_[np.full(15, 50.0), np.full(11, 250.0)]
    bands = ["a"] * 12 + ["b"] * 3 + ["a"] * 11
    persons, keys = encode([f"p{i}" for i in range(len(x))], [bands])
    strata = [square_polygon(0, 0, 400, 400), square_polygon(400, 0, 1200, 400)]
    frame = grid.multi_resolution_grid(x, y, persons, (0.0, 0.0), strata, ["core", "rural"],
                                       [100.0, 400.0], 10, key_codes=keys).cells
    groups = {(row.cell_id, bands[row.first_row]): (row.n_persons, row.status)
              for row in frame.itertuples()}
    assert groups[("100m_0_0", "a")] == (12, "published")
    assert groups[("100m_0_0", "b")][1] == "withheld" and pd.isna(groups[("100m_0_0", "b")][0])
    assert groups[("400m_1_0", "a")] == (11, "published")
    with pytest.raises(InputError, match="attribute"):
        grid.multi_resolution_grid(x, y, persons, (0.0, 0.0), strata, ["core", "rural"],
                                   [100.0, 400.0], 10, study_area=[square_polygon(0, 0, 1200, 400)],
                                   key_codes=keys)



def test_a_multi_resolution_grid_with_its_grand_total_withholds_a_complement():
    # Core at 100 m: cells of 12, 3 and 14 people; rural at 400 m: one cell of 11.
    x = np.r_[np.full(12, 50.0), np.full(3, 150.0), np.full(14, 250.0), np.full(11, 650.0)]
    y = np.r_[np.full(29, 50.0), np.full(11, 250.0)]
    persons = np.arange(len(x), dtype=np.int64)
    strata = [square_polygon(0, 0, 400, 400), square_polygon(400, 0, 1200, 400)]
    arguments = (x, y, persons, (0.0, 0.0), strata, ["core", "rural"], [100.0, 400.0], 10)
    alone = grid.multi_resolution_grid(*arguments).cells
    assert (alone["status"] == "withheld").sum() == 1  # without a protection level: primary only
    release = grid.multi_resolution_grid(*arguments, marginals=grid.Marginals(
        grid.MARGINALS_TOTAL, protection=5.0))
    cells = release.cells.set_index("cell_id")
    assert cells.loc["100m_1_0", "status"] == "withheld"
    assert cells.loc["400m_1_0", "status"] == "withheld"  # the smallest published cell
    assert dict(zip(release.audit.cell_id, release.audit.reason)) == {
        "100m_1_0": "primary", "400m_1_0": "complementary"}
    assert set(cells["grand_total"]) == {40}
    assert release.unprotectable == 0 and (release.audit["width"] >= 5).all()
    with pytest.raises(InputError, match="grand total only"):
        grid.multi_resolution_grid(*arguments, marginals=grid.Marginals(grid.MARGINALS_BOTH))


def test_coordinates_beyond_any_metric_crs_are_refused():
    from spatial_privacy_plugin.errors import InputError
    from spatial_privacy_plugin.release.grid import check_coordinates
    check_coordinates(np.array([0.0, 4e6]), np.array([-1e9, 1e9]))
    check_coordinates(np.array([]), np.array([]))
    for bad in (1e300, -1e300, 2e9):
        with pytest.raises(InputError, match=r"1 point\(s\) lie more than 1e\+09 m"):
            check_coordinates(np.array([0.0, bad]), np.array([0.0, 0.0]))
    for bad in (np.inf, np.nan):
        with pytest.raises(InputError, match="NaN or infinite"):
            check_coordinates(np.array([0.0, 1e300]), np.array([bad, 0.0]))


def test_a_cell_index_that_would_not_fit_is_refused_not_wrapped():
    from spatial_privacy_plugin.errors import InputError
    from spatial_privacy_plugin.release.grid import cell_index
    for coordinate, resolution in ((1e300, 100.0), (1e12, 100.0), (1e7, 1e-3)):
        with pytest.raises(InputError, match="cell index would not fit"):
            cell_index(np.array([0.0, coordinate]), 0.0, resolution)
    assert cell_index(np.array([0.0, 2e8]), 0.0, 100.0).tolist() == [0, 2_000_000]


def test_a_blank_parent_total_says_only_withheld_and_is_itself_protected():
    # 5 people in each of two 200 m parents (k = 6): both parent totals are below k and
    # withheld. Their blanks say only "withheld" (SPEC section 7), so with the 10 people known
    # each parent, and its lone cell, holds 1..9: protected, and written.
    x = np.r_[np.full(5, 50.0), np.full(5, 250.0)]
    y = np.full(10, 50.0)
    persons, keys = encode([f"p{i}" for i in range(10)])
    marginals = grid.Marginals(grid.MARGINALS_PARENTS, parent_factor=2, protection=2)
    release = grid.suppressed_grid(x, y, persons, keys, (0.0, 0.0), 100.0, 6, marginals)
    assert release.unprotectable == 0
    assert release.cells["parent_total"].isna().all()
    totals = release.audit[release.audit["first_row"] == -1]
    assert sorted(totals["cell_id"]) == ["200m_0_0", "200m_1_0"]
    assert (totals[["lower", "upper"]].to_numpy() == [1.0, 9.0]).all()
    assert set(totals["reason"]) == {grid.STATUS_PRIMARY}


def test_a_lone_total_below_k_gets_a_total_beside_it_withheld():
    # Cells 12, 15 | 4, 5 under 500 m parents and the grand total (k = 10, p = 5): the second
    # parent (9) is below k, and the grand total less the first parent's 27 would give it
    # away; the first parent's total is withheld too, with the cell of 12 (the cheapest that
    # gives it the doubt), so neither parent is narrower than p.
    x = np.r_[np.full(12, 10.0), np.full(15, 300.0), np.full(4, 600.0), np.full(5, 800.0)]
    y = np.full(len(x), 10.0)
    persons, keys = encode([f"p{i}" for i in range(len(x))])
    marginals = grid.Marginals(grid.MARGINALS_BOTH, parent_factor=2, protection=5)
    release = grid.suppressed_grid(x, y, persons, keys, (0.0, 0.0), 250.0, 10, marginals)
    assert release.unprotectable == 0
    cells = release.cells.set_index("cell_id")
    assert cells["parent_total"].isna().all() and (cells["grand_total"] == 36).all()
    assert cells.loc["250m_0_0", "status"] == "withheld"
    assert cells.loc["250m_1_0", "n_persons"] == 15
    totals = release.audit[release.audit["first_row"] == -1].set_index("cell_id")
    assert totals.loc["500m_1_0", "reason"] == grid.STATUS_PRIMARY
    assert totals.loc["500m_0_0", "reason"] == grid.STATUS_COMPLEMENTARY
    assert (totals["width"] >= 5).all()
