import hashlib
import hmac
import math
import os
import stat
import time

import numpy as np
import pytest

from spatial_privacy_plugin.noise import cellkey
from spatial_privacy_plugin.release import grid
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.noise.ptable import create_ptable
from spatial_privacy_plugin.samples.synthetic import synthetic_trips

D, V, JS = 5, 3.0, 2
TABLE = create_ptable(D, V, JS)
# Test keys only: a release's key comes from the operating system through create_key_file.
SECRET = bytes(range(32))
OTHER_SECRET = bytes(range(1, 33))


@pytest.fixture(scope="module")
def city():
    """The 1M-trip benchmark city (about 330 000 people) at 250 m."""
    trips = synthetic_trips(330_000)
    x, y = trips["x"].to_numpy(), trips["y"].to_numpy()
    ids = trips["person_id"].to_numpy()
    return trips, x, y, ids, grid.default_origin(x, y, 250.0)


def release(x, y, ids, origin, secret=SECRET, resolution=250.0):
    persons = grid.encode_person_ids(ids, "person_id")
    keys = cellkey.hmac_record_keys(secret, cellkey.person_ids_by_code(persons, ids))
    return cellkey.perturbed_cells(x, y, persons, grid.encode_key_columns([], len(x)), origin,
                                   resolution, keys, TABLE)


def test_noise_is_unbiased_with_variance_v_on_the_benchmark_city(city):
    _, x, y, ids, origin = city
    started = time.perf_counter()
    cells = release(x, y, ids, origin)
    elapsed = time.perf_counter() - started
    noise = cells.published - cells.n_persons
    large = cells.n_persons > D + JS
    assert large.sum() > 3000
    print(f"\n{len(noise)} cells, {large.sum()} past the small rows: noise mean "
          f"{noise[large].mean():.4f}, variance {noise[large].var():.4f} (V = {V}); "
          f"{elapsed:.2f} s for {len(x)} trips")
    assert abs(noise[large].mean()) <= 0.05
    assert abs(noise[large].var() - V) <= 0.05 * V
    assert (np.abs(noise) <= D).all()
    assert (cells.published >= 0).all() and not np.isin(cells.published, [1, 2]).any()
    # The cell keys are uniform on [0, 1) (Kolmogorov–Smirnov).
    from scipy.stats import kstest
    assert kstest(cells.cell_key, "uniform").pvalue > 0.001


def test_two_runs_give_identical_releases(city):
    _, x, y, ids, origin = city
    first, second = release(x, y, ids, origin), release(x, y, ids, origin)
    assert np.array_equal(first.published, second.published)
    assert np.array_equal(first.cell_key, second.cell_key)


def test_a_subset_holding_whole_cells_people_gives_those_cells_identical_values(city):
    trips, x, y, ids, origin = city
    full = release(x, y, ids, origin)
    chosen = np.flatnonzero(full.n_persons > 0)[::7][:300]  # 300 cells of every size
    persons = grid.encode_person_ids(ids, "person_id")
    counts = grid.count_cells(x, y, persons, grid.encode_key_columns([], len(x)), origin, 250.0)
    people = np.unique(persons[np.isin(counts.group_of_row, chosen)])
    keep = np.isin(persons, people)
    # The subset comes in another order (reversed), as another layer would.
    order = np.flatnonzero(keep)[::-1]
    subset = release(x[order], y[order], ids[order], origin)
    full_by_cell = {(c, r): (n, p) for c, r, n, p in zip(full.col, full.row, full.n_persons,
                                                           full.published)}
    sub_by_cell = {(c, r): (n, p) for c, r, n, p in zip(subset.col, subset.row, subset.n_persons,
                                                          subset.published)}
    for index in chosen:
        cell = (full.col[index], full.row[index])
        assert sub_by_cell[cell] == full_by_cell[cell]
    # Cells that lost people generally change: the test would see a key that ignored people.
    partial = [cell for cell, (n, _) in sub_by_cell.items() if n != full_by_cell[cell][0]]
    assert len(partial) > 100


def test_another_key_changes_most_cells(city):
    _, x, y, ids, origin = city
    first, other = release(x, y, ids, origin), release(x, y, ids, origin, OTHER_SECRET)
    assert np.array_equal(first.n_persons, other.n_persons)
    changed = (first.published != other.published).mean()
    assert changed > 0.6


def test_same_people_give_the_same_key_at_any_resolution_and_origin():
    """A cell holding exactly the same people at 250 m and at 1 km has the same cell key."""
    x = np.array([10.0, 20.0, 30.0, 5000.0])
    y = np.array([10.0, 20.0, 30.0, 5000.0])
    ids = np.array(["a", "b", "a", "c"], dtype=object)
    fine = release(x, y, ids, (0.0, 0.0), resolution=250.0)
    coarse = release(x, y, ids, (-3000.0, -3000.0), resolution=4000.0)
    assert sorted(fine.cell_key.tolist()) == sorted(coarse.cell_key.tolist())
    keys = cellkey.hmac_record_keys(SECRET, ["a", "b"]).astype(float) / 2 ** 53
    assert fine.cell_key[fine.n_persons == 2][0] == pytest.approx((keys.sum()) % 1.0, abs=1e-15)


def test_cell_key_sums_are_exact_and_order_free():
    rng = np.random.default_rng(5)
    persons = rng.integers(0, 5000, 200_000)
    groups = rng.integers(0, 40, len(persons))
    person_keys = rng.integers(0, 2 ** 53, 5000, dtype=np.uint64)
    keys = cellkey.cell_keys(groups, persons, person_keys, 40)
    order = rng.permutation(len(persons))
    assert np.array_equal(keys, cellkey.cell_keys(groups[order], persons[order], person_keys, 40))
    pairs = set(zip(groups.tolist(), persons.tolist()))
    for group in (0, 17, 39):
        total = sum(int(person_keys[person]) for g, person in pairs if g == group)
        assert keys[group] == (total % 2 ** 53) / 2 ** 53


def test_the_grids_cell_keys_are_those_of_its_rows_and_everyones_is_exact():
    # perturbed_cells sums over the counting's own (person, cell) pairs; cell_keys sorts rows.
    rng = np.random.default_rng(8)
    persons = np.sort(rng.integers(0, 3000, 60_000))
    x, y = rng.uniform(0, 5000, len(persons)), rng.uniform(0, 5000, len(persons))
    person_keys = rng.integers(2 ** 52, 2 ** 53, 3000, dtype=np.uint64)  # sums wrap 2**64
    cells = cellkey.perturbed_cells(x, y, persons, grid.encode_key_columns([], len(x)),
                                    (0.0, 0.0), 250.0, person_keys, TABLE)
    counts = grid.count_cells(x, y, persons, grid.encode_key_columns([], len(x)), (0.0, 0.0),
                              250.0)
    assert np.array_equal(cells.cell_key, cellkey.cell_keys(
        counts.group_of_row, persons, person_keys, len(counts.n_persons)))
    total = sum(int(key) for key in person_keys.tolist())
    assert total >= 2 ** 64
    assert cellkey.key_of_everyone(person_keys) == (total % 2 ** 53) / 2 ** 53
    assert cellkey.key_of_everyone(person_keys[:0]) == 0.0


def test_person_ids_read_as_int_float_or_numpy_get_one_key():
    keys = cellkey.hmac_record_keys(SECRET, [42, 42.0, np.int64(42), "42"])
    assert len(set(keys.tolist())) == 1
    assert cellkey.hmac_record_keys(SECRET, [42.5])[0] != keys[0]


def test_record_keys_keep_their_published_values():
    """Record keys are HMAC-SHA-256(secret, id text), first 53 bits: a faster computation must
    give every earlier release's keys. The digests were made independently with
    ``printf '%s' ID | openssl dgst -sha256 -mac HMAC -macopt hexkey:0001...1f`` (first 8 bytes)."""
    openssl_first_bytes = {42: "7df989924b2ebf88", "a": "5167dd15d18166a9",
                           "\u00e9": "2445a1fe5ea6e3a6", -7: "54a07f6735f4f525",
                           4.5: "e8bcf3ed3dce4fca", "person 0001": "fc7b4234a16bef0f",
                           "x" * 70: "42a8a4483f50271e"}
    expected = [int(text, 16) >> 11 for text in openssl_first_bytes.values()]
    ids = list(openssl_first_bytes)
    assert cellkey.hmac_record_keys(SECRET, ids).tolist() == expected
    assert cellkey.hmac_record_keys(SECRET, np.array(ids, dtype=object)).tolist() == expected
    whole = cellkey.hmac_record_keys(SECRET, np.array([42, -7], dtype=np.int64))
    assert whole.tolist() == [expected[0], expected[3]]
    assert cellkey.hmac_record_keys(SECRET, np.array([42.0, 4.5])).tolist() == \
        [expected[0], expected[4]]
    assert cellkey.hmac_record_keys(SECRET, []).tolist() == []


def test_record_keys_match_the_hmac_module_for_many_ids():
    rng = np.random.default_rng(11)
    ids = [int(v) for v in rng.integers(-10 ** 12, 10 ** 12, 2000)] + \
        ["".join(map(chr, rng.integers(32, 0x2FF, size))) for size in rng.integers(0, 90, 500)]
    expected = [int.from_bytes(hmac.new(OTHER_SECRET, cellkey.canonical_id(value).encode("utf-8"),
                                        hashlib.sha256).digest()[:8], "big") >> 11 for value in ids]
    assert cellkey.hmac_record_keys(OTHER_SECRET, ids).tolist() == expected


def test_person_ids_by_code_for_codes_in_any_numbering():
    ids = np.array(["c", "a", "b", "a", "c"], dtype=object)
    first_seen = grid.encode_person_ids(ids, "person_id")
    assert cellkey.person_ids_by_code(first_seen, ids).tolist() == ["c", "a", "b"]
    sorted_codes = np.array([2, 0, 1, 0, 2])  # codes not numbered by first appearance
    assert cellkey.person_ids_by_code(sorted_codes, ids).tolist() == ["a", "b", "c"]
    assert cellkey.person_ids_by_code(np.array([], dtype=np.int64), ids[:0]).tolist() == []


def test_persistent_key_fields_are_checked():
    persons = np.array([0, 0, 1])
    keys = cellkey.field_record_keys([0.25, 0.25, 0.5], persons, "rkey")
    assert (keys.astype(float) / 2 ** 53).tolist() == [0.25, 0.5]
    with pytest.raises(InputError, match="outside"):
        cellkey.field_record_keys([0.25, None, 0.5], persons, "rkey")
    with pytest.raises(InputError, match="outside"):
        cellkey.field_record_keys([0.25, 0.25, 1.0], persons, "rkey")
    with pytest.raises(InputError, match="different record keys"):
        cellkey.field_record_keys([0.25, 0.3, 0.5], persons, "rkey")


def test_key_field_arrays_give_the_floor_of_key_times_two_to_the_53():
    # A float64 array (the Arrow reader's column) is read as it is; other columns through pandas.
    rng = np.random.default_rng(3)
    keys = np.concatenate([rng.random(2000), [0.0, -0.0, np.nextafter(1.0, 0.0), 2.0 ** -60]])
    persons = np.arange(len(keys))
    expected = [math.floor(key * 2 ** 53) for key in keys.tolist()]
    assert cellkey.field_record_keys(keys, persons, "rkey").tolist() == expected
    assert cellkey.field_record_keys(keys.tolist(), persons, "rkey").tolist() == expected
    assert cellkey.field_record_keys(keys.astype(object), persons, "rkey").tolist() == expected
    for bad in (np.nan, np.inf, -np.inf, -1e-300, 1.0):
        with pytest.raises(InputError, match="1 record"):
            cellkey.field_record_keys(np.array([0.25, bad, 0.5]), np.arange(3), "rkey")


def test_key_files_hold_256_random_bits_for_their_owner_only(tmp_path):
    path = tmp_path / "programme.key"
    secret, created = cellkey.load_or_create_key(path)
    assert created and len(secret) == 32
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    again, created = cellkey.load_or_create_key(path)
    assert again == secret and not created
    other = cellkey.create_key_file(tmp_path / "other.key")
    assert other != secret  # from the operating system, no seed
    with pytest.raises(InputError, match="Cannot create"):
        cellkey.create_key_file(path)  # never overwritten
    fingerprint = cellkey.key_fingerprint(secret)
    assert len(fingerprint) == 16 and fingerprint != cellkey.key_fingerprint(other)
    assert fingerprint not in secret.hex()
    (tmp_path / "bad.key").write_text("abcd\n")
    with pytest.raises(InputError, match="256 bits"):
        cellkey.read_key_file(tmp_path / "bad.key")


def test_utility_figures_of_the_benchmark_city(city):
    from spatial_privacy_plugin.noise.cellkey_audit import utility

    _, x, y, ids, origin = city
    cells = release(x, y, ids, origin)
    figures = utility(cells.col, cells.row, cells.n_persons, cells.published, D + JS)
    assert figures["mse_large"] == pytest.approx(V, rel=0.05)
    assert figures["max_abs_error"] <= D
    assert 0 < figures["mae"] < figures["worst_window_mae"] <= D
    assert 0 < figures["hellinger"] < 0.1
    assert 0.5 < figures["share_changed"] < 1
    assert abs(figures["morans_i_before"] - figures["morans_i_after"]) < 0.05
    same = utility(cells.col, cells.row, cells.n_persons, cells.n_persons)
    assert same["mae"] == 0 and same["hellinger"] == 0 and same["share_changed"] == 0


def test_worst_window_is_the_5_by_5_block_around_a_cell():
    from spatial_privacy_plugin.noise.cellkey_audit import window_sums

    col, row = np.meshgrid(np.arange(10), np.arange(10))
    values = np.zeros(100)
    values[(col.ravel() == 9) & (row.ravel() == 9)] = 25.0
    sums, counts = window_sums(col.ravel(), row.ravel(), values)
    centre = (col.ravel() == 5) & (row.ravel() == 5)
    assert counts[centre][0] == 25 and sums[centre][0] == 0
    near = (col.ravel() == 7) & (row.ravel() == 7)
    assert sums[near][0] == 25 and counts[near][0] == 25
    corner = (col.ravel() == 9) & (row.ravel() == 9)
    assert counts[corner][0] == 9


def test_attacker_intervals_from_the_p_table():
    from spatial_privacy_plugin.noise.cellkey_audit import possible_originals

    least, largest = possible_originals(TABLE, [0, 3, 10, 40])
    # 0 is published by counts 1..5 (noise down to -D, j = 0 allowed); 3 by counts 1..8.
    assert least.tolist() == [1, 1, 5, 35] and largest.tolist() == [5, 8, 15, 45]
    least, _ = possible_originals(TABLE, [1])
    assert np.isnan(least[0])  # 1 is never published


def test_margin_exploit_two_inner_cells_of_1_and_a_margin_perturbed_to_0():
    """Inner cells of 1 and 1; their margin (2) published as 0. Knowing D = 2 and the p-table, an
    attacker learns the margin held 1 or 2 people; with each emitted cell holding at least one,
    both inner cells are exactly 1."""
    from spatial_privacy_plugin.noise.cellkey_audit import attacker_intervals, possible_originals

    table = create_ptable(2, 1.0, 0)
    zero_entry = table.frame[(table.frame["i"] == 2) & (table.frame["j"] == 0)]
    margin_key = float(zero_entry["p_int_ub"].iloc[0])  # selects j = 0 in row 2
    margin = 2 + table.noise([2], [margin_key])[0]
    assert margin == 0
    inner = cellkey.perturb_counts([1, 1], [0.9, 0.95], table)
    alone_low, alone_high = possible_originals(table, inner)
    assert (alone_high - alone_low > 0).all()  # each cell alone keeps an interval
    least, largest = attacker_intervals(table, inner, [([0, 1], margin)])
    assert least.tolist() == [1, 1] and largest.tolist() == [1, 1]
    # Without the margin, or with a margin that says little, the intervals stay open.
    wide_low, wide_high = attacker_intervals(table, inner, [([0, 1], 6)])
    assert (wide_high - wide_low > 0).all()


def test_sweep_utility_gives_one_row_per_size_with_noise_shrinking_relative_to_counts(city):
    from spatial_privacy_plugin.noise.cellkey_audit import sweep_utility

    _, x, y, ids, origin = city
    persons = grid.encode_person_ids(ids, "person_id")
    keys = cellkey.hmac_record_keys(SECRET, cellkey.person_ids_by_code(persons, ids))
    table = sweep_utility(x, y, persons, grid.encode_key_columns([], len(x)),
                          grid.default_origin(x, y, 1000.0), (250.0, 1000.0), keys, TABLE)
    assert table["resolution_m"].tolist() == [250.0, 1000.0]
    fine, coarse = table.iloc[0], table.iloc[1]
    assert fine["cells"] > coarse["cells"] > 0
    assert (table["max_abs_error"] <= D).all()
    assert coarse["hellinger"] < fine["hellinger"]  # the same noise on larger counts
