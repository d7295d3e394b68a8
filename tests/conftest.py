"""Shared fixtures: the toy game for engine tests, registered only for the tests that ask for it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from toy_game import TOY  # noqa: E402

from nastolka.engine import Game, registry  # noqa: E402


@pytest.fixture
def toy() -> Iterator[Game]:
    """The toy game, registered for the duration of one test (records need a registered game)."""
    registry._GAMES[TOY.id] = TOY
    try:
        yield TOY
    finally:
        registry._GAMES.pop(TOY.id, None)
