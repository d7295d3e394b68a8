"""The browser client in Debian's Chromium (headless, no network): two people create and join a table and
play a whole «Шоу-Битва» game against each other; one person plays Colt Express against three bots to
the result screen; the replay viewer steps back and forth. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nastolka.engine import all_games

from .conftest import ARTIFACTS
from .procs import ServerProcess

CHROMIUM = os.environ.get("NASTOLKA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# One server and one browser for the whole module, and the lobby test reads the ratings the first game
# wrote: the module must run on one xdist worker, in order (`--dist loadgroup` in the Makefile).
pytestmark = [pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed"),
              pytest.mark.xdist_group("browser")]


def has_game(game_id: str) -> bool:
    return any(g.id == game_id for g in all_games())


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("browser")
    with ServerProcess(f"sqlite:///{tmp / 'web.db'}", bot_delay=0.0, log_path=tmp / "server.log") as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def new_page(browser: Any, base: str, name: str, lang: str = "ru", phone: bool = False) -> Any:
    opts: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True} if phone else \
        {"viewport": {"width": 1280, "height": 900}}
    ctx = browser.new_context(**opts)
    ctx.add_init_script(f"localStorage.setItem('nastolka.name', {name!r}); localStorage.setItem('nastolka.lang', {lang!r});")
    page = ctx.new_page()
    page.set_default_timeout(45000)  # generous: CI runs other test workers beside the browser
    page.goto(base + "/")
    page.wait_for_selector("#create")
    return page


def create_table(page: Any, game: str, seats: list[tuple[str, str | None]]) -> str:
    page.select_option("#game-select", game)
    page.select_option("#players-select", str(len(seats)))
    for i, (kind, bot) in enumerate(seats):
        page.select_option(f"[data-seat-kind='{i}']", kind)
        if bot:
            page.select_option(f"[data-seat-bot='{i}']", bot)
    page.click("#create")
    page.wait_for_url("**/#/t/*")
    page.wait_for_selector(".table-page")
    return str(page.url.rsplit("/", 1)[1])


def version(page: Any) -> str:
    return str(page.locator(".table-page").get_attribute("data-version"))


def take_turn(page: Any, rng: random.Random) -> bool:
    """Click one legal action if this page has any; wait until the table has moved on."""
    buttons = page.locator("button.act:enabled")
    n = buttons.count()
    if not n:
        return False
    before = version(page)
    buttons.nth(rng.randrange(n)).click()
    page.wait_for_function(
        "v => { const t = document.querySelector('.table-page'); return t && t.dataset.version !== v; }",
        arg=before)
    return True


def over(page: Any) -> bool:
    return page.locator("#result").count() > 0


@pytest.mark.skipif(not has_game("show_battle"), reason="«Шоу-Битва» is not registered yet")
def test_two_people_play_show_battle(server: ServerProcess, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    rng = random.Random(7)
    anya = new_page(browser, server.url, "Аня", "ru")
    table_id = create_table(anya, "show_battle", [("open", None), ("open", None)])
    invite = anya.locator("#invite").input_value()
    assert invite.endswith(f"/#/t/{table_id}")
    boris = new_page(browser, server.url, "Boris", "en", phone=True)
    boris.goto(invite)
    boris.click("[data-sit='1']")
    boris.wait_for_selector(".table-page[data-status='playing']")
    anya.wait_for_selector(".table-page[data-status='playing']")
    # the first move the way a person makes it: pick a card in the hand, then a "+" place in a row
    first = anya if anya.locator("button.act:enabled").count() else boris
    before = version(first)
    first.locator("button.sb-hand-card").first.click()
    first.wait_for_selector("button.sb-target")
    first.screenshot(path=str(ARTIFACTS / "show_battle_placing.png"), full_page=True)
    first.locator("button.sb-target").first.click()
    first.wait_for_function(
        "v => { const t = document.querySelector('.table-page'); return t && t.dataset.version !== v; }", arg=before)
    shot = False
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if over(anya) and over(boris):
            break
        moved = take_turn(anya, rng) | take_turn(boris, rng)
        if not moved:
            anya.wait_for_timeout(50)
        elif not shot and int(version(anya)) >= 8:
            anya.screenshot(path=str(ARTIFACTS / "show_battle_table.png"), full_page=True)
            boris.screenshot(path=str(ARTIFACTS / "show_battle_table_phone.png"), full_page=True)
            shot = True
    anya.wait_for_selector("#result")
    boris.wait_for_selector("#result")
    anya.screenshot(path=str(ARTIFACTS / "show_battle_result.png"), full_page=True)
    boris.screenshot(path=str(ARTIFACTS / "show_battle_result_phone.png"), full_page=True)
    assert "Аня" in anya.locator("#result").inner_text() and "Boris" in boris.locator("#result").inner_text()
    # the seat token of one browser never reached the other
    token_a = anya.evaluate(f"JSON.parse(localStorage.getItem('nastolka.seat.{table_id}')).token")
    token_b = boris.evaluate(f"JSON.parse(localStorage.getItem('nastolka.seat.{table_id}')).token")
    assert token_a and token_b and token_a != token_b
    assert token_a not in boris.content() and token_b not in anya.content()
    # the replay viewer steps forward and back
    anya.click("#to-replay")
    anya.wait_for_selector(".replay[data-step='0']")
    anya.click("#rp-next")
    anya.wait_for_selector(".replay[data-step='1']")
    anya.click("#rp-next")
    anya.wait_for_selector(".replay[data-step='2']")
    anya.click("#rp-prev")
    anya.wait_for_selector(".replay[data-step='1']")
    anya.click("#rp-last")
    anya.wait_for_selector(".replay .winner")
    anya.screenshot(path=str(ARTIFACTS / "show_battle_replay.png"), full_page=True)
    # language switch
    anya.click("#lang")
    assert anya.locator("#rp-step").inner_text().startswith("Step")


@pytest.mark.skipif(not has_game("colt_express"), reason="Colt Express is not registered yet")
def test_one_person_plays_colt_express_against_three_bots(server: ServerProcess, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    rng = random.Random(3)
    page = new_page(browser, server.url, "Django fan", "en")
    create_table(page, "colt_express", [("open", None), ("bot", "random"), ("bot", "normal"), ("bot", "random")])
    page.wait_for_selector(".table-page[data-status='playing']")
    shot = False
    deadline = time.monotonic() + 240  # wall time, not a loop count: bots think slower on a busy machine
    while time.monotonic() < deadline:
        if over(page):
            break
        if not take_turn(page, rng):
            page.wait_for_timeout(30)
        elif not shot and int(version(page)) >= 20:
            page.screenshot(path=str(ARTIFACTS / "colt_express_table.png"), full_page=True)
            shot = True
    page.wait_for_selector("#result")
    page.screenshot(path=str(ARTIFACTS / "colt_express_result.png"), full_page=True)
    assert "Django fan" in page.locator("#result").inner_text()


def test_lobby_on_a_phone(server: ServerProcess, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = new_page(browser, server.url, "Vera", "ru", phone=True)
    if has_game("show_battle"):            # the two people of the first test are rated now
        page.select_option("#game-select", "show_battle")
        page.wait_for_function("() => { const r = document.querySelector('#ratings');"
                               " return r && r.innerText.includes('Аня'); }")
    page.screenshot(path=str(ARTIFACTS / "lobby_phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, width     # nothing forces sideways scrolling on a phone


@pytest.mark.skipif(not has_game("talespin"), reason="TaleSpin is not registered yet")
def test_talespin_table_page_renders(server: ServerProcess, browser: Any) -> None:
    """TaleSpin has no special board yet: the generic renderer draws its view; play a few moves."""
    ARTIFACTS.mkdir(exist_ok=True)
    rng = random.Random(5)
    page = new_page(browser, server.url, "Kit", "ru")
    create_table(page, "talespin", [("open", None), ("bot", "random")])
    page.wait_for_selector(".table-page[data-status='playing']")
    moves = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if over(page) or moves >= 12:
            break
        if take_turn(page, rng):
            moves += 1
        else:
            page.wait_for_timeout(30)
    assert moves >= 1 or over(page), page.locator(".table-page").inner_text()[:2000]
    assert page.locator("#board .board").count() == 1
    page.screenshot(path=str(ARTIFACTS / "talespin_table.png"), full_page=True)
