"""Our ``hard`` bot against OpenSpiel's ISMCTS at equal time per move, through the arena.

    .venv/bin/python examples/hard_vs_openspiel.py [--games 200] [--time-scale 0.1] [--game show_battle ...]

Both bots get ``0.5 s × time scale`` per move (``hard``'s budget; ``openspiel_ismcts`` defaults to the same),
seats alternate on the same deals (the arena's duplicate scheme), and win rates come with Wilson 95%
intervals. ``openspiel_ismcts`` is opt-in: importing :mod:`nastolka.rl.openspiel_bot` registers it.
"""

from __future__ import annotations

import argparse
import warnings

from nastolka.arena import run_arena
from nastolka.engine import all_games
from nastolka.rl import openspiel_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time-scale", type=float, default=0.1, help="1.0 = 0.5 s per move")
    parser.add_argument("--game", action="append", help="game id (repeatable; default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    openspiel_bot.register()
    warnings.simplefilter("ignore")
    games = args.game or [g.id for g in all_games() if g.min_players <= 2 <= g.max_players]
    print(f"hard vs openspiel_ismcts, 2 players, {0.5 * args.time_scale:.3f} s per move each")
    for game in games:
        arena = run_arena(game, 2, ["hard", "openspiel_ismcts"], args.games, seed=args.seed,
                          time_scale=args.time_scale)
        summary = arena.summary()
        for row in summary["by_bot"]:
            lo, hi = row["ci95"]
            print(f"{game:14s} {row['bot']:18s} {row['wins']:6.1f}/{summary['finished']} "
                  f"win rate {row['win_rate']:.3f}  95% CI [{lo:.3f}, {hi:.3f}]")
        if summary["errors"]:
            print(f"{game:14s} {summary['errors']} games failed: {summary['error_messages'][:3]}")


if __name__ == "__main__":
    main()
