"""The ``openspiel_ismcts`` arena entry and the throughput benchmark."""

from __future__ import annotations

import pytest

from nastolka.bots.base import make_bot
from nastolka.engine import Game
from nastolka.match import run_match
from nastolka.rl.bench import bench_env

from .conftest import TWO, case_id


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_openspiel_ismcts_bot_plays_a_match(case: tuple[Game, int]) -> None:
    from nastolka.rl import openspiel_bot

    openspiel_bot.register()  # imported inside tests only: registration must not leak into other folders
    game, n = case
    bots = [make_bot(game, "openspiel_ismcts", seed=1, iterations=6)] + \
        [make_bot(game, "random", seed=s) for s in range(1, n)]
    assert bots[0].name == "openspiel_ismcts"
    final = run_match(game, bots, seed=3)
    assert final.is_over


def test_time_budget_is_respected() -> None:
    import time

    from nastolka.engine import all_games
    from nastolka.rl import openspiel_bot

    openspiel_bot.register()
    game = next((g for g in all_games() if g.id == "show_battle"), None)
    if game is None:
        pytest.skip("show_battle not registered")
    bot = make_bot(game, "openspiel_ismcts", seed=0, seconds=0.05)
    state = game.new(2, seed=1)
    seat = state.to_act[0]
    started = time.perf_counter()
    bot.choose(state, seat)
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("case", TWO, ids=case_id)
def test_bench_env(case: tuple[Game, int]) -> None:
    game, n = case
    result = bench_env(game.id, 0.2, players=n)
    assert result["steps"] > 0 and result["steps_per_second"] > 0 and result["players"] == n
