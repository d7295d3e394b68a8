"""Observation encoder for «Шоу-Битва», read from the view's documented fields (``views.py``, SB-10).

Why hand-written: the board is a grid of slots with a few categorical attributes each; one-hot slots
let even a linear policy see "which card, whose, which way up", and seats are encoded *relative to the
observer* (troupe 0 is always "me"), so one policy serves every seat.

Layout (``R`` rows: 2 with 1–2 players, 4 with 3–4; ``T`` troupes: 2 in solo, else the player count;
``K = 12`` card kinds; slots ``S = 8`` per row):

1. board, ``R × S × 25``: present, card kind one-hot (K), face up, owner relative one-hot (4),
   orientation one-hot (4), value / 10, untouchable token, number of covered cards / 4;
2. troupes, ``4 × (K + 8)`` relative to the observer: cards of that kind in hand (only my own hand is
   known; others stay 0), hand size / 12, deck size / 12, tokens / 3, mulligan used, strength / 40,
   face-up cards / 16, is the solo rival, exists;
3. turn state, ``27``: to act relative one-hot (4), first player relative one-hot (4), phase one-hot (5),
   pending effect kind one-hot (K), token used, passes / 4;
4. options: jury sympathy, solo level / 3.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from nastolka.engine import parse_id
from nastolka.games.show_battle.actions import PARSED
from nastolka.games.show_battle.data import KIND_IDS, NKINDS, ROW_SLOTS, ROWS_ONE_BOARD, ROWS_TWO_BOARDS
from nastolka.games.show_battle.state import PHASES
from nastolka.rl.encoders import encode_sparse, pieces_of
from nastolka.rl.sink import Sink

KIND = {k: i for i, k in enumerate(KIND_IDS)}
PHASE = {p: i for i, p in enumerate(PHASES)}
SLOT_W = 1 + NKINDS + 1 + 4 + 4 + 1 + 1 + 1
TROUPE_W = NKINDS + 8
TURN_W = 4 + 4 + len(PHASES) + NKINDS + 2
LEVELS = {"novice": 0, "artist": 1, "star": 2, "legend": 3}


class ShowBattleEncoder:
    low = -1.0
    high = 12.0
    clip = False

    def __init__(self, players: int) -> None:
        self.players = players
        self.troupes = 2 if players == 1 else players
        self.rows = 2 if self.troupes <= 2 else 4
        self.board = self.rows * ROW_SLOTS * SLOT_W
        self.pieces = pieces_of({"board": self.board, "troupes": 4 * TROUPE_W, "turn": TURN_W, "options": 2})
        self.size = self.pieces["options"].stop
        self.name = f"show_battle-{self.size}"

    def _rel(self, t: Any, me: int) -> int:
        return (int(t) - me) % self.troupes if t is not None else 3

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        return encode_sparse(self, view, out)

    def fill(self, view: Mapping[str, Any], out: Sink) -> None:
        """Write the observation of ``view`` into ``out`` (the layout of the module docstring)."""
        me = view.get("seat") or 0
        for r, row in enumerate(view["rows"][: self.rows]):
            for j, slot in enumerate(row["slots"][:ROW_SLOTS]):
                o = (r * ROW_SLOTS + j) * SLOT_W
                out.one(o)
                out.one(o + 1 + KIND[slot["card"]])
                o += 1 + NKINDS
                out.add(o, 1.0 if slot["face_up"] else 0.0)
                out.one(o + 1 + self._rel(slot["owner"], me))
                out.one(o + 5 + int(slot["orient"]) % 4)
                out.add(o + 9, slot["value"] / 10.0)
                out.add(o + 10, 1.0 if slot["token"] else 0.0)
                out.add(o + 11, len(slot["covered"]) / 4.0)
        base = self.board
        for tr in view["troupes"]:
            o = base + self._rel(tr["troupe"], me) * TROUPE_W
            for card in tr["hand"] or ():
                out.one(o + KIND[card])
            o += NKINDS
            out.add(o, tr["hand_size"] / 12.0)
            out.add(o + 1, tr["deck_size"] / 12.0)
            out.add(o + 2, tr["tokens"] / 3.0)
            out.add(o + 3, 1.0 if tr["mulligan_used"] else 0.0)
            out.add(o + 4, tr["strength"] / 40.0)
            out.add(o + 5, tr["face_up"] / 16.0)
            out.add(o + 6, 1.0 if tr["rival"] else 0.0)
            out.one(o + 7)
        o = base + 4 * TROUPE_W
        for seat in view.get("to_act", ())[:1]:
            out.one(o + self._rel(seat, me))
        out.one(o + 4 + self._rel(view["first"], me))
        out.one(o + 8 + PHASE[view["phase"]])
        o += 8 + len(PHASES)
        if view["pending"] is not None:
            out.one(o + KIND[view["pending"]["effect"]])
        o += NKINDS
        out.add(o, 1.0 if view["token_used"] else 0.0)
        out.add(o + 1, view["passes"] / 4.0)
        o += 2
        out.add(o, 1.0 if view["jury_sympathy"] else 0.0)
        solo = view.get("solo")
        if solo:
            level = solo.get("level")
            out.add(o + 1, LEVELS.get(level, 0) / 3.0 if isinstance(level, str) else float(level or 0) / 3.0)


def make_encoder(players: int, options: dict[str, Any]) -> ShowBattleEncoder:
    return ShowBattleEncoder(players)


def action_ids(players: int, options: dict[str, Any]) -> list[str]:
    """Every action id at ``players``, straight from the game's own id table (``actions.PARSED``).

    The game generates all its ids at import, so nothing is guessed: only the ids that exist at this
    player count are kept. One board (rows ``1``, ``2``) serves 1–2 players (solo plays against the
    automa on one board), two boards (rows ``A1``…``B2``) 3–4; placement and token ids name rows, so they
    are filtered by the rows of the layout. The frozen vocabulary ``vocab.json`` fixes the order; this
    list only decides which ids exist.
    """
    rows = set(ROWS_TWO_BOARDS if players >= 3 else ROWS_ONE_BOARD)
    out = []
    for aid in PARSED:
        row = parse_id(aid).get("row")
        if row is not None and row not in rows:
            continue
        out.append(aid)
    return out
