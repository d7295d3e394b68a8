"""Training a policy with a well-kept RL library: sb3-contrib's MaskablePPO on the Gymnasium wrapper.

Why this shape:

* **MaskablePPO** (sb3-contrib) samples only legal actions: the environment's ``action_masks()`` is the
  engine's legal-id mask, so no step is wasted on illegal moves and no illegal-move penalty is needed.
* **Opponents are our bots** (``random``, ``normal`` …, any bot name, trained policies included), one
  name per parallel environment, cycled: ``--opponents random,normal`` trains half the games against each.
  The learner takes a random seat every episode, so the policy plays every seat.
* **Checkpoints** every ``checkpoint_every`` steps: the library's own ``.zip`` (to resume or inspect with
  SB3) and our policy file (``nastolka.rl.policy``: the policy network's weights as arrays), which is what
  ``--bots policy:PATH`` seats. The final ones are ``model.zip`` and ``policy.npz`` in the run folder, with
  ``train.json`` (settings, steps, wall time).
* **CPU build of PyTorch** (``torch==2.13.0``, the ``[train]`` extra): a small MLP does not need a GPU;
  ``threads`` keeps it from taking every core of a shared machine.

Import this module only with the ``[train]`` extra installed (``pip install 'nastolka[train]'``).
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from nastolka.engine import get

from .gym import NastolkaGymEnv
from .policy import save_policy
from .spec import RLSpec, make_spec


class MaskedSeatEnv(gymnasium.Wrapper):
    """The Gymnasium env with a flat observation and ``action_masks()``, the form MaskablePPO reads."""

    def __init__(self, env: NastolkaGymEnv) -> None:
        super().__init__(env)
        spaces: Any = env.observation_space
        self.observation_space = spaces["observation"]
        self._mask = np.zeros(int(env.spec_.actions.size), dtype=np.bool_)

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self._mask


@dataclass
class TrainConfig:
    game: str = "show_battle"
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    opponents: list[str] = field(default_factory=lambda: ["random"])
    steps: int = 200_000
    seed: int = 0
    envs: int = 4
    net: list[int] = field(default_factory=lambda: [128, 128])
    learning_rate: float = 3e-4
    n_steps: int = 256  # per environment between updates
    batch_size: int = 256
    n_epochs: int = 5
    gamma: float = 0.99
    ent_coef: float = 0.01
    checkpoint_every: int = 50_000
    threads: int = 1
    reward: str = "win"


def export_policy(model: Any, spec: RLSpec, path: str | Path, info: dict[str, Any]) -> Path:
    """Write the policy network of a trained MaskablePPO ``model`` as a nastolka policy file."""
    import torch

    policy = model.policy
    layers = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    layers.append(policy.action_net)
    acts = {type(m).__name__ for m in policy.mlp_extractor.policy_net if not isinstance(m, torch.nn.Linear)}
    activation = {"Tanh": "tanh", "ReLU": "relu"}.get(next(iter(acts), "Tanh"))
    if activation is None or len(acts) > 1:
        raise ValueError(f"cannot export a policy network with activations {sorted(acts)}")
    if type(policy.features_extractor).__name__ != "FlattenExtractor":
        raise ValueError("only a flat observation (FlattenExtractor) can be exported")
    weights = [m.weight.detach().cpu().numpy() for m in layers]
    biases = [m.bias.detach().cpu().numpy() for m in layers]
    meta = {
        "game": spec.game.id, "rules_version": spec.game.rules_version, "players": spec.players,
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in spec.options.items()},
        "encoder": {"name": spec.encoder.name, "size": spec.encoder.size},
        "actions": spec.actions.ids[:spec.actions.known], "activation": activation,
        "algorithm": "sb3_contrib.MaskablePPO", **info,
    }
    return save_policy(path, meta, weights, biases)


def _make_env(spec: RLSpec, opponent: str, seed: int, reward: str) -> Any:
    def build() -> MaskedSeatEnv:
        env = NastolkaGymEnv(spec.game, spec.players, options=spec.options,
                             opponents=[opponent] * (spec.players - 1), learner_seat=None, reward=reward,
                             spec=spec)
        env.reset(seed=seed)
        return MaskedSeatEnv(env)
    return build


def train(config: TrainConfig, out: str | Path, log: Any = print) -> dict[str, Any]:
    """Train, checkpoint and export; returns what ``train.json`` records."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(max(1, config.threads))
    run = Path(out)
    (run / "checkpoints").mkdir(parents=True, exist_ok=True)
    game = get(config.game)
    spec = make_spec(game, config.players, config.options, reward=config.reward)
    opponents = list(config.opponents) or ["random"]
    from nastolka.bots.base import check_seat_bot

    for name in sorted(set(opponents)):
        check_seat_bot(game, name, spec.players, spec.options)  # fail fast on a bad opponent
    venv = DummyVecEnv([_make_env(spec, opponents[i % len(opponents)], config.seed * 1000 + i, config.reward)
                        for i in range(config.envs)])
    model = MaskablePPO("MlpPolicy", venv, learning_rate=config.learning_rate, n_steps=config.n_steps,
                        batch_size=config.batch_size, n_epochs=config.n_epochs, gamma=config.gamma,
                        ent_coef=config.ent_coef, seed=config.seed, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": {"pi": list(config.net), "vf": list(config.net)}})
    started = time.perf_counter()
    base_info = {"opponents": opponents, "config": asdict(config)}

    class Checkpoints(BaseCallback):
        """Saves both checkpoint forms and logs the recent win rate of the learner."""

        def __init__(self) -> None:
            super().__init__()
            self.next_at = config.checkpoint_every
            self.results: list[float] = []

        def _on_step(self) -> bool:
            for done, info in zip(self.locals["dones"], self.locals["infos"], strict=True):
                if done and "winners" in info:
                    self.results.append(1.0 if info["seat"] in info["winners"] else 0.0)
            if self.num_timesteps >= self.next_at:
                self.next_at += config.checkpoint_every
                tag = f"{self.num_timesteps:08d}"
                model.save(run / "checkpoints" / f"model_{tag}.zip")
                export_policy(model, spec, run / "checkpoints" / f"policy_{tag}.npz",
                              {**base_info, "steps": self.num_timesteps})
                recent = self.results[-500:]
                rate = sum(recent) / len(recent) if recent else 0.0
                log(f"{self.num_timesteps} steps, {time.perf_counter() - started:.0f} s, "
                    f"training win rate (last {len(recent)} games) {rate:.1%}")
            return True

    callback = Checkpoints()
    model.learn(total_timesteps=config.steps, callback=callback)
    seconds = time.perf_counter() - started
    steps = int(model.num_timesteps)
    info = {**base_info, "steps": steps, "seconds": round(seconds, 1),
            "steps_per_second": round(steps / max(seconds, 1e-9), 1),
            "training_games": len(callback.results),
            "final_training_win_rate": round(sum(callback.results[-500:]) / max(1, len(callback.results[-500:])),
                                             4)}
    model.save(run / "model.zip")
    export_policy(model, spec, run / "policy.npz", info)
    (run / "train.json").write_text(json.dumps(info, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    venv.close()
    return info


def parse_net(text: str) -> list[int]:
    sizes = [int(part) for part in text.split(",") if part.strip()]
    if not sizes or any(s < 1 for s in sizes):
        raise ValueError("--net wants layer sizes like 128,128")
    return sizes
