"""Screenshots of every game's board in a fixed mid-game position, at 1280 px and 390 px, compared with the
reference images committed in ``tests/server/screens/`` (a tolerance absorbs anti-aliasing noise).

The position is the engine's (a fixed seed and fixed moves), drawn by the real board script of the game
in Debian's Chromium, so a change of layout shows as a failing comparison with both images kept in
``test-artifacts/``. After an intended change of look: ``NASTOLKA_UPDATE_SCREENS=1 pytest
tests/server/test_screens.py`` rewrites the references — look at them before committing.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from nastolka.engine import get

from .conftest import ARTIFACTS
from .procs import ServerProcess
from .test_browser import DESKTOP, PHONE

pytestmark = [pytest.mark.xdist_group("browser")]

SCREENS = Path(__file__).resolve().parent / "screens"
UPDATE = os.environ.get("NASTOLKA_UPDATE_SCREENS") == "1"
#: (game, players, moves played from the start, seed)
POSITIONS = [("show_battle", 2, 14, 11), ("colt_express", 3, 16, 5), ("talespin", 2, 40, 3)]
NAMES = ["Аня", "Boris", "Вера"]
#: a pixel differs when a channel moves by more than this; the image differs when more than MAX_SHARE do
PIXEL = 48
MAX_SHARE = 0.01


def mid_game_view(game_id: str, players: int, moves: int, seed: int) -> dict[str, Any]:
    state = get(game_id).new(players, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over or not state.to_act:
            break
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_ids(seat)))
    view: dict[str, Any] = state.view(0)
    return view


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("screens")
    with ServerProcess(f"sqlite:///{tmp / 'web.db'}", bot_delay=0.0, log_path=tmp / "server.log") as s:
        yield s


DRAW = """async ([view, names]) => {
  const { loadBoard, renderBoard } = await import('/render/index.js');
  const { boardContext } = await import('/kit.js');
  const pres = await (await fetch(`/api/games/${view.game}/presentation`)).json();
  await loadBoard(view.game, pres);
  const ctx = boardContext(pres, { seatNames: names, you: 0, legal: [], act: () => {}, redraw: () => {}, prev: null, animate: false });
  const wrap = document.createElement('section');
  wrap.className = 'board-wrap';
  wrap.id = 'shot';
  wrap.append(renderBoard(view, ctx));
  document.getElementById('app').replaceChildren(wrap);
  document.getElementById('top').style.position = 'static';   // the sticky header must not cover the board shot
  await document.fonts.ready;
}"""


def differs(a: Image.Image, b: Image.Image) -> float:
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).point(lambda v: 255 if v > PIXEL else 0)
    bands = diff.split()
    mask = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    hist = mask.histogram()
    return hist[255] / (a.size[0] * a.size[1])


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("game,players,moves,seed", POSITIONS)
def test_board_looks_as_before(server: ServerProcess, browser: Any, game: str, players: int, moves: int,
                               seed: int, width: int) -> None:
    lang = "ru" if width == 1280 else "en"
    ctx = browser.new_context(**(DESKTOP if width == 1280 else PHONE), device_scale_factor=1)
    ctx.add_init_script(f"localStorage.setItem('nastolka.lang', {lang!r});")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/rules/{game}")
    page.wait_for_selector("#rules")
    page.evaluate(DRAW, [mid_game_view(game, players, moves, seed), NAMES[:players]])
    page.wait_for_selector("#shot .board")
    page.wait_for_timeout(100)
    width_now = page.evaluate("document.documentElement.scrollWidth")
    assert width_now <= width, f"{game}: the page is {width_now}px wide at {width}px"
    ARTIFACTS.mkdir(exist_ok=True)
    got_path = ARTIFACTS / f"screen_{game}_{width}.png"
    page.locator("#shot").screenshot(path=str(got_path), animations="disabled")
    ctx.close()
    ref_path = SCREENS / f"{game}_{width}.png"
    if UPDATE:
        SCREENS.mkdir(exist_ok=True)
        ref_path.write_bytes(got_path.read_bytes())
    assert ref_path.exists(), f"no reference image {ref_path}: run with NASTOLKA_UPDATE_SCREENS=1 and look at it"
    share = differs(Image.open(got_path), Image.open(ref_path))
    assert share <= MAX_SHARE, (f"{game} at {width}px differs from {ref_path.name} in {share:.1%} of its pixels: "
                                f"see {got_path} " + json.dumps({"reference": str(ref_path)}))


@pytest.mark.parametrize("game,players,moves,seed", POSITIONS)
def test_board_fits_360_px_in_russian(server: ServerProcess, browser: Any, game: str, players: int, moves: int,
                                      seed: int) -> None:
    """The narrowest phone we support, in the language with the longer words: nothing wider than the screen,
    and no card name wider than its card (a word is never broken, so a longer one must shrink instead)."""
    ctx = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, device_scale_factor=1)
    ctx.add_init_script("localStorage.setItem('nastolka.lang', 'ru');")
    page = ctx.new_page()
    page.goto(f"{server.url}/#/rules/{game}")
    page.wait_for_selector("#rules")
    page.evaluate(DRAW, [mid_game_view(game, players, moves, seed), NAMES[:players]])
    page.wait_for_selector("#shot .board")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    overflowing = page.evaluate("""() => [...document.querySelectorAll('.sb-name, .ts-name, .ce-card-kind, .ts-loc-name')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)""")
    assert overflowing == [], f"{game}: names wider than their card: {overflowing}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"screen_{game}_360_ru.png"), full_page=True)
    ctx.close()
