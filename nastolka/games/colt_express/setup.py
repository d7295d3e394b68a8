"""Setting a Colt Express game up (CE-2, CE-10) and the explicit ``setup`` block that pins every random
element of a start by hand.

Why a separate module: scenario tests and bug reports are records whose ``setup`` places bandits, loot,
the Marshal, round cards and cards exactly; the validation here turns a typo into an ``OptionError`` that
names the key instead of a confusing game. The keys are documented in ``SETUP_KEYS`` (and docs/records.md).
The normal random start (:func:`create`) is the same code with nothing pinned.

Why over 400 lines: each ``setup`` key overrides one step of the random start, so the start and the
checks of the keys are read together; split, every key would be explained in two places.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from nastolka.engine import OptionError, Rng

from . import data as D
from .codes import NO_INTS, tables_for
from .effects import remove_card
from .rounds import SCHEME, SETUP2P, end_scheme, start_round

if TYPE_CHECKING:
    from .state import ColtState

SETUP_KEYS: dict[str, str] = {
    "bandits": "list of bandit ids per bandit slot (seat order; two-player: seat 0's two, then seat 1's)",
    "cars": "list of 2–6 car ids behind the Locomotive, front to back (the last one is the caboose)",
    "first": "seat of the first player of round 1 (later rounds pass it clockwise)",
    "rounds": "list of 1–5 round card ids played in this order (the game ends after the last one)",
    "marshal": "car index of the Marshal (0 = Locomotive, default 0)",
    "positions": "list per bandit slot of [car index, \"inside\" | \"roof\"] (two-player: skips the start choice)",
    "loot": "list per car index (0 = Locomotive) of {purses: [values], jewels: n, strongboxes: n, "
            "roof: {same}}; default: the printed loot with random purses and the strongbox in the Locomotive",
    "held": "list per bandit slot of {purses: [values], jewels: n, strongboxes: n}; default one $250 purse "
            "(given purses are known to their owner only, default ones to everybody)",
    "strongbox_off_train": "bool: is a strongbox still waiting for Take It All! (default: if fewer than 2 are placed)",
    "hands": "list per seat of card names in hand for round 1 (no deal, no keep-1 choice in round 1)",
    "decks": "list per seat of card names in the personal deck, top card first (default: the rest, shuffled)",
    "discards": "list per seat of card names in the expert discard pile",
    "bullets": "list per bandit slot of bullet cards left (default 6 minus those in decks, hands and discards)",
    "neutral": "neutral bullets left in the supply (default 13 minus those in decks, hands and discards)",
    "fired": "list per seat of bullets fired that count for the Gunslinger (default 6 minus bullets left)",
    "bonus": "list per seat of hostage ransom dollars already earned (default 0)",
    "pile": "list of [seat, card name] or [seat, card name, \"down\"]: round 1 starts at Stealin' with this "
            "pile, first played first (the cards are taken out of the default decks)",
}


def create(cls: Any, players: int, options: dict[str, Any], rng: Rng,
           setup: dict[str, Any] | None) -> ColtState:
    """A new game of ``players`` (``ColtState._create``)."""
    st: ColtState = cls.__new__(cls)    # compiled, a native class's __new__ is reached through a Python object
    st.rng = rng
    build(st, players, options, rng, setup or {})
    return st


def build(st: ColtState, n: int, options: dict[str, Any], rng: Rng, setup: dict[str, Any]) -> None:
    """Build the initial state (CE-2, CE-10); ``setup`` keys override each random element."""
    two = n == 2
    st.n = n
    st.two = two
    st.expert = bool(options.get("expert", False))
    nb = 4 if two else n
    st.bandit_count = nb
    # bandits (CE-2.1)
    if "bandits" in setup:
        chars = setup_bandits(setup["bandits"], nb)
    elif options.get("bandits"):
        chars = tuple(D.BANDIT_INDEX[b] for b in options["bandits"])
    else:
        pool = list(range(len(D.BANDIT_IDS)))
        rng.shuffle(pool)
        chars = tuple(pool[:nb])
    st.chars = chars
    st.tab = tables_for(two, chars)
    st.owner = OWNERS[n]
    st.seat_bandits = SEAT_BANDITS[n]
    # train (CE-2.2)
    if "cars" in setup:
        cars = setup_cars(setup["cars"])
    elif options.get("cars"):
        cars = tuple(D.CAR_INDEX[c] for c in options["cars"])
    else:
        pool = list(range(len(D.CAR_IDS)))
        rng.shuffle(pool)
        cars = tuple(pool[:3 if two else n])
    st.cars = cars
    st.car_count = len(cars)
    st.first = rng.randbelow(n)
    st.marshal = 0
    st.neutral = D.NEUTRAL_BULLETS
    st.bullets = [D.BULLETS_PER_BANDIT] * nb
    st.fired = [0] * n
    st.bonus = [0] * n
    st.removed = NO_INTS
    st.box2 = True
    st.pile = []
    st.ghost_pile = NO_INTS
    st.resolving = 0
    st.schedule = NO_INTS
    st.slot = 0
    st.queue = NO_INTS
    st.cover_bandit = -1
    st.ghost = 0
    st.round = 0
    st.phase = SCHEME
    st.actor = -1
    st.preset = False
    st._codes = None
    # loot (CE-2.1, CE-2.3, CE-2.4): starting purses are the known $250 ones
    st.floor = [()] * (2 * (st.car_count + 1))
    st.held = list(START_HELD[n])
    st.public_purses = START_PUBLIC[n]
    rest = list(START_REST[n])
    rng.shuffle(rest)
    jewel = D.FIRST_JEWEL
    for c, car in enumerate(cars, start=1):
        purses = rest[:D.CAR_PURSES[car]]
        rest = rest[D.CAR_PURSES[car]:]
        st.floor[2 * c] = tuple(purses) + tuple(range(jewel, jewel + D.CAR_JEWELS[car]))
        jewel += D.CAR_JEWELS[car]
    st.floor[0] = (D.FIRST_BOX,)
    st.purse_values = D.PURSE_VALUES
    st.known = [0] * n
    # round deck (CE-2.5)
    normal = list(D.NORMAL_ROUNDS)
    rng.shuffle(normal)
    st.rounds = tuple(normal[:4]) + (D.STATION_ROUNDS[rng.randbelow(len(D.STATION_ROUNDS))],)
    # positions (CE-2.6): player k (1-based from the first player) odd -> caboose, even -> next car
    # two-player bandits wait on a provisional spot until their owner's CE-10 choice
    st.pos = [2 * st.car_count if b % 2 == 0 else 2 * (st.car_count - 1) for b in range(nb)]
    if not two:
        for i in range(n):
            seat = (st.first + i) % n
            car = st.car_count if i % 2 == 0 else st.car_count - 1
            st.pos[seat] = 2 * car
    # personal decks (CE-2.1, CE-10)
    st.deck = []
    st.hand = [[] for _ in range(n)]
    st.disc = [[] for _ in range(n)]
    st.known_top = [0] * n
    for seat in range(n):
        cards = list(DECKS[n][seat])
        rng.shuffle(cards)
        st.deck.append(cards)
    placed = pile = False
    if setup:
        placed, pile = apply_setup(st, setup, rng)
    for seat in range(n):
        st.known[seat] |= sum(1 << t for b in st.seat_bandits[seat] for t in st.held[b] if t < D.FIRST_JEWEL)
    if pile:
        # a scenario that begins at Stealin' of round 1 with the pile the setup gave
        played = st.pile
        st.preset = True
        start_round(st, None)
        st.pile = played
        st.slot = len(st.schedule)
        end_scheme(st, None)
    elif two and not placed:
        st.phase = SETUP2P
        st.queue = (st.first, 1 - st.first)
        st.actor = st.first
    else:
        start_round(st, None)     # nobody reads the events of a new game: none are built
    # the decision is computed eagerly so that asking for legal ids never changes the state
    st._decision()

def personal_deck(two: bool, seat: int, bandits: tuple[int, ...]) -> list[int]:
    """CE-1 (10 cards per bandit) or CE-10 (5 per bandit + 1 Marshal card per player)."""
    if not two:
        (b,) = bandits
        return [b * 6 + k for k in range(D.N_KINDS) for _ in range(D.KIND_COUNT[k])]
    cards = [b * 6 + k for b in bandits for k in range(D.N_KINDS) if k != D.MARSHAL]
    cards.append(D.MARSHAL2P + seat)
    return cards


# What a new game of ``n`` players starts from, made once per player count (index ``n``, up to 6) instead of
# at every new game: bandit slots are one per seat, two per seat with two players (CE-10).
_COUNTS: Final = range(7)
#: the seat of each bandit slot
OWNERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(b // 2 for b in range(4)) if n == 2 else tuple(range(n)) for n in _COUNTS)
#: the bandit slots of each seat
SEAT_BANDITS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple((2 * s, 2 * s + 1) if n == 2 else (s,) for s in range(n)) for n in _COUNTS)
#: each seat's personal deck before it is shuffled (CE-1, CE-10)
DECKS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(personal_deck(n == 2, s, SEAT_BANDITS[n][s])) for s in range(n)) for n in _COUNTS)
#: CE-2.1: the purse each bandit slot starts with (the lowest value, known to all), as its held loot
START_HELD: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple((t,) for t in [i for i, v in enumerate(D.PURSE_VALUES) if v == D.START_PURSE_VALUE][:len(OWNERS[n])])
    for n in _COUNTS)
#: the bitmask of those starting purses (public: everybody knows their value)
START_PUBLIC: Final[tuple[int, ...]] = tuple(sum(1 << h[0] for h in START_HELD[n]) for n in _COUNTS)
#: the other purses, in id order (shuffled onto the cars, CE-2.4)
START_REST: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i in range(D.N_PURSES) if (START_PUBLIC[n] >> i) & 1 == 0) for n in _COUNTS)


def apply_setup(s: ColtState, setup: dict[str, Any], rng: Rng) -> tuple[bool, bool]:  # noqa: C901
    """Overlay ``setup`` onto a freshly dealt state.

    Returns (positions fixed, pile given): the first skips the two-player start choice, the second starts
    round 1 directly at Stealin'.
    """
    unknown = set(setup) - set(SETUP_KEYS)
    if unknown:
        raise OptionError(f"unknown setup keys: {', '.join(sorted(unknown))} (known: {', '.join(SETUP_KEYS)})")
    n, nb, k = s.n, s.bandit_count, s.car_count
    if "first" in setup:
        first = setup["first"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise OptionError(f"setup 'first' must be a seat from 0 to {n - 1}")
        s.first = first
        if not s.two:
            for i in range(n):
                seat = (first + i) % n
                s.pos[seat] = 2 * (k if i % 2 == 0 else k - 1)
    if "rounds" in setup:
        raw = setup["rounds"]
        if (not isinstance(raw, list) or not 1 <= len(raw) <= 5
                or not all(isinstance(r, str) and r in D.ROUND_INDEX for r in raw)):
            raise OptionError(f"setup 'rounds' must list 1–5 round card ids from {', '.join(D.ROUND_IDS)}")
        s.rounds = tuple(D.ROUND_INDEX[r] for r in raw)
    if "marshal" in setup:
        s.marshal = _int(setup["marshal"], "marshal", 0, k)
    placed = False
    if "positions" in setup:
        raw = setup["positions"]
        if not isinstance(raw, list) or len(raw) != nb:
            raise OptionError(f"setup 'positions' must list [car, level] for each of the {nb} bandits")
        for b, item in enumerate(raw):
            if (not isinstance(item, list) or len(item) != 2 or item[1] not in ("inside", "roof")):
                raise OptionError(f"setup 'positions'[{b}] must be [car index, \"inside\" | \"roof\"]")
            car = _int(item[0], f"positions[{b}] car", 0, k)
            s.pos[b] = 2 * car + (1 if item[1] == "roof" else 0)
            if item[1] == "inside" and car == s.marshal:
                raise OptionError(f"setup 'positions'[{b}]: no bandit may be inside the Marshal's car")
        placed = True
    elif any(p == 2 * s.marshal for p in s.pos):
        # the default start (CE-2.6, CE-10) puts bandits inside the caboose and the car before it
        raise OptionError(f"setup 'marshal' {s.marshal}: the bandits start inside that car; "
                          "give 'positions' too, or put the Marshal elsewhere")
    if "loot" in setup or "held" in setup:
        _setup_loot(s, setup, rng)
    _setup_cards(s, setup, rng)
    pile_given = "pile" in setup
    if pile_given:
        _setup_pile(s, setup["pile"], "decks" in setup or "hands" in setup)
    # bullet cards already given out (in decks, hands and discard piles) are no longer in their supply
    out = [sum(seq.count(D.BULLET0 + b) for part in (s.deck, s.hand, s.disc) for seq in part) for b in range(nb)]
    if "bullets" in setup:
        raw = setup["bullets"]
        if not isinstance(raw, list) or len(raw) != nb:
            raise OptionError(f"setup 'bullets' must list bullets left for each of the {nb} bandits")
        s.bullets = [_int(x, "bullets", 0, D.BULLETS_PER_BANDIT) for x in raw]
    else:
        s.bullets = [max(0, D.BULLETS_PER_BANDIT - out[b]) for b in range(nb)]
    for b in range(nb):
        if s.bullets[b] + out[b] > D.BULLETS_PER_BANDIT:
            raise OptionError(f"setup: bandit {b} would have more than {D.BULLETS_PER_BANDIT} bullet cards "
                              "(bullets left plus those in decks, hands and discard piles)")
    if "fired" in setup:
        raw = setup["fired"]
        if not isinstance(raw, list) or len(raw) != n:
            raise OptionError(f"setup 'fired' must list a number per seat ({n})")
        s.fired = [_int(x, "fired", 0, 2 * D.BULLETS_PER_BANDIT) for x in raw]
    else:
        s.fired = [sum(D.BULLETS_PER_BANDIT - s.bullets[b] for b in s.seat_bandits[seat]) for seat in range(n)]
    if "bonus" in setup:
        raw = setup["bonus"]
        if not isinstance(raw, list) or len(raw) != n:
            raise OptionError(f"setup 'bonus' must list dollars per seat ({n})")
        s.bonus = [_int(x, "bonus", 0, 100_000) for x in raw]
    in_cards = sum(seq.count(D.NEUTRAL) for part in (s.deck, s.hand, s.disc) for seq in part)
    if "neutral" in setup:
        s.neutral = _int(setup["neutral"], "neutral", 0, D.NEUTRAL_BULLETS)
        if s.neutral + in_cards > D.NEUTRAL_BULLETS:
            raise OptionError(f"setup 'neutral' {s.neutral} plus the {in_cards} neutral bullets in decks, hands and "
                              f"discard piles is more than {D.NEUTRAL_BULLETS}")
    else:
        s.neutral = D.NEUTRAL_BULLETS - in_cards
        if s.neutral < 0:
            raise OptionError("the setup holds more than 13 neutral bullets")
    return placed, pile_given


def _int(raw: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise OptionError(f"setup '{what}' must be a whole number from {lo} to {hi}, not {raw!r}")
    return raw


def _setup_loot(s: ColtState, setup: dict[str, Any], rng: Rng) -> None:  # noqa: C901
    free = list(range(D.N_PURSES))   # purse ids not yet used; values are D.PURSE_VALUES[id]
    jewels = [D.FIRST_JEWEL]
    boxes = [D.FIRST_BOX]

    def purse(value: Any, where: str) -> int:
        for i in free:
            if D.PURSE_VALUES[i] == value:
                free.remove(i)
                return i
        raise OptionError(f"setup {where}: no purse of value {value!r} is left in the 18-purse supply")

    def tokens(spec: Any, where: str) -> tuple[int, ...]:
        if not isinstance(spec, dict) or set(spec) - {"purses", "jewels", "strongboxes", "roof"}:
            raise OptionError(f"setup {where} must be {{purses: [values], jewels: n, strongboxes: n}}")
        purses = spec.get("purses", [])
        if not isinstance(purses, list):
            raise OptionError(f"setup {where}: 'purses' must be a list of values")
        out = [purse(v, where) for v in purses]
        for _ in range(_int(spec.get("jewels", 0), f"{where} jewels", 0, D.N_JEWELS)):
            if jewels[0] >= D.FIRST_BOX:
                raise OptionError(f"setup {where}: more than {D.N_JEWELS} jewels in the game")
            out.append(jewels[0])
            jewels[0] += 1
        for _ in range(_int(spec.get("strongboxes", 0), f"{where} strongboxes", 0, D.N_STRONGBOXES)):
            if boxes[0] >= D.N_TOKENS:
                raise OptionError(f"setup {where}: more than {D.N_STRONGBOXES} strongboxes in the game")
            out.append(boxes[0])
            boxes[0] += 1
        return tuple(out)

    held = setup.get("held")
    if held is None:
        s.held = [tokens({"purses": [D.START_PURSE_VALUE]}, "held") for _ in range(s.bandit_count)]
        s.public_purses = sum(1 << t for h in s.held for t in h)
    else:
        if not isinstance(held, list) or len(held) != s.bandit_count:
            raise OptionError(f"setup 'held' must list the loot of each of the {s.bandit_count} bandits")
        s.held = [tokens(h, f"'held'[{b}]") for b, h in enumerate(held)]
        s.public_purses = 0
    s.floor = [()] * (2 * (s.car_count + 1))
    loot = setup.get("loot")
    if loot is None:
        rng.shuffle(free)
        for c, car in enumerate(s.cars, start=1):
            s.floor[2 * c] = tokens({"purses": [D.PURSE_VALUES[i] for i in free[:D.CAR_PURSES[car]]],
                                     "jewels": D.CAR_JEWELS[car]}, f"car {c}")
        s.floor[0] = tokens({"strongboxes": 1}, "Locomotive")
    else:
        if not isinstance(loot, list) or len(loot) != s.car_count + 1:
            raise OptionError(f"setup 'loot' must list the loot of each of the {s.car_count + 1} cars, Locomotive first")
        for c, spec in enumerate(loot):
            s.floor[2 * c] = tokens(spec, f"'loot'[{c}]")
            if isinstance(spec, dict) and "roof" in spec:
                s.floor[2 * c + 1] = tokens(spec["roof"], f"'loot'[{c}].roof")
    off = setup.get("strongbox_off_train", boxes[0] < D.N_TOKENS)
    if not isinstance(off, bool) or (off and boxes[0] >= D.N_TOKENS):
        raise OptionError("setup 'strongbox_off_train' must be true or false (and true only if a strongbox is left)")
    s.box2 = off
    s.known = [0] * s.n


def _setup_cards(s: ColtState, setup: dict[str, Any], rng: Rng) -> None:
    names = s.names
    for key in ("hands", "decks", "discards"):
        if key in setup and (not isinstance(setup[key], list) or len(setup[key]) != s.n):
            raise OptionError(f"setup '{key}' must list the cards of each of the {s.n} seats")
    if not any(key in setup for key in ("hands", "decks", "discards")):
        return

    def parse(seat: int, raw: Any, key: str) -> list[int]:
        if not isinstance(raw, list):
            raise OptionError(f"setup '{key}'[{seat}] must be a list of card names")
        out = []
        for name in raw:
            matches = [c for c in range(D.N_CARDS) if names[c] == name and _may_hold(s, seat, c)]
            if not matches:
                raise OptionError(f"setup '{key}'[{seat}]: {name!r} is not a card seat {seat} can hold")
            out.append(matches[0])
        return out

    for seat in range(s.n):
        hand = parse(seat, setup["hands"][seat], "hands") if "hands" in setup else []
        disc = parse(seat, setup["discards"][seat], "discards") if "discards" in setup else []
        if "decks" in setup:
            deck = parse(seat, setup["decks"][seat], "decks")
            deck.reverse()   # the record lists the top card first; the state keeps the top at the end
        else:
            deck = personal_deck(s.two, seat, s.seat_bandits[seat])
            for c in hand + disc:
                if c in deck:
                    deck.remove(c)
            rng.shuffle(deck)
        s.hand[seat] = sorted(hand)
        s.deck[seat] = deck
        s.disc[seat] = disc
        s.known_top[seat] = 0
    if "hands" in setup:
        s.preset = True


def _may_hold(s: ColtState, seat: int, c: int) -> bool:
    if c == D.NEUTRAL:
        return True
    if c >= D.BULLET0:
        b = c - D.BULLET0
        return b < s.bandit_count and (s.two or s.owner[b] != seat)
    return s.card_owner(c) == seat


def _setup_pile(s: ColtState, raw: Any, explicit_cards: bool) -> None:
    if not isinstance(raw, list):
        raise OptionError("setup 'pile' must be a list of [seat, card name] or [seat, card name, \"down\"]")
    pile = []
    for i, item in enumerate(raw):
        if (not isinstance(item, list) or len(item) not in (2, 3) or isinstance(item[0], bool)
                or not isinstance(item[0], int) or not 0 <= item[0] < s.n
                or (len(item) == 3 and item[2] not in ("up", "down"))):
            raise OptionError(f"setup 'pile'[{i}] must be [seat, card name] or [seat, card name, \"down\"]")
        seat, name = item[0], item[1]
        matches = [c for c in range(D.BULLET0) if s.names[c] == name and s.card_owner(c) == seat]
        if not matches:
            raise OptionError(f"setup 'pile'[{i}]: {name!r} is not an action card of seat {seat}")
        card = matches[0]
        if not explicit_cards:
            deck = s.deck[seat]
            if card not in deck:
                raise OptionError(f"setup 'pile'[{i}]: seat {seat} has no {name!r} card left")
            remove_card(deck, card)
        pile.append(card * 2 + (1 if len(item) == 3 and item[2] == "down" else 0))
    s.pile = pile

def setup_bandits(raw: Any, nb: int) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != nb or not all(x in D.BANDIT_INDEX for x in raw):
        raise OptionError(f"setup 'bandits' must list {nb} bandit ids from {', '.join(D.BANDIT_IDS)}")
    if len(set(raw)) != nb:
        raise OptionError("setup 'bandits' lists a bandit twice")
    return tuple(D.BANDIT_INDEX[x] for x in raw)


def setup_cars(raw: Any) -> tuple[int, ...]:
    if (not isinstance(raw, list) or not 2 <= len(raw) <= len(D.CAR_IDS)
            or not all(x in D.CAR_INDEX for x in raw) or len(set(raw)) != len(raw)):
        raise OptionError(f"setup 'cars' must list 2–6 different car ids from {', '.join(D.CAR_IDS)}")
    return tuple(D.CAR_INDEX[x] for x in raw)
