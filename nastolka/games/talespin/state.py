"""TaleSpin rules as a decision state machine (spec: docs/rules/talespin.md, rule ids R0..R24).

How it runs.  Work waiting to be done is a LIFO ``stack`` of frames ``(op, controller, source card)``;
``op`` is an effect primitive compiled from ``cards.toml`` (``data._compile``) or an internal step whose
name starts with ``_``, resolved by ``effects.OPS``.  ``_run`` pops and executes frames until one needs a
choice: it then stores the decision in ``decision`` (kind, seat, context…) and stops.  ``_do`` answers
the decision (``decisions.APPLY``, given one of the integer codes ``decisions.LEGAL`` listed: ``codes.py``)
and runs again.  When the stack is empty ``_advance`` moves the turn on
through the turn steps (``_advance``: Step 1 → Step 2 → Reaction window → Roll → Discard → end of turn) or, during a
dogfight, through the R14 timing table (``dogfight.STEPS``).
Who must decide is public (``to_act``), so a decision is skipped (resolved by itself) only when public
facts show it has a single option: every window is offered to every seat its timing names that holds a
card, with ``pass``; playing cargo is asked whenever the hand is not empty; a choice among hand cards is
asked unless the hand holds one card.  Otherwise being asked, or not, would tell the table what a hand holds.

Why one stack instead of nested callbacks: it makes every state a plain value (ints, lists, tuples and
the small ``Dogfight``), so ``clone`` is a handful of list copies and any decision can be recorded,
replayed and determinized.

Sides.  Seats 0..players-1 are people.  In solitaire (players = 1) side 1 is Shere Khan: he has a hold
but no hand, chain, token or seat; every "opponent" is side 1 (R20.2).

The game's modules, one job each: ``setup.py`` (R3 and the ``setup`` block), ``state.py`` (this: fields,
engine hooks, turn flow, card movement), ``effects.py`` (one function per primitive, R16), ``targets.py``
(targets and playability), ``dogfight.py`` (R13/R14), ``decisions.py`` (legal options and answers per
decision kind), ``codes.py`` (options as integer codes, and their ids), ``actions.py`` (fixed ids),
``views.py`` (views and determinization), ``text.py``/``words.toml`` (presentation), ``heuristic.py`` (the bot).

Why this module is over 400 lines: a third of it is the field declarations (each commented) and the
field-by-field ``_copy_into`` that keeps ``clone`` cheap; the rest is the engine hooks, the turn flow and
the card-movement helpers (draw, gain, discard) that every other rules module calls on the state.
"""

from __future__ import annotations

from typing import Any, Final

from nastolka.engine import Event, GameState, OptionError, Result, Rng

from . import data as T
from . import dogfight, views
from . import setup as _setup
from .codes import A_SHIFT, ARG_MASK, B_SHIFT, VERB_MASK, code_id, id_code
from .data import (
    C_DEF,
    C_KW,
    C_STAT,
    C_TYPE,
    CARD_MASK,
    CARGO,
    DEF_ID,
    FILL,
    HAND_CAP,
    KEEP,
    MAX_PASS,
    OPEN,
    PH_DISCARD,
    PH_END,
    PH_MAIN,
    PH_REACT,
    PH_ROLL,
    PH_ROLL_RES,
    PH_STEP1,
    PH_STEP1_RES,
    PHASE_NAMES,
    ROUND_CAP,
    WIN_CAP,
    WIN_CARGO,
    WIN_KHAN,
    distance,
)
from .decisions import APPLY, LEGAL
from .dogfight import DF_PHASE_NAMES, Dogfight
from .effects import OPS

__all__ = ["DF_PHASE_NAMES", "LEGAL", "PHASE_NAMES", "ROUND_CAP", "TaleSpinState"]

#: ``to_act`` by the seat that decides (prebuilt: asked before every move of a playout)
ONE_SEAT: Final = tuple((s,) for s in range(8))


class TaleSpinState(GameState):
    """The whole game state: ints, lists of ints, immutable tuples and the small ``Dogfight`` (cheap
    ``clone``). A *side* is a seat, or Shere Khan (side 1) in solitaire; a *card* is an instance 0..109
    (``data.py``); a hold entry is ``card | OPEN | knowledge mask << 8``."""

    text_module = "nastolka.games.talespin.text"  # labels, event words, terminal rendering
    indexed = True   # decisions are integer codes (codes.py): legal_count and play_index build no ids

    # --- the table (set up once, R3)
    solo: bool                    # solitaire: side 1 is Shere Khan (R20)
    sides: int                    # sides with a hold (players, or 2 in solitaire)
    cargo_goal: int               # cargo to win: 5, or 7 in the long game (R17.1)
    characters: tuple[int, ...]   # character index per seat (data.CHARACTERS)
    order: tuple[int, ...]        # turn order, first player first (R3.6)
    rotations: tuple[tuple[int, ...], ...]  # turn order starting from each seat
    removed: tuple[int, ...]      # cards set aside by the mode (R3.3)
    # --- the cards
    pos: list[int]                # clock position 1..12 per side (Khan: -1)
    hands: list[list[int]]        # hand cards per side (Khan: none)
    hand_seen: list[list[int]]    # per side: definition | mask << 8 of hand cards others saw enter it (R24.7)
    chains: list[list[int]]       # Passengers per side, position 1 first (R8)
    holds: list[list[int]]        # cargo per side: card | OPEN | mask << 8 of non-owners that know it
    deck: list[int]               # draw deck, top = end of the list
    discard: list[int]            # discard pile (public, R15.1)
    covered: list[int]            # solitaire: red characters covering Locations from Khan Industries (R20.4)
    dice: list[int]               # forced die results still to come (setup), then the RNG
    # --- this turn
    turn: int                     # index of the active player in ``order``
    turn_no: int                  # turns played, from 1
    phase: int                    # turn step (data.PH_*): which step ``_advance`` runs
    asked: int                    # seats of the reaction window / the discard to 7 already asked
    last_roll: int                # the die of this turn's Step 3 (0 before)
    stat_mods: list[int]          # ``modify_stat`` until the end of the turn, 3 per side (R6.1)
    tiki_played: list[int]        # bitmask of tiki definitions played this turn, per side (R12.5)
    dogfight_used: bool           # the active player started a dogfight this turn (R13.1)
    won_khan: bool                # solitaire: the player beat Khan this turn (R20.3: may play cargo)
    dogfight: Dogfight | None     # the dogfight in progress (R13, R14)
    attack_cards: list[int]       # attacking maneuver cards on the table
    defence_cards: list[int]      # defending maneuver cards on the table (solitaire: Khan's)
    # --- resolution
    resolving: list[int]          # Actions played and not yet resolved (R12.6)
    stack: list[tuple[Any, ...]]  # pending frames (op, controller, source card)
    decision: tuple[Any, ...] | None  # the pending decision (kind, seat, context...): see decisions.py
    over: bool
    winners: tuple[int, ...]
    end_reason: str               # data.WIN_* (with a suffix for how Khan won)
    _ev: list[Event] | None       # events of the action being applied (None: nobody reads them, build none)
    _codes: list[int] | None      # the legal codes of ``_codes_dec`` (legal_count, legal_keys), for apply_index
    _codes_dec: tuple[Any, ...] | None  # the decision ``_codes`` belong to (by identity)

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
    def _create(cls, players: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any] | None) -> TaleSpinState:
        return _setup.create(cls, players, options, rng, setup)

    # ------------------------------------------------------------------ engine hooks
    @property
    def active(self) -> int:
        return self.order[self.turn]

    @property
    def to_act(self) -> tuple[int, ...]:
        dec = self.decision
        if self.over or dec is None:
            return ()
        who: int = dec[1]
        return ONE_SEAT[who]

    @property
    def is_over(self) -> bool:
        return self.over

    def _copy_into(self, new: Any) -> None:
        new.solo = self.solo
        new.sides = self.sides
        new.cargo_goal = self.cargo_goal
        new.characters = self.characters
        new.order = self.order
        new.rotations = self.rotations
        new.turn = self.turn
        new.turn_no = self.turn_no
        new.removed = self.removed
        new.pos = self.pos[:]
        new.hands = [h[:] for h in self.hands]
        new.hand_seen = [h[:] for h in self.hand_seen]
        new.chains = [c[:] for c in self.chains]
        new.holds = [h[:] for h in self.holds]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.covered = self.covered[:]
        new.dice = self.dice[:]
        new.stat_mods = self.stat_mods[:]
        new.tiki_played = self.tiki_played[:]
        new.dogfight_used = self.dogfight_used
        new.won_khan = self.won_khan
        new.dogfight = self.dogfight.copy() if self.dogfight is not None else None
        new.attack_cards = self.attack_cards[:]
        new.defence_cards = self.defence_cards[:]
        new.resolving = self.resolving[:]
        new.stack = self.stack[:]
        new.decision = self.decision
        new.over = self.over
        new.winners = self.winners
        new.end_reason = self.end_reason
        new.last_roll = self.last_roll
        new.phase = self.phase
        new.asked = self.asked
        new._ev = None
        new._codes = self._codes
        new._codes_dec = self._codes_dec

    def _legal_codes(self, seat: int) -> list[int]:
        """The legal codes of ``seat`` now (``decisions.LEGAL``), computed afresh."""
        dec = self.decision
        if self.over or dec is None:
            return []
        who: int = dec[1]
        if who != seat:
            return []
        return LEGAL[dec[0]](self, dec)

    def _cached_codes(self, seat: int) -> list[int]:
        """The legal codes of ``seat``, kept for the ``apply_index`` that follows ``legal_count`` or
        ``legal_keys`` (a playout or search step asks for the options, then takes one of them)."""
        dec = self.decision
        codes = self._codes
        if codes is not None and dec is not None and self._codes_dec is dec:   # kept for ``dec``'s seat only
            who: int = dec[1]
            if who == seat:
                return codes
        codes = self._legal_codes(seat)
        if codes:
            self._codes, self._codes_dec = codes, dec
        return codes

    def legal_ids(self, seat: int) -> list[str]:
        return [code_id(c) for c in self._legal_codes(seat)]

    def legal_count(self, seat: int) -> int:
        return len(self._cached_codes(seat))

    def legal_keys(self, seat: int) -> list[int]:
        return self._cached_codes(seat)

    def _code_id(self, code: int) -> str:
        return code_id(code)

    def _apply(self, seat: int, aid: str) -> list[Event]:
        ev: list[Event] = []
        self._do(self._code_of(seat, aid), ev)
        return ev

    def _apply_id(self, seat: int, aid: str, events: list[Event] | None) -> None:
        self._do(self._code_of(seat, aid), events)

    def _apply_index(self, seat: int, index: int, events: list[Event] | None) -> int:
        c = self._cached_codes(seat)[index]
        self._do(c, events)
        return c

    def _code_of(self, seat: int, aid: str) -> int:
        """The code of the legal id ``aid`` (already checked, or taken from ``legal_ids``)."""
        known = id_code(aid)
        if known is not None:
            return known
        for c in self._legal_codes(seat):
            if code_id(c) == aid:
                return c
        raise KeyError(aid)  # pragma: no cover - the engine checked the id

    def _do(self, c: int, ev: list[Event] | None) -> None:
        """Answer the pending decision with its legal code ``c``, then run on to the next decision;
        the events into ``ev`` (``None``: a playout, nobody reads them and none are built)."""
        self._ev = ev
        dec = self.decision
        assert dec is not None
        self.decision = None
        self._codes = None
        APPLY[dec[0]](self, dec, c & VERB_MASK, c >> A_SHIFT & ARG_MASK, c >> B_SHIFT & ARG_MASK)
        self._run()
        self._ev = None

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.build_view(self, seat)

    def _determinize(self, seat: int, rng: Rng) -> None:
        views.determinize(self, seat, rng)
        self._codes = None   # the hands changed under the same decision

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
        self._ev = None
        return ev

    def _e(self, kind: str, seats: tuple[int, ...] | None = None, **args: Any) -> None:
        """An event of the action being applied. The calls are guarded by ``if st._ev is not None``, so a
        playout (``_ev`` None) does not even build their arguments; checked here again all the same."""
        ev = self._ev
        if ev is not None:
            ev.append(Event(kind, args, seats))

    def _run(self) -> None:
        stack = self.stack
        while self.decision is None and not self.over:
            if stack:
                frame = stack.pop()
                OPS[frame[0][0]](self, frame[0], frame[1], frame[2])
            else:
                self._advance()

    def _push(self, ops: tuple[tuple[Any, ...], ...], c: int, src: int = -1) -> None:
        """Schedule an effect list so that its first primitive resolves first (R16.2)."""
        st = self.stack
        for i in range(len(ops) - 1, -1, -1):    # not reversed(ops): mypyc fails on it (internal error)
            st.append((ops[i], c, src))

    def _advance(self) -> None:
        """Nothing left on the stack: the turn step of ``phase`` runs (in Step 2, the dogfight's R14 row).
        Written out, not a table of functions: compiled, a direct call costs a fraction of one through a tuple."""
        ph = self.phase
        if ph == PH_MAIN:
            _step2(self)
        elif ph == PH_REACT:
            _reaction(self)
        elif ph == PH_STEP1:
            _step1(self)
        elif ph == PH_STEP1_RES:
            _step1_done(self)
        elif ph == PH_ROLL:
            _roll(self)
        elif ph == PH_ROLL_RES:
            _roll_done(self)
        elif ph == PH_DISCARD:
            _discard_to_keep(self)
        else:
            _end(self)

    def _end_turn(self) -> None:
        """End of the turn (R17, R20.7, R24.9): somebody won, or the next player's turn begins."""
        a = self.active
        if self.solo:  # R20.7: Khan's conditions first
            if len(self.holds[1]) >= 5 or len(self.covered) >= 12:
                self._finish((), WIN_KHAN + ("_cargo" if len(self.holds[1]) >= 5 else "_covered"))
                return
            if len(self.holds[0]) >= self.cargo_goal:
                self._finish((0,), WIN_CARGO)
                return
        elif len(self.holds[a]) >= self.cargo_goal:  # R17
            self._finish((a,), WIN_CARGO)
            return
        if not self.solo and self.turn_no >= ROUND_CAP * self.players:  # R24.9
            best = max((len(self.holds[s]), self._open_cargo_count(s)) for s in range(self.players))
            self._finish(tuple(s for s in range(self.players)
                               if (len(self.holds[s]), self._open_cargo_count(s)) == best), WIN_CAP)
            return
        self.turn = (self.turn + 1) % len(self.order)
        self.turn_no += 1
        self.stat_mods = [0] * (3 * self.sides)
        self.tiki_played = [0] * self.sides
        self.dogfight_used = False
        self.won_khan = False
        self.phase = PH_STEP1
        self.asked = 0

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.over = True
        self.winners = winners
        self.end_reason = reason
        self.decision = None
        if self._ev is not None:
            self._e("game_over", winners=list(winners), reason=reason)

    def _open_cargo_count(self, s: int) -> int:
        return sum(1 for v in self.holds[s] if v & OPEN and C_TYPE[v & CARD_MASK] == CARGO)

    # ------------------------------------------------------------------ helpers: order, stats, range
    def _rotation(self, s: int) -> tuple[int, ...]:
        o = self.order
        k = o.index(s)
        return o[k:] + o[:k]

    def _turn_order_from(self, s: int) -> tuple[int, ...]:
        return self.rotations[s]

    def _prio(self) -> tuple[int, ...]:
        """Priority order (R12.7): active first; during a dogfight attacker, defender, then the others."""
        if self.solo:
            return (0,)
        base = self._turn_order_from(self.active)
        df = self.dogfight
        if df is None:
            return base
        return (df.attacker, df.defender) + tuple(s for s in base if s != df.attacker and s != df.defender)

    def _opponents(self, c: int) -> tuple[int, ...]:
        if self.solo:
            return (1,) if c == 0 else ()
        return tuple(s for s in self._prio() if s != c)

    def stat(self, s: int, k: int) -> int:
        """Total SHIPPING (0) / RANGE (1) / PILOTING (2) of side ``s`` (R6.1), never below 0."""
        if self.solo and s == 1:
            return 0
        card_stat = C_STAT[k]
        v = T.PL_STAT[k][self.characters[s]] + self.stat_mods[3 * s + k]
        for p in self.chains[s]:
            v += card_stat[p]
        for h in self.holds[s]:
            if h & OPEN:
                v += card_stat[h & CARD_MASK]
        return v if v > 0 else 0

    def _in_range(self, a: int, b: int) -> bool:
        if self.solo:
            return True
        return distance(self.pos[a], self.pos[b]) <= self.stat(a, 1)

    def _locked(self, s: int) -> bool:
        """R10.5: a hold with N-1 or more cards accepts only a genuine Cargo entering face up."""
        return len(self.holds[s]) >= self.cargo_goal - 1

    def _covered(self, clock: int) -> bool:
        return (clock - T.COVER_START) % 12 < len(self.covered)

    def _chain_kw(self, c: int) -> int:
        if self.solo and c == 1:
            return 0
        kw = T.PL_KW[self.characters[c]]
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
            if self._ev is not None:
                self._e("reshuffle", size=len(self.deck))
        return self.deck.pop()

    def _gain(self, s: int, inst: int) -> None:
        """The one entrance to a hand (R24.8); the caller has checked the hand cap."""
        if self.solo and T.C_RED_CHAR[inst]:
            if len(self.covered) < 12:
                self.covered.append(inst)
                clock = (T.COVER_START - 1 + len(self.covered) - 1) % 12 + 1
                if self._ev is not None:
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
                if self._ev is not None:
                    self._e("drew_card", (s,), seat=s, card=DEF_ID[C_DEF[inst]])
        if got:
            if self._ev is not None:
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
                if self._ev is not None:
                    self._e("drew_card", (s,), seat=s, card=DEF_ID[C_DEF[inst]])

    def _take_def(self, s: int, d: int) -> int:
        hand = self.hands[s]
        for i, inst in enumerate(hand):
            if C_DEF[inst] == d:
                del hand[i]
                if self.hand_seen[s]:
                    self._forget(s, d)
                return inst
        raise KeyError(d)  # pragma: no cover - legality was checked

    def _reveal(self, s: int, inst: int, mask: int) -> None:
        """Others saw ``inst`` enter side ``s``'s hand (search, retrieve, bounty, taking from a hand)."""
        if self.hands[s] and self.hands[s][-1] == inst:
            self.hand_seen[s].append(C_DEF[inst] | mask << 8)

    def _forget(self, s: int, d: int) -> None:
        """A copy of ``d`` left the hand: watchers can no longer be sure of one copy they knew about."""
        known = self.hand_seen[s]
        for i in range(len(known) - 1, -1, -1):
            if known[i] & 255 == d:
                del known[i]
                return

    def _hand_defs(self, s: int) -> list[int]:
        """The card definitions in side ``s``'s hand, each once, in definition order (the options' order):
        the sorted instances, copies of one card side by side (``data.C_DEF`` never decreases)."""
        out: list[int] = []
        last = -1
        for i in sorted(self.hands[s]):
            d = C_DEF[i]
            if d != last:
                out.append(d)
                last = d
        return out

    def _add_passenger(self, s: int, inst: int) -> None:
        self.chains[s].append(inst)
        if len(self.chains[s]) > MAX_PASS:  # R8.3
            self.decision = ("drop", s)

    def _discard_inst(self, inst: int) -> None:
        self.discard.append(inst)

    def _offer_window(self, s: int, timing: str) -> bool:
        """Offer a response window to ``s`` (R12.2), whatever it holds: everybody sees who is asked, so asking
        only seats with an eligible card would tell the table what is in their hands.  Skipped only when
        that follows from public facts: solitaire (R20.3) or an empty hand (hand sizes are public)."""
        if self.solo or not self.hands[s]:
            return False
        self.decision = ("window", s, timing)
        return True


# ====================================================================== the turn (R4), one function per step
def _step1(st: TaleSpinState) -> None:
    """R4.1 Step 1: draw 1, then up to 5; Artifacts' ``after_draw_step`` triggers (R11.4); in solitaire
    Khan takes a cargo (R20.3)."""
    a = st.active
    if st._ev is not None:
        st._e("turn", seat=a, turn=st.turn_no)
    st._draw(a, 1)
    st._fill(a)
    st.phase = PH_STEP1_RES
    if st.solo:
        st.stack.append((("_khan_cargo",), a, -1))
    # each Artifact's effects are pushed with the Artifact as their source (the log names it as the cause
    # of what it does), the last first so that they resolve in the hold's order as before
    for v in reversed(st.holds[a]):
        if v & OPEN and T.D_TRIGGER[C_DEF[v & CARD_MASK]] == "after_draw_step":
            st._push(T.D_EFFECT[C_DEF[v & CARD_MASK]], a, v & CARD_MASK)


def _step1_done(st: TaleSpinState) -> None:
    """The Step-1 triggers and Khan's cargo have resolved: Step 2."""
    st.phase = PH_MAIN


def _step2(st: TaleSpinState) -> None:
    """R4.2 Step 2: the active player's plays, or the dogfight it started (R14)."""
    if st.dogfight is not None:
        dogfight.advance(st)
    else:
        st.decision = ("main", st.active)


def _reaction(st: TaleSpinState) -> None:
    """R12.3: after Step 2 each other player, in turn order, may play an ``any_turn`` Action."""
    others = st._turn_order_from(st.active)[1:]
    while st.asked < len(others):
        if st._offer_window(others[st.asked], "any_turn"):
            return
        st.asked += 1
    st.phase = PH_ROLL


def _roll(st: TaleSpinState) -> None:
    """R4.3 / R9: roll; the Player card's result first, then the chain's Passengers once each (R9.3)."""
    a = st.active
    r = st.dice.pop(0) if st.dice else st.rng.randint(1, 6)
    st.last_roll = r
    if st._ev is not None:
        st._e("roll", seat=a, value=r)
    st.stack.append((("_chain", r, tuple(st.chains[a])), a, -1))
    st._push(T.PL_DIE[st.characters[a]][r], a)
    st.phase = PH_ROLL_RES
    st.asked = 0


def _roll_done(st: TaleSpinState) -> None:
    """The Player card and the chain have resolved (R9): Step 4."""
    st.phase = PH_DISCARD
    st.asked = 0


def _discard_to_keep(st: TaleSpinState) -> None:
    """R4.4 / R5.2 Step 4: every player over 7 cards discards down to 7, in turn order."""
    order = st._turn_order_from(st.active)
    while st.asked < len(order):
        s = order[st.asked]
        if len(st.hands[s]) > KEEP:
            st.decision = ("discard", s, "end")
            return
        st.asked += 1
    st.phase = PH_END


def _end(st: TaleSpinState) -> None:
    st._end_turn()

