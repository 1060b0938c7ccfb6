"""P-tables in ONS's format, read and applied as ONS's cell-key-perturbation package does."""

import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from spatial_privacy_plugin.counting.cells import encode_key_columns, encode_person_ids
from spatial_privacy_plugin.errors import InputError
from spatial_privacy_plugin.noise import cellkey
from spatial_privacy_plugin.noise.cellkey_audit import possible_originals
from spatial_privacy_plugin.noise.ptable import read_ptable_csv

CELL = 100.0
LEVELS = 256


def ten_five_rule(pcv):
    """ONS's 10-5 rule, as its documentation states it: counts below 10 become 0, others round
    to the nearest 5 (3 and 4 up, 1 and 2 down)."""
    pcv = np.asarray(pcv)
    rounded = 5 * np.floor(pcv / 5 + 0.5).astype(int)
    return np.where(pcv < 10, -pcv, rounded - pcv)


def ons_frame(noise_of):
    """A table in ONS's format: rows 1..750, cell keys 0..255, ``noise_of(pcv, ckey)``."""
    pcv, ckey = np.meshgrid(np.arange(1, 751), np.arange(LEVELS), indexing="ij")
    return pd.DataFrame({"pcv": pcv.ravel(), "ckey": ckey.ravel(),
                         "pvalue": noise_of(pcv.ravel(), ckey.ravel())})


def random_noise(pcv, ckey):
    """Noise that depends on the cell key, in no order of it: -2..2, never below 0."""
    noise = np.random.default_rng(43).integers(-2, 3, len(pcv))
    return np.maximum(noise, -pcv)


def test_a_rounding_table_in_ons_format_rounds_every_count(tmp_path):
    path = tmp_path / "ptable_10_5.csv"
    ons_frame(lambda pcv, ckey: ten_five_rule(pcv)).to_csv(path, index=False)
    table = read_ptable_csv(path)
    counts = np.arange(0, 5001)
    keys = np.random.default_rng(2).random(len(counts))
    published = counts + table.noise(counts, keys)
    assert published.tolist() == (counts + ten_five_rule(counts)).tolist()
    assert published[1087] == 1085 and published[1088] == 1090
    assert table.blocked == 9 and table.max_noise == 9 and table.variance == 0


def test_the_same_rounding_table_in_the_ptable_format_is_refused(tmp_path):
    # Its last row would publish every larger count unrounded (issue 43: 1,087 published as is).
    i = np.arange(751)
    frame = pd.DataFrame({"i": i, "j": i + ten_five_rule(i), "p": 1.0})
    path = tmp_path / "native.csv"
    frame.to_csv(path, index=False)
    with pytest.raises(InputError, match="unchanged.*ONS's own format"):
        read_ptable_csv(path)


def test_cell_keys_select_ons_noise_by_their_integer_key(tmp_path):
    frame = ons_frame(random_noise)
    path = tmp_path / "random.csv"
    frame.to_csv(path, index=False)
    table = read_ptable_csv(path)
    expected = frame.set_index(["pcv", "ckey"])["pvalue"]
    counts = np.array([1, 2, 500, 750, 751, 1000, 1001, 1250, 1251, 123456])
    rows = ((counts - 1) % 250) + 501
    rows[counts <= 750] = counts[counts <= 750]
    for ckey in (0, 1, 127, 255):
        got = table.noise(counts, np.full(len(counts), ckey / LEVELS))
        assert got.tolist() == [expected[(row, ckey)] for row in rows.tolist()]
    # A key between two integer keys takes the lower one, as floor(key × 256).
    assert table.noise([5], [(7 + 0.999) / LEVELS]).tolist() == [expected[(5, 7)]]


def test_ons_tables_that_cannot_be_applied_as_ons_does_are_refused(tmp_path):
    def refused(frame, match):
        path = tmp_path / "bad.csv"
        frame.to_csv(path, index=False)
        with pytest.raises(InputError, match=match):
            read_ptable_csv(path)

    good = ons_frame(lambda pcv, ckey: ten_five_rule(pcv))
    refused(good[good["pcv"] <= 500], "needs every row from 1 to 750")
    refused(good[good["pcv"] != 600], "needs every row from 1 to 750")
    refused(good[good["ckey"] < 200], "power of two")
    refused(pd.concat([good, good.tail(1)]), "exactly once")
    refused(good[(good["pcv"] != 3) | (good["ckey"] != 9)], "exactly once")
    refused(good.assign(pvalue=np.where(good["pcv"] == 4, -5, good["pvalue"])), "negative")
    zero = pd.DataFrame({"pcv": 0, "ckey": np.arange(LEVELS), "pvalue": 1})
    refused(pd.concat([zero, good]), "0 must stay 0")
    refused(good.assign(pvalue=0.5), "fractional")


def test_the_attacker_reads_larger_counts_through_the_reused_rows(tmp_path):
    path = tmp_path / "ptable_10_5.csv"
    ons_frame(lambda pcv, ckey: ten_five_rule(pcv)).to_csv(path, index=False)
    least, largest = possible_originals(read_ptable_csv(path), [750, 1085, 100000])
    assert least.tolist() == [748, 1083, 99998] and largest.tolist() == [752, 1087, 100002]


def ons_ptable_file():
    """ONS's own 10-5 table: the file its package installs, else its generator's table."""
    from cell_key_perturbation.utils.generate_test_ptable import generate_ptable_10_5_rule

    shipped = Path(sys.prefix) / "ptable_10_5_rule.csv"
    return pd.read_csv(shipped) if shipped.exists() else generate_ptable_10_5_rule()


@pytest.mark.parametrize("which", ["ons 10-5 rule", "noise by cell key"])
def test_equal_to_the_ons_package_on_every_cell(tmp_path, which, capsys):
    ons = pytest.importorskip("cell_key_perturbation.create_perturbed_table")
    ptable = ons_ptable_file() if which == "ons 10-5 rule" else ons_frame(random_noise)
    path = tmp_path / "ptable.csv"
    ptable.to_csv(path, index=False)
    rng = np.random.default_rng(7)
    # One record per person; counts around every boundary of ONS's rows and far beyond.
    sizes = np.concatenate([rng.integers(1, 3000, 250), [9, 10, 749, 750, 751, 1000, 1001, 1087,
                                                         1250, 1251, 20011]])
    cell = np.repeat(np.arange(len(sizes)), sizes)
    record_key = rng.integers(0, LEVELS, len(cell))
    x = (cell % 20 + 0.5) * CELL
    y = (cell // 20 + 0.5) * CELL
    data = pd.DataFrame({"cell": cell, "record_key": record_key})
    expected = ons.create_perturbed_table(data, ptable, ["cell"], [], "record_key", threshold=0)
    capsys.readouterr()  # ONS's package prints its progress

    persons = encode_person_ids(np.arange(len(cell)), "person_id")
    keys = cellkey.field_record_keys(record_key / LEVELS, persons, "record_key")
    cells = cellkey.perturbed_cells(x, y, persons, encode_key_columns([], len(cell)), (0.0, 0.0),
                                    CELL, keys, read_ptable_csv(path))
    ours = pd.DataFrame({"cell": cells.row * 20 + cells.col, "count": cells.published,
                         "ckey": np.round(cells.cell_key * LEVELS).astype(int)})
    compared = expected.merge(ours, on="cell", suffixes=("_ons", ""), validate="1:1")
    assert len(compared) == len(sizes)
    assert compared["ckey_ons"].tolist() == compared["ckey"].tolist()
    assert compared["count_ons"].astype(int).tolist() == compared["count"].tolist()
