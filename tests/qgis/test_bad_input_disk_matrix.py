"""A full disk or an unwritable folder × every algorithm → one clear QgsProcessingException
naming the file and the cause, with nothing left behind (issue 42, "A full disk or an
unwritable folder").

Full disks are small tmpfs mounts (root only: CI runs as root; skipped otherwise).
Each row runs an algorithm of the bad-input matrix with its good parameters and
its outputs moved where they cannot be written; the input files (a ledger among
them) are hashed before and after, and no file may be left in any output folder.
"""

import os
import subprocess

import pytest
from matrix_layers import file_contents
from qgis.core import QgsProcessingException
from test_bad_input_matrix import BUDGET, CKGRID, DPGRID, GEOMASK, GOOD, GRID, JOIN, KGATE, \
    PTABLE, RECORD_RISK, SWAP, SWEEP, SYNTHETIC, TRACEBACK_MARKERS, ZONE_RISK, parameters_for, \
    read_only_path, writable_again, written_files  # noqa: F401 (writable_again: a fixture)

ALL = sorted(GOOD)
NOTHING_CHARGED = "Nothing was written, and nothing was charged to a ledger."
# The file outputs of each algorithm's good parameters.
FILE_OUTPUTS = ("OUTPUT", "CHART", "REPORT", "TARGETS", "FAILED", "UTILITY")


@pytest.fixture
def small_disk(tmp_path):
    """``small_disk(size)`` mounts a tmpfs of ``size`` on a new folder; unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("a full disk is a small tmpfs, which only root can mount (CI runs as root)")
    mounted = []

    def mount(size="64k"):
        folder = tmp_path / f"disk{len(mounted)}"
        folder.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs",
                               str(folder)], capture_output=True, text=True)
        if done.returncode:
            pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
        mounted.append(folder)
        return folder

    try:
        yield mount
    finally:
        for folder in mounted:
            subprocess.run(["umount", "--lazy", str(folder)], check=True)


def moved(parameters, folder, names=FILE_OUTPUTS):
    """The parameters with the named file outputs moved into ``folder``."""
    return dict(parameters, **{name: str(folder / os.path.basename(parameters[name]))
                               for name in names if isinstance(parameters.get(name), str)})


def refused(run, algorithm, parameters, feedback, inputs, kept=True):
    """Run, expecting a clear refusal with every input file as it was (unless not ``kept``);
    its message."""
    before = file_contents(inputs)
    with pytest.raises(QgsProcessingException) as caught:
        run(algorithm, parameters, feedback)
    message = str(caught.value)
    for text in [message] + [str(line) for line in feedback.messages]:
        assert not any(marker in text for marker in TRACEBACK_MARKERS), text
    if kept:
        assert file_contents(inputs) == before  # the ledger too: nothing charged, nothing changed
    return message


@pytest.mark.parametrize("algorithm", ALL)
def test_a_full_disk_is_refused_before_anything_is_written_or_charged(
        run, tmp_path, feedback, small_disk, algorithm):
    parameters, outputs = parameters_for(algorithm, None, tmp_path)
    disk = small_disk("64k")
    message = refused(run, algorithm, moved(parameters, disk), feedback, tmp_path / "inputs")
    assert f"kB free in {disk}" in message and NOTHING_CHARGED in message, message
    assert written_files(disk) == [] and written_files(outputs) == []


@pytest.mark.parametrize("algorithm", ALL)
def test_a_read_only_folder_is_refused_before_anything_is_written_or_charged(
        run, tmp_path, feedback, algorithm):
    parameters, outputs = parameters_for(algorithm, None, tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    read_only_path(locked)
    message = refused(run, algorithm, moved(parameters, locked), feedback, tmp_path / "inputs")
    assert f"cannot be written: {locked} is read-only or not yours" in message and \
        NOTHING_CHARGED in message, message
    assert written_files(locked) == [] and written_files(outputs) == []


# One output of the run where it cannot be written, the others in a good folder: the run is
# refused before the first output is written (issue 42's partial outputs).
ONE_BAD_OUTPUT = [(CKGRID, "UTILITY", "utility.gpkg"), (JOIN, "CHART", None),
                  (JOIN, "TARGETS", None), (SWEEP, "CHART", None), (SWAP, "REPORT", None)]


@pytest.mark.parametrize("algorithm, name, file_name", ONE_BAD_OUTPUT)
def test_one_unwritable_output_leaves_the_others_unwritten(run, tmp_path, feedback, algorithm,
                                                           name, file_name):
    parameters, outputs = parameters_for(algorithm, None, tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    read_only_path(locked)
    parameters[name] = str(locked / (file_name or os.path.basename(parameters[name])))
    message = refused(run, algorithm, parameters, feedback, tmp_path / "inputs")
    assert "is read-only or not yours" in message, message
    assert written_files(outputs) == []


def test_an_immutable_output_file_is_refused_before_the_run(run, tmp_path, feedback):
    parameters, outputs = parameters_for(PTABLE, None, tmp_path)
    run(PTABLE, parameters, feedback)
    output = outputs / "ptable.csv"
    before = output.read_bytes()
    read_only_path(output)
    message = refused(run, PTABLE, dict(parameters, D=4), feedback, tmp_path / "inputs")
    assert f"cannot be written: {output} is read-only or not yours" in message, message
    assert written_files(outputs) == ["ptable.csv"] and output.read_bytes() == before


# The disk fills up while the run writes (the check of free space before the run made
# lenient): the write error becomes one message naming the file, nothing is left behind,
# and a run that charged its ledger says the budget stays spent.
FILLING = [(GRID, "grid.gpkg"), (GEOMASK, "masked.gpkg"), (RECORD_RISK, "risk.gpkg"),
           (SWAP, "swapped.gpkg"), (SYNTHETIC, "auxiliary.gpkg"), (ZONE_RISK, "zones.gpkg"),
           (KGATE, "checked.gpkg"), (CKGRID, "ckm.gpkg"), (SWEEP, "sweep.gpkg"),
           (JOIN, "join.gpkg"), (DPGRID, "dp.gpkg"), (BUDGET, "record.gpkg")]


@pytest.fixture
def lenient_room(monkeypatch):
    from spatial_privacy.processing_provider import staged_outputs
    monkeypatch.setattr(staged_outputs, "MIN_FREE_BYTES", 0)


@pytest.mark.parametrize("algorithm, output", FILLING)
def test_a_disk_that_fills_up_during_the_run_leaves_nothing(
        run, tmp_path, feedback, small_disk, lenient_room, algorithm, output):
    parameters, outputs = parameters_for(algorithm, None, tmp_path)
    disk = small_disk("48k")
    # The ledger is charged before the release is written (and the cell key grid makes its
    # programme's key where there is none yet).
    message = refused(run, algorithm, moved(parameters, disk, ("OUTPUT",)), feedback,
                      tmp_path / "inputs", kept=algorithm not in (DPGRID, BUDGET, CKGRID))
    assert str(disk / output) in message or f"The disk of {disk} filled up" in message, message
    if algorithm in (DPGRID, BUDGET):
        assert "The budget stays spent" in message, message
    else:
        assert "Nothing was written" in message or "none was kept" in message, message
    assert written_files(disk) == [] and written_files(outputs) == []


def test_a_large_ptable_on_a_small_disk_leaves_no_truncated_csv(
        run, tmp_path, feedback, small_disk, lenient_room):
    parameters, outputs = parameters_for(PTABLE, None, tmp_path)
    disk = small_disk("48k")
    message = refused(run, PTABLE, dict(moved(parameters, disk), D=40, V=200.0), feedback,
                      tmp_path / "inputs")
    assert str(disk / "ptable.csv") in message or f"The disk of {disk} filled up" in message, \
        message
    assert written_files(disk) == []


def test_a_run_leaves_no_hidden_folder_and_removes_those_of_dead_runs(run, tmp_path, feedback):
    parameters, outputs = parameters_for(JOIN, None, tmp_path)
    finished = subprocess.Popen(["true"])
    finished.wait()
    stale = outputs / f".0123abcd.{finished.pid}.partial"
    stale.mkdir()
    (stale / "join.gpkg").write_bytes(b"partial")
    run(JOIN, parameters, feedback)
    assert sorted(path.name for path in outputs.iterdir() if path.name.startswith(".")) == []
    assert {"join.gpkg", "targets.gpkg", "chart.html", "report.html"} <= set(written_files(outputs))
    assert any(stale.name in str(line) for line in feedback.messages), feedback.messages


def test_a_failed_gate_whose_evidence_cannot_be_kept_says_both(
        run, tmp_path, feedback, small_disk, lenient_room):
    from test_bad_input_matrix import counts
    parameters, outputs = parameters_for(KGATE, None, tmp_path)
    disk = small_disk("48k")
    parameters = dict(moved(parameters, disk), INPUT=counts(((3, "published"), (15, "published"))))
    message = refused(run, KGATE, parameters, feedback, tmp_path / "inputs")
    assert message.startswith("k-anonymity gate FAILED") and str(disk / "failed.gpkg") in message, \
        message
    assert written_files(disk) == []


def test_the_log_and_the_results_name_the_outputs_where_they_go(run, tmp_path, feedback):
    parameters, outputs = parameters_for(GRID, None, tmp_path)
    result = run(GRID, parameters, feedback)
    assert result["OUTPUT"] == str(outputs / "grid.gpkg")
    assert any(f"written to {outputs / 'grid.gpkg'} in bulk" in str(line)
               for line in feedback.messages), feedback.messages
    assert not any(".partial" in str(line) for line in feedback.messages), feedback.messages
