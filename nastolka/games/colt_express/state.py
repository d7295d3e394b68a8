"""Colt Express rules (spec ``docs/rules/colt_express.md``, rule ids CE-1..CE-12): the state.

Where each rule lives (grep a rule id to land on it):

* ``state.py`` (here): every field of the state, declared and commented on :class:`ColtState`; the
  engine hooks; the turn flow: :meth:`ColtState._do` hands a decision to its phase,
  :meth:`ColtState._decision` asks the phase for the next legal codes; scoring (CE-9);
* ``setup.py``: a new game (CE-2, CE-10) and the explicit ``setup`` block;
* ``rounds.py``: the round as a phase machine (CE-3, two-player steps CE-10, expert steps CE-11);
* ``decisions.py``: the legal codes of each phase;
* ``effects.py``: one entry per action card (CE-6, with the bandit powers CE-8) and per round event (CE-7);
* ``views.py``: views and determinization (CE-12);
  ``codes.py``: decisions as integer codes and the ids they stand for; ``data.py``: the data tables.

The state is deliberately flat: small ints for positions and counters, short lists of ints per seat for
the card sequences that change on almost every move (hands, decks, discard piles, and the common pile),
changed in place, and tuples for the rest (loot on a place or held, the round's schedule), which are never
changed in place, only replaced. So ``clone()`` copies about a dozen short lists plus the card lists of each
seat and shares the rest — about a microsecond — which is what search bots need (see ``docs/decisions.md``,
Colt Express); and a move changes a hand or a deck without rebuilding it.

One decision at a time: ``actor`` is the deciding seat, ``phase`` (``rounds.py``) says which decision.
Chance (shuffles, which face-down purse a robbery takes) is resolved inline with ``self.rng``.

Decisions are integer codes (``verb << 10 | argument``, ``codes.py``): the rules compute the legal codes
after every change, and an action id is made from a code (:meth:`ColtState._code_id`) only when someone
asks for ids — a client, a record, the history. Events are built only when someone will read them: every
rule takes ``ev``, the list to append them to, or ``None`` in a playout (``play_index``).

Why the phase dispatch in ``_do`` and ``_decision`` is an ``if`` on the phase and not a table of functions:
it runs twice a move in every playout, and compiled (mypyc) a direct call between the group's functions is
a C call, where a call through a table boxes every argument.
"""

from __future__ import annotations

from typing import Any, Final

from nastolka.engine import Event, GameState, OptionError, Result, Rng
from nastolka.engine.rng import COMPILED

from . import data as D
from . import decisions, rounds
from . import setup as _setup
from .codes import (
    C_COVER,
    C_DISCARD,
    CODE_ARG,
    CODE_SHIFT,
    NO_CODES,
    NO_INTS,
    PICKPOCKET_PASS,
    PICKPOCKET_TAKE,
    CardTables,
)
from .effects import card_options
from .rounds import COVER, EXPERT, KEEP2P, OVER, PICKPOCKET, SCHEME, SETUP2P, STEAL


def legacy_id(aid: str) -> str:
    """Today's id for an id of the shape records had before the engine grammar (else ``aid`` itself)."""
    return {"pickpocket:take": PICKPOCKET_TAKE, "pickpocket:pass": PICKPOCKET_PASS}.get(aid, aid)


ALL_PURSES = (1 << D.N_PURSES) - 1
#: ``to_act`` of each seat, built once (the property is read before every move of a playout)
SEAT_TUPLES: Final[tuple[tuple[int, ...], ...]] = tuple((s,) for s in range(8))


def loot_value(token: int, pv: tuple[int, ...]) -> int:
    if token < D.FIRST_JEWEL:
        return pv[token]
    return D.JEWEL_VALUE if token < D.FIRST_BOX else D.STRONGBOX_VALUE


class ColtState(GameState):
    """One Colt Express game; the phases are in ``rounds.py``, the module docstring says where each rule is."""

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
    pos: list[int]                    # place of each bandit slot (CE-5): 2 * car + level (0 inside, 1 roof)
    marshal: int                      # the Marshal's car
    floor: list[tuple[int, ...]]      # loot tokens lying at each place
    held: list[tuple[int, ...]]       # loot tokens of each bandit slot
    box2: bool                        # the second strongbox is still off the train (Take It All, CE-7)
    removed: tuple[int, ...]          # purses out of the game (Marshal's revenge, CE-7)
    public_purses: int                # bitmask of the purses whose value everybody knows
    known: list[int]                  # per seat: bitmask of the purses whose value it knows
    # --- cards and bullets
    deck: list[list[int]]             # per seat, top at the end (changed in place; a clone copies each)
    hand: list[list[int]]             # per seat, sorted (changed in place; a clone copies each)
    disc: list[list[int]]             # per seat: the expert discard pile (CE-11; changed in place)
    known_top: list[int]              # per seat: cards on top of its deck it knows (resolved cards put back)
    neutral: int                      # neutral bullets left (CE-6, CE-7)
    bullets: list[int]                # bullets left per bandit slot
    fired: list[int]                  # bullets fired per seat (Gunslinger, CE-9)
    bonus: list[int]                  # ransom per seat (Hostage, CE-7)
    # --- the round
    round: int                        # index into ``rounds``
    first: int                        # the round's first player
    phase: int                        # SETUP2P .. OVER (rounds.py): which decision ``actor`` makes
    actor: int                        # the deciding seat, -1 when nobody decides
    schedule: tuple[int, ...]         # the Schemin' turns: seat * 4 + turn type (CE-3.2)
    slot: int                         # index of the current turn in ``schedule``
    pile: list[int]                   # the common pile: card * 2 + face down (CE-3.2; changed in place)
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
        return _setup.create(cls, players, options, rng, setup)

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
            new.neutral, new.removed, new.box2 = self.neutral, self.removed, self.box2
            new.ghost_pile, new.resolving, new.schedule, new.slot = self.ghost_pile, self.resolving, self.schedule, self.slot
            new.queue, new.cover_bandit, new.ghost, new.round = self.queue, self.cover_bandit, self.ghost, self.round
            new.phase, new.actor, new.preset, new._codes = self.phase, self.actor, self.preset, self._codes
            new.public_purses, new.purse_values, new.rounds = self.public_purses, self.purse_values, self.rounds
            # the card lists of each seat are copied, because the rules change them in place
            new.deck = [d[:] for d in self.deck]
            new.hand = [h[:] for h in self.hand]
            new.disc = [d[:] for d in self.disc] if self.expert else self.disc
        else:
            rng = new.rng            # the base made a fresh Rng; everything else of the base is equal
            new.__dict__ = self.__dict__.copy()
            new.rng = rng
            # the same copies; interpreted, map copies in C where a comprehension is a Python loop
            new.deck = list(map(list.copy, self.deck))
            new.hand = list(map(list.copy, self.hand))
            new.disc = list(map(list.copy, self.disc)) if self.expert else self.disc
        # (only the expert game, CE-11, ever changes a discard pile: otherwise the clone shares them)
        # tuples and ints are shared; these short lists are copied, because the rules replace their items
        # or, for the pile, change it in place
        new.pos = self.pos[:]
        new.floor = self.floor[:]
        new.held = self.held[:]
        new.known = self.known[:]
        new.bullets = self.bullets[:]
        new.fired = self.fired[:]
        new.bonus = self.bonus[:]
        new.pile = self.pile[:]
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
        """Carry out the legal decision ``code`` of ``seat`` in its phase, then compute the next decision."""
        self._codes = None
        arg = code & CODE_ARG
        ph = self.phase
        if ph == SCHEME:
            rounds.scheme(self, seat, code, ev)
        elif ph == STEAL:
            rounds.steal(self, code, ev)
        elif ph == COVER:
            rounds.cover(self, seat, arg if code >> CODE_SHIFT == C_COVER else -1, ev)
        elif ph == KEEP2P:
            rounds.keep2p(self, seat, arg, ev)
        elif ph == EXPERT:
            rounds.expert_discard(self, seat, arg if code >> CODE_SHIFT == C_DISCARD else -1, ev)
        elif ph == PICKPOCKET:
            rounds.pickpocket(self, arg, ev)
        elif ph == SETUP2P:
            rounds.setup2p(self, seat, arg, ev)
        if self.actor >= 0:
            self._decision()

    def _settle(self, events: list[Event] | None) -> None:
        """Nothing to settle after a move: chance (shuffles, a purse taken at random) is resolved inside the
        rules, and ``actor`` is -1 only once the game is over. (The base looks at ``is_over`` and ``to_act``
        after every move for a chance node; Colt Express never stops at one.)"""

    def _decision(self) -> list[int]:
        """The codes of the current decision, in the order of its ids; kept until the next ``_do``."""
        codes = self._codes
        if codes is not None:
            return codes
        ph = self.phase
        if ph == SCHEME:
            codes = decisions.scheme_codes(self)
        elif ph == STEAL:
            codes = card_options(self, self.pile[self.resolving])
        elif ph == COVER:
            codes = decisions.cover_codes(self)
        elif ph == KEEP2P:
            codes = decisions.keep2p_codes(self)
        elif ph == EXPERT:
            codes = decisions.expert_codes(self)
        elif ph == PICKPOCKET:
            codes = decisions.pickpocket_codes(self)
        elif ph == SETUP2P:
            codes = decisions.setup2p_codes(self)
        else:
            codes = []
        self._codes = codes
        return codes

    def card_owner(self, card: int) -> int:
        return card - D.MARSHAL2P if card >= D.MARSHAL2P else self.owner[card // 6]

    def hand_size(self, seat: int) -> int:
        """CE-3.1 / CE-8 Doc: 6 cards, 7 with Doc (the two-player keep-1 card comes on top)."""
        return 6 + any(self.chars[b] == D.DOC for b in self.seat_bandits[seat])

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
        # every dollar explained per seat (CE-9), in the order a player adds them up: purses, jewels,
        # strongboxes, the hostage ransom ("bonus", CE-7), the Gunslinger's $1000; then the total
        pv = self.purse_values
        held = [[t for b in self.seat_bandits[s] for t in self.held[b]] for s in range(self.n)]
        details = {"purses": [sum(loot_value(t, pv) for t in h if t < D.FIRST_JEWEL) for h in held],
                   "jewels": [sum(loot_value(t, pv) for t in h if D.FIRST_JEWEL <= t < D.FIRST_BOX) for h in held],
                   "strongboxes": [sum(loot_value(t, pv) for t in h if t >= D.FIRST_BOX) for h in held],
                   "bonus": list(self.bonus), "gunslinger_bonus": [1000 if s in guns else 0 for s in range(self.n)],
                   "totals": totals, "gunslinger": guns, "bullets_received": recv, "fired": list(self.fired)}
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
