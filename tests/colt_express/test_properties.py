"""Hypothesis: loot, bullets (player and neutral) and cards are conserved over random games (CE-1, CE-6).

Every random game of 2–6 players, in both variants, is checked after every single action.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nastolka.engine import Rng
from nastolka.games.colt_express import GAME

from .invariants import check_invariants


@st.composite
def games(draw: st.DrawFn) -> tuple[int, bool, int, int]:
    players = draw(st.integers(min_value=2, max_value=6))
    expert = players > 2 and draw(st.booleans())
    return players, expert, draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_CE_1_loot_bullets_and_cards_are_conserved(params: tuple[int, bool, int, int]) -> None:
    players, expert, seed, policy = params
    state = GAME.new(players, {"expert": expert}, seed=seed)
    rng = Rng(policy)
    check_invariants(state)
    while not state.is_over:
        legal = state.legal_ids(state.actor)
        state.apply(state.actor, legal[rng.randbelow(len(legal))])
        check_invariants(state)
    result = state.result()
    assert len(result.scores) == players and result.winners


@settings(max_examples=25, deadline=None)
@given(games())
def test_CE_12_clone_and_determinize_conserve_too(params: tuple[int, bool, int, int]) -> None:
    players, expert, seed, policy = params
    state = GAME.new(players, {"expert": expert}, seed=seed)
    rng = Rng(policy)
    while not state.is_over:
        if rng.randbelow(10) == 0:
            seat = state.actor
            twin = state.determinize(seat, rng.spawn())
            check_invariants(twin)
            assert twin.view(seat) == state.view(seat)
        legal = state.legal_ids(state.actor)
        state.apply(state.actor, legal[rng.randbelow(len(legal))])
