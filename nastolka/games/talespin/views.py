"""Views and determinization (R5.3, R24.7): what each seat may know, and resampling everything else.

Kept beside each other on purpose: ``determinize(seat)`` must leave ``view(seat)`` unchanged, so the two
functions have to agree on exactly what is hidden — hands (but the cards a seat saw enter one), packed
cargo the seat has not seen, the deck order, and the deck's cards of a type while that seat searches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import Rng

from . import data as T
from .data import C_DEF, C_TYPE, CARD_MASK, DEF_ID, OPEN, PHASE_NAMES, clamp_maneuver
from .dogfight import DF_PHASE_NAMES, WINNER_NAMES
from .effects import take_options

if TYPE_CHECKING:
    from .state import TaleSpinState


def card_view(st: TaleSpinState, s: int, v: int, seat: int | None) -> dict[str, Any]:
    """A hold's card: its id when the viewer may know it (open, its own, seen) — and for everyone once the
    game is over, when the holds are counted and nothing is hidden any more (issue 27); ``open`` stays
    what it was, so a packed card still reads as packed."""
    known = v & OPEN or st.over or (seat is not None and (seat == s or v >> 8 >> seat & 1))
    return {"card": DEF_ID[C_DEF[v & CARD_MASK]] if known else None, "open": bool(v & OPEN)}


def build_view(st: TaleSpinState, seat: int | None) -> dict[str, Any]:
    ids = DEF_ID
    players = []
    for s in range(st.players):
        players.append({
            "character": T.CHARACTERS[st.characters[s]],
            "position": st.pos[s],
            "stats": [st.stat(s, k) for k in range(3)],
            "chain": [ids[C_DEF[p]] for p in st.chains[s]],
            "hand_size": len(st.hands[s]),
            "hand": sorted(ids[C_DEF[i]] for i in st.hands[s]) if seat == s else None,
            "known_hand": known_hand(st, s, seat),
            "hold": [card_view(st, s, v, seat) for v in st.holds[s]],
            "tiki": [ids[d] for d in range(T.NDEFS) if st.tiki_played[s] >> d & 1] if st.tiki_played[s] else [],
        })
    df = st.dogfight
    dfv = None
    if df is not None:
        dfv = {"attacker": df.attacker, "defender": df.defender if not st.solo else "khan", "phase": DF_PHASE_NAMES[df.phase],
               "pilot": ids[C_DEF[df.pilot]] if df.pilot >= 0 else None,
               "first": [df.printed_value, df.printed_damage, df.printed_draw], "first_value": clamp_maneuver(df.printed_value + df.first_modifier),
               "attack": [ids[C_DEF[i]] for i in st.attack_cards], "defence": [ids[C_DEF[i]] for i in st.defence_cards],
               "current": df.current, "round": df.round, "accepted": bool(df.accepted), "blocked": bool(df.blocked),
               "cannot_decline": bool(df.cannot_decline), "ties_favour_attacker": bool(df.ties_favour_attacker),
               "piloting_delta": [df.attacker_piloting, df.defender_piloting], "damage": df.damage, "damage_adjust": df.damage_adjust + df.yield_bonus,
               "draw": df.draw, "damage_left": df.damage_left,
               "winner": WINNER_NAMES[df.winner]}
    view: dict[str, Any] = {
        "mode": "solitaire" if st.solo else "standard",
        "cargo_to_win": st.cargo_goal,
        "order": list(st.order),
        "active": st.active,
        "turn": st.turn_no,
        "phase": PHASE_NAMES[st.phase],
        "die": st.last_roll,
        "deck": len(st.deck),
        "discard": [ids[C_DEF[i]] for i in st.discard],
        "resolving": [ids[C_DEF[i]] for i in st.resolving],
        "seats": players,
        "dogfight_used": st.dogfight_used,
        "dogfight": dfv,
        "decision": decision_view(st),
        "winners": list(st.winners),
        "end_reason": st.end_reason,
    }
    dec = st.decision
    if dec is not None and dec[0] == "take" and dec[2] == "deck" and seat == dec[1] and not st.over:
        # the searching seat is looking through the deck (R15.2): it sees which cards it may take
        view["decision"]["options"] = [ids[d] for d in take_options(st, "deck", dec[3])]
    if st.solo:
        view["khan_hold"] = [card_view(st, 1, v, seat) for v in st.holds[1]]
        view["covered"] = [ids[C_DEF[i]] for i in st.covered]
        view["won_khan"] = st.won_khan
    return view


def known_hand(st: TaleSpinState, s: int, seat: int | None) -> list[str]:
    """Cards of ``s``'s hand the viewer saw enter it (everyone saw a search, retrieval or bounty)."""
    if seat == s or not st.hand_seen[s]:
        return []
    full = (1 << st.sides) - 1
    return sorted(DEF_ID[v & 255] for v in st.hand_seen[s]
                  if ((v >> 8 == full) if seat is None else (v >> 8 >> seat & 1)))


def decision_view(st: TaleSpinState) -> dict[str, Any] | None:
    """Who must decide and about what (public: the context never names a hidden card)."""
    dec = st.decision
    if dec is None or st.over:
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


def determinize(st: TaleSpinState, seat: int, rng: Rng) -> None:
    """Resample the deck, other hands and the packed cargo ``seat`` has not seen (R5.3).

    While ``seat`` is searching the deck it has seen every card of the searched type in it: those stay in
    the deck, and no other card of that type may be sampled into it.
    """
    dec = st.decision
    t = dec[3] if dec is not None and dec[0] == "take" and dec[2] == "deck" and dec[1] == seat else None
    if t is not None:
        kept = [i for i in st.deck if t < 0 or C_TYPE[i] == t]
        pool = [i for i in st.deck if not (t < 0 or C_TYPE[i] == t)]
    else:
        kept = []
        pool = st.deck[:]
    fixed: list[list[int]] = [[] for _ in range(st.sides)]
    for s in range(st.sides):
        if s != seat:
            hand = sorted(st.hands[s])
            for v in st.hand_seen[s]:  # cards the seat saw enter that hand stay there
                if v >> 8 >> seat & 1:
                    inst = next(i for i in hand if C_DEF[i] == v & 255)
                    hand.remove(inst)
                    fixed[s].append(inst)
            # what only others saw is resampled too, so it is no longer "known" in this sample
            st.hand_seen[s] = [v for v in st.hand_seen[s] if v >> 8 >> seat & 1]
            pool += hand
            pool += [v & CARD_MASK for v in st.holds[s] if not v & OPEN and not v >> 8 >> seat & 1]
    # sorted first: the sample must depend only on what the seat knows, never on the true arrangement
    pool.sort()
    rng.shuffle(pool)
    if t is not None:  # cards of the searched type that were outside the deck fill hands and holds
        slots = sum(len(st.hands[s]) - len(fixed[s]) + sum(1 for v in st.holds[s]
                                                            if not v & OPEN and not v >> 8 >> seat & 1)
                    for s in range(st.sides) if s != seat)
        typed = [i for i in pool if t < 0 or C_TYPE[i] == t]
        rest = [i for i in pool if not (t < 0 or C_TYPE[i] == t)]
        fill = typed + rest[:slots - len(typed)]
        rng.shuffle(fill)
        pool = fill + rest[slots - len(typed):]
    k = 0
    for s in range(st.sides):
        if s == seat:
            continue
        n = len(st.hands[s]) - len(fixed[s])
        st.hands[s] = fixed[s] + pool[k:k + n]
        k += n
        hold = st.holds[s]
        for i, v in enumerate(hold):
            if not v & OPEN and not v >> 8 >> seat & 1:
                hold[i] = pool[k]  # packed, and no longer known to anybody but its owner
                k += 1
    st.deck = pool[k:]
    if kept:
        st.deck += sorted(kept)
        rng.shuffle(st.deck)
    st.dice = []
