"""Is the fast core's ``hard`` stronger than ``hard`` was before it? (issue 18: "re-measure bot strength").

``hard`` is ISMCTS with 0.5 s a move; what the compiled rules buy is more iterations in that half second.
The code from before the fast core cannot run in the same process as today's, so it is seated by what
decided its strength: the same search (same settings, same algorithm: the differential tests show the rules
unchanged) with the iterations it managed in 0.5 s. Both bots get a fixed *iteration* budget —
``--before-ips`` and ``--now-ips`` iterations per second, measured on the same machine in one run (see
docs/bots.md), times the 0.5 s budget — so the result does not depend on how loaded the shared machine is
while the games run, and the same seed gives the same games.

    python bench/strength_vs_before.py --game colt_express --players 2 --before-ips 1100 --now-ips 11000 \
        --games 200 --jobs 2 --out bench/strength_vs_before.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial
from typing import Any

from nastolka.arena import run_arena
from nastolka.bots.base import register_generic
from nastolka.bots.levels import BUDGETS, make_hard
from nastolka.engine import Game


def hard_with(iterations: int, name: str, game: Game, seed: int = 0, **kwargs: Any) -> Any:
    """``hard``'s settings for this game with a fixed iteration budget (no clock)."""
    bot = make_hard(game, seed, iterations=iterations)
    bot.name = name
    return bot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="colt_express")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--before-ips", type=float, required=True,
                        help="ISMCTS iterations/s of the code before the fast core (same machine)")
    parser.add_argument("--now-ips", type=float, required=True, help="ISMCTS iterations/s of today's code")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    budget = BUDGETS["hard"]
    before = max(1, round(args.before_ips * budget))
    now = max(1, round(args.now_ips * budget))
    register_generic("hard_before", partial(hard_with, before, "hard_before"))
    register_generic("hard_now", partial(hard_with, now, "hard_now"))
    bots = ["hard_now", "hard_before"] * (args.players // 2) + ["hard_before"] * (args.players % 2)
    started = time.perf_counter()
    arena = run_arena(args.game, args.players, bots, args.games, seed=args.seed, jobs=args.jobs)
    summary = arena.summary()
    now_row = next(row for row in summary["by_bot"] if row["bot"] == "hard_now")
    out = {
        "game": args.game, "players": args.players, "games": summary["finished"], "errors": summary["errors"],
        "seed": args.seed, "seconds_per_move_budget": budget,
        "iterations_per_move": {"hard_now": now, "hard_before": before},
        "ips": {"now": args.now_ips, "before": args.before_ips},
        "hard_now_win_rate": now_row["win_rate"], "hard_now_ci95": now_row["ci95"],
        "seats_played": now_row["seats_played"], "wall_seconds": round(time.perf_counter() - started, 1),
        "by_bot": summary["by_bot"],
    }
    text = json.dumps(out, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
