"""Batch simulation: many seeded games between named bots, optionally over several processes.

Game ``i`` uses seed ``seed + i`` and bots seeded from it, so any single game of a batch can be rerun
alone, and the whole batch gives the same numbers whatever ``jobs`` is.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nastolka.bots import make_bot
from nastolka.engine import NastolkaError, get, record_of
from nastolka.match import run_match


@dataclass
class GameOutcome:
    index: int
    seed: int
    actions: int = 0
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    error: str | None = None


@dataclass
class Batch:
    game: str
    players: int
    bots: list[str]
    options: dict[str, Any]
    seed: int
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        done = [o for o in self.outcomes if o.error is None]
        wins = [0.0] * self.players
        for o in done:
            for w in o.winners:
                wins[w] += 1.0 / len(o.winners)  # a shared victory is split
        actions = sum(o.actions for o in done)
        n = len(done)
        secs = max(self.seconds, 1e-9)
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "games": len(self.outcomes),
            "finished": n,
            "errors": len(self.outcomes) - n,
            "error_messages": sorted({o.error for o in self.outcomes if o.error})[:10],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(len(self.outcomes) / secs, 2),
            "actions_per_second": round(actions / secs, 1),
            "mean_actions": round(actions / n, 2) if n else 0.0,
            "wins_by_seat": [round(w, 2) for w in wins],
            "win_rate_by_seat": [round(w / n, 4) if n else 0.0 for w in wins],
            "mean_score_by_seat": [round(sum(o.scores[s] for o in done) / n, 3) if n else 0.0
                                   for s in range(self.players)],
        }


def _play_one(args: tuple[str, int, Sequence[str], dict[str, Any], int, int, str | None]) -> GameOutcome:
    game_id, players, bot_names, options, seed, index, records_dir = args
    outcome = GameOutcome(index=index, seed=seed)
    try:
        game = get(game_id)
        agents = [make_bot(game, name, seed * 1_000 + seat) for seat, name in enumerate(bot_names)]
        state = run_match(game, agents, options=options, seed=seed, checked=False)
        result = state.result()
        outcome.actions = state.step
        outcome.winners = result.winners
        outcome.scores = result.scores
        if records_dir is not None:
            record_of(state, seats=list(bot_names)).save(Path(records_dir) / f"{game_id}-{seed}.json")
    except Exception as exc:  # a crash in one game is counted and reported, not fatal to the batch
        outcome.error = f"seed {seed}: {type(exc).__name__}: {exc}"
    return outcome


def simulate(game_id: str, players: int, bots: Sequence[str], count: int, *, seed: int = 0,
             options: dict[str, Any] | None = None, jobs: int = 1, records_dir: str | None = None,
             progress: Callable[[int], None] | None = None) -> Batch:
    game = get(game_id)
    game.check_players(players)
    opts = game.options.validate(options)
    if len(bots) == 1:
        bots = list(bots) * players
    if len(bots) != players:
        raise NastolkaError(f"--bots names {len(bots)} bots for {players} players (give one, or one per seat)")
    for name in set(bots):
        make_bot(game, name, 0)  # fail fast on an unknown bot name
    game.new(players, opts, seed=seed)  # fail fast on options the game rejects for this player count
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    batch = Batch(game_id, players, list(bots), opts, seed)
    tasks = [(game_id, players, list(bots), opts, seed + i, i, records_dir) for i in range(count)]
    start = time.perf_counter()
    if jobs <= 1:
        for task in tasks:
            batch.outcomes.append(_play_one(task))
            if progress:
                progress(1)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for outcome in pool.map(_play_one, tasks, chunksize=max(1, count // (jobs * 8))):
                batch.outcomes.append(outcome)
                if progress:
                    progress(1)
    batch.seconds = time.perf_counter() - start
    return batch
