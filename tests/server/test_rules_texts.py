"""The browser shows the rules text of a card from the same source as the terminal: each game's
words.toml, through the presentation route. A card of every game is hovered in both languages in Debian's
Chromium, and the floating tip must hold exactly that card's words.toml text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from nastolka.engine import get

from .procs import ServerProcess
from .test_browser import DESKTOP, hover_tip
from .test_screens import DRAW, NAMES, POSITIONS, mid_game_view

pytestmark = [pytest.mark.xdist_group("browser")]

#: the hand of each game's board: its cards carry ``data-card``
HANDS = {"show_battle": ".sb-hand", "talespin": ".ts-hand"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("rules_texts")
    with ServerProcess(f"sqlite:///{tmp / 'web.db'}", bot_delay=0.0, log_path=tmp / "server.log") as s:
        yield s


def drawn(server: ServerProcess, browser: Any, game: str, players: int, moves: int, seed: int,
          lang: str) -> tuple[Any, Any, dict[str, Any], Any]:
    """A page in ``lang`` with the game's board drawn from a mid-game view; the game's words beside it."""
    ctx = browser.new_context(**DESKTOP)
    ctx.add_init_script(f"localStorage.setItem('nastolka.lang', {lang!r});")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/rules/{game}")
    page.wait_for_selector("#rules")
    view = mid_game_view(game, players, moves, seed)
    page.evaluate(DRAW, [view, NAMES[:players]])
    words = get(game).words
    assert words is not None
    return ctx, page, view, words


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game,players,moves,seed", POSITIONS)
def test_hovering_a_card_shows_its_words_toml_text(server: ServerProcess, browser: Any, game: str, players: int,
                                                   moves: int, seed: int, lang: str) -> None:
    ctx, page, view, words = drawn(server, browser, game, players, moves, seed, lang)
    if game == "colt_express":   # mid-Stealin' the hand is in the pile: the round card (an event) is hovered
        selector, ident = ".ce-round", str(view["round_card"])
    else:
        cards = page.locator(f"{HANDS[game]} [data-card]")
        cards.first.wait_for()
        card = str(cards.first.get_attribute("data-card"))
        selector, ident = f"{HANDS[game]} [data-card='{card}']", card.split(":")[0]
    expected = words.text(ident, lang)
    assert expected, f"{game}: {ident} has no rules text in words.toml"
    hover_tip(page, selector, expected)
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_hovering_a_turn_of_the_round_card_names_it(server: ServerProcess, browser: Any, lang: str) -> None:
    """Colt Express's round card shows its turns as pictures: each one's tip names the turn and gives its
    rules text from words.toml (it once showed the bare letter "N", a Latin letter in Russian)."""
    game, players, moves, seed = next(p for p in POSITIONS if p[0] == "colt_express")
    ctx, page, view, words = drawn(server, browser, game, players, moves, seed, lang)
    symbol = str(view["turns"])[0]
    assert words.text(f"turn.{symbol}", lang)
    hover_tip(page, ".ce-turn", words.text(f"turn.{symbol}", lang))
    title = page.locator(".ce-turn").first.get_attribute("data-tip-title") or ""
    assert title.startswith(words.name(f"turn.{symbol}", lang)), title
    ctx.close()
