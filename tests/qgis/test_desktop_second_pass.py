"""What an analyst meets in the QGIS window (issue 36): a cancel that cancels, first runs that
work on defaults, the number of people carried from the grid to the gate, the tolerance."""

import threading
import time

import pytest
from conftest import RecordingFeedback
from layers import people_in_cells
from qgis.core import QgsProcessingException, QgsVectorLayer

SLOW_SIZES = "50,100,250,500,1000,2000,4000"
GRID_TOTAL_AND_PARENTS = 3


def test_a_cancelled_sweep_stops_within_two_seconds_and_logs_each_size(run, city_gpkg, tmp_path,
                                                                        monkeypatch):
    """The sample city at seven sizes under the grand total and parent cells runs for minutes;
    a cancel after a few seconds (from another thread, as the dialog's button) stops it."""
    monkeypatch.setenv("SPATIAL_PRIVACY_THREADS", "2")
    feedback = RecordingFeedback()
    progress = []
    feedback.progressChanged.connect(progress.append)
    cancel_after = 4.0
    timer = threading.Timer(cancel_after, feedback.cancel)
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(QgsProcessingException, match="Cancelled"):
            run("resolutionsweep", {"INPUT": city_gpkg, "PERSON_FIELD": "person_id", "RHO": 0.1,
                                    "RESOLUTIONS": SLOW_SIZES, "MARGINALS": GRID_TOTAL_AND_PARENTS,
                                    "OUTPUT": str(tmp_path / "sweep.gpkg")}, feedback)
    finally:
        timer.cancel()
    assert time.monotonic() - started < cancel_after + 2.0
    # Coarsest first: the quick sizes start, finish and say so before the cancel; a size still
    # being worked on says so.
    for size in ("4000", "2000", "1000"):
        assert f"{size} m: counting and protecting the cells…" in feedback.messages
        assert any(message.startswith(f"{size} m: done in") for message in feedback.messages)
    begun = sum(message.endswith("m: counting and protecting the cells…")
                for message in feedback.messages)
    assert begun > sum(" m: done in " in message for message in feedback.messages)
    assert not any(message.startswith("50 m: done") for message in feedback.messages)
    assert max(progress) > 50.0  # the bar moves past the read (the first of two steps)


CELLS = {(col, row): 1 + (3 * col + 5 * row) % 23 for col in range(8) for row in range(6)}
POLICY = 'rho = 0.1\ntolerance = 0.2\ncounting_unit = "person"\n'
CKM_POLICY = POLICY + 'method = "cell key"\nckm_min_d = 4\nckm_min_v = 2.5\nckm_min_js = 2\n'


@pytest.mark.parametrize("policy, noise", [(POLICY, "D = 3, V = 2, JS = 0"),
                                           (CKM_POLICY, "D = 4, V = 2.5, JS = 2")])
def test_the_cell_key_grid_runs_on_its_defaults(run, tmp_path, policy, noise):
    """Input, person field, key file and policy: the noise comes from the policy's minimums
    (or the plugin's defaults), said in the log, and the policy accepts it."""
    from spatial_privacy_plugin.noise.ptable import create_ptable

    (tmp_path / "policy.toml").write_text(policy)
    feedback = RecordingFeedback()
    result = run("cellkeygrid", {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id",
                                 "KEY_FILE": str(tmp_path / "programme.key"),
                                 "POLICY": str(tmp_path / "policy.toml"),
                                 "OUTPUT": "TEMPORARY_OUTPUT"}, feedback)
    assert result["OUTPUT"].featureCount() > 0
    assert any(noise in message for message in feedback.messages)
    d, v, js = (float(part.split(" = ")[1]) for part in noise.split(", "))
    assert result["PTABLE_HASH"] == create_ptable(int(d), v, int(js)).ptable_hash


def test_the_cell_key_grid_takes_the_policys_approved_ptable(run, tmp_path):
    from spatial_privacy_plugin.noise.ptable import create_ptable, write_ptable_csv

    approved = create_ptable(5, 3.0, 2)
    write_ptable_csv(approved, tmp_path / "approved.csv")
    (tmp_path / "policy.toml").write_text(CKM_POLICY + 'ptable = "approved.csv"\n')
    result = run("cellkeygrid", {"INPUT": people_in_cells(CELLS), "PERSON_FIELD": "person_id",
                                 "KEY_FILE": str(tmp_path / "programme.key"),
                                 "POLICY": str(tmp_path / "policy.toml"),
                                 "OUTPUT": "TEMPORARY_OUTPUT"})
    assert result["PTABLE_HASH"] == approved.ptable_hash
