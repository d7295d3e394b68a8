"""The registry of games. A game is one folder under ``nastolka/games`` exposing ``GAME``.

Discovery walks the package, so adding a game never edits a shared list. The engine itself imports no
game and names none: whoever provides games adds a *discoverer* (:func:`add_discoverer`), which the
registry calls the first time someone looks a game up. The package root ``nastolka/__init__.py`` adds
the one that walks ``nastolka/games``; a test or a plug-in may add its own or call :func:`register`.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}
_DISCOVERERS: list[Callable[[], None]] = []


def add_discoverer(discover: Callable[[], None]) -> None:
    """Call ``discover`` (which registers games) before the next lookup; adding one twice is harmless."""
    if discover not in _DISCOVERERS:
        _DISCOVERERS.append(discover)


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none installed"
        raise UnknownGame(f"unknown game {game_id!r} (installed: {known})") from None


def all_games() -> list[Game]:
    _load()
    return [_GAMES[k] for k in sorted(_GAMES)]


def _load() -> None:
    for discover in _DISCOVERERS:
        discover()  # each discoverer remembers that it ran
