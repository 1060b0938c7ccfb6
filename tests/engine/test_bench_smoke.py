"""The benchmark runs end to end on tiny sizes (its figures are not judged here)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_benchmark_smoke_run():
    completed = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--smoke"],
                               capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.count("\n| ") >= 6 and "ratio baseline/ours" in completed.stdout


def test_the_quick_bench_fails_a_protection_over_its_ceiling(monkeypatch, tmp_path, capsys):
    """The CI gate of issue 40, with a negative control: a protection that sleeps is over ten
    times its twin and fails; one as quick as its twin passes. Figures go to the JSON file."""
    import json
    import time

    sys.path.insert(0, str(ROOT / "bench"))
    import quick

    def sleeping():
        time.sleep(0.3)

    def instant():
        pass

    def as_quick():
        time.sleep(0.005)

    monkeypatch.setattr(quick, "cases", lambda n_trips: [
        ("slow protection", sleeping, as_quick, 3.0, True),
        ("reported only", sleeping, instant, None, False)])
    figures = tmp_path / "quick.json"
    assert quick.main(["--json", str(figures), "--repeat", "1"]) == 1
    rows = json.loads(figures.read_text(encoding="utf-8"))["rows"]
    assert [row["over_ceiling"] for row in rows] == [True, False]
    assert "bench-quick: 0 passed, 1 failed" in capsys.readouterr().out
    monkeypatch.setattr(quick, "cases", lambda n_trips: [
        ("fair protection", as_quick, as_quick, 3.0, True)])
    assert quick.main(["--json", str(figures), "--repeat", "1"]) == 0
