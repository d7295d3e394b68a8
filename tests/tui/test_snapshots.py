"""Snapshots of the start screen, and of every game's board at its start and mid-game at 80×24, 100×30 and
160×50, in Russian and English.

Deterministic by construction: fixed seeds, random bots with seeds derived from the game's, bot pace 0,
and the picture is taken only when a human decision is on screen (no spinner, no worker running).
"""

from __future__ import annotations

import pytest

from nastolka.games import all_games

from .helpers import GAME_IDS, make_app, play, registered, settled, start, wait_for

SNAP_SIZE = (120, 40)
#: every board at the three sizes issue 17 names (the smallest the client supports, a common one, a big one)
SIZES = {"80x24": (80, 24), "100x30": (100, 30), "160x50": (160, 50)}
#: how many human moves before the mid-game picture: far enough that the board has something on it
MOVES = {"show_battle": 4, "colt_express": 6, "talespin": 5}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_start_screen(snap_compare, lang):
    assert snap_compare(make_app(all_games(), lang=lang, seed=42), terminal_size=SNAP_SIZE)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("moment", ["start", "mid"])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_board(snap_compare, game_id, lang, moment, size):
    """The board at the first human decision of a game, and after a few moves, at every size and in both
    languages; that every piece of the position is on screen is checked as text in test_sizes.py."""
    game = registered(game_id)
    if game is None:
        pytest.skip(f"{game_id} is not registered yet")

    async def run_before(pilot) -> None:
        await start(pilot, ["human", "random", "random"])
        if moment == "mid":
            await play(pilot, moves=MOVES[game_id], seed=3)
        await wait_for(pilot, lambda: settled(pilot.app))

    assert snap_compare(make_app([game], lang=lang, seed=11), terminal_size=SIZES[size], run_before=run_before)
