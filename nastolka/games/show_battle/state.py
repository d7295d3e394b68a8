"""The rules of «Шоу-Битва» (spec ``shared/specs/circus/RULES.md``, rule ids SB-1..SB-11).

State layout (kept to ints, bools, tuples and flat lists so ``clone()`` is a handful of list copies):

* a *troupe* is a seat's colour; in solo (SB-9) the rival automa is troupe 1, which is never a seat;
* a physical card is ``troupe * 12 + kind`` (see ``data.py``);
* the board is flat: slot ``row * 8 + s`` (``s`` 0..7) holds ``top[i]`` (the visible card or -1) and
  ``cov[i]`` (a tuple of the cards it covers, bottom first — always face down, never touched again);
* per card: ``ori`` (clockwise quarter turns), ``up`` (face up), ``tok`` (untouchable token);
* decks keep their *top at the end* so a draw is ``pop()``; hands are kept sorted by card.

A turn is a small phase machine (``phase``): ``START`` (mulligan / token / place / pass) → ``EFFECT`` (a
"may" effect pending for the card just placed) or ``EXTRA`` (the ФОКУСНИК extra placement) → ``END`` (the
after-placement token window) → refill and the next seat. Phases with nothing to choose are skipped
inside ``_apply``, and the solo automa's whole turn is played inside ``_apply`` too.
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event, GameState, OptionError, Origin, Result, Rng

from .actions import (
    A_DONE,
    A_EFFECT,
    A_MULLIGAN,
    A_PASS,
    A_PLACE,
    A_SKIP,
    A_TOKEN,
    ACROBAT_IDS,
    CANNONBALL_ID,
    CLOWN_IDS,
    DONE,
    JUGGLER_IDS,
    KNIVES_IDS,
    MULLIGAN,
    PARSED,
    PASS,
    PLACE_IDS,
    SKIP,
    TIGHTROPE_ID,
    TOKEN_IDS,
    TRAINER_ID,
)
from .data import (
    ACROBAT,
    AERIALISTS,
    CANNONBALL,
    CARD_BASE,
    CARD_KIND,
    CARD_OWNER,
    CARD_VAL,
    CLOWN,
    COPYABLE,
    FAKIR,
    JUGGLER,
    KIND_IDS,
    KIND_INDEX,
    KNIVES,
    LEVEL_MARGIN,
    MAGICIAN,
    MIME,
    NKINDS,
    ROW_INDEX,
    ROW_SLOTS,
    ROWS_ONE_BOARD,
    ROWS_TWO_BOARDS,
    TIGHTROPE,
    TRAINER,
)

START, EFFECT, EXTRA, END, OVER = range(5)
PHASES = ("start", "effect", "extra", "end", "over")
HAND = 3
TOKENS = 3
#: the automa protects a card showing at least this much (SB-9)
AUTOMA_PROTECT = 6
RIVAL = 1


class ShowBattleState(GameState):
    """One game of «Шоу-Битва» for 1–4 players (1 = solo against the automa troupe)."""

    text_module = "nastolka.games.show_battle.text"  # labels, event words, terminal rendering

    nt: int
    nrows: int
    two: int
    solo: bool
    top: list[int]
    cov: list[tuple[int, ...]]
    rlen: list[int]
    pl: tuple[tuple[int, ...], tuple[int, ...]]
    ori: list[int]
    up: list[bool]
    tok: list[bool]
    hands: list[list[int]]
    decks: list[list[int]]
    tokens: list[int]
    mull: list[bool]
    turn: int
    first: int
    phase: int
    token_used: bool
    passes: int
    pend: tuple[int, int, int] | None
    opts: tuple[str, ...]
    jury: bool
    level: str

    # ------------------------------------------------------------------ creation (SB-4)
    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng,
                setup: dict[str, Any] | None) -> ShowBattleState:
        s = cls.__new__(cls)
        # base fields are set again by Game.new; set here because a setup may start with automa moves
        s.players = players
        s.rng = rng
        s.step = 0
        s._start_history()
        s.origin = Origin(players, options, 0, setup)   # a placeholder (Game.new sets the real one)
        s.solo = players == 1
        s.nt = nt = 2 if s.solo else players
        s.nrows = 2 if nt <= 2 else 4
        s.two = 0 if nt <= 2 else 1
        s.top = [-1] * (s.nrows * ROW_SLOTS)
        s.cov = [()] * (s.nrows * ROW_SLOTS)
        s.rlen = [0] * s.nrows
        s.ori = [0] * (nt * NKINDS)
        s.up = [False] * (nt * NKINDS)
        s.tok = [False] * (nt * NKINDS)
        s.tokens = [TOKENS] * nt
        s.mull = [False] * nt
        s.phase = START
        s.token_used = False
        s.passes = 0
        s.pend = None
        s.opts = ()
        s.jury = bool(options.get("jury_sympathy")) and players == 2
        s.level = str(options.get("automa_level", "debut"))
        if setup is None:
            s.hands, s.decks = [], []
            for t in range(nt):
                deck = list(range(t * NKINDS, (t + 1) * NKINDS))
                rng.shuffle(deck)
                hand = [deck.pop() for _ in range(HAND)]
                hand.sort()
                s.hands.append(hand)
                s.decks.append(deck)
            s.first = 0 if s.solo else rng.randbelow(players)
        else:
            s._load_setup(setup, rng)
        s._update_places()
        s.turn = s.first
        s._next_turn(s.first - 1, [])
        return s

    def _load_setup(self, setup: dict[str, Any], rng: Rng) -> None:  # noqa: C901
        """Build the position a scenario describes (keys documented in ``docs/records.md``)."""
        nt = self.nt
        known = {"first", "hands", "decks", "board", "tokens", "mulligan_used"}
        unknown = set(setup) - known
        if unknown:
            raise OptionError(f"unknown setup keys: {', '.join(sorted(unknown))} (known: {', '.join(sorted(known))})")
        first = setup.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < self.players:
            raise OptionError(f"setup 'first' must be a seat from 0 to {self.players - 1}, not {first!r}")
        self.first = first
        rows = ROWS_TWO_BOARDS if self.two else ROWS_ONE_BOARD
        placed: set[int] = set()

        def card_of(name: Any, owner: int, where: str) -> int:
            if not isinstance(name, str) or name not in KIND_INDEX:
                raise OptionError(f"{where}: {name!r} is not a card id (cards: {', '.join(KIND_IDS)})")
            c = owner * NKINDS + KIND_INDEX[name]
            if c in placed:
                raise OptionError(f"{where}: troupe {owner}'s {name} is listed twice")
            placed.add(c)
            return c

        stacks: dict[int, list[int]] = {}
        board = setup.get("board", [])
        if not isinstance(board, list):
            raise OptionError("setup 'board' must be a list of cards")
        for n, item in enumerate(board):
            where = f"setup board #{n}"
            if not isinstance(item, dict):
                raise OptionError(f"{where} must be an object")
            extra = set(item) - {"row", "slot", "card", "owner", "orient", "face_up", "token"}
            if extra:
                raise OptionError(f"{where}: unknown keys {', '.join(sorted(extra))}")
            row = str(item.get("row", ""))
            if row not in rows:
                raise OptionError(f"{where}: row must be one of {', '.join(rows)}, not {item.get('row')!r}")
            slot = item.get("slot")
            if isinstance(slot, bool) or not isinstance(slot, int) or not 1 <= slot <= ROW_SLOTS:
                raise OptionError(f"{where}: slot must be 1..8, not {slot!r}")
            owner = item.get("owner", 0)
            if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < nt:
                raise OptionError(f"{where}: owner must be a troupe 0..{nt - 1}, not {owner!r}")
            c = card_of(item.get("card"), owner, where)
            orient = item.get("orient", 0)
            if isinstance(orient, bool) or orient not in (0, 1, 2, 3):
                raise OptionError(f"{where}: orient must be 0..3, not {orient!r}")
            face_up = item.get("face_up", True)
            token = item.get("token", False)
            if not isinstance(face_up, bool) or not isinstance(token, bool):
                raise OptionError(f"{where}: face_up and token must be true or false")
            if token and not face_up:
                raise OptionError(f"{where}: a token can only lie on a face-up card")
            self.ori[c] = orient
            self.up[c] = face_up
            self.tok[c] = token
            stacks.setdefault(ROW_INDEX[row] * ROW_SLOTS + slot - 1, []).append(c)
        for idx, stack in stacks.items():
            if any(self.up[c] for c in stack[:-1]):
                raise OptionError(f"setup board: row {rows[idx // ROW_SLOTS]} slot {idx % ROW_SLOTS + 1}: "
                                  "only face-down cards can be covered")
            if idx % ROW_SLOTS == 7 and CARD_KIND[stack[0]] != AERIALISTS:
                raise OptionError(f"setup board: row {rows[idx // ROW_SLOTS]} slot 8 must be opened by "
                                  "the aerialists")
            self.top[idx] = stack[-1]
            self.cov[idx] = tuple(stack[:-1])
        started = True
        for r in range(self.nrows):
            filled = [self.top[r * ROW_SLOTS + s] >= 0 for s in range(ROW_SLOTS)]
            n = sum(filled)
            if filled[:n] != [True] * n:
                raise OptionError(f"setup board: row {rows[r]} has a gap (cards must lie one next to another "
                                  "from slot 1)")
            if n and not started:
                raise OptionError(f"setup board: row {rows[r]} is started before an earlier row")
            started = n > 0
            self.rlen[r] = n

        def per_troupe(key: str) -> list[Any] | None:
            value = setup.get(key)
            if value is None:
                return None
            if not isinstance(value, list) or len(value) != nt:
                what = "2 (you, then the rival)" if self.solo else str(nt)
                raise OptionError(f"setup {key!r} must be a list of {what} entries, one per troupe")
            return value

        hands = per_troupe("hands")
        decks = per_troupe("decks")
        self.hands, self.decks = [], []
        for t in range(nt):
            hand: list[int] = []
            if hands is not None:
                if not isinstance(hands[t], list) or len(hands[t]) > HAND:
                    raise OptionError(f"setup hands[{t}] must be a list of at most {HAND} card ids")
                hand = [card_of(name, t, f"setup hands[{t}]") for name in hands[t]]
            if decks is not None:
                if not isinstance(decks[t], list):
                    raise OptionError(f"setup decks[{t}] must be a list of card ids, top first")
                deck = [card_of(name, t, f"setup decks[{t}]") for name in decks[t]]
                deck.reverse()  # stored with the top at the end
                missing = [KIND_IDS[k] for k in range(NKINDS) if t * NKINDS + k not in placed]
                if missing:
                    raise OptionError(f"setup: troupe {t}'s cards {', '.join(missing)} are in no hand, deck "
                                      "or slot")
            else:
                deck = [c for c in range(t * NKINDS, (t + 1) * NKINDS) if c not in placed]
                rng.shuffle(deck)
                placed.update(deck)
            if hands is None:
                hand = [deck.pop() for _ in range(min(HAND, len(deck)))]
            hand.sort()
            self.hands.append(hand)
            self.decks.append(deck)
        on_board = [sum(1 for c in self.top if c >= 0 and self.tok[c] and CARD_OWNER[c] == t) for t in range(nt)]
        tokens = per_troupe("tokens")
        if tokens is None:
            self.tokens = [TOKENS - on_board[t] for t in range(nt)]
        else:
            for t in range(nt):
                if isinstance(tokens[t], bool) or not isinstance(tokens[t], int) or not 0 <= tokens[t] <= TOKENS:
                    raise OptionError(f"setup tokens[{t}] must be 0..{TOKENS}")
            self.tokens = list(tokens)
        if any(v < 0 for v in self.tokens):
            raise OptionError(f"setup board: a troupe has more than {TOKENS} tokens on its cards")
        mull = per_troupe("mulligan_used")
        if mull is not None:
            if not all(isinstance(m, bool) for m in mull):
                raise OptionError("setup 'mulligan_used' must be a list of true/false")
            self.mull = list(mull)

    # ------------------------------------------------------------------ decision model
    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_ids(self, seat: int) -> list[str]:
        if self.phase == OVER or seat != self.turn:
            return []
        phase = self.phase
        if phase == START:
            out = self._placement_ids(seat)
            if not out:
                out.append(PASS)
            if not self.token_used:
                out += self._token_ids(seat)
            if self._can_mulligan(seat):
                out.append(MULLIGAN)
        elif phase == EFFECT:
            out = list(self.opts)
            out.append(SKIP)
        elif phase == EXTRA:
            out = self._placement_ids(seat)
            out.append(SKIP)
        else:  # END: the after-placement token window
            out = self._token_ids(seat)
            out.append(DONE)
        return out

    def _apply(self, seat: int, aid: str) -> list[Event]:
        ev: list[Event] = []
        a = PARSED[aid]
        kind = a[0]
        if kind == A_PLACE:
            if self.phase == EXTRA:
                self.pend = None
            self._place(seat, a[1], a[2], ev)
        elif kind == A_EFFECT:
            assert self.pend is not None
            _, idx, rot = self.pend
            self._do_effect(seat, a, idx, rot, ev)
            self.pend, self.opts = None, ()
            self._placements_done(seat, ev)
        elif kind == A_SKIP:
            assert self.pend is not None
            ev.append(Event("skip", {"seat": seat, "effect": KIND_IDS[self.pend[0]]}))
            self.pend, self.opts = None, ()
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
        if not (self._can_place(seat) or self._can_mulligan(seat)
                or (not self.token_used and self._token_targets(seat))):
            self._pass(seat, ev)

    # ------------------------------------------------------------------ legal places (SB-6)
    def _places(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Slots any card may go to, and the 8th slots only the aerialists may open (cached in ``pl``)."""
        return self.pl

    def _update_places(self) -> None:
        """Recompute the legal places; called after every change of a top card or of a face (SB-6).

        Kept eagerly rather than lazily so that asking for legal actions never changes the state."""
        top, up, rlen = self.top, self.up, self.rlen
        base: list[int] = []
        aer: list[int] = []
        for r in range(self.nrows):
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
        self.pl = (tuple(base), tuple(aer))

    def _placement_ids(self, seat: int) -> list[str]:
        """Every (hand card × legal place) as an id, in hand order then board order (stable)."""
        hand = self.hands[seat]
        if not hand:
            return []
        base, aer = self._places()
        table = PLACE_IDS[self.two]
        out: list[str] = []
        for c in hand:
            k = CARD_KIND[c]
            ids = table[k]
            out += [ids[i] for i in base]
            if aer and k == AERIALISTS:
                out += [ids[i] for i in aer]
        return out

    def _can_place(self, seat: int) -> bool:
        """Whether ``seat`` has any legal placement (decides passing, SB-8, and the ФОКУСНИК extra)."""
        hand = self.hands[seat]
        if not hand:
            return False
        base, aer = self._places()
        return bool(base) or (bool(aer) and any(CARD_KIND[c] == AERIALISTS for c in hand))

    # ------------------------------------------------------------------ tokens and mulligan (SB-5)
    def _token_targets(self, seat: int) -> list[int]:
        """Slots of ``seat``'s own unprotected face-up cards, if it has a token left (SB-5.2)."""
        if not self.tokens[seat]:
            return []
        up, tok = self.up, self.tok
        return [i for i, c in enumerate(self.top) if c >= 0 and up[c] and not tok[c] and CARD_OWNER[c] == seat]

    def _token_ids(self, seat: int) -> list[str]:
        ids = TOKEN_IDS[self.two]
        return [ids[i] for i in self._token_targets(seat)]

    def _put_token(self, seat: int, idx: int, ev: list[Event]) -> None:
        """Protect the card at ``idx`` for the rest of the game; it uses up this turn's token."""
        c = self.top[idx]
        self.tok[c] = True
        self.tokens[seat] -= 1
        self.token_used = True
        ev.append(Event("token", {"seat": seat, "card": KIND_IDS[CARD_KIND[c]], **self._where(idx)}))

    def _can_mulligan(self, seat: int) -> bool:
        """SB-5.1 as decided: first thing in one's own turn, full hand of 3, a deck to draw from."""
        return (not self.mull[seat] and not self.token_used and len(self.hands[seat]) == HAND
                and bool(self.decks[seat]) and not (self.solo and seat == RIVAL))

    def _mulligan(self, seat: int, ev: list[Event]) -> None:
        """SB-5.1: the three cards, shuffled with the state's RNG, go under the deck; draw 3 from the top."""
        hand, deck = self.hands[seat], self.decks[seat]
        self.rng.shuffle(hand)
        deck[0:0] = hand  # under the deck (the bottom is index 0)
        self.hands[seat] = new = [deck.pop() for _ in range(HAND)]
        new.sort()
        self.mull[seat] = True
        ev.append(Event("mulligan", {"seat": seat}))
        ev.append(Event("hand", {"seat": seat, "cards": [KIND_IDS[CARD_KIND[c]] for c in new]}, seats=(seat,)))

    # ------------------------------------------------------------------ placing (SB-7)
    def _where(self, idx: int) -> dict[str, Any]:
        """Event arguments naming a flat slot index the way players do (row name, slot from 1)."""
        rows = ROWS_TWO_BOARDS if self.two else ROWS_ONE_BOARD
        return {"row": rows[idx // ROW_SLOTS], "slot": idx % ROW_SLOTS + 1}

    def _resolve(self, seat: int, k: int, idx: int, ev: list[Event]) -> tuple[int, int]:
        """Put the card down and run steps 1–2; return (effect kind to trigger or -1, step-2 rotation)."""
        c = seat * NKINDS + k
        self.hands[seat].remove(c)
        top, up, ori = self.top, self.up, self.ori
        old = top[idx]
        if old >= 0:
            self.cov[idx] += (old,)
        else:
            self.rlen[idx // ROW_SLOTS] += 1
        top[idx] = c
        ori[c] = 0
        up[c] = True
        self.passes = 0
        ev.append(Event("place", {"seat": seat, "card": KIND_IDS[k], **self._where(idx),
                                  "covers": KIND_IDS[CARD_KIND[old]] if old >= 0 else None}))
        rot = 0
        if idx % ROW_SLOTS:
            left = top[idx - 1]
            if up[left] and not self.tok[left]:  # an untouchable card ignores steps 1–2
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
            if self._can_place(seat):
                self.phase, self.pend = EXTRA, (ek, idx, rot)
                return
        elif ek >= 0:
            opts = self._effect_options(seat, ek, idx, rot)
            if opts:
                self.phase, self.pend, self.opts = EFFECT, (ek, idx, rot), tuple(opts)
                return
        self._placements_done(seat, ev)

    def _effect_options(self, seat: int, ek: int, idx: int, rot: int) -> list[str]:
        """The ids of the ways effect ``ek`` (of the card at ``idx``) can be used now; [] if none."""
        top, up, tok, ori = self.top, self.up, self.tok, self.ori
        r0 = idx - idx % ROW_SLOTS
        n = self.rlen[idx // ROW_SLOTS]
        s = idx % ROW_SLOTS
        left = top[idx - 1] if s else -1
        if ek == CLOWN:
            return [CLOWN_IDS[j] for j in range(n) if not up[top[r0 + j]] and CARD_OWNER[top[r0 + j]] == seat]
        if ek == JUGGLER:
            return [JUGGLER_IDS[j] for j in range(n - 1)
                    if up[top[r0 + j]] and up[top[r0 + j + 1]] and not tok[top[r0 + j]]
                    and not tok[top[r0 + j + 1]]]
        if ek == ACROBAT:
            out: list[str] = []
            for j in range(n):
                c = top[r0 + j]
                if up[c] and not tok[c]:
                    out += ACROBAT_IDS[j]
            return out
        if ek == KNIVES:
            return [KNIVES_IDS[j] for j in range(n)
                    if up[c := top[r0 + j]] and not tok[c] and CARD_OWNER[c] != seat and CARD_KIND[c] != FAKIR
                    and CARD_VAL[c][ori[c]] <= 2]
        if left < 0 or not up[left] or tok[left]:
            return []
        if ek == TIGHTROPE:
            return [TIGHTROPE_ID]
        if ek == TRAINER:
            return [TRAINER_ID] if rot else []
        if ek == CANNONBALL:
            return [CANNONBALL_ID] if CARD_KIND[left] != FAKIR else []
        return []

    def _do_effect(self, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
        """Apply a chosen effect; effects never trigger steps 1–3 again (no cascades)."""
        _, ek, slot, d = a
        top, ori, up = self.top, self.ori, self.up
        r0 = idx - idx % ROW_SLOTS
        name = KIND_IDS[ek]
        if ek == CLOWN:
            c = top[r0 + slot]
            up[c] = True
            ori[c] = 0
            ev.append(Event("revive", {"card": KIND_IDS[CARD_KIND[c]], "owner": CARD_OWNER[c],
                                       **self._where(r0 + slot), "by": name}))
            self._update_places()
        elif ek == JUGGLER:
            i = r0 + slot
            top[i], top[i + 1] = top[i + 1], top[i]
            ev.append(Event("swap", {**self._where(i), "cards": [KIND_IDS[CARD_KIND[top[i + 1]]],
                                                                  KIND_IDS[CARD_KIND[top[i]]]], "by": name}))
        elif ek == ACROBAT:
            self._rotate(r0 + slot, d, name, ev)
        elif ek == TIGHTROPE:
            self._rotate(idx, 1, name, ev)
            self._rotate(idx - 1, -1, name, ev)
        elif ek == TRAINER:
            self._rotate(idx - 1, rot, name, ev)
        elif ek == KNIVES:
            self._discard(r0 + slot, name, ev)
        elif ek == CANNONBALL:
            self._discard(idx - 1, name, ev)
            self._rotate(idx, -1, name, ev)

    def _rotate(self, idx: int, d: int, by: str, ev: list[Event]) -> None:
        c = self.top[idx]
        self.ori[c] = o = (self.ori[c] + d) & 3
        ev.append(Event("rotate", {"card": KIND_IDS[CARD_KIND[c]], "owner": CARD_OWNER[c], **self._where(idx),
                                   "dir": "cw" if d > 0 else "ccw", "value": CARD_VAL[c][o], "by": by}))

    def _discard(self, idx: int, by: str, ev: list[Event]) -> None:
        c = self.top[idx]
        self.up[c] = False
        self._update_places()
        ev.append(Event("discard", {"card": KIND_IDS[CARD_KIND[c]], "owner": CARD_OWNER[c], **self._where(idx),
                                    "by": by}))

    # ------------------------------------------------------------------ turn flow
    def _placements_done(self, seat: int, ev: list[Event]) -> None:
        """All placements resolved: offer the after-placement token window, else end the turn."""
        if not self.token_used and self._token_targets(seat):
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
        nt = self.nt
        while True:
            self.phase, self.pend, self.opts, self.token_used = START, None, (), False
            if self.passes >= nt or not any(self.hands):
                self.phase = OVER
                self.turn = -1
                ev.append(Event("game_over", {"strength": self._strengths()[0]}))
                return
            seat = (prev + 1) % nt
            self.turn = seat
            if self.solo and seat == RIVAL:
                self._automa_turn(ev)
                prev = seat
                continue
            if self._can_place(seat) or self._can_mulligan(seat) or self._token_targets(seat):
                return
            ev.append(Event("pass", {"seat": seat}))
            self.passes += 1
            prev = seat

    # ------------------------------------------------------------------ solo automa (SB-9)
    def _automa_pick(self, seat: int) -> tuple[int, int] | None:  # noqa: C901
        """The automa's placement by the SB-9 priority list, or None when it cannot place."""
        hand = self.hands[seat]
        if not hand:
            return None
        base, aer = self._places()
        top, up, tok, ori, rlen = self.top, self.up, self.tok, self.ori, self.rlen
        started = [r for r in range(self.nrows) if rlen[r]]
        shortest = min(rlen[r] for r in started) if started else 0
        best: tuple[Any, ...] | None = None
        choice: tuple[int, int] | None = None
        for c in hand:
            k = CARD_KIND[c]
            t = CARD_BASE[c]
            for idx in (base + aer if k == AERIALISTS else base):  # tuples
                r, s = divmod(idx, ROW_SLOTS)
                key: tuple[Any, ...] | None = None
                if s:
                    left = top[idx - 1]
                    if up[left] and not tok[left]:
                        v = CARD_VAL[left][ori[left]]
                        mine = CARD_OWNER[left] == seat
                        if t >= 2 * v and CARD_KIND[left] != FAKIR:
                            if not mine:
                                key = (1, -v)
                        elif v != t:
                            nv = CARD_VAL[left][(ori[left] + (1 if v > t else -1)) & 3]
                            if not mine and nv < v:
                                key = (2, nv - v)
                            elif mine and nv > v:
                                key = (4, v - nv)
                if key is not None and key[0] == 4 and top[idx] >= 0:
                    key = None  # covering a face-down card (3) comes before boosting itself (4)
                if key is None:
                    if top[idx] >= 0:
                        key = (3, r, s)
                    elif s == 0 or rlen[r] == shortest:
                        key = (5, 0 if s == 0 else 1)
                    else:
                        key = (6,)
                full = (*key, -t, s, r, k) if key[0] != 3 else (*key, -t, k)
                if best is None or full < best:
                    best, choice = full, (k, idx)
        return choice

    def _strengths(self) -> tuple[list[int], list[int], list[int]]:
        """Per troupe: strength (sum of active face-up values), face-up cards, best single value (SB-8)."""
        st = [0] * self.nt
        cnt = [0] * self.nt
        best = [0] * self.nt
        up, ori = self.up, self.ori
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
        return mine - max(st[t] for t in range(self.nt) if t != seat)

    def _automa_place(self, seat: int, k: int, idx: int, ev: list[Event]) -> None:
        """The automa's placement: steps 1–2, then its effect choice (the option best for it *now*)."""
        ek, rot = self._resolve(seat, k, idx, ev)
        if ek == MAGICIAN:
            # decided: the automa always takes the extra placement (a card adds its value to its strength)
            nxt = self._automa_pick(seat)
            if nxt is not None:
                self._automa_place(seat, nxt[0], nxt[1], ev)
            return
        if ek < 0:
            return
        opts = self._effect_options(seat, ek, idx, rot)
        if not opts:
            return
        now = self._diff(seat)
        best_key: tuple[int, int, int, int] | None = None
        best_aid = ""
        r0 = idx - idx % ROW_SLOTS
        for aid in opts:
            a = PARSED[aid]
            sim = self.clone()
            sim._do_effect(seat, a, idx, rot, [])
            slot = a[2]
            target = self.top[r0 + slot] if slot >= 0 else self.top[idx]
            key = (sim._diff(seat), CARD_BASE[target], -slot, a[3])
            if best_key is None or key > best_key:
                best_key, best_aid = key, aid
        if best_key is not None and best_key[0] > now:  # "may" effects only when strictly better
            self._do_effect(seat, PARSED[best_aid], idx, rot, ev)
        else:
            ev.append(Event("skip", {"seat": seat, "effect": KIND_IDS[ek]}))

    def _automa_turn(self, ev: list[Event]) -> None:
        """One whole turn of the rival troupe (SB-9): place by the priority list, protect, refill."""
        seat = RIVAL
        pick = self._automa_pick(seat)
        if pick is None:
            ev.append(Event("pass", {"seat": seat}))
            self.passes += 1
        else:
            self._automa_place(seat, pick[0], pick[1], ev)
        if self.tokens[seat]:
            up, ori = self.up, self.ori
            cands = [(CARD_VAL[c][ori[c]], CARD_BASE[c], -(i % ROW_SLOTS), -(i // ROW_SLOTS), i)
                     for i in self._token_targets(seat) if CARD_VAL[(c := self.top[i])][ori[c]] >= AUTOMA_PROTECT
                     and up[c]]
            if cands:
                self._put_token(seat, max(cands)[-1], ev)
        self._refill(seat, ev)

    # ------------------------------------------------------------------ clone, determinize, result
    def _copy_into(self, new: Any) -> None:
        new.nt = self.nt
        new.nrows = self.nrows
        new.two = self.two
        new.solo = self.solo
        new.top = self.top[:]
        new.cov = self.cov[:]
        new.rlen = self.rlen[:]
        new.pl = self.pl
        new.ori = self.ori[:]
        new.up = self.up[:]
        new.tok = self.tok[:]
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.tokens = self.tokens[:]
        new.mull = self.mull[:]
        new.turn = self.turn
        new.first = self.first
        new.phase = self.phase
        new.token_used = self.token_used
        new.passes = self.passes
        new.pend = self.pend
        new.opts = self.opts
        new.jury = self.jury
        new.level = self.level

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample others' hands with their decks, and the order of every deck (SB-10).

        The seat knows its own deck's contents but not its order — except that the three cards it put
        under the deck with its mulligan are still the bottom ones, so those are shuffled separately.
        """
        for t in range(self.nt):
            deck = self.decks[t]
            # sorted before shuffling: the sample then depends only on what the seat knows (the card
            # sets), never on the true hidden order, so a bot's choices are a function of its view
            if t == seat:
                if self.mull[t]:
                    k = min(HAND, len(deck))
                    bottom, rest = sorted(deck[:k]), sorted(deck[k:])
                    rng.shuffle(bottom)
                    rng.shuffle(rest)
                    self.decks[t] = bottom + rest
                else:
                    deck.sort()
                    rng.shuffle(deck)
            else:
                pool = sorted(self.hands[t] + deck)
                rng.shuffle(pool)
                h = len(self.hands[t])
                self.hands[t] = sorted(pool[:h])
                self.decks[t] = pool[h:]

    def _result(self) -> Result:
        st, cnt, best = self._strengths()
        if self.solo:
            margin = st[0] - st[RIVAL]
            need = LEVEL_MARGIN[self.level]
            reached = margin >= need and not (self.level == "legend" and self.mull[0])
            details = {"strength": st, "rival_strength": st[RIVAL], "margin": margin, "level": self.level,
                       "margin_needed": need, "mulligan_used": self.mull[0], "reached": reached}
            # the score is the margin over the rival; the player wins only by reaching the level's margin,
            # otherwise the rival troupe wins: no seat among the winners, the player ranked second
            return Result((float(margin),), (0,) if reached else (), (1,) if reached else (2,), details)
        bonus = [0] * self.nt
        if self.jury:
            bonus[(self.first + 1) % 2] = 2
        totals = [st[t] + bonus[t] for t in range(self.nt)]
        keys = [(totals[t], cnt[t], best[t]) for t in range(self.nt)]
        details = {"strength": st, "jury_bonus": bonus, "face_up": cnt, "best_value": best,
                   "first": self.first}
        return Result.from_keys(keys, [float(x) for x in totals], details)

    # ------------------------------------------------------------------ views (SB-10)
    def _view(self, seat: int | None) -> dict[str, Any]:
        from .views import build_view

        return build_view(self, seat)

