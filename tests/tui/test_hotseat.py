"""Hotseat: when the next human is another person, a cover hides the previous player's hand."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static
from toy_game import TOY

from nastolka.tui.cover import CoverScreen
from nastolka.tui.game_screen import GameScreen

from .helpers import SIZE, human_turn, make_app, registered, screen_text, start, wait_for


def hand_text(screen: GameScreen) -> str:
    """What the hand panel shows, read from the terminal itself."""
    app = screen.app
    region = screen.query_one("#hand").region
    lines = screen_text(app).splitlines()[region.y:region.bottom]
    return "\n".join(line[region.x:region.right] for line in lines)


@pytest.mark.asyncio
async def test_cover_hides_the_previous_hand_until_a_key():
    app = make_app([TOY], seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "human"])
        # the very first human is also greeted by a cover: nobody's hand is on screen before a key
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen))
        await pilot.press("space")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.shown == 0
        hand0 = [str(c) for c in game.session.state.view(0)["hand"]]
        assert all(card in hand_text(game) for card in hand0)

        await pilot.press("enter")  # seat 0 plays; seat 1 (another person) is next
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen))
        cover = app.screen
        assert "Player 2" in str(cover.query_one("#cover-title", Static).render())
        # behind the cover the game screen no longer holds seat 0's hand, and no actions are offered
        assert game.shown is None
        covered = screen_text(app)
        assert "Player 2" in covered and "hand" not in covered.lower().replace("previous player's hand", "")
        content = game.query_one("#hand", Static).content
        assert "hidden" in str(getattr(content, "plain", content))
        assert game.query_one("#actions", OptionList).option_count == 0
        # the private log of seat 0 is gone too (only public events remain)
        assert all(s.seat in (0, 1) for s in game.session.steps)

        await pilot.press("x")
        await pilot.pause()
        assert app.screen is game and game.shown == 1
        hand1 = [str(c) for c in game.session.state.view(1)["hand"]]
        assert all(card in hand_text(game) for card in hand1)
        assert game.query_one("#actions", OptionList).option_count > 0


@pytest.mark.asyncio
async def test_no_cover_against_bots():
    app = make_app([TOY], seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause(0.01)
            assert not isinstance(app.screen, CoverScreen)


def log_text(screen: GameScreen) -> str:
    from textual.widgets import RichLog

    return "".join(strip.text for strip in screen.query_one("#log", RichLog).lines).replace(" ", "")


@pytest.mark.asyncio
async def test_next_player_reads_no_private_event_of_the_previous_one():
    game = registered("show_battle")
    if game is None:
        pytest.skip("show_battle is not registered yet")
    app = make_app([game], seed=8)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "human"])
        await wait_for(pilot, lambda: isinstance(app.screen, CoverScreen))
        await pilot.press("space")
        await wait_for(pilot, lambda: human_turn(app))
        screen = app.screen
        first = screen.session.next_seat()
        while True:  # the first player plays a whole turn (placement, maybe effects, token, draw)
            await pilot.press("enter")
            await wait_for(pilot, lambda: human_turn(app) or isinstance(app.screen, CoverScreen))
            if isinstance(app.screen, CoverScreen):
                break
        private = [screen.session.state.event_text(e, "en").replace(" ", "")
                   for step in screen.session.steps for e in step.events if e.seats == (first,)]
        assert private, "a turn of Show Battle ends with a private draw"
        await pilot.press("space")
        await wait_for(pilot, lambda: human_turn(app))
        assert screen.shown != first
        seen = log_text(screen)
        assert all(text[:30] not in seen for text in private)
