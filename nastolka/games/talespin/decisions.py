"""TaleSpin's decisions: for each kind of pending decision, its legal options and how an answer is carried out.

A decision is the tuple ``st.decision = (kind, seat, context...)`` that a rule step sets when somebody must
choose (``effects.py``, ``dogfight.py``, the turn flow in ``state.py``). ``LEGAL[kind]`` lists the options
the seat may take, as integer codes (``codes.py``: a verb and two small arguments; the id of a code is made
only when somebody asks for ids), and ``APPLY[kind]`` carries one out, given the code's verb and arguments.
One pair of functions per kind, each with its rule ids.

Why over 400 lines: TaleSpin has twenty-odd kinds of decision (turn steps, response windows, dogfight
answers, Khan's), each a short pair of functions; the two tables at the bottom list them all in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from . import data as T
from .codes import (
    V_ACCEPT,
    V_ACTION,
    V_ARTIFACT,
    V_BLOCK,
    V_BOUNTY,
    V_BOUNTY_NONE,
    V_CARGO,
    V_CARGO_NONE,
    V_CHAIN,
    V_DAMAGE_HAND,
    V_DAMAGE_OPEN,
    V_DAMAGE_UNCOVER,
    V_DECLINE,
    V_DISCARD,
    V_DOGFIGHT,
    V_DROP,
    V_END,
    V_MANEUVER,
    V_MOVE_CCW,
    V_MOVE_CW,
    V_OPPONENT,
    V_PASS,
    V_PASSENGER,
    V_PICK,
    V_PILOT,
    V_TAKE,
    V_TAKE_NONE,
    V_YIELD,
    code,
)
from .data import (
    ACTION,
    ARTIFACT,
    BLUE,
    C_DEF,
    C_KW,
    C_VAL,
    CARGO,
    DEF_ID,
    OPEN,
    PASSENGER,
    PH_MAIN,
    PH_REACT,
    PILOT,
    distance,
)
from .dogfight import (
    DF_ATTACK_ACTION,
    DF_DEFEND,
    DF_DEFEND_ACTION,
    DF_V,
    DF_W3,
    block_options,
    blocked,
    damage_options,
    start,
    table,
    yield_,
)
from .effects import DAMAGE_SRC, discard_cause, do_take, move_passenger, steal_passenger, take_options
from .targets import can_play, do_pick, eligible, hold_targets, play_action

if TYPE_CHECKING:
    from .state import TaleSpinState


def _l_main(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """Step 2 (R4.2): Passengers (R8.2), Artifacts (R11.1), Actions (R12.1), a Pilot or RANGE dogfight
    (R13.2, R7.5), end. Solitaire (R20.3): blue cards only, Artifacts into the player's own hold."""
    a = dec[1]
    out: list[int] = []
    opps = s._opponents(a)
    solo = s.solo
    used = s.dogfight_used
    sides = (a,) if solo else tuple(x for x in range(s.players) if len(s.holds[x]) < s.cargo_goal - 1)
    for d in s._hand_defs(a):
        t = T.D_TYPE[d]
        if t == PASSENGER:
            if not solo or T.D_COLOUR[d] == BLUE:
                out.append(code(V_PASSENGER, d))
        elif t == ARTIFACT:
            for side in sides:
                if not solo or not s._locked(side):
                    out.append(code(V_ARTIFACT, d, side))
        elif t == ACTION:
            if not solo and T.D_TIMING[d] in ("own_step2", "any_turn") and can_play(s, a, d):
                out.append(code(V_ACTION, d))
        elif t == PILOT and not used and (not solo or T.D_COLOUR[d] == BLUE):
            for o in opps:
                out.append(code(V_PILOT, d, o))
    if not used:
        if solo:
            out.append(code(V_DOGFIGHT, 1))
        else:
            rng_a = s.stat(a, 1)
            pa = s.pos[a]
            for o in opps:
                if distance(pa, s.pos[o]) <= rng_a:
                    out.append(code(V_DOGFIGHT, o))
    out.append(V_END)
    return out


def _a_main(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """Carry out a Step 2 play; ``end`` opens the reaction window (R12.3)."""
    a = dec[1]
    if verb == V_END:
        if s._ev is not None:
            s._e("end_step2", seat=a)
        s.phase = PH_REACT
        s.asked = 0
        return
    if verb == V_DOGFIGHT:
        start(s, a, x, -1)
        return
    if verb == V_PASSENGER:
        inst = s._take_def(a, x)
        if s._ev is not None:
            s._e("passenger", seat=a, card=DEF_ID[x])
        s._add_passenger(a, inst)
    elif verb == V_ARTIFACT:
        inst = s._take_def(a, x)
        s.holds[y].append(inst | OPEN | (((1 << s.sides) - 1) << 8))
        if s._ev is not None:
            s._e("artifact", seat=a, card=DEF_ID[x], target=y)
    elif verb == V_ACTION:
        play_action(s, a, x)
    else:  # pilot
        inst = s._take_def(a, x)
        start(s, a, y, inst)


def _l_window(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """A response window (R12.2): the eligible Actions of its timing, or pass."""
    out = [code(V_ACTION, d) for d in eligible(s, dec[1], dec[2])]
    out.append(V_PASS)
    return out


def _a_window(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """Pass on to the next seat of the window, or play the Action (R12.6)."""
    if verb == V_PASS:
        if s.dogfight is not None and s.phase == PH_MAIN:
            s.dogfight.asked += 1
        else:
            s.asked += 1
        return
    play_action(s, dec[1], x)


def _l_accept(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """DF-1 (R13.4)."""
    return [V_ACCEPT, V_DECLINE]


def _a_accept(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """DF-1 (R13.4): accepted → DF-W3; declined → attacker victory, A1 counts as played."""
    df = s.dogfight
    assert df is not None
    if s._ev is not None:
        s._e("accept" if verb == V_ACCEPT else "decline", seat=dec[1])
    if verb == V_ACCEPT:
        df.accepted = True
        df.phase = DF_W3
    else:
        df.phase = DF_V  # R13.4: the first maneuver counts as played


def _l_defend(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """DF-M*d (R13.6, R13.7): block with a higher (or equal) maneuver or a Lucky Shot, an
    ``instead_of_maneuver`` Action, or yield."""
    d = dec[1]
    out = [code(V_BLOCK, x) for x in block_options(s, d)]
    for x in s._hand_defs(d):
        if T.D_TIMING[x] == "instead_of_maneuver" and T.D_ROLE[x] in ("defender", "either") and can_play(s, d, x):
            out.append(code(V_ACTION, x))
    out.append(V_YIELD)
    return out


def _a_defend(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """DF-M*d: a block, an Action instead of a maneuver, or a yield (R24.4)."""
    df = s.dogfight
    assert df is not None
    d = dec[1]
    if verb == V_YIELD:
        yield_(s)
        return
    if verb == V_BLOCK:
        inst = s._take_def(d, x)
        s.defence_cards.append(inst)
        if s._ev is not None:
            s._e("block", seat=d, card=DEF_ID[x], value=T.D_VAL[x])
        blocked(s)
    else:
        df.resolved = False
        df.phase = DF_DEFEND_ACTION
        play_action(s, d, x)


def _l_attack(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """DF-M2a/M3a (R13.6): any hand card as a maneuver, or an ``instead_of_maneuver`` Action."""
    a = dec[1]
    defs = s._hand_defs(a)
    out = [code(V_MANEUVER, x) for x in defs]
    for x in defs:
        if T.D_TIMING[x] == "instead_of_maneuver" and T.D_ROLE[x] in ("attacker", "either") and can_play(s, a, x):
            out.append(code(V_ACTION, x))
    return out


def _a_attack(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """DF-M2a/M3a: the maneuver's printed value is the one to beat (modifiers apply to A1 only)."""
    df = s.dogfight
    assert df is not None
    a = dec[1]
    if verb == V_MANEUVER:
        inst = s._take_def(a, x)
        s.attack_cards.append(inst)
        df.round += 1
        df.current = C_VAL[inst]
        df.phase = DF_DEFEND
        if s._ev is not None:
            s._e("maneuver", seat=a, card=DEF_ID[x], value=df.current, source="hand")
    else:
        df.resolved = False
        df.phase = DF_ATTACK_ACTION
        play_action(s, a, x)


def _l_damage(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """DF-V4 (R13.9)."""
    df = s.dogfight
    assert df is not None
    return damage_options(s, df.attacker, df.defender)


def _a_damage(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """DF-V4 (R13.9 / R20.5.7): one Damage point — open, discard an open cargo, a hand discard, uncover."""
    df = s.dogfight
    assert df is not None
    a, d = df.attacker, df.defender
    df.damage_left -= 1
    if verb == V_DAMAGE_HAND:
        s.stack.append((("_discard1", d, False), a, DAMAGE_SRC))   # the source says why in the log
    elif verb == V_DAMAGE_UNCOVER:
        inst = s.covered.pop()
        s._discard_inst(inst)
        if s._ev is not None:
            s._e("uncover", card=DEF_ID[C_DEF[inst]])
    else:  # x: the position in the defender's hold
        do_pick(s, a, "open" if verb == V_DAMAGE_OPEN else "dcargo", d, x)


def _l_bounty(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """DF-D3 / ``gain_bounty`` (R13.10): one card on the table; the DF-D3 bounty may be refused."""
    out = [code(V_BOUNTY, d) for d in sorted({C_DEF[i] for i in table(s)})]
    if dec[2]:
        out.append(V_BOUNTY_NONE)
    return out


def _a_bounty(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R13.10 / R24.8: the bounty card enters the hand and everybody sees which."""
    if verb == V_BOUNTY_NONE:
        return
    d = x
    df = s.dogfight
    assert df is not None
    if df.pilot >= 0 and C_DEF[df.pilot] == d:
        inst = df.pilot
        df.pilot = -1
    else:
        lst = next(lst for lst in (s.attack_cards, s.defence_cards) if any(C_DEF[i] == d for i in lst))
        inst = next(i for i in lst if C_DEF[i] == d)
        lst.remove(inst)
    s._gain(dec[1], inst)
    s._reveal(dec[1], inst, (1 << s.sides) - 1)
    if s._ev is not None:
        s._e("bounty", seat=dec[1], card=DEF_ID[d])


def _l_move(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R7.3: 1..X steps, clockwise or counter-clockwise."""
    out: list[int] = []
    for n in range(1, dec[2] + 1):
        out.append(code(V_MOVE_CW, n))
        out.append(code(V_MOVE_CCW, n))
    return out


def _a_move(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R7.3: ``x`` steps."""
    c = dec[1]
    s.pos[c] = (s.pos[c] - 1 + (x if verb == V_MOVE_CW else -x)) % 12 + 1
    if s._ev is not None:
        s._e("move", seat=c, to=s.pos[c])


def _l_cargo(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R10.2 / R10.5 / R24.5: any hand card face down, only a genuine Cargo when the hold is locked, or none."""
    c = dec[1]
    locked = s._locked(c)
    out = [code(V_CARGO, d) for d in s._hand_defs(c) if not locked or T.D_TYPE[d] == CARGO]
    out.append(V_CARGO_NONE)
    return out


def _a_cargo(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R10.2-R10.5: packed face down, or the final cargo face up; then the Location's Cargo Bonus (R10.3)."""
    c = dec[1]
    if verb == V_CARGO_NONE:
        return
    inst = s._take_def(c, x)
    if s._locked(c):  # R10.5: the final cargo is genuine and face up
        s.holds[c].append(inst | OPEN | (((1 << s.sides) - 1) << 8))
        if s._ev is not None:
            s._e("cargo", seat=c, card=DEF_ID[x], open=True, location=s.pos[c])
    else:
        s.holds[c].append(inst)
        if s._ev is not None:
            s._e("cargo", seat=c, card=None, open=False, location=s.pos[c])
            s._e("packed_card", (c,), seat=c, card=DEF_ID[x])
    s._push(T.LOC_BONUS[s.pos[c]], c)  # R10.3


def _l_discard(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R5.2 / R16.3: the discarding seat picks its own card."""
    return [code(V_DISCARD, d) for d in s._hand_defs(dec[1])]


def _a_discard(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R5.2 / R16.3."""
    inst = s._take_def(dec[1], x)
    s._discard_inst(inst)
    if s._ev is not None:
        # why: the hand limit at the end of a turn (R5.2), or the card whose effect forces it (R16.3)
        src = dec[3] if len(dec) > 3 else -1
        cause = "hand_limit" if dec[2] == "end" else discard_cause(src)
        s._e("discard", seat=dec[1], card=DEF_ID[x], cause=cause)


def _l_drop(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R8.3: over 4 Passengers, the owner discards one of the earlier ones (not the newcomer)."""
    return [code(V_DROP, i) for i in range(len(s.chains[dec[1]]) - 1)]


def _a_drop(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R8.3 / R8.4."""
    inst = s.chains[dec[1]].pop(x)
    s._discard_inst(inst)
    if s._ev is not None:
        s._e("discard_passenger", seat=dec[1], card=DEF_ID[C_DEF[inst]])


def _l_pick(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R16.3: the legal targets of an open / peek / steal / discard-cargo pick."""
    return [code(V_PICK, side, i) for side, i in hold_targets(s, dec[1], dec[2], dec[3], dec[4])]


def _a_pick(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R16.3: seat ``x``, position ``y``."""
    do_pick(s, dec[1], dec[2], x, y)


def _l_opp(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R24.3: ``chosen_opponent`` — the opponents the effect can act on."""
    return [code(V_OPPONENT, o) for o in dec[5]]


def _a_opp(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R24.3: the op goes back on the stack with the chosen side ``x`` filled in."""
    op, idx, src = dec[2], dec[3], dec[4]
    s.stack.append((op[:idx] + (x,) + op[idx + 1:], dec[1], src))


def _chain_targets(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """Chain positions a Passenger choice may take (R8.5; steals: those with the keyword)."""
    kind, side, kw = dec[2], dec[3], dec[4]
    ch = s.chains[side]
    return [i for i, p in enumerate(ch) if kind != "spass" or not kw or C_KW[p] & kw]


def _l_chain(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R8.5 / R8.6: which Passenger to move, discard or steal."""
    return [code(V_CHAIN, dec[3], i) for i in _chain_targets(s, dec)]


def _a_chain(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R8.5 / R8.6 / R8.3: the Passenger at position ``y`` of side ``x``'s chain."""
    kind, c = dec[2], dec[1]
    side, i = x, y
    if kind in ("first", "last"):
        move_passenger(s, c, i, kind)
    elif kind == "dpass":
        p = s.chains[side].pop(i)
        s._discard_inst(p)
        if s._ev is not None:
            s._e("discard_passenger", seat=side, card=DEF_ID[C_DEF[p]])
    else:
        steal_passenger(s, c, side, i)


def _l_take(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R15.2: the definitions a search or retrieval may take."""
    # "take:none" only appears in a determinized state whose resampled pile lost every match
    return [code(V_TAKE, d) for d in take_options(s, dec[2], dec[3])] or [V_TAKE_NONE]


def _a_take(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R15.2 / R24.7."""
    if verb == V_TAKE:
        do_take(s, dec[1], dec[2], x)


def _l_smaneuver(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """R20.5.3 / R24.6: any hand card as one of the two extra maneuvers against Khan."""
    return [code(V_MANEUVER, d) for d in s._hand_defs(0)]


def _a_smaneuver(s: TaleSpinState, dec: tuple[Any, ...], verb: int, x: int, y: int) -> None:
    """R20.5.3."""
    s.attack_cards.append(s._take_def(0, x))
    if s._ev is not None:
        s._e("maneuver", seat=0, card=DEF_ID[x], value=T.D_VAL[x], source="hand")


Legal = Callable[["TaleSpinState", tuple[Any, ...]], list[int]]
Answer = Callable[["TaleSpinState", tuple[Any, ...], int, int, int], None]

#: decision kind -> its legal codes (the order is the RL encoder's list of kinds)
LEGAL: Final[dict[str, Legal]] = {
    "main": _l_main, "window": _l_window, "accept": _l_accept, "defend": _l_defend, "attack": _l_attack,
    "damage": _l_damage, "bounty": _l_bounty, "move": _l_move, "cargo": _l_cargo, "discard": _l_discard,
    "drop": _l_drop, "pick": _l_pick, "opp": _l_opp, "chain": _l_chain, "take": _l_take,
    "smaneuver": _l_smaneuver}
#: decision kind -> how an answer is carried out (the code's verb and its arguments ``a`` and ``b``)
APPLY: Final[dict[str, Answer]] = {
    "main": _a_main, "window": _a_window, "accept": _a_accept, "defend": _a_defend, "attack": _a_attack,
    "damage": _a_damage, "bounty": _a_bounty, "move": _a_move, "cargo": _a_cargo, "discard": _a_discard,
    "drop": _a_drop, "pick": _a_pick, "opp": _a_opp, "chain": _a_chain, "take": _a_take,
    "smaneuver": _a_smaneuver}
