"""Benchmarks (``make bench`` → ``bench/results.json``): the speed that bots and simulations live on.

Per game, on one core: random playouts per second (bots choose from ``legal_ids`` and apply unchecked,
as search playouts do), applied actions per second, and ``clone()`` per second on mid-game states.
Optional sections come from the bot and RL packages when they are installed.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

from nastolka.engine import Game, Rng, all_games, get

#: the player count each game is benchmarked at (the figure its issue asks for)
BENCH_PLAYERS = {"colt_express": 4}


def _playout(game: Game, players: int, seed: int) -> tuple[int, list[Any]]:
    """One random game; returns its action count and a few mid-game states for the clone benchmark."""
    state = game.new(players, seed=seed)
    rng = Rng(seed ^ 0x5EED)
    snapshots: list[Any] = []
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_ids(seat)
        state.apply_unchecked(seat, legal[rng.randbelow(len(legal))])
        if state.step % 25 == 0 and len(snapshots) < 4:
            snapshots.append(state.clone())
    return state.step, snapshots


def bench_game(game: Game, seconds: float = 2.0, players: int | None = None) -> dict[str, Any]:
    players = players or BENCH_PLAYERS.get(game.id, max(2, game.min_players))
    games = actions = 0
    snapshots: list[Any] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        n, snaps = _playout(game, players, games)
        games += 1
        actions += n
        snapshots.extend(snaps[:1])
    elapsed = time.perf_counter() - start
    clones = 0
    pool = snapshots[:50] or [game.new(players, seed=1)]
    clone_start = time.perf_counter()
    while time.perf_counter() - clone_start < min(1.0, seconds / 2):
        for s in pool:
            s.clone()
        clones += len(pool)
    clone_elapsed = time.perf_counter() - clone_start
    return {
        "players": players,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "mean_actions": round(actions / games, 1),
        "clones_per_second": round(clones / clone_elapsed, 1),
        "clone_microseconds": round(clone_elapsed / clones * 1e6, 2),
    }


#: an extra benchmark section: ``section(game_id, seconds) -> JSON-ready figures``
Section = Callable[[str, float], Any]


def _optional_sections(game_id: str, seconds: float, sections: Mapping[str, Section]) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    for name, section in sections.items():
        try:
            extra[name] = section(game_id, seconds)
        except Exception as exc:  # a broken optional section is reported, not fatal
            extra[name] = {"error": f"{type(exc).__name__}: {exc}"}
    return extra


def run(game_ids: list[str] | None = None, seconds: float = 2.0, extras: bool = True,
        sections: Mapping[str, Section] | None = None) -> dict[str, Any]:
    """Figures per game; with ``extras`` also the bots section and any ``sections`` a client adds (the
    CLI adds the RL environments' section: this service layer does not import the RL adapters)."""
    games = [get(g) for g in game_ids] if game_ids else all_games()
    results: dict[str, Any] = {}
    extra_sections: dict[str, Section] = {}
    if extras:
        from nastolka.bots.bench import bench_bots

        extra_sections = {"bots": bench_bots, **(sections or {})}
    for game in games:
        entry = bench_game(game, seconds)
        if extras:
            entry.update(_optional_sections(game.id, seconds, extra_sections))
        results[game.id] = entry
    results["_machine"] = machine()
    return results


def machine() -> dict[str, Any]:
    """Where the figures were measured: they only compare across commits on the same kind of machine."""
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
        "date": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def _rates(data: Any, prefix: str = "") -> dict[str, float]:
    """Every ``*_per_second`` figure in a results tree, by dotted path (``talespin.bots.ismcts_…``)."""
    out: dict[str, float] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            path = f"{prefix}.{key}" if prefix else str(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and key.endswith("_per_second"):
                out[path] = float(value)
            elif isinstance(value, dict) and not str(key).startswith("_"):
                out.update(_rates(value, path))
    return out


def compare(current: dict[str, Any], baseline: dict[str, Any], tolerance: float = 0.15) -> list[dict[str, Any]]:
    """Each speed figure of ``current`` against the committed ``baseline`` (higher is better).

    A row's ``status`` is ``slower`` when the figure fell by more than ``tolerance`` (a fraction), ``faster``
    when it rose by more, else ``same``; figures missing on one side are ``new`` or ``gone``. Why a
    tolerance: on a shared machine the same code varies by ±10 %; a report, not a timed test, decides.
    """
    now, before = _rates(current), _rates(baseline)
    rows: list[dict[str, Any]] = []
    for path in sorted(set(now) | set(before)):
        if path not in before or path not in now:
            rows.append({"figure": path, "before": before.get(path), "now": now.get(path),
                         "change": None, "status": "new" if path not in before else "gone"})
            continue
        change = now[path] / before[path] - 1 if before[path] else 0.0
        status = "slower" if change < -tolerance else "faster" if change > tolerance else "same"
        rows.append({"figure": path, "before": before[path], "now": now[path], "change": round(change, 3),
                     "status": status})
    return rows
