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
