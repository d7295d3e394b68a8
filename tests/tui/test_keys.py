"""Keys that never lose a game by accident: Esc closes the innermost thing, leaving and quitting ask when
moves are unsaved, the result screen goes back to the start, and help and cards are two screens."""

from __future__ import annotations

import pytest
from toy_game import TOY

from nastolka.tui.config import saves_dir
from nastolka.tui.confirm import ConfirmScreen
from nastolka.tui.game_screen import GameScreen
from nastolka.tui.help import HelpScreen
from nastolka.tui.result import ResultScreen
from nastolka.tui.start import StartScreen

from .helpers import SIZE, human_turn, make_app, play, registered, screen_text, start, wait_for


@pytest.mark.asyncio
async def test_escape_on_the_start_screen_and_in_a_game_never_quits():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, StartScreen)
        await start(pilot, ["human", "random"])
        await play(pilot, moves=1)
        await wait_for(pilot, lambda: human_turn(app))
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, GameScreen)


@pytest.mark.asyncio
async def test_leaving_with_unsaved_moves_asks_and_escape_keeps_playing():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await play(pilot, moves=1)
        await wait_for(pilot, lambda: human_turn(app))
        game = app.screen
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Leave the game?" in screen_text(app)
        await pilot.press("escape")  # the innermost thing: the question, not the game
        await pilot.pause()
        assert app.screen is game
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("d")  # leave without saving
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert not list(saves_dir().glob("toy-*.json"))


@pytest.mark.asyncio
async def test_a_saved_game_leaves_without_a_question_and_keeps_one_file():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await play(pilot, moves=1)
        await wait_for(pilot, lambda: human_turn(app))
        await pilot.press("s")
        await pilot.press("s")  # the same game saved again: the same file
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert len(list(saves_dir().glob("toy-*.json"))) == 1


@pytest.mark.asyncio
async def test_ctrl_q_with_unsaved_moves_asks_then_saves_and_quits():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await play(pilot, moves=1)
        await wait_for(pilot, lambda: human_turn(app))
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert not app.is_running
    assert len(list(saves_dir().glob("toy-*.json"))) == 1


@pytest.mark.asyncio
async def test_q_on_the_result_screen_goes_back_to_the_start_screen():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await play(pilot)
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, StartScreen)


@pytest.mark.asyncio
async def test_f1_is_rules_and_keys_c_is_cards():
    game = registered("show_battle")
    assert game is not None
    app = make_app([game], lang="ru")
    async with app.run_test(size=(120, 50)) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.cards is None
        text = screen_text(app)
        assert "Клавиши" in text and "Ctrl+Q" in text
        await pilot.press("escape")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.cards and app.screen.rules is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.asyncio
async def test_solo_only_options_are_offered_only_to_one_player():
    game = registered("show_battle")
    assert game is not None
    app = make_app([game])
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen) and screen.choice is not None
        assert screen.choice.players == 2
        assert not screen.query("#opt-automa_level") and screen.query("#opt-jury_sympathy")
        screen.choice.resize(game, 1)
        await screen.recompose()
        assert screen.query("#opt-automa_level") and not screen.query("#opt-jury_sympathy")


def listed(app) -> list[str]:
    from textual.widgets import OptionList

    files = app.screen.query_one("#files", OptionList)
    return [str(files.get_option_at_index(i).prompt) for i in range(files.option_count)]


def _saved_games(finished_colt: bool = True) -> None:
    """Two saves: a finished toy game and an unfinished Colt Express game in round 1."""
    from nastolka.engine import Rng
    from nastolka.tui.session import Session

    done = Session.new(TOY, ["human", "random"], seed=3)
    rng = Rng(1)
    while not done.state.is_over:
        seat = done.next_seat()
        legal = done.state.legal_ids(seat)
        done.apply(seat, legal[rng.randbelow(len(legal))])
    done.save(saves_dir() / "toy-done.json")
    colt = registered("colt_express")
    assert colt is not None
    going = Session.new(colt, ["human", "random", "random"], seed=5)
    going.apply(going.next_seat(), going.state.legal_ids(going.next_seat())[0])
    going.save(saves_dir() / "colt-going.json")


@pytest.mark.asyncio
async def test_resume_lists_unfinished_games_with_players_and_progress_and_watch_the_finished():
    from nastolka.tui.open_screen import OpenScreen

    _saved_games()
    app = make_app([TOY, registered("colt_express")])
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, OpenScreen)
        rows = listed(app)
        assert len(rows) == 1  # a finished game is not resumable
        assert "Colt Express" in rows[0] and "round 1 of 5, moves: 1" in rows[0] and "Player 1" in rows[0]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        rows = listed(app)
        assert len(rows) == 2 and rows[0].startswith("Toy") and "finished" in rows[0]  # finished first


@pytest.mark.asyncio
async def test_h_shows_what_the_bot_would_play_and_enter_plays_it():
    from nastolka.tui.hint import HintScreen

    game = registered("show_battle")
    assert game is not None
    app = make_app([game])
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.hint_overrides = {"iterations": 40}
        step = screen.session.state.step
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HintScreen))
        hint = app.screen
        assert hint.result.action in screen.session.state.legal_ids(0)
        # the screen is pushed before it is painted: on a loaded machine its first frame can come later
        await wait_for(pilot, lambda: "The bot would play" in screen_text(app))
        text = screen_text(app)
        assert "The bot would play" in text and "Why:" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.session.state.step > step)
        assert screen.session.steps[0].aid == hint.result.action
