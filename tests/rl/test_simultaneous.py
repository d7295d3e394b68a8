"""Simultaneous decisions (several seats in ``to_act``) through every adapter, on a tiny bidding game."""

from __future__ import annotations

import warnings

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

from nastolka.engine import registry
from nastolka.rl import encoders, spaces
from nastolka.rl import openspiel as nos
from nastolka.rl.gym import NastolkaGymEnv
from nastolka.rl.pettingzoo import env

from .sim_bid_game import BID

spaces.register("simbid", lambda players, options: ["bid:1", "bid:2", "bid:3"])
encoders.register("simbid", lambda players, options: encoders.HashedViewEncoder(32))


@pytest.fixture(autouse=True)
def _registered():
    registry._GAMES[BID.id] = BID
    yield
    registry._GAMES.pop(BID.id, None)


@pytest.mark.parametrize("n", [2, 3])
def test_pettingzoo_asks_each_seat_in_turn(n: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(BID, players=n), num_cycles=20)
        seed_test(lambda: env(BID, players=n), num_cycles=20)
    e = env(BID, players=n)
    e.reset(seed=0)
    order = []
    for _ in range(n):
        order.append(e.agent_selection)
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert order == [f"player_{s}" for s in range(n)]  # one round: every seat once, in seat order


def test_openspiel_and_resampling_hide_pending_bids() -> None:
    g = nos.load(BID, 3)
    pyspiel.random_sim_test(g, num_sims=3, serialize=True, verbose=False)
    state = g.new_initial_state()
    state.apply_action(0)
    state.apply_action(2)  # seat 0 bids 3 (index 2)
    assert state.current_player() == 1
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen = {tuple(state.resample_from_infostate(1, sampler).engine.bids) for _ in range(40)}
    assert {b[0] for b in seen} == {1, 2, 3}  # seat 1 cannot know seat 0's pending bid


def test_openspiel_bot_answers_for_a_later_seat() -> None:
    from nastolka.rl.openspiel_bot import make_openspiel_ismcts

    state = BID.new(3, seed=0)
    bot = make_openspiel_ismcts(BID, seed=0, iterations=5)
    assert bot.choose(state, 2) in state.legal_ids(2)  # seat 2 is in to_act but not first


def test_gym_with_simultaneous_opponents() -> None:
    e = NastolkaGymEnv(BID, 3, learner_seat=1)
    obs, _ = e.reset(seed=0)
    done = False
    while not done:
        obs, _, term, trunc, _ = e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        done = term or trunc
