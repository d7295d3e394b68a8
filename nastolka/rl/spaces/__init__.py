"""Fixed ``Discrete`` action spaces: a stable mapping between engine action ids and integer indices.

Why a mapping at all? RL libraries want a fixed number of actions per environment, while the engine offers
a varying list of readable string ids (``play:card=clown,slot=3``). The mapping is fixed per game and
player count, so a policy trained today still means the same thing tomorrow.

Where the list of every possible id comes from, in order of preference:

1. an **enumeration hook**: ``action_ids(players: int, options: dict) -> list[str]`` in the game's
   ``observe.py`` (its RL part, found through the descriptor) that lists every id the game can ever
   offer, derived from the game's own data (exact, complete, cheap);
2. a **frozen vocabulary file** ``vocab.json`` in the game's folder, written by
   ``python -m nastolka.rl.vocab <game_id>`` from many random games. Indices in it never move: a rebuild
   only appends ids not seen before;
3. as a last resort, the same exploration done in memory at start-up (with a warning), so a brand-new
   game is usable at once.

Every space keeps ``reserve`` spare indices at the end: an id the vocabulary has never seen is given the
next spare index (with a warning) instead of making the game unplayable; such late ids are not stable
across processes, which is why the warning asks for a vocabulary rebuild.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from nastolka.engine import Game, OptionError, format_id, get, is_well_formed, parse_id

Enumerator = Callable[[int, dict[str, Any]], Sequence[str]]

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
            try:
                state = game.new(players, dict(opts), seed=seed * 1_000_003 + g)
            except OptionError:  # this option variant is not valid at this player count
                break
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
    return [{}, *({option.name: value} for option, value in game.options.variants())]


def _shape(aid: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """``punch:target=doc,loot=purse,car=2`` -> ((``punch``, ``target``, ``loot``, ``car``), values)."""
    if not is_well_formed(aid):
        return None
    parsed = parse_id(aid)
    if not parsed.params:
        return None
    return (parsed.verb, *parsed.params), tuple(parsed.params.values())


def closure(ids: Iterable[str], cap: int = 4096) -> set[str]:
    """Ids that combine parameter values already seen in ids of the same shape.

    Why: random games reach common ids quickly but rare combinations (punch *this* bandit holding
    *that* loot towards *that* car) slowly. Ids of one shape (same verb and parameter names) are
    completed to the full product of the values seen for each parameter, so a rare combination still
    gets a fixed index. Unreachable combinations cost only masked-out indices. Shapes whose product
    exceeds ``cap`` are left as seen.
    """
    from itertools import product

    groups: dict[tuple[str, ...], list[dict[str, None]]] = {}
    for aid in ids:
        parsed = _shape(aid)
        if parsed is None:
            continue
        keys, values = parsed
        slots = groups.setdefault(keys, [{} for _ in values])
        for slot, value in zip(slots, values, strict=True):
            slot[value] = None
    out: set[str] = set()
    for keys, slots in groups.items():
        total = 1
        for slot in slots:
            total *= len(slot)
        if total > cap:
            continue
        for combo in product(*slots):
            out.add(format_id(keys[0], zip(keys[1:], combo, strict=True)))
    return out


def vocab_path(game: Game | str, directory: Path | None = None) -> Path:
    """``vocab.json`` in the game's folder, or ``<directory>/<game id>.json`` when a directory is given."""
    if directory is not None:
        return directory / f"{game if isinstance(game, str) else game.id}.json"
    return (get(game) if isinstance(game, str) else game).folder / "vocab.json"


def load_vocab(game: Game | str, directory: Path | None = None) -> dict[str, Any] | None:
    path = vocab_path(game, directory)
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
        variants = option_variants(game)
        seen, longest = explore_ids(game, n, variants, games, seed)
        prev = old_players.get(str(n), {})
        ids: list[str] = list(prev.get("ids", []))
        known = set(ids)
        hook = _hook(game)
        if hook is not None:  # the hook's order first: it groups ids the way the game's data does
            for opts in variants:
                try:
                    full = game.state_class._check_options(n, game.options.validate(opts))
                except OptionError:  # an option variant invalid at this player count
                    continue
                for aid in hook(n, full):
                    if aid not in known:
                        ids.append(aid)
                        known.add(aid)
        ids += sorted(seen - known, key=natural_key)
        known.update(seen)
        ids += sorted(closure(ids) - known, key=natural_key)
        players_data[str(n)] = {"ids": ids, "max_length_seen": max(longest, prev.get("max_length_seen", 0))}
    data = {"format": VOCAB_FORMAT, "game": game.id, "rules_version": game.rules_version,
            "note": "Append-only: the position of an id is its action index. Never reorder or delete.",
            "players": players_data}
    if write:
        path = vocab_path(game, directory)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return data


def _hook(game: Game) -> Enumerator | None:
    if game.id in _REGISTERED:
        return _REGISTERED[game.id]
    module = game.part("observe")
    return getattr(module, "action_ids", None) if module is not None else None


def action_map(game: Game, players: int, options: Mapping[str, Any], reserve: int = 16,
               directory: Path | None = None) -> ActionMap:
    """The fixed action space of ``game`` for ``players``.

    The frozen vocabulary (if any) fixes the order; ids the enumeration hook lists but the vocabulary
    lacks are appended after it (so a hook can grow without moving old indices); with neither, random
    games are explored in memory.
    """
    hook = _hook(game)
    hook_ids = list(hook(players, dict(options))) if hook is not None else None
    vocab = load_vocab(game, directory)
    vocab_ids = vocab["players"][str(players)]["ids"] if vocab and str(players) in vocab["players"] else None
    if vocab_ids is not None:
        known = set(vocab_ids)
        extra = [aid for aid in hook_ids or () if aid not in known]
        source = str(vocab_path(game, directory)) + (" + enumeration hook" if extra else "")
        return ActionMap([*vocab_ids, *extra], source=source, reserve=reserve)
    if hook_ids is not None:
        return ActionMap(hook_ids, source=f"enumeration hook for {game.id}", reserve=reserve)
    warnings.warn(f"{game.id}: no action enumeration hook and no vocabulary for {players} players; "
                  "exploring random games now (indices are not guaranteed stable: run "
                  f"`python -m nastolka.rl.vocab {game.id}`)", stacklevel=2)
    seen, _ = explore_ids(game, players, option_variants(game), 100)
    return ActionMap(sorted(seen, key=natural_key), source="in-memory exploration", reserve=reserve)


def max_game_length(game: Game, players: int, directory: Path | None = None) -> int | None:
    """The longest random game recorded in the vocabulary, if any (OpenSpiel wants an upper bound)."""
    vocab = load_vocab(game, directory)
    if vocab is None or str(players) not in vocab["players"]:
        return None
    return int(vocab["players"][str(players)].get("max_length_seen", 0)) or None
