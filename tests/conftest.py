"""Shared test set-up: the repository importable as the plugin package QGIS would load.

The plugin uses relative imports, so tests import it under the name QGIS
installs it as (``spatial_privacy``) through a link in a temporary folder.
"""

import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir
from hypothesis.database import DirectoryBasedExampleDatabase

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_NAME = "spatial_privacy"
# Test state (hypothesis's examples, QGIS's settings) lives under build/, never in the tree.
TEST_STATE = ROOT / "build" / "test-state"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
set_hypothesis_home_dir(str(TEST_STATE / "hypothesis"))
# A loaded machine must not turn slow data generation into a failure; CI replays fixed seeds
# (and then keeps no example database: hypothesis refuses one beside derandomize).
IN_CI = bool(os.environ.get("CI"))
settings.register_profile("project", deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=IN_CI,
                          database=None if IN_CI else DirectoryBasedExampleDatabase(
                              str(TEST_STATE / "hypothesis" / "examples")))
settings.load_profile("project")


@pytest.fixture(scope="session")
def repo_root():
    return ROOT


@pytest.fixture(scope="session")
def plugin_package():
    """The repository imported as the package ``spatial_privacy``."""
    folder = Path(tempfile.mkdtemp(prefix="sp_plugins_"))
    (folder / PLUGIN_NAME).symlink_to(ROOT, target_is_directory=True)
    sys.path.insert(0, str(folder))
    import importlib
    return importlib.import_module(PLUGIN_NAME)


@pytest.fixture
def read_only():
    """``read_only(path)`` makes a file or folder unwritable for the rest of the test, for root
    too (root ignores file modes: the file is made immutable), and restores it afterwards."""
    import subprocess

    made = []

    def make(path):
        path = Path(path)
        if os.geteuid() == 0:
            done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
            if done.returncode:
                pytest.skip(f"cannot make {path} immutable here: {done.stderr.strip()}")
        else:
            path.chmod(path.stat().st_mode & ~0o222)
        made.append(path)
        return path

    yield make
    for path in reversed(made):
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(path.stat().st_mode | 0o200)


_SESSION = {}


def pytest_sessionfinish(session, exitstatus):
    _SESSION["exitstatus"] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """Leave without Python's interpreter teardown once pytest has reported.

    QGIS 3.22 can crash (SIGSEGV) while a standalone interpreter that ran it
    is torn down, after every test has passed and the summary is printed;
    the exit code must be pytest's, not the crash's. Under pytest-xdist each
    worker leaves this way too, after its session has sent the controller its
    results (execnet writes them to the pipe before the send returns).
    """
    if "exitstatus" in _SESSION and "qgis.core" in sys.modules:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_SESSION["exitstatus"])
