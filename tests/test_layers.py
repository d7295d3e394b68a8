"""Layers (``docs/architecture.md``): arrows point down, nothing imports upward.

* the engine imports nothing of nastolka but itself;
* a game's rules import only the engine and their own folder (never another game, a service or a client);
* a game's client parts (``tui.py`` its terminal board, ``observe.py`` its RL observation) may also use
  their client's toolkit, and no rules module imports them (the clients find them through the descriptor);
* services (bots, match, arena, simulate, bench) import no client (cli, tui, server, web, rl);
* the browser client (``nastolka/web``, ES modules): ``app.js`` is the router and nothing imports it; the
  pages (``lobby.js``, ``replay.js``, ``rules.js``, ``table/page.js``) are imported by the router alone; the
  table page's logic (``table/state.js``, ``actions.js``, ``socket.js``, ``clock.js``) imports no DOM or
  storage module, so ``node --test`` loads it (``tests/web``); shared modules never import the table page;
  a game's board (``games/<game>/web``) uses only the board kit (``dom.js``, ``ids.js``, ``kit.js``) and
  modules of its own folder (its art, ``web/art.js``); every
  module stays under 500 lines.

Imports are read from the source (``import``/``from`` statements, also inside functions, and
``importlib.import_module("…")`` with a literal name, and any string that is a dotted ``nastolka.…``
module name), so a lazy import cannot hide an upward arrow.
The package root ``nastolka/__init__.py`` is the composition root: it wires the layers together and is
the one module allowed to name them all.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "nastolka"
CLIENTS = ("nastolka.cli", "nastolka.tui", "nastolka.server", "nastolka.web", "nastolka.rl")
_DOTTED = re.compile(r"nastolka(\.[a-z_]+)+")
SERVICES = ("nastolka.bots", "nastolka.match", "nastolka.arena", "nastolka.arena_report", "nastolka.simulate", "nastolka.bench",
            "nastolka.playthrough")

#: a game folder's client parts and the toolkit each may use (``Game.part`` finds them by these names)
GAME_PARTS = {"tui": ("nastolka.tui",), "observe": ("nastolka.rl",)}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved against its package)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            out.add(stem)
            out.update(f"{stem}.{alias.name}" for alias in node.names)  # "from x import submodule"
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "import_module" and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            out.add(node.args[0].value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _DOTTED.fullmatch(node.value):
            out.add(node.value)  # a module named in a string, for a later import_module
    return {m for m in out if m == "nastolka" or m.startswith("nastolka.")}


def _under(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


def _violations(path: Path) -> list[str]:
    name = _module_name(path)
    imports = _imports(path)
    if name == "nastolka":
        return []
    if _under(name, ("nastolka.engine",)):
        return sorted(m for m in imports if not _under(m, ("nastolka.engine",)))
    if name.startswith("nastolka.games."):
        parts = name.split(".")
        own = ".".join(parts[:3])
        part = parts[3] if len(parts) > 3 else ""
        allowed = ("nastolka.engine", own, *GAME_PARTS.get(part, ()))
        bad = {m for m in imports if not _under(m, allowed)}
        if part not in GAME_PARTS:
            bad |= {m for m in imports if _under(m, tuple(f"{own}.{p}" for p in GAME_PARTS))}
        return sorted(bad)
    if name == "nastolka.games":
        return sorted(m for m in imports if not _under(m, ("nastolka.engine", "nastolka.games")))
    if _under(name, SERVICES):
        return sorted(m for m in imports if _under(m, CLIENTS))
    return []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _module_name(p) or "nastolka")
def test_no_module_imports_upward(path: Path) -> None:
    assert _violations(path) == []


def test_the_check_sees_lazy_and_relative_imports() -> None:
    """The checker itself: a rules module importing a client lazily is caught."""
    assert _imports(PACKAGE / "games" / "__init__.py") >= {"nastolka.engine.registry"}
    probe = PACKAGE / "engine" / "registry.py"
    assert all(m.startswith("nastolka.engine") for m in _imports(probe))
    assert len(MODULES) > 80


def test_a_rules_module_may_not_import_a_client_part() -> None:
    """The rules of a game importing its own terminal board would load the client with the rules."""
    probe = PACKAGE / "games" / "talespin" / "_probe_layers.py"
    probe.write_text("from . import tui\nfrom nastolka.tui.boards import base\n", encoding="utf-8")
    try:
        assert _violations(probe) == ["nastolka.games.talespin.tui", "nastolka.tui.boards",
                                      "nastolka.tui.boards.base"]
    finally:
        probe.unlink()
    assert _violations(PACKAGE / "games" / "talespin" / "tui.py") == []


# ------------------------------------------------------------------------------------------ the browser client
WEB = PACKAGE / "web"
_JS_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"'`;]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']""", re.M)
#: the router and the pages it alone may import (web-relative paths)
ROUTER = "app.js"
PAGES = {"lobby.js", "replay.js", "rules.js", "table/page.js"}
#: the table page's logic, loaded by node without a browser: it may import these and nothing else
PURE = {"table/state.js", "table/actions.js", "table/socket.js", "table/clock.js", "patch.js"}
#: what a game's board may import (served at the web root)
BOARD_KIT = {"dom.js", "ids.js", "kit.js"}
WEB_MODULES = sorted(WEB.rglob("*.js"))
BOARD_MODULES = sorted((PACKAGE / "games").glob("*/web/*.js"))


def _js_imports(path: Path) -> set[str]:
    """The web-relative paths a module imports (``./x.js``, ``../x.js`` and ``/x.js`` alike)."""
    out = set()
    for m in _JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
        spec = m.group(1) or m.group(2)
        target = ((WEB / spec.lstrip("/")) if spec.startswith("/") else (path.parent / spec)).resolve()
        if path.is_relative_to(PACKAGE / "games") and target.parent == path.parent.resolve():
            out.add(f"./{target.name}")   # a board's own module beside it (its art), served from its folder
        else:
            out.add(target.relative_to(WEB.resolve()).as_posix())
    return out


def _web_violations(path: Path) -> list[str]:
    if path.is_relative_to(PACKAGE / "games"):
        return sorted(m for m in _js_imports(path) if m not in BOARD_KIT and not m.startswith("./"))
    name = path.relative_to(WEB).as_posix()
    bad = {m for m in _js_imports(path) if m == ROUTER}
    if name != ROUTER:
        bad |= {m for m in _js_imports(path) if m in PAGES}
    if name in PURE:
        bad |= {m for m in _js_imports(path) if m not in PURE}
    if not name.startswith("table/") and name != ROUTER:
        bad |= {m for m in _js_imports(path) if m.startswith("table/")}
    return sorted(bad)


@pytest.mark.parametrize("path", WEB_MODULES + BOARD_MODULES, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_web_modules_keep_their_layers(path: Path) -> None:
    assert _web_violations(path) == []
    assert len(path.read_text(encoding="utf-8").splitlines()) < 500


def test_the_web_check_sees_imports() -> None:
    """The checker itself: the router's pages are seen, and a pure module importing the DOM is caught."""
    assert _js_imports(WEB / ROUTER) >= PAGES
    assert _js_imports(WEB / "table" / "state.js") == {"patch.js"}
    assert len(BOARD_MODULES) >= 3
    probe = WEB / "table" / "_probe_layers.js"
    probe.write_text('import { h } from "../dom.js";\nimport { lobbyPage } from "/lobby.js";\n', encoding="utf-8")
    try:
        assert _js_imports(probe) == {"dom.js", "lobby.js"}
        assert _web_violations(probe) == ["lobby.js"]
    finally:
        probe.unlink()
    state = WEB / "table" / "state.js"
    assert "dom.js" not in _web_violations(state)
