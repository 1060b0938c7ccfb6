"""make test runs the suite on every core (pytest-xdist) and lists the slowest tests; the
PostGIS tests, which share one server, stay together on one worker."""

import importlib
import re
from pathlib import Path

import pg_server

ROOT = Path(__file__).resolve().parents[2]
POSTGIS_MODULES = sorted(path.stem for path in Path(__file__).parent.glob("test_*.py")
                         if re.search(r"^from pg_server import", path.read_text(encoding="utf-8"),
                                      re.M))


def test_make_test_runs_on_every_core_and_lists_the_slowest_ten():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    target = makefile[makefile.index("\ntest: "):makefile.index("\ntest-debian13:")]
    for option in ("-n $(TEST_WORKERS)", "--dist loadgroup", "--durations=10",
                   # A crashed worker ends the run: replaced, the run hung under loadgroup.
                   "--max-worker-restart=0", "--timeout="):
        assert option in target, option
    assert "TEST_WORKERS ?= auto" in makefile


def test_every_postgis_test_module_is_recognised_and_no_other():
    assert len(POSTGIS_MODULES) >= 5
    for name in POSTGIS_MODULES:
        assert pg_server.used_by(importlib.import_module(name)), name
    # The negative control: a module that writes GeoPackages, not PostGIS tables.
    assert not pg_server.used_by(importlib.import_module("test_bulk_write"))


def test_postgis_tests_carry_the_one_group(request, pytestconfig):
    if not pytestconfig.pluginmanager.hasplugin("xdist"):
        return
    own = request.node.get_closest_marker("xdist_group")
    assert own is None  # this module talks to no server: any worker will do
    for item in request.session.items:
        if Path(str(item.path)).stem in POSTGIS_MODULES:
            assert item.get_closest_marker("xdist_group").args == ("postgis",), item.nodeid
