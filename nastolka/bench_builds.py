"""``make bench``: every figure for both builds (compiled and pure), and instructions per game by cachegrind.

Why both builds in one run: on a shared machine seconds drift from minute to minute, so the ratio of two
builds measured minutes apart means more than either figure alone; and cachegrind's instruction counts
(``valgrind --tool=cachegrind``) do not depend on the load at all, which makes the Colt Express
4-player playout count the figure to compare across commits.

Each build runs in its own interpreter (``NASTOLKA_PURE=1`` for the pure one) with ``--single``, which
prints one build's figures as JSON: per game and player count random games/s, actions/s and clone/s;
at Colt Express 4p determinize + random rollout per second and ISMCTS iterations per second (random
rollouts); ISMCTS iterations per second for every game at its benchmark player count; and RL environment
steps per second at 2 players (the batched ``VectorEnv`` of 256 games and the PettingZoo adapter).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from typing import Any

from nastolka import native
from nastolka.bench import compare, machine

#: (game, players) whose random playouts are measured
PLAYOUTS = (("colt_express", 2), ("colt_express", 4), ("colt_express", 6), ("show_battle", 2),
            ("talespin", 2))
#: (game, players) whose ISMCTS iterations per second are measured
SEARCHES = (("colt_express", 4), ("show_battle", 2), ("talespin", 2))
CACHEGRIND_GAMES = 40


def _random_playout(state: Any, rng: Any) -> int:
    """Uniformly random moves to the end (``engine.playout``: compiled, through ``legal_count`` and
    ``play_index``, no ids, no events); the same games as choosing from ``legal_ids`` with ``rng``."""
    from nastolka.engine.playout import random_playout

    return random_playout(state, rng)


def _mid_game_positions(game_id: str, players: int, count: int = 8) -> list[Any]:
    from nastolka.engine import Rng, get

    out = []
    for seed in range(count):
        state = get(game_id).new(players, seed=1000 + seed)
        rng = Rng(seed)
        trail = []
        while not state.is_over:
            trail.append(state.clone())
            seat = state.to_act[0]
            legal = state.legal_ids(seat)
            state.apply_unchecked(seat, legal[rng.randbelow(len(legal))])
        out.append(trail[len(trail) // 3])
    return out


def _rate(fn: Any, seconds: float) -> tuple[float, int]:
    """Calls of ``fn`` per second of process CPU time (steadier than wall-clock on a shared machine)."""
    n = 0
    start = time.process_time()
    while True:
        fn(n)
        n += 1
        spent = time.process_time() - start
        if spent >= seconds and n >= 3:
            return n / spent, n


def measure(seconds: float) -> dict[str, Any]:
    """One build's figures (the build this interpreter runs)."""
    from nastolka.bots.ismcts import IsmctsConfig, search
    from nastolka.engine import Rng, get

    out: dict[str, Any] = {"build": native.build_info(), "games": {}}
    for game_id, players in PLAYOUTS:
        game = get(game_id)
        actions = [0]

        def playout(i: int, game: Any = game, players: int = players, actions: list[int] = actions) -> None:
            actions[0] += _random_playout(game.new(players, seed=i), Rng(i ^ 0x5EED))

        rate, n = _rate(playout, seconds)
        pool = _mid_game_positions(game_id, players, 4)

        def clone(i: int, pool: list[Any] = pool) -> None:
            for s in pool:
                s.clone()

        clone_rate, _ = _rate(clone, seconds / 4)
        out["games"][f"{game_id}/{players}p"] = {
            "games": n, "games_per_second": round(rate, 1),
            "actions_per_second": round(rate * actions[0] / n, 1), "mean_actions": round(actions[0] / n, 1),
            "clones_per_second": round(clone_rate * len(pool), 1)}

    positions = _mid_game_positions("colt_express", 4)

    def det_rollout(i: int) -> None:
        state = positions[i % len(positions)]
        _random_playout(state.determinize(state.to_act[0], Rng(i)), Rng(i ^ 0xABC))

    rate, n = _rate(det_rollout, seconds)
    out["colt_express_4p_determinize_rollout_per_second"] = round(rate, 1)

    def clone_mid_game(i: int) -> None:
        for s in positions:
            s.clone()

    rate, n = _rate(clone_mid_game, seconds / 2)
    out["colt_express_4p_clones_per_second"] = round(rate * len(positions), 1)

    ismcts: dict[str, float] = {}
    for game_id, players in SEARCHES:
        iterations, spent = 0, 0.0
        for k, state in enumerate(_mid_game_positions(game_id, players, 3)):
            budget = 200
            while True:     # a fixed number of iterations, timed in CPU seconds (the search's own clock is wall time)
                start = time.process_time()
                result = search(state, state.to_act[0], IsmctsConfig(iterations=budget, seconds=None), seed=k)
                took = time.process_time() - start
                if took >= seconds / 3 or budget >= 1 << 20:
                    break
                budget *= 4
            iterations += result.iterations
            spent += took
        ismcts[f"{game_id}/{players}p"] = round(iterations / max(spent, 1e-9), 1)
    out["ismcts_iterations_per_second"] = ismcts
    out["rl_steps"] = _rl_steps(seconds)
    return out


#: games whose RL environments are measured (2 players), and the batch size of the vector env
RL_GAMES = ("colt_express", "show_battle", "talespin")
RL_BATCH = 256


def _rl_steps(seconds: float) -> dict[str, Any]:
    """Environment steps per CPU second with observations and masks, random legal actions: the batched
    env (``nastolka.rl.vector``, 256 games, all seats learning and one learner against ``random``) and
    the PettingZoo adapter one game at a time (the figure the batched env is measured against)."""
    try:
        from nastolka.rl.bench import bench_env, bench_vector
    except ImportError as exc:   # the RL extra is not installed
        return {"error": f"{type(exc).__name__}: {exc}"}
    out: dict[str, Any] = {}
    for game_id in RL_GAMES:
        vec = bench_vector(game_id, 2, RL_BATCH, seconds)
        single = bench_vector(game_id, 2, RL_BATCH, seconds, opponents="random")
        aec = bench_env(game_id, seconds, players=2, cpu=True)
        out[f"{game_id}/2p"] = {"vector_steps_per_second": vec["steps_per_second"],
                                "vector_single_learner_steps_per_second": single["steps_per_second"],
                                "pettingzoo_steps_per_second": aec["steps_per_second"]}
    return out


def _playouts_only(games: int) -> None:
    """The cachegrind workload: ``games`` seeded random Colt Express 4-player games (0: imports only)."""
    from nastolka.engine import Rng, get

    game = get("colt_express")
    game.new(4, seed=0)          # warm every lazy import and cache outside the measured difference
    for seed in range(games):
        _random_playout(game.new(4, seed=seed), Rng(seed ^ 0x5EED))


def _run_single(pure: bool, seconds: float) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    proc = subprocess.run([sys.executable, "-m", "nastolka.bench_builds", "--single", "--seconds", str(seconds)],
                          env=env, capture_output=True, text=True, check=False)
    if proc.returncode:
        return {"error": proc.stderr[-2000:]}
    return dict(json.loads(proc.stdout))


def _instructions(pure: bool, games: int) -> int | None:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           sys.executable, "-m", "nastolka.bench_builds", "--playouts", str(games)],
                          env=env, capture_output=True, text=True, check=False)
    match = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    return int(match.group(1).replace(",", "")) if match else None


def cachegrind() -> dict[str, Any]:
    """Instructions per Colt Express 4-player random game: (run of N games − run of 0 games) / N."""
    if shutil.which("valgrind") is None:
        return {"error": "valgrind is not installed (apt-get install valgrind)"}
    out: dict[str, Any] = {"games": CACHEGRIND_GAMES}
    for build, pure in (("compiled", False), ("pure", True)):
        base, full = _instructions(pure, 0), _instructions(pure, CACHEGRIND_GAMES)
        out[build] = None if base is None or full is None else round((full - base) / CACHEGRIND_GAMES)
    if out.get("compiled") and out.get("pure"):
        out["pure_over_compiled"] = round(out["pure"] / out["compiled"], 2)
    return out


def _ratios(compiled: dict[str, Any], pure: dict[str, Any]) -> dict[str, Any]:
    """compiled / pure for every figure both builds report."""
    def walk(a: Any, b: Any) -> Any:
        if isinstance(a, dict) and isinstance(b, dict):
            return {k: r for k in a if k in b and (r := walk(a[k], b[k])) is not None}
        if isinstance(a, int | float) and isinstance(b, int | float) and b and not isinstance(a, bool):
            return round(a / b, 2)
        return None

    keep = {k: v for k, v in compiled.items() if k != "build"}
    return dict(walk(keep, pure) or {})


def run(seconds: float) -> dict[str, Any]:
    results: dict[str, Any] = {"seconds_per_figure": seconds, "builds": {}}
    for build, pure in (("compiled", False), ("pure", True)):
        results["builds"][build] = _run_single(pure, seconds)
    compiled, pure_ = results["builds"]["compiled"], results["builds"]["pure"]
    if "error" not in compiled and "error" not in pure_:
        results["compiled_over_pure"] = _ratios(compiled, pure_)
    results["cachegrind_colt_express_4p_instructions_per_game"] = cachegrind()
    results["_machine"] = {
        **machine(),
        "note": "rates are per second of process CPU time on one core; the machine may be shared",
    }
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--out", help="write the JSON here (default: print it)")
    parser.add_argument("--single", action="store_true", help="measure this interpreter's build only")
    parser.add_argument("--playouts", type=int, help="play N Colt Express 4p games and exit (cachegrind)")
    parser.add_argument("--compare", help="report each speed figure against this earlier results file")
    parser.add_argument("--tolerance", type=float, default=0.15, help="a change within this fraction is 'same'")
    args = parser.parse_args(argv)
    if args.playouts is not None:
        _playouts_only(args.playouts)
        return
    # the baseline is read before measuring: --out may name the same file (make bench rewrites it)
    baseline = _read_baseline(args.compare) if args.compare else None
    data = measure(args.seconds) if args.single else run(args.seconds)
    text = json.dumps(data, indent=1, ensure_ascii=False)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        print(f"wrote {args.out}")
    else:
        print(text)
    if baseline is not None:
        _report(compare(data, baseline, args.tolerance), args.compare, args.tolerance)


def _read_baseline(path: str) -> dict[str, Any] | None:
    """The earlier figures, or None (said) when there are none yet: the first run has nothing to compare."""
    try:
        with open(path, encoding="utf-8") as f:
            loaded: dict[str, Any] = json.load(f)
            return loaded
    except (OSError, ValueError) as exc:
        print(f"no baseline to compare with ({path}: {exc})")
        return None


def _report(rows: list[dict[str, Any]], path: str, tolerance: float) -> None:
    """One line a figure, then the figures that fell by more than the tolerance (a report, not a test)."""
    print(f"against {path} (within ±{tolerance:.0%} is 'same'):")
    for row in rows:
        change = "" if row["change"] is None else f"{row['change']:+.1%}"
        print(f"  {row['status']:>6}  {row['figure']}: {row['before']} → {row['now']} {change}")
    slower = [r["figure"] for r in rows if r["status"] == "slower"]
    print(f"{len(slower)} figure(s) slower by more than {tolerance:.0%}" + (": " + ", ".join(slower) if slower else ""))


if __name__ == "__main__":
    main()
