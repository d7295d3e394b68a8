"""Colt Express's action cards (CE-6) with the bandit powers that change them (CE-8), and the round events (CE-7).

One entry per card and per event, each naming its rule id, so a rule is found by grepping it:

* an action card has two functions side by side: ``<card>_options(st, b)`` lists the legal ways for bandit
  slot ``b`` to carry it out, as codes (``codes.py``; none when the action is impossible, CE-3.4), and
  ``<card>(st, b, arg, ev)`` carries out the chosen one (``arg`` is the code's argument). :func:`card_options`
  and :func:`resolve` pick the card's pair by its kind;
* a round event is one function in :data:`EVENTS`, indexed by ``data.ROUND_EVENT``; it returns whether
  players must answer first (Pickpocketing: the bandits to ask wait in ``st.queue``).

Why functions of the state (``st``) and not methods: one module per job, the state class keeps its fields
and the turn flow. Why :func:`card_options` and :func:`resolve` choose by an ``if`` on the kind and not by
a table of functions: they run for every pile card of every playout, and compiled (mypyc) a direct call
between functions of the group is a C call, where a call through a table boxes every argument. The events
run once a round, so they are a table, as in the rulebook. Events are built only when ``ev`` is a list
(``None`` in a playout).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from nastolka.engine import Event

from . import data as D
from .codes import C_FIRE, C_FLOOR, C_MARSHAL, C_MOVE, C_ROB, CODE_ARG, CODE_SHIFT, punch_code, punch_parts

if TYPE_CHECKING:
    from .state import ColtState

#: the level of a place (``place & 1``) as the events and views name it
LEVEL_IDS: Final = ("inside", "roof")


# ----------------------------------------------------------------------------- the two card dispatchers
def card_options(st: ColtState, entry: int) -> list[int]:
    """Every legal way to carry out the pile card ``entry`` (CE-6), as codes; empty when it is impossible."""
    card = entry >> 1
    kind = D.CARD_KIND[card]
    if kind == D.MARSHAL:
        return marshal_options(st)
    b = card // 6
    if kind == D.MOVE:
        return move_options(st, b)
    if kind == D.FLOOR:
        return [C_FLOOR << CODE_SHIFT]           # CE-6 Floor change: always possible, one way
    if kind == D.FIRE:
        return fire_options(st, b)
    if kind == D.PUNCH:
        return punch_options(st, b)
    if kind == D.ROB:
        return rob_options(st, b)
    return []


def resolve(st: ColtState, entry: int, code: int, ev: list[Event] | None) -> None:
    """Carry out the pile card ``entry`` the way ``code`` (one of its :func:`card_options`) says."""
    card = entry >> 1
    kind = D.CARD_KIND[card]
    arg = code & CODE_ARG
    if kind == D.MARSHAL:
        marshal(st, arg, ev)
        return
    b = card // 6
    if kind == D.MOVE:
        move(st, b, arg, ev)
    elif kind == D.FLOOR:
        change_floor(st, b, ev)
    elif kind == D.FIRE:
        fire(st, b, arg, ev)
    elif kind == D.PUNCH:
        punch(st, b, arg, ev)
    elif kind == D.ROB:
        rob(st, b, arg, ev)


# ----------------------------------------------------------------------------- action cards (CE-6)
def move_options(st: ColtState, b: int) -> list[int]:
    """CE-6 Move: inside to an adjacent car, on the roof 1 to 3 cars forward or back (the car is the code)."""
    p = st.pos[b]
    c = p >> 1
    span = 3 if p & 1 else 1
    return [C_MOVE << CODE_SHIFT | d for d in range(max(0, c - span), min(st.car_count, c + span) + 1) if d != c]


def move(st: ColtState, b: int, car: int, ev: list[Event] | None) -> None:
    """CE-6 Move: to ``car`` on the same level."""
    enter(st, b, 2 * car + (st.pos[b] & 1), ev)


def change_floor(st: ColtState, b: int, ev: list[Event] | None) -> None:
    """CE-6 Floor change: inside ↔ roof of the same car."""
    enter(st, b, st.pos[b] ^ 1, ev)


def marshal_options(st: ColtState) -> list[int]:
    """CE-6 Marshal card (CE-10): the Marshal to an adjacent car (at an end of the train one way only)."""
    m = st.marshal
    codes: list[int] = []
    if m > 0:
        codes.append(C_MARSHAL << CODE_SHIFT | (m - 1))
    if m < st.car_count:
        codes.append(C_MARSHAL << CODE_SHIFT | (m + 1))
    return codes


def marshal(st: ColtState, c: int, ev: list[Event] | None) -> None:
    """CE-6 Marshal: he comes into car ``c``; bandits inside flee to the roof with a neutral bullet (Marshal rule)."""
    st.marshal = c
    if ev is not None:
        ev.append(Event("marshal", {"car": c}))
    hit = [b for b in range(st.bandit_count) if st.pos[b] == 2 * c]
    if hit:
        for b in hit:
            st.pos[b] = 2 * c + 1
        if ev is not None:
            ev.append(Event("flee", {"bandits": [st.bname(b) for b in hit], "car": c}))
        neutral_bullets(st, hit, ev)


def fire_options(st: ColtState, b: int) -> list[int]:
    """CE-6 Fire: one code per target, in slot order; none without a bullet left (the bandit keeps it).

    The targets of bandit slot ``b``: from inside, every bandit inside an adjacent car; from a roof, every
    bandit on the nearest roof in each direction where anybody stands (the line of sight stops there;
    nobody on his own roof); CE-8 Tuco also hits the other level of his own car; CE-8 Belle is no target
    while another bandit could be chosen. The places hit are found first (on a roof: one pass for the
    nearest roofs), then one pass over the bandits makes the codes."""
    if not st.bullets[b]:
        return []
    pos = st.pos
    p = pos[b]
    nb = st.bandit_count
    if p & 1 == 0:
        near, far = p - 2, p + 2            # inside the car in front and the car behind
    else:
        near = far = -1                     # the nearest occupied roof in front, behind
        for t in range(nb):
            q = pos[t]
            if q & 1 and t != b:
                if q < p:
                    if q > near:
                        near = q
                elif q > p and (far < 0 or q < far):
                    far = q
    other = p ^ 1 if st.chars[b] == D.TUCO else -1
    chars = st.chars
    out: list[int] = []
    belle_at = -1
    for t in range(nb):
        q = pos[t]
        if q == near or q == far or q == other:
            if chars[t] == D.BELLE:
                belle_at = len(out)
            out.append(C_FIRE << CODE_SHIFT | t)
    if belle_at >= 0 and len(out) > 1:      # CE-8 Belle (one Belle at most: every bandit is different)
        out.pop(belle_at)
    return out


def fire(st: ColtState, b: int, t: int, ev: list[Event] | None) -> None:
    """CE-6 Fire: a bullet card of ``b`` onto the deck of ``t`` (CE-10: one's own other bandit counts for no
    Gunslinger); CE-8 Django pushes ``t`` one car in the direction of the shot if the train goes on there."""
    st.bullets[b] -= 1
    give(st, t, D.BULLET0 + b)
    if not (st.two and st.owner[t] == st.owner[b]):
        st.fired[st.owner[b]] += 1
    if ev is not None:
        ev.append(Event("fire", {"bandit": st.bname(b), "target": st.bname(t)}))
    if st.chars[b] == D.DJANGO:
        c, tc = st.pos[b] >> 1, st.pos[t] >> 1
        if tc != c:
            d = tc + (1 if tc > c else -1)
            if 0 <= d <= st.car_count:
                enter(st, t, 2 * d + (st.pos[t] & 1), ev)


def punch_options(st: ColtState, b: int) -> list[int]:
    """CE-6 Punch: a bandit in the same place (CE-8 Belle), a kind of his loot or none, the car he is pushed
    to; CE-8 Cheyenne may keep a purse she knocks out (then the code says whether she does)."""
    pos = st.pos
    p = pos[b]
    c, k = p >> 1, st.car_count
    targets = belle(st, [t for t in range(st.bandit_count) if t != b and pos[t] == p])
    chey = st.chars[b] == D.CHEYENNE
    codes: list[int] = []
    for t in targets:
        for lk in loot_kinds(st.held[t]) or [-1]:
            keeps = (0, 1) if chey and lk == D.PURSE else (-1,)
            for keep in keeps:
                for d in (c - 1, c + 1):
                    if 0 <= d <= k:
                        codes.append(punch_code(t, lk, keep, d))
    return codes


def punch(st: ColtState, b: int, arg: int, ev: list[Event] | None) -> None:
    """CE-6 Punch: ``arg`` is a punch code's argument (``punch_parts``; keep is 1 only when Cheyenne keeps a
    purse, CE-8): the loot drops on the floor (or goes to Cheyenne), then the target is pushed."""
    t, lk, keep, d = punch_parts(arg)
    p = st.pos[b]
    if lk >= 0:
        token = pick(st, st.held[t], lk)
        h = list(st.held[t])
        h.remove(token)
        st.held[t] = tuple(h)
        if keep > 0:
            st.held[b] += (token,)
            st.known[st.owner[b]] |= 1 << token
        else:
            st.floor[p] += (token,)
    if ev is not None:
        ev.append(Event("punch", {"bandit": st.bname(b), "target": st.bname(t),
                                  "loot": D.LOOT_IDS[lk] if lk >= 0 else None, "kept": keep > 0}))
    enter(st, t, 2 * d + (p & 1), ev)


def rob_options(st: ColtState, b: int) -> list[int]:
    """CE-6 Robbery: one code per kind of loot lying in the bandit's place."""
    return [C_ROB << CODE_SHIFT | lk for lk in loot_kinds(st.floor[st.pos[b]])]


def rob(st: ColtState, b: int, lk: int, ev: list[Event] | None) -> None:
    """CE-6 Robbery: take a token of kind ``lk`` from the bandit's place."""
    take(st, b, st.pos[b], lk, ev, "rob")


# ----------------------------------------------------------------------------- what the cards share
def enter(st: ColtState, b: int, p: int, ev: list[Event] | None) -> None:
    """Put bandit ``b`` at place ``p``, then the Marshal rule (CE-6) if he came inside the Marshal's car."""
    st.pos[b] = p
    if ev is not None:
        ev.append(Event("moved", {"bandit": st.bname(b), "car": p >> 1, "level": LEVEL_IDS[p & 1]}))
    if p & 1 == 0 and p >> 1 == st.marshal:
        st.pos[b] = p | 1
        if ev is not None:
            ev.append(Event("flee", {"bandits": [st.bname(b)], "car": p >> 1}))
        neutral_bullets(st, [b], ev)


def give(st: ColtState, b: int, card: int) -> None:
    """A bullet card on top of the deck of ``b``'s owner (CE-6; a neutral one leaves the supply)."""
    o = st.owner[b]
    st.deck[o].append(card)
    st.known_top[o] += 1
    if card == D.NEUTRAL:
        st.neutral -= 1


def neutral_bullets(st: ColtState, bandits: list[int], ev: list[Event] | None) -> None:
    """CE-6/CE-7: each listed bandit takes a neutral bullet — all of them, or none if too few are left."""
    if not bandits:
        return
    if st.neutral >= len(bandits):
        for b in bandits:
            give(st, b, D.NEUTRAL)
        if ev is not None:
            ev.append(Event("neutral_bullets", {"bandits": [st.bname(b) for b in bandits], "given": True}))
    elif ev is not None:
        ev.append(Event("neutral_bullets", {"bandits": [st.bname(b) for b in bandits], "given": False}))


def remove_card(cards: list[int], card: int) -> None:
    """Take the first ``card`` out of ``cards`` in place (it is there: the rules ask only for legal cards);
    the order of the rest is kept (a hand stays sorted)."""
    for i in range(len(cards)):
        if cards[i] == card:
            cards.pop(i)
            return
    raise AssertionError("no such card")  # pragma: no cover - the rules remove only cards that are there


def belle(st: ColtState, targets: list[int]) -> list[int]:
    """CE-8 Belle: not a target of Fire or Punch while another bandit could be chosen."""
    if len(targets) > 1:
        chars = st.chars
        rest = [t for t in targets if chars[t] != D.BELLE]
        if rest:
            return rest
    return targets


def loot_kinds(tokens: tuple[int, ...]) -> list[int]:
    """The kinds of loot among ``tokens`` (purse, jewel, strongbox), each once, in that order."""
    mask = 0
    for x in tokens:
        mask |= 1 << D.TOKEN_KIND[x]
    return [lk for lk in (D.PURSE, D.JEWEL, D.BOX) if (mask >> lk) & 1]


def pick(st: ColtState, tokens: tuple[int, ...], lk: int) -> int:
    """A token of kind ``lk``; a purse is taken at random since purses lie face down (CE-6)."""
    if lk == D.PURSE:
        purses = [x for x in tokens if x < D.FIRST_JEWEL]
        return purses[st.rng.randbelow(len(purses))] if len(purses) > 1 else purses[0]
    for x in tokens:
        if D.TOKEN_KIND[x] == lk:
            return x
    raise AssertionError("no token of that kind")  # pragma: no cover - options guarantee it


def take(st: ColtState, b: int, p: int, lk: int, ev: list[Event] | None, why: str) -> None:
    """Bandit ``b`` takes a token of kind ``lk`` from place ``p`` (Robbery CE-6, Pickpocketing CE-7)."""
    token = pick(st, st.floor[p], lk)
    f = list(st.floor[p])
    f.remove(token)
    st.floor[p] = tuple(f)
    st.held[b] += (token,)
    if token < D.FIRST_JEWEL:
        st.known[st.owner[b]] |= 1 << token
    if ev is not None:
        ev.append(Event(why, {"bandit": st.bname(b), "loot": D.LOOT_IDS[lk]}))


# ----------------------------------------------------------------------------- round events (CE-7)
def no_event(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-4: Tunnels and Full steam have no event."""
    return False


def angry_marshal(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 angry_marshal: a neutral bullet to each bandit on the Marshal's roof, then he moves one car toward
    the caboose (the Marshal rule where he arrives)."""
    m = st.marshal
    neutral_bullets(st, [b for b in range(st.bandit_count) if st.pos[b] == 2 * m + 1], ev)
    if m < st.car_count:
        marshal(st, m + 1, ev)
    return False


def swivel_arm(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 swivel_arm: every bandit on a roof to the roof of the caboose."""
    pos = st.pos
    for b in range(st.bandit_count):
        if pos[b] & 1:
            pos[b] = 2 * st.car_count + 1
    return False


def braking(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 braking: every bandit on a roof one car toward the Locomotive (on its roof he stays)."""
    pos = st.pos
    for b in range(st.bandit_count):
        if pos[b] & 1 and pos[b] > 1:
            pos[b] -= 2
    return False


def take_it_all(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 take_it_all: the second strongbox inside the Marshal's car (once a game)."""
    if st.box2:
        st.box2 = False
        st.floor[2 * st.marshal] += (D.FIRST_BOX + 1,)
    return False


def rebellion(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 rebellion: a neutral bullet to every bandit inside a car (Locomotive included)."""
    neutral_bullets(st, [b for b in range(st.bandit_count) if st.pos[b] & 1 == 0], ev)
    return False


def pickpocketing(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 pickpocketing: each bandit alone in his place, with a purse there, is asked (in seat order from
    the first player) whether he takes one: they wait in ``st.queue``; the answers are ``rounds.pickpocket``."""
    pos = st.pos
    order = [b for i in range(st.n) for b in st.seat_bandits[(st.first + i) % st.n]]
    q = tuple(b for b in order
              if sum(1 for x in pos if x == pos[b]) == 1
              and any(t < D.FIRST_JEWEL for t in st.floor[pos[b]]))
    if not q:
        return False
    st.queue = q
    return True


def marshals_revenge(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 marshals_revenge: each bandit on the Marshal's roof loses his least valuable purse (out of the game)."""
    for b in range(st.bandit_count):
        if st.pos[b] == 2 * st.marshal + 1:
            purses = [t for t in st.held[b] if t < D.FIRST_JEWEL]
            if purses:
                t = min(purses, key=lambda x: (st.purse_values[x], x))
                h = list(st.held[b])
                h.remove(t)
                st.held[b] = tuple(h)
                st.removed += (t,)
                if ev is not None:
                    ev.append(Event("revenge", {"bandit": st.bname(b)}))
    return False


def hostage_conductor(st: ColtState, ev: list[Event] | None) -> bool:
    """CE-7 hostage_conductor: $250 ransom to each bandit inside or on the Locomotive."""
    for b in range(st.bandit_count):
        if st.pos[b] >> 1 == 0:
            st.bonus[st.owner[b]] += 250
            if ev is not None:
                ev.append(Event("ransom", {"bandit": st.bname(b), "amount": 250}))
    return False


#: the round events by ``data.EVENT_IDS`` index (0: none); each returns whether players must answer first
EVENTS: Final[tuple[Callable[[ColtState, list[Event] | None], bool], ...]] = (
    no_event, angry_marshal, swivel_arm, braking, take_it_all, rebellion, pickpocketing, marshals_revenge,
    hostage_conductor)
