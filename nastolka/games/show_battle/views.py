"""Views and determinization of «Шоу-Битва» (SB-10): what one seat (or a spectator) may know, JSON-ready,
and resampling everything else (kept together: ``determinize(seat)`` must leave ``view(seat)`` unchanged).

Public: the whole board, face-down cards included (everyone saw them before they were discarded, and the
covered cards under them), tokens, mulligans used, hand and deck sizes. Private: a seat's own hand. Deck
orders are known to nobody, so no view ever lists a deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import Rng

from .data import (
    CARD_KIND,
    CARD_OWNER,
    CARD_VAL,
    COLOURS_EN,
    HAND,
    KIND_IDS,
    LEVEL_MARGIN,
    PHASES,
    RIVAL,
    ROW_SLOTS,
    ROWS_ONE_BOARD,
    ROWS_TWO_BOARDS,
)

if TYPE_CHECKING:
    from .state import ShowBattleState


def build_view(s: ShowBattleState, seat: int | None) -> dict[str, Any]:
    rows_names = ROWS_TWO_BOARDS if s.two_boards else ROWS_ONE_BOARD
    st, cnt, _ = s._strengths()
    rows = []
    for r, name in enumerate(rows_names):
        slots = []
        for j in range(s.row_len[r]):
            i = r * ROW_SLOTS + j
            c = s.top[i]
            face_up = s.face_up[c]
            slots.append({
                "slot": j + 1,
                "card": KIND_IDS[CARD_KIND[c]],
                "owner": CARD_OWNER[c],
                "face_up": face_up,
                "orient": s.orient[c] if face_up else 0,
                "value": CARD_VAL[c][s.orient[c]] if face_up else 0,
                "token": s.protected[c],
                "covered": [{"card": KIND_IDS[CARD_KIND[x]], "owner": CARD_OWNER[x]} for x in s.covered[i]],
            })
        rows.append({"name": name, "slots": slots})
    troupes = []
    for t in range(s.troupes):
        rival = s.solo and t == RIVAL
        troupes.append({
            "troupe": t,
            "seat": None if rival else t,
            "rival": rival,
            "colour": COLOURS_EN[t],
            "hand": [KIND_IDS[CARD_KIND[c]] for c in s.hands[t]] if seat == t and not rival else None,
            "hand_size": len(s.hands[t]),
            "deck_size": len(s.decks[t]),
            "tokens": s.tokens[t],
            "mulligan_used": s.mulligan_used[t],
            "strength": st[t],
            "face_up": cnt[t],
        })
    pending = None
    if s.pending is not None:
        ek, idx, _ = s.pending
        pending = {"effect": KIND_IDS[ek], "row": rows_names[idx // ROW_SLOTS], "slot": idx % ROW_SLOTS + 1}
    return {
        "rows": rows,
        "troupes": troupes,
        "turn": s.turn,
        "first": s.first,
        "phase": PHASES[s.phase],
        "pending": pending,
        "token_used": s.token_used,
        "passes": s.passes,
        "jury_sympathy": s.jury_sympathy,
        "solo": {"level": s.automa_level, "margin_needed": LEVEL_MARGIN[s.automa_level]} if s.solo else None,
    }


def determinize(st: ShowBattleState, seat: int, rng: Rng) -> None:
    """Resample others' hands with their decks, and the order of every deck (SB-10).

    The seat knows its own deck's contents but not its order — except that the three cards it put
    under the deck with its mulligan are still the bottom ones, so those are shuffled separately.
    """
    for t in range(st.troupes):
        deck = st.decks[t]
        # sorted before shuffling: the sample then depends only on what the seat knows (the card
        # sets), never on the true hidden order, so a bot's choices are a function of its view
        if t == seat:
            if st.mulligan_used[t]:
                k = min(HAND, len(deck))
                bottom, rest = sorted(deck[:k]), sorted(deck[k:])
                rng.shuffle(bottom)
                rng.shuffle(rest)
                st.decks[t] = bottom + rest
            else:
                deck.sort()
                rng.shuffle(deck)
        else:
            pool = sorted(st.hands[t] + deck)
            rng.shuffle(pool)
            h = len(st.hands[t])
            st.hands[t] = sorted(pool[:h])
            st.decks[t] = pool[h:]
