"""``docs/engine.md`` is the one contract a game implements, and it says what the code says.

Every hook the engine requires (the abstract methods of ``GameState``), every hook a game overrides
(the three real games and ``tests/stones``), every field of the ``Game`` descriptor and every part the
clients look for in a game's folder is named in the document; and every hook the document's tables name
exists on ``GameState`` (or the descriptor), so a renamed hook cannot leave a stale contract behind.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import stones

from nastolka.engine import Game, GameState, all_games

DOC = (Path(__file__).resolve().parents[1] / "docs" / "engine.md").read_text(encoding="utf-8")
#: names written in backticks in the document (``legal_ids(seat)`` counts as ``legal_ids``)
NAMED = {m.group(1) for m in re.finditer(r"`@?(?:classmethod )?([A-Za-z_][A-Za-z_0-9]*)", DOC)}
#: the parts the clients look for in a game's folder (``Game.part`` and the server's board files)
PARTS = ("text.py", "words.toml", "decisions.toml", "tui.py", "observe.py", "vocab.json", "web/board.js",
         "web/board.css", "web/words.toml", "heuristic.py")


def _abstract_hooks() -> set[str]:
    """The hooks ``GameState`` declares abstract, read from its source (a compiled ``GameState`` has no
    ``__abstractmethods__`` to ask)."""
    source = (Path(__file__).resolve().parents[1] / "nastolka" / "engine" / "state.py").read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == "GameState":
            return {f.name for f in node.body if isinstance(f, ast.FunctionDef)
                    and any(getattr(d, "id", getattr(d, "attr", "")) == "abstractmethod" for d in f.decorator_list)}
    raise AssertionError("no GameState in nastolka/engine/state.py")


def _overridden(cls: type) -> set[str]:
    """The ``GameState`` attributes that ``cls`` (or a class between it and ``GameState``) defines again."""
    base = set(vars(GameState))
    out: set[str] = set()
    for klass in cls.__mro__:
        if klass is GameState:
            break
        out |= {name for name in vars(klass) if name in base and not name.startswith("__")}
    return out - {"_abc_impl"}   # the ABC machinery, not a hook


def _hook_rows() -> set[str]:
    """The first column of the document's hook and field tables (rows that start with a backticked name
    that is not a file's)."""
    rows = re.findall(r"^\| `(?:@classmethod )?([A-Za-z_][A-Za-z_0-9]*)(?![.\w/])", DOC, re.M)   # not files
    return set(rows)


def test_every_required_hook_is_in_the_contract() -> None:
    required = _abstract_hooks()
    assert len(required) >= 9 and required <= NAMED, sorted(required - NAMED)


def test_every_hook_a_game_overrides_is_in_the_contract() -> None:
    games = [g.state_class for g in all_games()] + [stones.GAME.state_class]
    for cls in games:
        missing = _overridden(cls) - NAMED
        assert not missing, (cls.__name__, sorted(missing))


def test_every_descriptor_field_is_in_the_contract() -> None:
    fields = {f.name for f in dataclasses.fields(Game)}
    assert fields - NAMED == set(), sorted(fields - NAMED)


def test_every_part_a_client_looks_for_is_in_the_contract() -> None:
    assert [p for p in PARTS if f"`{p}`" not in DOC and p not in DOC] == []


def test_every_hook_the_contract_names_exists() -> None:
    fields = {f.name for f in dataclasses.fields(Game)}
    stale = {name for name in _hook_rows() if not hasattr(GameState, name) and name not in fields}
    assert not stale, sorted(stale)


def test_the_check_sees_a_missing_hook() -> None:
    """The scan itself: a hook named nowhere in the document is reported."""
    class Odd(GameState):   # defines a base attribute again, as a game overriding a hook would
        def history(self) -> list[tuple[int, str]]:
            return []

    assert "history" in _overridden(Odd)
    assert "no_such_hook" not in NAMED and "legal_ids" in NAMED and len(_hook_rows()) > 20
