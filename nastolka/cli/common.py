"""Helpers shared by the command modules: option parsing, JSON output, seats, seeds."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.console import Console

from nastolka.engine import Game, NastolkaError, OptionError, get
from nastolka.engine.options import parse_option_pairs

console = Console()
err_console = Console(stderr=True)


def load_game(game_id: str) -> Game:
    return get(game_id)


def parse_options(game: Game, pairs: list[str] | None) -> dict[str, Any]:
    """``--option K=V`` pairs validated against the game's schema (errors name the option)."""
    return game.options.validate(parse_option_pairs(pairs or []))


def split_names(text: str, what: str) -> list[str]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise OptionError(f"--{what} needs at least one name")
    return names


def fresh_seed() -> int:
    """A seed for a new game when the user gave none (recorded, so the game still replays)."""
    return int.from_bytes(os.urandom(4), "big")


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1, default=_default) + "\n")


def _default(obj: Any) -> Any:
    if isinstance(obj, tuple | set | frozenset):
        return list(obj)
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


class CliError(NastolkaError):
    """A command-line usage problem (one line, exit code 2)."""
