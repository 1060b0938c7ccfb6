"""What the QGIS plugin repository checks, run on the packaged zip: `make check`.

- Bandit: no finding of medium severity or above (a line that must build SQL text carries
  ``# nosec B608`` and, above it, the reason it is safe);
- detect-secrets: no finding;
- flake8-qgis: its QGIS rules (QGS1xx) and Qt6 rules (QGS4xx). Its experimental QGS2xx rules
  ("check the return value of a probable PyQGIS call") are left out: they flag every
  addParameter() and addOutput(), whose results no QGIS plugin checks.

The tools come from the test venv (requirements-test.txt). Usage:
python3 scripts/check_package.py [PLUGIN.zip]   (default build/spatial_privacy.zip)
Exits 1, naming each finding, when any tool finds anything.
"""

import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAKE8_QGIS_RULES = "QGS1,QGS4"


def run(command, folder):
    return subprocess.run([sys.executable, "-m", *command], cwd=folder, capture_output=True,
                          text=True)


def bandit(folder):
    completed = run(["bandit", "--recursive", "--severity-level", "medium", "--format", "json",
                     "--quiet", "."], folder)
    try:
        report = json.loads(completed.stdout)
        results, errors = report["results"], report["errors"]
    except (ValueError, KeyError):
        return [f"bandit did not run: {completed.stderr.strip()[-2000:]}"]
    # A file bandit could not read is a file nobody checked.
    return [f"{item['filename']}: not scanned: {item['reason']}" for item in errors] + \
        [f"{item['filename']}:{item['line_number']}: {item['test_id']} {item['issue_text']}"
         for item in results]


def detect_secrets(folder):
    completed = run(["detect_secrets", "scan", "--all-files", "."], folder)
    try:
        results = json.loads(completed.stdout)["results"]
    except (ValueError, KeyError):
        return [f"detect-secrets did not run: {completed.stderr.strip()[-2000:]}"]
    return [f"{name}:{item['line_number']}: {item['type']}"
            for name, items in sorted(results.items()) for item in items]


def flake8_qgis(folder):
    # Without the plugin, flake8 would select no rule and find nothing.
    if "flake8-qgis" not in run(["flake8", "--version"], folder).stdout:
        return ["flake8-qgis is not installed (pip install -r requirements-test.txt)"]
    completed = run(["flake8", f"--select={FLAKE8_QGIS_RULES}", "."], folder)
    if completed.returncode not in (0, 1):
        return [f"flake8 did not run: {completed.stderr.strip()[-2000:]}"]
    return completed.stdout.splitlines()


CHECKS = {"bandit": bandit, "detect-secrets": detect_secrets, "flake8-qgis": flake8_qgis}


def check(archive):
    """Findings per tool on the files of a plugin zip."""
    with tempfile.TemporaryDirectory(prefix="sp_check_") as folder:
        with zipfile.ZipFile(archive) as opened:
            opened.extractall(folder)
        return {name: tool(folder) for name, tool in CHECKS.items()}


def main(archive):
    findings = check(archive)
    for name, found in findings.items():
        print(f"{name}: {len(found)} finding(s)")
        for line in found:
            print(f"    {line}")
    return 1 if any(findings.values()) else 0


if __name__ == "__main__":
    default = ROOT / "build" / "spatial_privacy.zip"
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else default))
