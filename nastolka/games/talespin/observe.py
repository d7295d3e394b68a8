"""Observation encoder for TaleSpin, read from the view's fields (``state.py`` ``_view``).

Why hand-written: TaleSpin is a game of card sets (chains, holds, hands, discards, the cards of a
dogfight), so each set becomes a count per card definition (``N`` = the number of definitions in
``cards.toml``), and every seat is encoded *relative to the observer* (seat 0 is "me"). The few free-form
parts of a decision (its ``context`` words) go through a small hashed block, so new contexts never break
the layout.

Layout (seat one-hots have 4 places; the solitaire Khan is encoded in the "khan" block):

1. seats, 4 × (17 + 6N) relative: exists; character one-hot (4); position / 12; stats (shipping,
   range, piloting) / 6; hand size / 10; is active; is the first in turn order; order position / 4;
   known-hand size / 10; face-down hold cards not known / 5; tiki size / 5; (2 spare);
   bags of N: chain, open hold cards, face-down hold cards known to me, cards known in hand, tiki, own
   hand (only for me);
2. table, 3N: discard, cards being resolved, decision options (the cards a "take from the deck" offers);
3. dogfight, 2N + 32 + (distinct dogfight phases): attack cards, defence cards; present; attacker / defender relative one-hot
   (5 each, the 5th is the Khan); phase one-hot (the game's distinct dogfight phase names); pilot
   known; first attack value/damage/draw / 10; first value / 10; current / 10; round / 5; accepted;
   blocked; cannot decline; ties favour attacker; piloting deltas / 5; damage, damage adjust, draw,
   damage left / 5; winner one-hot (4);
4. game, 8 + phases + decision kinds + 5 + 32: solitaire; cargo to win / 10; turn / 30; die / 6;
   deck / 100; dogfight used; over; khan won; phase one-hot (6); decision kind one-hot (16); deciding seat
   relative (4) + none; 32 hashed features of the decision's other fields;
5. khan (solitaire), 2N: the Khan's hold (known cards), covered cards.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from nastolka.games.talespin.data import CHARACTERS, DEF_ID, NDEFS
from nastolka.games.talespin.state import DF_PHASE_NAMES, LEGAL, PHASE_NAMES
from nastolka.rl.encoders import encode_sparse, pieces_of
from nastolka.rl.sink import Sink

N = NDEFS
CARD = {c: i for i, c in enumerate(DEF_ID)}
CHAR = {c: i for i, c in enumerate(CHARACTERS)}
PHASE = {p: i for i, p in enumerate(PHASE_NAMES)}
DF_PHASES = tuple(dict.fromkeys(DF_PHASE_NAMES))
DF_PHASE = {p: i for i, p in enumerate(DF_PHASES)}
KINDS = tuple(LEGAL)
KIND = {k: i for i, k in enumerate(KINDS)}
WINNER = {"": 0, "attacker": 1, "defender": 2, "cancelled": 3}
SEATS = 4
HASHED = 32

SEAT_W = 18 + 6 * N
TABLE_W = 3 * N
DF_W = 2 * N + 11 + len(DF_PHASES) + 7 + 4 + 2 + 4 + 4
GAME_W = 8 + len(PHASE_NAMES) + len(KINDS) + SEATS + 1 + HASHED
KHAN_W = 2 * N


def _bag(out: Sink, o: int, cards: Sequence[Any] | None) -> None:
    for c in cards or ():
        i = CARD.get(c, -1) if isinstance(c, str) else -1
        if i >= 0:
            out.one(o + i)


class TaleSpinEncoder:
    low = -1.0
    high = 16.0
    clip = True

    def __init__(self, players: int) -> None:
        self.players = players
        self.pieces = pieces_of({"seats": SEATS * SEAT_W, "table": TABLE_W, "dogfight": DF_W, "game": GAME_W,
                                 "khan": KHAN_W})
        self.size = self.pieces["khan"].stop
        self.name = f"talespin-{self.size}"

    def _rel(self, seat: Any, me: int) -> int:
        """Seat relative to the observer; the Khan (solitaire) and unknown values map to index 4."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return SEATS
        return (seat - me) % max(1, self.players)

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        return encode_sparse(self, view, out)

    def fill(self, view: Mapping[str, Any], out: Sink) -> None:
        """Write the observation of ``view`` into ``out`` (the layout of the module docstring; values are
        clipped to ``[low, high]`` after the scatter)."""
        me = view.get("seat") or 0
        order = list(view.get("order") or ())
        active = view.get("active")
        for s, pl in enumerate((view.get("seats") or ())[:SEATS]):
            o = self._rel(s, me) * SEAT_W
            out.one(o)
            c = CHAR.get(pl.get("character"), -1)
            if c >= 0:
                out.one(o + 1 + c)
            out.add(o + 5, (pl.get("position") or 0) / 12.0)
            for k, v in enumerate((pl.get("stats") or ())[:3]):
                out.add(o + 6 + k, (v or 0) / 6.0)
            out.add(o + 9, (pl.get("hand_size") or 0) / 10.0)
            out.add(o + 10, 1.0 if active == s else 0.0)
            out.add(o + 11, 1.0 if order and order[0] == s else 0.0)
            out.add(o + 12, (order.index(s) / 4.0) if s in order else 0.0)
            out.add(o + 13, len(pl.get("known_hand") or ()) / 10.0)
            hold = pl.get("hold") or ()
            out.add(o + 14, sum(1 for h in hold if h.get("card") is None) / 5.0)
            out.add(o + 15, len(pl.get("tiki") or ()) / 5.0)
            b = o + 18
            _bag(out, b, pl.get("chain"))
            _bag(out, b + N, [h.get("card") for h in hold if h.get("open")])
            _bag(out, b + 2 * N, [h.get("card") for h in hold if not h.get("open")])
            _bag(out, b + 3 * N, pl.get("known_hand"))
            _bag(out, b + 4 * N, pl.get("tiki"))
            _bag(out, b + 5 * N, pl.get("hand"))
        o = SEATS * SEAT_W
        _bag(out, o, view.get("discard"))
        _bag(out, o + N, view.get("resolving"))
        decision = view.get("decision") or {}
        _bag(out, o + 2 * N, decision.get("options"))
        o += TABLE_W
        self._dogfight(view.get("dogfight"), out, o, me)
        o += DF_W
        self._game(view, decision, out, o, me)
        o += GAME_W
        _bag(out, o, [h.get("card") for h in view.get("khan_hold") or ()])
        _bag(out, o + N, view.get("covered"))

    def _dogfight(self, df: Mapping[str, Any] | None, out: Sink, o: int, me: int) -> None:
        if not df:
            return
        _bag(out, o, df.get("attack"))
        _bag(out, o + N, df.get("defence"))
        o += 2 * N
        out.one(o)
        out.one(o + 1 + self._rel(df.get("attacker"), me))
        out.one(o + 6 + self._rel(df.get("defender"), me))
        o += 11
        ph = DF_PHASE.get(str(df.get("phase")), -1)
        if ph >= 0:
            out.one(o + ph)
        o += len(DF_PHASES)
        out.add(o, 1.0 if df.get("pilot") else 0.0)
        for k, v in enumerate((df.get("first") or ())[:3]):
            out.add(o + 1 + k, (v or 0) / 10.0)
        out.add(o + 4, (df.get("first_value") or 0) / 10.0)
        out.add(o + 5, (df.get("current") or 0) / 10.0)
        out.add(o + 6, (df.get("round") or 0) / 5.0)
        o += 7
        for k, key in enumerate(("accepted", "blocked", "cannot_decline", "ties_favour_attacker")):
            out.add(o + k, 1.0 if df.get(key) else 0.0)
        o += 4
        for k, v in enumerate((df.get("piloting_delta") or ())[:2]):
            out.add(o + k, (v or 0) / 5.0)
        o += 2
        for k, key in enumerate(("damage", "damage_adjust", "draw", "damage_left")):
            out.add(o + k, (df.get(key) or 0) / 5.0)
        o += 4
        out.one(o + WINNER.get(df.get("winner") or "", 0))

    def _game(self, view: Mapping[str, Any], decision: Mapping[str, Any], out: Sink, o: int,
              me: int) -> None:
        out.add(o, 1.0 if view.get("mode") == "solitaire" else 0.0)
        out.add(o + 1, (view.get("cargo_to_win") or 0) / 10.0)
        out.add(o + 2, (view.get("turn") or 0) / 30.0)
        die = view.get("die")
        out.add(o + 3, die / 6.0 if isinstance(die, int | float) and not isinstance(die, bool) else 0.0)
        out.add(o + 4, (view.get("deck") or 0) / 100.0)
        out.add(o + 5, 1.0 if view.get("dogfight_used") else 0.0)
        out.add(o + 6, 1.0 if view.get("winners") else 0.0)
        out.add(o + 7, 1.0 if view.get("won_khan") else 0.0)
        o += 8
        ph = PHASE.get(str(view.get("phase")), -1)
        if ph >= 0:
            out.one(o + ph)
        o += len(PHASE_NAMES)
        k = KIND.get(str(decision.get("kind")), -1)
        if k >= 0:
            out.one(o + k)
        o += len(KINDS)
        out.one(o + (self._rel(decision["seat"], me) if "seat" in decision else SEATS))
        o += SEATS + 1
        for key, value in decision.items():
            if key in ("kind", "seat", "options"):
                continue
            h = zlib.crc32(f"{key}={value!r}".encode())
            out.add(o + h % HASHED, -1.0 if h & 0x80000000 else 1.0)


def make_encoder(players: int, options: dict[str, Any]) -> TaleSpinEncoder:
    return TaleSpinEncoder(players)
