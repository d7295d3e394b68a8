"""Train a small policy on «Шоу-Битва» (2 players) against the random bot, with numpy only, on a CPU.

    .venv/bin/python examples/train_show_battle.py [--iterations 60] [--batch 64] [--seed 0]

What it shows: the Gymnasium wrapper (:class:`nastolka.rl.gym.NastolkaGymEnv`) gives a masked discrete
action space and fixed-size observations; a plain REINFORCE learner (one hidden layer, softmax over the
legal actions only, running-mean baseline, Adam) is enough to beat the random bot clearly within a few
minutes. The learner plays a random seat each episode. Every few iterations it prints the win rate of
the greedy policy over fresh evaluation games, with a 95% confidence interval, so the rise is visible.
"""

from __future__ import annotations

import argparse
import math
import time
import warnings

import numpy as np

from nastolka.rl.gym import NastolkaGymEnv


class Policy:
    """``logits = W2 · tanh(W1 · x + b1) + b2``, masked to the legal actions."""

    def __init__(self, n_in: int, n_out: int, hidden: int, rng: np.random.Generator) -> None:
        self.params = {
            "W1": rng.normal(0, 1 / math.sqrt(n_in), (hidden, n_in)).astype(np.float64),
            "b1": np.zeros(hidden),
            "W2": rng.normal(0, 0.01, (n_out, hidden)),
            "b2": np.zeros(n_out),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = self.params
        h = np.tanh(p["W1"] @ x + p["b1"])
        logits = p["W2"] @ h + p["b2"]
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max()
        probs = np.exp(logits)
        probs /= probs.sum()
        return probs, h

    def grads(self, episodes: list[list[tuple[np.ndarray, np.ndarray, int]]],
              advantages: list[float]) -> dict[str, np.ndarray]:
        """Gradient of the mean of ``advantage · log π(a|x)`` over every step of every episode."""
        g = {k: np.zeros_like(v) for k, v in self.params.items()}
        steps = 0
        for episode, adv in zip(episodes, advantages, strict=True):
            for x, mask, a in episode:
                probs, h = self.forward(x, mask)
                dlogits = -probs
                dlogits[a] += 1.0
                dlogits *= adv
                g["W2"] += np.outer(dlogits, h)
                g["b2"] += dlogits
                dh = (self.params["W2"].T @ dlogits) * (1 - h * h)
                g["W1"] += np.outer(dh, x)
                g["b1"] += dh
                steps += 1
        return {k: v / max(1, steps) for k, v in g.items()}

    def ascend(self, g: dict[str, np.ndarray], lr: float) -> None:
        """Adam, as gradient ascent on the expected return."""
        self.t += 1
        for k, grad in g.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * grad
            self.v[k] = 0.999 * self.v[k] + 0.001 * grad * grad
            mhat = self.m[k] / (1 - 0.9**self.t)
            vhat = self.v[k] / (1 - 0.999**self.t)
            self.params[k] += lr * mhat / (np.sqrt(vhat) + 1e-8)


def play(env: NastolkaGymEnv, policy: Policy, rng: np.random.Generator, seed: int,
         greedy: bool) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    obs, _ = env.reset(seed=seed)
    trace: list[tuple[np.ndarray, np.ndarray, int]] = []
    while True:
        x = obs["observation"].astype(np.float64)
        mask = obs["action_mask"]
        probs, _ = policy.forward(x, mask)
        a = int(np.argmax(probs)) if greedy else int(rng.choice(len(probs), p=probs))
        trace.append((x, mask.copy(), a))
        obs, reward, terminated, truncated, _ = env.step(a)
        if terminated or truncated:
            return (1.0 if reward > 0 else 0.0), trace  # a shared victory (reward 0) is not a win


def win_rate(env: NastolkaGymEnv, policy: Policy, games: int, seed: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    wins = sum(play(env, policy, rng, 10_000_000 + seed + i, greedy=True)[0] for i in range(games))
    p = wins / games
    return p, 1.96 * math.sqrt(p * (1 - p) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--batch", type=int, default=64, help="episodes per policy update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--eval-games", type=int, default=300)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = NastolkaGymEnv("show_battle", 2, opponents="random", learner_seat=None)
    rng = np.random.default_rng(args.seed)
    obs_size = env.observation_space["observation"].shape[0]
    policy = Policy(obs_size, int(env.action_space.n), args.hidden, rng)
    print(f"«Шоу-Битва», 2 players, learner vs random; observation {obs_size} "
          f"({env.spec_.encoder.name}), {env.action_space.n} actions")
    started = time.perf_counter()
    p, ci = win_rate(env, policy, args.eval_games, 0)
    print(f"iteration   0: greedy win rate {p:.3f} ± {ci:.3f}   ({time.perf_counter() - started:5.0f} s)")
    baseline = 0.0
    episode_seed = 0
    for it in range(1, args.iterations + 1):
        episodes, returns = [], []
        for _ in range(args.batch):
            won, trace = play(env, policy, rng, episode_seed, greedy=False)
            episode_seed += 1
            episodes.append(trace)
            returns.append(2 * won - 1)
        baseline = 0.9 * baseline + 0.1 * float(np.mean(returns))
        policy.ascend(policy.grads(episodes, [r - baseline for r in returns]), args.lr)
        if it % args.eval_every == 0 or it == args.iterations:
            p, ci = win_rate(env, policy, args.eval_games, it)
            print(f"iteration {it:3d}: greedy win rate {p:.3f} ± {ci:.3f}   "
                  f"(training {np.mean(returns) / 2 + 0.5:.2f}; {time.perf_counter() - started:5.0f} s)")


if __name__ == "__main__":
    main()
