"""The match runner: seats agents (bots or people) at a game and plays it to the end.

Used by ``nastolka play``, ``simulate``, the arena and the clients, so every path through a game applies
actions the same way. Simultaneous decisions are asked of each seat in ``to_act`` in seat order; each
answer is applied at once (games that need secrecy keep answers hidden in their views).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from nastolka.bots.base import Bot
from nastolka.engine import Event, Game, GameState, NastolkaError

StepHook = Callable[[GameState, int, str, list[Event]], None]


class MatchError(NastolkaError):
    """A game did not finish properly (a bot chose an illegal action, or the step limit was hit)."""


def run_match(game: Game, agents: Sequence[Bot], *, options: Mapping[str, Any] | None = None,
              seed: int = 0, setup: Mapping[str, Any] | None = None, on_step: StepHook | None = None,
              max_steps: int = 100_000, checked: bool = True, state: GameState | None = None) -> GameState:
    """Play from a new game (or from ``state``) to the end and return the final state."""
    if state is None:
        state = game.new(len(agents), options, seed=seed, setup=setup)
    if len(agents) != state.players:
        raise MatchError(f"{len(agents)} agents for {state.players} seats")
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        aid = agents[seat].choose(state, seat)
        events = state.apply(seat, aid) if checked else state.apply_unchecked(seat, aid)
        if on_step is not None:
            on_step(state, seat, aid, events)
        steps += 1
        if steps >= max_steps:
            raise MatchError(f"{game.id}: no end after {max_steps} actions (seed {seed})")
    return state
