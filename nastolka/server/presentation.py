"""What the browser needs to draw a game for people: names and rules texts of every card, place and token,
the board's own words, the rules summary, and the game's board script and stylesheet.

Everything here is public, static data (printed on the physical cards): it never depends on a state, so it
can be cached by the client and can never leak hidden information.

- ``terms``: every TOML table of the game folder that has an ``id`` (or a key) and Russian and English
  names, with its public fields (values, stats, type, reception, what it does on each roll of the die…)
  and its rules text as ``tip_en`` /
  ``tip_ru`` (from ``effect_*``, ``text_*`` or ``bonus_*``) — the same data the terminal reads.
- ``words``: the board's words (phases, stats, labels) from ``web/words.toml`` in the game folder.
- ``decisions``: one line of help per kind of decision (``decisions.toml``), shown in the decision bar.
- boards: a game folder with ``web/board.js`` (and optionally ``web/board.css``) has its own board; they are
  discovered, never listed by hand.
"""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any

from nastolka.engine import Game, all_games
from nastolka.engine.words import load

#: public fields copied from a TOML table into its term (everything else stays on the server)
PUBLIC = ("values", "type", "shipping", "range", "piloting", "receiving", "clock", "colour", "keywords",
          "maneuver", "small", "large", "turns", "count", "main_character", "die_text_en", "die_text_ru")
#: where a table keeps its rules text, in order of preference
TIPS = ("effect", "text", "bonus")


def folder_of(game: Game) -> Path:
    return game.folder


def _walk(node: Any, out: dict[str, dict[str, Any]], key: str | None = None,
          fields: dict[str, dict[str, Any]] | None = None) -> None:
    if isinstance(node, dict):
        en = node.get("name_en", node.get("en"))
        ru = node.get("name_ru", node.get("ru"))
        ident = node.get("id", key)
        if fields is not None and isinstance(node.get("id"), str):
            fields.setdefault(node["id"], {f: node[f] for f in PUBLIC if f in node})
        if isinstance(ident, str) and isinstance(en, str) and isinstance(ru, str) and ident not in out:
            entry: dict[str, Any] = {"en": en, "ru": ru}
            for f in PUBLIC:
                if f in node:
                    entry[f] = node[f]
            for base in TIPS:
                tip_en, tip_ru = node.get(f"{base}_en"), node.get(f"{base}_ru")
                if isinstance(tip_en, str) and isinstance(tip_ru, str):
                    entry["tip_en"], entry["tip_ru"] = tip_en, tip_ru
                    break
            out[ident] = entry
        for k, v in node.items():
            _walk(v, out, k, fields)
    elif isinstance(node, list):
        for item in node:
            _walk(item, out, None, fields)


@functools.cache
def _terms(folder: Path) -> dict[str, dict[str, Any]]:
    """Names and rules texts from the game's ``words.toml`` (the words every client shows), with the public
    fields of the data tables of the same id; names still kept in data tables fill in the rest."""
    out: dict[str, dict[str, Any]] = {}
    fields: dict[str, dict[str, Any]] = {}
    words_path = folder / "words.toml"
    if words_path.is_file():
        for ident, item in load(words_path).glossary().items():
            entry: dict[str, Any] = {"en": item["en"], "ru": item["ru"]}
            if "text_en" in item and "text_ru" in item:
                entry["tip_en"], entry["tip_ru"] = item["text_en"], item["text_ru"]
            out[ident] = entry
    for path in sorted(folder.glob("*.toml")):
        if path.name == "words.toml":
            continue
        try:
            _walk(tomllib.loads(path.read_text(encoding="utf-8")), out, None, fields)
        except (OSError, tomllib.TOMLDecodeError):
            continue
    for ident, public in fields.items():
        if ident in out:
            for f, v in public.items():
                out[ident].setdefault(f, v)
    return out


@functools.cache
def _words(folder: Path) -> dict[str, dict[str, str]]:
    path = folder / "web" / "words.toml"
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {k: {"en": str(v["en"]), "ru": str(v["ru"])} for k, v in data.items()
            if isinstance(v, dict) and "en" in v and "ru" in v}


@functools.cache
def _decisions(folder: Path) -> dict[str, dict[str, str]]:
    """The game's one line of help per kind of decision (``decisions.toml``, which the terminal shows too):
    the browser's decision bar says the same, so both clients ask the same question."""
    path = folder / "decisions.toml"
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {k: {"en": str(v["en"]), "ru": str(v["ru"])} for k, v in data.items()
            if isinstance(v, dict) and "en" in v and "ru" in v}


def terms(game: Game) -> dict[str, dict[str, Any]]:
    return _terms(folder_of(game))


def presentation(game: Game) -> dict[str, Any]:
    folder = folder_of(game)
    return {"game": game.id, "terms": _terms(folder), "words": _words(folder),
            "decisions": _decisions(folder), "rules": dict(game.rules_summary), "board": board_files(game)}


def board_files(game: Game) -> dict[str, str]:
    """URLs of the game's own board script and stylesheet (empty when it has none: generic board)."""
    web = folder_of(game) / "web"
    out = {}
    if (web / "board.js").is_file():
        out["js"] = f"/boards/{game.id}/board.js"
    if (web / "board.css").is_file():
        out["css"] = f"/boards/{game.id}/board.css"
    return out


def boards() -> dict[str, dict[str, str]]:
    return {g.id: files for g in all_games() if (files := board_files(g))}


#: a board asset's name: a plain file name of the game's own ``web/`` folder (the board script, its
#: stylesheet, and the art the script imports, such as ``art.js`` or ``train.svg``) — no path, no dot-file
ASSET = re.compile(r"[a-z][a-z0-9_-]{0,40}\.(js|css|svg)")


def board_file(game: Game, name: str) -> Path | None:
    """The board file ``name`` of a game, or None: only a plain ``*.js`` / ``*.css`` / ``*.svg`` file of its
    own ``web/`` folder (a game's art is its own part, served beside its board)."""
    if not ASSET.fullmatch(name):
        return None
    path = folder_of(game) / "web" / name
    return path if path.is_file() else None
