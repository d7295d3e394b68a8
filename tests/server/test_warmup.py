"""The server loads every game's lazily loaded parts before it serves (nastolka/server/warmup.py): a
player's first move must not wait for a words file to be parsed or a text module to be imported."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from nastolka.engine import all_games
modules = {g.id: g.state_class.text_module for g in all_games() if g.state_class.text_module}
before = sorted(m for m in modules.values() if m in sys.modules)
from nastolka.server.warmup import warm_up
warm_up()
after = sorted(m for m in modules.values() if m in sys.modules)
print(json.dumps({"modules": sorted(modules.values()), "before": before, "after": after,
                  "bots": "nastolka.bots.levels" in sys.modules}))
"""


def test_warm_up_imports_every_games_text_and_bot_modules() -> None:
    """In a fresh interpreter (so nothing an earlier test imported counts): no text module is loaded
    before the warm-up, every one after it, and the bot levels too."""
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120)
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert len(found["modules"]) >= 3
    assert found["before"] == [], found
    assert found["after"] == found["modules"], found
    assert found["bots"]
