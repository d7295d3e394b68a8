"""Fixtures for the bot tests: the toy game and the simultaneous-choice game, registered per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from nastolka.engine import Game, registry

from .sim_game import SIM


@pytest.fixture
def sim() -> Iterator[Game]:
    registry._GAMES[SIM.id] = SIM
    try:
        yield SIM
    finally:
        registry._GAMES.pop(SIM.id, None)


@pytest.fixture
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bot time budgets at 2% (hard ≈ 10 ms a move) so that whole games take a moment."""
    monkeypatch.setenv("NASTOLKA_BOT_TIME_SCALE", "0.02")
