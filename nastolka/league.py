"""The bot league: every entrant against every other on shared deals, seats rotating, forfeits reported.

Why it is built this way:

* **Round-robin on shared deals.** Every group of ``players`` entrants (all combinations) plays the same
  ``deals`` deal seeds, each deal once per seat rotation (the arena's :func:`~nastolka.arena.seating`), so
  every entrant meets the same cards in the same seats and the luck of the deal cancels out of the table.
* **Each entrant in its own worker process** (:mod:`nastolka.league_sandbox`) with a time limit per move
  and a memory cap: a bot that raises, hangs, runs out of memory or answers with an illegal move
  **forfeits that game** (it ranks last, every other seat shares the win) and the forfeit is reported; the
  league goes on, and a killed worker is restarted for the next game.
* **Ratings** are the arena's openskill (Plackett–Luce) ratings (:func:`~nastolka.arena.update_ratings`),
  updated in game order, with a 95 % interval ``μ ± 1.96 σ``; win rates carry Wilson intervals
  (:func:`~nastolka.arena.wilson`); per-pair figures count, in the games two entrants shared, how often
  one finished ahead of the other (a tie counts a half).
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nastolka.arena import Z95, ArenaError, ArenaGame, load_ratings, seating, update_ratings, wilson
from nastolka.engine import get

from .league_sandbox import Entrant, Forfeit, Sandbox

LEAGUE_FORMAT = "nastolka-league/1"


@dataclass
class LeagueGame(ArenaGame):
    forfeit: dict[str, Any] | None = None   # {"seat", "entrant", "kind", "detail"} when a bot lost by forfeit


def read_entrants(path: str | Path) -> list[Entrant]:
    """Entrants from a text file: one per line, ``label = spec`` or just ``spec``; ``#`` starts a comment.

    ``spec`` is one of our bot names (``normal``), a policy (``policy:FILE``) or a submitted bot
    ``module:Class``. Labels must differ (they name rows of the leaderboard).
    """
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ArenaError(f"cannot read the entrants file {path}: {exc}") from None
    out: list[Entrant] = []
    for line in lines:
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        label, sep, spec = text.partition("=")
        label, spec = (label.strip(), spec.strip()) if sep else (text, text)
        if not label or not spec:
            raise ArenaError(f"{path}: cannot read the entrant line {line!r} (label = spec)")
        out.append(Entrant(label, spec))
    labels = [e.label for e in out]
    if len(set(labels)) != len(labels):
        raise ArenaError(f"{path}: two entrants share a label; give each its own (label = spec)")
    return out


def schedule(entrants: int, players: int, deals: int, seed: int) -> list[tuple[int, int, list[int]]]:
    """(game index, deal seed, entrant at each seat) for every game of the round-robin."""
    games = []
    index = 0
    for group in itertools.combinations(range(entrants), players):
        for deal in range(deals):
            for rotation in range(players):
                games.append((index, seed + deal, [group[e] for e in seating(rotation, players)]))
                index += 1
    return games


@dataclass
class League:
    game: str
    players: int
    entrants: list[Entrant]
    options: dict[str, Any]
    seed: int
    deals: int
    move_seconds: float
    memory_mb: int | None
    games: list[LeagueGame] = field(default_factory=list)
    ratings: dict[str, dict[str, Any]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def labels(self) -> list[str]:
        return [e.label for e in self.entrants]

    def summary(self) -> dict[str, Any]:
        """The JSON contract of ``nastolka league --json`` (and what the HTML leaderboard shows)."""
        done = [g for g in self.games if g.error is None]
        n_e = len(self.entrants)
        wins = [0.0] * n_e
        played = [0] * n_e
        forfeits = [0] * n_e
        ahead = [[0.0] * n_e for _ in range(n_e)]
        met = [[0] * n_e for _ in range(n_e)]
        for g in done:
            for seat, e in enumerate(g.entries):
                played[e] += 1
                if seat in g.winners:
                    wins[e] += 1.0 / len(g.winners)
                for other_seat, o in enumerate(g.entries):
                    if o == e:
                        continue
                    met[e][o] += 1
                    mine, theirs = g.ranks[seat], g.ranks[other_seat]
                    ahead[e][o] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            if g.forfeit is not None:
                forfeits[g.forfeit["entrant"]] += 1
        rows: list[dict[str, Any]] = []
        for e, entrant in enumerate(self.entrants):
            r = self.ratings.get(entrant.label, {})
            mu, sigma = r.get("mu"), float(r.get("sigma") or 0.0)
            lo, hi = wilson(wins[e], played[e])
            rows.append({
                "entrant": e, "label": entrant.label, "spec": entrant.spec, "submitted": entrant.submitted,
                "games": played[e], "wins": round(wins[e], 3),
                "win_rate": round(wins[e] / played[e], 4) if played[e] else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)], "forfeits": forfeits[e],
                "rating": None if mu is None else {
                    "mu": mu, "sigma": sigma, "ordinal": r.get("ordinal"),
                    "interval95": [round(mu - Z95 * sigma, 3), round(mu + Z95 * sigma, 3)]},
            })
        rows.sort(key=lambda row: -(row["rating"]["ordinal"] if row["rating"] else float("-inf")))
        pairs = [[None if a == b or not met[a][b] else {"games": met[a][b], "ahead": round(ahead[a][b], 3),
                                                         "rate": round(ahead[a][b] / met[a][b], 4)}
                  for b in range(n_e)] for a in range(n_e)]
        return {
            "format": LEAGUE_FORMAT, "game": self.game, "players": self.players, "seed": self.seed,
            "deals": self.deals, "move_seconds": self.move_seconds, "memory_mb": self.memory_mb,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "entrants": [{"label": e.label, "spec": e.spec} for e in self.entrants],
            "games": len(self.games), "finished": len(done), "errors": len(self.games) - len(done),
            "error_messages": sorted({g.error for g in self.games if g.error})[:10],
            "leaderboard": rows, "pairs": pairs,
            "forfeits": [dict(g.forfeit, game=g.index, deal_seed=g.deal_seed,
                              label=self.entrants[g.forfeit["entrant"]].label)
                         for g in self.games if g.forfeit is not None],
            "seconds": round(self.seconds, 3),
        }


def _forfeit_result(players: int, seat: int) -> tuple[list[int], list[int]]:
    """Winners and ranks when ``seat`` forfeits: it ranks last, every other seat shares first place."""
    winners = [s for s in range(players) if s != seat]
    return winners, [players if s == seat else 1 for s in range(players)]


def play_game(league: League, sandboxes: Sequence[Sandbox], index: int, deal_seed: int, entries: list[int],
              max_steps: int = 100_000) -> LeagueGame:
    """One game of the league: ask each seat's worker in turn; the first failure forfeits the game."""
    out = LeagueGame(index=index, deal_seed=deal_seed, entries=entries)
    started = time.perf_counter()
    game = get(league.game)
    p = league.players
    seat = 0
    try:
        state = game.new(p, league.options, seed=deal_seed)
        for seat, e in enumerate(entries):
            sandboxes[e].new_game(game.id, p, league.options, deal_seed, deal_seed * 7919 + index * 31 + seat)
        log: list[tuple[int, str]] = []
        while not state.is_over and len(log) < max_steps:
            seat = state.to_act[0]
            aid = sandboxes[entries[seat]].choose(log, seat, league.move_seconds)
            if aid not in state.legal_ids(seat):
                raise Forfeit("illegal", aid[:80])
            state.apply_unchecked(seat, aid)
            log.append((seat, aid))
        if not state.is_over:
            out.error = f"game {index} (seed {deal_seed}): not over after {max_steps} actions"
        else:
            result = state.result()
            out.scores, out.winners, out.ranks = list(result.scores), list(result.winners), list(result.ranks)
        out.actions = len(log)
    except Forfeit as exc:
        out.winners, out.ranks = _forfeit_result(p, seat)
        out.scores = [0.0] * p
        out.forfeit = {"seat": seat, "entrant": entries[seat], "kind": exc.kind, "detail": exc.detail}
    out.seconds = time.perf_counter() - started
    return out


def run_league(game_id: str, players: int, entrants: Sequence[Entrant], *, deals: int = 2, seed: int = 0,
               options: dict[str, Any] | None = None, move_seconds: float = 1.0, memory_mb: int | None = 1024,
               paths: Sequence[str] = (), ratings_path: str | None = None,
               progress: Callable[[int], None] | None = None) -> League:
    """Play the whole round-robin; ``paths`` are the folders submitted bots are imported from."""
    game = get(game_id)
    game.check_players(players)
    if len(entrants) < players:
        raise ArenaError(f"a {players}-player league needs at least {players} entrants, got {len(entrants)}")
    if deals < 1 or move_seconds <= 0:
        raise ArenaError("--deals must be at least 1 and the move limit positive")
    opts = game.options.validate(options)
    game.new(players, opts, seed=seed)    # options this count refuses fail before any worker starts
    league = League(game.id, players, list(entrants), opts, seed, deals, move_seconds, memory_mb)
    memory = memory_mb * 1024 * 1024 if memory_mb else None
    sandboxes = [Sandbox(e, paths, memory) for e in entrants]
    started = time.perf_counter()
    try:
        for index, deal_seed, entries in schedule(len(entrants), players, deals, seed):
            league.games.append(play_game(league, sandboxes, index, deal_seed, entries))
            if progress is not None:
                progress(1)
    finally:
        for box in sandboxes:
            box.close()
    league.seconds = time.perf_counter() - started
    data = load_ratings(ratings_path) if ratings_path else {"format": "nastolka-ratings/1",
                                                            "model": "openskill.PlackettLuce", "tables": {}}
    table = f"league:{game.id}/{players}p"
    league.ratings = update_ratings(data, table, league.games, league.labels)
    if ratings_path:
        Path(ratings_path).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return league
