"""`make check` (scripts/check_package.py) finds what the plugin repository would refuse: each
tool is shown a file it must flag, and a clean file it must pass; CI runs the check on the
real zip before the tests."""

import sqlite3
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import check_package  # noqa: E402

CLEAN = '"""A module."""\n\n\ndef twice(value):\n    return 2 * value\n'
# Each of these is what one tool exists to catch (the values are made up).
FLAGGED = {
    "bandit": 'def count(connection, table):\n'
              '    return connection.execute("SELECT count(*) FROM %s" % table)\n',
    "detect-secrets": 'AWS_KEY = "AKIAIOSFODNN7EXAMPLE"\n'  # pragma: allowlist secret
                      'PASSWORD = "hunter2-correct-horse-battery-staple"\n',  # pragma: allowlist secret
    "flake8-qgis": "from PyQt5.QtCore import QVariant\n\nVALUE = QVariant()\n",
}


def plugin_zip(folder, modules):
    archive = Path(folder) / "plugin.zip"
    with zipfile.ZipFile(archive, "w") as opened:
        opened.writestr("spatial_privacy/__init__.py", '"""Plugin."""\n')
        for name, source in modules.items():
            opened.writestr(f"spatial_privacy/{name}.py", source)
    return archive


@pytest.fixture(scope="module")
def tools_installed():
    for module in ("bandit", "detect_secrets", "flake8_qgis"):
        pytest.importorskip(module, reason="the check's tools come from requirements-test.txt")


def test_a_clean_plugin_passes_every_check(tools_installed, tmp_path):
    archive = plugin_zip(tmp_path, {"module": CLEAN})
    assert check_package.check(archive) == {name: [] for name in check_package.CHECKS}
    assert check_package.main(archive) == 0


def test_each_tool_flags_what_the_repository_refuses(tools_installed, tmp_path):
    """One module per tool, each holding what that tool exists to catch: every tool flags its
    own module (and the check fails), none reports that it did not run."""
    archive = plugin_zip(tmp_path, {tool.replace("-", "_"): source
                                    for tool, source in FLAGGED.items()})
    findings = check_package.check(archive)
    for tool in FLAGGED:
        assert findings[tool], (tool, findings)
        assert all(tool.replace("-", "_") + ".py" in line for line in findings[tool]), findings
    assert check_package.main(archive) == 1


def test_a_module_bandit_cannot_read_fails_the_check(tools_installed, tmp_path):
    """Bandit skips a file it cannot parse and says so only in its report's errors: that is a
    finding, not a pass."""
    (tmp_path / "broken.py").write_text("def f(:\n    pass\n")
    assert [line for line in check_package.bandit(tmp_path) if "not scanned" in line]


def test_ci_checks_the_package_before_the_tests():
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert "make check" in lines and lines.index("make check") < lines.index("make test")
    makefile = (ROOT / "Makefile").read_text()
    assert "\ncheck: " in makefile and "scripts/check_package.py" in makefile
    requirements = (ROOT / "requirements-test.txt").read_text()
    for tool in ("bandit", "detect-secrets", "flake8-qgis"):
        assert tool in requirements


def test_sqlite_statements_quote_every_name():
    """Names go into SQL only in SQLite's quoting; a name with quotes and SQL in it stays a
    name, and the statements the bulk writer builds from it run."""
    sqlite_bulk = load_sqlite_bulk()
    name = 'trips"; DROP TABLE keep; --'
    assert sqlite_bulk.statement("SELECT {columns} FROM {table}", columns=["a", ("s", 'b"')],
                                 table=("source", name)) == \
        'SELECT "a", "s"."b""" FROM "source"."trips""; DROP TABLE keep; --"'
    connection = sqlite3.connect(":memory:")
    connection.execute("CREATE TABLE keep (x)")
    connection.execute(sqlite_bulk.statement("CREATE TABLE {table} ({columns})", table=name,
                                             columns=["per\"son'id", "n"]))
    sqlite_bulk.multi_row_insert(connection, name, ["per\"son'id", "n"], [[1, 2, 3], [5, 5, 5]])
    assert connection.execute(sqlite_bulk.statement("SELECT * FROM {table}", table=name)
                              ).fetchall() == [(1, 5), (2, 5), (3, 5)]
    assert connection.execute("SELECT count(*) FROM keep").fetchone() == (0,)


def load_sqlite_bulk():
    """processing_provider/io/sqlite_bulk.py alone (plain sqlite3 and numpy, no QGIS)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "sqlite_bulk", ROOT / "processing_provider" / "io" / "sqlite_bulk.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
