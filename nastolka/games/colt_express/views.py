"""Views and determinization (CE-12): what each seat may know, and resampling everything else.

Kept beside each other on purpose: ``determinize(seat)`` must leave ``view(seat)`` unchanged, so the two
functions have to agree on exactly what is hidden — tunnel/face-down cards of others, purse values the
seat never held, hands, deck order and the round cards not yet revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import Rng

from . import data as D
from .effects import LEVEL_IDS
from .rounds import PHASE_IDS, PICKPOCKET, SETUP2P, STEAL
from .state import ALL_PURSES, loot_value

if TYPE_CHECKING:
    from .state import ColtState


def known_mask(s: ColtState, seat: int | None) -> int:
    """Purses whose value ``seat`` knows: its memory, the public starting purses, all once the game is over."""
    if s.is_over:
        return ALL_PURSES
    return s.public_purses | (s.known[seat] if seat is not None else 0)


def _loot(tokens: tuple[int, ...], pv: tuple[int, ...], known: int) -> dict[str, Any]:
    # known values first (ascending), then one None per unknown purse: listing purses in token-id order
    # would leak how an unknown purse ranks against a known one, since ids follow the value table
    values = sorted(pv[t] for t in tokens if t < D.FIRST_JEWEL and (known >> t) & 1)
    unknown = sum(1 for t in tokens if t < D.FIRST_JEWEL and not (known >> t) & 1)
    return {
        "purses": values + [None] * unknown,
        "jewels": sum(1 for t in tokens if D.FIRST_JEWEL <= t < D.FIRST_BOX),
        "strongboxes": sum(1 for t in tokens if t >= D.FIRST_BOX),
    }


def revealed_count(s: ColtState) -> int:
    """Round cards turned face up so far (the current one is revealed at the start of its round)."""
    if s.phase == SETUP2P:
        return 0
    return min(s.round + 1, len(s.rounds))


def build_view(s: ColtState, seat: int | None) -> dict[str, Any]:
    known = known_mask(s, seat)
    pv, names = s.purse_values, s.names
    bandits = []
    for b in range(s.bandit_count):
        p = s.pos[b]
        entry = {"id": s.bname(b), "seat": s.owner[b], "car": p >> 1, "level": LEVEL_IDS[p & 1],
                 "bullets": s.bullets[b]}
        entry.update(_loot(s.held[b], pv, known))
        bandits.append(entry)
    cars = []
    for c in range(s.car_count + 1):
        cars.append({"id": "locomotive" if c == 0 else D.CAR_IDS[s.cars[c - 1]],
                     "inside": _loot(s.floor[2 * c], pv, known), "roof": _loot(s.floor[2 * c + 1], pv, known)})
    pile = []
    for i, e in enumerate(s.pile):
        if i < s.resolving:
            continue
        card = e >> 1
        owner = s.card_owner(card)
        hidden = (e & 1) and seat != owner and not (s.phase == STEAL and i == s.resolving)
        pile.append({"seat": owner, "card": None if hidden else names[card], "face_down": bool(e & 1)})
    totals = []
    for q in range(s.n):
        k_sum = s.bonus[q]
        unknown = 0
        for b in s.seat_bandits[q]:
            for t in s.held[b]:
                if t < D.FIRST_JEWEL and not (known >> t) & 1:
                    unknown += 1
                else:
                    k_sum += loot_value(t, pv)
        totals.append({"known": k_sum, "unknown_purses": unknown})
    seen = revealed_count(s)
    rounds_seen = [D.ROUND_IDS[r] for r in s.rounds[:seen]]
    rc = s.rounds[s.round] if s.round < seen else None
    turn = None
    if s.schedule and s.slot < len(s.schedule) and not s.is_over:
        # which turn symbol of the round card the current slot belongs to
        turns = D.ROUND_TURNS_SMALL[rc] if s.n <= 4 else D.ROUND_TURNS_LARGE[rc]  # type: ignore[index]
        slots_per = [s.n * (2 if t == D.SPEEDUP else 1) for t in turns]
        acc, turn = 0, 0
        for i, w in enumerate(slots_per):
            if s.slot < acc + w:
                turn = i
                break
            acc += w
    view: dict[str, Any] = {
        "two_player": s.two,
        "expert": s.expert,
        "phase": PHASE_IDS[s.phase],
        "round": min(s.round + 1, len(s.rounds)),
        "rounds_total": len(s.rounds),
        "round_card": D.ROUND_IDS[rc] if rc is not None else None,
        "turns": "".join(D.TURN_SYMBOLS[t] for t in (D.ROUND_TURNS_SMALL[rc] if s.n <= 4 else
                                                     D.ROUND_TURNS_LARGE[rc])) if rc is not None else "",
        "turn": turn,
        "rounds_seen": rounds_seen,
        "first_player": s.first,
        "marshal": s.marshal,
        "neutral_bullets": s.neutral,
        "strongbox_off_train": s.box2,
        "cars": cars,
        "bandits": bandits,
        "pile": pile,
        "hand": [names[c] for c in s.hand[seat]] if seat is not None else None,
        "hand_sizes": [len(h) for h in s.hand],
        "deck_sizes": [len(d) for d in s.deck],
        "deck_top_known": [[names[c] for c in d[len(d) - t:]][::-1] if t else [] for d, t in zip(s.deck, s.known_top, strict=True)],
        "discards": [[names[c] for c in d] for d in s.disc] if s.expert else None,
        "bullets_received": [s.received(q) for q in range(s.n)],
        "fired": list(s.fired),
        "bonus": list(s.bonus),
        "removed_purses": len(s.removed),
        "loot_totals": totals,
        "ghost_face_down": bool((s.ghost >> seat) & 1) if seat is not None else None,
    }
    if s.phase == STEAL and s.resolving < len(s.pile):
        card = s.pile[s.resolving] >> 1
        view["resolving"] = {"seat": s.card_owner(card), "card": names[card]}
    if s.phase == PICKPOCKET and s.queue:
        view["pickpocket"] = s.bname(s.queue[0])
    return view


def determinize(s: ColtState, seat: int, rng: Rng) -> None:
    """Resample, in place, everything ``seat`` cannot know (CE-12), keeping all it has seen."""
    if s.is_over:
        return
    # purse values: keep the known ones, shuffle the others among the unknown purse ids
    known = known_mask(s, seat)
    unknown = [t for t in range(D.N_PURSES) if not (known >> t) & 1]
    # sorted first: the sample must depend only on what the seat knows, never on the true arrangement
    values = sorted(s.purse_values[t] for t in unknown)
    rng.shuffle(values)
    pv = list(s.purse_values)
    for t, v in zip(unknown, values, strict=True):
        pv[t] = v
    s.purse_values = tuple(pv)
    # round cards not yet revealed: any unrevealed card of the same kind (normal / station)
    seen = revealed_count(s)
    if seen < len(s.rounds):
        rounds = list(s.rounds)
        revealed = set(rounds[:seen])
        for group in (D.NORMAL_ROUNDS, D.STATION_ROUNDS):
            hidden = [i for i in range(seen, len(rounds)) if rounds[i] in group]
            if not hidden:
                continue
            pool = [r for r in group if r not in revealed]
            rng.shuffle(pool)
            for i, r in zip(hidden, pool, strict=False):
                rounds[i] = r
        s.rounds = tuple(rounds)
    # cards: others' hands, face-down pile cards and the unknown part of every deck
    pile = list(s.pile)
    for q in range(s.n):
        deck = s.deck[q]
        cut = len(deck) - s.known_top[q]
        bottom = sorted(deck[:cut])
        if q == seat:
            rng.shuffle(bottom)
            s.deck[q] = bottom + deck[cut:]
            continue
        start = s.resolving + 1 if s.phase == STEAL else s.resolving
        slots = [i for i in range(start, len(pile)) if pile[i] & 1 and s.card_owner(pile[i] >> 1) == q]
        pool = sorted(bottom + s.hand[q] + [pile[i] >> 1 for i in slots])
        rng.shuffle(pool)
        # face-down pile cards must be action cards, and (two players) a card played with Ghost's power
        # must be one of Ghost's: fill those slots first, from the front of the shuffled pool
        ghost_slots = [i for i in slots if s.two and i in s.ghost_pile]
        for i in ghost_slots + [i for i in slots if i not in ghost_slots]:
            ghost = i in ghost_slots
            c = next(c for c in pool if c < D.BULLET0 and (not ghost or _is_ghost_card(s, c)))
            pool.remove(c)
            pile[i] = c * 2 + 1
        nh = len(s.hand[q])
        s.hand[q] = sorted(pool[:nh])
        s.deck[q] = pool[nh:] + deck[cut:]
    s.pile = pile



def _is_ghost_card(s: ColtState, c: int) -> bool:
    return c < D.MARSHAL2P and s.chars[c // 6] == D.GHOST
