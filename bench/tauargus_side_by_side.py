"""tau-ARGUS's optimal cell suppression beside the suppressed grid, on the same tables (issue 33).

The sample generator's homes (one point per person; 2,000, 10,000 and 25,000 people), cells of
250 m and 500 m in 1 km parents in the grand total, k = 10, p = 5, the number of people
published. The plugin: ``grid.suppressed_grid`` (parents and grand total, totals are cells).
tau-ARGUS: ``pytauargus`` (the Tau-Argus engine with HiGHS, optimal suppression ``OPT``) on the
same people as microdata, one hierarchical variable (grand total, 1 km parents, cells), the
frequency rule ``FREQ(10, R)`` and the people withheld as the cost (the response is one per
person). Its rule protects an unsafe cell of v people by R % of v up and down; the engine takes
R up to 100, which asks 2 and 4 of doubt for cells of 1 and 2 people (the plugin asks p = 5 of
every cell below k) and 6 or more from 3.

Both releases are then read by one attacker written for the tests, who calls neither engine
(``tests/engine/linked_table_attacker.py``: every published value, N, cells non-empty, a blank
says only "withheld"): a published value below k, or a withheld value that could be 1 to k - 1
in an interval narrower than p, is a leak.

Run with ``make bench-tauargus``: pytauargus lives in a venv of its own under build/ (never a
dependency of the plugin). Prints a Markdown table.
"""

import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]

from linked_table_attacker import leaks  # noqa: E402

from spatial_privacy_plugin.release import grid  # noqa: E402
from spatial_privacy_plugin.samples.synthetic import synthetic_trips  # noqa: E402

K, P, PARENT_SIZE = 10, 5, 1000.0
SAFETY_RANGE = 100  # % of an unsafe cell's value, up and down: the most the engine takes
CITIES = tuple(int(n) for n in sys.argv[1:]) or (2_000, 10_000, 25_000)
SIZES = (250.0, 500.0)
# The optimal method's time limit in minutes: OPT(1) alone gives the solver none, and once
# returned no complementary suppression and no error (25k homes); with a limit the engine
# raises its error instead, reported beside the figures.
OPT_MINUTES = 10
TAU_WITHHELD = {"U", "M", "D"}  # primary unsafe, secondary (M), protected by the user (D)


def homes(n_persons):
    """x, y and person codes of the sample generator's people at their first point."""
    first = synthetic_trips(n_persons).groupby("person_id").head(1)
    return (first["x"].to_numpy(), first["y"].to_numpy(),
            grid.encode_person_ids(first["person_id"].to_numpy(), "person_id"))


def plugin_release(x, y, persons, size):
    """(published layer as the attacker reads it, true count per cell, seconds) or a refusal."""
    started = time.perf_counter()
    release = grid.suppressed_grid(
        x, y, persons, np.zeros(len(x), dtype=np.int64), (0.0, 0.0), size, K,
        grid.Marginals(grid.MARGINALS_BOTH, parent_factor=int(PARENT_SIZE // size),
                       protection=P), people_known=True)
    seconds = time.perf_counter() - started
    if release.unprotectable:
        return None, None, seconds
    truth = pd.DataFrame({"col": np.floor(x / size).astype(np.int64),
                          "row": np.floor(y / size).astype(np.int64)}).value_counts()
    cells = release.cells
    true = np.array([truth[(col, row)] for col, row in zip(cells["col"], cells["row"])])
    return cells, true, seconds


def tau_release(x, y, size, folder):
    """tau-ARGUS's release in the layer's columns, true counts per cell, seconds."""
    from pytauargus import protect

    col, row = np.floor(x / size).astype(np.int64), np.floor(y / size).astype(np.int64)
    parent_col = np.floor(x / PARENT_SIZE).astype(np.int64)
    parent_row = np.floor(y / PARENT_SIZE).astype(np.int64)
    cell = np.array([f"c{c}_{r}" for c, r in zip(col, row)], dtype=object)
    parent = np.array([f"p{c}_{r}" for c, r in zip(parent_col, parent_row)], dtype=object)
    children = pd.DataFrame({"cell": cell, "parent": parent}).drop_duplicates()
    hierarchy = Path(folder) / "cell.hrc"
    hierarchy.write_text("".join(f"{name}\n" + "".join(f"@{child}\n" for child in group["cell"])
                                 for name, group in children.groupby("parent")))
    microdata = pd.DataFrame({"cell": cell, "one": np.ones(len(cell))})
    here = os.getcwd()
    os.chdir(folder)  # the engine writes its solver logs into the working directory
    try:
        started = time.perf_counter()
        result = protect(microdata, ["cell"], response="one",
                         safety_rules=f"FREQ({K},{SAFETY_RANGE})",
                         suppress=f"OPT(1,{OPT_MINUTES})",
                         hrc={"cell": str(hierarchy)}, hierleadstring="@", totcode="Total",
                         workdir=str(Path(folder) / "tau"))
        seconds = time.perf_counter() - started
    finally:
        os.chdir(here)
    table = result.tables[0].dataframe()
    value = dict(zip(table["cell"], table["one"]))
    withheld = dict(zip(table["cell"], table["status"].isin(TAU_WITHHELD)))
    of_cell = dict(zip(children["cell"], children["parent"]))
    names = sorted(of_cell)
    true = np.array([value[name] for name in names])
    hidden = np.array([withheld[name] for name in names])
    cells = pd.DataFrame({
        "cell_id": names,
        "n_persons": np.where(hidden, np.nan, true),
        "status": np.where(hidden, "withheld", "published"),
        "parent_id": [of_cell[name] for name in names],
        "parent_total": [np.nan if withheld[of_cell[name]] else value[of_cell[name]]
                         for name in names],
        "grand_total": np.nan if withheld["Total"] else value["Total"]})
    totals_withheld = sum(withheld[name] for name in set(of_cell.values())) + withheld["Total"]
    return cells, true, seconds, totals_withheld


def summary(cells, true, seconds, totals_withheld, people):
    hidden = cells["status"].to_numpy() != "published"
    found = leaks(cells, K, P, people, non_empty=True, grand_total_declared=True)
    return (f"{int(hidden.sum()):,} of {len(cells):,} cells, {int(true[hidden].sum()):,} people, "
            f"{totals_withheld} totals withheld; {seconds:.1f} s; "
            f"attacker: {len(found)} leak(s)")


def plugin_totals_withheld(cells):
    parents = cells.drop_duplicates("parent_id")["parent_total"].isna().sum()
    return int(parents) + int(pd.isna(cells["grand_total"].iloc[0]))


def main():
    print(f"| homes | cell | plugin (totals are cells) | tau-ARGUS OPT({OPT_MINUTES} min), "
          f"FREQ({K},{SAFETY_RANGE}) |")
    print("| --- | --- | --- | --- |")
    for n_persons in CITIES:
        x, y, persons = homes(n_persons)
        people = int(persons.max()) + 1
        for size in SIZES:
            cells, true, seconds = plugin_release(x, y, persons, size)
            ours = "refused" if cells is None else \
                summary(cells, true, seconds, plugin_totals_withheld(cells), people)
            with tempfile.TemporaryDirectory() as folder:
                try:
                    theirs = summary(*tau_release(x, y, size, folder), people) + \
                        "; engine: solved"
                except Exception as error:  # the engine's own error is the figure here
                    theirs = f"engine error: {error}"
            print(f"| {n_persons:,} | {size:g} m | {ours} | {theirs} |", flush=True)


if __name__ == "__main__":
    main()
