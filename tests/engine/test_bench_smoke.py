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
