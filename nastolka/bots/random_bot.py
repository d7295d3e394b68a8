"""The uniform random bot: the baseline every other bot must beat, and the playout policy."""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game, GameState, Rng

from .base import register_generic


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> str:
        legal = state.legal_ids(seat)
        return legal[self.rng.randbelow(len(legal))]


def _factory(game: Game, seed: int = 0, **_: Any) -> RandomBot:
    return RandomBot(seed)


register_generic("random", _factory)
