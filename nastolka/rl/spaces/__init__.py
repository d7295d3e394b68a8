"""Fixed ``Discrete`` action spaces: a stable mapping between engine action ids and integer indices.

Why a mapping at all? RL libraries want a fixed number of actions per environment, while the engine offers
a varying list of readable string ids (``play:card=clown,slot=3``). The mapping is fixed per game and
player count, so a policy trained today still means the same thing tomorrow.

Where the list of every possible id comes from, in order of preference:

1. an **enumeration hook**: a module ``nastolka.rl.spaces.<game_id>`` with
   ``action_ids(players: int, options: dict) -> list[str]`` that lists every id the game can ever offer,
   derived from the game's own data (exact, complete, cheap);
2. a **frozen vocabulary file** ``nastolka/rl/vocab/<game_id>.json`` written by
   ``python -m nastolka.rl.vocab <game_id>`` from many random games. Indices in it never move: a rebuild
   only appends ids not seen before;
3. as a last resort, the same exploration done in memory at start-up (with a warning), so a brand-new
   game is usable at once.

Every space keeps ``reserve`` spare indices at the end: an id the vocabulary has never seen is given the
next spare index (with a warning) instead of making the game unplayable; such late ids are not stable
across processes, which is why the warning asks for a vocabulary rebuild.
"""

from __future__ import annotations

import importlib
import json
import re
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from nastolka.engine import Game

Enumerator = Callable[[int, dict[str, Any]], Sequence[str]]

VOCAB_DIR = Path(__file__).resolve().parent.parent / "vocab"
VOCAB_FORMAT = "nastolka-rl-vocab/1"

_REGISTERED: dict[str, Enumerator] = {}


def register(game_id: str, enumerator: Enumerator) -> None:
    """Register an enumeration hook in code (used for test games that live outside the package)."""
    _REGISTERED[game_id] = enumerator


def natural_key(aid: str) -> list[Any]:
    """Sort key that orders ``card=10`` after ``card=9`` so vocabularies read naturally."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", aid)]


class ActionMap:
    """Bidirectional id <-> index mapping with ``reserve`` spare slots for never-seen ids."""

    def __init__(self, ids: Iterable[str], *, source: str, reserve: int = 16) -> None:
        self.ids: list[str] = list(ids)
        if len(set(self.ids)) != len(self.ids):
            raise ValueError("duplicate action ids in an action map")
        self._index: dict[str, int] = {aid: i for i, aid in enumerate(self.ids)}
        self.known = len(self.ids)
        self.size = self.known + reserve
        self.source = source

    def index(self, aid: str) -> int:
        """The index of ``aid``; an unknown id takes the next spare slot (with a warning)."""
        i = self._index.get(aid)
        if i is not None:
            return i
        if len(self.ids) >= self.size:
            raise KeyError(f"action id {aid!r} is not in the vocabulary and no spare index is left; "
                           "rebuild it with `python -m nastolka.rl.vocab`")
        warnings.warn(f"action id {aid!r} is not in the vocabulary ({self.source}); it gets spare index "
                      f"{len(self.ids)}, which is not stable across runs", stacklevel=2)
        self.ids.append(aid)
        self._index[aid] = i = len(self.ids) - 1
        return i

    def action_id(self, index: int) -> str:
        """The id behind an index (``IndexError`` for a spare slot nobody has used)."""
        i = int(index)
        if not 0 <= i < len(self.ids):
            raise IndexError(f"action index {i} maps to no action id (space size {self.size})")
        return self.ids[i]

    def mask(self, legal: Sequence[str], out: np.ndarray | None = None) -> np.ndarray:
        """An ``int8`` mask of length ``size`` with ones at the legal ids."""
        if out is None:
            out = np.zeros(self.size, dtype=np.int8)
        else:
            out.fill(0)
        index = self._index
        for aid in legal:
            i = index.get(aid)
            out[i if i is not None else self.index(aid)] = 1
        return out

    def indices(self, legal: Sequence[str]) -> list[int]:
        index = self._index
        return [index[a] if a in index else self.index(a) for a in legal]


# --------------------------------------------------------------------------- discovery
def explore_ids(game: Game, players: int, options_list: Sequence[Mapping[str, Any]], games: int,
                seed: int = 0, max_steps: int = 20_000) -> tuple[set[str], int]:
    """Every id offered in ``games`` random playouts per option set, and the longest game seen."""
    from nastolka.engine import Rng

    seen: set[str] = set()
    longest = 0
    rng = Rng(seed)
    for opts in options_list:
        for g in range(games):
            state = game.new(players, dict(opts), seed=seed * 1_000_003 + g)
            steps = 0
            while not state.is_over and steps < max_steps:
                for s in state.to_act:
                    seen.update(state.legal_ids(s))
                seat = state.to_act[0]
                legal = state.legal_ids(seat)
                state.apply_unchecked(seat, legal[rng.randbelow(len(legal))])
                steps += 1
            longest = max(longest, steps)
    return seen, longest


def option_variants(game: Game) -> list[dict[str, Any]]:
    """Defaults, plus each boolean option flipped and each choice option set to every value.

    Why not the full product? It explodes; one change at a time reaches the ids each option adds.
    """
    variants: list[dict[str, Any]] = [{}]
    for opt in game.options.options:
        if opt.kind == "bool":
            variants.append({opt.name: not opt.default})
        elif opt.kind in ("choice", "int") and opt.choices:
            variants.extend({opt.name: c} for c in opt.choices if c != opt.default)
    return variants


def vocab_path(game_id: str, directory: Path | None = None) -> Path:
    return (directory or VOCAB_DIR) / f"{game_id}.json"


def load_vocab(game_id: str, directory: Path | None = None) -> dict[str, Any] | None:
    path = vocab_path(game_id, directory)
    if not path.exists():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != VOCAB_FORMAT:
        raise ValueError(f"{path}: not a {VOCAB_FORMAT} file")
    return data


def build_vocab(game: Game, games: int = 200, seed: int = 0, directory: Path | None = None,
                write: bool = True) -> dict[str, Any]:
    """Explore random games for every player count and merge into the frozen vocabulary (append-only)."""
    old = load_vocab(game.id, directory) or {}
    old_players: dict[str, Any] = old.get("players", {})
    players_data: dict[str, Any] = {}
    for n in range(game.min_players, game.max_players + 1):
        seen, longest = explore_ids(game, n, option_variants(game), games, seed)
        prev = old_players.get(str(n), {})
        ids: list[str] = list(prev.get("ids", []))
        known = set(ids)
        ids += sorted(seen - known, key=natural_key)
        players_data[str(n)] = {"ids": ids, "max_length_seen": max(longest, prev.get("max_length_seen", 0))}
    data = {"format": VOCAB_FORMAT, "game": game.id, "rules_version": game.rules_version,
            "note": "Append-only: the position of an id is its action index. Never reorder or delete.",
            "players": players_data}
    if write:
        path = vocab_path(game.id, directory)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return data


def _hook(game_id: str) -> Enumerator | None:
    if game_id in _REGISTERED:
        return _REGISTERED[game_id]
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return None
    return getattr(module, "action_ids", None)


def action_map(game: Game, players: int, options: Mapping[str, Any], reserve: int = 16,
               directory: Path | None = None) -> ActionMap:
    """The fixed action space of ``game`` for ``players``: hook, else vocabulary file, else exploration."""
    hook = _hook(game.id)
    if hook is not None:
        return ActionMap(hook(players, dict(options)), source=f"enumeration hook for {game.id}",
                         reserve=reserve)
    vocab = load_vocab(game.id, directory)
    if vocab is not None and str(players) in vocab["players"]:
        return ActionMap(vocab["players"][str(players)]["ids"], source=str(vocab_path(game.id, directory)),
                         reserve=reserve)
    warnings.warn(f"{game.id}: no action enumeration hook and no vocabulary for {players} players; "
                  "exploring random games now (indices are not guaranteed stable: run "
                  f"`python -m nastolka.rl.vocab {game.id}`)", stacklevel=2)
    seen, _ = explore_ids(game, players, option_variants(game), 100)
    return ActionMap(sorted(seen, key=natural_key), source="in-memory exploration", reserve=reserve)


def max_game_length(game: Game, players: int, directory: Path | None = None) -> int | None:
    """The longest random game recorded in the vocabulary, if any (OpenSpiel wants an upper bound)."""
    vocab = load_vocab(game.id, directory)
    if vocab is None or str(players) not in vocab["players"]:
        return None
    return int(vocab["players"][str(players)].get("max_length_seen", 0)) or None
