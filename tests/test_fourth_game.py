"""A fourth game touches no shared file: «Камешки» (``tests/stones/``) registers itself like a plug-in and
is then played by everything that plays the three real games — the generic engine tests, the playthrough
generator, the RL adapters (Gymnasium, PettingZoo, OpenSpiel, its own named-piece encoder and action-id
hook), the bot levels (its heuristic, its ``progress`` cut-off from ``bot_tuning``), the terminal client (a
Textual pilot plays it to the end on its own board) and the browser (Chromium against a real server
process, with its own board script). Nothing in ``nastolka/`` names it; the last test checks that.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import stones
import test_generic_games as generic
from rl import test_gym, test_openspiel, test_pettingzoo, test_spaces

from nastolka.bots import make_bot
from nastolka.engine import Game, all_games, get
from nastolka.match import run_match
from nastolka.playthrough import configs, lines

GAME = stones.GAME
COUNTS = range(GAME.min_players, GAME.max_players + 1)


@pytest.fixture(autouse=True)
def _registered() -> Iterator[Game]:
    stones.register()
    yield GAME
    stones.unregister()


def test_it_registers_and_its_parts_are_found_through_the_descriptor() -> None:
    assert get("stones") is GAME and GAME in all_games()
    assert GAME.part("tui").PRESENTER.__class__.__name__ == "StonesPresenter"
    assert GAME.part("observe").make_encoder(2, {}).name == "stones-30"
    assert (GAME.folder / "web" / "board.js").is_file()
    assert GAME.part("no_such_part") is None


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("check", [generic.test_random_playouts_finish,
                                   generic.test_illegal_actions_leave_state_untouched,
                                   generic.test_replay_reproduces_states_and_result,
                                   generic.test_views_and_records_survive_json,
                                   generic.test_clone_is_independent,
                                   generic.test_views_identical_across_determinizations,
                                   generic.test_determinize_depends_only_on_what_the_seat_knows,
                                   generic.test_the_fast_interface_plays_the_same_games_as_ids],
                         ids=lambda f: f.__name__.removeprefix("test_"))
def test_the_generic_game_tests(check, players: int) -> None:
    check(GAME, players)


def test_playthroughs_cover_its_player_counts_and_variant() -> None:
    names = [c.name for c in configs(GAME)]
    assert names == ["stones_2p", "stones_3p", "stones_4p", "stones_3p_pile-21"]
    last = list(lines(configs(GAME)[-1]))[-1]
    assert last["steps"] >= 7 and len(last["result"]["winners"]) == 1


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("check", [test_gym.test_check_env, test_gym.test_episodes_end_with_the_learner_reward,
                                   test_pettingzoo.test_api_test, test_pettingzoo.test_seed_test,
                                   test_pettingzoo.test_full_games_end_with_rewards_and_results,
                                   test_openspiel.test_random_sim_test,
                                   test_openspiel.test_legal_actions_follow_the_information_state,
                                   test_openspiel.test_clone_and_serialisation,
                                   test_spaces.test_every_offered_id_has_a_fixed_index,
                                   test_spaces.test_observation_depends_only_on_the_view,
                                   test_spaces.test_encoder_pieces_are_named_and_cover_the_vector],
                         ids=lambda f: f"{f.__module__.rpartition('.')[2]}.{f.__name__.removeprefix('test_')}")
def test_the_rl_tests(check, players: int) -> None:
    check((GAME, players))


def test_its_action_space_comes_from_its_hook() -> None:
    from nastolka.rl.spaces import action_map

    space = action_map(GAME, 2, {})
    assert space.ids == ["take:count=1", "take:count=2", "take:count=3"] and "enumeration hook" in space.source


def test_every_bot_level_plays_it_and_hard_uses_its_cutoff(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NASTOLKA_BOT_TIME_SCALE", "0.02")
    hard = make_bot(GAME, "hard", 1)
    assert hard.config.rollout_depth == 6 and hard.config.evaluator is not None
    bots = [make_bot(GAME, level, seed) for seed, level in enumerate(("easy", "normal", "hard", "expert"))]
    state = run_match(GAME, bots, seed=5)
    assert state.is_over
    # the heuristic leaves a multiple of four: from 15 stones, two-handed, it always wins going first
    duel = run_match(GAME, [make_bot(GAME, "normal", 1), make_bot(GAME, "random", 2)], seed=1)
    assert duel.result().winners == (0,)


@pytest.mark.asyncio
async def test_the_terminal_plays_it_on_its_own_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.helpers import SIZE, make_app, play, screen_text, start, wait_for

    from nastolka.tui.game_screen import GameScreen
    from nastolka.tui.result import ResultScreen

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    app = make_app([GAME], lang="ru")
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, ["human", "random"])
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.awaiting is not None)
        text = screen_text(app)
        assert "В кучке 15 камешков" in text and "● ● ●" in text and "Взять 3 камешка" in text
        assert await play(pilot) > 0
        assert isinstance(app.screen, ResultScreen)
        assert "последний камешек" in screen_text(app)


def test_nothing_shared_names_it() -> None:
    package = Path(__file__).resolve().parents[1] / "nastolka"
    named = [p for p in package.rglob("*") if p.is_file() and p.suffix in (".py", ".js", ".css", ".toml", ".md")
             and "stones" in p.read_text(encoding="utf-8", errors="replace").lower()]
    assert named == []


def test_the_browser_plays_it_on_its_own_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from server.conftest import ARGS, CHROMIUM, require_chromium
    from server.procs import ServerProcess
    from server.test_browser import assert_no_leaks, create_table, new_page, over

    require_chromium()
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("NASTOLKA_TEST_GAMES", "stones")
    with ServerProcess(f"sqlite:///{tmp_path / 'web.db'}", log_path=tmp_path / "server.log") as server, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = new_page(browser, server.url, "Аня", "ru")
            create_table(page, "stones", [("open", None), ("bot", "random")])
            page.wait_for_selector(".stones-board")
            assert "Камешков в кучке: 15" in page.locator(".stones-board").inner_text()
            assert page.locator("button.act").count() == 3
            rng = random.Random(3)
            for _ in range(40):
                if over(page):
                    break
                stones_to_take = page.locator(".stones-board button.take")
                if stones_to_take.count():
                    version = page.locator(".table-page").get_attribute("data-version")
                    stones_to_take.nth(rng.randrange(stones_to_take.count())).click()  # the board's own control
                    page.wait_for_function("v => document.querySelector('.table-page').dataset.version !== v",
                                           arg=version)
                else:
                    page.wait_for_timeout(100)
            page.wait_for_selector("#result")
            assert_no_leaks(page, "Stones")
            assert page.errors == []
        finally:
            browser.close()
