"""The cards' own effects (SB-3, step 3 of SB-7): one entry per card, holding both halves of it.

Every triggered effect is a "may": when a card is placed (or a МИМ copies it), ``options`` lists the ids of
the ways it can be used right now — none means it is skipped without asking — and ``apply`` carries the
chosen one out. Keeping the two halves side by side in one :class:`CardEffect` is what makes a card's rule
readable in one place (they used to be two if-chains over the card kinds).

Effects' own rotations, discards and revivals never trigger steps 1–3 again (no cascades), and a card
with an untouchable token ignores every effect (SB-7). Cards without a triggered effect have no entry:
ФАКИР and ВОЗДУШНЫЕ ГИМНАСТЫ are standing properties (``state.py``: SB-7 step 1, SB-6), СИЛАЧ has none,
ФОКУСНИК's extra placement is a turn step (``EXTRA`` in ``state.py``), and МИМ plays its neighbour's entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nastolka.engine import Event

from .actions import ACROBAT_IDS, CANNONBALL_ID, CLOWN_IDS, JUGGLER_IDS, KNIVES_IDS, TIGHTROPE_ID, TRAINER_ID
from .data import (
    ACROBAT,
    CANNONBALL,
    CARD_KIND,
    CARD_OWNER,
    CARD_VAL,
    CLOWN,
    FAKIR,
    JUGGLER,
    KIND_IDS,
    KNIVES,
    ROW_SLOTS,
    TIGHTROPE,
    TRAINER,
)

if TYPE_CHECKING:
    from .state import ShowBattleState

#: (state, seat, slot index of the placed card, its step-2 rotation) -> the ids of the effect's uses now
Options = Callable[["ShowBattleState", int, int, int], list[str]]
#: (state, seat, parsed id, slot index of the placed card, its step-2 rotation, events) -> None
Apply = Callable[["ShowBattleState", int, tuple[int, ...], int, int, list[Event]], None]


class CardEffect:
    """One card's triggered effect: its rule, which uses are legal now, and how a use is carried out."""

    __slots__ = ("kind", "rule", "options", "apply")

    def __init__(self, kind: int, rule: str, options: Options, apply: Apply) -> None:
        self.kind = kind
        self.rule = rule
        self.options = options
        self.apply = apply


def _row_start(idx: int) -> int:
    return idx - idx % ROW_SLOTS


def _usable_left(st: ShowBattleState, idx: int) -> int:
    """The face-up, unprotected card directly left of ``idx``, or -1 (the neighbour effects need one)."""
    if not idx % ROW_SLOTS:
        return -1
    left = st.top[idx - 1]
    return left if st.face_up[left] and not st.protected[left] else -1


# ------------------------------------------------------------------------------------------------ КЛОУН
def _clown_options(st: ShowBattleState, seat: int, idx: int, rot: int) -> list[str]:
    """SB-3 clown: one of your own face-down top cards in this row."""
    top, up = st.top, st.face_up
    r0 = _row_start(idx)
    return [CLOWN_IDS[j] for j in range(st.row_len[idx // ROW_SLOTS])
            if not up[top[r0 + j]] and CARD_OWNER[top[r0 + j]] == seat]


def _clown_apply(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """SB-3 clown: the card turns face up, upright; its own effect does not trigger."""
    r0 = _row_start(idx)
    c = st.top[r0 + a[2]]
    st.face_up[c] = True
    st.orient[c] = 0
    ev.append(Event("revive", {"card": KIND_IDS[CARD_KIND[c]], "owner": CARD_OWNER[c],
                               **st._where(r0 + a[2]), "by": KIND_IDS[a[1]]}))
    st._update_places()


# ------------------------------------------------------------------------------------------------ ЖОНГЛЁР
def _juggler_options(st: ShowBattleState, seat: int, idx: int, rot: int) -> list[str]:
    """SB-3 juggler: two neighbouring face-up top cards in this row, neither untouchable."""
    top, up, tok = st.top, st.face_up, st.protected
    r0 = _row_start(idx)
    return [JUGGLER_IDS[j] for j in range(st.row_len[idx // ROW_SLOTS] - 1)
            if up[top[r0 + j]] and up[top[r0 + j + 1]] and not tok[top[r0 + j]] and not tok[top[r0 + j + 1]]]


def _juggler_apply(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """SB-3 juggler: the two swap slots, keeping their orientation; covered cards stay put."""
    top = st.top
    i = _row_start(idx) + a[2]
    top[i], top[i + 1] = top[i + 1], top[i]
    ev.append(Event("swap", {**st._where(i), "cards": [KIND_IDS[CARD_KIND[top[i + 1]]],
                                                        KIND_IDS[CARD_KIND[top[i]]]], "by": KIND_IDS[a[1]]}))


# ------------------------------------------------------------------------------------------------ АКРОБАТ
def _acrobat_options(st: ShowBattleState, seat: int, idx: int, rot: int) -> list[str]:
    """SB-3 acrobat: any face-up, unprotected card of this row (itself included), either way."""
    top, up, tok = st.top, st.face_up, st.protected
    r0 = _row_start(idx)
    out: list[str] = []
    for j in range(st.row_len[idx // ROW_SLOTS]):
        c = top[r0 + j]
        if up[c] and not tok[c]:
            out += ACROBAT_IDS[j]
    return out


def _acrobat_apply(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """SB-3 acrobat: a quarter turn of the chosen card."""
    rotate(st, _row_start(idx) + a[2], a[3], KIND_IDS[a[1]], ev)


# ------------------------------------------------------------------------------------------------ КАНАТОХОДЕЦ
def _tightrope_options(st: ShowBattleState, seat: int, idx: int, rot: int) -> list[str]:
    """SB-3 tightrope: needs a face-up, rotatable card directly to its left."""
    return [TIGHTROPE_ID] if _usable_left(st, idx) >= 0 else []


def _tightrope_apply(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """SB-3 tightrope: itself clockwise and the left card counter-clockwise (both or neither)."""
    name = KIND_IDS[a[1]]
    rotate(st, idx, 1, name, ev)
    rotate(st, idx - 1, -1, name, ev)


# ------------------------------------------------------------------------------------------------ ДРЕССИРОВЩИК
def _trainer_options(st: ShowBattleState, seat: int, idx: int, rot: int) -> list[str]:
    """SB-3 trainer: only if step 2 of this placement rotated the left card."""
    return [TRAINER_ID] if rot and _usable_left(st, idx) >= 0 else []


def _trainer_apply(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """SB-3 trainer: the left card turns once more the same way."""
    rotate(st, idx - 1, rot, KIND_IDS[a[1]], ev)


# ------------------------------------------------------------------------------------------------ МЕТАТЕЛЬ НОЖЕЙ
def _knives_options(st: ShowBattleState, seat: int, idx: int, rot: int) -> list[str]:
    """SB-3 knives: a face-up opponent card of this row that can be discarded, active value 2 or less."""
    top, up, tok, ori = st.top, st.face_up, st.protected, st.orient
    r0 = _row_start(idx)
    return [KNIVES_IDS[j] for j in range(st.row_len[idx // ROW_SLOTS])
            if up[c := top[r0 + j]] and not tok[c] and CARD_OWNER[c] != seat and CARD_KIND[c] != FAKIR
            and CARD_VAL[c][ori[c]] <= 2]


def _knives_apply(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """SB-3 knives: the card is discarded (face down in place)."""
    discard(st, _row_start(idx) + a[2], KIND_IDS[a[1]], ev)


# ------------------------------------------------------------------------------------------------ ЧЕЛОВЕК-ЯДРО
def _cannonball_options(st: ShowBattleState, seat: int, idx: int, rot: int) -> list[str]:
    """SB-3 cannonball: the face-up card directly to its left, if it can be discarded (not ФАКИР)."""
    left = _usable_left(st, idx)
    return [CANNONBALL_ID] if left >= 0 and CARD_KIND[left] != FAKIR else []


def _cannonball_apply(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """SB-3 cannonball: discard the left card, then rotate itself counter-clockwise."""
    name = KIND_IDS[a[1]]
    discard(st, idx - 1, name, ev)
    rotate(st, idx, -1, name, ev)


#: card kind -> its triggered effect (SB-3); a МИМ uses the entry of the card it copies (``COPYABLE``)
EFFECTS: dict[int, CardEffect] = {
    CLOWN: CardEffect(CLOWN, "SB-3 clown", _clown_options, _clown_apply),
    JUGGLER: CardEffect(JUGGLER, "SB-3 juggler", _juggler_options, _juggler_apply),
    ACROBAT: CardEffect(ACROBAT, "SB-3 acrobat", _acrobat_options, _acrobat_apply),
    TIGHTROPE: CardEffect(TIGHTROPE, "SB-3 tightrope", _tightrope_options, _tightrope_apply),
    TRAINER: CardEffect(TRAINER, "SB-3 trainer", _trainer_options, _trainer_apply),
    KNIVES: CardEffect(KNIVES, "SB-3 knives", _knives_options, _knives_apply),
    CANNONBALL: CardEffect(CANNONBALL, "SB-3 cannonball", _cannonball_options, _cannonball_apply),
}


def effect_options(st: ShowBattleState, seat: int, ek: int, idx: int, rot: int) -> list[str]:
    """The ids of the ways effect ``ek`` (of the card at ``idx``) can be used now; [] if none."""
    effect = EFFECTS.get(ek)
    return effect.options(st, seat, idx, rot) if effect is not None else []


def do_effect(st: ShowBattleState, seat: int, a: tuple[int, ...], idx: int, rot: int, ev: list[Event]) -> None:
    """Apply a chosen use ``a`` (a parsed ``effect`` id: kind, effect kind, slot, direction)."""
    EFFECTS[a[1]].apply(st, seat, a, idx, rot, ev)


# ------------------------------------------------------------------------------------------------ shared
def rotate(st: ShowBattleState, idx: int, d: int, by: str, ev: list[Event]) -> None:
    """A quarter turn of the top card at ``idx`` (SB-2: ``d`` = 1 clockwise, -1 counter-clockwise)."""
    c = st.top[idx]
    st.orient[c] = o = (st.orient[c] + d) & 3
    ev.append(Event("rotate", {"card": KIND_IDS[CARD_KIND[c]], "owner": CARD_OWNER[c], **st._where(idx),
                               "dir": "cw" if d > 0 else "ccw", "value": CARD_VAL[c][o], "by": by}))


def discard(st: ShowBattleState, idx: int, by: str, ev: list[Event]) -> None:
    """SB-7: a discarded card turns face down in place (it scores 0 and may be covered)."""
    c = st.top[idx]
    st.face_up[c] = False
    st._update_places()
    ev.append(Event("discard", {"card": KIND_IDS[CARD_KIND[c]], "owner": CARD_OWNER[c], **st._where(idx),
                                "by": by}))


__all__ = ["EFFECTS", "CardEffect", "do_effect", "effect_options", "rotate", "discard"]
