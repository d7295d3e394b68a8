"""Position evaluators for the ISMCTS depth cut-off, from each game's ``Game.progress``.

Why a cut-off: a playout to the end is the only evaluation that knows nothing about a game, and in long
games (TaleSpin's ~120 plies) it is too slow and too noisy for a 0.5 s search. Stopping a playout after
some plies (the game's ``bot_tuning`` says how many, as ``cutoff``) and scoring the position with a little
game knowledge buys many more iterations. The knowledge is the game's own (``progress``, in its folder,
reading the determinized state); this module only turns it into rewards and checks it works.

An evaluator returns one reward per seat in [0, 1], comparable to ``ismcts.rewards_of`` at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nastolka.engine import Game, GameState

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


class ProgressRewards:
    """A game's ``progress`` as rewards: each seat's lead over the others (a class, not a closure, so a
    search's settings pickle to its worker processes)."""

    def __init__(self, progress: Callable[[GameState], Sequence[float]]) -> None:
        self.progress = progress

    def __call__(self, state: GameState) -> list[float]:
        return _relative(self.progress(state), 1.0)


def evaluator_for(game: Game, sample: GameState | None = None) -> Evaluator | None:
    """The cut-off evaluator of a game (its ``progress`` as rewards), checked on ``sample`` if given
    (``None`` if the game has none, or if it fails or miscounts on the sample)."""
    if game.progress is None:
        return None
    evaluate = ProgressRewards(game.progress)
    if sample is not None:
        try:
            if len(evaluate(sample)) != sample.players:
                return None
        except Exception:  # noqa: BLE001 - a progress that does not fit the state: search without the cut-off
            return None
    return evaluate
