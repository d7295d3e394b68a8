"""Views of «Шоу-Битва» (SB-10): what one seat (or a spectator) may know, JSON-ready.

Public: the whole board, face-down cards included (everyone saw them before they were discarded, and the
covered cards under them), tokens, mulligans used, hand and deck sizes. Private: a seat's own hand. Deck
orders are known to nobody, so no view ever lists a deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .data import (
    CARD_KIND,
    CARD_OWNER,
    CARD_VAL,
    COLOURS_EN,
    KIND_IDS,
    LEVEL_MARGIN,
    ROW_SLOTS,
    ROWS_ONE_BOARD,
    ROWS_TWO_BOARDS,
)
from .state import PHASES, RIVAL

if TYPE_CHECKING:
    from .state import ShowBattleState


def build_view(s: ShowBattleState, seat: int | None) -> dict[str, Any]:
    rows_names = ROWS_TWO_BOARDS if s.two else ROWS_ONE_BOARD
    st, cnt, _ = s._strengths()
    rows = []
    for r, name in enumerate(rows_names):
        slots = []
        for j in range(s.rlen[r]):
            i = r * ROW_SLOTS + j
            c = s.top[i]
            face_up = s.up[c]
            slots.append({
                "slot": j + 1,
                "card": KIND_IDS[CARD_KIND[c]],
                "owner": CARD_OWNER[c],
                "face_up": face_up,
                "orient": s.ori[c] if face_up else 0,
                "value": CARD_VAL[c][s.ori[c]] if face_up else 0,
                "token": s.tok[c],
                "covered": [{"card": KIND_IDS[CARD_KIND[x]], "owner": CARD_OWNER[x]} for x in s.cov[i]],
            })
        rows.append({"name": name, "slots": slots})
    troupes = []
    for t in range(s.nt):
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
            "mulligan_used": s.mull[t],
            "strength": st[t],
            "face_up": cnt[t],
        })
    pending = None
    if s.pend is not None:
        ek, idx, _ = s.pend
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
        "jury_sympathy": s.jury,
        "solo": {"level": s.level, "margin_needed": LEVEL_MARGIN[s.level]} if s.solo else None,
    }
