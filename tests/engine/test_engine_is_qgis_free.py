"""The engine imports numpy, pandas and scipy only, never qgis or Qt."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "spatial_privacy_plugin"
ALLOWED_THIRD_PARTY = {"numpy", "pandas", "scipy"}
FORBIDDEN = {"qgis", "PyQt5", "PyQt6", "sip", "osgeo", "processing"}


def imported_roots(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_engine_never_imports_qgis_or_qt():
    offenders = {str(path.name): root for path in ENGINE.rglob("*.py")
                 for root in imported_roots(path) if root in FORBIDDEN}
    assert offenders == {}


def test_engine_third_party_imports_are_the_scientific_stack():
    import sys
    stdlib = set(sys.stdlib_module_names)
    roots = {root for path in ENGINE.rglob("*.py") for root in imported_roots(path)}
    assert roots - stdlib <= ALLOWED_THIRD_PARTY
    assert list(ENGINE.rglob("*.py"))
