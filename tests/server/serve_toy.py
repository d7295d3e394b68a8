"""Run a real server process for the crash and scale-out tests, with the toy game registered.

Usage: python serve_toy.py PORT DB_URL [REDIS_URL] [BOT_DELAY]
(``NASTOLKA_TEST_SETTINGS``: JSON of further ``Settings`` fields; ``NASTOLKA_TEST_GAMES``: comma-separated
test game packages under ``tests/`` to register as plug-ins, e.g. ``stones``; ``NASTOLKA_TEST_CLOCK``: a
file whose number of seconds is added to the accounts' clock, so a test moves time instead of sleeping)
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from toy_game import TOY  # noqa: E402

from nastolka.engine import registry  # noqa: E402
from nastolka.server import Settings, create_app  # noqa: E402
from nastolka.server.ops import logs, run_server  # noqa: E402
from nastolka.server.serving import uvicorn_options  # noqa: E402


def file_clock(path: Path) -> Callable[[], float]:
    def now() -> float:
        text = path.read_text().strip() if path.exists() else ""
        return time.time() + (float(text) if text else 0.0)
    return now


def main() -> None:
    port, db = int(sys.argv[1]), sys.argv[2]
    redis = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] != "-" else None
    delay = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
    registry._GAMES[TOY.id] = TOY
    for name in filter(None, os.environ.get("NASTOLKA_TEST_GAMES", "").split(",")):
        importlib.import_module(name).register()   # a plug-in game registers itself
    extra = json.loads(os.environ.get("NASTOLKA_TEST_SETTINGS") or "{}")   # a test's own limits
    settings = Settings(**{"db_url": db, "redis_url": redis, "bot_delay": delay, "min_clock": 1, **extra})
    app = create_app(settings)
    clock_file = os.environ.get("NASTOLKA_TEST_CLOCK")
    if clock_file:   # the test moves the accounts' clock: seconds to add to the wall clock, in a file
        app.state.accounts.clock = file_clock(Path(clock_file))
    level = os.environ.get("NASTOLKA_TEST_LOG_LEVEL", "warning")   # the log tests read info lines
    logs.setup(level, "json")
    host = os.environ.get("NASTOLKA_TEST_HOST", "127.0.0.1")
    run_server(app, host, port, log_level=level, ws_per_message_deflate=False,   # SIGTERM drains
               **uvicorn_options(settings))


if __name__ == "__main__":
    main()
