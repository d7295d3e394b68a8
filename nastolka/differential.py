"""Differential play: a digest of many seeded random games, to compare the compiled and the pure build.

Why: the compiled build must behave exactly as the Python source reads. Run this module once with
``NASTOLKA_PURE=1`` and once without (``tests/test_differential.py`` does), and compare: for every game,
player count and seed, one SHA-256 over everything observable — each step's seats to act, their legal ids,
the action taken, the events it produced (with who may see them), every seat's view and the spectator's
(at every step for the first ``full`` seeds, at the end for the rest), each seat's RL observation vector of
its view where the game has an encoder (compiled with the rules too), the history and the result.

``python -m nastolka.differential --games 300 --full 30`` prints the build and the digests as JSON.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import sys
from typing import Any

from nastolka import native
from nastolka.engine import Game, Rng, all_games


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr).encode()


def _views(state: Any, h: Any, encoder: Any = None) -> None:
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        h.update(_dump(view))
        if encoder is not None and seat is not None:
            h.update(encoder.encode(view).tobytes())


def _encoder(game: Game, players: int) -> Any:
    """The game's own observation encoder (``observe.py``), or None: its output is part of the digest."""
    module = game.part("observe")
    factory = getattr(module, "make_encoder", None) if module is not None else None
    return factory(players, {}) if factory is not None else None


def game_digest(game: Game, players: int, seed: int, every_view: bool) -> str:
    """Play one seeded random game and hash everything observable about it."""
    h = hashlib.sha256()
    state = game.new(players, seed=seed)
    chooser = Rng(seed * 7919 + players)
    encoder = _encoder(game, players) if every_view else None
    if every_view:
        _views(state, h, encoder)
    while not state.is_over:
        to_act = state.to_act
        h.update(_dump(list(to_act)))
        legal = {seat: state.legal_ids(seat) for seat in to_act}
        h.update(_dump([legal[s] for s in to_act]))
        seat = to_act[chooser.randbelow(len(to_act))]
        aid = legal[seat][chooser.randbelow(len(legal[seat]))]
        h.update(_dump([seat, aid]))
        events = state.apply(seat, aid)
        h.update(_dump([[e.kind, e.args, None if e.seats is None else list(e.seats)] for e in events]))
        if every_view:
            _views(state, h, encoder)
        if state.step > 20_000:
            raise RuntimeError(f"{game.id} {players}p seed {seed}: no end after 20000 actions")
    _views(state, h)
    h.update(_dump(state.history()))
    h.update(_dump(state.result().to_json()))
    return h.hexdigest()


def run(games: int, full: int, only: list[str] | None = None) -> dict[str, Any]:
    for module in native.COMPILED_MODULES:     # every one, so the report shows the whole build was loaded
        importlib.import_module(module)
    digests: dict[str, str] = {}
    for game in all_games():
        if only and game.id not in only:
            continue
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(games):
                digests[f"{game.id}/{players}/{seed}"] = game_digest(game, players, seed, seed < full)
    return {"build": native.build_info(), "loaded_compiled": native.loaded_compiled(), "digests": digests}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="seeds per game and player count")
    parser.add_argument("--full", type=int, default=30, help="seeds whose every step's views are hashed")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    json.dump(run(args.games, args.full, args.game), sys.stdout)


if __name__ == "__main__":
    main()
