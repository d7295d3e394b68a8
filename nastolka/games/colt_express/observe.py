"""Observation encoder for Colt Express, read from the view's fields (``views.py``, CE-12).

Why hand-written: the game's state is a small fixed world (≤ 6 bandits, ≤ 7 cars, ≤ 6 seats) plus one
ordered sequence (the action pile), and the order of the pile is the heart of the game; a fixed layout
with one-hot cars, bandits and pile slots keeps all of that, and every seat is encoded *relative to the
observer* (seat 0 is "me") so one policy serves every seat. Unknown purse values stay unknown (the view
lists them as ``null``; they are counted, never valued).

Layout (``K = 7`` card kinds: move, floor, fire, punch, marshal, rob, bullet; ``B = 7`` card owners:
6 bandits + neutral; all seat one-hots have 6 places):

1. bandits, 6 × 20 in the data's bandit order: present, owning seat (relative, 6), car (7), on the roof,
   bullets/6, known purse value/1000, unknown purses/4, jewels/3, strongboxes/2;
2. cars, 7 × 16 from the locomotive: present, car id (locomotive + 6), then inside and roof: known purse
   value/1000, unknown purses/4, jewels/3, strongboxes/2; the marshal's car one-hot (7);
3. seats, 6 × (9 + K) relative: exists, hand/10, deck/10, bullets received/6, fired/6, bonus/1000,
   known loot/2000, unknown purses/4, ghost flag (own seat), known top of the deck by kind (K);
4. my hand: counts by (kind, owner) (K × (B + 1), the extra owner is "none", e.g. the 2-player marshal);
5. pile, ``6 × (most card slots of a round)`` slots × (9 + K + B + 1) in pile order: present, seat (relative, 6), face down, card known,
   kind (K), owner (B + 1);
6. discards (expert variant): 6 × K relative counts by kind;
7. round: phase (8), round/5, rounds/5, round card (10), the round's turn symbols (5 × 4, ``NTDR``),
   current turn (5), first player (relative, 6), to act (relative, 6), rounds seen (10), neutral
   bullets/13, strongbox off the train, two-player variant, expert variant, removed purses/4, a card being
   resolved (present, seat (6), kind (K)).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from nastolka.games.colt_express.data import (
    BANDIT_IDS,
    CAR_IDS,
    KIND_IDS,
    ROUND_IDS,
    ROUND_TURNS_LARGE,
    ROUND_TURNS_SMALL,
    SPEEDUP,
    TURN_SYMBOLS,
)
from nastolka.games.colt_express.rounds import PHASE_IDS
from nastolka.rl.encoders import encode_sparse, pieces_of
from nastolka.rl.sink import Sink

KINDS = (*KIND_IDS, "bullet")
K = len(KINDS)
KIND = {k: i for i, k in enumerate(KINDS)}
OWNERS = (*BANDIT_IDS, "neutral")
B = len(OWNERS)
OWNER = {b: i for i, b in enumerate(OWNERS)}
BANDIT = {b: i for i, b in enumerate(BANDIT_IDS)}
CARS = ("locomotive", *CAR_IDS)
CAR = {c: i for i, c in enumerate(CARS)}
ROUND = {r: i for i, r in enumerate(ROUND_IDS)}
PHASE = {p: i for i, p in enumerate(PHASE_IDS)}
SEATS = 6
NCARS = 7
#: the longest possible pile: 6 seats × the most card slots of any round card (a speed-up turn is two)
PILE = SEATS * max(sum(2 if t == SPEEDUP else 1 for t in turns) for turns in ROUND_TURNS_SMALL + ROUND_TURNS_LARGE)
TURNS = 5

BANDIT_W = 1 + SEATS + NCARS + 7
CAR_W = 1 + NCARS + 8
SEAT_W = 9 + K
HAND_W = K * (B + 1)
PILE_W = 1 + SEATS + 1 + 1 + K + B + 1
ROUND_W = (len(PHASE_IDS) + 2 + len(ROUND_IDS) + TURNS * len(TURN_SYMBOLS) + TURNS + SEATS + SEATS
           + len(ROUND_IDS) + 6 + 1 + SEATS + K)


def _card(name: str | None) -> tuple[int, int]:
    """``move:belle`` / ``move`` / ``bullet:doc`` / ``marshal`` -> (kind index, owner index or B)."""
    if not name:
        return -1, B
    kind, _, owner = name.partition(":")
    return KIND.get(kind, -1), OWNER.get(owner, B)


def _loot(out: Sink, o: int, loot: Mapping[str, Any]) -> None:
    purses: Sequence[Any] = loot.get("purses") or ()
    out.add(o, sum(p for p in purses if p is not None) / 1000.0)
    out.add(o + 1, sum(1 for p in purses if p is None) / 4.0)
    out.add(o + 2, loot.get("jewels", 0) / 3.0)
    out.add(o + 3, loot.get("strongboxes", 0) / 2.0)


def _at(values: Any, s: int, default: Any) -> Any:
    """Seat ``s``'s entry of a per-seat list of the view, ``default`` when it is missing or null."""
    return values[s] if s < len(values) and values[s] is not None else default


class ColtExpressEncoder:
    low = -1.0
    high = 16.0
    clip = False

    def __init__(self, players: int) -> None:
        self.players = players
        self.sizes = {"bandits": 6 * BANDIT_W, "cars": NCARS * CAR_W + NCARS, "seats": SEATS * SEAT_W,
                      "hand": HAND_W, "pile": PILE * PILE_W, "discards": SEATS * K, "round": ROUND_W}
        self.size = sum(self.sizes.values())
        self.name = f"colt_express-{self.size}"
        self.pieces = pieces_of(self.sizes)

    def _rel(self, seat: Any, me: int) -> int:
        return (int(seat) - me) % self.players if seat is not None else SEATS - 1

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        return encode_sparse(self, view, out)

    def fill(self, view: Mapping[str, Any], out: Sink) -> None:  # noqa: C901
        """Write the observation of ``view`` into ``out`` (the layout of the module docstring)."""
        me = view.get("seat") or 0
        rel = self._rel
        o = 0
        for bandit in view.get("bandits") or ():
            i = BANDIT.get(bandit.get("id"), -1)
            if i < 0:
                continue
            p = o + i * BANDIT_W
            out.one(p)
            out.one(p + 1 + rel(bandit.get("seat"), me))
            out.one(p + 1 + SEATS + min(int(bandit.get("car", 0)), NCARS - 1))
            p += 1 + SEATS + NCARS
            out.add(p, 1.0 if bandit.get("level") == "roof" else 0.0)
            out.add(p + 1, bandit.get("bullets", 0) / 6.0)
            _loot(out, p + 2, bandit)
        o += self.sizes["bandits"]
        for c, car in enumerate((view.get("cars") or ())[:NCARS]):
            p = o + c * CAR_W
            out.one(p)
            out.one(p + 1 + CAR.get(car.get("id"), 0))
            _loot(out, p + 1 + NCARS, car.get("inside") or {})
            _loot(out, p + 5 + NCARS, car.get("roof") or {})
        marshal = view.get("marshal")
        if marshal is not None:
            out.one(o + NCARS * CAR_W + min(int(marshal), NCARS - 1))
        o += self.sizes["cars"]
        per_seat = {key: view.get(key) or [] for key in
                    ("hand_sizes", "deck_sizes", "bullets_received", "fired", "bonus", "loot_totals",
                     "deck_top_known")}
        for s in range(self.players):
            p = o + rel(s, me) * SEAT_W
            out.one(p)
            out.add(p + 1, _at(per_seat["hand_sizes"], s, 0) / 10.0)
            out.add(p + 2, _at(per_seat["deck_sizes"], s, 0) / 10.0)
            out.add(p + 3, _at(per_seat["bullets_received"], s, 0) / 6.0)
            out.add(p + 4, _at(per_seat["fired"], s, 0) / 6.0)
            out.add(p + 5, _at(per_seat["bonus"], s, 0) / 1000.0)
            totals = _at(per_seat["loot_totals"], s, {})
            out.add(p + 6, totals.get("known", 0) / 2000.0)
            out.add(p + 7, totals.get("unknown_purses", 0) / 4.0)
            out.add(p + 8, 1.0 if s == me and view.get("ghost_face_down") else 0.0)
            for name in _at(per_seat["deck_top_known"], s, []):
                k, _ = _card(name)
                if k >= 0:
                    out.one(p + 9 + k)
        o += self.sizes["seats"]
        for name in view.get("hand") or ():
            k, b = _card(name)
            if k >= 0:
                out.one(o + k * (B + 1) + b)
        o += self.sizes["hand"]
        for j, entry in enumerate((view.get("pile") or ())[:PILE]):
            p = o + j * PILE_W
            out.one(p)
            out.one(p + 1 + rel(entry.get("seat"), me))
            out.add(p + 1 + SEATS, 1.0 if entry.get("face_down") else 0.0)
            k, b = _card(entry.get("card"))
            if k >= 0:
                out.one(p + 2 + SEATS)
                out.one(p + 3 + SEATS + k)
                out.one(p + 3 + SEATS + K + b)
        o += self.sizes["pile"]
        for s, pile in enumerate(view.get("discards") or ()):
            for name in pile or ():
                k, _ = _card(name)
                if k >= 0:
                    out.one(o + rel(s, me) * K + k)
        o += self.sizes["discards"]
        self._round(view, out, o, me)

    def _round(self, view: Mapping[str, Any], out: Sink, o: int, me: int) -> None:
        rel = self._rel
        phase = PHASE.get(str(view.get("phase")), -1)
        if phase >= 0:
            out.one(o + phase)
        o += len(PHASE_IDS)
        out.add(o, (view.get("round") or 0) / 5.0)
        out.add(o + 1, (view.get("rounds_total") or 0) / 5.0)
        o += 2
        rc = ROUND.get(str(view.get("round_card")), -1)
        if rc >= 0:
            out.one(o + rc)
        o += len(ROUND_IDS)
        for t, symbol in enumerate((view.get("turns") or "")[:TURNS]):
            i = TURN_SYMBOLS.find(symbol)
            if i >= 0:
                out.one(o + t * len(TURN_SYMBOLS) + i)
        o += TURNS * len(TURN_SYMBOLS)
        turn = view.get("turn")
        if turn is not None and 0 <= turn < TURNS:
            out.one(o + turn)
        o += TURNS
        if view.get("first_player") is not None:
            out.one(o + rel(view["first_player"], me))
        o += SEATS
        for seat in (view.get("to_act") or ())[:1]:
            out.one(o + rel(seat, me))
        o += SEATS
        for r in view.get("rounds_seen") or ():
            i = ROUND.get(r, -1)
            if i >= 0:
                out.one(o + i)
        o += len(ROUND_IDS)
        out.add(o, (view.get("neutral_bullets") or 0) / 13.0)
        out.add(o + 1, 1.0 if view.get("strongbox_off_train") else 0.0)
        out.add(o + 2, 1.0 if view.get("two_player") else 0.0)
        out.add(o + 3, 1.0 if view.get("expert") else 0.0)
        out.add(o + 4, (view.get("removed_purses") or 0) / 4.0)
        o += 6
        resolving = view.get("resolving")
        if resolving:
            out.one(o)
            out.one(o + 1 + rel(resolving.get("seat"), me))
            k, _ = _card(resolving.get("card"))
            if k >= 0:
                out.one(o + 1 + SEATS + k)


def make_encoder(players: int, options: dict[str, Any]) -> ColtExpressEncoder:
    return ColtExpressEncoder(players)
