"""TaleSpin's decisions: for each kind of pending decision, its legal ids and how an answer is carried out.

A decision is the tuple ``st.decision = (kind, seat, context...)`` that a rule step sets when somebody must
choose (``effects.py``, ``dogfight.py``, the turn flow in ``state.py``). ``LEGAL[kind]`` lists the ids the
seat may send and ``APPLY[kind]`` carries one out; the ids themselves are built here or in ``actions.py``
(the fixed ones), with the engine's id grammar. One pair of functions per kind, each with its rule ids.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import data as T
from .actions import BOUNTY_NONE, CARGO_NONE, NONE
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
from .effects import do_take, move_passenger, steal_passenger, take_options
from .targets import can_play, do_pick, eligible, hold_targets, play_action

if TYPE_CHECKING:
    from .state import TaleSpinState





def _l_main(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """Step 2 (R4.2): Passengers (R8.2), Artifacts (R11.1), Actions (R12.1), a Pilot or RANGE dogfight
    (R13.2, R7.5), end. Solitaire (R20.3): blue cards only, Artifacts into the player's own hold."""
    a = dec[1]
    ids = []
    opps = s._opponents(a)
    solo = s.solo
    used = s.dogfight_used
    sides = (a,) if solo else tuple(x for x in range(s.players) if len(s.holds[x]) < s.cargo_goal - 1)
    for d in s._hand_defs(a):
        t = T.D_TYPE[d]
        name = DEF_ID[d]
        if t == PASSENGER:
            if not solo or T.D_COLOUR[d] == BLUE:
                ids.append("passenger:card=" + name)
        elif t == ARTIFACT:
            for side in sides:
                if not solo or not s._locked(side):
                    ids.append(f"artifact:card={name},seat={side}")
        elif t == ACTION:
            if not solo and T.D_TIMING[d] in ("own_step2", "any_turn") and can_play(s, a, d):
                ids.append("action:card=" + name)
        elif t == PILOT and not used and (not solo or T.D_COLOUR[d] == BLUE):
            ids.extend(f"pilot:card={name},target={o}" for o in opps)
    if not used:
        if solo:
            ids.append("dogfight:target=1")
        else:
            rng_a = s.stat(a, 1)
            pa = s.pos[a]
            ids.extend(f"dogfight:target={o}" for o in opps if distance(pa, s.pos[o]) <= rng_a)
    ids.append("end")
    return ids


def _a_main(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """Carry out a Step 2 play; ``end`` opens the reaction window (R12.3)."""
    a = dec[1]
    if verb == "end":
        s._e("end_step2", seat=a)
        s.phase = PH_REACT
        s.asked = 0
        return
    if verb == "dogfight":
        start(s, a, int(p["target"]), -1)
        return
    d = T.DEF_INDEX[p["card"]]
    if verb == "passenger":
        inst = s._take_def(a, d)
        s._e("passenger", seat=a, card=p["card"])
        s._add_passenger(a, inst)
    elif verb == "artifact":
        inst = s._take_def(a, d)
        side = int(p["seat"])
        s.holds[side].append(inst | OPEN | (((1 << s.sides) - 1) << 8))
        s._e("artifact", seat=a, card=p["card"], target=side)
    elif verb == "action":
        play_action(s, a, d)
    else:  # pilot
        inst = s._take_def(a, d)
        start(s, a, int(p["target"]), inst)


def _l_window(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """A response window (R12.2): the eligible Actions of its timing, or pass."""
    return [f"action:card={DEF_ID[d]}" for d in eligible(s, dec[1], dec[2])] + ["pass"]


def _a_window(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """Pass on to the next seat of the window, or play the Action (R12.6)."""
    if verb == "pass":
        if s.dogfight is not None and s.phase == PH_MAIN:
            s.dogfight.asked += 1
        else:
            s.asked += 1
        return
    play_action(s, dec[1], T.DEF_INDEX[p["card"]])


def _l_accept(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """DF-1 (R13.4)."""
    return ["accept", "decline"]


def _a_accept(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """DF-1 (R13.4): accepted → DF-W3; declined → attacker victory, A1 counts as played."""
    df = s.dogfight
    assert df is not None
    s._e(verb, seat=dec[1])
    if verb == "accept":
        df.accepted = True
        df.phase = DF_W3
    else:
        df.phase = DF_V  # R13.4: the first maneuver counts as played


def _l_defend(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """DF-M*d (R13.6, R13.7): block with a higher (or equal) maneuver or a Lucky Shot, an
    ``instead_of_maneuver`` Action, or yield."""
    d = dec[1]
    ids = [f"block:card={DEF_ID[x]}" for x in block_options(s, d)]
    ids += [f"action:card={DEF_ID[x]}" for x in s._hand_defs(d)
            if T.D_TIMING[x] == "instead_of_maneuver" and T.D_ROLE[x] in ("defender", "either") and can_play(s, d, x)]
    ids.append("yield")
    return ids


def _a_defend(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """DF-M*d: a block, an Action instead of a maneuver, or a yield (R24.4)."""
    df = s.dogfight
    assert df is not None
    d = dec[1]
    if verb == "yield":
        yield_(s)
        return
    x = T.DEF_INDEX[p["card"]]
    if verb == "block":
        inst = s._take_def(d, x)
        s.defence_cards.append(inst)
        s._e("block", seat=d, card=DEF_ID[x], value=T.D_VAL[x])
        blocked(s)
    else:
        df.resolved = False
        df.phase = DF_DEFEND_ACTION
        play_action(s, d, x)


def _l_attack(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """DF-M2a/M3a (R13.6): any hand card as a maneuver, or an ``instead_of_maneuver`` Action."""
    a = dec[1]
    defs = s._hand_defs(a)
    ids = [f"maneuver:card={DEF_ID[x]}" for x in defs]
    ids += [f"action:card={DEF_ID[x]}" for x in defs
            if T.D_TIMING[x] == "instead_of_maneuver" and T.D_ROLE[x] in ("attacker", "either") and can_play(s, a, x)]
    return ids


def _a_attack(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """DF-M2a/M3a: the maneuver's printed value is the one to beat (modifiers apply to A1 only)."""
    df = s.dogfight
    assert df is not None
    a = dec[1]
    x = T.DEF_INDEX[p["card"]]
    if verb == "maneuver":
        inst = s._take_def(a, x)
        s.attack_cards.append(inst)
        df.round += 1
        df.current = C_VAL[inst]
        df.phase = DF_DEFEND
        s._e("maneuver", seat=a, card=DEF_ID[x], value=df.current, source="hand")
    else:
        df.resolved = False
        df.phase = DF_ATTACK_ACTION
        play_action(s, a, x)


def _l_damage(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """DF-V4 (R13.9)."""
    df = s.dogfight
    assert df is not None
    return damage_options(s, df.attacker, df.defender)


def _a_damage(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """DF-V4 (R13.9 / R20.5.7): one Damage point — open, discard an open cargo, a hand discard, uncover."""
    df = s.dogfight
    assert df is not None
    a, d = df.attacker, df.defender
    df.damage_left -= 1
    kind = p["do"]
    if kind == "hand":
        s.stack.append((("_discard1", d, False), a, -1))
    elif kind == "uncover":
        inst = s.covered.pop()
        s._discard_inst(inst)
        s._e("uncover", card=DEF_ID[C_DEF[inst]])
    else:
        pos = int(p["pos"])
        do_pick(s, a, "open" if kind == "open" else "dcargo", d, pos)


def _l_bounty(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """DF-D3 / ``gain_bounty`` (R13.10): one card on the table; the DF-D3 bounty may be refused."""
    ids = [f"bounty:card={DEF_ID[d]}" for d in sorted({C_DEF[i] for i in table(s)})]
    if dec[2]:
        ids.append(BOUNTY_NONE)
    return ids


def _a_bounty(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R13.10 / R24.8: the bounty card enters the hand and everybody sees which."""
    if p["card"] == NONE:
        return
    d = T.DEF_INDEX[p["card"]]
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
    s._e("bounty", seat=dec[1], card=p["card"])


def _l_move(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R7.3: 1..X steps, clockwise or counter-clockwise."""
    return [f"move:dir={dr},n={n}" for n in range(1, dec[2] + 1) for dr in ("cw", "ccw")]


def _a_move(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R7.3."""
    c = dec[1]
    n = int(p["n"])
    s.pos[c] = (s.pos[c] - 1 + (n if p["dir"] == "cw" else -n)) % 12 + 1
    s._e("move", seat=c, to=s.pos[c])


def _l_cargo(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R10.2 / R10.5 / R24.5: any hand card face down, only a genuine Cargo when the hold is locked, or none."""
    c = dec[1]
    locked = s._locked(c)
    return [f"cargo:card={DEF_ID[d]}" for d in s._hand_defs(c) if not locked or T.D_TYPE[d] == CARGO] + [CARGO_NONE]


def _a_cargo(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R10.2-R10.5: packed face down, or the final cargo face up; then the Location's Cargo Bonus (R10.3)."""
    c = dec[1]
    if p["card"] == NONE:
        return
    d = T.DEF_INDEX[p["card"]]
    inst = s._take_def(c, d)
    if s._locked(c):  # R10.5: the final cargo is genuine and face up
        s.holds[c].append(inst | OPEN | (((1 << s.sides) - 1) << 8))
        s._e("cargo", seat=c, card=p["card"], open=True, location=s.pos[c])
    else:
        s.holds[c].append(inst)
        s._e("cargo", seat=c, card=None, open=False, location=s.pos[c])
        s._e("packed_card", (c,), seat=c, card=p["card"])
    s._push(T.LOC_BONUS[s.pos[c]], c)  # R10.3


def _l_discard(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R5.2 / R16.3: the discarding seat picks its own card."""
    return [f"discard:card={DEF_ID[d]}" for d in s._hand_defs(dec[1])]


def _a_discard(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R5.2 / R16.3."""
    name = p["card"]
    inst = s._take_def(dec[1], T.DEF_INDEX[name])
    s._discard_inst(inst)
    s._e("discard", seat=dec[1], card=name)


def _l_drop(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R8.3: over 4 Passengers, the owner discards one of the earlier ones (not the newcomer)."""
    return [f"drop:pos={i}" for i in range(len(s.chains[dec[1]]) - 1)]


def _a_drop(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R8.3 / R8.4."""
    inst = s.chains[dec[1]].pop(int(p["pos"]))
    s._discard_inst(inst)
    s._e("discard_passenger", seat=dec[1], card=DEF_ID[C_DEF[inst]])


def _l_pick(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R16.3: the legal targets of an open / peek / steal / discard-cargo pick."""
    return [f"cargo:seat={side},pos={i}" for side, i in hold_targets(s, dec[1], dec[2], dec[3], dec[4])]


def _a_pick(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R16.3."""
    do_pick(s, dec[1], dec[2], int(p["seat"]), int(p["pos"]))


def _l_opp(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R24.3: ``chosen_opponent`` — the opponents the effect can act on."""
    return [f"opponent:seat={o}" for o in dec[5]]


def _a_opp(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R24.3: the op goes back on the stack with the chosen side filled in."""
    op, idx, src = dec[2], dec[3], dec[4]
    t = int(p["seat"])
    s.stack.append((op[:idx] + (t,) + op[idx + 1:], dec[1], src))


def _chain_targets(s: TaleSpinState, dec: tuple[Any, ...]) -> list[int]:
    """Chain positions a Passenger choice may take (R8.5; steals: those with the keyword)."""
    kind, side, kw = dec[2], dec[3], dec[4]
    ch = s.chains[side]
    return [i for i, p in enumerate(ch) if kind != "spass" or not kw or C_KW[p] & kw]


def _l_chain(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R8.5 / R8.6: which Passenger to move, discard or steal."""
    return [f"chain:seat={dec[3]},pos={i}" for i in _chain_targets(s, dec)]


def _a_chain(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R8.5 / R8.6 / R8.3."""
    kind, c = dec[2], dec[1]
    side, i = int(p["seat"]), int(p["pos"])
    if kind in ("first", "last"):
        move_passenger(s, c, i, kind)
    elif kind == "dpass":
        x = s.chains[side].pop(i)
        s._discard_inst(x)
        s._e("discard_passenger", seat=side, card=DEF_ID[C_DEF[x]])
    else:
        steal_passenger(s, c, side, i)


def _l_take(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R15.2: the definitions a search or retrieval may take."""
    # "take:none" only appears in a determinized state whose resampled pile lost every match
    return [f"take:card={DEF_ID[d]}" for d in take_options(s, dec[2], dec[3])] or ["take:none"]


def _a_take(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R15.2 / R24.7."""
    if "card" in p:
        do_take(s, dec[1], dec[2], T.DEF_INDEX[p["card"]])


def _l_smaneuver(s: TaleSpinState, dec: tuple[Any, ...]) -> list[str]:
    """R20.5.3 / R24.6: any hand card as one of the two extra maneuvers against Khan."""
    return [f"maneuver:card={DEF_ID[d]}" for d in s._hand_defs(0)]


def _a_smaneuver(s: TaleSpinState, dec: tuple[Any, ...], verb: str, p: dict[str, str]) -> None:
    """R20.5.3."""
    name = p["card"]
    s.attack_cards.append(s._take_def(0, T.DEF_INDEX[name]))
    s._e("maneuver", seat=0, card=name, value=T.D_VAL[T.DEF_INDEX[name]], source="hand")


Legal = Callable[["TaleSpinState", tuple[Any, ...]], list[str]]
Answer = Callable[["TaleSpinState", tuple[Any, ...], str, dict[str, str]], None]

#: decision kind -> its legal ids (the order is the RL encoder's list of kinds)
LEGAL: dict[str, Legal] = {
    "main": _l_main, "window": _l_window, "accept": _l_accept, "defend": _l_defend, "attack": _l_attack,
    "damage": _l_damage, "bounty": _l_bounty, "move": _l_move, "cargo": _l_cargo, "discard": _l_discard,
    "drop": _l_drop, "pick": _l_pick, "opp": _l_opp, "chain": _l_chain, "take": _l_take,
    "smaneuver": _l_smaneuver}
#: decision kind -> how an answer is carried out (``params`` parsed by the engine's id grammar)
APPLY: dict[str, Answer] = {
    "main": _a_main, "window": _a_window, "accept": _a_accept, "defend": _a_defend, "attack": _a_attack,
    "damage": _a_damage, "bounty": _a_bounty, "move": _a_move, "cargo": _a_cargo, "discard": _a_discard,
    "drop": _a_drop, "pick": _a_pick, "opp": _a_opp, "chain": _a_chain, "take": _a_take,
    "smaneuver": _a_smaneuver}
