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


@pytest.fixture(autouse=True)
def _own_settings(tmp_path_factory, monkeypatch):
    """Commands remember ``--lang`` in the settings file: tests use their own, never the user's, and
    start from English whatever the machine's locale."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
