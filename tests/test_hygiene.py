"""The source tree holds no test state: it lives under build/ (see tests/conftest.py)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import storage_directory

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"


def test_hypothesis_keeps_its_examples_under_build():
    assert Path(storage_directory()).resolve().is_relative_to(BUILD)
    database = settings().database
    if os.environ.get("CI"):
        assert database is None  # CI replays fixed seeds and keeps no examples at all
    else:
        assert Path(database.path).resolve().is_relative_to(BUILD)


def test_no_test_state_is_tracked():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    tracked = subprocess.run(["git", "ls-files", "--", ".hypothesis", ".qgis-settings",
                              ".pytest_cache"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert tracked == []


def test_qgis_settings_are_outside_the_tree_when_run_by_make():
    path = os.environ.get("QGIS_CUSTOM_CONFIG_PATH")
    if path is None or not os.environ.get("MAKELEVEL"):
        pytest.skip("only make test loads tests/state_outside_tree.py")
    resolved = Path(path).resolve()
    assert resolved.is_relative_to(BUILD) or not resolved.is_relative_to(ROOT)
