"""The compiled and the pure build play the same games: thousands of seeded random games compared.

Both builds run at once in two fresh interpreters (``python -m nastolka.differential``), each hashing,
per game, player count and seed, every step's seats to act, legal ids, action and events, the views
(every seat's and the spectator's: after every step for the first ten seeds, at the end for all), the
history and the result. Any difference names the first games
that differ. ``NASTOLKA_DIFF_GAMES`` raises the number of seeds per player count (default 150: 1,950
games per build over the three games and every player count).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import nastolka
from nastolka import native

ROOT = Path(nastolka.__file__).parent.parent
GAMES = int(os.environ.get("NASTOLKA_DIFF_GAMES", "150"))
FULL = min(10, GAMES)


def _start(pure: bool) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    return subprocess.Popen([sys.executable, "-m", "nastolka.differential", "--games", str(GAMES),
                             "--full", str(FULL)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.xdist_group("differential")
def test_compiled_and_pure_builds_play_identical_games() -> None:
    procs = {"compiled": _start(pure=False), "pure": _start(pure=True)}
    out = {}
    for name, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=1800)
        assert proc.returncode == 0, f"{name} build failed:\n{stderr[-3000:]}"
        out[name] = json.loads(stdout)
    assert out["pure"]["build"]["mode"] == "pure"
    if (ROOT / "nastolka" / native.MANIFEST).exists():   # built: the other run must really be compiled
        assert out["compiled"]["build"]["mode"] == "compiled", out["compiled"]["build"]
        assert sorted(out["compiled"]["loaded_compiled"]) == sorted(native.COMPILED_MODULES)
    a, b = out["compiled"]["digests"], out["pure"]["digests"]
    assert len(a) == len(b) >= 13 * GAMES
    differ = [key for key in a if a[key] != b.get(key)]
    assert not differ, f"{len(differ)} games differ between the builds, first: {differ[:10]}"
