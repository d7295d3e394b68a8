"""Complete games played by pressing keys, against bots, for every game (and the engine's toy game)."""

from __future__ import annotations

import pytest
from toy_game import TOY

from nastolka.tui.app import NastolkaApp
from nastolka.tui.result import ResultScreen

from .helpers import GAME_IDS, SIZE, human_turn, make_app, play, registered, screen_text, start, wait_for


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


@pytest.mark.asyncio
async def test_with_a_pace_bots_move_one_by_one_and_the_spinner_shows():
    # a long pace, so a loaded machine still sees the bot thinking before its move lands (4 s was too
    # short once in CI at load 12: the screen took that long to come up)
    app = NastolkaApp([TOY], lang="en", pace=12.0, seed=2, remember=False)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["random", "human", "random"])
        screen = app.screen
        await wait_for(pilot, lambda: screen.thinking == 0)
        assert not screen.session.steps  # the bot's move waits for the pace, the screen keeps drawing
        assert "Random bot Leo is thinking" in screen_text(app)  # two bots: distinct names
        await wait_for(pilot, lambda: human_turn(app), limit=12000)
        assert [s.seat for s in screen.session.steps] == [0]  # one bot move, then me
        screen.pace = 0.01
        await play(pilot)
        assert isinstance(app.screen, ResultScreen)


@pytest.mark.asyncio
async def test_a_click_on_an_action_plays_it():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        screen = app.screen
        second = screen.session.state.legal_ids(0)[1]
        await pilot.click("#actions", offset=(4, 2))  # the second line inside the border
        await wait_for(pilot, lambda: human_turn(app) or isinstance(app.screen, ResultScreen))
        assert screen.session.steps[0].aid == second
