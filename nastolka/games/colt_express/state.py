"""Colt Express rules (spec ``shared/specs/colt_express/RULES.md``, rule ids CE-1..CE-12).

The state is deliberately flat: small ints for positions and counters, tuples for every card or token
sequence (hands, decks, piles, loot on a place), and a few short lists that index those tuples. A tuple is
never changed in place, only replaced, so ``clone()`` copies about a dozen short lists and shares the rest —
a few microseconds — which is what search bots need (see ``docs/decisions.md``, Colt Express).

Flow (one decision at a time, ``actor`` is the deciding seat):

* ``SETUP2P``  (CE-10) each player picks which of his bandits starts in the caboose;
* ``KEEP2P``   (CE-10) at a round start each player picks 1 card of his deck into his hand;
* ``SCHEME``   (CE-3.2) one slot of the Schemin' schedule: play a card, draw 3, or pass if neither exists;
* ``COVER``    (CE-10) the free face-up card after a face-up Fire in the two-player game;
* ``EXPERT``   (CE-11) end of Phase 1: discard hand cards one at a time, or keep the rest;
* ``STEAL``    (CE-3.4) the owner of the resolving pile card makes all its choices in one decision;
* ``PICKPOCKET`` (CE-7) a bandit alone in his place may take a purse;
* ``OVER``.

Chance (shuffles, which face-down purse a robbery takes) is resolved inline with ``self.rng``.

Decisions are integer codes (``verb << 10 | argument``, the ``C_*`` verbs below): the rules compute the
legal codes after every change, and an action id is made from a code (:meth:`ColtState._code_id`) only when
someone asks for ids — a client, a record, the history. Events are built only when someone will read them:
every rule takes ``ev``, the list to append them to, or ``None`` in a playout (``play_index``).

Every field is declared and commented on the class. Why one module of over 400 lines: it is the hot path
compiled by mypyc, where calls between the native class's methods are direct C calls; its split into
modules (decisions, card effects CE-6, round events CE-7) is left to be done together with the fast-core
work on the same code, so neither change undoes the other. Setup is in ``setup.py``, views and
determinization in ``views.py``, codes and ids in ``codes.py``.
"""

from __future__ import annotations

from typing import Any, Final

from nastolka.engine import Event, GameState, OptionError, Result, Rng
from nastolka.engine.rng import COMPILED

from . import data as D
from .codes import (
    C_COVER,
    C_DISCARD,
    C_FIRE,
    C_FLOOR,
    C_KEEP,
    C_MARSHAL,
    C_MOVE,
    C_PLAY,
    C_ROB,
    C_START,
    CODE_ARG,
    CODE_SHIFT,
    DRAW_CODE,
    KEEP_REST_CODE,
    NO_CODES,
    PASS_CODE,
    PICKPOCKET_PASS,
    PICKPOCKET_TAKE,
    POCKET_PASS_CODE,
    POCKET_TAKE_CODE,
    CardTables,
    punch_code,
    punch_parts,
    tables_for,
)

SETUP2P: Final = 0
KEEP2P: Final = 1
SCHEME: Final = 2
COVER: Final = 3
EXPERT: Final = 4
STEAL: Final = 5
PICKPOCKET: Final = 6
OVER: Final = 7


def legacy_id(aid: str) -> str:
    """Today's id for an id of the shape records had before the engine grammar (else ``aid`` itself)."""
    return {"pickpocket:take": PICKPOCKET_TAKE, "pickpocket:pass": PICKPOCKET_PASS}.get(aid, aid)


PHASE_IDS = ("setup", "keep", "schemin", "cover", "expert_keep", "stealin", "pickpocket", "over")

LEVEL_IDS = ("inside", "roof")
ALL_PURSES = (1 << D.N_PURSES) - 1
#: the empty tuple typed as a tuple of ints: assigning a literal ``()`` makes mypy narrow the field to
#: ``tuple[()]``, which the compiled build then enforces when the field is read back in the same method
NO_INTS: tuple[int, ...] = ()
#: ``to_act`` of each seat, built once (the property is read before every move of a playout)
SEAT_TUPLES: Final[tuple[tuple[int, ...], ...]] = tuple((s,) for s in range(8))

def personal_deck(two: bool, seat: int, bandits: tuple[int, ...]) -> list[int]:
    """CE-1 (10 cards per bandit) or CE-10 (5 per bandit + 1 Marshal card per player)."""
    if not two:
        (b,) = bandits
        return [b * 6 + k for k in range(D.N_KINDS) for _ in range(D.KIND_COUNT[k])]
    cards = [b * 6 + k for b in bandits for k in range(D.N_KINDS) if k != D.MARSHAL]
    cards.append(D.MARSHAL2P + seat)
    return cards


def loot_value(token: int, pv: tuple[int, ...]) -> int:
    if token < D.FIRST_JEWEL:
        return pv[token]
    return D.JEWEL_VALUE if token < D.FIRST_BOX else D.STRONGBOX_VALUE


class ColtState(GameState):
    """One Colt Express game; see the module docstring for the phase machine."""

    text_module = "nastolka.games.colt_express.text"  # labels, event words, terminal rendering
    indexed = True   # decisions are integer codes (codes.py): legal_count and play_index build no ids

    # --- the table (fixed at setup, CE-2, CE-10)
    n: int                            # players (seats)
    two: bool                         # the two-player game (CE-10): two bandits per seat, Marshal cards
    expert: bool                      # the expert variant (CE-11)
    bandit_count: int                 # bandit slots: one per seat, four with two players
    chars: tuple[int, ...]            # character of each bandit slot (data.BANDIT_IDS)
    tab: CardTables                   # this game's code/id tables and card names (codes.py)
    owner: tuple[int, ...]            # seat of each bandit slot
    seat_bandits: tuple[tuple[int, ...], ...]  # bandit slots of each seat
    cars: tuple[int, ...]             # car kinds behind the Locomotive (car 1 .. car_count)
    car_count: int                    # cars; a place is 2 * car + level, car 0 the Locomotive, car_count the caboose
    rounds: tuple[int, ...]           # round cards in play order, the station last (CE-2.5)
    purse_values: tuple[int, ...]     # value of each purse token (hidden from a seat until it knows it)
    # --- the train and the loot
    pos: list[int]                    # place of each bandit slot: 2 * car + level (0 inside, 1 roof)
    marshal: int                      # the Marshal's car
    floor: list[tuple[int, ...]]      # loot tokens lying at each place
    held: list[tuple[int, ...]]       # loot tokens of each bandit slot
    box2: bool                        # the second strongbox is still off the train (Take It All, CE-7)
    removed: tuple[int, ...]          # purses out of the game (Marshal's revenge, CE-7)
    public_purses: int                # bitmask of the purses whose value everybody knows
    known: list[int]                  # per seat: bitmask of the purses whose value it knows
    # --- cards and bullets
    deck: list[tuple[int, ...]]       # per seat, top at the end
    hand: list[tuple[int, ...]]       # per seat, sorted
    disc: list[tuple[int, ...]]       # per seat: the expert discard pile (CE-11)
    known_top: list[int]              # per seat: cards on top of its deck it knows (resolved cards put back)
    neutral: int                      # neutral bullets left (CE-6, CE-7)
    bullets: list[int]                # bullets left per bandit slot
    fired: list[int]                  # bullets fired per seat (Gunslinger, CE-9)
    bonus: list[int]                  # ransom per seat (Hostage, CE-7)
    # --- the round
    round: int                        # index into ``rounds``
    first: int                        # the round's first player
    phase: int                        # SETUP2P .. OVER (module docstring)
    actor: int                        # the deciding seat, -1 when nobody decides
    schedule: tuple[int, ...]         # the Schemin' turns: seat * 4 + turn type (CE-3.2)
    slot: int                         # index of the current turn in ``schedule``
    pile: tuple[int, ...]             # the common pile: card * 2 + face down (CE-3.2)
    ghost_pile: tuple[int, ...]       # pile indices played face down with Ghost's power (CE-8)
    resolving: int                    # index of the pile card being resolved (CE-3.4)
    queue: tuple[int, ...]            # seats (or bandits, Pickpocket) still to decide in a round step
    cover_bandit: int                 # COVER (CE-10): the bandit whose face-up Fire may be covered, else -1
    ghost: int                        # bitmask of seats that may still play one card face down (CE-8)
    preset: bool                      # a setup gave this round's pile: skip the deal once
    _codes: list[int] | None          # the current decision's legal codes (computed eagerly)

    # ------------------------------------------------------------------------- creation
    @classmethod
    def _check_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        nb = 4 if players == 2 else players
        ncars = 3 if players == 2 else players
        bandits = options.get("bandits") or ()
        if bandits:
            if len(bandits) != nb:
                raise OptionError(f"option 'bandits' needs {nb} bandits for {players} players "
                                  f"({'two per player, ' if players == 2 else ''}in seat order), not {len(bandits)}")
            if len(set(bandits)) != len(bandits):
                raise OptionError("option 'bandits' lists a bandit twice")
        cars = options.get("cars") or ()
        if cars:
            if len(cars) != ncars:
                raise OptionError(f"option 'cars' needs {ncars} cars for {players} players, not {len(cars)}")
            if len(set(cars)) != len(cars):
                raise OptionError("option 'cars' lists a car twice")
        if options.get("expert") and players == 2:
            raise OptionError("the expert variant (CE-11) is for 3–6 players; the two-player game does not use it")
        return options

    @classmethod
    def _create(cls, players: int, options: dict[str, Any], rng: Rng,
                setup: dict[str, Any] | None) -> ColtState:
        klass: Any = cls    # compiled, a native class's __new__ is reached through a Python object
        s: ColtState = klass.__new__(klass)
        s.rng = rng
        s._init(players, options, rng, setup or {})
        return s

    def _init(self, n: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any]) -> None:
        """Build the initial state (CE-2, CE-10); ``setup`` keys override each random element."""
        from .setup import apply_setup, setup_bandits, setup_cars

        two = n == 2
        self.n = n
        self.two = two
        self.expert = bool(options.get("expert", False))
        nb = 4 if two else n
        self.bandit_count = nb
        # bandits (CE-2.1)
        if "bandits" in setup:
            chars = setup_bandits(setup["bandits"], nb)
        elif options.get("bandits"):
            chars = tuple(D.BANDIT_INDEX[b] for b in options["bandits"])
        else:
            pool = list(range(len(D.BANDIT_IDS)))
            rng.shuffle(pool)
            chars = tuple(pool[:nb])
        self.chars = chars
        self.tab = tables_for(two, chars)
        self.owner = tuple(b // 2 if two else b for b in range(nb))
        self.seat_bandits = tuple((2 * s, 2 * s + 1) if two else (s,) for s in range(n))
        # train (CE-2.2)
        if "cars" in setup:
            cars = setup_cars(setup["cars"])
        elif options.get("cars"):
            cars = tuple(D.CAR_INDEX[c] for c in options["cars"])
        else:
            pool = list(range(len(D.CAR_IDS)))
            rng.shuffle(pool)
            cars = tuple(pool[:3 if two else n])
        self.cars = cars
        self.car_count = len(cars)
        self.first = rng.randbelow(n)
        self.marshal = 0
        self.neutral = D.NEUTRAL_BULLETS
        self.bullets = [D.BULLETS_PER_BANDIT] * nb
        self.fired = [0] * n
        self.bonus = [0] * n
        self.removed = NO_INTS
        self.box2 = True
        self.pile = NO_INTS
        self.ghost_pile = NO_INTS
        self.resolving = 0
        self.schedule = NO_INTS
        self.slot = 0
        self.queue = NO_INTS
        self.cover_bandit = -1
        self.ghost = 0
        self.round = 0
        self.phase = SCHEME
        self.actor = -1
        self.preset = False
        self._codes = None
        # loot (CE-2.1, CE-2.3, CE-2.4): starting purses are the known $250 ones
        values = list(D.PURSE_VALUES)
        self.floor = [()] * (2 * (self.car_count + 1))
        self.held = [()] * nb
        start_ids = [i for i, v in enumerate(values) if v == D.START_PURSE_VALUE][:nb]
        for b in range(nb):
            self.held[b] = (start_ids[b],)
        self.public_purses = sum(1 << t for t in start_ids)
        rest = [i for i in range(D.N_PURSES) if i not in start_ids]
        rng.shuffle(rest)
        jewel = D.FIRST_JEWEL
        for c, car in enumerate(cars, start=1):
            purses = rest[:D.CAR_PURSES[car]]
            rest = rest[D.CAR_PURSES[car]:]
            self.floor[2 * c] = tuple(purses) + tuple(range(jewel, jewel + D.CAR_JEWELS[car]))
            jewel += D.CAR_JEWELS[car]
        self.floor[0] = (D.FIRST_BOX,)
        self.purse_values = tuple(values)
        self.known = [0] * n
        # round deck (CE-2.5)
        normal = list(D.NORMAL_ROUNDS)
        rng.shuffle(normal)
        self.rounds = tuple(normal[:4]) + (D.STATION_ROUNDS[rng.randbelow(len(D.STATION_ROUNDS))],)
        # positions (CE-2.6): player k (1-based from the first player) odd -> caboose, even -> next car
        # two-player bandits wait on a provisional spot until their owner's CE-10 choice
        self.pos = [2 * self.car_count if b % 2 == 0 else 2 * (self.car_count - 1) for b in range(nb)]
        if not two:
            for i in range(n):
                seat = (self.first + i) % n
                car = self.car_count if i % 2 == 0 else self.car_count - 1
                self.pos[seat] = 2 * car
        # personal decks (CE-2.1, CE-10)
        self.deck = []
        self.hand = [()] * n
        self.disc = [()] * n
        self.known_top = [0] * n
        for seat in range(n):
            cards = personal_deck(two, seat, self.seat_bandits[seat])
            rng.shuffle(cards)
            self.deck.append(tuple(cards))
        placed = pile = False
        if setup:
            placed, pile = apply_setup(self, setup, rng)
        for seat in range(n):
            self.known[seat] |= sum(1 << t for b in self.seat_bandits[seat] for t in self.held[b] if t < D.FIRST_JEWEL)
        if pile:
            # a scenario that begins at Stealin' of round 1 with the pile the setup gave
            played = self.pile
            self.preset = True
            self._start_round([])
            self.pile = played
            self.slot = len(self.schedule)
            self._end_scheme([])
        elif two and not placed:
            self.phase = SETUP2P
            self.queue = (self.first, 1 - self.first)
            self.actor = self.first
        else:
            self._start_round([])
        # the decision is computed eagerly so that asking for legal ids never changes the state
        self._decision()

    # ------------------------------------------------------------------------- engine hooks
    @property
    def to_act(self) -> tuple[int, ...]:
        a = self.actor
        return SEAT_TUPLES[a] if a >= 0 else NO_INTS

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_ids(self, seat: int) -> list[str]:
        if seat != self.actor:
            return []
        tab = self.tab
        known = tab.ids
        out: list[str] = []
        for c in self._codes or NO_CODES:       # computed eagerly after every change
            aid = known.get(c)
            out.append(aid if aid is not None else tab.id_of(c))
        return out

    def legal_count(self, seat: int) -> int:
        return len(self._codes or NO_CODES) if seat == self.actor else 0

    def legal_keys(self, seat: int) -> list[int]:
        return (self._codes or NO_CODES) if seat == self.actor else NO_CODES

    @property
    def names(self) -> tuple[str, ...]:
        """Readable card names by card code (ids, views, events), for this game's bandits."""
        return self.tab.names

    def _code_id(self, code: int) -> str:
        return self.tab.id_of(code)

    def _copy_into(self, new: Any) -> None:
        if COMPILED:
            # field by field: compiled, the state is a native object without a __dict__ to copy
            new.n, new.two, new.expert, new.bandit_count = self.n, self.two, self.expert, self.bandit_count
            new.chars, new.owner, new.seat_bandits, new.cars, new.car_count = self.chars, self.owner, self.seat_bandits, self.cars, self.car_count
            new.tab = self.tab
            new.first, new.marshal = self.first, self.marshal
            new.neutral, new.removed, new.box2, new.pile = self.neutral, self.removed, self.box2, self.pile
            new.ghost_pile, new.resolving, new.schedule, new.slot = self.ghost_pile, self.resolving, self.schedule, self.slot
            new.queue, new.cover_bandit, new.ghost, new.round = self.queue, self.cover_bandit, self.ghost, self.round
            new.phase, new.actor, new.preset, new._codes = self.phase, self.actor, self.preset, self._codes
            new.public_purses, new.purse_values, new.rounds = self.public_purses, self.purse_values, self.rounds
        else:
            rng = new.rng            # the base made a fresh Rng; everything else of the base is equal
            new.__dict__ = self.__dict__.copy()
            new.rng = rng
        # tuples and ints are shared; these short lists are copied, because the rules replace their items
        new.pos = self.pos[:]
        new.floor = self.floor[:]
        new.held = self.held[:]
        new.known = self.known[:]
        new.bullets = self.bullets[:]
        new.fired = self.fired[:]
        new.bonus = self.bonus[:]
        new.deck = self.deck[:]
        new.hand = self.hand[:]
        new.disc = self.disc[:]
        new.known_top = self.known_top[:]

    def _apply(self, seat: int, aid: str) -> list[Event]:
        ev: list[Event] = []
        self._do(seat, self._code_of(seat, aid), ev)
        return ev

    def _code_of(self, seat: int, aid: str) -> int:
        """The code of the legal id ``aid`` (whoever took it from ``legal_ids`` made its id already)."""
        codes = self._codes or NO_CODES
        known = self.tab.ids
        for c in codes:
            if known.get(c) == aid:
                return c
        return codes[self.legal_ids(seat).index(aid)]

    def _apply_index(self, seat: int, index: int, events: list[Event] | None) -> int:
        code = (self._codes or NO_CODES)[index]
        self._do(seat, code, events)
        return code

    def _do(self, seat: int, code: int, ev: list[Event] | None) -> None:
        """Carry out the legal decision ``code`` of ``seat``, then compute the next decision."""
        self._codes = None
        arg = code & CODE_ARG
        ph = self.phase
        if ph == SCHEME:
            self._do_scheme(seat, code, ev)
        elif ph == STEAL:
            self._resolve(self.pile[self.resolving], code, ev)
            self._card_done(ev)
            self._run_steal(ev)
        elif ph == COVER:
            self._do_cover(seat, arg if code >> CODE_SHIFT == C_COVER else -1, ev)
        elif ph == KEEP2P:
            self._do_keep2p(seat, arg, ev)
        elif ph == EXPERT:
            self._do_expert(seat, arg if code >> CODE_SHIFT == C_DISCARD else -1, ev)
        elif ph == PICKPOCKET:
            self._do_pickpocket(arg, ev)
        elif ph == SETUP2P:
            self._do_setup2p(seat, arg, ev)
        if self.actor >= 0:
            self._decision()

    # ------------------------------------------------------------------------- decisions
    def _decision(self) -> list[int]:  # noqa: C901
        """The codes of the current decision, in the order of its ids; kept until the next ``_do``."""
        codes = self._codes
        if codes is not None:
            return codes
        ph = self.phase
        codes = []
        if ph == SCHEME:
            entry = self.schedule[self.slot]
            seat, ttype = entry >> 2, entry & 3
            ghost = bool((self.ghost >> seat) & 1) and ttype != D.TUNNEL
            two = self.two
            last = -1
            for c in self.hand[seat]:       # hands are kept sorted: each distinct card once, in order
                if c >= D.BULLET0:
                    break
                if c == last:
                    continue
                last = c
                codes.append(c * 2)   # C_PLAY
                if ghost and (not two or (c < D.MARSHAL2P and self.chars[c // 6] == D.GHOST)):
                    codes.append(c * 2 + 1)
            if self.deck[seat] or (self.expert and self.disc[seat]):
                codes.append(DRAW_CODE)
            if not codes:
                codes.append(PASS_CODE)
        elif ph == STEAL:
            codes = self._card_options(self.pile[self.resolving])
        elif ph == COVER:
            seat = self.actor
            for c in sorted(set(self.hand[seat])):
                if c < D.MARSHAL2P and c // 6 != self.cover_bandit and c // 6 in self.seat_bandits[seat]:
                    codes.append(C_COVER << CODE_SHIFT | c)
            codes.append(PASS_CODE)
        elif ph == KEEP2P:
            for c in sorted(set(self.deck[self.actor])):
                if c >= D.BULLET0:
                    break
                codes.append(C_KEEP << CODE_SHIFT | c)
        elif ph == EXPERT:
            for c in sorted(set(self.hand[self.actor])):
                codes.append(C_DISCARD << CODE_SHIFT | c)
            codes.append(KEEP_REST_CODE)
        elif ph == PICKPOCKET:
            codes = [POCKET_TAKE_CODE, POCKET_PASS_CODE]
        elif ph == SETUP2P:
            for b in self.seat_bandits[self.actor]:
                codes.append(C_START << CODE_SHIFT | b)
        self._codes = codes
        return codes

    def card_owner(self, card: int) -> int:
        return card - D.MARSHAL2P if card >= D.MARSHAL2P else self.owner[card // 6]

    def _card_options(self, entry: int) -> list[int]:  # noqa: C901
        """Every legal way to carry out the pile card ``entry`` (CE-6), as codes; empty when it is impossible."""
        card = entry >> 1
        kind = D.CARD_KIND[card]
        codes: list[int] = []
        k = self.car_count
        if kind == D.MARSHAL:
            m = self.marshal
            if m > 0:
                codes.append(C_MARSHAL << CODE_SHIFT | (m - 1))
            if m < k:
                codes.append(C_MARSHAL << CODE_SHIFT | (m + 1))
            return codes
        b = card // 6
        p = self.pos[b]
        c, lvl = p >> 1, p & 1
        if kind == D.MOVE:
            span = 3 if lvl else 1
            for d in range(max(0, c - span), min(k, c + span) + 1):
                if d != c:
                    codes.append(C_MOVE << CODE_SHIFT | d)
        elif kind == D.FLOOR:
            codes.append(C_FLOOR << CODE_SHIFT)
        elif kind == D.FIRE:
            if self.bullets[b]:
                for t in self._fire_targets(b):
                    codes.append(C_FIRE << CODE_SHIFT | t)
        elif kind == D.PUNCH:
            pos = self.pos
            targets = [t for t in range(self.bandit_count) if t != b and pos[t] == p]
            targets = self._belle(targets)
            chey = self.chars[b] == D.CHEYENNE
            for t in targets:
                for lk in self._loot_kinds(self.held[t]) or [-1]:
                    keeps = (0, 1) if chey and lk == D.PURSE else (-1,)
                    for keep in keeps:
                        for d in (c - 1, c + 1):
                            if 0 <= d <= k:
                                codes.append(punch_code(t, lk, keep, d))
        elif kind == D.ROB:
            for lk in self._loot_kinds(self.floor[p]):
                codes.append(C_ROB << CODE_SHIFT | lk)
        return codes

    @staticmethod
    def _loot_kinds(tokens: tuple[int, ...]) -> list[int]:
        """The kinds of loot among ``tokens`` (purse, jewel, strongbox), each once, in that order."""
        mask = 0
        for x in tokens:
            mask |= 1 << D.TOKEN_KIND[x]
        return [lk for lk in (D.PURSE, D.JEWEL, D.BOX) if (mask >> lk) & 1]

    def _belle(self, targets: list[int]) -> list[int]:
        """CE-8 Belle: not a target of Fire or Punch while another bandit could be chosen."""
        if len(targets) > 1:
            chars = self.chars
            rest = [t for t in targets if chars[t] != D.BELLE]
            if rest:
                return rest
        return targets

    def _fire_targets(self, b: int) -> list[int]:
        """CE-6 Fire targets of bandit slot ``b`` (with Tuco's CE-8 power and Belle's protection)."""
        pos = self.pos
        p = pos[b]
        c, lvl = p >> 1, p & 1
        nb = self.bandit_count
        out: list[int] = []
        if lvl == 0:
            for t in range(nb):
                q = pos[t]
                if q & 1 == 0 and (q >> 1 == c - 1 or q >> 1 == c + 1):
                    out.append(t)
        else:
            roof = [-1] * (self.car_count + 1)  # roof[x] = any bandit there (marker)
            for t in range(nb):
                q = pos[t]
                if q & 1 and t != b:
                    roof[q >> 1] = t
            for rng_ in (range(c - 1, -1, -1), range(c + 1, self.car_count + 1)):
                for x in rng_:
                    if roof[x] >= 0:
                        out.extend(t for t in range(nb) if pos[t] == 2 * x + 1)
                        break
        if self.chars[b] == D.TUCO:
            other = p ^ 1
            out.extend(t for t in range(nb) if pos[t] == other)
        out.sort()
        return self._belle(out)

    # ------------------------------------------------------------------------- Schemin' (CE-3.2)
    def _do_scheme(self, seat: int, code: int, ev: list[Event] | None) -> None:
        ttype = self.schedule[self.slot] & 3
        self.ghost &= ~(1 << seat)
        pay = code & CODE_ARG
        if code >> CODE_SHIFT == C_PLAY:
            card = pay >> 1
            fd = (pay & 1) or ttype == D.TUNNEL
            if pay & 1:
                self.ghost_pile += (len(self.pile),)
            self._play(seat, card, fd, ev)
            if (self.two and not fd and ttype == D.NORMAL and D.CARD_KIND[card] == D.FIRE
                    and card < D.MARSHAL2P):
                b = card // 6
                if any(c < D.MARSHAL2P and c // 6 != b for c in self.hand[seat]):
                    self.phase = COVER
                    self.cover_bandit = b
                    return
        elif code == DRAW_CODE:
            got = self._draw(seat, 3)
            if ev is not None:
                ev.append(Event("draw", {"seat": seat, "count": len(got)}))
                ev.append(Event("drawn", {"seat": seat, "cards": [self.names[c] for c in got]}, seats=(seat,)))
        elif ev is not None:
            ev.append(Event("pass", {"seat": seat}))
        self._next_slot(ev)

    def _play(self, seat: int, card: int, fd: int, ev: list[Event] | None) -> None:
        h = self.hand[seat]
        i = h.index(card)
        self.hand[seat] = h[:i] + h[i + 1:]
        self.pile = self.pile + (card * 2 + (1 if fd else 0),)
        if ev is None:
            return
        name = self.names[card]
        if fd:
            ev.append(Event("play", {"seat": seat, "card": None, "face_down": True}))
            ev.append(Event("play_own", {"seat": seat, "card": name, "face_down": True}, seats=(seat,)))
        else:
            ev.append(Event("play", {"seat": seat, "card": name, "face_down": False}))

    def _do_cover(self, seat: int, pay: int, ev: list[Event] | None) -> None:
        if pay >= 0:
            self._play(seat, pay, 0, ev)
            if ev is not None:
                ev.append(Event("cover", {"seat": seat}))
        self.cover_bandit = -1
        self.phase = SCHEME
        self._next_slot(ev)

    def _next_slot(self, ev: list[Event] | None) -> None:
        self.slot += 1
        if self.slot < len(self.schedule):
            self.actor = self.schedule[self.slot] >> 2
            return
        self._end_scheme(ev)

    def _draw(self, seat: int, count: int) -> tuple[int, ...]:
        """Draw from the top (end) of the deck; in the expert game an empty deck is refilled (CE-11)."""
        deck = self.deck[seat]
        got = NO_INTS
        while count > 0:
            if not deck:
                if not (self.expert and self.disc[seat]):
                    break
                pool = list(self.disc[seat])
                self.rng.shuffle(pool)
                deck = tuple(pool)
                self.disc[seat] = ()
                self.known_top[seat] = 0
            take = min(count, len(deck))
            got += deck[len(deck) - take:]
            deck = deck[:len(deck) - take]
            count -= take
            self.known_top[seat] = max(0, self.known_top[seat] - take)
        self.deck[seat] = deck
        self.hand[seat] = tuple(sorted(self.hand[seat] + got))
        return got

    def _end_scheme(self, ev: list[Event] | None) -> None:
        if self.expert:
            # CE-11: bullets in hand go to the discard pile; each player then discards what he wants
            for s in range(self.n):
                h = self.hand[s]
                bullets = tuple(c for c in h if c >= D.BULLET0)
                if bullets:
                    self.disc[s] += bullets
                    self.hand[s] = tuple(c for c in h if c < D.BULLET0)
            if self.round + 1 >= len(self.rounds):
                # the last round: there is no next round to keep cards for, so nobody is asked
                self._begin_steal(ev)
                return
            self.queue = tuple((self.first + i) % self.n for i in range(self.n))
            self.phase = EXPERT
            self._next_expert(ev)
            return
        # CE-3.3: cards left in hand go back on top of the deck (reshuffled before the next draw)
        for s in range(self.n):
            self.deck[s] += self.hand[s]
            self.hand[s] = ()
            self.known_top[s] = 0
        self._begin_steal(ev)

    def _do_expert(self, seat: int, pay: int, ev: list[Event] | None) -> None:
        if pay >= 0:
            h = list(self.hand[seat])
            h.remove(pay)
            self.hand[seat] = tuple(h)
            self.disc[seat] += (pay,)
            if ev is not None:
                ev.append(Event("discard", {"seat": seat, "card": self.names[pay]}))
        else:
            self.queue = self.queue[1:]
        self._next_expert(ev)

    def _next_expert(self, ev: list[Event] | None) -> None:
        while self.queue and not self.hand[self.queue[0]]:
            self.queue = self.queue[1:]
        if self.queue:
            self.actor = self.queue[0]
            return
        self._begin_steal(ev)

    # ------------------------------------------------------------------------- Stealin' (CE-3.4, CE-6)
    def _begin_steal(self, ev: list[Event] | None) -> None:
        self.phase = STEAL
        self.resolving = 0
        if ev is not None:
            ev.append(Event("stealin", {}))
        self._run_steal(ev)

    def _run_steal(self, ev: list[Event] | None) -> None:
        """Resolve pile cards in order until one needs its owner's choice (or the pile is done)."""
        pile = self.pile
        while self.resolving < len(pile):
            entry = pile[self.resolving]
            opts = self._card_options(entry)
            if len(opts) > 1:
                self.actor = self.card_owner(entry >> 1)
                self._codes = opts
                return
            if opts:
                self._resolve(entry, opts[0], ev)
            elif ev is not None:
                ev.append(Event("no_effect", {"seat": self.card_owner(entry >> 1), "card": self.names[entry >> 1]}))
            self._card_done(ev)
        self.pile = ()
        self.ghost_pile = ()
        self.resolving = 0
        self._end_round(ev)

    def _card_done(self, ev: list[Event] | None) -> None:
        """CE-3.4 / CE-11: a resolved card goes back on top of its owner's deck (expert: discard)."""
        card = self.pile[self.resolving] >> 1
        o = self.card_owner(card)
        if self.expert:
            self.disc[o] += (card,)
        else:
            self.deck[o] += (card,)
            self.known_top[o] += 1
        self.resolving += 1

    def _resolve(self, entry: int, code: int, ev: list[Event] | None) -> None:
        """Carry out the pile card ``entry`` the way ``code`` (one of its ``_card_options``) says."""
        card = entry >> 1
        kind = D.CARD_KIND[card]
        arg = code & CODE_ARG
        if kind == D.MARSHAL:
            self._marshal_to(arg, ev)
            return
        b = card // 6
        if kind == D.MOVE:
            self._enter(b, 2 * arg + (self.pos[b] & 1), ev)
        elif kind == D.FLOOR:
            self._enter(b, self.pos[b] ^ 1, ev)
        elif kind == D.FIRE:
            self._fire(b, arg, ev)
        elif kind == D.PUNCH:
            self._punch(b, punch_parts(arg), ev)
        elif kind == D.ROB:
            self._take(b, self.pos[b], arg, ev, "rob")

    def _give(self, b: int, card: int) -> None:
        o = self.owner[b]
        self.deck[o] += (card,)
        self.known_top[o] += 1
        if card == D.NEUTRAL:
            self.neutral -= 1

    def _neutral_to(self, bandits: list[int], ev: list[Event] | None) -> None:
        """CE-6/CE-7: each listed bandit takes a neutral bullet — all of them, or none if too few are left."""
        if not bandits:
            return
        if self.neutral >= len(bandits):
            for b in bandits:
                self._give(b, D.NEUTRAL)
            if ev is not None:
                ev.append(Event("neutral_bullets", {"bandits": [self.bname(b) for b in bandits], "given": True}))
        elif ev is not None:
            ev.append(Event("neutral_bullets", {"bandits": [self.bname(b) for b in bandits], "given": False}))

    def _enter(self, b: int, p: int, ev: list[Event] | None) -> None:
        """Put bandit ``b`` at place ``p``, then the Marshal rule (CE-6) if he came inside the Marshal's car."""
        self.pos[b] = p
        if ev is not None:
            ev.append(Event("moved", {"bandit": self.bname(b), "car": p >> 1, "level": LEVEL_IDS[p & 1]}))
        if p & 1 == 0 and p >> 1 == self.marshal:
            self.pos[b] = p | 1
            if ev is not None:
                ev.append(Event("flee", {"bandits": [self.bname(b)], "car": p >> 1}))
            self._neutral_to([b], ev)

    def _marshal_to(self, c: int, ev: list[Event] | None) -> None:
        self.marshal = c
        if ev is not None:
            ev.append(Event("marshal", {"car": c}))
        hit = [b for b in range(self.bandit_count) if self.pos[b] == 2 * c]
        if hit:
            for b in hit:
                self.pos[b] = 2 * c + 1
            if ev is not None:
                ev.append(Event("flee", {"bandits": [self.bname(b) for b in hit], "car": c}))
            self._neutral_to(hit, ev)

    def _fire(self, b: int, t: int, ev: list[Event] | None) -> None:
        self.bullets[b] -= 1
        self._give(t, D.BULLET0 + b)
        if not (self.two and self.owner[t] == self.owner[b]):
            self.fired[self.owner[b]] += 1
        if ev is not None:
            ev.append(Event("fire", {"bandit": self.bname(b), "target": self.bname(t)}))
        if self.chars[b] == D.DJANGO:
            c, tc = self.pos[b] >> 1, self.pos[t] >> 1
            if tc != c:
                d = tc + (1 if tc > c else -1)
                if 0 <= d <= self.car_count:
                    self._enter(t, 2 * d + (self.pos[t] & 1), ev)

    def _punch(self, b: int, pay: tuple[int, int, int, int], ev: list[Event] | None) -> None:
        """CE-6 Punch: ``pay`` is ``punch_parts`` of the code (keep is 1 only when Cheyenne keeps a purse)."""
        t, lk, keep, d = pay
        p = self.pos[b]
        token = -1
        if lk >= 0:
            token = self._pick(self.held[t], lk)
            h = list(self.held[t])
            h.remove(token)
            self.held[t] = tuple(h)
            if keep > 0:
                self.held[b] += (token,)
                self.known[self.owner[b]] |= 1 << token
            else:
                self.floor[p] += (token,)
        if ev is not None:
            ev.append(Event("punch", {"bandit": self.bname(b), "target": self.bname(t),
                                      "loot": D.LOOT_IDS[lk] if lk >= 0 else None, "kept": keep > 0}))
        self._enter(t, 2 * d + (p & 1), ev)

    def _pick(self, tokens: tuple[int, ...], lk: int) -> int:
        """A token of kind ``lk``; a purse is taken at random since purses lie face down (CE-6)."""
        if lk == D.PURSE:
            purses = [x for x in tokens if x < D.FIRST_JEWEL]
            return purses[self.rng.randbelow(len(purses))] if len(purses) > 1 else purses[0]
        for x in tokens:
            if D.TOKEN_KIND[x] == lk:
                return x
        raise AssertionError("no token of that kind")  # pragma: no cover - options guarantee it

    def _take(self, b: int, p: int, lk: int, ev: list[Event] | None, why: str) -> None:
        token = self._pick(self.floor[p], lk)
        f = list(self.floor[p])
        f.remove(token)
        self.floor[p] = tuple(f)
        self.held[b] += (token,)
        if token < D.FIRST_JEWEL:
            self.known[self.owner[b]] |= 1 << token
        if ev is not None:
            ev.append(Event(why, {"bandit": self.bname(b), "loot": D.LOOT_IDS[lk]}))

    # ------------------------------------------------------------------------- rounds and events
    def _start_round(self, ev: list[Event] | None) -> None:
        """CE-3.1: reveal the round card, build the Schemin' schedule, deal (or CE-10 keep-1 first)."""
        rc = self.rounds[self.round]
        turns = D.ROUND_TURNS_SMALL[rc] if self.n <= 4 else D.ROUND_TURNS_LARGE[rc]
        n, first = self.n, self.first
        sched: list[int] = []
        for tt in turns:
            for i in range(n):
                seat = (first - i) % n if tt == D.SWITCH else (first + i) % n
                sched.append(seat * 4 + tt)
                if tt == D.SPEEDUP:
                    sched.append(seat * 4 + tt)
        self.schedule = tuple(sched)
        if ev is not None:
            ev.append(Event("round", {"round": self.round + 1, "card": D.ROUND_IDS[rc], "first": first}))
        if self.preset:
            self.preset = False
            self._begin_scheme(ev)
            return
        if self.two and not self.expert:
            self.phase = KEEP2P
            self.queue = (first, 1 - first)
            self.actor = first
            return
        for s in range(n):
            self._deal(s)
        self._begin_scheme(ev)

    def hand_size(self, seat: int) -> int:
        """CE-3.1 / CE-8 Doc: 6 cards, 7 with Doc (the two-player keep-1 card comes on top)."""
        return 6 + any(self.chars[b] == D.DOC for b in self.seat_bandits[seat])

    def _deal(self, seat: int) -> None:
        if self.expert:
            want = self.hand_size(seat) - len(self.hand[seat])
            if want > 0:
                self._draw(seat, want)
            return
        cards = list(self.deck[seat] + self.hand[seat])
        self.rng.shuffle(cards)
        self.deck[seat] = tuple(cards)
        self.hand[seat] = ()
        self.known_top[seat] = 0
        self._draw(seat, self.hand_size(seat))

    def _do_keep2p(self, seat: int, card: int, ev: list[Event] | None) -> None:
        cards = list(self.deck[seat])
        cards.remove(card)
        self.hand[seat] = (card,)
        self.rng.shuffle(cards)
        self.deck[seat] = tuple(cards)
        self.known_top[seat] = 0
        self._draw(seat, self.hand_size(seat))
        if ev is not None:
            ev.append(Event("keep", {"seat": seat}))
            ev.append(Event("kept", {"seat": seat, "card": self.names[card]}, seats=(seat,)))
        self.queue = self.queue[1:]
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._begin_scheme(ev)

    def _do_setup2p(self, seat: int, b: int, ev: list[Event] | None) -> None:
        """CE-10: the chosen bandit starts inside the caboose, the other inside the car before it."""
        for x in self.seat_bandits[seat]:
            self.pos[x] = 2 * self.car_count if x == b else 2 * (self.car_count - 1)
        if ev is not None:
            ev.append(Event("start", {"seat": seat, "caboose": self.bname(b)}))
        self.queue = self.queue[1:]
        if self.queue:
            self.actor = self.queue[0]
        else:
            self._start_round(ev)

    def _begin_scheme(self, ev: list[Event] | None) -> None:
        self.phase = SCHEME
        self.slot = 0
        self.ghost = 0
        for b in range(self.bandit_count):
            if self.chars[b] == D.GHOST:
                self.ghost |= 1 << self.owner[b]
        if self.schedule:
            self.actor = self.schedule[0] >> 2
        else:
            self._end_scheme(ev)

    def _end_round(self, ev: list[Event] | None) -> None:  # noqa: C901
        """CE-3.5 / CE-7: the round card's event."""
        e = D.ROUND_EVENT[self.rounds[self.round]]
        nb, pos = self.bandit_count, self.pos
        if e and ev is not None:
            ev.append(Event("event", {"event": D.EVENT_IDS[e]}))
        if e == D.EV_ANGRY:
            m = self.marshal
            self._neutral_to([b for b in range(nb) if pos[b] == 2 * m + 1], ev)
            if m < self.car_count:
                self._marshal_to(m + 1, ev)
        elif e == D.EV_SWIVEL:
            for b in range(nb):
                if pos[b] & 1:
                    pos[b] = 2 * self.car_count + 1
        elif e == D.EV_BRAKING:
            for b in range(nb):
                if pos[b] & 1 and pos[b] > 1:
                    pos[b] -= 2
        elif e == D.EV_TAKE_ALL:
            if self.box2:
                self.box2 = False
                self.floor[2 * self.marshal] += (D.FIRST_BOX + 1,)
        elif e == D.EV_REBELLION:
            self._neutral_to([b for b in range(nb) if pos[b] & 1 == 0], ev)
        elif e == D.EV_PICKPOCKET:
            order = [b for i in range(self.n) for b in self.seat_bandits[(self.first + i) % self.n]]
            q = tuple(b for b in order
                      if sum(1 for x in pos if x == pos[b]) == 1
                      and any(t < D.FIRST_JEWEL for t in self.floor[pos[b]]))
            if q:
                self.queue = q
                self.phase = PICKPOCKET
                self.actor = self.owner[q[0]]
                return
        elif e == D.EV_REVENGE:
            for b in range(nb):
                if pos[b] == 2 * self.marshal + 1:
                    purses = [t for t in self.held[b] if t < D.FIRST_JEWEL]
                    if purses:
                        t = min(purses, key=lambda x: (self.purse_values[x], x))
                        h = list(self.held[b])
                        h.remove(t)
                        self.held[b] = tuple(h)
                        self.removed += (t,)
                        if ev is not None:
                            ev.append(Event("revenge", {"bandit": self.bname(b)}))
        elif e == D.EV_HOSTAGE:
            for b in range(nb):
                if pos[b] >> 1 == 0:
                    self.bonus[self.owner[b]] += 250
                    if ev is not None:
                        ev.append(Event("ransom", {"bandit": self.bname(b), "amount": 250}))
        self._finish_round(ev)

    def _do_pickpocket(self, take: int, ev: list[Event] | None) -> None:
        b = self.queue[0]
        if take:
            self._take(b, self.pos[b], D.PURSE, ev, "pickpocket")
        self.queue = self.queue[1:]
        if self.queue:
            self.actor = self.owner[self.queue[0]]
        else:
            self._finish_round(ev)

    def _finish_round(self, ev: list[Event] | None) -> None:
        self.first = (self.first + 1) % self.n
        self.round += 1
        self.queue = ()
        if self.round >= len(self.rounds):
            self.phase = OVER
            self.actor = -1
            self._codes = NO_CODES
            if ev is not None:
                ev.append(Event("game_over", {}))
            return
        self._start_round(ev)

    # ------------------------------------------------------------------------- scoring (CE-9)
    def loot_total(self, seat: int) -> int:
        pv = self.purse_values
        return sum(loot_value(t, pv) for b in self.seat_bandits[seat] for t in self.held[b]) + self.bonus[seat]

    def received(self, seat: int) -> int:
        """Bullet cards this seat received (neutral or another player's) in deck, hand and discard."""
        mine = {D.BULLET0 + b for b in self.seat_bandits[seat]}
        return sum(1 for c in self.deck[seat] + self.hand[seat] + self.disc[seat]
                   if c >= D.BULLET0 and c not in mine)

    def gunslingers(self) -> list[int]:
        best = max(self.fired)
        return [s for s in range(self.n) if best > 0 and self.fired[s] == best]

    def _result(self) -> Result:
        guns = self.gunslingers()
        totals = [self.loot_total(s) + (1000 if s in guns else 0) for s in range(self.n)]
        recv = [self.received(s) for s in range(self.n)]
        keys = [(totals[s], -recv[s]) for s in range(self.n)]
        details = {"totals": totals, "gunslinger": guns, "bullets_received": recv,
                   "bonus": list(self.bonus), "fired": list(self.fired)}
        return Result.from_keys(keys, [float(t) for t in totals], details)

    # ------------------------------------------------------------------------- helpers
    def bname(self, b: int) -> str:
        return D.BANDIT_IDS[self.chars[b]]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from .views import build_view

        return build_view(self, seat)

    def _determinize(self, seat: int, rng: Rng) -> None:
        from .views import determinize

        determinize(self, seat, rng)
        self._codes = None
        if self.actor >= 0:
            self._decision()
