"""The legal codes of each Colt Express decision (``codes.py`` says what a code stands for).

One function per phase (``rounds.py``), in the order of the ids the seat is shown; Stealin' asks the
resolving card (``effects.card_options``). ``ColtState._decision`` calls the phase's function once after
every change and keeps the list until the next move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data as D
from .codes import (
    C_COVER,
    C_DISCARD,
    C_KEEP,
    C_START,
    CODE_SHIFT,
    DRAW_CODE,
    KEEP_REST_CODE,
    PASS_CODE,
    POCKET_PASS_CODE,
    POCKET_TAKE_CODE,
)

if TYPE_CHECKING:
    from .state import ColtState


def scheme_codes(st: ColtState) -> list[int]:
    """CE-3.2: each distinct playable card of the hand (bullets never), face down too with Ghost's power
    (CE-8; CE-10: only Ghost's own cards), draw 3 while the deck (CE-11: or the discard pile) holds a card,
    else pass."""
    entry = st.schedule[st.slot]
    seat, ttype = entry >> 2, entry & 3
    ghost = bool((st.ghost >> seat) & 1) and ttype != D.TUNNEL
    two = st.two
    codes: list[int] = []
    last = -1
    for c in st.hand[seat]:       # hands are kept sorted: each distinct card once, in order
        if c >= D.BULLET0:
            break
        if c == last:
            continue
        last = c
        codes.append(c * 2)   # C_PLAY
        if ghost and (not two or (c < D.MARSHAL2P and st.chars[c // 6] == D.GHOST)):
            codes.append(c * 2 + 1)
    if st.deck[seat] or (st.expert and st.disc[seat]):
        codes.append(DRAW_CODE)
    if not codes:
        codes.append(PASS_CODE)
    return codes


def cover_codes(st: ColtState) -> list[int]:
    """CE-10 cover: a card of the seat's other bandit (not the Marshal), or pass."""
    seat = st.actor
    codes: list[int] = []
    last = -1
    for c in st.hand[seat]:       # sorted: each distinct card once, in order
        if c != last and c < D.MARSHAL2P and c // 6 != st.cover_bandit and c // 6 in st.seat_bandits[seat]:
            codes.append(C_COVER << CODE_SHIFT | c)
        last = c
    codes.append(PASS_CODE)
    return codes


def keep2p_codes(st: ColtState) -> list[int]:
    """CE-10 keep-1: any action card of the deck (bullets are not kept), each distinct card once, in order
    (the deck is not sorted: a bitmask of the cards in it, read from the lowest bit)."""
    mask = 0
    for c in st.deck[st.actor]:
        if c < D.BULLET0:
            mask |= 1 << c
    codes: list[int] = []
    c = 0
    while mask:
        if mask & 1:
            codes.append(C_KEEP << CODE_SHIFT | c)
        mask >>= 1
        c += 1
    return codes


def expert_codes(st: ColtState) -> list[int]:
    """CE-11: discard one hand card (each distinct card once, in order: the hand is sorted), or keep the rest."""
    codes: list[int] = []
    last = -1
    for c in st.hand[st.actor]:
        if c != last:
            codes.append(C_DISCARD << CODE_SHIFT | c)
            last = c
    codes.append(KEEP_REST_CODE)
    return codes


def pickpocket_codes(st: ColtState) -> list[int]:
    """CE-7 pickpocketing: take a purse or not."""
    return [POCKET_TAKE_CODE, POCKET_PASS_CODE]


def setup2p_codes(st: ColtState) -> list[int]:
    """CE-10: which of the seat's two bandits starts in the caboose."""
    return [C_START << CODE_SHIFT | b for b in st.seat_bandits[st.actor]]
