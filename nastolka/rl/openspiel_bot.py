"""OpenSpiel's ISMCTS as a nastolka bot (``openspiel_ismcts``), so it can sit at our tables and in the arena.

Why wrap rather than reimplement? The point is an outside reference: the search is OpenSpiel's own
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with its ``RandomRolloutEvaluator``, unchanged except
for one thing it lacks: a time budget. :class:`TimedISMCTSBot` runs the very same simulations until a
deadline, so it can be compared with our ``hard`` bot at equal time per move.

(OpenSpiel's C++ ``pyspiel.ISMCTSBot``/``MCTSBot`` crash on Python-implemented games in open_spiel 2.0.2,
so the Python implementations are the ones used here.)

The bot sees only what the seat may see: the search starts from ``resample_from_infostate``, i.e. the
engine's ``determinize(seat)``, exactly like our own ISMCTS; the true state is used only as the template
that determinization resamples. Information-state keys use ``recall=actions`` (own actions and the
current view), the cheapest mode, because within one search that is all the tree needs.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from nastolka.bots.base import register_generic
from nastolka.engine import Game, GameState

from .openspiel import NastolkaSpielState, load


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot with a wall-clock budget (``seconds``) on top of ``max_simulations``."""

    def __init__(self, game: Any, evaluator: Any, uct_c: float, max_simulations: int,
                 seconds: float | None = None, min_simulations: int = 2, **kwargs: Any) -> None:
        super().__init__(game, evaluator, uct_c, max_simulations, **kwargs)
        self.seconds = seconds
        self.min_simulations = min_simulations
        self.last_simulations = 0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        if self.seconds is None:
            return super().run_search(state)
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_simulations = 0
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        n = 0
        while n < self._max_simulations and (n < self.min_simulations or time.perf_counter() < deadline):
            self.run_simulation(self.sample_root_state(state))
            n += 1
        root = self._root_node
        if self._allow_inconsistent_action_sets:
            root = self.filter_illegals(root, legal)
        # the first simulation only expands the root: keep going until a root action has a visit, even
        # past the deadline (a game whose single rollout outlasts the budget would otherwise fail)
        while root.total_visits <= 0 and n < self._max_simulations + 1000:
            self.run_simulation(self.sample_root_state(state))
            n += 1
            root = self.filter_illegals(self._root_node, legal) if self._allow_inconsistent_action_sets \
                else self._root_node
        self.last_simulations = n
        return self.get_final_policy(state, root)


class OpenSpielISMCTS:
    """A nastolka :class:`~nastolka.bots.base.Bot` backed by OpenSpiel's ISMCTS."""

    def __init__(self, game: Game, seed: int = 0, seconds: float | None = 0.5, simulations: int = 1_000_000,
                 uct_c: float = 2.0, rollouts: int = 1, name: str = "openspiel_ismcts") -> None:
        self.game = game
        self.name = name
        self.seconds = seconds
        self.simulations = simulations if seconds is not None else min(simulations, 1000)
        self.uct_c = uct_c
        self.rollouts = rollouts
        self.seed = seed
        self._rs = np.random.RandomState(seed % 2**32)
        self._cache: dict[tuple[int, str], tuple[Any, TimedISMCTSBot]] = {}

    def _bot(self, state: GameState) -> tuple[Any, TimedISMCTSBot]:
        from .spec import options_key

        key = (state.players, options_key(state.options))
        hit = self._cache.get(key)
        if hit is None:
            sgame = load(self.game, state.players, options=dict(state.options), recall="actions")
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts, random_state=self._rs)
            # inconsistent action sets allowed: a game whose legal ids leak hidden information (see
            # tests/rl/test_openspiel.py) would otherwise trip the search's assertions
            bot = TimedISMCTSBot(sgame, evaluator, self.uct_c, self.simulations, seconds=self.seconds,
                                 random_state=self._rs, allow_inconsistent_action_sets=True)
            hit = self._cache[key] = (sgame, bot)
        return hit

    def choose(self, state: GameState, seat: int) -> str:
        legal = state.legal_ids(seat)
        if len(legal) == 1:
            return legal[0]
        sgame, bot = self._bot(state)
        sstate = NastolkaSpielState(sgame)
        sstate.engine = state.clone()
        sstate.first_seat = seat  # with simultaneous decisions ``seat`` may not be first in to_act
        action = bot.step(sstate)
        return sgame.spec.actions.action_id(action)


def make_openspiel_ismcts(game: Game, seed: int = 0, **kwargs: Any) -> OpenSpielISMCTS:
    """Factory for ``make_bot(game, "openspiel_ismcts", seconds=…)``; the default budget is our ``hard``
    bot's (0.5 s times ``NASTOLKA_BOT_TIME_SCALE``), so the two meet at equal time per move."""
    from nastolka.bots.ismcts import time_scale

    scale = time_scale(kwargs.pop("time_scale", None))
    if "iterations" in kwargs:
        kwargs["simulations"] = kwargs.pop("iterations")
        kwargs.setdefault("seconds", None)
    kwargs.setdefault("seconds", 0.5 * scale)
    return OpenSpielISMCTS(game, seed, **kwargs)


def register() -> None:
    """Register ``openspiel_ismcts`` as a generic bot (done on import; callable again, e.g. by tests)."""
    register_generic("openspiel_ismcts", make_openspiel_ismcts)


register()
