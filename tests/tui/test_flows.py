"""Save, resume, replay, help, undo, pace and language — each driven by keys like a player would."""

from __future__ import annotations

import json

import pytest
from toy_game import TOY

from nastolka.engine import Record
from nastolka.tui.app import NastolkaApp
from nastolka.tui.config import saves_dir
from nastolka.tui.game_screen import GameScreen
from nastolka.tui.help import HelpScreen
from nastolka.tui.replay import ReplayScreen
from nastolka.tui.start import StartScreen

from .helpers import SIZE, human_turn, make_app, play, registered, screen_text, start, wait_for


@pytest.mark.asyncio
async def test_save_leave_and_resume():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random", "random"], options={"hand": 3})
        await play(pilot, moves=1)
        await wait_for(pilot, lambda: human_turn(app))
        step = app.screen.session.state.step
        await pilot.press("q")  # leaving an unfinished game asks; "s" saves it and leaves
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        saved = sorted(saves_dir().glob("toy-*.json"))
        assert saved
        app.open_record(saved[-1], replay=False)
        await wait_for(pilot, lambda: human_turn(app))
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.state.step == step
        assert app.screen.session.seats == ["human", "random", "random"]


@pytest.mark.asyncio
async def test_replay_viewer_steps_both_ways(tmp_path):
    game = registered("show_battle") or TOY
    app = make_app([game])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await play(pilot, moves=3)
        await wait_for(pilot, lambda: human_turn(app))
        record = app.screen.session.record()
        path = tmp_path / "r.json"
        record.save(path)
        app.open_record(path, replay=True)
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ReplayScreen)
        assert viewer.index == 0
        await pilot.press("right", "right", "right")
        assert viewer.index == 3
        await pilot.press("left")
        assert viewer.index == 2
        await pilot.press("end")
        assert viewer.index == len(record.actions)
        await pilot.press("1")  # players are counted from 1 on screen
        assert viewer.eyes == 0
        await pilot.press("a")
        assert viewer.eyes is None
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.asyncio
async def test_help_shows_rules_and_card_texts():
    game = registered("show_battle")
    if game is None:
        pytest.skip("show_battle is not registered yet")
    app = make_app([game])
    async with app.run_test(size=(120, 60)) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        hand = app.screen.cards
        assert hand and hand[0][0].split(" [")[0] in text
        assert hand[0][1][:20] in text  # the card's effect text
        await pilot.press("escape")
        await pilot.press("f1")
        await pilot.pause()
        assert game.rules_summary["en"].split()[0] in screen_text(app)


@pytest.mark.asyncio
async def test_undo_key_refuses_what_it_must_and_pace_keys_change_pace():
    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "human"])
        await play(pilot, moves=1)
        await wait_for(pilot, lambda: human_turn(app))
        screen = app.screen
        step = screen.session.state.step
        await pilot.press("u")  # two humans: never
        assert screen.session.state.step == step
        await pilot.press("minus", "minus")
        assert screen.pace > 0
        await pilot.press("plus", "plus", "plus")
        assert screen.pace == 0


@pytest.mark.asyncio
async def test_language_switch_is_remembered(tmp_path):
    path = tmp_path / "tui.json"
    app = NastolkaApp([TOY], lang="en", pace=0, seed=1, settings_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "Начать" in screen_text(app)
    assert json.loads(path.read_text())["lang"] == "ru"
    again = NastolkaApp([TOY], pace=0, seed=1, settings_path=path)
    assert again.lang == "ru"


def test_records_saved_by_the_client_replay_in_the_engine(tmp_path, toy):
    from nastolka.engine import replay
    from nastolka.tui.session import Session

    session = Session.new(TOY, ["human", "random"], {"hand": 2}, seed=9)
    while not session.state.is_over:
        seat = session.next_seat()
        session.apply(seat, session.state.legal_ids(seat)[-1])
    path = session.save(tmp_path / "done.json")
    final = replay(Record.load(path))
    assert final.is_over and final.result() == session.state.result()


@pytest.mark.asyncio
async def test_a_broken_board_falls_back_to_the_games_text_view():
    from nastolka.tui.boards import Presenter

    class Broken(Presenter):
        def board(self, game, view, lang, focus=None):
            raise KeyError("rows")

    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        screen = app.screen
        screen.presenter = Broken()
        screen.redraw()
        await pilot.pause()
        assert '"hand_sizes"' in screen_text(app)  # the toy game's render_view (its JSON view)
        await play(pilot)  # and the game still plays to the end


@pytest.mark.asyncio
async def test_undo_key_refuses_once_the_bot_has_moved():
    """The engine's rule (BGA's policy): a bot's reply is another player's move, so the human's move
    before it stays, even though the bot's face-down discard told the human nothing."""
    class Discarder:
        """A bot that always discards face down."""

        name = "discarder"

        def choose(self, state, seat):
            return next(a for a in state.legal_ids(seat) if a.startswith("discard:"))

    app = make_app([TOY])
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        screen = app.screen
        screen.session.bots[1] = Discarder()
        await pilot.press("1")  # play my first card, face up (I knew it)
        await wait_for(pilot, lambda: human_turn(app))
        assert [s.seat for s in screen.session.steps] == [0, 1]
        await pilot.press("u")
        await pilot.pause()
        assert [s.seat for s in screen.session.steps] == [0, 1]


@pytest.mark.asyncio
async def test_talespin_card_help_shows_the_die_tables():
    """The Cards screen (issue 27) gives every pilot's die table — what each roll does — under its rules
    text, as the browser's tooltips do, so a roll's effect can be read before it happens."""
    game = registered("talespin")
    app = make_app([game])
    async with app.run_test(size=(120, 60)) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        cards = dict(app.screen.cards)
        baloo = cards.get("Baloo") or cards.get("Балу") or ""
        assert "6: " in baloo and ("On the die:" in baloo or "По кубику:" in baloo), baloo
