"""A Gymnasium single-agent environment: one seat learns, nastolka bots play the other seats.

Why a separate class rather than a PettingZoo wrapper? Gymnasium code expects ``step`` to return only
when the learner must act again, so the opponents' turns (and any chance) run inside ``step``; doing that
directly on the engine is shorter and faster than routing through the AEC loop.

Observations are the same dict as in PettingZoo (``observation`` float32, ``action_mask`` int8), and the
mask is repeated in ``info["action_mask"]`` for libraries that read it there. The reward is 0 until the
game ends, then the terminal reward of the learner's seat (``win`` or ``score``). An illegal action
(one the mask forbids) ends the episode with reward ``illegal_reward`` (default -1) and
``info["illegal_action"] = True``, as PettingZoo's ``TerminateIllegalWrapper`` does, because generic
agents and Gymnasium's own checker sample without the mask; ``illegal_action="raise"`` raises instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from nastolka.bots.base import Bot, make_bot
from nastolka.engine import Game, GameState

from .spec import RLSpec, make_spec


class NastolkaGymEnv(gymnasium.Env):
    """Seat ``learner_seat`` (``None``: a random seat each episode) against bots named in ``opponents``."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}

    def __init__(self, game: Game | str, players: int | None = None,
                 options: Mapping[str, Any] | None = None, opponents: str | Sequence[str] = "random",
                 learner_seat: int | None = 0, reward: str = "win", render_mode: str | None = None,
                 max_steps: int = 10_000, lang: str = "en", obs_size: int | None = None,
                 illegal_action: str = "terminate", illegal_reward: float = -1.0,
                 spec: RLSpec | None = None) -> None:
        if illegal_action not in ("terminate", "raise"):
            raise ValueError("illegal_action must be 'terminate' or 'raise'")
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self.illegal_ended = False
        self.spec_ = spec or make_spec(game, players, options, reward, obs_size)
        sp = self.spec_
        n = sp.players
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{n - 1} opponent bot names needed, got {len(names)}")
        self.opponent_names = names
        if learner_seat is not None and not 0 <= learner_seat < n:
            raise ValueError(f"learner_seat must be in 0..{n - 1} or None")
        self.fixed_seat = learner_seat
        self.learner_seat = learner_seat or 0
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.lang = lang
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=sp.encoder.low, high=sp.encoder.high, shape=(sp.encoder.size,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(sp.actions.size,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(sp.actions.size)
        self.state: GameState | None = None
        self.bots: dict[int, Bot] = {}
        self.steps = 0

    def _obs(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        seat = self.learner_seat
        mask = (self.spec_.mask(self.state, seat) if not self.state.is_over
                else np.zeros(self.spec_.actions.size, dtype=np.int8))
        return {"observation": self.spec_.observation(self.state, seat), "action_mask": mask}

    def _info(self, obs: dict[str, np.ndarray]) -> dict[str, Any]:
        assert self.state is not None
        info: dict[str, Any] = {"seat": self.learner_seat, "action_mask": obs["action_mask"]}
        if self.illegal_ended:
            info["illegal_action"] = True
        elif self.state.is_over:
            r = self.state.result()
            info.update(scores=list(r.scores), winners=list(r.winners), ranks=list(r.ranks))
        return info

    def _play_others(self) -> None:
        """Let the bots act until the learner must decide or the game ends (chance is inside ``apply``)."""
        assert self.state is not None
        state = self.state
        while not state.is_over and self.learner_seat not in state.to_act and self.steps < self.max_steps:
            seat = state.to_act[0]
            state.apply(seat, self.bots[seat].choose(state, seat))
            self.steps += 1

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(0, 2**63 - 1))
        if self.fixed_seat is None:
            self.learner_seat = int(rng.integers(0, self.spec_.players))
        others = [s for s in range(self.spec_.players) if s != self.learner_seat]
        self.bots = {s: make_bot(self.spec_.game, name, seed=int(rng.integers(0, 2**31 - 1)))
                     for s, name in zip(others, self.opponent_names, strict=True)}
        self.state = self.spec_.new_state(game_seed)
        self.steps = 0
        self.illegal_ended = False
        self._play_others()
        obs = self._obs()
        return obs, self._info(obs)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        assert self.state is not None, "call reset() first"
        if self.state.is_over or self.illegal_ended:
            raise RuntimeError("the episode is over; call reset()")
        index = int(action)
        actions = self.spec_.actions
        aid = actions.ids[index] if 0 <= index < len(actions.ids) else None
        if aid is None or aid not in self.state.legal_ids(self.learner_seat):
            if self.illegal_action == "raise":
                self.state.apply(self.learner_seat, aid if aid is not None else f"<index {index}>")
            self.illegal_ended = True
            obs = self._obs()
            obs["action_mask"][:] = 0
            return obs, float(self.illegal_reward), True, False, self._info(obs)
        self.state.apply_unchecked(self.learner_seat, aid)
        self.steps += 1
        self._play_others()
        terminated = self.state.is_over
        truncated = not terminated and self.steps >= self.max_steps
        reward = float(self.spec_.rewards(self.state)[self.learner_seat]) if terminated else 0.0
        obs = self._obs()
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, self._info(obs)

    def render(self) -> str | None:
        if self.state is None or self.render_mode is None:
            return None
        text = self.state.render(self.learner_seat, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

