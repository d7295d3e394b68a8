"""Difficulty levels for every game: ``easy``, ``normal``, ``hard``, ``expert`` (``random`` is generic too).

Why levels are built here and not per game: the ladder must mean the same thing in every game (a player
who beats ``normal`` in one game knows what ``hard`` is in another), and a new game gets all four the
moment it registers a ``heuristic`` bot.

* ``easy``   — the game's heuristic, but one move in three is random (random if the game has no heuristic);
* ``normal`` — the game's heuristic (a 100-iteration ISMCTS if the game has none);
* ``hard``   — ISMCTS, about 0.5 s per move, random playouts (a cut-off evaluator where it measured better);
* ``expert`` — ISMCTS, about 2 s per move, playouts guided by the heuristic for their first plies.

Time budgets scale with ``time_scale=`` (kwarg) or ``NASTOLKA_BOT_TIME_SCALE`` so that tests and arena
runs can play quickly; ``seconds=``/``iterations=``/``jobs=`` override the budget of one bot.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Game, GameState, Rng

from .base import Bot, register_generic
from .evaluators import evaluator_for
from .ismcts import IsmctsBot, time_scale
from .random_bot import RandomBot

#: base seconds per move of the search levels (before the time scale)
BUDGETS = {"hard": 0.5, "expert": 2.0}
EASY_NOISE = 1 / 3


class NoisyBot:
    """Plays ``inner``'s move, except that with probability ``noise`` it plays a uniformly random one."""

    def __init__(self, inner: Bot, seed: int, noise: float, name: str) -> None:
        self.inner = inner
        self.noise = noise
        self.name = name
        self.rng = Rng(seed ^ 0x5EED)

    def choose(self, state: GameState, seat: int) -> str:
        if self.rng.random() < self.noise:
            legal = state.legal_ids(seat)
            return legal[self.rng.randbelow(len(legal))]
        return self.inner.choose(state, seat)


class NamedBot:
    """A game's own bot under a level name (so that reports say ``normal``, not ``heuristic``)."""

    def __init__(self, inner: Bot, name: str) -> None:
        self.inner = inner
        self.name = name

    def choose(self, state: GameState, seat: int) -> str:
        return self.inner.choose(state, seat)


def _heuristic(game: Game, seed: int) -> Bot | None:
    factory = game.bots.get("heuristic")
    return None if factory is None else factory(game, seed)


#: search settings per level; each game's ``bot_tuning`` (its descriptor) overrides them, chosen with arena
#: runs (docs/bots.md). ``cutoff=N`` stops playouts after N plies and scores them with the game's
#: ``progress`` (``evaluators.py``).
LEVEL_SETTINGS: dict[str, dict[str, Any]] = {
    "hard": {"rollout": "random"},
    "expert": {"rollout": "heuristic", "epsilon": 0.1, "heuristic_plies": 10},
}


def search_settings(level: str, game: Game, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The ISMCTS settings of a level for a game, with the caller's overrides applied."""
    scale = time_scale(kwargs.pop("time_scale", None))
    settings: dict[str, Any] = {"seconds": BUDGETS[level] * scale}
    settings.update(LEVEL_SETTINGS[level])
    settings.update(game.bot_tuning.get(level, {}))
    if settings.get("rollout") == "heuristic" and "heuristic" not in game.bots:
        settings["rollout"] = "random"
        settings.pop("heuristic_plies", None)
    cutoff = settings.pop("cutoff", None)
    if cutoff:
        evaluator = evaluator_for(game)
        if evaluator is not None:
            settings.setdefault("evaluator", evaluator)
            settings.setdefault("rollout_depth", int(cutoff))
    settings.update(kwargs)
    if "iterations" in kwargs and "seconds" not in kwargs:
        settings["seconds"] = None
    return settings


def make_easy(game: Game, seed: int = 0, **kwargs: Any) -> Bot:
    inner = _heuristic(game, seed)
    if inner is None:
        bot = RandomBot(seed)
        bot.name = "easy"
        return bot
    return NoisyBot(inner, seed, float(kwargs.get("noise", EASY_NOISE)), "easy")


def make_normal(game: Game, seed: int = 0, **kwargs: Any) -> Bot:
    inner = _heuristic(game, seed)
    if inner is None:
        return IsmctsBot(game, seed, name="normal", iterations=100, seconds=None)
    return NamedBot(inner, "normal")


def make_hard(game: Game, seed: int = 0, **kwargs: Any) -> Bot:
    return IsmctsBot(game, seed, name="hard", **search_settings("hard", game, dict(kwargs)))


def make_expert(game: Game, seed: int = 0, **kwargs: Any) -> Bot:
    return IsmctsBot(game, seed, name="expert", **search_settings("expert", game, dict(kwargs)))


def make_ismcts(game: Game, seed: int = 0, **kwargs: Any) -> Bot:
    """The raw search bot with explicit settings (``iterations``, ``seconds``, ``rollout`` …)."""
    settings = dict(kwargs)
    scale = time_scale(settings.pop("time_scale", None))
    settings.setdefault("seconds", 0.5 * scale)
    if "iterations" in kwargs and "seconds" not in kwargs:
        settings["seconds"] = None
    return IsmctsBot(game, seed, name="ismcts", **settings)


register_generic("easy", make_easy)
register_generic("normal", make_normal)
register_generic("hard", make_hard)
register_generic("expert", make_expert)
register_generic("ismcts", make_ismcts)
