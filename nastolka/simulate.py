"""Batch simulation: many seeded games between named bots, in one process, several, or on a Ray cluster.

Game ``i`` uses seed ``seed + i`` and bots seeded from it, so any single game of a batch can be rerun
alone, and the whole batch gives the same numbers whatever ``jobs`` or ``cluster`` is (the runner,
``nastolka.runner``, is shared with the arena).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nastolka.bots import make_bot
from nastolka.bots.base import check_seat_bot, family_of
from nastolka.engine import NastolkaError, get, record_of
from nastolka.match import run_match
from nastolka.runner import Played, RunInfo, run_batch


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
    run: RunInfo = field(default_factory=RunInfo)

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
            "run": self.run.to_json(),
        }


def _play_one(args: tuple[str, int, Sequence[str], dict[str, Any], int, int, bool]) -> Played:
    game_id, players, bot_names, options, seed, index, keep_record = args
    outcome = GameOutcome(index=index, seed=seed)
    name = text = None
    try:
        game = get(game_id)
        agents = [make_bot(game, name, seed * 1_000 + seat) for seat, name in enumerate(bot_names)]
        state = run_match(game, agents, options=options, seed=seed, checked=False)
        result = state.result()
        outcome.actions = state.step
        outcome.winners = result.winners
        outcome.scores = result.scores
        if keep_record:
            name, text = f"{game_id}-{seed}.json", record_of(state, seats=list(bot_names)).dumps() + "\n"
    except Exception as exc:  # a crash in one game is counted and reported, not fatal to the batch
        outcome.error = f"seed {seed}: {type(exc).__name__}: {exc}"
    return Played(outcome, name, text)


def policy_prepare(names: Sequence[str]) -> Any:
    """Ship the trained policies among ``names`` to the workers (None when there are none)."""
    families = {id(f): f for f in map(family_of, names) if f is not None}
    if not families:
        return None
    prepared = [f.call("prepare", names) for f in families.values()]
    return prepared[0] if len(prepared) == 1 else prepared


def simulate(game_id: str, players: int, bots: Sequence[str], count: int, *, seed: int = 0,
             options: dict[str, Any] | None = None, jobs: int = 1, records_dir: str | None = None,
             progress: Callable[[int], None] | None = None, cluster: str | None = None,
             notice: Callable[[str], None] | None = None, chunk_size: int | None = None) -> Batch:
    """Play ``count`` games; ``cluster`` (a Ray address or ``auto``) runs them on a Ray cluster.

    Records (``records_dir``) are written on this machine, whichever worker played the game.
    """
    game = get(game_id)
    game.check_players(players)
    opts = game.options.validate(options)
    if len(bots) == 1:
        bots = list(bots) * players
    if len(bots) != players:
        raise NastolkaError(f"--bots names {len(bots)} bots for {players} players (give one, or one per seat)")
    for name in sorted(set(bots)):
        check_seat_bot(game, name, players, opts)  # fail fast on an unknown bot or a policy of another table
    game.new(players, opts, seed=seed)  # fail fast on options the game rejects for this player count
    batch = Batch(game_id, players, list(bots), opts, seed)
    tasks = [(game_id, players, list(bots), opts, seed + i, i, records_dir is not None) for i in range(count)]
    batch.outcomes, batch.run = run_batch(_play_one, tasks, jobs=jobs, cluster=cluster, records_dir=records_dir,
                                          progress=progress, notice=notice, chunk_size=chunk_size,
                                          games=[game.id], prepare=policy_prepare(bots))
    batch.seconds = batch.run.seconds
    return batch
