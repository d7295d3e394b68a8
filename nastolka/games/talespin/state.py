"""TaleSpin rules as a decision state machine (spec: shared/specs/talespin/RULES.md, rule ids R0..R24).

How it runs.  Work waiting to be done is a LIFO ``stack`` of frames ``(op, controller, source card)``;
``op`` is an effect primitive compiled from ``cards.toml`` (``data._compile``) or an internal step whose
name starts with ``_``.  ``_run`` pops and executes frames until one needs a choice: it then stores the
decision in ``dec`` (kind, seat, context…) and stops.  ``_apply`` answers the decision and runs again.
When the stack is empty ``_advance`` moves the turn machine on (Step 1 → Step 2 → Reaction window →
Roll → Discard → end of turn) or, during a dogfight, the dogfight machine through the timing table R14.
Who must decide is public (``to_act``), so a decision is skipped (resolved by itself) only when public
facts show it has a single option: every window is offered to every seat its timing names that holds a
card, with ``pass``; playing cargo is asked whenever the hand is not empty; a choice among hand cards is
asked unless the hand holds one card.  Otherwise being asked, or not, would tell the table what a hand holds.

Why one stack instead of nested callbacks: it makes every state a plain value (ints, lists, tuples), so
``clone`` is a handful of list copies and any decision can be recorded, replayed and determinized.

Sides.  Seats 0..players-1 are people.  In solitaire (players = 1) side 1 is Shere Khan: he has a hold
but no hand, chain, token or seat; every "opponent" is side 1 (R20.2).
"""

from __future__ import annotations

from typing import Any

from nastolka.engine import Event, GameState, OptionError, Result, Rng
from nastolka.engine.ids import split_id

from . import data as T
from .actions import BOUNTY_NONE, CARGO_NONE, DAMAGE_DISCARD, DAMAGE_HAND, DAMAGE_OPEN, DAMAGE_UNCOVER, NONE
from .data import (
    ACTION,
    ARTIFACT,
    BLUE,
    C_DEF,
    C_DMG,
    C_DRW,
    C_KW,
    C_STATS,
    C_TYPE,
    C_VAL,
    CARGO,
    DEF_ID,
    PASSENGER,
    PILOT,
)

HAND_CAP = 10
KEEP = 7
FILL = 5
MAX_PASS = 4
ROUND_CAP = 60

# turn phases; the two *_RES phases resolve what a step set going (Step-1 triggers and Khan's cargo, the
# chain of the roll) and are still shown as that step (R4): the view's step is the step whose choices are made
PH_STEP1, PH_MAIN, PH_REACT, PH_ROLL, PH_DISCARD, PH_END, PH_STEP1_RES, PH_ROLL_RES = range(8)
PHASE_NAMES = ("draw", "play", "reaction", "roll", "discard", "end", "draw", "roll")

# dogfight list fields
A, D, PH, IDX, NODEC, TIES, PDA, PDD, MOD1, ADJ, ACC, BLK, RND, CUR, WIN, DMG, DRW, PTS, RES, YB, A1V, A1DMG, \
    A1DRW, PILOT_I = range(24)
# dogfight phases (R14)
(F_W1, F_W2, F_ACC, F_W3, F_DRAW, F_W4, F_DEF, F_DEFX, F_ATT, F_ATTX, F_V, F_V1, F_V2, F_REW, F_DMG, F_DRWI,
 F_D, F_D1, F_D2, F_BOUNTY, F_E, F_X, F_SMAN, F_SREV) = range(24)
DF_PHASE_NAMES = ("start", "defender_starts", "accept", "before_draws", "draws", "after_draws", "defend",
                  "defend", "attack", "attack", "attacker_wins", "attacker_wins", "attacker_wins", "reward",
                  "damage", "draw_icons", "defender_wins", "defender_wins", "defender_wins", "bounty", "ends",
                  "cleanup", "maneuvers", "khan_reveals")
WINDOWS = {F_W1: ("start_dogfight", "A"), F_W2: ("opponent_starts_dogfight", "D"),
           F_W3: ("before_piloting_draws", "AD"), F_W4: ("after_piloting_draws", "AD"),
           F_V1: ("win_dogfight", "A"), F_V2: ("lose_dogfight", "D"), F_D1: ("lose_dogfight", "A"),
           F_D2: ("win_dogfight", "D"), F_E: ("dogfight_ends", "ALL")}
WINDOW_NEXT = {F_W1: F_W2, F_W2: F_ACC, F_W3: F_DRAW, F_W4: F_DEF, F_V1: F_V2, F_V2: F_REW, F_D1: F_D2,
               F_D2: F_BOUNTY, F_E: F_X}

#: setup keys that start a game in the middle (see ``_setup_midgame``)
MIDGAME_KEYS = ("turn", "dogfight_used", "khan_beaten", "modifiers", "tiki_played", "dogfight")

OPEN = 128  # hold entry = card | OPEN (face up) | mask << 8 (non-owner sides that know a packed card)
WIN_CARGO, WIN_KHAN, WIN_CAP = "cargo", "khan", "round_cap"


def _hcard(v: int) -> int:
    return v & 127


def _dist(a: int, b: int) -> int:
    d = abs(a - b)
    return min(d, 12 - d)


def _clamp(v: int) -> int:
    return 1 if v < 1 else 13 if v > 13 else v


class TaleSpinState(GameState):
    """The whole game state: ints, lists of ints and immutable tuples only (cheap ``clone``)."""

    text_module = "nastolka.games.talespin.text"  # labels, event words, terminal rendering

    solo: bool                    # solitaire: side 1 is Shere Khan
    np: int                       # sides with a hold (players, or 2 in solitaire)
    N: int                        # cargo to win
    chars: tuple[int, ...]        # character index per seat
    order: tuple[int, ...]        # turn order, first player first
    rot: tuple[tuple[int, ...], ...]  # turn order starting from each seat
    turn: int                     # index of the active player in ``order``
    turn_no: int
    removed: tuple[int, ...]      # cards set aside by the mode (R3.3)
    pos: list[int]                # clock position per side (Khan: -1)
    hands: list[list[int]]
    hknown: list[list[int]]       # per side: definition | mask << 8 of hand cards others saw enter it
    chains: list[list[int]]
    holds: list[list[int]]        # card | OPEN | knowledge mask << 8
    deck: list[int]               # top = end of the list
    discard: list[int]
    covered: list[int]            # solitaire: red characters from Khan Industries clockwise
    dice: list[int]               # forced die results (setup)
    mods: list[int]               # modify_stat until end of turn, 3 per side
    tiki: list[int]               # bitmask of tiki definitions played this turn, per side
    df_used: bool
    won_khan: bool
    df: list[int] | None          # the dogfight (indices A, D, PH ...)
    df_att: list[int]             # attacking maneuver cards on the table
    df_def: list[int]             # defending maneuver cards (solitaire: Khan's)
    limbo: list[int]              # Actions being resolved
    stack: list[tuple[Any, ...]]  # pending frames (op, controller, source)
    dec: tuple[Any, ...] | None   # the pending decision
    over: bool
    winners: tuple[int, ...]
    end_reason: str
    last_roll: int
    phase: int
    pidx: int
    _ev: list[Event]

    # ------------------------------------------------------------------ creation
    @classmethod
    def _check_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        chars = tuple(options.get("characters") or ())
        if chars:
            if len(chars) != players:
                raise OptionError(f"option 'characters' needs one character per player ({players}), got {len(chars)}")
            if len(set(chars)) != len(chars):
                raise OptionError("option 'characters': each player needs a different character")
            if players == 1 and chars != ("baloo",):
                raise OptionError("solitaire is played with Baloo (R20.1)")
        return options

    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> TaleSpinState:  # noqa: C901
        s = cls.__new__(cls)
        setup = setup or {}
        unknown = set(setup) - {"characters", "first", "positions", "hands", "chains", "holds", "discard",
                                "covered", "deck", "dice", "step", *MIDGAME_KEYS}
        if unknown:
            raise OptionError(f"setup: unknown key(s) {', '.join(sorted(unknown))}")
        for key in ("discard", "covered", "deck", "dice", "characters"):
            if key in setup and not isinstance(setup[key], list):
                raise OptionError(f"setup {key!r} must be a list")
        s.solo = players == 1
        s.np = 2 if s.solo else players
        s.N = int(options.get("cargo_to_win", 5))
        chars = setup.get("characters") or options.get("characters") or ()
        if chars:
            try:
                ci = tuple(T.CHARACTERS.index(c) for c in chars)
            except ValueError:
                raise OptionError(f"setup 'characters' must name {', '.join(T.CHARACTERS)}") from None
            if len(ci) != players or len(set(ci)) != players or (s.solo and ci != (0,)):
                raise OptionError("setup 'characters' needs one different character per player (solitaire: baloo)")
        elif s.solo:
            ci = (0,)
        else:
            pool = list(range(4))
            rng.shuffle(pool)
            ci = tuple(pool[:players])
        s.chars = ci
        # starting Locations (R3.5)
        pos = [T.PL_START[c] for c in ci]
        if players == 2 and _dist(pos[0], pos[1]) != 6:
            for i in (0, 1):
                if (pos[1 - i] - pos[i]) % 12 == 3:
                    pos[i] = T.PL_ALT[ci[i]]
        if s.solo:
            pos.append(-1)
        if "positions" in setup:
            pp = setup["positions"]
            if not isinstance(pp, list) or len(pp) != players or not all(isinstance(p, int) and 1 <= p <= 12 for p in pp):
                raise OptionError("setup 'positions' must list a clock number 1..12 per player")
            pos[:players] = pp
        s.pos = pos
        # first player and turn order (R3.6)
        first = setup.get("first")
        if first is None:
            first = rng.randbelow(players)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise OptionError("setup 'first' must be a seat number")
        clock_order = sorted(range(players), key=lambda x: s.pos[x] % 12)
        k = clock_order.index(first)
        s.order = tuple(clock_order[k:] + clock_order[:k])
        s.rot = tuple(s._rotation(seat) for seat in range(players))
        s.turn = 0
        s.turn_no = 1
        # deck by mode (R3.3, R18.2, R19.1, R20.1)
        removed: list[int] = []
        deck: list[int] = []
        in_play_pas = {T.PAS_VERSION[c] for c in ci}
        for inst in range(T.NCARDS):
            d = C_DEF[inst]
            out = d in in_play_pas or (options.get("beginner") and T.D_X[d])
            if d == T.CARGO_KHAN and (players <= 2):
                out = True
            if s.solo and d == T.PAS_VERSION[0]:
                out = True
            (removed if out else deck).append(inst)
        s.removed = tuple(removed)
        s._ev = []
        s.hands = [[] for _ in range(s.np)]
        s.hknown = [[] for _ in range(s.np)]
        s.chains = [[] for _ in range(s.np)]
        s.holds = [[] for _ in range(s.np)]
        s.discard = []
        s.covered = []
        free = list(deck)

        def take(name: str) -> int:
            d = T.DEF_INDEX.get(name) if isinstance(name, str) else None
            if d is None:
                raise OptionError(f"setup: unknown card id {name!r}")
            for inst in free:
                if C_DEF[inst] == d:
                    free.remove(inst)
                    return inst
            raise OptionError(f"setup: no copy of {name!r} left in this game's deck")

        def per_side(key: str) -> list[list[str]]:
            v = setup.get(key)
            if v is None:
                return [[] for _ in range(s.np)]
            if not isinstance(v, list) or len(v) > s.np or not all(isinstance(x, list) for x in v):
                raise OptionError(f"setup {key!r} must be a list (one list of card ids per player)")
            return [list(x) for x in v] + [[] for _ in range(s.np - len(v))]

        for side, names in enumerate(per_side("hands")):
            s.hands[side] = [take(n) for n in names]
        for side, names in enumerate(per_side("chains")):
            for n in names:
                inst = take(n)
                if C_TYPE[inst] != PASSENGER:
                    raise OptionError(f"setup: {n} in a chain is not a Passenger")
                s.chains[side].append(inst)
            if len(s.chains[side]) > MAX_PASS:
                raise OptionError("setup: a chain holds at most 4 Passengers")
        for side, names in enumerate(per_side("holds")):
            for n in names:
                is_open = n.startswith("open:")
                inst = take(n[5:] if is_open else n)
                s.holds[side].append(inst | (OPEN if is_open else 0) | (((1 << s.np) - 1) << 8 if is_open else 0))
        for n in setup.get("discard", []):
            s.discard.append(take(n))
        for n in setup.get("covered", []):
            s.covered.append(take(n))
            if not s.solo or not T.C_RED_CHAR[s.covered[-1]] or len(s.covered) > 12:
                raise OptionError("setup 'covered' lists at most 12 red characters, in solitaire only")
        fight = setup.get("dogfight")
        pilot = -1      # the Pilot of a dogfight in progress (setup 'dogfight') comes out of the deck too
        if isinstance(fight, dict) and fight.get("pilot") is not None:
            pilot = take(fight["pilot"])
        top = [take(n) for n in setup.get("deck", [])]
        rng.shuffle(free)
        s.deck = free + top[::-1]  # the top of the deck is the end of the list
        s.dice = list(setup.get("dice", []))
        if not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in s.dice):
            raise OptionError("setup 'dice' must be die results 1..6")
        s.mods = [0] * (3 * s.np)
        s.tiki = [0] * s.np
        s.df_used = False
        s.won_khan = False
        s.df = None
        s.df_att = []
        s.df_def = []
        s.limbo = []
        s.stack = []
        s.dec = None
        s.over = False
        s.winners = ()
        s.end_reason = ""
        s.last_roll = 0
        s.phase = PH_STEP1
        s.pidx = 0
        step = setup.get("step", 1)
        if isinstance(step, bool) or step not in (1, 2, 3, 4):
            raise OptionError("setup 'step' must be 1, 2, 3 or 4")
        if "hands" not in setup:
            for seat in s.order:  # opening hands (R3.7, R20.1)
                s._fill(seat)
        s.phase = (PH_STEP1, PH_MAIN, PH_ROLL, PH_DISCARD)[step - 1]
        s._setup_midgame(setup, step, pilot)
        s._ev = []
        return s

    def _setup_midgame(self, setup: dict[str, Any], step: int, pilot: int) -> None:  # noqa: C901
        """The setup keys that start a game in the middle (docs/records.md): the turn number, what the
        active player has already done this turn, and a dogfight just started. Every later position is
        reached from there by the record's actions."""
        s = self
        turn = setup.get("turn", 1)
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise OptionError("setup 'turn' must be a turn number from 1")
        s.turn_no = turn
        s.turn = (turn - 1) % len(s.order)     # turns go round from the first player (R3.6)
        if "dogfight_used" in setup:
            if not isinstance(setup["dogfight_used"], bool):
                raise OptionError("setup 'dogfight_used' must be true or false")
            if setup["dogfight_used"] and step == 1:
                raise OptionError("setup 'dogfight_used' needs 'step' 2 or later (dogfights are started in Step 2)")
            s.df_used = setup["dogfight_used"]
        if "khan_beaten" in setup:
            if not s.solo or not isinstance(setup["khan_beaten"], bool):
                raise OptionError("setup 'khan_beaten' is true or false, in solitaire only")
            if setup["khan_beaten"] and step == 1:
                raise OptionError("setup 'khan_beaten' needs 'step' 2 or later")
            s.won_khan = setup["khan_beaten"]
            s.df_used = s.df_used or s.won_khan
        mods = setup.get("modifiers")
        if mods is not None:
            if (not isinstance(mods, list) or len(mods) > len(s.order)
                    or not all(isinstance(m, list) and len(m) == 3 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                          for x in m) for m in mods)):
                raise OptionError("setup 'modifiers' must list per player [shipping, range, piloting] changes")
            for side, m in enumerate(mods):
                s.mods[3 * side:3 * side + 3] = m
        tiki = setup.get("tiki_played")
        if tiki is not None:
            if not isinstance(tiki, list) or len(tiki) > len(s.order) or not all(isinstance(x, list) for x in tiki):
                raise OptionError("setup 'tiki_played' must be a list per player of card ids")
            for side, ids in enumerate(tiki):
                for name in ids:
                    d = T.DEF_INDEX.get(name) if isinstance(name, str) else None
                    if d is None or not T.D_TIKI[d]:
                        raise OptionError(f"setup 'tiki_played': {name!r} is not a Tiki card")
                    s.tiki[side] |= 1 << d
        fight = setup.get("dogfight")
        if fight is not None:
            s._setup_dogfight(fight, step, pilot)

    def _setup_dogfight(self, fight: Any, step: int, pilot: int) -> None:
        """``dogfight``: the active player has just started a dogfight (R13.2), which begins at once."""
        s = self
        if not isinstance(fight, dict) or set(fight) - {"defender", "pilot"}:
            raise OptionError("setup 'dogfight' must be {\"defender\": seat, \"pilot\": card id or null}")
        if step != 2 or s.df_used:
            raise OptionError("setup 'dogfight' needs 'step' 2 and no other dogfight this turn")
        a = s.active
        d = fight.get("defender", 1 if s.solo else None)
        if isinstance(d, bool) or not isinstance(d, int) or d not in s._opponents(a):
            raise OptionError("setup 'dogfight': 'defender' must be an opponent of the active player")
        if pilot >= 0:
            if C_TYPE[pilot] != PILOT:
                raise OptionError(f"setup 'dogfight': {fight['pilot']} is not a Pilot")
        elif not s.solo and _dist(s.pos[a], s.pos[d]) > s.stat(a, 1):
            raise OptionError("setup 'dogfight': the defender is out of the attacker's RANGE (R7.5)")
        s._start_dogfight(a, d, pilot)

    # ------------------------------------------------------------------ engine hooks
    @property
    def active(self) -> int:
        return self.order[self.turn]

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.over or self.dec is None:
            return ()
        return (self.dec[1],)

    @property
    def is_over(self) -> bool:
        return self.over

    def _copy_into(self, new: Any) -> None:
        new.solo = self.solo
        new.np = self.np
        new.N = self.N
        new.chars = self.chars
        new.order = self.order
        new.rot = self.rot
        new.turn = self.turn
        new.turn_no = self.turn_no
        new.removed = self.removed
        new.pos = self.pos[:]
        new.hands = [h[:] for h in self.hands]
        new.hknown = [h[:] for h in self.hknown]
        new.chains = [c[:] for c in self.chains]
        new.holds = [h[:] for h in self.holds]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.covered = self.covered[:]
        new.dice = self.dice[:]
        new.mods = self.mods[:]
        new.tiki = self.tiki[:]
        new.df_used = self.df_used
        new.won_khan = self.won_khan
        new.df = self.df[:] if self.df is not None else None
        new.df_att = self.df_att[:]
        new.df_def = self.df_def[:]
        new.limbo = self.limbo[:]
        new.stack = self.stack[:]
        new.dec = self.dec
        new.over = self.over
        new.winners = self.winners
        new.end_reason = self.end_reason
        new.last_roll = self.last_roll
        new.phase = self.phase
        new.pidx = self.pidx
        new._ev = []

    def legal_ids(self, seat: int) -> list[str]:
        dec = self.dec
        if self.over or dec is None or dec[1] != seat:
            return []
        return _LEGAL[dec[0]](self, dec)

    def _apply(self, seat: int, aid: str) -> list[Event]:
        ev: list[Event] = []
        self._ev = ev
        dec = self.dec
        assert dec is not None
        self.dec = None
        verb, params = split_id(aid)
        _APPLY[dec[0]](self, dec, verb, params)
        self._run()
        self._ev = []
        return ev

    def _result(self) -> Result:
        if self.solo:
            # the one seat wins or Shere Khan does: a loss leaves no seat among the winners (rank 2);
            # the score is 1 for a win and 0 for a loss, ``details["won"]`` says the same in words
            won = self.winners == (0,)
            return Result((1.0 if won else 0.0,), (0,) if won else (), (1,) if won else (2,),
                          {"reason": self.end_reason, "won": won, "winner": "player" if won else "khan",
                           "turns": self.turn_no})
        keys = [(1 if s in self.winners else 0,) for s in range(self.players)]
        return Result.from_keys(keys, [float(k[0]) for k in keys], {"reason": self.end_reason,
                                                                   "turns": self.turn_no})

    # ------------------------------------------------------------------ the driver
    def _resolve_chance(self) -> list[Event]:
        """Only after creation: run the machine up to the first decision."""
        ev: list[Event] = []
        self._ev = ev
        self._run()
        self._ev = []
        return ev

    def _e(self, kind: str, seats: tuple[int, ...] | None = None, **args: Any) -> None:
        self._ev.append(Event(kind, args, seats))

    def _run(self) -> None:
        stack = self.stack
        while self.dec is None and not self.over:
            if stack:
                frame = stack.pop()
                _OPS[frame[0][0]](self, frame[0], frame[1], frame[2])
            else:
                self._advance()

    def _push(self, ops: tuple[tuple[Any, ...], ...], c: int, src: int = -1) -> None:
        """Schedule an effect list so that its first primitive resolves first (R16.2)."""
        st = self.stack
        for op in reversed(ops):
            st.append((op, c, src))

    def _advance(self) -> None:  # noqa: C901
        ph = self.phase
        a = self.active
        if ph == PH_STEP1:
            self._e("turn", seat=a, turn=self.turn_no)
            self._draw(a, 1)
            self._fill(a)
            self.phase = PH_STEP1_RES
            if self.solo:
                self.stack.append((("_khan_cargo",), a, -1))
            trig: list[tuple[Any, ...]] = []
            for v in self.holds[a]:
                if v & OPEN and T.D_TRIGGER[C_DEF[v & 127]] == "after_draw_step":
                    trig.extend(T.D_EFFECT[C_DEF[v & 127]])
            self._push(tuple(trig), a)
        elif ph == PH_STEP1_RES:   # the Step-1 triggers and Khan's cargo have resolved
            self.phase = PH_MAIN
        elif ph == PH_MAIN:
            if self.df is not None:
                self._df_advance()
            else:
                self.dec = ("main", a)
        elif ph == PH_REACT:
            others = self._turn_order_from(a)[1:]
            while self.pidx < len(others):
                if self._offer_window(others[self.pidx], "any_turn"):
                    return
                self.pidx += 1
            self.phase = PH_ROLL
        elif ph == PH_ROLL:
            r = self.dice.pop(0) if self.dice else self.rng.randint(1, 6)
            self.last_roll = r
            self._e("roll", seat=a, value=r)
            self.stack.append((("_chain", r, tuple(self.chains[a])), a, -1))
            self._push(T.PL_DIE[self.chars[a]][r], a)
            self.phase = PH_ROLL_RES
            self.pidx = 0
        elif ph == PH_ROLL_RES:    # the Player card and the chain have resolved (R9)
            self.phase = PH_DISCARD
            self.pidx = 0
        elif ph == PH_DISCARD:
            order = self._turn_order_from(a)
            while self.pidx < len(order):
                s = order[self.pidx]
                if len(self.hands[s]) > KEEP:
                    self.dec = ("discard", s, "end")
                    return
                self.pidx += 1
            self.phase = PH_END
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        a = self.active
        if self.solo:  # R20.7: Khan's conditions first
            if len(self.holds[1]) >= 5 or len(self.covered) >= 12:
                self._finish((), WIN_KHAN + ("_cargo" if len(self.holds[1]) >= 5 else "_covered"))
                return
            if len(self.holds[0]) >= self.N:
                self._finish((0,), WIN_CARGO)
                return
        elif len(self.holds[a]) >= self.N:  # R17
            self._finish((a,), WIN_CARGO)
            return
        if not self.solo and self.turn_no >= ROUND_CAP * self.players:  # R24.9
            best = max((len(self.holds[s]), self._open_cargo_count(s)) for s in range(self.players))
            self._finish(tuple(s for s in range(self.players)
                               if (len(self.holds[s]), self._open_cargo_count(s)) == best), WIN_CAP)
            return
        self.turn = (self.turn + 1) % len(self.order)
        self.turn_no += 1
        self.mods = [0] * (3 * self.np)
        self.tiki = [0] * self.np
        self.df_used = False
        self.won_khan = False
        self.phase = PH_STEP1
        self.pidx = 0

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.over = True
        self.winners = winners
        self.end_reason = reason
        self.dec = None
        self._e("game_over", winners=list(winners), reason=reason)

    def _open_cargo_count(self, s: int) -> int:
        return sum(1 for v in self.holds[s] if v & OPEN and C_TYPE[v & 127] == CARGO)

    # ------------------------------------------------------------------ helpers: order, stats, range
    def _rotation(self, s: int) -> tuple[int, ...]:
        o = self.order
        k = o.index(s)
        return o[k:] + o[:k]

    def _turn_order_from(self, s: int) -> tuple[int, ...]:
        return self.rot[s]

    def _prio(self) -> tuple[int, ...]:
        """Priority order (R12.7): active first; during a dogfight attacker, defender, then the others."""
        if self.solo:
            return (0,)
        base = self._turn_order_from(self.active)
        df = self.df
        if df is None:
            return base
        return (df[A], df[D]) + tuple(s for s in base if s != df[A] and s != df[D])

    def _opponents(self, c: int) -> tuple[int, ...]:
        if self.solo:
            return (1,) if c == 0 else ()
        return tuple(s for s in self._prio() if s != c)

    def stat(self, s: int, k: int) -> int:
        """Total SHIPPING (0) / RANGE (1) / PILOTING (2) of side ``s`` (R6.1), never below 0."""
        if self.solo and s == 1:
            return 0
        v = T.PL_STATS[self.chars[s]][k] + self.mods[3 * s + k]
        for p in self.chains[s]:
            v += C_STATS[p][k]
        for h in self.holds[s]:
            if h & OPEN:
                v += C_STATS[h & 127][k]
        return v if v > 0 else 0

    def _in_range(self, a: int, b: int) -> bool:
        if self.solo:
            return True
        return _dist(self.pos[a], self.pos[b]) <= self.stat(a, 1)

    def _locked(self, s: int) -> bool:
        """R10.5: a hold with N-1 or more cards accepts only a genuine Cargo entering face up."""
        return len(self.holds[s]) >= self.N - 1

    def _covered(self, clock: int) -> bool:
        return (clock - T.COVER_START) % 12 < len(self.covered)

    def _chain_kw(self, c: int) -> int:
        if self.solo and c == 1:
            return 0
        kw = T.PL_KW[self.chars[c]]
        for p in self.chains[c]:
            kw |= C_KW[p]
        return kw

    # ------------------------------------------------------------------ helpers: cards moving
    def _pop_deck(self) -> int:
        """Top card of the deck; reshuffles the discard pile (R15.3) or, in solitaire, Khan wins (R20.7)."""
        if not self.deck:
            if self.solo:
                self._finish((), WIN_KHAN + "_deck")
                return -1
            if not self.discard:
                return -1
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self._e("reshuffle", size=len(self.deck))
        return self.deck.pop()

    def _gain(self, s: int, inst: int) -> None:
        """The one entrance to a hand (R24.8); the caller has checked the hand cap."""
        if self.solo and T.C_RED_CHAR[inst]:
            if len(self.covered) < 12:
                self.covered.append(inst)
                clock = (T.COVER_START - 1 + len(self.covered) - 1) % 12 + 1
                self._e("cover", card=DEF_ID[C_DEF[inst]], location=clock)
            else:
                self.discard.append(inst)
            return
        self.hands[s].append(inst)

    def _draw(self, s: int, n: int) -> None:
        if self.solo and s == 1:
            return
        got = 0
        hand = self.hands[s]
        for _ in range(n):
            if self.over or len(hand) >= HAND_CAP:
                break
            inst = self._pop_deck()
            if inst < 0:
                break
            self._gain(s, inst)
            got += 1
            if hand and hand[-1] == inst:
                self._e("drew_card", (s,), seat=s, card=DEF_ID[C_DEF[inst]])
        if got:
            self._e("draw", seat=s, n=got)

    def _fill(self, s: int) -> None:
        """Draw up to 5 (R4.1); in solitaire red characters do not count (R20.4)."""
        hand = self.hands[s]
        while len(hand) < FILL and not self.over:
            inst = self._pop_deck()
            if inst < 0:
                break
            self._gain(s, inst)
            if hand and hand[-1] == inst:
                self._e("drew_card", (s,), seat=s, card=DEF_ID[C_DEF[inst]])

    def _take_def(self, s: int, d: int) -> int:
        hand = self.hands[s]
        for i, inst in enumerate(hand):
            if C_DEF[inst] == d:
                del hand[i]
                if self.hknown[s]:
                    self._forget(s, d)
                return inst
        raise KeyError(d)  # pragma: no cover - legality was checked

    def _reveal(self, s: int, inst: int, mask: int) -> None:
        """Others saw ``inst`` enter side ``s``'s hand (search, retrieve, bounty, taking from a hand)."""
        if self.hands[s] and self.hands[s][-1] == inst:
            self.hknown[s].append(C_DEF[inst] | mask << 8)

    def _forget(self, s: int, d: int) -> None:
        """A copy of ``d`` left the hand: watchers can no longer be sure of one copy they knew about."""
        known = self.hknown[s]
        for i in range(len(known) - 1, -1, -1):
            if known[i] & 255 == d:
                del known[i]
                return

    def _hand_defs(self, s: int) -> list[int]:
        return sorted({C_DEF[i] for i in self.hands[s]})

    def _add_passenger(self, s: int, inst: int) -> None:
        self.chains[s].append(inst)
        if len(self.chains[s]) > MAX_PASS:  # R8.3
            self.dec = ("drop", s)

    def _discard_inst(self, inst: int) -> None:
        self.discard.append(inst)

    # ------------------------------------------------------------------ playability (R12, R16.5)
    def _effect_ok(self, ops: tuple[tuple[Any, ...], ...], c: int) -> bool:
        for op in ops:
            if op[0] == "if":
                if not self._effect_ok(op[2] if self._cond(op[1], c) else op[3], c):
                    return False
            elif op[0] == "open_cargo":
                whose = op[2]
                sides = range(self.np) if whose == "any" else (c,) if whose == "own" else \
                    (self.df[D],) if whose == "defender" and self.df else self._opponents(c)
                if sum(1 for s in sides for v in self.holds[s] if not v & OPEN) < op[1]:
                    return False
        return True

    def _can_play(self, s: int, d: int) -> bool:
        if T.D_TIKI[d] and self.tiki[s] >> d & 1:
            return False
        for op in T.D_COST[d]:
            if op[0] == "discard_from_hand" and len(self.hands[s]) - 1 < op[1]:
                return False
        return self._effect_ok(T.D_EFFECT[d], s)

    def _eligible(self, s: int, timing: str) -> list[int]:
        if self.solo:
            return []  # R20.3: Action text is never used in solitaire
        timings = T.D_TIMING
        defs = {d for d in map(C_DEF.__getitem__, self.hands[s]) if timings[d] == timing}
        return [d for d in sorted(defs) if self._can_play(s, d)] if defs else []

    def _offer_window(self, s: int, timing: str) -> bool:
        """Offer a response window to ``s`` (R12.2), whatever it holds: everybody sees who is asked, so asking
        only seats with an eligible card would tell the table what is in their hands.  Skipped only when
        that follows from public facts: solitaire (R20.3) or an empty hand (hand sizes are public)."""
        if self.solo or not self.hands[s]:
            return False
        self.dec = ("window", s, timing)
        return True

    def _play_action(self, s: int, d: int) -> None:
        inst = self._take_def(s, d)
        self.limbo.append(inst)
        if T.D_TIKI[d]:
            self.tiki[s] |= 1 << d
        self._e("action", seat=s, card=DEF_ID[d])
        self.stack.append((("_to_discard", inst), s, inst))
        self._push(T.D_EFFECT[d], s, inst)
        self._push(T.D_COST[d], s, inst)

    def _cond(self, cond: tuple[Any, ...], c: int) -> bool:
        if cond[0] == "kw":
            return bool(self._chain_kw(c) & cond[1])
        df = self.df
        if df is None:
            return False
        return c == (df[A] if cond[1] == "attacker" else df[D])

    # ------------------------------------------------------------------ targets
    def _resolve_opp(self, op: tuple[Any, ...], idx: int, c: int, src: int, ok: Any) -> int:
        """Target side of an op: -1 none, -2 a choice is pending (R24.3), else the side."""
        v = op[idx]
        if isinstance(v, int):
            return v
        if v == "defender":
            return self.df[D] if self.df is not None and self.df[D] != c else -1
        if v == "self":
            return c
        opps = [o for o in self._opponents(c) if ok(o)]
        if not opps:
            return -1
        if len(opps) == 1:
            return opps[0]
        self.dec = ("opp", c, op, idx, src, tuple(opps))
        return -2

    def _hold_targets(self, c: int, kind: str, a: Any, b: Any = None) -> list[tuple[int, int]]:
        """(side, position) cards a pick may take: open / peek (a=whose), steal / dcargo (a=side, b=state)."""
        out = []
        if kind in ("open", "peek"):
            whose = a
            if whose == "any":
                sides: Any = range(self.np)
            elif whose == "own":
                sides = (c,)
            elif whose == "defender":
                sides = (self.df[D],) if self.df is not None and self.df[D] != c else ()
            else:
                sides = self._opponents(c)
            for s in sides:
                if kind == "peek" and s == c:
                    continue
                for i, v in enumerate(self.holds[s]):
                    if not v & OPEN and not (kind == "peek" and v >> 8 >> c & 1):
                        out.append((s, i))
            return out
        side, state = a, b
        locked = kind == "steal" and self._locked(c)
        for i, v in enumerate(self.holds[side]):
            is_open = bool(v & OPEN)
            if state == "packed" and is_open or state == "open" and not is_open:
                continue
            if locked and not (is_open and C_TYPE[v & 127] == CARGO):
                continue
            out.append((side, i))
        return out

    def _pick(self, c: int, kind: str, a: Any, b: Any = None) -> None:
        t = self._hold_targets(c, kind, a, b)
        if not t:
            return
        if len(t) == 1:
            self._do_pick(c, kind, t[0][0], t[0][1])
        else:
            self.dec = ("pick", c, kind, a, b)

    def _do_pick(self, c: int, kind: str, side: int, i: int) -> None:
        hold = self.holds[side]
        v = hold[i]
        inst = v & 127
        name = DEF_ID[C_DEF[inst]]
        if kind == "open":  # R10.6
            if C_TYPE[inst] in (CARGO, ARTIFACT):
                hold[i] = inst | OPEN | (((1 << self.np) - 1) << 8)
                self._e("open_cargo", seat=c, side=side, pos=i, card=name, bluff=False)
            else:
                del hold[i]
                self._discard_inst(inst)
                self._e("open_cargo", seat=c, side=side, pos=i, card=name, bluff=True)
        elif kind == "peek":
            hold[i] = v | (1 << (8 + c))
            self._e("peek", (c,), seat=c, side=side, pos=i, card=name)
            self._e("peek_public", seat=c, side=side, pos=i)
        elif kind == "steal":  # R10.8
            del hold[i]
            self.holds[c].append((v & 0xFF) | (v >> 8 | 1 << side) << 8)
            self._e("steal_cargo", seat=c, side=side, card=name if v & OPEN else None)
            if not v & OPEN:
                self._e("stolen_card", (c,), card=name)
        else:  # dcargo
            del hold[i]
            self._discard_inst(inst)
            self._e("discard_cargo", seat=c, side=side, card=name)

    # ------------------------------------------------------------------ effect primitives (R16)
    def _op_move(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if self.solo and c == 1:
            return
        if op[2]:
            self.stack.append((("play_cargo",), c, src))
        self.dec = ("move", c, op[1])

    def _op_play_cargo(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if self.solo and (c == 1 or not self.won_khan or self._covered(self.pos[c])):
            return
        if self.stat(c, 0) < T.LOC_RECEIVING[self.pos[c]]:
            return
        if not self.hands[c]:
            return
        # asked even with no card to play (a locked hold and no Cargo in hand): skipping would show
        # everybody that the hand holds no Cargo
        self.dec = ("cargo", c)

    def _op_draw(self, op: tuple[Any, ...], c: int, src: int) -> None:
        who = op[2]
        targets = (c,) if who == "self" else self._prio() if who == "all" else self._opponents(c)
        for s in targets:
            self._draw(s, op[1])

    def _op_discard_from_hand(self, op: tuple[Any, ...], c: int, src: int) -> None:
        who = op[2]
        if who in ("all", "each_opponent"):
            targets: tuple[int, ...] = self._prio() if who == "all" else self._opponents(c)
        else:
            t = self._resolve_opp(op, 2, c, src, lambda o: bool(self.hands[o]))
            if t < 0:
                return
            targets = (t,)
        for s in reversed(targets):
            if self.solo and s == 1:
                continue
            for _ in range(op[1]):
                self.stack.append((("_discard1", s, op[3]), c, src))

    def _op__discard1(self, op: tuple[Any, ...], c: int, src: int) -> None:
        s = op[1]
        hand = self.hands[s]
        if not hand:
            return
        if op[2]:
            inst = hand.pop(self.rng.randbelow(len(hand)))
            self._forget(s, C_DEF[inst])
            self._discard_inst(inst)
            self._e("discard", seat=s, card=DEF_ID[C_DEF[inst]])
        elif len(hand) == 1:  # public: a hand of one card (copies of one card are still asked)
            inst = hand.pop()
            self._forget(s, C_DEF[inst])
            self._discard_inst(inst)
            self._e("discard", seat=s, card=DEF_ID[C_DEF[inst]])
        else:
            self.dec = ("discard", s, "effect")

    def _op_take_from_hand(self, op: tuple[Any, ...], c: int, src: int) -> None:
        t = self._resolve_opp(op, 2, c, src, lambda o: bool(self.hands[o]))
        if t < 0:
            return
        for _ in range(op[1]):
            h = self.hands[t]
            if not h or len(self.hands[c]) >= HAND_CAP:
                break
            inst = h.pop(self.rng.randbelow(len(h)))
            self._forget(t, C_DEF[inst])
            self._gain(c, inst)
            self._reveal(c, inst, 1 << t)
            self._e("take_from_hand", seat=c, side=t)
            self._e("took_card", (c, t), card=DEF_ID[C_DEF[inst]])

    def _op_search_deck(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self.stack.append((("_shuffle_deck",), c, src))
        for _ in range(op[2]):
            self.stack.append((("_take", "deck", op[1]), c, src))

    def _op_retrieve_discard(self, op: tuple[Any, ...], c: int, src: int) -> None:
        for _ in range(op[1]):
            self.stack.append((("_take", "discard", op[2]), c, src))

    def _take_options(self, where: str, t: int) -> list[int]:
        pile = self.deck if where == "deck" else self.discard
        return sorted({C_DEF[i] for i in pile if t < 0 or C_TYPE[i] == t})

    def _op__take(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if len(self.hands[c]) >= HAND_CAP or (self.solo and c == 1):
            return
        opts = self._take_options(op[1], op[2])
        if not opts:
            return
        if len(opts) == 1 and op[1] == "discard":  # the discard pile is public; the deck is not
            self._do_take(c, op[1], opts[0])
        else:
            self.dec = ("take", c, op[1], op[2])

    def _do_take(self, c: int, where: str, d: int) -> None:
        pile = self.deck if where == "deck" else self.discard
        for k, inst in enumerate(pile):
            if C_DEF[inst] == d:
                del pile[k]
                self._gain(c, inst)
                self._reveal(c, inst, (1 << self.np) - 1)
                self._e("take", seat=c, source=where, card=DEF_ID[d])  # shown to everyone (R24.7)
                return

    def _op__shuffle_deck(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self.rng.shuffle(self.deck)

    def _op_open_cargo(self, op: tuple[Any, ...], c: int, src: int) -> None:
        for _ in range(op[1]):
            self.stack.append((("_pick", "open", op[2]), c, src))

    def _op_peek_cargo(self, op: tuple[Any, ...], c: int, src: int) -> None:
        for _ in range(op[1]):
            self.stack.append((("_pick", "peek", op[2]), c, src))

    def _op__pick(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self._pick(c, op[1], op[2], op[3] if len(op) > 3 else None)

    def _op_repack(self, op: tuple[Any, ...], c: int, src: int) -> None:
        hold = self.holds[c]
        allmask = ((1 << self.np) - 1) << 8
        for i, v in enumerate(hold):
            if v & OPEN:
                hold[i] = (v & 127) | allmask
        self._e("repack", seat=c)

    def _op_shuffle_cargo(self, op: tuple[Any, ...], c: int, src: int) -> None:
        hold = self.holds[c]
        self.rng.shuffle(hold)
        for i, v in enumerate(hold):
            if not v & OPEN:
                hold[i] = v & 127  # others no longer know which packed card is where
        self._e("shuffle_cargo", seat=c)

    def _op_steal_cargo(self, op: tuple[Any, ...], c: int, src: int) -> None:
        state, in_range = op[1], op[3]
        t = self._resolve_opp(op, 2, c, src, lambda o: (not in_range or self._in_range(c, o))
                              and bool(self._hold_targets(c, "steal", o, state)))
        if t < 0 or (in_range and not self._in_range(c, t)):
            return
        self._pick(c, "steal", t, state)

    def _op_discard_cargo(self, op: tuple[Any, ...], c: int, src: int) -> None:
        t = self._resolve_opp(op, 2, c, src, lambda o: bool(self._hold_targets(c, "dcargo", o, op[1])))
        if t < 0:
            return
        self._pick(c, "dcargo", t, op[1])

    def _op_discard_self(self, op: tuple[Any, ...], c: int, src: int) -> None:
        for ch in self.chains:
            if src in ch:
                ch.remove(src)
                self._discard_inst(src)
                self._e("discard_passenger", seat=c, card=DEF_ID[C_DEF[src]])

    def _op_move_to_first(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self._reorder(c, src, op[1], "first")

    def _op_move_to_last(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self._reorder(c, src, op[1], "last")

    def _reorder(self, c: int, src: int, target: str, where: str) -> None:
        ch = self.chains[c] if not (self.solo and c == 1) else []
        if target == "self":
            if src in ch:
                self._move_passenger(c, ch.index(src), where)
        elif len(ch) >= 2:
            self.dec = ("chain", c, where, c, 0)

    def _move_passenger(self, c: int, i: int, where: str) -> None:
        ch = self.chains[c]
        p = ch.pop(i)
        if where == "first":
            ch.insert(0, p)
        else:
            ch.append(p)
        self._e("move_passenger", seat=c, card=DEF_ID[C_DEF[p]], to=where)

    def _op_discard_passenger(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if op[1] == "each_opponent":
            targets: tuple[int, ...] = self._opponents(c)
        else:
            t = self._resolve_opp(op, 1, c, src, lambda o: bool(self.chains[o]))
            if t < 0:
                return
            targets = (t,)
        for t in targets:
            ch = self.chains[t]
            if not ch:
                continue
            if op[2] == "last" or len(ch) == 1:
                p = ch.pop()
                self._discard_inst(p)
                self._e("discard_passenger", seat=t, card=DEF_ID[C_DEF[p]])
            else:
                self.stack.append((("_chainpick", "dpass", t, 0), c, src))

    def _op__chainpick(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self.dec = ("chain", c, op[1], op[2], op[3])

    def _op_steal_passenger(self, op: tuple[Any, ...], c: int, src: int) -> None:
        kw = op[3]

        def ok(o: int) -> bool:
            return any(not kw or C_KW[p] & kw for p in self.chains[o])
        t = self._resolve_opp(op, 1, c, src, ok)
        if t < 0 or not ok(t):
            return
        cands = [i for i, p in enumerate(self.chains[t]) if not kw or C_KW[p] & kw]
        if op[2] == "last" or len(cands) == 1:
            self._steal_passenger(c, t, cands[-1])
        else:
            self.dec = ("chain", c, "spass", t, kw)

    def _steal_passenger(self, c: int, t: int, i: int) -> None:
        p = self.chains[t].pop(i)
        self._e("steal_passenger", seat=c, side=t, card=DEF_ID[C_DEF[p]])
        self._add_passenger(c, p)

    def _op_modify_stat(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self.mods[3 * c + op[1]] += op[2]

    def _op_modify_maneuver(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if self.df is not None and self.df[A] == c:
            self.df[MOD1] += op[1]

    def _op_auto_block(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if self.df is not None and self.df[D] == c and self.df[PH] == F_DEFX:
            self.df[RES] = 1

    def _op_maneuver_from_deck(self, op: tuple[Any, ...], c: int, src: int) -> None:
        df = self.df
        if df is None or df[A] != c or df[PH] != F_ATTX:
            return
        inst = self._pop_deck()
        if inst < 0:
            return
        self.df_att.append(inst)
        df[CUR] = _clamp(C_VAL[inst] + op[1])
        df[RES] = 1
        self._e("maneuver", seat=c, card=DEF_ID[C_DEF[inst]], value=df[CUR], source="deck")

    def _op_cancel_dogfight(self, op: tuple[Any, ...], c: int, src: int) -> None:
        df = self.df
        if df is not None and df[PH] < F_V:
            df[PH] = F_E
            df[IDX] = 0
            df[WIN] = 3
            self._e("dogfight_cancelled", seat=c)

    def _op_dogfight_rule(self, op: tuple[Any, ...], c: int, src: int) -> None:
        df = self.df
        if df is None:
            return
        rule = op[1]
        if rule == "defender_cannot_decline":
            df[NODEC] = 1
        elif rule == "ties_favour_attacker":
            df[TIES] = 1
        else:
            who = c if op[2] == "self" else (df[D] if c == df[A] else df[A])
            df[PDA if who == df[A] else PDD] += op[3]

    def _op_adjust_damage(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if self.df is not None:
            self.df[ADJ] += op[1]

    def _op_gain_bounty(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if self.df is None:
            return
        for _ in range(op[1]):
            self.stack.append((("_bounty", 0), c, src))

    def _table(self) -> list[int]:
        df = self.df
        t = [df[PILOT_I]] if df is not None and df[PILOT_I] >= 0 else []
        return t + self.df_att + self.df_def

    def _op__bounty(self, op: tuple[Any, ...], c: int, src: int) -> None:
        if self.df is None or not self._table() or len(self.hands[c]) >= HAND_CAP:
            return
        self.dec = ("bounty", c, op[1])

    def _op_if(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self._push(op[2] if self._cond(op[1], c) else op[3], c, src)

    def _op__to_discard(self, op: tuple[Any, ...], c: int, src: int) -> None:
        self.limbo.remove(op[1])
        self._discard_inst(op[1])

    def _op__chain(self, op: tuple[Any, ...], c: int, src: int) -> None:
        """R9.3: the first not-yet-resolved Passenger (of those present at the roll) in current order."""
        r, todo = op[1], op[2]
        for p in self.chains[c]:
            if p in todo:
                self.stack.append((("_chain", r, tuple(x for x in todo if x != p)), c, -1))
                self._push(T.D_DIE[C_DEF[p]][r], c, p)
                return

    def _op__khan_cargo(self, op: tuple[Any, ...], c: int, src: int) -> None:
        inst = self._pop_deck()
        if inst >= 0:
            self.holds[1].append(inst)
            self._e("khan_cargo", n=len(self.holds[1]))

    # ------------------------------------------------------------------ dogfights (R13, R14, R20.5)
    def _start_dogfight(self, a: int, d: int, pilot: int) -> None:
        self.df_used = True
        if pilot >= 0:
            pd = C_DEF[pilot]
            v, dm, dr = T.D_VAL[pd], T.D_DMG[pd], T.D_DRW[pd]
        else:
            v, dm, dr = T.PL_MANEUVER[self.chars[a]]
        df = [0] * 24
        df[A], df[D], df[A1V], df[A1DMG], df[A1DRW], df[PILOT_I] = a, d, v, dm, dr, pilot
        df[RND] = 1
        df[PH] = F_DRAW if self.solo else F_W1
        df[ACC] = 1 if self.solo else 0
        self.df = df
        self.df_att = []
        self.df_def = []
        self._e("dogfight", seat=a, target=d, pilot=DEF_ID[C_DEF[pilot]] if pilot >= 0 else None)
        if pilot >= 0:
            self._push(T.D_MODS[C_DEF[pilot]], a, pilot)

    def _df_seats(self, who: str) -> tuple[int, ...]:
        df = self.df
        assert df is not None
        if who == "A":
            return (df[A],)
        if who == "D":
            return (df[D],) if not self.solo else ()
        if who == "AD":
            return (df[A], df[D]) if not self.solo else (df[A],)
        return self._prio()

    def _df_advance(self) -> None:  # noqa: C901
        df = self.df
        assert df is not None
        ph = df[PH]
        if ph in WINDOWS:
            timing, who = WINDOWS[ph]
            seats = self._df_seats(who)
            while df[IDX] < len(seats):
                if self._offer_window(seats[df[IDX]], timing):
                    return
                df[IDX] += 1
            df[PH] = WINDOW_NEXT[ph]
            df[IDX] = 0
            if ph == F_W4:
                df[CUR] = _clamp(df[A1V] + df[MOD1])
                self._e("maneuver", seat=df[A], value=df[CUR], source="first")
        elif ph == F_ACC:
            if df[NODEC]:
                df[ACC] = 1
                df[PH] = F_W3
                self._e("accept", seat=df[D], forced=True)
            else:
                self.dec = ("accept", df[D])
        elif ph == F_DRAW:
            pa = T.D_PIL[C_DEF[df[PILOT_I]]] if df[PILOT_I] >= 0 else self.stat(df[A], 2)
            self._draw(df[A], max(0, pa + df[PDA]))
            if self.solo:
                df[PH] = F_SMAN
                return
            self._draw(df[D], max(0, self.stat(df[D], 2) + df[PDD]))
            df[PH] = F_W4
        elif ph == F_DEF:
            self.dec = ("defend", df[D])
        elif ph == F_DEFX:
            if df[RES]:
                self._blocked()
            else:
                self._yield()
        elif ph == F_ATT:
            if not self.hands[df[A]]:
                df[PH] = F_D
            else:
                self.dec = ("attack", df[A])
        elif ph == F_ATTX:
            if df[RES]:
                df[RND] += 1
                df[PH] = F_DEF
            else:
                df[PH] = F_D
        elif ph == F_V:
            df[WIN] = 1
            df[DMG] = df[A1DMG] + sum(C_DMG[i] for i in self.df_att)
            df[DRW] = df[A1DRW] + sum(C_DRW[i] for i in self.df_att)
            self._e("dogfight_won", seat=df[A], role="attacker")
            df[PH] = F_V1
        elif ph == F_REW:
            df[PH] = F_DMG
            df[PTS] = max(0, df[DMG] + df[ADJ] + df[YB])  # R24.1: summed, then clamped once
            if df[PILOT_I] >= 0:
                self._push(T.D_REWARD[C_DEF[df[PILOT_I]]], df[A], df[PILOT_I])
        elif ph == F_DMG:
            if df[PTS] > 0 and self._damage_options(df[A], df[D]):
                self.dec = ("damage", df[A])
            else:
                df[PTS] = 0
                df[PH] = F_DRWI
        elif ph == F_DRWI:
            self._draw(df[A], df[DRW])
            df[PH] = F_E if not self.solo else F_X
        elif ph == F_D:
            df[WIN] = 2
            self._e("dogfight_won", seat=df[D], role="defender")
            df[PH] = F_D1
        elif ph == F_BOUNTY:
            df[PH] = F_E
            if self._table() and len(self.hands[df[D]]) < HAND_CAP:
                self.dec = ("bounty", df[D], 1)
        elif ph == F_X:
            for inst in self._table():
                self._discard_inst(inst)
            self.df = None
            self.df_att = []
            self.df_def = []
            self._e("dogfight_over")
        elif ph == F_SMAN:
            if len(self.df_att) < 2 and self.hands[0]:
                self.dec = ("smaneuver", 0)
            else:
                df[PH] = F_SREV
        elif ph == F_SREV:
            self._khan_reveal()

    def _khan_reveal(self) -> None:
        """R20.5: Khan's three maneuvers from the deck; he wins on a Lucky Shot or any value >= H."""
        df = self.df
        assert df is not None
        for _ in range(3):
            inst = self._pop_deck()
            if inst < 0:
                return
            self.df_def.append(inst)
        h = max([df[A1V]] + [C_VAL[i] for i in self.df_att])
        kv = [C_VAL[i] for i in self.df_def]
        self._e("khan_maneuvers", cards=[DEF_ID[C_DEF[i]] for i in self.df_def], high=h)
        if 1 in kv or max(kv) >= h:
            df[WIN] = 2
            self._e("dogfight_won", seat=-1, role="khan")
            df[PH] = F_X
            if 1 in kv:
                self._draw(0, 1)
        else:
            df[WIN] = 1
            self.won_khan = True
            df[DMG] = df[A1DMG] + sum(C_DMG[i] for i in self.df_att)
            df[DRW] = df[A1DRW] + sum(C_DRW[i] for i in self.df_att)
            self._e("dogfight_won", seat=0, role="attacker")
            df[PH] = F_REW

    def _blocked(self) -> None:
        df = self.df
        assert df is not None
        df[BLK] = 1
        df[PH] = F_D if df[RND] >= 3 else F_ATT

    def _yield(self) -> None:
        df = self.df
        assert df is not None
        if df[ACC] and not df[BLK]:
            df[YB] = 1  # R13.8 / R24.4
        self._e("yield", seat=df[D])
        df[PH] = F_V

    def _damage_options(self, a: int, d: int) -> list[str]:
        out = []
        for i, v in enumerate(self.holds[d]):
            out.append(DAMAGE_DISCARD[i] if v & OPEN else DAMAGE_OPEN[i])
        if self.solo:
            if self.covered:
                out.append(DAMAGE_UNCOVER)
        elif self.hands[d]:
            out.append(DAMAGE_HAND)
        return out

    def _blocks(self, d: int) -> list[int]:
        df = self.df
        assert df is not None
        cur, ties = df[CUR], df[TIES]
        return [x for x in self._hand_defs(d)
                if T.D_VAL[x] == 1 or T.D_VAL[x] > cur or (T.D_VAL[x] == cur and not ties)]

    # ------------------------------------------------------------------ views and determinization
    def _card_view(self, s: int, v: int, seat: int | None) -> dict[str, Any]:
        known = v & OPEN or (seat is not None and (seat == s or v >> 8 >> seat & 1))
        return {"card": DEF_ID[C_DEF[v & 127]] if known else None, "open": bool(v & OPEN)}

    def _view(self, seat: int | None) -> dict[str, Any]:
        ids = DEF_ID
        players = []
        for s in range(self.players):
            players.append({
                "character": T.CHARACTERS[self.chars[s]],
                "position": self.pos[s],
                "stats": [self.stat(s, k) for k in range(3)],
                "chain": [ids[C_DEF[p]] for p in self.chains[s]],
                "hand_size": len(self.hands[s]),
                "hand": sorted(ids[C_DEF[i]] for i in self.hands[s]) if seat == s else None,
                "known_hand": self._known_hand(s, seat),
                "hold": [self._card_view(s, v, seat) for v in self.holds[s]],
                "tiki": [ids[d] for d in range(T.NDEFS) if self.tiki[s] >> d & 1] if self.tiki[s] else [],
            })
        df = self.df
        dfv = None
        if df is not None:
            dfv = {"attacker": df[A], "defender": df[D] if not self.solo else "khan", "phase": DF_PHASE_NAMES[df[PH]],
                   "pilot": ids[C_DEF[df[PILOT_I]]] if df[PILOT_I] >= 0 else None,
                   "first": [df[A1V], df[A1DMG], df[A1DRW]], "first_value": _clamp(df[A1V] + df[MOD1]),
                   "attack": [ids[C_DEF[i]] for i in self.df_att], "defence": [ids[C_DEF[i]] for i in self.df_def],
                   "current": df[CUR], "round": df[RND], "accepted": bool(df[ACC]), "blocked": bool(df[BLK]),
                   "cannot_decline": bool(df[NODEC]), "ties_favour_attacker": bool(df[TIES]),
                   "piloting_delta": [df[PDA], df[PDD]], "damage": df[DMG], "damage_adjust": df[ADJ] + df[YB],
                   "draw": df[DRW], "damage_left": df[PTS],
                   "winner": ("", "attacker", "defender", "cancelled")[df[WIN]]}
        view: dict[str, Any] = {
            "mode": "solitaire" if self.solo else "standard",
            "cargo_to_win": self.N,
            "order": list(self.order),
            "active": self.active,
            "turn": self.turn_no,
            "phase": PHASE_NAMES[self.phase],
            "die": self.last_roll,
            "deck": len(self.deck),
            "discard": [ids[C_DEF[i]] for i in self.discard],
            "resolving": [ids[C_DEF[i]] for i in self.limbo],
            "seats": players,
            "dogfight_used": self.df_used,
            "dogfight": dfv,
            "decision": self._decision_view(),
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }
        dec = self.dec
        if dec is not None and dec[0] == "take" and dec[2] == "deck" and seat == dec[1] and not self.over:
            # the searching seat is looking through the deck (R15.2): it sees which cards it may take
            view["decision"]["options"] = [ids[d] for d in self._take_options("deck", dec[3])]
        if self.solo:
            view["khan_hold"] = [self._card_view(1, v, seat) for v in self.holds[1]]
            view["covered"] = [ids[C_DEF[i]] for i in self.covered]
            view["won_khan"] = self.won_khan
        return view

    def _known_hand(self, s: int, seat: int | None) -> list[str]:
        """Cards of ``s``'s hand the viewer saw enter it (everyone saw a search, retrieval or bounty)."""
        if seat == s or not self.hknown[s]:
            return []
        full = (1 << self.np) - 1
        return sorted(DEF_ID[v & 255] for v in self.hknown[s]
                      if ((v >> 8 == full) if seat is None else (v >> 8 >> seat & 1)))

    def _decision_view(self) -> dict[str, Any] | None:
        """Who must decide and about what (public: the context never names a hidden card)."""
        dec = self.dec
        if dec is None or self.over:
            return None
        out: dict[str, Any] = {"kind": dec[0], "seat": dec[1]}
        if dec[0] in ("window", "discard"):
            out["context"] = dec[2]
        elif dec[0] == "move":
            out["context"] = dec[2]
        elif dec[0] in ("pick", "chain"):
            out["context"] = dec[2]
        elif dec[0] == "take":
            out["context"] = dec[2]
        return out

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample the deck, other hands and the packed cargo ``seat`` has not seen (R5.3).

        While ``seat`` is searching the deck it has seen every card of the searched type in it: those stay in
        the deck, and no other card of that type may be sampled into it.
        """
        dec = self.dec
        t = dec[3] if dec is not None and dec[0] == "take" and dec[2] == "deck" and dec[1] == seat else None
        if t is not None:
            kept = [i for i in self.deck if t < 0 or C_TYPE[i] == t]
            pool = [i for i in self.deck if not (t < 0 or C_TYPE[i] == t)]
        else:
            kept = []
            pool = self.deck[:]
        fixed: list[list[int]] = [[] for _ in range(self.np)]
        for s in range(self.np):
            if s != seat:
                hand = sorted(self.hands[s])
                for v in self.hknown[s]:  # cards the seat saw enter that hand stay there
                    if v >> 8 >> seat & 1:
                        inst = next(i for i in hand if C_DEF[i] == v & 255)
                        hand.remove(inst)
                        fixed[s].append(inst)
                # what only others saw is resampled too, so it is no longer "known" in this sample
                self.hknown[s] = [v for v in self.hknown[s] if v >> 8 >> seat & 1]
                pool += hand
                pool += [v & 127 for v in self.holds[s] if not v & OPEN and not v >> 8 >> seat & 1]
        # sorted first: the sample must depend only on what the seat knows, never on the true arrangement
        pool.sort()
        rng.shuffle(pool)
        if t is not None:  # cards of the searched type that were outside the deck fill hands and holds
            slots = sum(len(self.hands[s]) - len(fixed[s]) + sum(1 for v in self.holds[s]
                                                                if not v & OPEN and not v >> 8 >> seat & 1)
                        for s in range(self.np) if s != seat)
            typed = [i for i in pool if t < 0 or C_TYPE[i] == t]
            rest = [i for i in pool if not (t < 0 or C_TYPE[i] == t)]
            fill = typed + rest[:slots - len(typed)]
            rng.shuffle(fill)
            pool = fill + rest[slots - len(typed):]
        k = 0
        for s in range(self.np):
            if s == seat:
                continue
            n = len(self.hands[s]) - len(fixed[s])
            self.hands[s] = fixed[s] + pool[k:k + n]
            k += n
            hold = self.holds[s]
            for i, v in enumerate(hold):
                if not v & OPEN and not v >> 8 >> seat & 1:
                    hold[i] = pool[k]  # packed, and no longer known to anybody but its owner
                    k += 1
        self.deck = pool[k:]
        if kept:
            self.deck += sorted(kept)
            rng.shuffle(self.deck)
        self.dice = []

    # ------------------------------------------------------------------ text (delegated)


# ====================================================================== decisions: legal ids and answers
def _l_main(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    a = dec[1]
    ids = []
    opps = s._opponents(a)
    solo = s.solo
    used = s.df_used
    sides = (a,) if solo else tuple(x for x in range(s.players) if len(s.holds[x]) < s.N - 1)
    for d in s._hand_defs(a):
        t = T.D_TYPE[d]
        name = DEF_ID[d]
        if t == PASSENGER:
            if not solo or T.D_COLOUR[d] == BLUE:
                ids.append("passenger:card=" + name)
        elif t == ARTIFACT:
            for side in sides:
                if not solo or not s._locked(side):
                    ids.append(f"artifact:card={name},seat={side}")
        elif t == ACTION:
            if not solo and T.D_TIMING[d] in ("own_step2", "any_turn") and s._can_play(a, d):
                ids.append("action:card=" + name)
        elif t == PILOT and not used and (not solo or T.D_COLOUR[d] == BLUE):
            ids.extend(f"pilot:card={name},target={o}" for o in opps)
    if not used:
        if solo:
            ids.append("dogfight:target=1")
        else:
            rng_a = s.stat(a, 1)
            pa = s.pos[a]
            ids.extend(f"dogfight:target={o}" for o in opps if _dist(pa, s.pos[o]) <= rng_a)
    ids.append("end")
    return ids


def _a_main(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    a = dec[1]
    if verb == "end":
        s._e("end_step2", seat=a)
        s.phase = PH_REACT
        s.pidx = 0
        return
    if verb == "dogfight":
        s._start_dogfight(a, int(p["target"]), -1)
        return
    d = T.DEF_INDEX[p["card"]]
    if verb == "passenger":
        inst = s._take_def(a, d)
        s._e("passenger", seat=a, card=p["card"])
        s._add_passenger(a, inst)
    elif verb == "artifact":
        inst = s._take_def(a, d)
        side = int(p["seat"])
        s.holds[side].append(inst | OPEN | (((1 << s.np) - 1) << 8))
        s._e("artifact", seat=a, card=p["card"], target=side)
    elif verb == "action":
        s._play_action(a, d)
    else:  # pilot
        inst = s._take_def(a, d)
        s._start_dogfight(a, int(p["target"]), inst)


def _l_window(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"action:card={DEF_ID[d]}" for d in s._eligible(dec[1], dec[2])] + ["pass"]


def _a_window(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    if verb == "pass":
        if s.df is not None and s.phase == PH_MAIN:
            s.df[IDX] += 1
        else:
            s.pidx += 1
        return
    s._play_action(dec[1], T.DEF_INDEX[p["card"]])


def _l_accept(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return ["accept", "decline"]


def _a_accept(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    df = s.df
    assert df is not None
    s._e(verb, seat=dec[1])
    if verb == "accept":
        df[ACC] = 1
        df[PH] = F_W3
    else:
        df[PH] = F_V  # R13.4: the first maneuver counts as played


def _l_defend(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    d = dec[1]
    ids = [f"block:card={DEF_ID[x]}" for x in s._blocks(d)]
    ids += [f"action:card={DEF_ID[x]}" for x in s._hand_defs(d)
            if T.D_TIMING[x] == "instead_of_maneuver" and T.D_ROLE[x] in ("defender", "either") and s._can_play(d, x)]
    ids.append("yield")
    return ids


def _a_defend(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    df = s.df
    assert df is not None
    d = dec[1]
    if verb == "yield":
        s._yield()
        return
    x = T.DEF_INDEX[p["card"]]
    if verb == "block":
        inst = s._take_def(d, x)
        s.df_def.append(inst)
        s._e("block", seat=d, card=DEF_ID[x], value=T.D_VAL[x])
        s._blocked()
    else:
        df[RES] = 0
        df[PH] = F_DEFX
        s._play_action(d, x)


def _l_attack(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    a = dec[1]
    defs = s._hand_defs(a)
    ids = [f"maneuver:card={DEF_ID[x]}" for x in defs]
    ids += [f"action:card={DEF_ID[x]}" for x in defs
            if T.D_TIMING[x] == "instead_of_maneuver" and T.D_ROLE[x] in ("attacker", "either") and s._can_play(a, x)]
    return ids


def _a_attack(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    df = s.df
    assert df is not None
    a = dec[1]
    x = T.DEF_INDEX[p["card"]]
    if verb == "maneuver":
        inst = s._take_def(a, x)
        s.df_att.append(inst)
        df[RND] += 1
        df[CUR] = C_VAL[inst]
        df[PH] = F_DEF
        s._e("maneuver", seat=a, card=DEF_ID[x], value=df[CUR], source="hand")
    else:
        df[RES] = 0
        df[PH] = F_ATTX
        s._play_action(a, x)


def _l_damage(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    df = s.df
    assert df is not None
    return s._damage_options(df[A], df[D])


def _a_damage(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    df = s.df
    assert df is not None
    a, d = df[A], df[D]
    df[PTS] -= 1
    kind = p["do"]
    if kind == "hand":
        s.stack.append((("_discard1", d, False), a, -1))
    elif kind == "uncover":
        inst = s.covered.pop()
        s._discard_inst(inst)
        s._e("uncover", card=DEF_ID[C_DEF[inst]])
    else:
        pos = int(p["pos"])
        s._do_pick(a, "open" if kind == "open" else "dcargo", d, pos)


def _l_bounty(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    ids = [f"bounty:card={DEF_ID[d]}" for d in sorted({C_DEF[i] for i in s._table()})]
    if dec[2]:
        ids.append(BOUNTY_NONE)
    return ids


def _a_bounty(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    if p["card"] == NONE:
        return
    d = T.DEF_INDEX[p["card"]]
    df = s.df
    assert df is not None
    if df[PILOT_I] >= 0 and C_DEF[df[PILOT_I]] == d:
        inst = df[PILOT_I]
        df[PILOT_I] = -1
    else:
        lst = next(lst for lst in (s.df_att, s.df_def) if any(C_DEF[i] == d for i in lst))
        inst = next(i for i in lst if C_DEF[i] == d)
        lst.remove(inst)
    s._gain(dec[1], inst)
    s._reveal(dec[1], inst, (1 << s.np) - 1)
    s._e("bounty", seat=dec[1], card=p["card"])


def _l_move(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"move:dir={dr},n={n}" for n in range(1, dec[2] + 1) for dr in ("cw", "ccw")]


def _a_move(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    c = dec[1]
    n = int(p["n"])
    s.pos[c] = (s.pos[c] - 1 + (n if p["dir"] == "cw" else -n)) % 12 + 1
    s._e("move", seat=c, to=s.pos[c])


def _l_cargo(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    c = dec[1]
    locked = s._locked(c)
    return [f"cargo:card={DEF_ID[d]}" for d in s._hand_defs(c) if not locked or T.D_TYPE[d] == CARGO] + [CARGO_NONE]


def _a_cargo(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    c = dec[1]
    if p["card"] == NONE:
        return
    d = T.DEF_INDEX[p["card"]]
    inst = s._take_def(c, d)
    if s._locked(c):  # R10.5: the final cargo is genuine and face up
        s.holds[c].append(inst | OPEN | (((1 << s.np) - 1) << 8))
        s._e("cargo", seat=c, card=p["card"], open=True, location=s.pos[c])
    else:
        s.holds[c].append(inst)
        s._e("cargo", seat=c, card=None, open=False, location=s.pos[c])
        s._e("packed_card", (c,), seat=c, card=p["card"])
    s._push(T.LOC_BONUS[s.pos[c]], c)  # R10.3


def _l_discard(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"discard:card={DEF_ID[d]}" for d in s._hand_defs(dec[1])]


def _a_discard(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    name = p["card"]
    inst = s._take_def(dec[1], T.DEF_INDEX[name])
    s._discard_inst(inst)
    s._e("discard", seat=dec[1], card=name)


def _l_drop(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"drop:pos={i}" for i in range(len(s.chains[dec[1]]) - 1)]


def _a_drop(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    inst = s.chains[dec[1]].pop(int(p["pos"]))
    s._discard_inst(inst)
    s._e("discard_passenger", seat=dec[1], card=DEF_ID[C_DEF[inst]])


def _l_pick(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"cargo:seat={side},pos={i}" for side, i in s._hold_targets(dec[1], dec[2], dec[3], dec[4])]


def _a_pick(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    s._do_pick(dec[1], dec[2], int(p["seat"]), int(p["pos"]))


def _l_opp(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"opponent:seat={o}" for o in dec[5]]


def _a_opp(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    op, idx, src = dec[2], dec[3], dec[4]
    t = int(p["seat"])
    s.stack.append((op[:idx] + (t,) + op[idx + 1:], dec[1], src))


def _chain_targets(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    kind, side, kw = dec[2], dec[3], dec[4]
    ch = s.chains[side]
    return [i for i, p in enumerate(ch) if kind != "spass" or not kw or C_KW[p] & kw]


def _l_chain(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"chain:seat={dec[3]},pos={i}" for i in _chain_targets(s, dec)]


def _a_chain(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    kind, c = dec[2], dec[1]
    side, i = int(p["seat"]), int(p["pos"])
    if kind in ("first", "last"):
        s._move_passenger(c, i, kind)
    elif kind == "dpass":
        x = s.chains[side].pop(i)
        s._discard_inst(x)
        s._e("discard_passenger", seat=side, card=DEF_ID[C_DEF[x]])
    else:
        s._steal_passenger(c, side, i)


def _l_take(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    # "take:none" only appears in a determinized state whose resampled pile lost every match
    return [f"take:card={DEF_ID[d]}" for d in s._take_options(dec[2], dec[3])] or ["take:none"]


def _a_take(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    if "card" in p:
        s._do_take(dec[1], dec[2], T.DEF_INDEX[p["card"]])


def _l_smaneuver(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    return [f"maneuver:card={DEF_ID[d]}" for d in s._hand_defs(0)]


def _a_smaneuver(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    name = p["card"]
    s.df_att.append(s._take_def(0, T.DEF_INDEX[name]))
    s._e("maneuver", seat=0, card=name, value=T.D_VAL[T.DEF_INDEX[name]], source="hand")


_LEGAL = {"main": _l_main, "window": _l_window, "accept": _l_accept, "defend": _l_defend, "attack": _l_attack,
          "damage": _l_damage, "bounty": _l_bounty, "move": _l_move, "cargo": _l_cargo, "discard": _l_discard,
          "drop": _l_drop, "pick": _l_pick, "opp": _l_opp, "chain": _l_chain, "take": _l_take,
          "smaneuver": _l_smaneuver}
_APPLY = {"main": _a_main, "window": _a_window, "accept": _a_accept, "defend": _a_defend, "attack": _a_attack,
          "damage": _a_damage, "bounty": _a_bounty, "move": _a_move, "cargo": _a_cargo, "discard": _a_discard,
          "drop": _a_drop, "pick": _a_pick, "opp": _a_opp, "chain": _a_chain, "take": _a_take,
          "smaneuver": _a_smaneuver}
_OPS = {name[4:]: fn for name, fn in vars(TaleSpinState).items() if name.startswith("_op_")}
