"""Setting a TaleSpin game up (R3, R18-R20) and the ``setup`` block that pins a position by hand.

Why a separate module: scenario tests and bug reports are records whose ``setup`` names characters, hands,
chains, holds, the deck top, forced dice and even a dogfight in progress (``Game.setup_keys`` documents
the keys); the validation here turns a typo into an ``OptionError`` naming the key. The normal random
start is the same code with nothing pinned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import OptionError, Rng

from . import data as T
from . import dogfight
from .data import (
    C_DEF,
    C_TYPE,
    MAX_PASS,
    OPEN,
    PASSENGER,
    PH_DISCARD,
    PH_MAIN,
    PH_ROLL,
    PH_STEP1,
    PILOT,
    distance,
)

if TYPE_CHECKING:
    from .state import TaleSpinState

#: setup keys that start a game in the middle (see ``setup_midgame``)
MIDGAME_KEYS = ("turn", "dogfight_used", "khan_beaten", "modifiers", "tiki_played", "dogfight")


def create(cls: type[TaleSpinState], players: int, options: dict[str, Any], rng: Rng,  # noqa: C901
           setup: dict[str, Any] | None) -> TaleSpinState:
    """A new game (R3), or the position a ``setup`` block pins (docs/records.md); ``OptionError`` names a
    bad key."""
    klass: Any = cls    # compiled, a native class's __new__ is reached through a Python object
    s: TaleSpinState = klass.__new__(klass)
    setup = setup or {}
    unknown = set(setup) - {"characters", "first", "positions", "hands", "chains", "holds", "discard",
                            "covered", "deck", "dice", "step", *MIDGAME_KEYS}
    if unknown:
        raise OptionError(f"setup: unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("discard", "covered", "deck", "dice", "characters"):
        if key in setup and not isinstance(setup[key], list):
            raise OptionError(f"setup {key!r} must be a list")
    s.solo = players == 1
    s.sides = 2 if s.solo else players
    s.cargo_goal = int(options.get("cargo_to_win", 5))
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
    s.characters = ci
    # starting Locations (R3.5)
    pos = [T.PL_START[c] for c in ci]
    if players == 2 and distance(pos[0], pos[1]) != 6:
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
    s.rotations = tuple(s._rotation(seat) for seat in range(players))
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
    s.hands = [[] for _ in range(s.sides)]
    s.hand_seen = [[] for _ in range(s.sides)]
    s.chains = [[] for _ in range(s.sides)]
    s.holds = [[] for _ in range(s.sides)]
    s.discard = []
    s.covered = []
    free = list(deck)

    # setup blocks come from outside: ``Any``, because compiled code enforces annotations at run time and
    # a number where a card id belongs must be refused with an OptionError, not a TypeError
    def take(name: Any) -> int:
        d = T.DEF_INDEX.get(name) if isinstance(name, str) else None
        if d is None:
            raise OptionError(f"setup: unknown card id {name!r}")
        for inst in free:
            if C_DEF[inst] == d:
                free.remove(inst)
                return inst
        raise OptionError(f"setup: no copy of {name!r} left in this game's deck")

    def per_side(key: str) -> list[list[Any]]:
        v = setup.get(key)
        if v is None:
            return [[] for _ in range(s.sides)]
        if not isinstance(v, list) or len(v) > s.sides or not all(isinstance(x, list) for x in v):
            raise OptionError(f"setup {key!r} must be a list (one list of card ids per player)")
        return [list(x) for x in v] + [[] for _ in range(s.sides - len(v))]

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
            s.holds[side].append(inst | (OPEN if is_open else 0) | (((1 << s.sides) - 1) << 8 if is_open else 0))
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
    s.stat_mods = [0] * (3 * s.sides)
    s.tiki_played = [0] * s.sides
    s.dogfight_used = False
    s.won_khan = False
    s.dogfight = None
    s.attack_cards = []
    s.defence_cards = []
    s.resolving = []
    s.stack = []
    s.decision = None
    s.over = False
    s.winners = ()
    s.end_reason = ""
    s.last_roll = 0
    s.phase = PH_STEP1
    s.asked = 0
    step = setup.get("step", 1)
    if isinstance(step, bool) or step not in (1, 2, 3, 4):
        raise OptionError("setup 'step' must be 1, 2, 3 or 4")
    if "hands" not in setup:
        for seat in s.order:  # opening hands (R3.7, R20.1)
            s._fill(seat)
    s.phase = (PH_STEP1, PH_MAIN, PH_ROLL, PH_DISCARD)[step - 1]
    setup_midgame(s, setup, step, pilot)
    s._ev = None
    s._codes = None
    s._codes_dec = None
    return s


def setup_midgame(s: TaleSpinState, setup: dict[str, Any], step: int, pilot: int) -> None:  # noqa: C901
    """The setup keys that start a game in the middle (docs/records.md): the turn number, what the
    active player has already done this turn, and a dogfight just started. Every later position is
    reached from there by the record's actions."""
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
        s.dogfight_used = setup["dogfight_used"]
    if "khan_beaten" in setup:
        if not s.solo or not isinstance(setup["khan_beaten"], bool):
            raise OptionError("setup 'khan_beaten' is true or false, in solitaire only")
        if setup["khan_beaten"] and step == 1:
            raise OptionError("setup 'khan_beaten' needs 'step' 2 or later")
        s.won_khan = setup["khan_beaten"]
        s.dogfight_used = s.dogfight_used or s.won_khan
    mods = setup.get("modifiers")
    if mods is not None:
        if (not isinstance(mods, list) or len(mods) > len(s.order)
                or not all(isinstance(m, list) and len(m) == 3 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                      for x in m) for m in mods)):
            raise OptionError("setup 'modifiers' must list per player [shipping, range, piloting] changes")
        for side, m in enumerate(mods):
            s.stat_mods[3 * side:3 * side + 3] = m
    tiki = setup.get("tiki_played")
    if tiki is not None:
        if not isinstance(tiki, list) or len(tiki) > len(s.order) or not all(isinstance(x, list) for x in tiki):
            raise OptionError("setup 'tiki_played' must be a list per player of card ids")
        for side, ids in enumerate(tiki):
            for name in ids:
                d = T.DEF_INDEX.get(name) if isinstance(name, str) else None
                if d is None or not T.D_TIKI[d]:
                    raise OptionError(f"setup 'tiki_played': {name!r} is not a Tiki card")
                s.tiki_played[side] |= 1 << d
    fight = setup.get("dogfight")
    if fight is not None:
        setup_dogfight(s, fight, step, pilot)


def setup_dogfight(s: TaleSpinState, fight: Any, step: int, pilot: int) -> None:
    """``dogfight``: the active player has just started a dogfight (R13.2), which begins at once."""
    if not isinstance(fight, dict) or set(fight) - {"defender", "pilot"}:
        raise OptionError("setup 'dogfight' must be {\"defender\": seat, \"pilot\": card id or null}")
    if step != 2 or s.dogfight_used:
        raise OptionError("setup 'dogfight' needs 'step' 2 and no other dogfight this turn")
    a = s.active
    d = fight.get("defender", 1 if s.solo else None)
    if isinstance(d, bool) or not isinstance(d, int) or d not in s._opponents(a):
        raise OptionError("setup 'dogfight': 'defender' must be an opponent of the active player")
    if pilot >= 0:
        if C_TYPE[pilot] != PILOT:
            raise OptionError(f"setup 'dogfight': {fight['pilot']} is not a Pilot")
    elif not s.solo and distance(s.pos[a], s.pos[d]) > s.stat(a, 1):
        raise OptionError("setup 'dogfight': the defender is out of the attacker's RANGE (R7.5)")
    dogfight.start(s, a, d, pilot)
