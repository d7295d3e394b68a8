"""How far each side is in the cargo race, for the search bots' cut-off (``Game.progress``).

R18 (winning): 5 (or 7) cargo in the hold at the end of one's turn. Cargo in the hold counts fully; open
genuine cargo a quarter more (it cannot be revealed as a bluff and lost); a Passenger in the chain a
tenth (it moves and plays cargo for its owner). Measured with arena runs (docs/bots.md): a 16-ply playout
scored by this race beat playing to the end (70% against 40%).
"""

from __future__ import annotations

from typing import Any


def progress(state: Any) -> list[float]:
    """Each seat's progress, about 0..1 of ``cargo_to_win`` (it may pass 1: the bots clip)."""
    goal = float(state.cargo_goal)
    return [(len(state.holds[s]) + 0.25 * state._open_cargo_count(s) + 0.1 * len(state.chains[s])) / goal
            for s in range(state.players)]
