"""The RL observation of «Камешки», in named pieces (as OpenSpiel's observers), and every action id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from nastolka.engine import format_id
from nastolka.rl.encoders import blank, pieces_of

from .state import MOST

SEATS = 4
LARGEST = 21


class StonesEncoder:
    low = 0.0
    high = 1.0

    def __init__(self, players: int) -> None:
        self.players = players
        self.pieces = pieces_of({"pile": LARGEST + 1, "pile_mod_4": 4, "to_move": SEATS})
        self.size = self.pieces["to_move"].stop
        self.name = f"stones-{self.size}"

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        out = blank(out, self.size)
        pile = int(view["pile"])
        out[self.pieces["pile"].start + min(pile, LARGEST)] = 1.0
        out[self.pieces["pile_mod_4"].start + pile % 4] = 1.0
        me = view.get("seat") or 0
        out[self.pieces["to_move"].start + (int(view["turn"]) - me) % self.players] = 1.0
        return out


def make_encoder(players: int, options: dict[str, Any]) -> StonesEncoder:
    return StonesEncoder(players)


def action_ids(players: int, options: dict[str, Any]) -> list[str]:
    return [format_id("take", count=k) for k in range(1, MOST + 1)]
