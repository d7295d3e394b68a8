"""The bot interface and the bot registry shared by every game.

A bot answers ``choose(state, seat) -> action id``. It must act only on what ``seat`` may know: it reads
``state.view(seat)`` / ``state.legal_ids(seat)`` or searches ``state.determinize(seat, rng)``, never the
true hidden parts. Generic bots (``random`` …) work for every game; a game adds its own (``heuristic``)
through ``Game.bots``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from nastolka.engine import Game, GameState, NastolkaError

BotFactory = Callable[..., "Bot"]


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, seat: int) -> str: ...


_GENERIC: dict[str, BotFactory] = {}
#: research bots loaded only when asked for by name (heavy imports; not offered to players in menus)
_LAZY = {"openspiel_ismcts": "nastolka.rl.openspiel_bot"}


def register_generic(name: str, factory: BotFactory) -> None:
    _GENERIC[name] = factory


def bot_names(game: Game) -> list[str]:
    _load_generic()
    return sorted(set(_GENERIC) | set(game.bots))


def make_bot(game: Game, name: str, seed: int = 0, **kwargs: Any) -> Bot:
    """Build a bot by name for ``game``; a game's own bots take precedence over generic ones."""
    _load_generic()
    if name not in game.bots and name not in _GENERIC and name in _LAZY:
        module = importlib.import_module(_LAZY[name])
        module.register()  # idempotent: registers the bot again if a test removed it after import
    factory = game.bots.get(name) or _GENERIC.get(name)
    if factory is None:
        raise NastolkaError(f"unknown bot {name!r} for {game.id} (available: {', '.join(bot_names(game))})")
    return factory(game, seed, **kwargs)


def _load_generic() -> None:
    from . import random_bot  # noqa: F401  (registers itself)
    try:
        from . import levels  # noqa: F401
    except ImportError:
        pass
