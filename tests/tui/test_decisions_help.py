"""One line of help where a player decides something new, from the game's ``decisions.toml``: the
two-player Colt Express draft (the hand is empty while picking, and the screen says why)."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from nastolka.tui.game_screen import GameScreen

from .helpers import human_turn, make_app, registered, screen_text, start, wait_for


def help_line(game_id: str, key: str, lang: str) -> str:
    data = tomllib.loads(resources.files(f"nastolka.games.{game_id}").joinpath("decisions.toml").read_text())
    return data[key][lang]


@pytest.mark.asyncio
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_two_player_colt_draft_is_explained_at_the_decision(lang):
    game = registered("colt_express")
    assert game is not None
    app = make_app([game], lang=lang, seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: human_turn(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.view()["phase"] == "setup"
        assert screen.decision_line == help_line("colt_express", "setup2p", lang)
        assert screen.decision_line.split()[0] in screen_text(app)
        await pilot.press("1")  # the caboose bandit; then the round's keep-one-card draft
        await wait_for(pilot, lambda: human_turn(app) and screen.view()["phase"] == "keep")
        await pilot.pause()
        text = screen_text(app)
        line = help_line("colt_express", "keep2p", lang)
        assert screen.decision_line == line
        flat = " ".join(text.split())
        assert " ".join(line.split()[:6]) in flat  # the sentence under "Your move", on screen
        assert ("(empty for now" if lang == "en" else "(пока пусто") in text  # not a bare "(empty)"


def test_every_decision_key_a_presenter_can_name_has_both_languages():
    for game_id in ("colt_express", "talespin", "show_battle"):
        data = tomllib.loads(resources.files(f"nastolka.games.{game_id}").joinpath("decisions.toml").read_text())
        assert data
        for key, entry in data.items():
            assert entry.get("en") and entry.get("ru"), (game_id, key)
