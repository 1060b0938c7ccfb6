"""Source rules that keep the plugin loadable on QGIS 3.22 to 4.x and in the plugin repository."""

import re
import sys
from configparser import ConfigParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PLUGIN_SOURCES = [ROOT / "__init__.py", ROOT / "__about__.py", ROOT / "plugin.py",
                  *sorted((ROOT / "processing_provider").rglob("*.py")),
                  *sorted((ROOT / "spatial_privacy_plugin").rglob("*.py"))]
# Qt/QGIS classes whose enum values must be reached through their enum (scoped).
ENUM_OWNERS = r"(?:Qgs\w+|Qgis|Qt|QVariant|QMetaType|QgsWkbTypes)"
UNSCOPED = re.compile(rf"\b{ENUM_OWNERS}\.([A-Z]\w*)\b(?!\s*[.(])")


def code_lines(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        code = line.split("#", 1)[0]
        code = re.sub(r"(\"[^\"]*\"|'[^']*')", "''", code)  # ignore string contents
        yield number, code


def findings(pattern):
    return [f"{path.relative_to(ROOT)}:{number}: {code.strip()}"
            for path in PLUGIN_SOURCES for number, code in code_lines(path) if pattern.search(code)]


def test_no_pyqt5_imports():
    assert findings(re.compile(r"\b(from|import)\s+PyQt[56]\b")) == []


def test_no_exec_underscore():
    assert findings(re.compile(r"\.exec_\(")) == []


def test_no_eval_exec_or_stdlib_random():
    assert findings(re.compile(r"(?<![\w.])(eval|exec)\(")) == []
    assert findings(re.compile(r"^\s*(import random\b|from random import)")) == []


def test_no_unscoped_enums():
    hits = findings(UNSCOPED)
    assert hits == [], "use scoped enums, e.g. QgsWkbTypes.Type.Polygon:\n" + "\n".join(hits)


def test_the_scanner_catches_unscoped_enums():
    assert UNSCOPED.search("sink = QgsWkbTypes.Polygon")
    assert UNSCOPED.search("flag = QgsFeatureSink.FastInsert")
    assert not UNSCOPED.search("QgsWkbTypes.Type.Polygon")
    assert not UNSCOPED.search("QgsGeometry.fromRect(rect)")


def test_metadata_is_complete_and_consistent():
    metadata = ConfigParser(interpolation=None)
    metadata.read(ROOT / "metadata.txt", encoding="utf-8")
    general = metadata["general"]
    for key in ("name", "qgisMinimumVersion", "qgisMaximumVersion", "description", "about",
                "version", "author", "email", "tracker", "repository", "homepage", "tags",
                "category", "icon", "changelog", "hasProcessingProvider"):
        assert general.get(key), key
    # Dropped as obsolete (issue 35): qgisMaximumVersion 4.99 is what lists it in QGIS 4.
    assert "supportsQt6" not in general
    version = tuple(int(part) for part in general["qgisMinimumVersion"].split("."))
    maximum = tuple(int(part) for part in general["qgisMaximumVersion"].split("."))
    assert (3, 22) <= version <= maximum and maximum >= (4, 0)
    assert re.fullmatch(r"\d+\.\d+\.\d+", general["version"])
    assert general["hasProcessingProvider"] == "yes"
    assert (ROOT / general["icon"]).exists() and (ROOT / "LICENSE").exists()


def test_metadata_tells_what_the_plugin_does_now():
    """The plugin manager shows about and changelog: they name what this version ships, and the
    changelog starts with this version."""
    metadata = ConfigParser(interpolation=None)
    metadata.read(ROOT / "metadata.txt", encoding="utf-8")
    general = metadata["general"]
    assert general["version"] != "0.1.0"
    changelog = general["changelog"].strip()
    assert changelog.startswith(general["version"] + ":")
    current = changelog.splitlines()[0].lower()
    for shipped in ("cell key", "differentially private", "differencing", "postgis", "models"):
        assert shipped in general["about"].lower(), shipped
        assert shipped in current, shipped


def test_root_init_imports_nothing_heavy():
    source = (ROOT / "__init__.py").read_text(encoding="utf-8")
    assert "pandas" not in source and "scipy" not in source and "numpy" not in source


def test_translation_is_complete():
    sys.path.insert(0, str(ROOT / "scripts"))
    import update_translations
    assert update_translations.main(check=True) == 0
