"""Snapshots of the start screen and of one mid-game screen per game, in Russian and English.

Deterministic by construction: fixed seeds, random bots with seeds derived from the game's, bot pace 0,
and the picture is taken only when a human decision is on screen (no spinner, no worker running).
"""

from __future__ import annotations

import pytest

from nastolka.games import all_games

from .helpers import GAME_IDS, make_app, play, registered, start, wait_for

SNAP_SIZE = (120, 40)
#: each game once small and once large, the languages alternating (presence at every size is test_sizes)
MID_SIZES = {("colt_express", "en"): (80, 24), ("colt_express", "ru"): (160, 50),
             ("talespin", "en"): (100, 30), ("talespin", "ru"): (80, 24),
             ("show_battle", "en"): (160, 50), ("show_battle", "ru"): (100, 30)}
#: how many human moves before the picture: far enough that the board has something on it
MOVES = {"show_battle": 4, "colt_express": 6, "talespin": 5}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_start_screen(snap_compare, lang):
    assert snap_compare(make_app(all_games(), lang=lang, seed=42), terminal_size=SNAP_SIZE)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_mid_game(snap_compare, game_id, lang):
    game = registered(game_id)
    if game is None:
        pytest.skip(f"{game_id} is not registered yet")

    async def run_before(pilot) -> None:
        await start(pilot, ["human", "random", "random"])
        await play(pilot, moves=MOVES[game_id], seed=3)
        await wait_for(pilot, lambda: pilot.app.screen.awaiting is not None)

    assert snap_compare(make_app([game], lang=lang, seed=11), terminal_size=MID_SIZES[game_id, lang],
                        run_before=run_before)
