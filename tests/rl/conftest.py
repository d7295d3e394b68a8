"""Shared cases for the RL adapter tests: every registered game at every player count, plus the toy game.

The toy game gets an enumeration hook here (it lives in ``tests/``, not in the package), which also
exercises the hook path; the real games use their hook modules or frozen vocabularies.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toy_game import TOY

from nastolka.engine import Game, all_games, format_id, registry
from nastolka.rl import spaces


def toy_action_ids(players: int, options: dict) -> list[str]:
    return [format_id(verb, card=c) for verb in ("play", "discard") for c in range(1, 4 * players + 1)]


spaces.register("toy", toy_action_ids)

GAMES: list[Game] = [*all_games(), TOY]
CASES: list[tuple[Game, int]] = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
TWO: list[tuple[Game, int]] = [(g, 2 if g.min_players <= 2 <= g.max_players else g.min_players)
                               for g in GAMES]

SOLO: list[tuple[Game, int]] = [(g, 1) for g in GAMES if g.min_players == 1]


def case_id(case: tuple[Game, int]) -> str:
    return f"{case[0].id}-{case[1]}p"


@pytest.fixture(autouse=True)
def _no_leaked_generic_bots() -> Iterator[None]:
    """Tests here register ``openspiel_ismcts``; remove it afterwards so other test folders (the TUI's
    bot list, the server's API) see the same generic bots as in production, where it is opt-in."""
    from nastolka.bots import base

    base._load_generic()  # the production bots first, so only what these tests add is removed
    before = set(base._GENERIC)
    yield
    for name in set(base._GENERIC) - before:
        base._GENERIC.pop(name, None)


@pytest.fixture(autouse=True)
def _toy_registered() -> Iterator[None]:
    registry._GAMES[TOY.id] = TOY
    yield
    registry._GAMES.pop(TOY.id, None)
