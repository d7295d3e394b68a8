"""Driving the app like a player: start a game from the start screen, then press keys until a goal.

Waiting is by condition, never by fixed sleeps, so the tests are as fast as the bots and deterministic:
seeds are fixed, the bot pace is 0, and keys are only pressed when a human decision is on screen.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList

from nastolka.engine import Game, Rng
from nastolka.games import all_games
from nastolka.tui.app import NastolkaApp
from nastolka.tui.cover import CoverScreen
from nastolka.tui.game_screen import GameScreen
from nastolka.tui.result import ResultScreen
from nastolka.tui.start import StartScreen

GAME_IDS = ("show_battle", "colt_express", "talespin")
SIZE = (100, 32)


def registered(game_id: str) -> Game | None:
    return next((g for g in all_games() if g.id == game_id), None)


def make_app(games: Sequence[Game], lang: str = "en", seed: int = 7) -> NastolkaApp:
    return NastolkaApp(list(games), lang=lang, pace=0, seed=seed, remember=False)


def human_turn(app: NastolkaApp) -> bool:
    """A human decision is on screen and the action list takes keys."""
    screen = app.screen
    return isinstance(screen, GameScreen) and screen.thinking is None and screen.awaiting is not None


def settled(app: NastolkaApp) -> bool:
    """A human decision is on screen and the action list has the focus: ``options.focus()`` takes effect
    a message later than ``awaiting`` is set, and a picture taken between the two (seen under CI's load)
    shows the list unfocused."""
    if not human_turn(app):
        return False
    return app.focused is app.screen.query_one("#actions", OptionList)


async def start(pilot: Pilot, seats: Sequence[str], players: int | None = None,
                options: dict | None = None) -> None:
    """Fill the start screen's model (widgets are recomposed from it) and press the Start key."""
    app = pilot.app
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StartScreen)
    assert screen.choice is not None
    screen.choice.resize(screen.game, players or len(seats))
    screen.choice.seats = list(seats)
    if options:
        screen.choice.options.update(options)
    await screen.recompose()
    await pilot.press("ctrl+s")
    await pilot.pause()


async def wait_for(pilot: Pilot, done: Callable[[], bool], limit: int = 4000) -> None:
    for _ in range(limit):
        if done():
            return
        await pilot.pause(0.005)
    raise AssertionError(f"timed out waiting; screen is {type(pilot.app.screen).__name__}")


async def play(pilot: Pilot, moves: int | None = None, seed: int = 1, max_moves: int = 3000) -> int:
    """Press keys for human decisions (a seeded pick: arrows then Enter, or a digit) until the game
    ends or ``moves`` human moves were made; covers are dismissed with a key press like a person would.
    Returns the number of human moves made."""
    app = pilot.app
    rng = Rng(seed)
    made = 0
    while made < max_moves:
        await wait_for(pilot, lambda: human_turn(app) or isinstance(app.screen, (ResultScreen, CoverScreen)))
        if isinstance(app.screen, ResultScreen):
            return made
        if isinstance(app.screen, CoverScreen):
            await pilot.press("space")
            continue
        if moves is not None and made >= moves:
            return made
        count = app.screen.query_one("#actions", OptionList).option_count
        pick = rng.randbelow(min(count, 9))
        if rng.randbelow(4):
            await pilot.press(str(pick + 1))  # the quick digit keys
        else:
            await pilot.press(*(["down"] * min(pick, 3)), "enter")  # arrows and Enter
        made += 1
    raise AssertionError("the game did not end")


def screen_text(app: NastolkaApp) -> str:
    """The characters on the terminal right now (what a person would read), without colours."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, record=True,
                      legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()
