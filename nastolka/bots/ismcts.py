"""Information-set Monte Carlo tree search (multi-observer ISMCTS) for every game on the engine.

Why this design (the long form is in ``docs/bots.md``):

* **Only determinizations are searched.** Each iteration starts from ``state.determinize(seat, rng)``
  with ``rng`` drawn from the bot's own seed, never from the true state: hidden cards are resampled and
  future chance is reseeded, so the search cannot see what ``seat`` does not know. Every later step uses
  the determinized copy only.
* **One tree per seat (MO-ISMCTS).** Each seat has its own tree whose edges are what *that seat* observes:
  its own moves by action id, other seats' moves by the events the move produced that are visible to it
  (``Event.seats``). A face-down play or a secret simultaneous choice therefore leads to one node in the
  other seats' trees, so no seat's search conditions on a choice it could not see (the classic
  "strategy fusion" leak of a single action-keyed tree). The acting seat selects in its own tree; all
  trees descend together.
* **Chance** is settled by the engine inside ``apply``; determinization reseeds the state's RNG, so each
  iteration samples a fresh future. Chance outcomes a seat observes show up as events and split only the
  trees of the seats that saw them.
* **Simultaneous decisions** are sequentialised as the match runner does (``to_act[0]`` acts first); the
  seats that act later cannot see the earlier hidden choice because of the observation keys above. At the
  root the searching seat acts first, whatever its place in ``to_act``.
* **Selection** is UCB1 with availability counts (a subset-armed bandit: an action is only a candidate in
  the determinizations where it is legal). Rewards are per seat in ``[0, 1]`` from the final ranks (ties
  share), blended with a little of the normalised score so that a search whose rollouts all win or all
  lose still prefers the bigger margin.
* **Budget** by iterations (deterministic for a seed) or by seconds (stops early enough to return inside
  the budget: it predicts the next iteration from the mean so far). ``jobs > 1`` runs independent searches
  in forked processes (root parallelism) and sums the root statistics.

Speed: the loop lives in ``search_loop.py``, compiled with the rules. Per iteration one ``determinize``
(a clone), then the engine's fast interface: edges keyed by ``legal_keys`` (a game's integer codes or the
ids: the same actions either way), ``apply_index`` in the trees (which need the events), ``play_index``
in the random rollout (no ids, no events built).
"""

from __future__ import annotations

import gc
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from nastolka.engine import Game, GameState, NastolkaError, Rng

from . import search_loop
from .search_loop import obs_key as _obs_key  # noqa: F401  (tests and docs name it here)
from .search_loop import rewards_of

#: ``evaluator(state) -> rewards per seat in [0, 1]`` used at the rollout depth cut-off.
Evaluator = Callable[[GameState], Sequence[float]]


class BotError(NastolkaError):
    """A bot was asked for a decision it cannot make (the game is over, or it is not that seat's turn)."""


@dataclass(frozen=True)
class IsmctsConfig:
    """Everything that shapes a search; picklable so that worker processes get the same settings.

    ``iterations`` and ``seconds`` may both be set: the search stops at whichever comes first. With only
    ``iterations`` the search is deterministic for a given seed.
    """

    iterations: int | None = None
    seconds: float | None = 0.5
    jobs: int = 1
    #: ``"random"`` (uniform) or ``"heuristic"`` (the game's ``heuristic`` bot, ``epsilon`` random moves)
    rollout: str = "random"
    epsilon: float = 0.0
    #: with ``rollout="heuristic"``: guided plies at the start of a playout, then uniform random
    #: (``None``: guided to the end). The heuristic is best near the tree; far from it speed wins.
    heuristic_plies: int | None = None
    #: UCB exploration constant for rewards in [0, 1]
    c: float = 0.7
    #: weight of the normalised score in the reward (the rest comes from the ranks)
    score_weight: float = 0.1
    #: plies of rollout before ``evaluator`` is asked (``None``: play to the end)
    rollout_depth: int | None = None
    #: a callable, or ``"provisional"``: the game's result computed on the unfinished state (scores so far)
    evaluator: Evaluator | str | None = None
    #: ``"events"`` (multi-observer trees keyed by visible events) or ``"actions"`` (every seat sees ids)
    observation: str = "events"
    #: part of the time budget kept back for the return trip (process start, merging)
    safety: float = 0.15

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("ISMCTS needs an iteration budget, a time budget, or both")
        if self.rollout not in {"random", "heuristic"}:
            raise ValueError(f"unknown rollout policy {self.rollout!r} (random, heuristic)")
        if self.observation not in {"events", "actions"}:
            raise ValueError(f"unknown observation model {self.observation!r} (events, actions)")
        if self.jobs < 1:
            raise ValueError("jobs must be at least 1")


@dataclass
class ActionStat:
    """Root statistics of one action: how often the search tried it and its mean reward for the seat."""

    action: str
    visits: int
    value: float

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "visits": self.visits, "value": round(self.value, 4)}


@dataclass
class SearchResult:
    """The recommended action and the evidence for it (``stats`` sorted by visits, best first)."""

    action: str
    stats: list[ActionStat] = field(default_factory=list)
    iterations: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "iterations": self.iterations, "seconds": round(self.seconds, 4),
                "stats": [s.to_json() for s in self.stats]}


# ------------------------------------------------------------------------------------------ search
def provisional_rewards(state: GameState) -> list[float]:
    """Rewards from the result the game would give if it stopped now (its scores so far).

    Many games can score an unfinished position (Show Battle's strengths, loot collected so far); where
    the rules' result is meaningless mid-game this evaluator is simply not chosen for that game. Half the
    reward comes from the score margin, because a lead in the middle of a game is worth less than a win.
    """
    return rewards_of(state._result(), state.players, 0.5)


def _resolve_evaluator(evaluator: Evaluator | str | None) -> Evaluator | None:
    if evaluator is None or callable(evaluator):
        return evaluator
    if evaluator == "provisional":
        return provisional_rewards
    raise ValueError(f"unknown evaluator {evaluator!r} (a callable or 'provisional')")


def _rollout_policy(game: Game, config: IsmctsConfig, rng: Rng) -> Callable[[GameState, int], str] | None:
    """The playout policy, or ``None`` for the inlined uniform random policy (the fast path)."""
    if config.rollout == "random":
        return None
    factory = game.bots.get("heuristic")
    if factory is None:
        return None
    bot = factory(game, rng.next_u64() & 0xFFFFFFFF)
    eps = config.epsilon
    choose: Callable[[GameState, int], str] = bot.choose
    if eps <= 0:
        return choose

    def policy(state: GameState, seat: int) -> str:
        if rng.random() < eps:
            ids = state.legal_ids(seat)
            return ids[rng.randbelow(len(ids))]
        return choose(state, seat)

    return policy


def _search(state: GameState, seat: int, config: IsmctsConfig, seed: int,
            iterations: int | None, deadline: float | None) -> tuple[dict[str, tuple[int, float]], int]:
    """One single-process search; returns ``{action: (visits, total reward)}`` at the root and the count.

    The loop itself is ``search_loop.run`` (compiled with the rules when a compiler is there)."""
    rng = Rng(seed)
    policy = _rollout_policy(state.game, config, rng.spawn())
    evaluator = _resolve_evaluator(config.evaluator)
    cut = config.rollout_depth if evaluator is not None else None
    # playout moves need no replayable stream of their own: the C-implemented generator (seeded from the
    # bot's RNG, so still deterministic) costs a fraction of SplitMix in pure Python
    rand = random.Random(rng.next_u64()).random
    return search_loop.run(
        state, seat, rng, rand, time.perf_counter,
        -1 if iterations is None else iterations, -1.0 if deadline is None else deadline,
        config.c, config.score_weight, config.observation == "events", policy,
        -1 if config.heuristic_plies is None else config.heuristic_plies, -1 if cut is None else cut,
        evaluator)


def _worker(payload: tuple[GameState, int, IsmctsConfig, int, int | None,
                           float | None]) -> tuple[dict[str, tuple[int, float]], int]:
    state, seat, config, seed, iterations, seconds = payload  # the state pickles its history flat itself
    deadline = None if seconds is None else time.perf_counter() + seconds
    gc.disable()
    try:
        return _search(state, seat, config, seed, iterations, deadline)
    finally:
        gc.enable()


_POOLS: dict[int, Any] = {}


def _pool(jobs: int) -> Any:
    """A forked process pool kept for the life of the process (starting one per move costs ~50 ms)."""
    pool = _POOLS.get(jobs)
    if pool is None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method))
        _POOLS[jobs] = pool
    return pool


def search(state: GameState, seat: int, config: IsmctsConfig, seed: int = 0) -> SearchResult:
    """Search from ``seat``'s information set in ``state`` and recommend an action.

    ``state`` may be the true state: only ``legal_ids(seat)`` and ``determinize(seat, ·)`` are used.
    """
    started = time.perf_counter()
    if state.is_over:
        raise BotError("the game is over: there is nothing to decide")
    if seat not in state.to_act:
        raise BotError(f"seat {seat} does not decide now (waiting for seat "
                       f"{', '.join(str(s) for s in state.to_act)})")
    legal = state.legal_ids(seat)
    if len(legal) == 1:
        return SearchResult(legal[0], [ActionStat(legal[0], 0, 0.0)], 0, time.perf_counter() - started)
    budget = None
    if config.seconds is not None:
        budget = max(0.0, config.seconds * (1 - config.safety) - 0.005)
    rng = Rng(seed)
    jobs = config.jobs
    totals: dict[str, list[float]] = {}
    iterations = 0
    if jobs == 1:
        deadline = None if budget is None else started + budget
        # trees hold no reference cycles: the cyclic collector only costs time (and pauses) here
        gc_was_on = gc.isenabled()
        gc.disable()
        try:
            root, iterations = _search(state, seat, config, rng.next_u64(), config.iterations, deadline)
        finally:
            if gc_was_on:
                gc.enable()
        parts = [root]
    else:
        seeds = [rng.next_u64() for _ in range(jobs)]
        shares: list[int | None] = [None] * jobs
        if config.iterations is not None:
            base, extra = divmod(config.iterations, jobs)
            shares = [base + (1 if j < extra else 0) for j in range(jobs)]
        remaining = None if budget is None else max(0.0, budget - (time.perf_counter() - started) - 0.02)
        worker_config = replace(config, jobs=1)
        payloads = [(state, seat, worker_config, seeds[j], shares[j], remaining) for j in range(jobs)]
        parts = []
        for root, count in _pool(jobs).map(_worker, payloads):
            parts.append(root)
            iterations += count
    for root in parts:
        for a, (n, w) in root.items():
            t = totals.setdefault(a, [0, 0.0])
            t[0] += n
            t[1] += w
    stats = [ActionStat(a, int(totals[a][0]) if a in totals else 0,
                        totals[a][1] / totals[a][0] if a in totals and totals[a][0] else 0.0) for a in legal]
    order = {a: i for i, a in enumerate(legal)}
    stats.sort(key=lambda s: (-s.visits, -s.value, order[s.action]))
    return SearchResult(stats[0].action, stats, iterations, time.perf_counter() - started)


class IsmctsBot:
    """A bot that answers by ISMCTS; ``analyse`` returns the visit counts and values behind the choice.

    Each call draws its search seed from the bot's own RNG, so a bot built with the same seed and an
    iteration budget replays the same choices for the same sequence of questions.
    """

    def __init__(self, game: Game | None = None, seed: int = 0, *, name: str = "ismcts",
                 config: IsmctsConfig | None = None, **settings: Any) -> None:
        self.name = name
        self.game = game
        self.config = config if config is not None else IsmctsConfig(**settings)
        self.rng = Rng(seed)
        self.last: SearchResult | None = None

    def analyse(self, state: GameState, seat: int) -> SearchResult:
        result = search(state, seat, self.config, self.rng.next_u64())
        self.last = result
        return result

    def choose(self, state: GameState, seat: int) -> str:
        return self.analyse(state, seat).action


def time_scale(override: float | None = None) -> float:
    """Multiplier for bot time budgets: an explicit value, else ``NASTOLKA_BOT_TIME_SCALE``, else 1."""
    if override is not None:
        return float(override)
    raw = os.environ.get("NASTOLKA_BOT_TIME_SCALE", "").strip()
    if not raw:
        return 1.0
    try:
        value = float(raw)
    except ValueError:
        raise NastolkaError(f"NASTOLKA_BOT_TIME_SCALE must be a number, not {raw!r}") from None
    if value <= 0:
        raise NastolkaError("NASTOLKA_BOT_TIME_SCALE must be positive")
    return value
