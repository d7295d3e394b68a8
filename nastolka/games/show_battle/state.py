"""The rules of «Шоу-Битва» (spec ``docs/rules/show_battle.md``, rule ids SB-1..SB-11): fields, engine
hooks and the turn flow.

State layout (kept to ints, bools, tuples and flat lists so ``clone()`` is a handful of list copies):

* a *troupe* is a seat's colour; in solo (SB-9) the rival automa is troupe 1, which is never a seat;
* a physical card is ``troupe * 12 + kind`` (see ``data.py``);
* the board is flat: slot ``row * 8 + s`` (``s`` 0..7) holds ``top[i]`` (the visible card or -1) and
  ``covered[i]`` (a tuple of the cards it covers, bottom first — always face down, never touched again);
* per card: ``orient`` (clockwise quarter turns), ``face_up``, ``protected`` (an untouchable token on it);
* decks keep their *top at the end* so a draw is ``pop()``; hands are kept sorted by card.

A turn is a small phase machine (``phase``, SB-5): ``START`` (mulligan / token / place / pass) → ``EFFECT``
(a "may" effect pending for the card just placed) or ``EXTRA`` (the ФОКУСНИК extra placement) → ``END``
(the after-placement token window) → refill and the next seat. Phases with nothing to choose are skipped
inside ``_apply``, and the solo automa's whole turn is played inside ``_apply`` too.

The game's modules, one job each: ``setup.py`` (SB-4 and the ``setup`` block), ``state.py`` (this),
``effects.py`` (one entry per card, SB-3), ``decisions.py`` (the legal decisions, SB-5/SB-6),
``automa.py`` (the solo rival, SB-9), ``actions.py`` (ids),
``views.py`` (views and determinization, SB-10), ``text.py``/``words.toml`` (presentation),
``heuristic.py`` (the bot).

Why over 400 lines: besides the commented fields, the engine hooks and the field-by-field copy, it keeps
the legal places (SB-6, recomputed after every change), tokens and mulligan (SB-5) and steps 1–2 of a
placement (SB-7) — the state's own small operations that the effects, the automa and the views all call.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event, GameState, Result, Rng

from . import automa, decisions, effects, views
from . import setup as _setup
from .actions import (
    A_DONE,
    A_EFFECT,
    A_MULLIGAN,
    A_PASS,
    A_PLACE,
    A_SKIP,
    A_TOKEN,
    PARSED,
)
from .data import (
    CARD_BASE,
    CARD_KIND,
    CARD_OWNER,
    CARD_VAL,
    COPYABLE,
    EFFECT,
    END,
    EXTRA,
    FAKIR,
    HAND,
    KIND_IDS,
    LEVEL_MARGIN,
    MAGICIAN,
    MIME,
    NKINDS,
    OVER,
    PHASES,
    RIVAL,
    ROW_SLOTS,
    ROWS_ONE_BOARD,
    ROWS_TWO_BOARDS,
    START,
)

__all__ = ["EFFECT", "END", "EXTRA", "OVER", "PHASES", "START", "ShowBattleState"]


class ShowBattleState(GameState):
    """One game of «Шоу-Битва» for 1–4 players (1 = solo against the automa troupe)."""

    text_module = "nastolka.games.show_battle.text"  # labels, event words, terminal rendering

    # --- the table
    solo: bool                    # one player against the automa troupe (SB-9)
    troupes: int                  # troupes in play (players, or 2 in solo)
    rows: int                     # rows on the table: 2 (one board) or 4 (two boards, SB-1)
    two_boards: int               # 1 with two boards (rows A1..B2), else 0: indexes the id tables
    jury_sympathy: bool           # the second player's +2 (SB-8 option, two players only)
    automa_level: str             # solo level (data.LEVELS): the margin needed to win (SB-9)
    # --- the board (flat slots row * 8 + s) and the cards on it
    top: list[int]                # visible card per slot, -1 empty
    covered: list[tuple[int, ...]]  # per slot: the face-down cards under the top one, bottom first
    row_len: list[int]            # cards per row (rows fill from slot 1, SB-6)
    places: tuple[tuple[int, ...], tuple[int, ...]]  # legal slots for any card, and the 8th slots (SB-6)
    orient: list[int]             # per card: clockwise quarter turns (SB-2)
    face_up: list[bool]           # per card: face up (a discarded card lies face down, SB-7)
    protected: list[bool]         # per card: carries an untouchable token (SB-5.2)
    # --- the troupes
    hands: list[list[int]]        # sorted hand per troupe (private, SB-10)
    decks: list[list[int]]        # per troupe, top at the end
    tokens: list[int]             # untouchable tokens left per troupe
    mulligan_used: list[bool]     # per troupe, once per game (SB-5.1)
    # --- the turn
    turn: int                     # troupe to act (-1 when over)
    first: int                    # the first player (the jury bonus goes to the other one)
    phase: int                    # data.START / EFFECT / EXTRA / END / OVER
    token_used: bool              # this turn's token is used (SB-5.2: once per turn)
    passes: int                   # passes in a row (SB-8: all troupes → game over)
    pending: tuple[int, int, int] | None  # effect kind, slot, step-2 rotation of the card just placed
    effect_ids: tuple[str, ...]   # the ids of the pending effect's uses (phase EFFECT)

    # ------------------------------------------------------------------ creation (SB-4)
    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng,
                setup: dict[str, Any] | None) -> ShowBattleState:
        return _setup.create(cls, players, options, rng, setup)

    # ------------------------------------------------------------------ decision model
    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_ids(self, seat: int) -> list[str]:
        return decisions.legal_ids(self, seat)

    def _apply(self, seat: int, aid: str) -> list[Event]:
        ev: list[Event] = []
        a = PARSED[aid]
        kind = a[0]
        if kind == A_PLACE:
            if self.phase == EXTRA:
                self.pending = None
            self._place(seat, a[1], a[2], ev)
        elif kind == A_EFFECT:
            assert self.pending is not None
            _, idx, rot = self.pending
            effects.do_effect(self, seat, a, idx, rot, ev)
            self.pending, self.effect_ids = None, ()
            self._placements_done(seat, ev)
        elif kind == A_SKIP:
            assert self.pending is not None
            ev.append(Event("skip", {"seat": seat, "effect": KIND_IDS[self.pending[0]]}))
            self.pending, self.effect_ids = None, ()
            self._placements_done(seat, ev)
        elif kind == A_TOKEN:
            self._put_token(seat, a[1], ev)
            if self.phase == END:
                self._end_turn(seat, ev)
            else:
                self._pass_if_nothing_left(seat, ev)
        elif kind == A_MULLIGAN:
            self._mulligan(seat, ev)
            self._pass_if_nothing_left(seat, ev)
        elif kind == A_PASS:
            self._pass(seat, ev)
        elif kind == A_DONE:
            self._end_turn(seat, ev)
        return ev

    def _pass(self, seat: int, ev: list[Event]) -> None:
        ev.append(Event("pass", {"seat": seat}))
        self.passes += 1
        self._end_turn(seat, ev)

    def _pass_if_nothing_left(self, seat: int, ev: list[Event]) -> None:
        """After a token or the mulligan at the start of a turn: a seat left with nothing but ``pass``
        passes by itself (decided: no one-option decisions)."""
        if not (decisions.can_place(self, seat) or decisions.can_mulligan(self, seat)
                or (not self.token_used and decisions.token_targets(self, seat))):
            self._pass(seat, ev)

    # ------------------------------------------------------------------ legal places (SB-6)

    def _update_places(self) -> None:
        """Recompute the legal places; called after every change of a top card or of a face (SB-6).

        Kept eagerly rather than lazily so that asking for legal actions never changes the state."""
        top, up, rlen = self.top, self.face_up, self.row_len
        base: list[int] = []
        aer: list[int] = []
        for r in range(self.rows):
            n = rlen[r]
            o = r * ROW_SLOTS
            if n == 0:  # the next unstarted row; rows open in order, so later ones are closed
                base.append(o)
                break
            for i in range(o, o + n):
                if not up[top[i]]:
                    base.append(i)
            if n < 7:
                base.append(o + n)
            elif n == 7:
                aer.append(o + 7)
        self.places = (tuple(base), tuple(aer))

    # ------------------------------------------------------------------ tokens and mulligan (SB-5)
    def _put_token(self, seat: int, idx: int, ev: list[Event]) -> None:
        """Protect the card at ``idx`` for the rest of the game; it uses up this turn's token."""
        c = self.top[idx]
        self.protected[c] = True
        self.tokens[seat] -= 1
        self.token_used = True
        ev.append(Event("token", {"seat": seat, "card": KIND_IDS[CARD_KIND[c]], **self._where(idx)}))

    def _mulligan(self, seat: int, ev: list[Event]) -> None:
        """SB-5.1: the three cards, shuffled with the state's RNG, go under the deck; draw 3 from the top."""
        hand, deck = self.hands[seat], self.decks[seat]
        self.rng.shuffle(hand)
        deck[0:0] = hand  # under the deck (the bottom is index 0)
        self.hands[seat] = new = [deck.pop() for _ in range(HAND)]
        new.sort()
        self.mulligan_used[seat] = True
        ev.append(Event("mulligan", {"seat": seat}))
        ev.append(Event("hand", {"seat": seat, "cards": [KIND_IDS[CARD_KIND[c]] for c in new]}, seats=(seat,)))

    # ------------------------------------------------------------------ placing (SB-7)
    def _where(self, idx: int) -> dict[str, Any]:
        """Event arguments naming a flat slot index the way players do (row name, slot from 1)."""
        rows = ROWS_TWO_BOARDS if self.two_boards else ROWS_ONE_BOARD
        return {"row": rows[idx // ROW_SLOTS], "slot": idx % ROW_SLOTS + 1}

    def _resolve(self, seat: int, k: int, idx: int, ev: list[Event]) -> tuple[int, int]:
        """Put the card down and run steps 1–2; return (effect kind to trigger or -1, step-2 rotation)."""
        c = seat * NKINDS + k
        self.hands[seat].remove(c)
        top, up, ori = self.top, self.face_up, self.orient
        old = top[idx]
        if old >= 0:
            self.covered[idx] += (old,)
        else:
            self.row_len[idx // ROW_SLOTS] += 1
        top[idx] = c
        ori[c] = 0
        up[c] = True
        self.passes = 0
        ev.append(Event("place", {"seat": seat, "card": KIND_IDS[k], **self._where(idx),
                                  "covers": KIND_IDS[CARD_KIND[old]] if old >= 0 else None}))
        rot = 0
        if idx % ROW_SLOTS:
            left = top[idx - 1]
            if up[left] and not self.protected[left]:  # an untouchable card ignores steps 1–2
                o = ori[left]
                v = CARD_VAL[left][o]
                t = CARD_BASE[c]
                if t >= 2 * v and CARD_KIND[left] != FAKIR:  # step 1: the weak act flies out
                    up[left] = False
                    ev.append(Event("discard", {"card": KIND_IDS[CARD_KIND[left]], "owner": CARD_OWNER[left],
                                                **self._where(idx - 1), "by": "weak"}))
                elif v != t:  # step 2: rotation
                    rot = 1 if v > t else -1
                    ori[left] = o = (o + rot) & 3
                    ev.append(Event("rotate", {"card": KIND_IDS[CARD_KIND[left]], "owner": CARD_OWNER[left],
                                               **self._where(idx - 1), "dir": "cw" if rot > 0 else "ccw",
                                               "value": CARD_VAL[left][o], "by": "rotation"}))
        self._update_places()
        ek = k
        if k == MIME:  # read after steps 1–2
            ek = -1
            if idx % ROW_SLOTS:
                left = top[idx - 1]
                if up[left] and CARD_KIND[left] in COPYABLE:
                    ek = CARD_KIND[left]
        return ek, rot

    def _place(self, seat: int, k: int, idx: int, ev: list[Event]) -> None:
        """A player's placement: resolve it, then open the effect decision if there is one."""
        ek, rot = self._resolve(seat, k, idx, ev)
        if ek == MAGICIAN:
            if decisions.can_place(self, seat):
                self.phase, self.pending = EXTRA, (ek, idx, rot)
                return
        elif ek >= 0:
            opts = effects.effect_options(self, seat, ek, idx, rot)
            if opts:
                self.phase, self.pending, self.effect_ids = EFFECT, (ek, idx, rot), tuple(opts)
                return
        self._placements_done(seat, ev)





    # ------------------------------------------------------------------ turn flow
    def _placements_done(self, seat: int, ev: list[Event]) -> None:
        """All placements resolved: offer the after-placement token window, else end the turn."""
        if not self.token_used and decisions.token_targets(self, seat):
            self.phase = END
            return
        self._end_turn(seat, ev)

    def _end_turn(self, seat: int, ev: list[Event]) -> None:
        """Refill, then hand the turn on (the refill comes after the token window, SB-5)."""
        self._refill(seat, ev)
        self._next_turn(seat, ev)

    def _refill(self, seat: int, ev: list[Event]) -> None:
        """SB-5.4: draw up to 3; the drawn cards are told only to their owner (nobody, for the rival)."""
        hand, deck = self.hands[seat], self.decks[seat]
        if len(hand) < HAND and deck:
            drawn: list[int] = []
            while len(hand) + len(drawn) < HAND and deck:
                drawn.append(deck.pop())
            hand += drawn
            hand.sort()
            ev.append(Event("refill", {"seat": seat, "count": len(drawn)}))
            private = () if self.solo and seat == RIVAL else (seat,)
            ev.append(Event("hand", {"seat": seat, "cards": [KIND_IDS[CARD_KIND[c]] for c in hand]},
                            seats=private))

    def _next_turn(self, prev: int, ev: list[Event]) -> None:
        """Advance to the next troupe that has a decision; passes without choices happen here (SB-8)."""
        nt = self.troupes
        while True:
            self.phase, self.pending, self.effect_ids, self.token_used = START, None, (), False
            if self.passes >= nt or not any(self.hands):
                self.phase = OVER
                self.turn = -1
                ev.append(Event("game_over", {"strength": self._strengths()[0]}))
                return
            seat = (prev + 1) % nt
            self.turn = seat
            if self.solo and seat == RIVAL:
                automa.turn(self, ev)
                prev = seat
                continue
            if decisions.can_place(self, seat) or decisions.can_mulligan(self, seat) or decisions.token_targets(self, seat):
                return
            ev.append(Event("pass", {"seat": seat}))
            self.passes += 1
            prev = seat


    def _strengths(self) -> tuple[list[int], list[int], list[int]]:
        """Per troupe: strength (sum of active face-up values), face-up cards, best single value (SB-8)."""
        st = [0] * self.troupes
        cnt = [0] * self.troupes
        best = [0] * self.troupes
        up, ori = self.face_up, self.orient
        for c in self.top:
            if c >= 0 and up[c]:
                o = CARD_OWNER[c]
                v = CARD_VAL[c][ori[c]]
                st[o] += v
                cnt[o] += 1
                if v > best[o]:
                    best[o] = v
        return st, cnt, best

    def _diff(self, seat: int) -> int:
        """Strength of ``seat`` minus the best other troupe's (what the automa and the bot maximise)."""
        st = self._strengths()[0]
        mine = st[seat]
        return mine - max(st[t] for t in range(self.troupes) if t != seat)



    # ------------------------------------------------------------------ clone and result
    def _copy_into(self, new: Any) -> None:
        new.troupes = self.troupes
        new.rows = self.rows
        new.two_boards = self.two_boards
        new.solo = self.solo
        new.top = self.top[:]
        new.covered = self.covered[:]
        new.row_len = self.row_len[:]
        new.places = self.places
        new.orient = self.orient[:]
        new.face_up = self.face_up[:]
        new.protected = self.protected[:]
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.tokens = self.tokens[:]
        new.mulligan_used = self.mulligan_used[:]
        new.turn = self.turn
        new.first = self.first
        new.phase = self.phase
        new.token_used = self.token_used
        new.passes = self.passes
        new.pending = self.pending
        new.effect_ids = self.effect_ids
        new.jury_sympathy = self.jury_sympathy
        new.automa_level = self.automa_level


    def _result(self) -> Result:
        st, cnt, best = self._strengths()
        if self.solo:
            margin = st[0] - st[RIVAL]
            need = LEVEL_MARGIN[self.automa_level]
            reached = margin >= need and not (self.automa_level == "legend" and self.mulligan_used[0])
            details = {"strength": st, "rival_strength": st[RIVAL], "margin": margin, "level": self.automa_level,
                       "margin_needed": need, "mulligan_used": self.mulligan_used[0], "reached": reached}
            # the score is the margin over the rival; the player wins only by reaching the level's margin,
            # otherwise the rival troupe wins: no seat among the winners, the player ranked second
            return Result((float(margin),), (0,) if reached else (), (1,) if reached else (2,), details)
        bonus = [0] * self.troupes
        if self.jury_sympathy:
            bonus[(self.first + 1) % 2] = 2
        totals = [st[t] + bonus[t] for t in range(self.troupes)]
        keys = [(totals[t], cnt[t], best[t]) for t in range(self.troupes)]
        details = {"strength": st, "jury_bonus": bonus, "face_up": cnt, "best_value": best,
                   "first": self.first}
        return Result.from_keys(keys, [float(x) for x in totals], details)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.build_view(self, seat)

    def _determinize(self, seat: int, rng: Rng) -> None:
        views.determinize(self, seat, rng)

