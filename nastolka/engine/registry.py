"""The registry of games. A game is one folder under ``nastolka/games`` exposing ``GAME``.

Discovery walks the package, so adding a game never edits a shared list; the engine itself imports no
game (``nastolka.games`` does the walking and calls :func:`register`).
"""

from __future__ import annotations

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, Game] = {}


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
    import importlib

    importlib.import_module("nastolka.games").discover()
