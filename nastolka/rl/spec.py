"""What every RL adapter shares: the game, its fixed action map, its encoder and the reward rule.

PettingZoo, Gymnasium and OpenSpiel all see a game through one :class:`RLSpec`, so an index means the
same action and a vector means the same observation in all three.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from nastolka.engine import Game, GameState, Result, get

from .encoders import Encoder, make_encoder
from .spaces import ActionMap, action_map, max_game_length

REWARD_MODES = ("win", "score")


def terminal_rewards(result: Result, mode: str = "win") -> list[float]:
    """Per-seat rewards at the end of a game.

    ``win``: +1 for every winner, -1 for every other seat, 0 for everyone if all seats share the victory
    (so a two-player game is zero-sum). ``score``: my score minus the mean of the others' scores, divided
    by the largest absolute score (at least 1), so it lies in ``[-2, 2]`` and rewards margins, not only wins.
    Solo games (one seat against the game's automa) give +1 for a win and -1 for a loss in both modes.
    """
    n = len(result.scores)
    if n == 1:  # solo against the game's automa: winners is (0,) on a win, () on a loss
        if mode not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")
        return [1.0 if 0 in result.winners else -1.0]
    if mode == "win":
        if len(result.winners) == n:
            return [0.0] * n
        return [1.0 if s in result.winners else -1.0 for s in range(n)]
    if mode == "score":
        scores = [float(x) for x in result.scores]
        scale = max(1.0, max(abs(x) for x in scores))
        total = sum(scores)
        return [(scores[s] - (total - scores[s]) / (n - 1)) / scale for s in range(n)]
    raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {mode!r}")


@dataclass
class RLSpec:
    game: Game
    players: int
    options: dict[str, Any]
    actions: ActionMap
    encoder: Encoder
    reward: str = "win"
    max_length: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def new_state(self, seed: int) -> GameState:
        return self.game.new(self.players, self.options, seed=seed)

    def observation(self, state: GameState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        return self.encoder.encode(state.view(seat), out)

    def mask(self, state: GameState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        legal = state.legal_ids(seat) if seat in state.to_act else []
        return self.actions.mask(legal, out)

    def rewards(self, state: GameState) -> list[float]:
        return terminal_rewards(state.result(), self.reward)


def make_spec(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
              reward: str = "win", obs_size: int | None = None) -> RLSpec:
    """Resolve game, player count (default: 2 if allowed, else the minimum) and validated options."""
    g = get(game) if isinstance(game, str) else game
    if players is None:
        players = 2 if g.min_players <= 2 <= g.max_players else g.min_players
    players = g.check_players(players)
    opts = g.state_class._check_options(players, g.options.validate(options))
    if reward not in REWARD_MODES:
        raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}, not {reward!r}")
    key = (g.id, id(g), players, options_key(opts), obs_size)
    parts = _CACHE.get(key)
    if parts is None:
        parts = _CACHE[key] = (action_map(g, players, opts), make_encoder(g, players, opts, obs_size),
                               max_game_length(g, players))
    actions, encoder, max_length = parts
    return RLSpec(g, players, opts, actions, encoder, reward, max_length)


#: action maps and encoders per (game, players, options): building them may explore games, and sharing
#: one map keeps spare indices consistent between environments of one process
_CACHE: dict[tuple[Any, ...], tuple[ActionMap, Encoder, int | None]] = {}


def options_key(options: Mapping[str, Any]) -> str:
    """A canonical string for options (OpenSpiel parameters are flat strings)."""
    return json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in sorted(options.items())},
                      ensure_ascii=False, separators=(",", ":"))
