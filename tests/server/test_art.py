"""The games' own art (``games/<game>/web/art.js``: Colt Express, «Шоу-Битва», TaleSpin) in Debian's Chromium
against a real server:

- every picture of the board is an ``<svg role="img">`` with a name in the page's language (Russian and
  English), so the art is never the only way to know what is drawn;
- the pictures that carry meaning are there: Colt's locomotive, cars, caboose, each bandit as a figure with a
  letter, the Marshal, loot, an icon on every action card, the turn symbols, the landscape; Show Battle's
  performers on every card, the troupe shapes, the untouchable token, the ring; TaleSpin's planes and crates;
- the art module is served from the game's own ``web/`` folder and nothing else of that folder is;
- screenshots at the start and mid-game, at 1280 and 390 px, in both languages, compared with the
  references in ``tests/server/screens/`` with the tolerance of ``test_screens``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image

from nastolka.engine import get

from .conftest import ARTIFACTS
from .procs import ServerProcess
from .test_browser import DESKTOP, PHONE
from .test_screens import DRAW, MAX_SHARE, SCREENS, UPDATE, differs

pytestmark = [pytest.mark.xdist_group("browser")]

#: player names in the Russian page and in the English page (so that every name a picture carries is in the page's language)
RUSSIAN = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор"]
LATIN = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"]
#: (game, moment, players, moves from the start, seed): Colt's first Schemin' turn with a hand and the
#: Stealin' of round 1, six bandits on seven cars (the narrowest train); Show Battle's first placement and a filled ring with a token
MOMENTS = [("colt_express", "start", 3, 0, 5), ("colt_express", "mid", 3, 16, 5), ("colt_express", "six", 6, 30, 2),
           ("show_battle", "start", 2, 0, 11), ("show_battle", "mid", 2, 30, 11), ("talespin", "mid", 2, 60, 3)]
#: the pictures each game must draw (classes of its svg elements)
PARTS = {"colt_express": ("ce-landscape", "ce-body", "ce-wheels", "ce-figure", "marshal", "ce-loot purse",
                          "ce-loot jewel", "ce-loot box", "ce-icon", "ce-turn-art"),
         "show_battle": ("sb-figure", "sb-mark", "sb-bunting", "sb-token-art"),
         "talespin": ("ts-plane-art", "ts-crate")}


def game_view(game: str, players: int, moves: int, seed: int) -> dict[str, Any]:
    state = get(game).new(players, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_ids(seat)))
    view: dict[str, Any] = state.view(0)
    return view


def colt_view(moves: int, seed: int) -> dict[str, Any]:
    return game_view("colt_express", 3, moves, seed)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("art")
    with ServerProcess(f"sqlite:///{tmp / 'web.db'}", bot_delay=0.0, log_path=tmp / "server.log") as s:
        yield s


def draw(server: ServerProcess, browser: Any, view: dict[str, Any], lang: str, width: int) -> tuple[Any, Any]:
    players = len(view.get("bandits") or [0] * view.get("players", 3))
    ctx = browser.new_context(**(DESKTOP if width == 1280 else PHONE), device_scale_factor=1)
    ctx.add_init_script(f"localStorage.setItem('nastolka.lang', {lang!r});")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/rules/{view['game']}")
    page.wait_for_selector("#rules")
    page.evaluate(DRAW, [view, (RUSSIAN if lang == "ru" else LATIN)[:players]])
    page.wait_for_selector("#shot .board svg")
    return ctx, page


NAMES_OF_PICTURES = """() => [...document.querySelectorAll('#shot svg')].map((el) => ({
  role: el.getAttribute('role'), label: el.getAttribute('aria-label') || '',
  cls: el.getAttribute('class') || '', visible: el.getBoundingClientRect().width > 0 }))"""


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game,players,moves,seed", [("colt_express", 3, 16, 5), ("show_battle", 2, 30, 11),
                                                     ("talespin", 2, 60, 3)])
def test_every_picture_has_a_name_in_the_page_language(server: ServerProcess, browser: Any, game: str, players: int,
                                                       moves: int, seed: int, lang: str) -> None:
    ctx, page = draw(server, browser, game_view(game, players, moves, seed), lang, 1280)
    pics = page.evaluate(NAMES_OF_PICTURES)
    ctx.close()
    assert len(pics) >= 3
    unnamed = [p for p in pics if p["role"] != "img" or not p["label"].strip()]
    assert unnamed == [], f"pictures without a name: {unnamed[:5]}"
    cyrillic = [any("а" <= ch.lower() <= "я" or ch.lower() == "ё" for ch in p["label"]) for p in pics]
    if lang == "ru":
        assert all(cyrillic), [p["label"] for p, c in zip(pics, cyrillic, strict=True) if not c]
    else:
        assert not any(cyrillic), [p["label"] for p, c in zip(pics, cyrillic, strict=True) if c]
    kinds = " ".join(p["cls"] for p in pics)
    for part in PARTS[game]:
        assert part in kinds, f"no {part} drawn"


def test_the_train_bandits_and_cards_are_drawn(server: ServerProcess, browser: Any) -> None:
    """Locomotive first, caboose last, one figure per bandit with a letter; every card in hand has an icon."""
    ctx, page = draw(server, browser, colt_view(0, 5), "en", 390)
    got = page.evaluate("""() => ({
      cars: [...document.querySelectorAll('#shot .ce-car')].map((c) => c.querySelector('.ce-body').getAttribute('aria-label')),
      bandits: [...document.querySelectorAll('#shot .ce-train .ce-bandit')].map((b) => b.querySelector('svg text').textContent),
      hand: [...document.querySelectorAll('#shot .ce-hand .ce-card')].map((c) => Boolean(c.querySelector('.ce-card-art svg'))),
      turns: document.querySelectorAll('#shot .ce-turn svg').length,
      wide: document.documentElement.scrollWidth })""")
    ctx.close()
    assert got["cars"][0] == "Locomotive" and len(got["cars"]) == 4
    # Doc and Django start alike, so they carry two letters; Belle one
    assert sorted(got["bandits"]) == ["B", "DJ", "DO"], got["bandits"]
    assert got["hand"] and all(got["hand"]), got["hand"]
    assert got["turns"] >= 4
    assert got["wide"] <= 390


def test_the_art_module_is_served_and_nothing_else_of_the_folder(server: ServerProcess) -> None:
    ok = httpx.get(f"{server.url}/boards/colt_express/art.js")
    assert ok.status_code == 200 and ok.headers["content-type"].startswith("text/javascript")
    for name in ("words.toml", "__init__.py", ".hidden.js", "no_such.js", "..%2Fdata.toml", "ART.js"):
        assert httpx.get(f"{server.url}/boards/colt_express/{name}").status_code == 404, name


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game,moment,players,moves,seed", MOMENTS)
def test_the_art_looks_as_before(server: ServerProcess, browser: Any, game: str, moment: str, players: int, moves: int,
                                 seed: int, lang: str, width: int) -> None:
    ctx, page = draw(server, browser, game_view(game, players, moves, seed), lang, width)
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    ARTIFACTS.mkdir(exist_ok=True)
    got_path = ARTIFACTS / f"art_{game}_{moment}_{lang}_{width}.png"
    page.locator("#shot").screenshot(path=str(got_path), animations="disabled")
    ctx.close()
    ref_path: Path = SCREENS / f"art_{game}_{moment}_{lang}_{width}.png"
    if UPDATE:
        ref_path.write_bytes(got_path.read_bytes())
    assert ref_path.exists(), f"no reference image {ref_path}: run with NASTOLKA_UPDATE_SCREENS=1 and look at it"
    share = differs(Image.open(got_path), Image.open(ref_path))
    assert share <= MAX_SHARE, f"{game} ({moment}, {lang}, {width}px) differs in {share:.1%} of its pixels: see {got_path}"


SAME_PICTURE = """async ([before, after, names]) => {
  const { loadBoard, renderBoard } = await import('/render/index.js');
  const { boardContext } = await import('/kit.js');
  const pres = await (await fetch(`/api/games/${after.game}/presentation`)).json();
  await loadBoard(after.game, pres);
  const draw = (prev, animate) => renderBoard(after, boardContext(pres, { seatNames: names, you: 0, legal: [], act: () => {},
    redraw: () => {}, prev, animate }));
  const plain = (el) => {
    el.querySelectorAll('[class]').forEach((x) => x.classList.remove('last', 'arrive', 'turned'));
    return el.outerHTML.replace(/ class="\\s*"/g, '').replace(/class="([^"]*)"/g, (m, c) => `class="${c.trim().split(/\\s+/).join(' ')}"`);
  };
  return [plain(draw(before, true)), plain(draw(null, false))];
}"""


@pytest.mark.parametrize("game,players,moves,seed", [("colt_express", 3, 16, 5), ("show_battle", 2, 30, 11)])
def test_the_board_after_a_change_is_the_board_of_the_final_state(server: ServerProcess, browser: Any, game: str,
                                                                  players: int, moves: int, seed: int) -> None:
    """Drawn after a move (the change marked and animated) the board is the picture of the new state alone:
    the marks of the change are the only difference, so nothing drawn depends on the animation."""
    ctx, page = draw(server, browser, game_view(game, players, moves, seed), "en", 1280)
    changed, fresh = page.evaluate(SAME_PICTURE, [game_view(game, players, moves - 1, seed),
                                                  game_view(game, players, moves, seed), LATIN[:players]])
    ctx.close()
    assert "<svg" in fresh
    assert changed == fresh


ANIMATIONS = """async ([before, after, names]) => {
  const { loadBoard, renderBoard } = await import('/render/index.js');
  const { boardContext } = await import('/kit.js');
  const pres = await (await fetch(`/api/games/${after.game}/presentation`)).json();
  await loadBoard(after.game, pres);
  const board = renderBoard(after, boardContext(pres, { seatNames: names, you: 0, legal: [], act: () => {},
    redraw: () => {}, prev: before, animate: true }));
  document.getElementById('app').replaceChildren(board);
  return document.getAnimations().length;
}"""


@pytest.mark.parametrize("reduce", [True, False])
def test_reduced_motion_gives_no_animation(server: ServerProcess, browser: Any, reduce: bool) -> None:
    """With ``prefers-reduced-motion`` the change after a move is drawn at once (the marks stay, nothing
    moves); without it the same change animates — which shows the check can fail."""
    ctx = browser.new_context(**DESKTOP, reduced_motion="reduce" if reduce else "no-preference")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/rules/colt_express")
    page.wait_for_selector("#rules")
    running = page.evaluate(ANIMATIONS, [colt_view(14, 5), colt_view(16, 5), LATIN])
    ctx.close()
    assert (running == 0) if reduce else (running > 0), running
