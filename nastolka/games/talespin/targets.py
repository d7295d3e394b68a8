"""Who and what an effect may target, and whether a card may be played (R12, R16.3-R16.5, R24.2, R24.3).

Shared by the effect primitives (``effects.py``), the decisions (``decisions.py``) and Damage (``dogfight``):
each answers "which cards or sides are legal here", and a pick with a single legal target is done at once
(that target follows from public facts), otherwise it becomes a decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import data as T
from .data import ARTIFACT, C_DEF, C_TYPE, CARD_MASK, CARGO, DEF_ID, OPEN

if TYPE_CHECKING:
    from .state import TaleSpinState





def effect_ok(st: TaleSpinState, ops: tuple[tuple[Any, ...], ...], c: int) -> bool:
    """R16.5 / R24.2: can the effect be played — an ``open_cargo`` needs enough packed cargo on the table."""
    for op in ops:
        if op[0] == "if":
            if not effect_ok(st, op[2] if cond(st, op[1], c) else op[3], c):
                return False
        elif op[0] == "open_cargo":
            whose = op[2]
            sides = range(st.sides) if whose == "any" else (c,) if whose == "own" else \
                (st.dogfight.defender,) if whose == "defender" and st.dogfight else st._opponents(c)
            if sum(1 for s in sides for v in st.holds[s] if not v & OPEN) < op[1]:
                return False
    return True


def can_play(st: TaleSpinState, s: int, d: int) -> bool:
    """R12.4 / R12.5: may side ``s`` play Action ``d`` now — tiki once a turn, the cost payable, R16.5."""
    if T.D_TIKI[d] and st.tiki_played[s] >> d & 1:
        return False
    for op in T.D_COST[d]:
        if op[0] == "discard_from_hand" and len(st.hands[s]) - 1 < op[1]:
            return False
    return effect_ok(st, T.D_EFFECT[d], s)


def eligible(st: TaleSpinState, s: int, timing: str) -> list[int]:
    """R12.1: the hand's Actions of this timing that may be played (none in solitaire, R20.3)."""
    if st.solo:
        return []  # R20.3: Action text is never used in solitaire
    timings = T.D_TIMING
    defs: list[int] = []
    for inst in st.hands[s]:   # asked of every seat at every window: a plain loop, mostly finding nothing
        d = C_DEF[inst]
        if timings[d] == timing:
            defs.append(d)
    if len(defs) > 1:
        defs = sorted(set(defs))
    return [d for d in defs if can_play(st, s, d)] if defs else defs


def play_action(st: TaleSpinState, s: int, d: int) -> None:
    """R12.4 / R12.6: the Action leaves the hand, its cost then its effect resolve, then it is discarded."""
    inst = st._take_def(s, d)
    st.resolving.append(inst)
    if T.D_TIKI[d]:
        st.tiki_played[s] |= 1 << d
    if st._ev is not None:
        st._e("action", seat=s, card=DEF_ID[d])
    st.stack.append((("_to_discard", inst), s, inst))
    st._push(T.D_EFFECT[d], s, inst)
    st._push(T.D_COST[d], s, inst)


def cond(st: TaleSpinState, condition: tuple[Any, ...], c: int) -> bool:
    """R16.6: the two conditions of ``if`` — ``chain_has_keyword`` and ``role`` in the current dogfight."""
    if condition[0] == "kw":
        return bool(st._chain_kw(c) & condition[1])
    df = st.dogfight
    if df is None:
        return False
    return c == (df.attacker if condition[1] == "attacker" else df.defender)


def resolve_opp(st: TaleSpinState, op: tuple[Any, ...], idx: int, c: int, src: int, ok: Any) -> int:
    """Target side of an op: -1 none, -2 a choice is pending (R24.3), else the side."""
    v = op[idx]
    if isinstance(v, int):
        return v
    if v == "defender":
        return st.dogfight.defender if st.dogfight is not None and st.dogfight.defender != c else -1
    if v == "self":
        return c
    opps = [o for o in st._opponents(c) if ok(o)]
    if not opps:
        return -1
    if len(opps) == 1:
        return opps[0]
    st.decision = ("opp", c, op, idx, src, tuple(opps))
    return -2


def hold_targets(st: TaleSpinState, c: int, kind: str, a: Any, b: Any = None) -> list[tuple[int, int]]:
    """(side, position) cards a pick may take: open / peek (a=whose), steal / dcargo (a=side, b=state)."""
    out = []
    if kind in ("open", "peek"):
        whose = a
        if whose == "any":
            sides: Any = range(st.sides)
        elif whose == "own":
            sides = (c,)
        elif whose == "defender":
            sides = (st.dogfight.defender,) if st.dogfight is not None and st.dogfight.defender != c else ()
        else:
            sides = st._opponents(c)
        for s in sides:
            if kind == "peek" and s == c:
                continue
            for i, v in enumerate(st.holds[s]):
                if not v & OPEN and not (kind == "peek" and v >> 8 >> c & 1):
                    out.append((s, i))
        return out
    side, state = a, b
    locked = kind == "steal" and st._locked(c)
    for i, v in enumerate(st.holds[side]):
        is_open = bool(v & OPEN)
        if state == "packed" and is_open or state == "open" and not is_open:
            continue
        if locked and not (is_open and C_TYPE[v & CARD_MASK] == CARGO):
            continue
        out.append((side, i))
    return out


def pick(st: TaleSpinState, c: int, kind: str, a: Any, b: Any = None) -> None:
    """R16.3: one open / peek / steal / discard-cargo pick — done at once when one target fits, else asked."""
    t = hold_targets(st, c, kind, a, b)
    if not t:
        return
    if len(t) == 1:
        do_pick(st, c, kind, t[0][0], t[0][1])
    else:
        st.decision = ("pick", c, kind, a, b)


def do_pick(st: TaleSpinState, c: int, kind: str, side: int, i: int) -> None:
    """Carry out one pick: open (R10.6, a bluff is discarded), peek (R5.3), steal (R10.8), discard (R10.9)."""
    hold = st.holds[side]
    v = hold[i]
    inst = v & CARD_MASK
    name = DEF_ID[C_DEF[inst]]
    if kind == "open":  # R10.6
        if C_TYPE[inst] in (CARGO, ARTIFACT):
            hold[i] = inst | OPEN | (((1 << st.sides) - 1) << 8)
            if st._ev is not None:
                st._e("open_cargo", seat=c, side=side, pos=i, card=name, bluff=False)
        else:
            del hold[i]
            st._discard_inst(inst)
            if st._ev is not None:
                st._e("open_cargo", seat=c, side=side, pos=i, card=name, bluff=True)
    elif kind == "peek":
        hold[i] = v | (1 << (8 + c))
        if st._ev is not None:
            st._e("peek", (c,), seat=c, side=side, pos=i, card=name)
            st._e("peek_public", seat=c, side=side, pos=i)
    elif kind == "steal":  # R10.8
        del hold[i]
        st.holds[c].append((v & 0xFF) | (v >> 8 | 1 << side) << 8)
        if st._ev is not None:
            st._e("steal_cargo", seat=c, side=side, card=name if v & OPEN else None)
        if not v & OPEN:
            if st._ev is not None:
                st._e("stolen_card", (c,), card=name)
    else:  # dcargo
        del hold[i]
        st._discard_inst(inst)
        if st._ev is not None:
            st._e("discard_cargo", seat=c, side=side, card=name)
