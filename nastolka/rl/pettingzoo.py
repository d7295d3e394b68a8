"""PettingZoo AEC environments for every nastolka game.

``env("show_battle", players=3)`` gives an :class:`pettingzoo.AECEnv` that follows the conventions of
PettingZoo's classic card and board games, so existing training code runs unchanged:

* agents ``player_0 … player_{n-1}`` are the seats; ``agent_selection`` is the first seat in
  ``state.to_act``. When several seats decide at once (a simultaneous choice), the engine takes their
  answers one after another in seat order, so AEC's one-agent-at-a-time loop is exactly right: the next
  seat in ``to_act`` is selected after each answer, and each seat's observation shows only what its view
  shows (the game hides the others' pending answers);
* chance (shuffles, draws, dice) is resolved by the engine with its seeded RNG inside ``step``; it never
  appears as an agent;
* observations are ``{"observation": float32[D], "action_mask": int8[A]}`` built from ``view(seat)``
  only; the mask of a seat that is not selected is all zeros;
* rewards are 0 until the end, then ``win`` (+1 / -1 / 0 when every seat shares the victory) or
  ``score`` (normalised score difference); see :func:`nastolka.rl.spec.terminal_rewards`;
* ``terminations`` become true for every agent at the end of the game; ``truncations`` become true for
  every agent if ``max_steps`` actions pass first. Each finished agent must then be stepped with ``None``;
* ``infos[agent]`` holds ``seat`` and, at the end, the engine's ``scores``, ``winners`` and ``ranks``;
* ``reset(seed=s)`` makes the whole episode reproducible: the game seed comes from a numpy generator
  seeded with ``s``, and a later ``reset()`` without a seed continues that generator, as Gymnasium does;
* ``state()`` concatenates every seat's observation (for centralised critics; ``game_state`` is the
  engine state);
* ``render()`` is the game's own text rendering of a view (spectator by default, or ``render_seat``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from nastolka.engine import Game, GameState

from .spec import RLSpec, make_spec


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class NastolkaAECEnv(AECEnv):
    """One nastolka game as a PettingZoo AEC environment (see the module docstring for the contract)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "nastolka_v0",
                                "is_parallelizable": False}

    def __init__(self, game: Game | str, players: int | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 reward: str = "win", max_steps: int = 10_000, render_seat: int | None = None,
                 lang: str = "en", obs_size: int | None = None, spec: RLSpec | None = None) -> None:
        super().__init__()
        self.spec_ = spec or make_spec(game, players, options, reward, obs_size)
        sp = self.spec_
        self.metadata = dict(self.metadata, name=f"nastolka_{sp.game.id}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.lang = lang
        self.max_steps = max_steps
        self.possible_agents = [agent_name(s) for s in range(sp.players)]
        self.agent_name_mapping = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=sp.encoder.low, high=sp.encoder.high, shape=(sp.encoder.size,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(sp.actions.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(sp.actions.size) for a in self.possible_agents}
        self.state_space = spaces.Box(low=sp.encoder.low, high=sp.encoder.high,
                                      shape=(sp.players * sp.encoder.size,), dtype=np.float32)
        self._np_random: np.random.Generator | None = None
        self.game_state: GameState | None = None
        self.game_seed = 0
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ lifecycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``options`` may carry ``{"game_seed": int}`` to pin the engine seed exactly;
        other keys are ignored (game options are fixed per environment because they shape the spaces)."""
        if seed is not None or self._np_random is None:
            self._np_random = np.random.default_rng(seed)
        game_seed = (options or {}).get("game_seed")
        if game_seed is None:
            game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.game_seed = int(game_seed)
        self.game_state = self.spec_.new_state(self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"seat": self.agent_name_mapping[a]} for a in self.agents}
        self.num_steps = 0
        self._select()
        if self.game_state.is_over:  # a game could in principle end during setup
            self._finish()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        assert self.game_state is not None
        if self.game_state.to_act:
            self.agent_selection = self.possible_agents[self.game_state.to_act[0]]
        elif not getattr(self, "agent_selection", None) or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game_state is not None, "call reset() first"
        seat = self.agent_name_mapping[agent]
        mask = (self.spec_.mask(self.game_state, seat) if agent == self.agent_selection and not self.game_state.is_over
                else np.zeros(self.spec_.actions.size, dtype=np.int8))
        return {"observation": self.spec_.observation(self.game_state, seat), "action_mask": mask}

    def state(self) -> np.ndarray:
        """Global state for centralised critics: every seat's observation vector, in seat order.

        It contains everything any seat knows (all hands), never anything no seat knows (deck order);
        use it only where training may see all seats, e.g. a centralised value function.
        """
        assert self.game_state is not None, "call reset() first"
        return np.concatenate([self.spec_.observation(self.game_state, s) for s in range(self.spec_.players)])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game_state is not None
        seat = self.agent_name_mapping[agent]
        if action is None:
            raise ValueError(f"{agent} must choose an action (None is only for finished agents)")
        aid = self.spec_.actions.action_id(int(action))
        self.game_state.apply(seat, aid)  # IllegalAction (a ValueError-like error) names the legal ids
        self.num_steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game_state.is_over:
            self._finish()
        elif self.num_steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._select()
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        assert self.game_state is not None
        rewards = self.spec_.rewards(self.game_state)
        result = self.game_state.result()
        for a in self.agents:
            seat = self.agent_name_mapping[a]
            self.rewards[a] = float(rewards[seat])
            self.infos[a] = {"seat": seat, "scores": list(result.scores), "winners": list(result.winners),
                             "ranks": list(result.ranks)}
        self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'human' or 'ansi')")
            return None
        if self.game_state is None:
            return None
        text = self.game_state.render(self.render_seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no windows, no processes); present because PettingZoo pairs it with render."""

    def __str__(self) -> str:
        return self.metadata["name"]


def env(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
        render_mode: str | None = None, **kwargs: Any) -> NastolkaAECEnv:
    """The AEC environment for ``game`` (id or :class:`Game`); ``kwargs``: reward, max_steps, render_seat,
    lang, obs_size. Not wrapped in PettingZoo's order-enforcing wrapper so that ``unwrapped`` is itself;
    wrap it yourself if you want those checks."""
    return NastolkaAECEnv(game, players, options, render_mode, **kwargs)


raw_env = env
