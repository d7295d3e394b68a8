"""The solo rival troupe «Гастроли соперников» (SB-9): its placement priority list, effect choices and tokens.

Rules, not a bot: the automa is part of the solo game, so its choices are fixed by SB-9 (and replayable);
``ShowBattleState._next_turn`` plays its whole turn inside the human seat's ``apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nastolka.engine import Event

from . import decisions, effects
from .actions import PARSED
from .data import (
    AERIALISTS,
    AUTOMA_PROTECT,
    CARD_BASE,
    CARD_KIND,
    CARD_OWNER,
    CARD_VAL,
    FAKIR,
    KIND_IDS,
    MAGICIAN,
    RIVAL,
    ROW_SLOTS,
)

if TYPE_CHECKING:
    from .state import ShowBattleState

def pick(st: ShowBattleState, seat: int) -> tuple[int, int] | None:  # noqa: C901
    """The automa's placement by the SB-9 priority list, or None when it cannot place."""
    hand = st.hands[seat]
    if not hand:
        return None
    base, aer = st.places
    top, up, tok, ori, rlen = st.top, st.face_up, st.protected, st.orient, st.row_len
    started = [r for r in range(st.rows) if rlen[r]]
    shortest = min(rlen[r] for r in started) if started else 0
    best: tuple[Any, ...] | None = None
    choice: tuple[int, int] | None = None
    for c in hand:
        k = CARD_KIND[c]
        t = CARD_BASE[c]
        for idx in (base + aer if k == AERIALISTS else base):  # tuples
            r, s = divmod(idx, ROW_SLOTS)
            key: tuple[Any, ...] | None = None
            if s:
                left = top[idx - 1]
                if up[left] and not tok[left]:
                    v = CARD_VAL[left][ori[left]]
                    mine = CARD_OWNER[left] == seat
                    if t >= 2 * v and CARD_KIND[left] != FAKIR:
                        if not mine:
                            key = (1, -v)
                    elif v != t:
                        nv = CARD_VAL[left][(ori[left] + (1 if v > t else -1)) & 3]
                        if not mine and nv < v:
                            key = (2, nv - v)
                        elif mine and nv > v:
                            key = (4, v - nv)
            if key is not None and key[0] == 4 and top[idx] >= 0:
                key = None  # covering a face-down card (3) comes before boosting itself (4)
            if key is None:
                if top[idx] >= 0:
                    key = (3, r, s)
                elif s == 0 or rlen[r] == shortest:
                    key = (5, 0 if s == 0 else 1)
                else:
                    key = (6,)
            full = (*key, -t, s, r, k) if key[0] != 3 else (*key, -t, k)
            if best is None or full < best:
                best, choice = full, (k, idx)
    return choice


def place(st: ShowBattleState, seat: int, k: int, idx: int, ev: list[Event]) -> None:
    """The automa's placement: steps 1–2, then its effect choice (the option best for it *now*)."""
    ek, rot = st._resolve(seat, k, idx, ev)
    if ek == MAGICIAN:
        # decided: the automa always takes the extra placement (a card adds its value to its strength)
        nxt = pick(st, seat)
        if nxt is not None:
            place(st, seat, nxt[0], nxt[1], ev)
        return
    if ek < 0:
        return
    opts = effects.effect_options(st, seat, ek, idx, rot)
    if not opts:
        return
    now = st._diff(seat)
    best_key: tuple[int, int, int, int] | None = None
    best_aid = ""
    r0 = idx - idx % ROW_SLOTS
    for aid in opts:
        a = PARSED[aid]
        sim = st.clone()
        effects.do_effect(sim, seat, a, idx, rot, [])
        slot = a[2]
        target = st.top[r0 + slot] if slot >= 0 else st.top[idx]
        key = (sim._diff(seat), CARD_BASE[target], -slot, a[3])
        if best_key is None or key > best_key:
            best_key, best_aid = key, aid
    if best_key is not None and best_key[0] > now:  # "may" effects only when strictly better
        effects.do_effect(st, seat, PARSED[best_aid], idx, rot, ev)
    else:
        ev.append(Event("skip", {"seat": seat, "effect": KIND_IDS[ek]}))


def turn(st: ShowBattleState, ev: list[Event]) -> None:
    """One whole turn of the rival troupe (SB-9): place by the priority list, protect, refill."""
    seat = RIVAL
    choice = pick(st, seat)
    if choice is None:
        ev.append(Event("pass", {"seat": seat}))
        st.passes += 1
    else:
        place(st, seat, choice[0], choice[1], ev)
    if st.tokens[seat]:
        up, ori = st.face_up, st.orient
        cands = [(CARD_VAL[c][ori[c]], CARD_BASE[c], -(i % ROW_SLOTS), -(i // ROW_SLOTS), i)
                 for i in decisions.token_targets(st, seat) if CARD_VAL[(c := st.top[i])][ori[c]] >= AUTOMA_PROTECT
                 and up[c]]
        if cands:
            st._put_token(seat, max(cands)[-1], ev)
    st._refill(seat, ev)
