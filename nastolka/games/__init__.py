"""Games: each subpackage exposes ``GAME`` (a :class:`nastolka.engine.Game`); discovery registers them."""

from __future__ import annotations

import importlib
import pkgutil

from nastolka.engine.game import Game
from nastolka.engine.registry import all_games, get, register

_discovered = False


def discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            register(game)


__all__ = ["all_games", "discover", "get"]
