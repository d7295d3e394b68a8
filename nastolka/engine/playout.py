"""Uniformly random playouts: the inner loop of simulation and of the benchmark.

Compiled with the rules (``nastolka/native.py``), so a playout of a compiled game runs in C from the first
move to the last, through the fast interface: ``legal_count`` and ``play_index`` (no ids, no events) for a
game with integer-coded decisions (``GameState.indexed``), else ``legal_ids`` once and ``play_id``.
The moves are those of ``legal_ids(seat)[rng.randbelow(len(legal_ids(seat)))]`` at every step, so a seeded
playout is the same game whichever way it is played.
"""

from __future__ import annotations

from .rng import Rng
from .state import GameState


def random_playout(state: GameState, rng: Rng, limit: int = 20_000) -> int:
    """Play ``state`` on to the end with uniformly random moves drawn from ``rng`` (the first seat to act
    decides at a simultaneous decision); stop early after ``limit`` moves. Returns the state's step."""
    moves = 0
    if state.indexed:
        while not state.is_over and moves < limit:
            seat = state.to_act[0]
            state.play_index(seat, rng.randbelow(state.legal_count(seat)))
            moves += 1
    else:
        while not state.is_over and moves < limit:
            seat = state.to_act[0]
            ids = state.legal_ids(seat)
            state.play_id(seat, ids[rng.randbelow(len(ids))])
            moves += 1
    return state.step
