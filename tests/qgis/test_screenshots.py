"""make screenshots: the real QGIS window under Xvfb, the plugin installed from its zip."""

import shutil
import subprocess
import sys

import pytest
from qgis.PyQt.QtGui import QImage

VIEWS = ("toolbox", "sweep_dialog", "styled_grid", "model_halts_at_gate", "join_report",
         "dp_grid", "zone_risk_map", "census_map", "comparison_chart", "cancelled_sweep")


def distinct_colours(image, step=3):
    return len({image.pixel(x, y) for x in range(0, image.width(), step)
                for y in range(0, image.height(), step)})


def test_the_screenshots_script_writes_a_picture_of_every_view(qgis_app, repo_root, tmp_path):
    for tool in ("xvfb-run", "qgis"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (run make deps)")
    completed = subprocess.run([sys.executable, str(repo_root / "scripts" / "screenshots.py"),
                                str(tmp_path)], capture_output=True, text=True, timeout=480)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(f"{view}.png" for view in VIEWS)
    for view in VIEWS:
        image = QImage(str(tmp_path / f"{view}.png"))
        assert image.width() >= 400 and image.height() >= 250, view
        # A blank or black grab has one or two colours; text, icons and a map have hundreds.
        assert distinct_colours(image) > 40, view
