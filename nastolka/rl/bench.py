"""Environment throughput: PettingZoo steps per second with observation building included.

Why through the AEC environment and not the engine? Researchers pay for the whole loop: ``last()``
encodes the view and the mask, ``step()`` maps the index and applies it. Measuring that loop is what
tells them how many samples a CPU core yields. ``nastolka bench`` calls :func:`bench_env`.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np


def bench_env(game_id: str, seconds: float = 2.0, players: int | None = None, seed: int = 0,
              options: dict[str, Any] | None = None, cpu: bool = False) -> dict[str, Any]:
    """Play uniformly random legal actions through the AEC env for about ``seconds``.

    A "step" is one ``env.step`` of a live agent preceded by its ``env.last()`` (observation and mask
    built); the finishing ``step(None)`` calls of terminated agents are not counted. ``cpu``: seconds of
    process CPU time (what ``make bench`` reports) instead of wall-clock time.
    """
    clock = time.process_time if cpu else time.perf_counter
    import warnings

    from .pettingzoo import env as make_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = make_env(game_id, players=players, options=options)
    rng = np.random.default_rng(seed)
    steps = episodes = 0
    e.reset(seed=seed)
    started = clock()
    deadline = started + seconds
    while True:
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            if not e.agents:
                episodes += 1
                if clock() >= deadline:
                    break
                e.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if steps % 64 == 0 and clock() >= deadline + 5 * seconds:
            break  # a very long game: stop mid-episode rather than overrun
    elapsed = clock() - started
    sp = e.spec_
    return {"game": game_id, "players": sp.players, "steps": steps, "episodes": episodes,
            "seconds": round(elapsed, 3), "steps_per_second": round(steps / elapsed, 1) if elapsed else 0.0,
            "mean_episode_length": round(steps / episodes, 1) if episodes else None,
            "observation_size": sp.encoder.size, "encoder": sp.encoder.name,
            "action_space": sp.actions.size, "action_source": sp.actions.source}


if __name__ == "__main__":  # python -m nastolka.rl.bench [seconds]
    import json
    import sys

    from nastolka.engine import all_games

    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    for g in all_games():
        for n in range(g.min_players, g.max_players + 1):
            print(json.dumps(bench_env(g.id, secs, players=n), ensure_ascii=False))


def bench_vector(game_id: str, players: int = 2, num_envs: int = 256, seconds: float = 2.0,
                 opponents: str | None = None) -> dict[str, Any]:
    """Steps per CPU second of :class:`~nastolka.rl.vector.VectorEnv` with random legal actions.

    Every step writes ``num_envs`` observations and masks; the random choice is made from the masks with
    numpy (uniform over the legal indices), so the figure is the environment's, not the sampler's.
    """
    import numpy as np

    from .vector import VectorEnv

    vec = VectorEnv(game_id, players, num_envs, opponents=opponents, seed=0, copy=False)
    rng = np.random.default_rng(0)
    _, info = vec.reset()
    mask = info["action_mask"]
    steps = batches = 0
    start = time.process_time()
    while True:
        actions = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
        _, _, term, trunc, info = vec.step(actions)
        mask = info["action_mask"]
        steps += num_envs
        batches += 1
        spent = time.process_time() - start
        if spent >= seconds and batches >= 3:
            break
    return {"game": game_id, "players": players, "num_envs": num_envs, "steps": steps,
            "cpu_seconds": round(spent, 3), "steps_per_second": round(steps / spent, 1),
            "observation_size": vec.spec_.encoder.size, "action_space": vec.spec_.actions.size}
