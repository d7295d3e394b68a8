"""TaleSpin's effect primitives (R16): one function per primitive of ``cards.toml [vocabulary.ops]``.

Every card effect, die result, Cargo Bonus, Reward and trigger is compiled (``data._compile``) into a tuple
of ops ``(name, params...)``; ``TaleSpinState._run`` pops frames ``(op, controller, source card)`` off the
stack and calls ``OPS[name]``. A primitive either finishes, pushes more frames (its steps, whose names
start with ``_`` in the frames and ``step_`` here), or asks a decision by setting ``st.decision`` —
answered in ``decisions.py``. Each function names its rule id; targets and playability are in ``targets.py``.

Why functions of the state (``st``) and not methods: one module per job, the state class keeps only its
fields and the turn flow, and every primitive is found by grepping its name or its rule id.
Over 400 lines because it is the whole vocabulary (28 primitives and their steps) in one place, as the
spec lists it; splitting it would scatter one table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from . import data as T
from .data import C_DEF, C_KW, C_TYPE, C_VAL, CARD_MASK, DEF_ID, HAND_CAP, OPEN, clamp_maneuver
from .dogfight import CANCELLED, DF_ATTACK_ACTION, DF_DEFEND_ACTION, DF_E, DF_V, table
from .targets import cond, hold_targets, pick, resolve_opp

if TYPE_CHECKING:
    from .state import TaleSpinState





def op_move(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``move``: R7.3 — move up to X, the mover picks direction and distance; then maybe ``play_cargo``."""
    if st.solo and c == 1:
        return
    if op[2]:
        st.stack.append((("play_cargo",), c, src))
    st.decision = ("move", c, op[1])


def op_play_cargo(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``play_cargo``: R10.2 — asked when SHIPPING >= the Location's RECEIVING (R6.2) and the hand is not
    empty; in solitaire only after beating Khan this turn, and never on a covered Location (R20.3, R20.4)."""
    if st.solo and (c == 1 or not st.won_khan or st._covered(st.pos[c])):
        return
    if st.stat(c, 0) < T.LOC_RECEIVING[st.pos[c]]:
        return
    if not st.hands[c]:
        return
    # asked even with no card to play (a locked hold and no Cargo in hand): skipping would show
    # everybody that the hand holds no Cargo
    st.decision = ("cargo", c)


def op_draw(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``draw``: R5.1 / R16.3 — the controller, everybody or each opponent draws, in priority order (R12.7)."""
    who = op[2]
    targets = (c,) if who == "self" else st._prio() if who == "all" else st._opponents(c)
    for s in targets:
        st._draw(s, op[1])


def op_discard_from_hand(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``discard_from_hand``: R16.3 — each target discards its own choice (or at random), one card a step."""
    who = op[2]
    if who in ("all", "each_opponent"):
        targets: tuple[int, ...] = st._prio() if who == "all" else st._opponents(c)
    else:
        t = resolve_opp(st, op, 2, c, src, lambda o: bool(st.hands[o]))
        if t < 0:
            return
        targets = (t,)
    for s in reversed(targets):
        if st.solo and s == 1:
            continue
        for _ in range(op[1]):
            st.stack.append((("_discard1", s, op[3]), c, src))


#: the source of a discard forced by a dogfight's Damage (R13.9): no card, but a cause all the same
DAMAGE_SRC = -2


def discard_cause(src: int) -> str:
    """Why a card is discarded, for the log: the card whose effect forces it, or a dogfight's Damage."""
    if src >= 0:
        return DEF_ID[C_DEF[src]]
    return "damage" if src == DAMAGE_SRC else ""


def step_discard1(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """One discard of ``discard_from_hand``: a random card, the only card, or the owner's choice (R16.3)."""
    s = op[1]
    hand = st.hands[s]
    if not hand:
        return
    # the card whose effect forces the discard is named in the event (issue 27: every discard says why)
    cause = discard_cause(src)
    if op[2]:
        inst = hand.pop(st.rng.randbelow(len(hand)))
        st._forget(s, C_DEF[inst])
        st._discard_inst(inst)
        if st._ev is not None:
            st._e("discard", seat=s, card=DEF_ID[C_DEF[inst]], cause=cause)
    elif len(hand) == 1:  # public: a hand of one card (copies of one card are still asked)
        inst = hand.pop()
        st._forget(s, C_DEF[inst])
        st._discard_inst(inst)
        if st._ev is not None:
            st._e("discard", seat=s, card=DEF_ID[C_DEF[inst]], cause=cause)
    else:
        st.decision = ("discard", s, "effect", src)


def op_take_from_hand(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``take_from_hand``: R24.8 — random cards from an opponent's hand into the controller's."""
    t = resolve_opp(st, op, 2, c, src, lambda o: bool(st.hands[o]))
    if t < 0:
        return
    for _ in range(op[1]):
        h = st.hands[t]
        if not h or len(st.hands[c]) >= HAND_CAP:
            break
        inst = h.pop(st.rng.randbelow(len(h)))
        st._forget(t, C_DEF[inst])
        st._gain(c, inst)
        st._reveal(c, inst, 1 << t)
        if st._ev is not None:
            st._e("take_from_hand", seat=c, side=t)
            st._e("took_card", (c, t), card=DEF_ID[C_DEF[inst]])


def op_search_deck(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``search_deck``: R15.2 — find cards of a type in the deck, then shuffle it."""
    st.stack.append((("_shuffle_deck",), c, src))
    for _ in range(op[2]):
        st.stack.append((("_take", "deck", op[1]), c, src))


def op_retrieve_discard(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``retrieve_discard``: R15.1 / R24.7 — take cards of a type from the public discard pile."""
    for _ in range(op[1]):
        st.stack.append((("_take", "discard", op[2]), c, src))


def take_options(st: TaleSpinState, where: str, t: int) -> list[int]:
    """Definitions a search (deck) or retrieval (discard) may take: type ``t`` (-1 any) (R15.2)."""
    pile = st.deck if where == "deck" else st.discard
    return sorted({C_DEF[i] for i in pile if t < 0 or C_TYPE[i] == t})


def step_take(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """One card of a search or retrieval (R15.2): asked unless the public pile leaves one choice."""
    if len(st.hands[c]) >= HAND_CAP or (st.solo and c == 1):
        return
    opts = take_options(st, op[1], op[2])
    if not opts:
        return
    if len(opts) == 1 and op[1] == "discard":  # the discard pile is public; the deck is not
        do_take(st, c, op[1], opts[0])
    else:
        st.decision = ("take", c, op[1], op[2])


def do_take(st: TaleSpinState, c: int, where: str, d: int) -> None:
    """Take one copy of definition ``d`` from the deck or the discard pile; everybody sees it (R24.7)."""
    pile = st.deck if where == "deck" else st.discard
    for k, inst in enumerate(pile):
        if C_DEF[inst] == d:
            del pile[k]
            st._gain(c, inst)
            st._reveal(c, inst, (1 << st.sides) - 1)
            if st._ev is not None:
                st._e("take", seat=c, source=where, card=DEF_ID[d])  # shown to everyone (R24.7)
            return


def step_shuffle_deck(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """The shuffle that ends a search (R15.2)."""
    st.rng.shuffle(st.deck)


def op_open_cargo(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``open_cargo``: R10.6 / R16.5 — open N packed cargo, one pick each."""
    for _ in range(op[1]):
        st.stack.append((("_pick", "open", op[2]), c, src))


def op_peek_cargo(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``peek_cargo``: R5.3 — look at packed cargo; only the controller learns the card."""
    for _ in range(op[1]):
        st.stack.append((("_pick", "peek", op[2]), c, src))


def step_pick(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """One pick of open / peek / steal / discard cargo (targets.pick)."""
    pick(st, c, op[1], op[2], op[3] if len(op) > 3 else None)


def op_repack(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``repack``: R10.7 — the controller's open cargo turns face down, order kept."""
    hold = st.holds[c]
    allmask = ((1 << st.sides) - 1) << 8
    for i, v in enumerate(hold):
        if v & OPEN:
            hold[i] = (v & CARD_MASK) | allmask
    if st._ev is not None:
        st._e("repack", seat=c)


def op_shuffle_cargo(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``shuffle_cargo``: R10.7 — the hold in a random order; watchers lose track of packed cards."""
    hold = st.holds[c]
    st.rng.shuffle(hold)
    for i, v in enumerate(hold):
        if not v & OPEN:
            hold[i] = v & CARD_MASK  # others no longer know which packed card is where
    if st._ev is not None:
        st._e("shuffle_cargo", seat=c)


def op_steal_cargo(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``steal_cargo``: R10.8 — one cargo of an opponent (maybe in RANGE) to the end of the hold."""
    state, in_range = op[1], op[3]
    t = resolve_opp(st, op, 2, c, src, lambda o: (not in_range or st._in_range(c, o))
                          and bool(hold_targets(st, c, "steal", o, state)))
    if t < 0 or (in_range and not st._in_range(c, t)):
        return
    pick(st, c, "steal", t, state)


def op_discard_cargo(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``discard_cargo``: R10.9 / R11.5 — discard one cargo of an opponent's hold."""
    t = resolve_opp(st, op, 2, c, src, lambda o: bool(hold_targets(st, c, "dcargo", o, op[1])))
    if t < 0:
        return
    pick(st, c, "dcargo", t, op[1])


def op_discard_self(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``discard_self``: R9.3 — the Passenger whose die result this is leaves its chain."""
    for ch in st.chains:
        if src in ch:
            ch.remove(src)
            st._discard_inst(src)
            if st._ev is not None:
                st._e("discard_passenger", seat=c, card=DEF_ID[C_DEF[src]])


def op_move_to_first(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``move_to_first``: R8.5 — a Passenger (itself or one chosen) to position 1."""
    reorder(st, c, src, op[1], "first")


def op_move_to_last(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``move_to_last``: R8.5 — a Passenger (itself or one chosen) to the end of the chain."""
    reorder(st, c, src, op[1], "last")


def reorder(st: TaleSpinState, c: int, src: int, target: str, where: str) -> None:
    """R8.5: move the source Passenger at once, or ask which one when the chain has two or more."""
    ch = st.chains[c] if not (st.solo and c == 1) else []
    if target == "self":
        if src in ch:
            move_passenger(st, c, ch.index(src), where)
    elif len(ch) >= 2:
        st.decision = ("chain", c, where, c, 0)


def move_passenger(st: TaleSpinState, c: int, i: int, where: str) -> None:
    """R8.4 / R8.5: chain position ``i`` of ``c`` goes first or last; the others close up."""
    ch = st.chains[c]
    p = ch.pop(i)
    if where == "first":
        ch.insert(0, p)
    else:
        ch.append(p)
    if st._ev is not None:
        st._e("move_passenger", seat=c, card=DEF_ID[C_DEF[p]], to=where)


def op_discard_passenger(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``discard_passenger``: R8.6 — an opponent's last or chosen Passenger to the discard pile."""
    if op[1] == "each_opponent":
        targets: tuple[int, ...] = st._opponents(c)
    else:
        t = resolve_opp(st, op, 1, c, src, lambda o: bool(st.chains[o]))
        if t < 0:
            return
        targets = (t,)
    for t in targets:
        ch = st.chains[t]
        if not ch:
            continue
        if op[2] == "last" or len(ch) == 1:
            p = ch.pop()
            st._discard_inst(p)
            if st._ev is not None:
                st._e("discard_passenger", seat=t, card=DEF_ID[C_DEF[p]])
        else:
            st.stack.append((("_chainpick", "dpass", t, 0), c, src))


def step_chainpick(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """Ask the controller which Passenger (discard / steal) when several qualify."""
    st.decision = ("chain", c, op[1], op[2], op[3])


def op_steal_passenger(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``steal_passenger``: R8.3 — an opponent's Passenger (maybe with a keyword) joins your chain."""
    kw = op[3]

    def ok(o: int) -> bool:
        return any(not kw or C_KW[p] & kw for p in st.chains[o])
    t = resolve_opp(st, op, 1, c, src, ok)
    if t < 0 or not ok(t):
        return
    cands = [i for i, p in enumerate(st.chains[t]) if not kw or C_KW[p] & kw]
    if op[2] == "last" or len(cands) == 1:
        steal_passenger(st, c, t, cands[-1])
    else:
        st.decision = ("chain", c, "spass", t, kw)


def steal_passenger(st: TaleSpinState, c: int, t: int, i: int) -> None:
    """R8.3: the stolen Passenger goes to the end of the chain; over 4, its owner drops one."""
    p = st.chains[t].pop(i)
    if st._ev is not None:
        st._e("steal_passenger", seat=c, side=t, card=DEF_ID[C_DEF[p]])
    st._add_passenger(c, p)


def op_modify_stat(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``modify_stat``: R6.1 — a stat change that lasts until the end of the turn."""
    st.stat_mods[3 * c + op[1]] += op[2]


def op_modify_maneuver(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``modify_maneuver``: R13.6 / R16.6 — change the attacker's first maneuver A1."""
    if st.dogfight is not None and st.dogfight.attacker == c:
        st.dogfight.first_modifier += op[1]


def op_auto_block(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``auto_block``: R13.6 — an Action played instead of a block blocks (DF-M*d)."""
    if st.dogfight is not None and st.dogfight.defender == c and st.dogfight.phase == DF_DEFEND_ACTION:
        st.dogfight.resolved = True


def op_maneuver_from_deck(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``maneuver_from_deck``: R13.6 — the top deck card is the attacker's maneuver (DF-M*a)."""
    df = st.dogfight
    if df is None or df.attacker != c or df.phase != DF_ATTACK_ACTION:
        return
    inst = st._pop_deck()
    if inst < 0:
        return
    st.attack_cards.append(inst)
    df.current = clamp_maneuver(C_VAL[inst] + op[1])
    df.resolved = True
    if st._ev is not None:
        st._e("maneuver", seat=c, card=DEF_ID[C_DEF[inst]], value=df.current, source="deck")


def op_cancel_dogfight(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``cancel_dogfight``: R13.11 — before a winner, the fight goes straight to DF-E."""
    df = st.dogfight
    if df is not None and df.phase < DF_V:
        df.phase = DF_E
        df.asked = 0
        df.winner = CANCELLED
        if st._ev is not None:
            st._e("dogfight_cancelled", seat=c)


def op_dogfight_rule(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``dogfight_rule``: R13.13 — no declining, ties to the attacker, or a PILOTING draw change."""
    df = st.dogfight
    if df is None:
        return
    rule = op[1]
    if rule == "defender_cannot_decline":
        df.cannot_decline = True
    elif rule == "ties_favour_attacker":
        df.ties_favour_attacker = True
    else:
        who = c if op[2] == "self" else (df.defender if c == df.attacker else df.attacker)
        if who == df.attacker:
            df.attacker_piloting += op[3]
        else:
            df.defender_piloting += op[3]


def op_adjust_damage(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``adjust_damage``: R13.8 / R24.1 — change the Damage total (clamped once, at DF-V3)."""
    if st.dogfight is not None:
        st.dogfight.damage_adjust += op[1]


def op_gain_bounty(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``gain_bounty``: R13.10 — take maneuver cards from the table, one decision each."""
    if st.dogfight is None:
        return
    for _ in range(op[1]):
        st.stack.append((("_bounty", 0), c, src))


def step_bounty(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """One bounty card (R13.10): asked while the table holds a card and the hand has room (R5.1)."""
    if st.dogfight is None or not table(st) or len(st.hands[c]) >= HAND_CAP:
        return
    st.decision = ("bounty", c, op[1])


def op_if(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """``if``: R16.2 — the condition is checked when it resolves (R24.2 for playability)."""
    st._push(op[2] if cond(st, op[1], c) else op[3], c, src)


def step_to_discard(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """R12.6: a played Action, fully resolved, goes to the discard pile."""
    st.resolving.remove(op[1])
    st._discard_inst(op[1])


def step_chain(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """R9.3: the first not-yet-resolved Passenger (of those present at the roll) in current order."""
    r, todo = op[1], op[2]
    for p in st.chains[c]:
        if p in todo:
            st.stack.append((("_chain", r, tuple(x for x in todo if x != p)), c, -1))
            st._push(T.D_DIE[C_DEF[p]][r], c, p)
            return


def step_khan_cargo(st: TaleSpinState, op: tuple[Any, ...], c: int, src: int) -> None:
    """R20.3: in solitaire Khan takes the top deck card as packed cargo in each Step 1."""
    inst = st._pop_deck()
    if inst >= 0:
        st.holds[1].append(inst)
        if st._ev is not None:
            st._e("khan_cargo", n=len(st.holds[1]))


Op = Callable[["TaleSpinState", tuple[Any, ...], int, int], None]

#: primitive (or internal step) name in a frame -> the function that resolves it
OPS: Final[dict[str, Op]] = {
    "move": op_move,
    "play_cargo": op_play_cargo,
    "draw": op_draw,
    "discard_from_hand": op_discard_from_hand,
    "_discard1": step_discard1,
    "take_from_hand": op_take_from_hand,
    "search_deck": op_search_deck,
    "retrieve_discard": op_retrieve_discard,
    "_take": step_take,
    "_shuffle_deck": step_shuffle_deck,
    "open_cargo": op_open_cargo,
    "peek_cargo": op_peek_cargo,
    "_pick": step_pick,
    "repack": op_repack,
    "shuffle_cargo": op_shuffle_cargo,
    "steal_cargo": op_steal_cargo,
    "discard_cargo": op_discard_cargo,
    "discard_self": op_discard_self,
    "move_to_first": op_move_to_first,
    "move_to_last": op_move_to_last,
    "discard_passenger": op_discard_passenger,
    "_chainpick": step_chainpick,
    "steal_passenger": op_steal_passenger,
    "modify_stat": op_modify_stat,
    "modify_maneuver": op_modify_maneuver,
    "auto_block": op_auto_block,
    "maneuver_from_deck": op_maneuver_from_deck,
    "cancel_dogfight": op_cancel_dogfight,
    "dogfight_rule": op_dogfight_rule,
    "adjust_damage": op_adjust_damage,
    "gain_bounty": op_gain_bounty,
    "_bounty": step_bounty,
    "if": op_if,
    "_to_discard": step_to_discard,
    "_chain": step_chain,
    "_khan_cargo": step_khan_cargo,
}
