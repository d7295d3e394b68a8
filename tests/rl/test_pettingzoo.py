"""PettingZoo's own conformance tests for every game and player count, plus our contract on top."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from nastolka.engine import Game
from nastolka.rl.pettingzoo import env

from .conftest import CASES, SOLO, TWO, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_api_test(case: tuple[Game, int]) -> None:
    game, n = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game, players=n), num_cycles=60)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_seed_test(case: tuple[Game, int]) -> None:
    game, n = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game, players=n), num_cycles=60)


def _play(e, rng: np.random.Generator) -> dict[str, float]:
    """Play random legal actions to the end; return each agent's reward as seen by ``last()``."""
    final: dict[str, float] = {}
    for agent in e.agent_iter(100_000):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0, "the selected agent must have a legal action"
        e.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("case", TWO + SOLO, ids=case_id)
def test_full_games_end_with_rewards_and_results(case: tuple[Game, int]) -> None:
    game, n = case
    e = env(game, players=n)
    for seed in range(3):
        e.reset(seed=seed)
        final = _play(e, np.random.default_rng(seed))
        assert set(final) == set(e.possible_agents)
        result = e.game_state.result()
        for agent, reward in final.items():
            seat = int(agent.split("_")[1])
            if n == 1:
                assert reward == (1.0 if result.winners else -1.0)
            else:
                assert reward == (0.0 if len(result.winners) == n else (1.0 if seat in result.winners else -1.0))
        assert e.agents == []


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_score_reward_and_render(case: tuple[Game, int]) -> None:
    game, n = case
    e = env(game, players=n, reward="score", render_mode="ansi")
    e.reset(seed=5)
    text = e.render()
    assert isinstance(text, str) and text
    final = _play(e, np.random.default_rng(5))
    assert all(-2.0 <= r <= 2.0 for r in final.values())


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_truncation(case: tuple[Game, int]) -> None:
    game, n = case
    e = env(game, players=n, max_steps=3)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(3):
        obs, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    if not e.game_state.is_over:
        assert all(e.truncations.values()) and not any(e.terminations.values())


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_only_the_selected_agent_has_a_mask(case: tuple[Game, int]) -> None:
    game, n = case
    e = env(game, players=n)
    e.reset(seed=3)
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == e.agent_selection)


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_global_state(case: tuple[Game, int]) -> None:
    game, n = case
    e = env(game, players=n)
    e.reset(seed=0)
    first = e.state()
    assert e.state_space.contains(first)
    obs, *_ = e.last()
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.state_space.contains(e.state())
