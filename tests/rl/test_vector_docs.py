"""The training example of docs/rl.md (the block after ``<!-- vector-example -->``) runs as written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_vector_training_example_runs_and_learns_something() -> None:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(r"<!-- vector-example -->\n```python\n(.*?)^```", text, re.S | re.M)
    assert match, "docs/rl.md lost its vector example"
    code = match.group(1)
    assert len(code.splitlines()) <= 25
    # its own interpreter, one BLAS thread: on a loaded machine OpenBLAS's spinning threads cost 30x
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    games, rate = re.fullmatch(r"(\d+) games, win rate of the last 200: (\d+)%\n", done.stdout).groups()
    assert int(games) >= 200 and 0 <= int(rate) <= 100
