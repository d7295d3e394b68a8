"""Gymnasium's own environment checker on the single-agent wrapper, and its seat/opponent handling."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from nastolka.engine import Game
from nastolka.rl.gym import NastolkaGymEnv

from .conftest import SOLO, TWO, case_id


@pytest.mark.parametrize("case", TWO + SOLO, ids=case_id)
def test_check_env(case: tuple[Game, int]) -> None:
    game, n = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(NastolkaGymEnv(game, n, render_mode="ansi"), skip_render_check=False)
        check_env(NastolkaGymEnv(game, n, learner_seat=None, reward="score"))


@pytest.mark.parametrize("case", TWO + SOLO, ids=case_id)
def test_episodes_end_with_the_learner_reward(case: tuple[Game, int]) -> None:
    game, n = case
    e = NastolkaGymEnv(game, n, learner_seat=None)
    rng = np.random.default_rng(0)
    for seed in range(4):
        obs, info = e.reset(seed=seed)
        done = False
        reward = 0.0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) and info["seat"] == e.learner_seat
            obs, reward, term, trunc, info = e.step(int(rng.choice(legal)))
            done = term or trunc
        assert "illegal_action" not in info
        if n == 1:
            assert reward == (1.0 if info["winners"] else -1.0)
        else:
            assert reward == (1.0 if e.learner_seat in info["winners"] else
                              (0.0 if len(info["winners"]) == n else -1.0))


def test_illegal_action_terminates() -> None:
    from toy_game import TOY

    e = NastolkaGymEnv(TOY, 2)
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, _, info = e.step(illegal)
    assert term and reward == -1.0 and info["illegal_action"]
