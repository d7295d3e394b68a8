"""The batched environment plays exactly the games the single environments play for the same seeds.

Game ``i`` of ``VectorEnv.reset(seed=s)`` must be the game PettingZoo's AEC env (multi-agent form) or the
Gymnasium env (single-learner form) plays after ``reset(seed=s + i)``, and the game after an autoreset
must be the one those envs play after a plain ``reset()``: same observations, masks and rewards at every
step. Every game at every player count, random legal actions from one generator driving both sides.
"""

from __future__ import annotations

import numpy as np
import pytest

from nastolka.engine import Game
from nastolka.rl.gym import NastolkaGymEnv
from nastolka.rl.pettingzoo import NastolkaAECEnv
from nastolka.rl.spec import make_spec
from nastolka.rl.vector import VectorEnv

from .conftest import CASES, case_id

ENVS = 3
LIMIT = 5000  # steps at most; each test steps until some game has ended and been replaced, then 20 more


def _pick(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_multi_agent_rows_are_the_aec_games(case: tuple[Game, int]) -> None:
    game, n = case
    spec = make_spec(game, n)
    vec = VectorEnv(game, n, ENVS, spec=spec)
    singles = [NastolkaAECEnv(game, n, spec=spec) for _ in range(ENVS)]
    obs, info = vec.reset(seed=7)
    for i, e in enumerate(singles):
        e.reset(seed=7 + i)
    rng = np.random.default_rng(0)
    resets = first_end = 0
    for step in range(LIMIT):
        if resets and step > first_end + 20:
            break
        actions = []
        for i, e in enumerate(singles):
            agent = e.agent_selection
            single = e.observe(agent)
            assert info["seat"][i] == e.agent_name_mapping[agent]
            np.testing.assert_array_equal(obs[i], single["observation"])
            np.testing.assert_array_equal(info["action_mask"][i], single["action_mask"])
            actions.append(_pick(rng, single["action_mask"]))
        obs, rewards, term, trunc, info = vec.step(actions)
        assert rewards.shape == (ENVS, n)
        for i, e in enumerate(singles):
            e.step(actions[i])
            if e.terminations[e.agent_selection] or e.truncations[e.agent_selection]:
                assert term[i] or trunc[i]
                assert info["_final_obs"][i]
                np.testing.assert_array_equal(rewards[i], [e.rewards[a] for a in e.possible_agents])
                first_end = first_end or step
                resets += 1
                e.reset()
            else:
                assert not term[i] and not trunc[i] and not rewards[i].any()
    assert resets >= 1, "no game ended: the autoreset path was not compared"


@pytest.mark.parametrize("case", [c for c in CASES if c[1] >= 2], ids=case_id)
def test_single_learner_rows_are_the_gym_games(case: tuple[Game, int]) -> None:
    game, n = case
    spec = make_spec(game, n)
    vec = VectorEnv(game, n, ENVS, opponents="random", learner_seat=None, spec=spec)
    singles = [NastolkaGymEnv(game, n, opponents="random", learner_seat=None, spec=spec) for _ in range(ENVS)]
    obs, info = vec.reset(seed=11)
    expected = [e.reset(seed=11 + i) for i, e in enumerate(singles)]
    rng = np.random.default_rng(1)
    resets = first_end = 0
    for step in range(LIMIT):
        if resets and step > first_end + 20:
            break
        actions = []
        for i, (single, sinfo) in enumerate(expected):
            assert info["seat"][i] == sinfo["seat"]
            np.testing.assert_array_equal(obs[i], single["observation"])
            np.testing.assert_array_equal(info["action_mask"][i], single["action_mask"])
            actions.append(_pick(rng, single["action_mask"]))
        obs, rewards, term, trunc, info = vec.step(actions)
        for i, e in enumerate(singles):
            sobs, srew, sterm, strunc, sinfo = e.step(actions[i])
            assert (term[i], trunc[i], rewards[i]) == (sterm, strunc, srew)
            if sterm or strunc:
                np.testing.assert_array_equal(info["final_obs"][i], sobs["observation"])
                first_end = first_end or step
                resets += 1
                expected[i] = e.reset()
            else:
                expected[i] = (sobs, sinfo)
    assert resets >= 1, "no game ended: the autoreset path was not compared"


def test_illegal_action_is_refused_with_the_env_named() -> None:
    vec = VectorEnv("show_battle", 2, 2, seed=3)
    _, info = vec.reset()
    actions = [int(np.flatnonzero(info["action_mask"][0])[0]), int(np.flatnonzero(info["action_mask"][1] == 0)[0])]
    with pytest.raises(ValueError, match="env 1"):
        vec.step(actions)


def test_buffers_are_shapes_the_spaces_promise() -> None:
    vec = VectorEnv("colt_express", 2, 4, opponents="random", seed=0)
    obs, info = vec.reset()
    assert obs.shape == vec.observation_space.shape and obs.dtype == np.float32
    assert info["action_mask"].shape == (4, vec.single_action_space.n) and info["action_mask"].dtype == np.int8
    actions = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    obs2, rewards, term, trunc, _ = vec.step(actions)
    assert rewards.shape == (4,) and term.dtype == bool and trunc.dtype == bool
    assert vec.observation_space.contains(obs2)
