"""The bot of «Камешки»: leave the next player a multiple of four when it can (then it always wins
two-handed), else take one stone and hope."""

from __future__ import annotations

from nastolka.engine import GameState, Rng, format_id


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState, seat: int) -> str:
        legal = state.legal_ids(seat)
        best = format_id("take", count=state.pile % 4)  # type: ignore[attr-defined]
        return best if best in legal else legal[self.rng.randbelow(len(legal))]
