"""The bot interface and the bot registry shared by every game.

A bot answers ``choose(state, seat) -> action id``. It must act only on what ``seat`` may know: it reads
``state.view(seat)`` / ``state.legal_ids(seat)`` or searches ``state.determinize(seat, rng)``, never the
true hidden parts. Generic bots (``random`` …) work for every game; a game adds its own (``heuristic``)
through ``Game.bots``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from nastolka.engine import Game, GameState, NastolkaError

BotFactory = Callable[..., "Bot"]


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, seat: int) -> str: ...


_GENERIC: dict[str, BotFactory] = {}
#: research bots loaded only when asked for by name (heavy imports; not offered to players in menus):
#: bot name -> module with ``register()``. Filled by the layer that owns them (``register_lazy``), so this
#: service layer names no client package.
_LAZY: dict[str, str] = {}


def register_lazy(name: str, module: str) -> None:
    """Make ``make_bot(game, name)`` import ``module`` and call its ``register()`` on first use."""
    _LAZY[name] = module


def register_generic(name: str, factory: BotFactory) -> None:
    _GENERIC[name] = factory


#: ``policy:PATH`` / ``policy:NAME``: a trained policy file (a bot family provided by the RL adapters)
POLICY_PREFIX = "policy:"


@dataclass(frozen=True)
class BotFamily:
    """Bots whose names start with ``prefix``, provided by another layer (trained policies live in the RL
    adapters). Each hook is ``"module:function"``, imported on first use, so this service layer names no
    client package and loads nothing heavy until such a bot is asked for:

    * ``names(game) -> list[str]``: the family's names offered for ``game``;
    * ``make(game, name, seed, **kwargs) -> Bot``;
    * ``prepare(names) -> Any``: what batch workers need to build these bots (or None).
    """

    prefix: str
    names: str
    make: str
    prepare: str

    def call(self, hook: str, *args: Any, **kwargs: Any) -> Any:
        module, _, function = getattr(self, hook).partition(":")
        return getattr(importlib.import_module(module), function)(*args, **kwargs)


_FAMILIES: dict[str, BotFamily] = {}


def register_family(family: BotFamily) -> None:
    _FAMILIES[family.prefix] = family


def family_of(name: str) -> BotFamily | None:
    """The bot family a name belongs to (by its prefix), if any."""
    return next((f for prefix, f in _FAMILIES.items() if name.startswith(prefix)), None)


def bot_names(game: Game) -> list[str]:
    """Every bot name a seat of ``game`` may take, registered trained policies included."""
    _load_generic()
    family_names = [n for family in _FAMILIES.values() for n in family.call("names", game)]
    return sorted(set(_GENERIC) | set(game.bots)) + family_names


def make_bot(game: Game, name: str, seed: int = 0, **kwargs: Any) -> Bot:
    """Build a bot by name for ``game``; a game's own bots take precedence over generic ones."""
    _load_generic()
    family = family_of(name)
    if family is not None:
        bot: Bot = family.call("make", game, name, seed, **kwargs)
        return bot
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
