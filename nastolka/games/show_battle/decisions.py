"""The legal decisions of «Шоу-Битва», phase by phase (SB-5 turn, SB-6 legal places, SB-5.1 mulligan,
SB-5.2 tokens): what a seat may choose now, as ids in a stable order.

The legal places themselves are kept on the state (``ShowBattleState._update_places`` recomputes them after
every change of a top card or a face, so asking never changes the state); this module only reads them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import DONE, MULLIGAN, PASS, PLACE_IDS, SKIP, TOKEN_IDS
from .data import AERIALISTS, CARD_KIND, CARD_OWNER, EFFECT, EXTRA, HAND, OVER, RIVAL, START

if TYPE_CHECKING:
    from .state import ShowBattleState


def legal_ids(st: ShowBattleState, seat: int) -> list[str]:
    """SB-5: at the start of a turn, place (or pass when nothing can be placed), protect with a token, or
    mulligan; a pending "may" effect's uses or skip; the ФОКУСНИК extra placement or skip; at the end of
    the turn, a token or done."""
    if st.phase == OVER or seat != st.turn:
        return []
    phase = st.phase
    if phase == START:
        out = placement_ids(st, seat)
        if not out:
            out.append(PASS)
        if not st.token_used:
            out += token_ids(st, seat)
        if can_mulligan(st, seat):
            out.append(MULLIGAN)
    elif phase == EFFECT:
        out = list(st.effect_ids)
        out.append(SKIP)
    elif phase == EXTRA:
        out = placement_ids(st, seat)
        out.append(SKIP)
    else:  # END: the after-placement token window
        out = token_ids(st, seat)
        out.append(DONE)
    return out


def placement_ids(st: ShowBattleState, seat: int) -> list[str]:
    """SB-6: every (hand card × legal place) as an id, in hand order then board order (stable)."""
    hand = st.hands[seat]
    if not hand:
        return []
    base, aer = st.places
    table = PLACE_IDS[st.two_boards]
    out: list[str] = []
    for c in hand:
        k = CARD_KIND[c]
        ids = table[k]
        out += [ids[i] for i in base]
        if aer and k == AERIALISTS:
            out += [ids[i] for i in aer]
    return out


def can_place(st: ShowBattleState, seat: int) -> bool:
    """Whether ``seat`` has any legal placement (decides passing, SB-8, and the ФОКУСНИК extra)."""
    hand = st.hands[seat]
    if not hand:
        return False
    base, aer = st.places
    return bool(base) or (bool(aer) and any(CARD_KIND[c] == AERIALISTS for c in hand))


def token_targets(st: ShowBattleState, seat: int) -> list[int]:
    """SB-5.2: slots of ``seat``'s own unprotected face-up cards, if it has a token left."""
    if not st.tokens[seat]:
        return []
    up, tok = st.face_up, st.protected
    return [i for i, c in enumerate(st.top) if c >= 0 and up[c] and not tok[c] and CARD_OWNER[c] == seat]


def token_ids(st: ShowBattleState, seat: int) -> list[str]:
    ids = TOKEN_IDS[st.two_boards]
    return [ids[i] for i in token_targets(st, seat)]


def can_mulligan(st: ShowBattleState, seat: int) -> bool:
    """SB-5.1 as decided: first thing in one's own turn, full hand of 3, a deck to draw from."""
    return (not st.mulligan_used[seat] and not st.token_used and len(st.hands[seat]) == HAND
            and bool(st.decks[seat]) and not (st.solo and seat == RIVAL))
