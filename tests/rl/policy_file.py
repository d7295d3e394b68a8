"""A policy file with random weights and the real metadata of a table (no training, no PyTorch needed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from nastolka.rl.policy import save_policy
from nastolka.rl.spec import make_spec


def random_policy(path: Path, game: str = "show_battle", players: int = 2, hidden: int = 16,
                  seed: int = 0) -> Path:
    spec = make_spec(game, players)
    rng = np.random.default_rng(seed)
    sizes = [spec.encoder.size, hidden, spec.actions.size]
    weights = [rng.normal(0, 0.3, (sizes[i + 1], sizes[i])) for i in range(2)]
    biases = [rng.normal(0, 0.1, sizes[i + 1]) for i in range(2)]
    meta = {"game": spec.game.id, "rules_version": spec.game.rules_version, "players": players,
            "options": dict(spec.options), "encoder": {"name": spec.encoder.name, "size": spec.encoder.size},
            "actions": spec.actions.ids[:spec.actions.known], "activation": "tanh"}
    return save_policy(path, meta, weights, biases)
