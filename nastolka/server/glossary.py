"""Names of the things a game's views mention (card ids, cars, bandits…), in Russian and English.

Views carry stable ids (``"knives"``, ``"mail"``); people need words. Every game keeps its names in its
TOML data files, so this reads them generically — any table with an ``id`` and ``ru``/``en`` (or
``name_ru``/``name_en``) — without importing game internals. The browser client looks ids up here.
"""

from __future__ import annotations

import functools
import importlib
import tomllib
from pathlib import Path
from typing import Any

from nastolka.engine import Game


def _names(node: Any, out: dict[str, dict[str, str]], key: str | None = None) -> None:
    if isinstance(node, dict):
        en = node.get("name_en", node.get("en"))
        ru = node.get("name_ru", node.get("ru"))
        ident = node.get("id", key)
        if isinstance(ident, str) and isinstance(en, str) and isinstance(ru, str):
            out.setdefault(ident, {"en": en, "ru": ru})
        for k, v in node.items():
            _names(v, out, k)
    elif isinstance(node, list):
        for item in node:
            _names(item, out)


def glossary(game: Game) -> dict[str, dict[str, str]]:
    return _glossary(game.state_class.__module__)


@functools.cache
def _glossary(module_name: str) -> dict[str, dict[str, str]]:
    module = importlib.import_module(module_name)
    folder = Path(module.__file__ or ".").resolve().parent
    out: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            _names(tomllib.loads(path.read_text(encoding="utf-8")), out)
        except (OSError, tomllib.TOMLDecodeError):
            continue
    return out
