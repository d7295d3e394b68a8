"""Complete games played by pressing keys, against bots, for every game (and the engine's toy game)."""

from __future__ import annotations

import pytest
from toy_game import TOY

from nastolka.tui.result import ResultScreen

from .helpers import GAME_IDS, SIZE, make_app, play, registered, start, wait_for


@pytest.mark.asyncio
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_full_game_against_random_bots(game_id):
    game = registered(game_id)
    if game is None:
        pytest.skip(f"{game_id} is not registered yet")
    app = make_app([game])
    async with app.run_test(size=SIZE) as pilot:
        players = min(max(3, game.min_players), game.max_players)
        await start(pilot, ["human"] + ["random"] * (players - 1))
        moves = await play(pilot)
        assert moves > 0
        assert isinstance(app.screen, ResultScreen)
        session = app.screen.session
        assert session.state.is_over
        assert session.record().result is not None


@pytest.mark.asyncio
async def test_toy_game_to_the_end_and_back_to_start():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random", "random"])
        await play(pilot)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen"


@pytest.mark.asyncio
async def test_bots_only_game_is_watched_to_the_end_without_covers():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["random", "random"])
        await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert app.screen.session.state.is_over
