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


#: ``policy:PATH`` / ``policy:NAME``: a trained policy file (``nastolka.rl.policy``, numpy only)
POLICY_PREFIX = "policy:"


def bot_names(game: Game) -> list[str]:
    """Every bot name a seat of ``game`` may take, registered trained policies included."""
    _load_generic()
    from nastolka.rl.policy import registered_for

    return sorted(set(_GENERIC) | set(game.bots)) + registered_for(game)


def make_bot(game: Game, name: str, seed: int = 0, **kwargs: Any) -> Bot:
    """Build a bot by name for ``game``; a game's own bots take precedence over generic ones."""
    _load_generic()
    if name.startswith(POLICY_PREFIX):
        from nastolka.rl.policy import make_policy_bot

        return make_policy_bot(game, name, seed, **kwargs)
    if name not in game.bots and name not in _GENERIC and name in _LAZY:
        module = importlib.import_module(_LAZY[name])
        module.register()  # idempotent: registers the bot again if a test removed it after import
    factory = game.bots.get(name) or _GENERIC.get(name)
    if factory is None:
        raise NastolkaError(f"unknown bot {name!r} for {game.id} (available: {', '.join(bot_names(game))})")
    return factory(game, seed, **kwargs)


def check_seat_bot(game: Game, name: str, players: int, options: dict[str, Any] | None = None) -> Bot:
    """Build a bot and let it refuse a table it cannot play at (a policy trained for another count)."""
    bot = make_bot(game, name, 0)
    check = getattr(bot, "check_table", None)
    if check is not None:
        check(players, options)
    return bot


def _load_generic() -> None:
    from . import random_bot  # noqa: F401  (registers itself)
    try:
        from . import levels  # noqa: F401
    except ImportError:
        pass
