"""Bot speed for ``nastolka bench``: ISMCTS iterations per second on one core, time per move per level.

Measured on positions from a seeded random game (start, early and middle), at the player count the main
benchmark uses, so that the figures compare across commits. Levels run at their real budgets: the point
is to show that ``hard`` and ``expert`` answer within 0.5 s and 2 s.
"""

from __future__ import annotations

import time
from typing import Any

from nastolka.engine import GameState, Rng, get

from .base import make_bot
from .ismcts import IsmctsConfig, search

LEVELS = ("random", "easy", "normal", "hard", "expert")


def _positions(game_id: str, players: int) -> list[GameState]:
    """Decision points of one seeded random game: the first with a real choice at or after the start,
    a quarter and half of the game's length."""
    game = get(game_id)
    trail: list[GameState] = []
    state = game.new(players, seed=7)
    rng = Rng(7)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_ids(seat)
        trail.append(state.clone())
        state.apply_unchecked(seat, legal[rng.randbelow(len(legal))])
    out: list[GameState] = []
    for mark in (0, len(trail) // 4, len(trail) // 2):
        for candidate in trail[mark:]:
            if len(candidate.legal_ids(candidate.to_act[0])) > 1:
                out.append(candidate)
                break
    return out or [game.new(players, seed=7)]


def bench_bots(game_id: str, seconds: float = 2.0, players: int | None = None) -> dict[str, Any]:
    """``{"ismcts_iterations_per_second", "move_seconds": {level: mean}, …}`` for one game."""
    from nastolka.bench import BENCH_PLAYERS

    game = get(game_id)
    players = players or BENCH_PLAYERS.get(game_id, max(2, game.min_players))
    positions = _positions(game_id, players)
    out: dict[str, Any] = {"players": players, "positions": len(positions)}
    for rollout in ("random", "heuristic") if "heuristic" in game.bots else ("random",):
        iterations = 0
        spent = 0.0
        share = max(0.05, seconds / 2 / len(positions))
        for k, state in enumerate(positions):
            config = IsmctsConfig(seconds=share, rollout=rollout, epsilon=0.1 if rollout == "heuristic" else 0)
            result = search(state, state.to_act[0], config, seed=k)
            iterations += result.iterations
            spent += result.seconds
        key = "ismcts_iterations_per_second" if rollout == "random" else \
            "ismcts_heuristic_rollout_iterations_per_second"
        out[key] = round(iterations / max(spent, 1e-9), 1)
    means: dict[str, float] = {}
    worst: dict[str, float] = {}
    for level in LEVELS:
        times = []
        for k, state in enumerate(positions):
            bot = make_bot(game, level, seed=k)
            seat = state.to_act[0]
            start = time.perf_counter()
            bot.choose(state.clone(), seat)
            times.append(time.perf_counter() - start)
            if level in ("hard", "expert") and sum(times) > seconds:
                break
        means[level] = round(sum(times) / len(times), 4)
        worst[level] = round(max(times), 4)
    out["move_seconds"] = means
    out["move_seconds_max"] = worst
    return out
