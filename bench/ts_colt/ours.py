"""Our compiled engine's random Colt Express games per second, the playout ``make bench`` measures
(``nastolka.bench_builds._random_playout``: uniform over legal moves), for the side-by-side run with the
TypeScript engine (``run.sh``). Prints one JSON line.

    python bench/ts_colt/ours.py PLAYERS SECONDS WARMUP_SECONDS
"""

from __future__ import annotations

import json
import sys
import time

from nastolka import native
from nastolka.bench_builds import _random_playout
from nastolka.engine import Game, Rng, get


def run(game: Game, players: int, seconds: float, seed0: int) -> tuple[int, float, float, int]:
    n = actions = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while True:
        seed = seed0 + n
        actions += _random_playout(game.new(players, seed=seed), Rng(seed ^ 0x5EED))
        n += 1
        if time.perf_counter() - wall0 >= seconds and n >= 3:
            return n, time.perf_counter() - wall0, time.process_time() - cpu0, actions


def main() -> None:
    players, seconds, warm = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    game = get("colt_express")
    run(game, players, warm, 1_000_000)   # warm-up on other seeds
    n, wall, cpu, actions = run(game, players, seconds, 0)
    print(json.dumps({"engine": "ours", "build": native.build_info()["mode"], "players": players, "games": n,
                      "games_per_cpu_s": round(n / cpu, 1), "games_per_wall_s": round(n / wall, 1),
                      "mean_actions": round(actions / n, 1)}))


if __name__ == "__main__":
    main()
