"""Position evaluators for the ISMCTS depth cut-off, per game.

Why per game and here: a playout to the end is the only evaluation that knows nothing about a game, and in
long games (TaleSpin's ~120 plies) it is too slow and too noisy for a 0.5 s search. Stopping a playout after
some plies and scoring the position with a little game knowledge buys many more iterations. The engine has
no evaluation hook yet, so the few evaluators live with the bots and read the (determinized) state; each is
guarded so a renamed field in a game only turns the cut-off off instead of breaking the bot.

An evaluator returns one reward per seat in [0, 1], comparable to ``ismcts.rewards_of`` at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from nastolka.engine import GameState

from .ismcts import provisional_rewards

Evaluator = Callable[[GameState], Sequence[float]]


def _relative(values: Sequence[float], span: float) -> list[float]:
    """0.5 plus each seat's lead over the mean of the others, as a fraction of ``2 * span``."""
    n = len(values)
    if n < 2:
        return [min(1.0, max(0.0, values[0] / span))] if n else []
    total = sum(values)
    out = []
    for v in values:
        lead = v - (total - v) / (n - 1)
        out.append(min(1.0, max(0.0, 0.5 + lead / (2 * span))))
    return out


def talespin_progress(state: Any) -> list[float]:
    """TaleSpin: cargo in the hold is the race to ``cargo_to_win``; open genuine cargo is safer than packed."""
    n_win = state.cargo_goal
    values = []
    for s in range(state.players):
        hold = len(state.holds[s])
        values.append(hold + 0.25 * state._open_cargo_count(s) + 0.1 * len(state.chains[s]))
    return _relative(values, float(n_win))


#: game id -> (evaluator, plies of playout before it is asked)
EVALUATORS: dict[str, tuple[Evaluator, int]] = {
    "talespin": (talespin_progress, 16),
    "show_battle": (provisional_rewards, 12),
    "colt_express": (provisional_rewards, 24),
}


def evaluator_for(game_id: str, sample: GameState | None = None) -> tuple[Evaluator, int] | None:
    """The cut-off evaluator of a game, checked on ``sample`` if given (``None`` if absent or broken)."""
    entry = EVALUATORS.get(game_id)
    if entry is None:
        return None
    if sample is not None:
        try:
            values = entry[0](sample)
            if len(values) != sample.players:
                return None
        except Exception:  # a game changed the fields an evaluator reads: search without the cut-off
            return None
    return entry
