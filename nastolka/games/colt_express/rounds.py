"""Colt Express's round (CE-3) as a phase machine, with the two-player (CE-10) and expert (CE-11) steps.

A round: reveal the round card and deal (CE-3.1; the two-player keep-1, CE-10), Schemin' (CE-3.2; the
two-player cover, CE-10), the expert discards (CE-11) or cards back on the deck (CE-3.3), Stealin' (CE-3.4:
the pile resolved card by card, ``effects.py``), the round card's event (CE-7, ``effects.EVENTS``), the
next first player. Each function moves ``st.phase`` on until a seat must decide (``st.actor``); the legal
codes of each phase are in ``decisions.py``, the answers of each phase are the functions below named after
their decision (``scheme``, ``cover``, ``keep2p``, ``expert_discard``, ``steal``, ``pickpocket``,
``setup2p``). ``ColtState._do`` calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from nastolka.engine import Event

from . import data as D
from .codes import C_PLAY, CODE_ARG, CODE_SHIFT, DRAW_CODE, NO_CODES, NO_INTS
from .effects import EVENTS, card_options, remove_card, resolve, take

if TYPE_CHECKING:
    from .state import ColtState

# the phases: which decision the deciding seat (``st.actor``) makes
SETUP2P: Final = 0      # CE-10: each player picks which of his bandits starts in the caboose
KEEP2P: Final = 1       # CE-10: at a round start each player picks 1 card of his deck into his hand
SCHEME: Final = 2       # CE-3.2: one slot of the Schemin' schedule: play a card, draw 3, or pass
COVER: Final = 3        # CE-10: the free face-up card after a face-up Fire in the two-player game
EXPERT: Final = 4       # CE-11: end of Phase 1: discard hand cards one at a time, or keep the rest
STEAL: Final = 5        # CE-3.4: the owner of the resolving pile card makes all its choices at once
PICKPOCKET: Final = 6   # CE-7: a bandit alone in his place may take a purse
OVER: Final = 7

#: the phases as the views name them
PHASE_IDS: Final = ("setup", "keep", "schemin", "cover", "expert_keep", "stealin", "pickpocket", "over")


# ----------------------------------------------------------------------------- round start (CE-3.1)
def schedule(n: int, rc: int, first: int) -> tuple[int, ...]:
    """CE-3.2 / CE-4: the Schemin' turns of round card ``rc`` with ``n`` players from seat ``first``, as
    seat * 4 + turn type: each turn symbol once per player clockwise (a Switch turn counter-clockwise),
    a Speed-up turn twice in a row."""
    turns = D.ROUND_TURNS_SMALL[rc] if n <= 4 else D.ROUND_TURNS_LARGE[rc]
    sched: list[int] = []
    for tt in turns:
        for i in range(n):
            seat = (first - i) % n if tt == D.SWITCH else (first + i) % n
            sched.append(seat * 4 + tt)
            if tt == D.SPEEDUP:
                sched.append(seat * 4 + tt)
    return tuple(sched)


#: every schedule, made once: ``SCHEDULES[n][round card][first player]`` (2 to 6 players)
SCHEDULES: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(tuple(schedule(n, rc, first) for first in range(n)) for rc in range(len(D.ROUND_TURNS_SMALL)))
    for n in range(7))


def start_round(st: ColtState, ev: list[Event] | None) -> None:
    """CE-3.1: reveal the round card, take the Schemin' schedule of its turns (CE-4, :func:`schedule`), deal
    (or CE-10 keep-1 first)."""
    rc = st.rounds[st.round]
    n, first = st.n, st.first
    st.schedule = SCHEDULES[n][rc][first]
    if ev is not None:
        ev.append(Event("round", {"round": st.round + 1, "card": D.ROUND_IDS[rc], "first": first}))
    if st.preset:
        st.preset = False
        begin_scheme(st, ev)
        return
    if st.two and not st.expert:
        st.phase = KEEP2P
        st.queue = (first, 1 - first)
        st.actor = first
        return
    for s in range(n):
        deal(st, s)
    begin_scheme(st, ev)


def deal(st: ColtState, seat: int) -> None:
    """CE-3.1: shuffle deck and hand together, draw 6 (Doc 7); CE-11: draw up to that, nothing shuffled."""
    if st.expert:
        want = st.hand_size(seat) - len(st.hand[seat])
        if want > 0:
            draw(st, seat, want)
        return
    deck, hand = st.deck[seat], st.hand[seat]
    deck.extend(hand)
    hand.clear()
    st.rng.shuffle(deck)
    st.known_top[seat] = 0
    draw(st, seat, st.hand_size(seat))


def draw(st: ColtState, seat: int, count: int, got: list[int] | None = None) -> None:
    """Draw from the top (end) of the deck into the (sorted) hand; in the expert game an empty deck is
    refilled (CE-11): the discard pile shuffled. The cards drawn are added to ``got`` (in deck order) when
    it is given (for the events)."""
    deck = st.deck[seat]
    hand = st.hand[seat]
    while count > 0:
        if not deck:
            disc = st.disc[seat]
            if not (st.expert and disc):
                break
            st.rng.shuffle(disc)
            deck.extend(disc)
            disc.clear()
            st.known_top[seat] = 0
        take_ = min(count, len(deck))
        if got is not None:
            got.extend(deck[len(deck) - take_:])
        for _ in range(take_):
            hand.append(deck.pop())
        count -= take_
        st.known_top[seat] = max(0, st.known_top[seat] - take_)
    hand.sort()


def setup2p(st: ColtState, seat: int, b: int, ev: list[Event] | None) -> None:
    """CE-10: the chosen bandit starts inside the caboose, the other inside the car before it."""
    for x in st.seat_bandits[seat]:
        st.pos[x] = 2 * st.car_count if x == b else 2 * (st.car_count - 1)
    if ev is not None:
        ev.append(Event("start", {"seat": seat, "caboose": st.bname(b)}))
    st.queue = st.queue[1:]
    if st.queue:
        st.actor = st.queue[0]
    else:
        start_round(st, ev)


def keep2p(st: ColtState, seat: int, card: int, ev: list[Event] | None) -> None:
    """CE-10: the kept card into the hand, the rest of the deck shuffled, then draw 6 (Doc 7) on top of it."""
    deck, hand = st.deck[seat], st.hand[seat]
    remove_card(deck, card)
    hand.clear()
    hand.append(card)
    st.rng.shuffle(deck)
    st.known_top[seat] = 0
    draw(st, seat, st.hand_size(seat))
    if ev is not None:
        ev.append(Event("keep", {"seat": seat}))
        ev.append(Event("kept", {"seat": seat, "card": st.names[card]}, seats=(seat,)))
    st.queue = st.queue[1:]
    if st.queue:
        st.actor = st.queue[0]
    else:
        begin_scheme(st, ev)


# ----------------------------------------------------------------------------- Schemin' (CE-3.2)
def begin_scheme(st: ColtState, ev: list[Event] | None) -> None:
    """CE-3.2: the first slot of the schedule; CE-8 Ghost's seat may play one card face down this round."""
    st.phase = SCHEME
    st.slot = 0
    st.ghost = 0
    for b in range(st.bandit_count):
        if st.chars[b] == D.GHOST:
            st.ghost |= 1 << st.owner[b]
    if st.schedule:
        st.actor = st.schedule[0] >> 2
    else:
        end_scheme(st, ev)


def scheme(st: ColtState, seat: int, code: int, ev: list[Event] | None) -> None:
    """CE-3.2: play a card (face down in a tunnel or with Ghost's power, CE-8), draw 3, or pass; CE-10: a
    face-up Fire in a normal turn opens the cover decision when the other bandit has a card to cover with."""
    ttype = st.schedule[st.slot] & 3
    st.ghost &= ~(1 << seat)
    pay = code & CODE_ARG
    if code >> CODE_SHIFT == C_PLAY:
        card = pay >> 1
        fd = (pay & 1) or ttype == D.TUNNEL
        if pay & 1:
            st.ghost_pile += (len(st.pile),)
        play(st, seat, card, fd, ev)
        if (st.two and not fd and ttype == D.NORMAL and D.CARD_KIND[card] == D.FIRE
                and card < D.MARSHAL2P):
            b = card // 6
            if any(c < D.MARSHAL2P and c // 6 != b for c in st.hand[seat]):
                st.phase = COVER
                st.cover_bandit = b
                return
    elif code == DRAW_CODE:
        if ev is None:
            draw(st, seat, 3)
        else:               # the cards drawn are listed only for the events
            got: list[int] = []
            draw(st, seat, 3, got)
            ev.append(Event("draw", {"seat": seat, "count": len(got)}))
            ev.append(Event("drawn", {"seat": seat, "cards": [st.names[c] for c in got]}, seats=(seat,)))
    elif ev is not None:
        ev.append(Event("pass", {"seat": seat}))
    next_slot(st, ev)


def play(st: ColtState, seat: int, card: int, fd: int, ev: list[Event] | None) -> None:
    """CE-3.2: a card from the hand onto the common pile (face down: only its owner sees it, CE-12)."""
    remove_card(st.hand[seat], card)
    st.pile.append(card * 2 + (1 if fd else 0))
    if ev is None:
        return
    name = st.names[card]
    if fd:
        ev.append(Event("play", {"seat": seat, "card": None, "face_down": True}))
        ev.append(Event("play_own", {"seat": seat, "card": name, "face_down": True}, seats=(seat,)))
    else:
        ev.append(Event("play", {"seat": seat, "card": name, "face_down": False}))


def cover(st: ColtState, seat: int, card: int, ev: list[Event] | None) -> None:
    """CE-10 cover: the free face-up card of the other bandit (``card`` -1: none), then the next slot."""
    if card >= 0:
        play(st, seat, card, 0, ev)
        if ev is not None:
            ev.append(Event("cover", {"seat": seat}))
    st.cover_bandit = -1
    st.phase = SCHEME
    next_slot(st, ev)


def next_slot(st: ColtState, ev: list[Event] | None) -> None:
    st.slot += 1
    if st.slot < len(st.schedule):
        st.actor = st.schedule[st.slot] >> 2
        return
    end_scheme(st, ev)


def end_scheme(st: ColtState, ev: list[Event] | None) -> None:
    """CE-3.3: cards left in hand back on top of the deck; CE-11: bullets to the discard pile, then each
    player discards what he does not keep (not after the last round's Schemin')."""
    if st.expert:
        for s in range(st.n):
            h = st.hand[s]
            bullets = [c for c in h if c >= D.BULLET0]
            if bullets:
                st.disc[s].extend(bullets)
                h[:] = [c for c in h if c < D.BULLET0]
        if st.round + 1 >= len(st.rounds):
            # the last round: there is no next round to keep cards for, so nobody is asked
            begin_steal(st, ev)
            return
        st.queue = tuple((st.first + i) % st.n for i in range(st.n))
        st.phase = EXPERT
        next_expert(st, ev)
        return
    for s in range(st.n):
        h = st.hand[s]
        st.deck[s].extend(h)
        h.clear()
        st.known_top[s] = 0
    begin_steal(st, ev)


def expert_discard(st: ColtState, seat: int, card: int, ev: list[Event] | None) -> None:
    """CE-11: one hand card onto the discard pile (``card`` -1: keep the rest, the next player's turn)."""
    if card >= 0:
        remove_card(st.hand[seat], card)
        st.disc[seat].append(card)
        if ev is not None:
            ev.append(Event("discard", {"seat": seat, "card": st.names[card]}))
    else:
        st.queue = st.queue[1:]
    next_expert(st, ev)


def next_expert(st: ColtState, ev: list[Event] | None) -> None:
    """CE-11: the next player with cards in hand decides; nobody left: Stealin'."""
    while st.queue and not st.hand[st.queue[0]]:
        st.queue = st.queue[1:]
    if st.queue:
        st.actor = st.queue[0]
        return
    begin_steal(st, ev)


# ----------------------------------------------------------------------------- Stealin' (CE-3.4)
def begin_steal(st: ColtState, ev: list[Event] | None) -> None:
    st.phase = STEAL
    st.resolving = 0
    if ev is not None:
        ev.append(Event("stealin", {}))
    run_steal(st, ev)


def steal(st: ColtState, code: int, ev: list[Event] | None) -> None:
    """CE-3.4: the owner's choice for the resolving card; then on through the pile."""
    resolve(st, st.pile[st.resolving], code, ev)
    card_done(st, ev)
    run_steal(st, ev)


def run_steal(st: ColtState, ev: list[Event] | None) -> None:
    """CE-3.4: resolve pile cards in order until one needs its owner's choice (or the pile is done); an
    impossible action has no effect."""
    pile = st.pile
    while st.resolving < len(pile):
        entry = pile[st.resolving]
        if entry & 1 and ev is not None:   # a face-down card turns over as it resolves: the log says what it was
            ev.append(Event("revealed", {"seat": st.card_owner(entry >> 1), "card": st.names[entry >> 1]}))
        opts = card_options(st, entry)
        if len(opts) > 1:
            st.actor = st.card_owner(entry >> 1)
            st._codes = opts
            return
        if opts:
            resolve(st, entry, opts[0], ev)
        elif ev is not None:
            ev.append(Event("no_effect", {"seat": st.card_owner(entry >> 1), "card": st.names[entry >> 1]}))
        card_done(st, ev)
    pile.clear()
    st.ghost_pile = NO_INTS
    st.resolving = 0
    end_round(st, ev)


def card_done(st: ColtState, ev: list[Event] | None) -> None:
    """CE-3.4 / CE-11: a resolved card goes back on top of its owner's deck (expert: discard)."""
    card = st.pile[st.resolving] >> 1
    o = st.card_owner(card)
    if st.expert:
        st.disc[o].append(card)
    else:
        st.deck[o].append(card)
        st.known_top[o] += 1
    st.resolving += 1


# ----------------------------------------------------------------------------- end of round (CE-3.5, CE-7)
def end_round(st: ColtState, ev: list[Event] | None) -> None:
    """CE-3.5 / CE-7: the round card's event; Pickpocketing first asks its bandits (``pickpocket``)."""
    e = D.ROUND_EVENT[st.rounds[st.round]]
    if e and ev is not None:
        ev.append(Event("event", {"event": D.EVENT_IDS[e]}))
    if EVENTS[e](st, ev):
        st.phase = PICKPOCKET
        st.actor = st.owner[st.queue[0]]
        return
    finish_round(st, ev)


def pickpocket(st: ColtState, take_purse: int, ev: list[Event] | None) -> None:
    """CE-7 pickpocketing: the first bandit in the queue takes a purse of his place (1) or not (0)."""
    b = st.queue[0]
    if take_purse:
        take(st, b, st.pos[b], D.PURSE, ev, "pickpocket")
    st.queue = st.queue[1:]
    if st.queue:
        st.actor = st.owner[st.queue[0]]
    else:
        finish_round(st, ev)


def finish_round(st: ColtState, ev: list[Event] | None) -> None:
    """CE-3.5: the next player clockwise is first; after the last round the game is over (CE-3.6)."""
    st.first = (st.first + 1) % st.n
    st.round += 1
    st.queue = ()
    if st.round >= len(st.rounds):
        st.phase = OVER
        st.actor = -1
        st._codes = NO_CODES
        if ev is not None:
            ev.append(Event("game_over", {}))
        return
    start_round(st, ev)
