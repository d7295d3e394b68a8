"""The arena: bots play each other in rotating seats; win rates with confidence, ratings, balance report.

Why it is built this way:

* **Seats rotate in blocks on the same deal.** Game ``i`` belongs to block ``i // players`` and uses the
  block's deal seed; within a block entry ``e`` sits at seat ``(e + i) % players``. So every entry plays
  every seat equally often (when the count is a multiple of the player count), and — as in duplicate
  bridge — every entry plays every seat *of the same deal*, which removes most of the luck of the deal
  from the comparison.
* **Win rate** counts a shared victory as a share (``1/k`` for ``k`` winners); the 95% interval is
  Wilson's score interval, which stays inside [0, 1] and is honest for small counts and rates near 0 or 1.
* **Ratings** are openskill (Plackett–Luce) per game and player count, kept in a JSON file that each run
  reads and updates in game order (deterministic whatever ``jobs`` is). When one bot name fills several
  seats of a game, its seats are rated as separate players from the same prior and the updates averaged.
* **Games are independent tasks** (seeded from the arena seed and the game index), so ``jobs`` processes
  or a Ray cluster (``cluster=``) give exactly the same numbers as one: the runner (``nastolka.runner``)
  is the one ``simulate`` uses.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nastolka.bots import make_bot
from nastolka.bots.base import check_seat_bot
from nastolka.engine import Game, NastolkaError, get, record_of
from nastolka.match import run_match
from nastolka.runner import Played, RunInfo, run_batch
from nastolka.simulate import policy_prepare

RATINGS_FORMAT = "nastolka-ratings/1"
_SCALE_ENV = "NASTOLKA_BOT_TIME_SCALE"
Z95 = 1.959963984540054


class ArenaError(NastolkaError):
    """Bad arena input (bots, counts, a ratings file that is not ours)."""


# ------------------------------------------------------------------------------------------ maths
def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (``successes`` may be fractional: shared wins)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seating(index: int, players: int) -> list[int]:
    """Entry index at each seat for game ``index``: entry ``e`` sits at seat ``(e + index) % players``."""
    return [(seat - index) % players for seat in range(players)]


# ------------------------------------------------------------------------------------------ one game
@dataclass
class ArenaGame:
    index: int
    deal_seed: int
    entries: list[int]  # entry index at each seat
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    categories: dict[str, list[str]] = field(default_factory=dict)  # e.g. {"bandit": [per seat]}
    move_seconds: list[list[float]] = field(default_factory=list)  # per seat: [moves, total, worst]
    error: str | None = None


class _Timed:
    """Times a bot's answers, so that the arena can show every level keeps to its budget."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.moves = 0
        self.total = 0.0
        self.worst = 0.0

    def choose(self, state: Any, seat: int) -> str:
        start = time.perf_counter()
        aid = self.bot.choose(state, seat)
        spent = time.perf_counter() - start
        self.moves += 1
        self.total += spent
        self.worst = max(self.worst, spent)
        return str(aid)


#: words that mark a per-seat label worth a balance breakdown (a bandit, a character …)
_LABEL_WORDS = ("bandit", "character", "hero", "troupe", "role", "faction", "captain", "pilot")


def _per_seat_labels(data: Any, players: int) -> dict[str, list[str]]:
    """Per-seat labels (bandits, characters …) found in result details or a public view.

    Games do not declare them, so they are recognised by shape and name: a list with one string per seat
    under a key naming a character-like thing, or a list of per-seat objects with such a string field.
    """
    found: dict[str, list[str]] = {}
    if not isinstance(data, dict) or players < 2:
        return found
    for key, value in data.items():
        if not isinstance(value, list) or len(value) != players:
            continue
        if all(isinstance(v, str) for v in value) and any(w in key.lower() for w in _LABEL_WORDS):
            found[key] = list(value)
        elif all(isinstance(v, dict) for v in value):
            if all(isinstance(v.get("seat"), int) for v in value):
                value = sorted(value, key=lambda v: v["seat"])
            for sub in _LABEL_WORDS:
                if all(isinstance(v.get(sub), str) for v in value):
                    found[sub] = [v[sub] for v in value]
                    break
            else:
                if any(w in key.lower() for w in _LABEL_WORDS) and all(isinstance(v.get("id"), str)
                                                                       for v in value):
                    found[key.rstrip("s")] = [v["id"] for v in value]  # e.g. bandits[i].id -> "bandit"
    return found


def _play(task: tuple[str, int, list[str], dict[str, Any], int, int, list[int], dict[str, Any],
                      bool, int]) -> Played:
    game_id, players, names, options, deal_seed, index, entries, bot_kwargs, keep_record, max_steps = task
    out = ArenaGame(index=index, deal_seed=deal_seed, entries=entries)
    record_name = record_text = None
    started = time.perf_counter()
    try:
        game = get(game_id)
        agents = [_Timed(make_bot(game, names[entries[seat]], deal_seed * 7919 + index * 31 + seat,
                                  **bot_kwargs)) for seat in range(players)]
        state = game.new(players, options, seed=deal_seed)
        cats = _per_seat_labels(state.view(None), players)
        state = run_match(game, agents, state=state, checked=False, max_steps=max_steps)
        result = state.result()
        cats.update(_per_seat_labels(result.details, players))
        out.categories = cats
        out.scores = list(result.scores)
        out.winners = list(result.winners)
        out.ranks = list(result.ranks)
        out.actions = state.step
        out.move_seconds = [[a.moves, a.total, a.worst] for a in agents]
        if keep_record:
            seats = [names[e] for e in entries]
            record_name = f"{game_id}-{index:05d}-seed{deal_seed}.json"
            record_text = record_of(state, seats=seats, notes={"arena_index": index}).dumps() + "\n"
    except Exception as exc:  # one broken game is reported in the summary, not fatal to the run
        out.error = f"game {index} (seed {deal_seed}): {type(exc).__name__}: {exc}"
    out.seconds = time.perf_counter() - started
    return Played(out, record_name, record_text)


# ------------------------------------------------------------------------------------------ the run
@dataclass
class Arena:
    game: str
    players: int
    bots: list[str]
    options: dict[str, Any]
    seed: int
    games: list[ArenaGame] = field(default_factory=list)
    seconds: float = 0.0
    ratings: dict[str, dict[str, Any]] = field(default_factory=dict)
    ratings_file: str | None = None
    run: RunInfo = field(default_factory=RunInfo)

    def finished(self) -> list[ArenaGame]:
        return [g for g in self.games if g.error is None]

    def summary(self) -> dict[str, Any]:
        """The JSON contract of ``nastolka arena --json`` (see docs/bots.md)."""
        done = self.finished()
        n = len(done)
        p = self.players
        entries: list[dict[str, Any]] = []
        for e, name in enumerate(self.bots):
            wins = 0.0
            scores: list[float] = []
            ranks: list[int] = []
            by_seat = [[0.0, 0] for _ in range(p)]
            moves, spent, worst = 0, 0.0, 0.0
            for g in done:
                seat = g.entries.index(e)
                if g.move_seconds:
                    moves += int(g.move_seconds[seat][0])
                    spent += g.move_seconds[seat][1]
                    worst = max(worst, g.move_seconds[seat][2])
                share = 1.0 / len(g.winners) if seat in g.winners else 0.0
                wins += share
                scores.append(g.scores[seat])
                ranks.append(g.ranks[seat])
                by_seat[seat][0] += share
                by_seat[seat][1] += 1
            lo, hi = wilson(wins, n)
            entries.append({
                "entry": e, "bot": name, "games": n, "wins": round(wins, 3),
                "win_rate": round(wins / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
                "mean_score": round(sum(scores) / n, 3) if n else 0.0,
                "score_sd": round(_sd(scores), 3),
                "mean_rank": round(sum(ranks) / n, 3) if n else 0.0,
                "win_rate_by_seat": [round(w / c, 4) if c else None for w, c in by_seat],
                "mean_move_seconds": round(spent / moves, 4) if moves else 0.0,
                "max_move_seconds": round(worst, 4),
            })
        by_bot: dict[str, dict[str, Any]] = {}
        for row in entries:
            agg = by_bot.setdefault(row["bot"], {"bot": row["bot"], "seats_played": 0, "wins": 0.0,
                                                 "score_sum": 0.0})
            agg["seats_played"] += row["games"]
            agg["wins"] += row["wins"]
            agg["score_sum"] += row["mean_score"] * row["games"]
        for agg in by_bot.values():
            k = agg["seats_played"]
            lo, hi = wilson(agg["wins"], k)
            agg["wins"] = round(agg["wins"], 3)
            agg["win_rate"] = round(agg["wins"] / k, 4) if k else 0.0
            agg["ci95"] = [round(lo, 4), round(hi, 4)]
            agg["mean_score"] = round(agg.pop("score_sum") / k, 3) if k else 0.0
        seat_wins = [0.0] * p
        for g in done:
            for w in g.winners:
                seat_wins[w] += 1.0 / len(g.winners)
        lengths = [g.actions for g in done]
        return {
            "game": self.game,
            "players": p,
            "bots": list(self.bots),
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seed": self.seed,
            "games": len(self.games),
            "finished": n,
            "errors": len(self.games) - n,
            "error_messages": sorted({g.error for g in self.games if g.error})[:10],
            "seconds": round(self.seconds, 3),
            "entries": entries,
            "by_bot": sorted(by_bot.values(), key=lambda a: -a["win_rate"]),
            "win_rate_by_seat": [round(w / n, 4) if n else 0.0 for w in seat_wins],
            "ci95_by_seat": [[round(x, 4) for x in wilson(w, n)] for w in seat_wins],
            "categories": self.category_stats(),
            "mean_actions": round(sum(lengths) / n, 2) if n else 0.0,
            "mean_seconds_per_game": round(sum(g.seconds for g in done) / n, 3) if n else 0.0,
            "ratings": self.ratings,
            "ratings_file": self.ratings_file,
            "run": self.run.to_json(),
        }

    def category_stats(self) -> dict[str, dict[str, dict[str, Any]]]:
        """Win rate by per-seat label (bandit, character …) when the game's views or results name one."""
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for g in self.finished():
            for key, labels in g.categories.items():
                table = out.setdefault(key, {})
                for seat, label in enumerate(labels):
                    row = table.setdefault(label, {"seats_played": 0, "wins": 0.0})
                    row["seats_played"] += 1
                    if seat in g.winners:
                        row["wins"] += 1.0 / len(g.winners)
        for table in out.values():
            for row in table.values():
                k = row["seats_played"]
                row["win_rate"] = round(row["wins"] / k, 4)
                row["ci95"] = [round(x, 4) for x in wilson(row["wins"], k)]
                row["wins"] = round(row["wins"], 3)
        return out


def _sd(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


# ------------------------------------------------------------------------------------------ ratings
def load_ratings(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    if not p.exists():
        return {"format": RATINGS_FORMAT, "model": "openskill.PlackettLuce", "tables": {}}
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ArenaError(f"cannot read the ratings file {path}: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != RATINGS_FORMAT or not isinstance(
            data.get("tables"), dict):
        raise ArenaError(f"{path} is not a nastolka ratings file (format {RATINGS_FORMAT})")
    return data


def update_ratings(data: dict[str, Any], table: str, games: Sequence[ArenaGame],
                   names: Sequence[str]) -> dict[str, Any]:
    """Rate ``games`` in order into ``data['tables'][table]``; returns that table."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rows: dict[str, dict[str, Any]] = data["tables"].setdefault(table, {})
    for g in sorted(games, key=lambda g: g.index):
        if g.error is not None:
            continue
        seat_names = [names[e] for e in g.entries]
        teams = []
        for name in seat_names:
            row = rows.get(name)
            if row is None:
                rating = model.rating(name=name)
            else:
                rating = model.rating(mu=row["mu"], sigma=row["sigma"], name=name)
            teams.append([rating])
        new = model.rate(teams, ranks=list(g.ranks))
        collected: dict[str, list[Any]] = {}
        for name, team in zip(seat_names, new, strict=True):
            collected.setdefault(name, []).append(team[0])
        for name, ratings in collected.items():
            mu = sum(r.mu for r in ratings) / len(ratings)
            sigma = sum(r.sigma for r in ratings) / len(ratings)
            old = rows.get(name, {})
            rows[name] = {"mu": round(mu, 4), "sigma": round(sigma, 4),
                          "ordinal": round(mu - 3 * sigma, 4), "games": int(old.get("games", 0)) + 1}
    return rows


# ------------------------------------------------------------------------------------------ entry point
def run_arena(game_id: str, players: int, bots: Sequence[str], count: int, *, seed: int = 0,
              options: dict[str, Any] | None = None, jobs: int = 1, records_dir: str | None = None,
              ratings_path: str | None = None, bot_kwargs: dict[str, Any] | None = None,
              time_scale: float | None = None, progress: Callable[[int], None] | None = None,
              max_steps: int = 100_000, cluster: str | None = None,
              notice: Callable[[str], None] | None = None, chunk_size: int | None = None) -> Arena:
    """Play ``count`` games between ``bots`` (one name per seat) with rotating seats.

    ``time_scale`` multiplies the search bots' time budgets; it travels as ``NASTOLKA_BOT_TIME_SCALE`` (set
    for the run and restored) so that it reaches worker processes and no game's own bot factory has to
    accept an argument it does not know (the runner sets it in every worker, on a cluster too).
    ``cluster`` (a Ray address or ``auto``) plays the games on a Ray cluster; records are written here.
    """
    if time_scale is not None:
        if time_scale <= 0:
            raise ArenaError("the time scale must be positive")
        previous = os.environ.get(_SCALE_ENV)
        os.environ[_SCALE_ENV] = repr(float(time_scale))
        try:
            return run_arena(game_id, players, bots, count, seed=seed, options=options, jobs=jobs,
                             records_dir=records_dir, ratings_path=ratings_path, bot_kwargs=bot_kwargs,
                             progress=progress, max_steps=max_steps, cluster=cluster, notice=notice,
                             chunk_size=chunk_size)
        finally:
            if previous is None:
                os.environ.pop(_SCALE_ENV, None)
            else:
                os.environ[_SCALE_ENV] = previous
    game: Game = get(game_id)
    game.check_players(players)
    names = list(bots)
    if len(names) != players:
        raise ArenaError(f"--bots names {len(names)} bot(s) for {players} players: give one per seat")
    if count < 1:
        raise ArenaError("the number of games must be at least 1")
    if jobs < 1:
        raise ArenaError("--jobs must be at least 1")
    opts = game.options.validate(options)
    kwargs = dict(bot_kwargs or {})
    for name in sorted(set(names)):
        make_bot(game, name, 0, **kwargs)  # fail fast on an unknown bot
        check_seat_bot(game, name, players, opts)  # … or a trained policy of another table
    game.new(players, opts, seed=seed)  # fail fast (OptionError) on options the game rejects for this count
    ratings = load_ratings(ratings_path) if ratings_path else None
    tasks = [(game.id, players, names, opts, seed + i // players, i, seating(i, players), kwargs,
              records_dir is not None, max_steps) for i in range(count)]
    arena = Arena(game.id, players, names, opts, seed, ratings_file=ratings_path)
    env = {_SCALE_ENV: os.environ[_SCALE_ENV]} if _SCALE_ENV in os.environ else None
    arena.games, arena.run = run_batch(_play, tasks, jobs=jobs, cluster=cluster, records_dir=records_dir,
                                       progress=progress, notice=notice, env=env, chunk_size=chunk_size,
                                       games=[game.id], prepare=policy_prepare(names))
    arena.seconds = arena.run.seconds
    if ratings is not None and ratings_path is not None:
        table = f"{game.id}/{players}p"
        arena.ratings = update_ratings(ratings, table, arena.games, names)
        Path(ratings_path).write_text(json.dumps(ratings, ensure_ascii=False, indent=1) + "\n",
                                      encoding="utf-8")
    return arena
