"""Batched environments: ``N`` games stepped together, observations and masks written into shared arrays.

Why a batched form next to PettingZoo and Gymnasium: learners consume ``[N, D]`` arrays, and stepping
one game at a time through dicts of per-agent values costs more than the rules themselves. Here one call
steps every game, and each game writes its observation row and mask row straight into preallocated
numpy arrays (through the same :class:`~nastolka.rl.spec.RLSpec` as the other adapters, so index ``a``
and vector ``obs[i]`` mean what they mean there).

It follows Gymnasium's vector conventions (``gymnasium.vector.VectorEnv``), with **same-step autoreset**:
when game ``i`` ends, ``step`` returns its terminal reward and ``terminations[i] = True`` together with the
*first* observation of the next game in row ``i``; the last observation of the finished game is in
``infos["final_obs"][i]`` (valid where ``infos["_final_obs"][i]``). Two forms:

* **multi-agent** (``opponents=None``, all seats learning): row ``i`` is the observation of the seat that
  must act in game ``i`` (``infos["seat"][i]``); ``rewards`` is ``[N, players]`` (every seat's terminal
  reward, 0 before the end), as Pgx does;
* **single-learner** (``opponents="random"`` or one bot name per other seat): the learner's seat
  (``learner_seat``, or a random seat per game with ``None``) acts; our bots play the other seats inside
  ``step``; ``rewards`` is ``[N]``.

Seeding: ``reset(seed=s)`` gives game ``i`` the generator of seed ``s + i`` (Gymnasium's rule for vector
envs), drawn exactly as the single environments draw (``NastolkaAECEnv`` in the multi-agent form,
``NastolkaGymEnv`` in the single-learner form), and later games continue that generator, so game ``i`` is
the very game those environments play after ``reset(seed=s + i)``. An action the mask forbids raises
``ValueError`` (a batched learner samples from the mask; a silent forfeit would hide the bug).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode

from nastolka.bots.base import Bot, make_bot
from nastolka.engine import Game, GameState

from .encoders import scatter
from .sink import Sink
from .spec import RLSpec, make_spec

_SEED_HIGH = 2**63 - 1


class VectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[type-arg]
    """``num_envs`` games of one kind; see the module docstring for the contract."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game: Game | str, players: int | None = None, num_envs: int = 1, *,
                 opponents: str | Sequence[str] | None = None, learner_seat: int | None = 0,
                 options: Mapping[str, Any] | None = None, reward: str = "win", seed: int | None = None,
                 max_steps: int = 10_000, obs_size: int | None = None, copy: bool = True,
                 spec: RLSpec | None = None) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.spec_ = sp = spec or make_spec(game, players, options, reward, obs_size)
        n, p = num_envs, sp.players
        self.num_envs = n
        self.players = p
        self.multi_agent = opponents is None
        if opponents is None:
            self.opponent_names: list[str] = []
        else:
            self.opponent_names = [opponents] * (p - 1) if isinstance(opponents, str) else list(opponents)
            if len(self.opponent_names) != p - 1:
                raise ValueError(f"{p - 1} opponent bot names needed, got {len(self.opponent_names)}")
            if learner_seat is not None and not 0 <= learner_seat < p:
                raise ValueError(f"learner_seat must be in 0..{p - 1} or None")
        self.fixed_seat = learner_seat
        self.max_steps = max_steps
        self.copy = copy
        d, a = sp.encoder.size, sp.actions.size
        self.single_observation_space = spaces.Box(low=sp.encoder.low, high=sp.encoder.high, shape=(d,),
                                                   dtype=np.float32)
        self.single_action_space = spaces.Discrete(a)
        self.observation_space = spaces.Box(low=sp.encoder.low, high=sp.encoder.high, shape=(n, d),
                                            dtype=np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(n, a))
        # the buffers every step writes into (returned as copies unless copy=False)
        self._obs = np.zeros((n, d), dtype=np.float32)
        self._mask = np.zeros((n, a), dtype=np.int8)
        self._final = np.zeros((n, d), dtype=np.float32)
        self._rewards = np.zeros((n, p) if self.multi_agent else n, dtype=np.float32)
        self._terminations = np.zeros(n, dtype=bool)
        self._truncations = np.zeros(n, dtype=bool)
        self._done = np.zeros(n, dtype=bool)
        self._seat = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        self.states: list[GameState] = []
        self.bots: list[dict[int, Bot]] = [{} for _ in range(n)]
        self._gens: list[np.random.Generator] = []
        self._steps = [0] * n
        self._seats = [0] * n     # the seat we drive in each game (copied into ``_seat`` once a step)
        self._seed = seed
        # encoders that write sparse pairs (``fill``) share one sink for the whole batch, scattered once
        self._sparse = hasattr(sp.encoder, "fill")
        self._sink = Sink()
        self._mask_at: list[int] = []

    # ------------------------------------------------------------------ one game's life
    def _start(self, i: int) -> None:
        """A new game in slot ``i`` from its generator (drawn as the single environments draw)."""
        sp = self.spec_
        gen = self._gens[i]
        while True:
            game_seed = int(gen.integers(0, _SEED_HIGH))
            if not self.multi_agent:
                seat = self.fixed_seat if self.fixed_seat is not None else int(gen.integers(0, self.players))
                others = [s for s in range(self.players) if s != seat]
                self.bots[i] = {s: make_bot(sp.game, name, seed=int(gen.integers(0, 2**31 - 1)))
                                for s, name in zip(others, self.opponent_names, strict=True)}
                self._seats[i] = seat
            state = sp.new_state(game_seed)
            self._steps[i] = 0
            if not self.multi_agent:
                self._play_others(i, state)
            if not state.is_over:     # a game over before anyone we drive decides is skipped
                break
        if self.multi_agent:
            self._seats[i] = state.to_act[0]
        if len(self.states) > i:
            self.states[i] = state
        else:
            self.states.append(state)

    def _play_others(self, i: int, state: GameState) -> None:
        """Our bots act until the learner must decide or the game ends (chance is inside ``apply``)."""
        learner = self._seats[i]
        bots = self.bots[i]
        steps = self._steps[i]
        while not state.is_over and learner not in state.to_act and steps < self.max_steps:
            seat = state.to_act[0]
            state.apply_unchecked(seat, bots[seat].choose(state, seat))
            steps += 1
        self._steps[i] = steps

    def _write(self, i: int, out: np.ndarray) -> None:
        """Observation row and mask row of game ``i`` for the seat we drive (into ``out``, or, for the batch
        rows of a sparse encoder, into the sink that :meth:`_flush` scatters)."""
        state, seat, sp = self.states[i], self._seats[i], self.spec_
        view = state.view(seat)
        if out is self._obs and self._sparse:
            self._sink.base = i * sp.encoder.size
            sp.encoder.fill(view, self._sink)  # type: ignore[attr-defined]
        else:
            sp.encoder.encode(view, out[i])
        base = i * sp.actions.size
        self._mask_at.extend([base + j for j in sp.actions.indices(state.legal_ids(seat))])

    def _flush(self) -> None:
        """Scatter the batch's sparse rows and mask ones into the arrays (every row was rewritten)."""
        if self._sparse:
            sink, enc = self._sink, self.spec_.encoder
            self._obs.fill(0.0)
            scatter(self._obs, sink.idx, sink.val)
            if enc.clip:  # type: ignore[attr-defined]
                np.clip(self._obs, enc.low, enc.high, out=self._obs)
            sink.clear()
        self._mask.fill(0)
        self._mask.reshape(-1)[self._mask_at] = 1
        self._mask_at = []
        self._seat[:] = self._seats

    # ------------------------------------------------------------------ the vector API
    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game in every slot; ``seed`` (an int ``s``: slot ``i`` gets ``s + i``; or one per slot)
        re-seeds the generators, ``None`` continues them (or seeds from entropy the first time)."""
        if seed is None and self._seed is not None and not self._gens:
            seed = self._seed
        if seed is None:
            if not self._gens:
                self._gens = [seeding.np_random(None)[0] for _ in range(self.num_envs)]
        else:
            seeds = [seed + i for i in range(self.num_envs)] if isinstance(seed, int) else list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{self.num_envs} seeds needed, got {len(seeds)}")
            self._gens = [seeding.np_random(int(s))[0] for s in seeds]
        for i in range(self.num_envs):
            self._start(i)
            self._write(i, self._obs)
        self._flush()
        self._rewards.fill(0.0)
        self._terminations.fill(False)
        self._truncations.fill(False)
        return self._out(self._obs), self._info(False)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self.states:
            raise RuntimeError("call reset() first")
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape[0] != self.num_envs:
            raise ValueError(f"{self.num_envs} actions needed, got {acts.shape[0]}")
        size = self.spec_.actions.size
        inside = (acts >= 0) & (acts < size)
        ok = inside.copy()
        ok[inside] = self._mask[self._rows[inside], acts[inside]] != 0
        if not ok.all():
            bad = [int(i) for i in np.flatnonzero(~ok)[:5]]
            raise ValueError("illegal action (the mask forbids it) in env " + ", ".join(
                f"{i}: index {int(acts[i])}" for i in bad))
        ids = self.spec_.actions.ids
        rewards, term, trunc, done = self._rewards, self._terminations, self._truncations, self._done
        rewards.fill(0.0)
        term.fill(False)
        trunc.fill(False)
        done.fill(False)
        multi = self.multi_agent
        max_steps = self.max_steps
        spec = self.spec_
        for i, index in enumerate(acts.tolist()):
            state = self.states[i]
            seat = self._seats[i]
            state.apply_unchecked(seat, ids[index])
            self._steps[i] += 1
            if not multi:
                self._play_others(i, state)
            if state.is_over:
                term[i] = True
                r = spec.rewards(state)
                if multi:
                    rewards[i] = r
                else:
                    rewards[i] = r[seat]
            elif self._steps[i] >= max_steps:
                trunc[i] = True
            if term[i] or trunc[i]:
                done[i] = True
                spec.encoder.encode(state.view(seat), self._final[i])   # the last row: that seat's view
                self._start(i)
            elif multi:
                self._seats[i] = state.to_act[0]
            self._write(i, self._obs)
        self._flush()
        return (self._out(self._obs), self._out(rewards), self._out(term), self._out(trunc),
                self._info(bool(done.any())))

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _info(self, finished: bool) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._out(self._mask), "seat": self._out(self._seat)}
        if finished:
            info["final_obs"] = self._out(self._final)
            info["_final_obs"] = self._done.copy()
        return info

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the games live in this process."""


def make_vector_env(game: Game | str, players: int | None = None, num_envs: int = 1,
                    **kwargs: Any) -> VectorEnv:
    """:class:`VectorEnv` by keyword (``opponents``, ``learner_seat``, ``options``, ``reward``, ``seed`` …)."""
    return VectorEnv(game, players, num_envs, **kwargs)
