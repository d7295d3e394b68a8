"""Every board at 80×24, 100×30 and 160×50, in both languages, at the start and in the middle of a game.

What is asserted comes from the position's view, not from a picture: every bandit on the train, every
card in a circus row, every Location of TaleSpin and every card in the player's hand must be readable on
the screen (in the board and hand column), and the board never gets zero lines. One app run per game and
language visits all three sizes twice, so the 36 checks cost six games. Below 80×24 a message says so.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import OptionList

from nastolka.engine import get
from nastolka.games.colt_express.text import bandit_name
from nastolka.games.show_battle.tui import card_name as sb_card_name
from nastolka.games.talespin.text import loc_name
from nastolka.tui.boards import presenter_for
from nastolka.tui.game_screen import GameScreen
from nastolka.tui.layout import ACTIONS_MIN, BOARD_MIN, SIDE_MIN_WIDTH, side_width
from nastolka.tui.small import TooSmallScreen

from .helpers import GAME_IDS, make_app, play, registered, screen_text, start, wait_for

SIZES = ((80, 24), (100, 30), (160, 50))
MOVES = {"show_battle": 5, "colt_express": 6, "talespin": 5}


def expected(game_id: str, view: dict[str, Any], lang: str) -> list[str]:
    """The names a player must be able to read in this position, from the view alone."""
    names: list[str] = []
    if game_id == "colt_express":
        names += [bandit_name(b["id"], lang) for b in view["bandits"] if b.get("car") is not None]
    elif game_id == "show_battle":
        names += [sb_card_name(str(s["card"]), lang) for row in view["rows"] for s in row["slots"]]
    elif game_id == "talespin":
        names += [loc_name(clock, lang) for clock in range(1, 13)]
    hand = presenter_for(get(game_id)).hand(view, lang) or []
    return names + [card.title for card in hand]


def readable(name: str, text: str) -> bool:
    """The name is on screen whole, or (a card box breaks a long name over lines) word by word."""
    flat = text.casefold()
    if name.casefold() in flat:
        return True
    words = [w for w in re.split(r"[\s\-]+", name.casefold()) if w]
    lines = flat.splitlines()
    return all(any(re.search(rf"(^|[^\w]){re.escape(w)}($|[^\w])", line) for line in lines) for w in words)


def main_column(app, width: int) -> str:
    """The screen's text left of the players/log column (so a name in the log cannot pass for the board)."""
    main = width - side_width(width) if width >= SIDE_MIN_WIDTH else width
    return "\n".join(line[:main] for line in screen_text(app).splitlines())


async def check_all_sizes(pilot, game_id: str, lang: str) -> None:
    app = pilot.app
    for width, height in SIZES:
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        plan = screen.plan
        assert plan is not None and plan.board_shown and plan.board_height >= BOARD_MIN, (width, height, plan)
        moves = screen.query_one("#actions", OptionList).option_count
        assert plan.actions_height >= min(moves, ACTIONS_MIN) + 1, (width, height, plan)  # moves + the frame
        text = main_column(app, width)
        missing = [n for n in expected(game_id, screen.view(), lang) if not readable(n, text)]
        assert not missing, f"{game_id} {lang} {width}×{height}: not on screen: {missing}\n{text}"


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_piece_readable_at_every_size(game_id, lang):
    game = registered(game_id)
    assert game is not None
    app = make_app([game], lang=lang, seed=11)
    async with app.run_test(size=SIZES[-1]) as pilot:
        await start(pilot, ["human", "random", "random"])
        await wait_for(pilot, lambda: getattr(app.screen, "awaiting", None) is not None)
        await check_all_sizes(pilot, game_id, lang)  # the start of the game
        await to_the_middle(pilot, game_id)
        await check_all_sizes(pilot, game_id, lang)  # the middle of the game


async def to_the_middle(pilot, game_id: str) -> None:
    """Back to the big size, a few moves in, and on to the next human decision."""
    await pilot.resize_terminal(*SIZES[-1])
    await play(pilot, moves=MOVES[game_id], seed=3)
    await wait_for(pilot, lambda: getattr(pilot.app.screen, "awaiting", None) is not None)


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_every_piece_readable_at_a_full_table(game_id, lang):
    """The same check with every seat taken (six bandits, four holds, four troupes): a crowded board still
    shows every piece at 80×24."""
    game = registered(game_id)
    assert game is not None
    players = game.max_players
    app = make_app([game], lang=lang, seed=11)
    async with app.run_test(size=SIZES[-1]) as pilot:
        await start(pilot, ["human"] + ["random"] * (players - 1), players=players)
        await to_the_middle(pilot, game_id)
        assert app.screen.view()["players"] == players
        await check_all_sizes(pilot, game_id, lang)


@pytest.mark.asyncio
async def test_below_minimum_size_a_message_and_back():
    game = registered("show_battle")
    assert game is not None
    app = make_app([game], lang="ru")
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, ["human", "random"])
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "70×20" in screen_text(app) and "80×24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.asyncio
async def test_narrow_screen_swaps_board_and_log():
    game = registered("colt_express")
    assert game is not None
    app = make_app([game])
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ["human", "random", "random"])
        await wait_for(pilot, lambda: getattr(app.screen, "awaiting", None) is not None)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.plan is not None
        assert screen.plan.board_shown and not screen.plan.side
        await pilot.press("v")
        await pilot.pause()
        assert screen.plan.side and not screen.plan.board_shown
        assert "Players" in screen_text(app) and "Log" in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert screen.plan.board_shown


@pytest.mark.asyncio
async def test_replay_viewer_keeps_the_board_at_80x24(tmp_path):
    from nastolka.tui.replay import ReplayScreen

    game = registered("colt_express")
    assert game is not None
    app = make_app([game], lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ["human", "random", "random"])
        await play(pilot, moves=4, seed=3)
        await wait_for(pilot, lambda: getattr(app.screen, "awaiting", None) is not None)
        path = tmp_path / "r.json"
        app.screen.session.record().save(path)
        app.open_record(path, replay=True)
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end", "1")
        await pilot.pause()
        view = app.screen.states[app.screen.index].view(0)
        box = app.screen.query_one("#board-box")
        assert box.display and box.size.height >= BOARD_MIN
        text = screen_text(app)
        missing = [n for n in expected("colt_express", view, "ru") if not readable(n, text)]
        assert not missing, text
