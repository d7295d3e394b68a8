"""Dogfights (R13, R14, R20.5): the fight's fields, and the R14 timing table as a table.

Why a table: the rulebook gives the dogfight as a timing table (R14: DF-0, DF-W1 … DF-X), so the code
does too. ``STEPS`` has one row per phase — the name the view shows, the R14 step and the function that
runs it; ``WINDOWS`` says, for each response window, its timing, who is asked and where the fight goes
next. :func:`advance` runs the row of the current phase; a row either asks a decision (``st.decision``) or
moves ``phase`` on, and ``TaleSpinState._run`` calls it again until somebody must choose.

The answers to the dogfight's decisions (accept, defend, attack, damage, bounty, Khan's maneuvers) live
with the other decisions in ``decisions.py``; the card effects that act on a fight in ``effects.py``.

Why over 400 lines: the R14 table has a row per timing step, plus the solitaire fight (R20.5); each row's
function is short, and reading them in the table's order is reading the rulebook's page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from . import data as T
from .codes import V_DAMAGE_DISCARD, V_DAMAGE_HAND, V_DAMAGE_OPEN, V_DAMAGE_UNCOVER, code
from .data import C_DEF, C_DMG, C_DRW, C_VAL, DEF_ID, HAND_CAP, OPEN, clamp_maneuver

if TYPE_CHECKING:
    from .state import TaleSpinState

# phases, in the order of the R14 table (the solitaire fight of R20.5 has two phases of its own)
DF_W1: Final = 0
DF_W2: Final = 1
DF_1: Final = 2
DF_W3: Final = 3
DF_2: Final = 4
DF_W4: Final = 5
DF_DEFEND: Final = 6
DF_DEFEND_ACTION: Final = 7
DF_ATTACK: Final = 8
DF_ATTACK_ACTION: Final = 9
DF_V: Final = 10
DF_V1: Final = 11
DF_V2: Final = 12
DF_V3: Final = 13
DF_V4: Final = 14
DF_V5: Final = 15
DF_D: Final = 16
DF_D1: Final = 17
DF_D2: Final = 18
DF_D3: Final = 19
DF_E: Final = 20
DF_X: Final = 21
SOLO_MANEUVERS: Final = 22
SOLO_KHAN: Final = 23

# who won (``Dogfight.winner``); the view names them
NO_WINNER: Final = 0
ATTACKER_WON: Final = 1
DEFENDER_WON: Final = 2
CANCELLED: Final = 3
WINNER_NAMES: Final = ("", "attacker", "defender", "cancelled")


#: the fields of a :class:`Dogfight`, in the order ``fields()`` and pickles use (a constant, not
#: ``Dogfight.__slots__``: compiled by mypyc the class keeps its fields natively)
FIGHT_FIELDS: Final = ("attacker", "defender", "pilot", "phase", "asked", "printed_value", "printed_damage",
                       "printed_draw", "first_modifier", "current", "round", "accepted", "blocked", "resolved",
                       "cannot_decline", "ties_favour_attacker", "attacker_piloting", "defender_piloting",
                       "winner", "damage", "draw", "damage_adjust", "yield_bonus", "damage_left")


class Dogfight:
    """One dogfight in progress. Plain ints and bools: :meth:`copy` is a field-by-field copy (bots clone
    states millions of times), and the view reads the fields by name."""

    __slots__ = FIGHT_FIELDS

    def __init__(self) -> None:
        self.attacker = 0               # seat that started the fight (R13.1)
        self.defender = 0               # seat attacked (solitaire: 1, Shere Khan)
        self.pilot = -1                 # card instance of the starting Pilot, -1 for a RANGE fight (R13.2)
        self.phase = DF_W1              # row of the R14 table (``STEPS``)
        self.asked = 0                  # seats of the current window already asked (R12.2)
        self.printed_value = 0          # the first maneuver A1: printed on the Pilot or Player card (R13.3)
        self.printed_damage = 0         # ... its Damage icons
        self.printed_draw = 0           # ... its Draw icons
        self.first_modifier = 0         # ``modify_maneuver`` changes to A1 (R13.6)
        self.current = 0                # value of the attacking maneuver the defender must block
        self.round = 1                  # attacking maneuvers played so far, A1 included (R13.6: three)
        self.accepted = False           # the defender accepted (R13.4; solitaire: always)
        self.blocked = False            # some maneuver was blocked (R13.8: no yield +1 then)
        self.resolved = False           # the Action played instead of a maneuver did its job (block / maneuver)
        self.cannot_decline = False     # ``dogfight_rule defender_cannot_decline`` (R13.13)
        self.ties_favour_attacker = False   # ``dogfight_rule ties_favour_attacker`` (R13.13)
        self.attacker_piloting = 0      # ``dogfight_rule`` changes to the attacker's PILOTING draw (R13.5)
        self.defender_piloting = 0      # ... to the defender's
        self.winner = NO_WINNER         # NO_WINNER / ATTACKER_WON / DEFENDER_WON / CANCELLED
        self.damage = 0                 # the attacker's Damage total, fixed at victory (R13.8)
        self.draw = 0                   # the attacker's Draw total, fixed at victory (R13.8)
        self.damage_adjust = 0          # ``adjust_damage`` changes (R24.1: summed, clamped once)
        self.yield_bonus = 0            # 1 when the defender yielded after accepting, nothing blocked (R24.4)
        self.damage_left = 0            # Damage points still to apply (R13.9 step 4)

    def copy(self) -> Dogfight:
        new = Dogfight()
        new.attacker, new.defender, new.pilot = self.attacker, self.defender, self.pilot
        new.phase, new.asked = self.phase, self.asked
        new.printed_value, new.printed_damage, new.printed_draw = self.printed_value, self.printed_damage, \
            self.printed_draw
        new.first_modifier, new.current, new.round = self.first_modifier, self.current, self.round
        new.accepted, new.blocked, new.resolved = self.accepted, self.blocked, self.resolved
        new.cannot_decline, new.ties_favour_attacker = self.cannot_decline, self.ties_favour_attacker
        new.attacker_piloting, new.defender_piloting = self.attacker_piloting, self.defender_piloting
        new.winner, new.damage, new.draw = self.winner, self.damage, self.draw
        new.damage_adjust, new.yield_bonus, new.damage_left = self.damage_adjust, self.yield_bonus, \
            self.damage_left
        return new

    def fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in FIGHT_FIELDS)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.fields(),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dogfight) and self.fields() == other.fields()


def _restore(values: tuple[Any, ...]) -> Dogfight:
    """Unpickle a :class:`Dogfight` (explicit, so the compiled build pickles it the same way)."""
    fight = Dogfight()
    for name, value in zip(FIGHT_FIELDS, values, strict=True):
        setattr(fight, name, value)
    return fight


# ----------------------------------------------------------------------------------------- starting
def start(st: TaleSpinState, a: int, d: int, pilot: int) -> None:
    """DF-0 (R13.2): ``a`` attacks ``d`` with a Pilot card (``pilot`` >= 0) or its RANGE; the Pilot's
    ``dogfight_mods`` resolve first. Solitaire (R20.5.1): Khan always accepts, no windows."""
    st.dogfight_used = True
    if pilot >= 0:
        pd = C_DEF[pilot]
        v, dm, dr = T.D_VAL[pd], T.D_DMG[pd], T.D_DRW[pd]
    else:
        v, dm, dr = T.PL_MANEUVER[st.characters[a]]
    df = Dogfight()
    df.attacker, df.defender, df.pilot = a, d, pilot
    df.printed_value, df.printed_damage, df.printed_draw = v, dm, dr
    df.phase = DF_2 if st.solo else DF_W1
    df.accepted = st.solo
    st.dogfight = df
    st.attack_cards = []
    st.defence_cards = []
    if st._ev is not None:
        st._e("dogfight", seat=a, target=d, pilot=DEF_ID[C_DEF[pilot]] if pilot >= 0 else None)
    if pilot >= 0:
        st._push(T.D_MODS[C_DEF[pilot]], a, pilot)


def seats(st: TaleSpinState, who: str) -> tuple[int, ...]:
    """The seats a window asks, in order (R14 "Who may act"): A, D, A then D, or everybody (R12.7)."""
    df = st.dogfight
    assert df is not None
    if who == "A":
        return (df.attacker,)
    if who == "D":
        return (df.defender,) if not st.solo else ()
    if who == "AD":
        return (df.attacker, df.defender) if not st.solo else (df.attacker,)
    return st._prio()


def table(st: TaleSpinState) -> list[int]:
    """The cards played into the fight: the Pilot, then the attacking and defending maneuvers (R13.12)."""
    df = st.dogfight
    t = [df.pilot] if df is not None and df.pilot >= 0 else []
    return t + st.attack_cards + st.defence_cards


# ----------------------------------------------------------------------------------------- the R14 rows
def advance(st: TaleSpinState) -> None:
    """Run the R14 row the fight stands at (one row per call)."""
    df = st.dogfight
    assert df is not None
    STEPS[df.phase][2](st, df)


def _window(st: TaleSpinState, df: Dogfight) -> None:
    """DF-W1..W4, DF-V1/V2, DF-D1/D2, DF-E: offer the window to each seat it names, in order (R12.2)."""
    ph = df.phase
    timing, who, after = WINDOWS[ph]
    asked = seats(st, who)
    while df.asked < len(asked):
        if st._offer_window(asked[df.asked], timing):
            return
        df.asked += 1
    df.phase = after
    df.asked = 0
    if ph == DF_W4:   # DF-M1: the attacker points to A1, the printed maneuver
        df.current = clamp_maneuver(df.printed_value + df.first_modifier)
        if st._ev is not None:
            st._e("maneuver", seat=df.attacker, value=df.current, source="first")


def _accept(st: TaleSpinState, df: Dogfight) -> None:
    """DF-1 (R13.4): the defender accepts or declines, unless a card took the choice away (R13.13)."""
    if df.cannot_decline:
        df.accepted = True
        df.phase = DF_W3
        if st._ev is not None:
            st._e("accept", seat=df.defender, forced=True)
    else:
        st.decision = ("accept", df.defender)


def _piloting_draws(st: TaleSpinState, df: Dogfight) -> None:
    """DF-2 (R13.5): the attacker draws its PILOTING (the Pilot's value), then the defender; in solitaire
    only the player draws (R20.5.2)."""
    pa = T.D_PIL[C_DEF[df.pilot]] if df.pilot >= 0 else st.stat(df.attacker, 2)
    st._draw(df.attacker, max(0, pa + df.attacker_piloting))
    if st.solo:
        df.phase = SOLO_MANEUVERS
        return
    st._draw(df.defender, max(0, st.stat(df.defender, 2) + df.defender_piloting))
    df.phase = DF_W4


def _defend(st: TaleSpinState, df: Dogfight) -> None:
    """DF-M1d/M2d/M3d (R13.6): the defender blocks, plays an ``instead_of_maneuver`` card or yields."""
    st.decision = ("defend", df.defender)


def _defend_action_done(st: TaleSpinState, df: Dogfight) -> None:
    """After the defender's ``instead_of_maneuver`` Action: a block if it auto-blocked, else a yield."""
    if df.resolved:
        blocked(st)
    else:
        yield_(st)


def _attack(st: TaleSpinState, df: Dogfight) -> None:
    """DF-M2a/M3a (R13.6): the attacker plays A2/A3 or an ``instead_of_maneuver`` card; no cards → DF-D."""
    if not st.hands[df.attacker]:
        df.phase = DF_D
    else:
        st.decision = ("attack", df.attacker)


def _attack_action_done(st: TaleSpinState, df: Dogfight) -> None:
    """After the attacker's ``instead_of_maneuver`` Action: it counts as a maneuver if it put one down."""
    if df.resolved:
        df.round += 1
        df.phase = DF_DEFEND
    else:
        df.phase = DF_D


def _attacker_wins(st: TaleSpinState, df: Dogfight) -> None:
    """DF-V (R13.8): fix the Damage and Draw totals from every attacking maneuver."""
    df.winner = ATTACKER_WON
    df.damage = df.printed_damage + sum(C_DMG[i] for i in st.attack_cards)
    df.draw = df.printed_draw + sum(C_DRW[i] for i in st.attack_cards)
    if st._ev is not None:
        st._e("dogfight_won", seat=df.attacker, role="attacker")
    df.phase = DF_V1


def _reward(st: TaleSpinState, df: Dogfight) -> None:
    """DF-V3 (R13.9): the starting Pilot's Reward; the Damage to apply is summed, then clamped (R24.1)."""
    df.phase = DF_V4
    df.damage_left = max(0, df.damage + df.damage_adjust + df.yield_bonus)
    if df.pilot >= 0:
        st._push(T.D_REWARD[C_DEF[df.pilot]], df.attacker, df.pilot)


def _damage(st: TaleSpinState, df: Dogfight) -> None:
    """DF-V4 (R13.9): one Damage point at a time while one can be applied; the rest is lost (R16.4)."""
    if df.damage_left > 0 and damage_options(st, df.attacker, df.defender):
        st.decision = ("damage", df.attacker)
    else:
        df.damage_left = 0
        df.phase = DF_V5


def _draw_icons(st: TaleSpinState, df: Dogfight) -> None:
    """DF-V5 (R13.9): the attacker draws its Draw total; solitaire has no DF-E (R20.5)."""
    st._draw(df.attacker, df.draw)
    df.phase = DF_E if not st.solo else DF_X


def _defender_wins(st: TaleSpinState, df: Dogfight) -> None:
    """DF-D (R13.10)."""
    df.winner = DEFENDER_WON
    if st._ev is not None:
        st._e("dogfight_won", seat=df.defender, role="defender")
    df.phase = DF_D1


def _bounty(st: TaleSpinState, df: Dogfight) -> None:
    """DF-D3 (R13.10): the defender may take one maneuver card from the table (hand cap R5.1)."""
    df.phase = DF_E
    if table(st) and len(st.hands[df.defender]) < HAND_CAP:
        st.decision = ("bounty", df.defender, 1)


def _cleanup(st: TaleSpinState, df: Dogfight) -> None:
    """DF-X (R13.12): every card played into the fight goes to the discard pile; Step 2 resumes."""
    for inst in table(st):
        st._discard_inst(inst)
    st.dogfight = None
    st.attack_cards = []
    st.defence_cards = []
    if st._ev is not None:
        st._e("dogfight_over")


def _solo_maneuvers(st: TaleSpinState, df: Dogfight) -> None:
    """R20.5.3 / R24.6: the player adds up to two maneuvers from hand, one decision each."""
    if len(st.attack_cards) < 2 and st.hands[0]:
        st.decision = ("smaneuver", 0)
    else:
        df.phase = SOLO_KHAN


def khan_reveal(st: TaleSpinState, df: Dogfight) -> None:
    """R20.5.4-7: Khan's three maneuvers from the deck; he wins on a Lucky Shot or any value >= H."""
    for _ in range(3):
        inst = st._pop_deck()
        if inst < 0:
            return
        st.defence_cards.append(inst)
    h = max([df.printed_value] + [C_VAL[i] for i in st.attack_cards])
    kv = [C_VAL[i] for i in st.defence_cards]
    if st._ev is not None:
        st._e("khan_maneuvers", cards=[DEF_ID[C_DEF[i]] for i in st.defence_cards], high=h)
    if 1 in kv or max(kv) >= h:
        df.winner = DEFENDER_WON
        if st._ev is not None:
            st._e("dogfight_won", seat=-1, role="khan")
        df.phase = DF_X
        if 1 in kv:
            st._draw(0, 1)
    else:
        df.winner = ATTACKER_WON
        st.won_khan = True
        df.damage = df.printed_damage + sum(C_DMG[i] for i in st.attack_cards)
        df.draw = df.printed_draw + sum(C_DRW[i] for i in st.attack_cards)
        if st._ev is not None:
            st._e("dogfight_won", seat=0, role="attacker")
        df.phase = DF_V3


Step = Callable[["TaleSpinState", Dogfight], None]

#: R14, one row per phase: (name the view shows, R14 step, what runs there)
STEPS: Final[tuple[tuple[str, str, Step], ...]] = (
    ("start", "DF-W1", _window),
    ("defender_starts", "DF-W2", _window),
    ("accept", "DF-1", _accept),
    ("before_draws", "DF-W3", _window),
    ("draws", "DF-2", _piloting_draws),
    ("after_draws", "DF-W4", _window),
    ("defend", "DF-M1d", _defend),
    ("defend", "DF-M1d", _defend_action_done),
    ("attack", "DF-M2a", _attack),
    ("attack", "DF-M2a", _attack_action_done),
    ("attacker_wins", "DF-V", _attacker_wins),
    ("attacker_wins", "DF-V1", _window),
    ("attacker_wins", "DF-V2", _window),
    ("reward", "DF-V3", _reward),
    ("damage", "DF-V4", _damage),
    ("draw_icons", "DF-V5", _draw_icons),
    ("defender_wins", "DF-D", _defender_wins),
    ("defender_wins", "DF-D1", _window),
    ("defender_wins", "DF-D2", _window),
    ("bounty", "DF-D3", _bounty),
    ("ends", "DF-E", _window),
    ("cleanup", "DF-X", _cleanup),
    ("maneuvers", "R20.5.3", _solo_maneuvers),
    ("khan_reveals", "R20.5.4", khan_reveal),
)
DF_PHASE_NAMES: Final[tuple[str, ...]] = tuple(row[0] for row in STEPS)

#: R14 response windows: phase -> (timing of the Actions it takes, who is asked, the phase after it)
WINDOWS: Final[dict[int, tuple[str, str, int]]] = {
    DF_W1: ("start_dogfight", "A", DF_W2),
    DF_W2: ("opponent_starts_dogfight", "D", DF_1),
    DF_W3: ("before_piloting_draws", "AD", DF_2),
    DF_W4: ("after_piloting_draws", "AD", DF_DEFEND),
    DF_V1: ("win_dogfight", "A", DF_V2),
    DF_V2: ("lose_dogfight", "D", DF_V3),
    DF_D1: ("lose_dogfight", "A", DF_D2),
    DF_D2: ("win_dogfight", "D", DF_D3),
    DF_E: ("dogfight_ends", "ALL", DF_X),
}


# ----------------------------------------------------------------------------------------- shared steps
def blocked(st: TaleSpinState) -> None:
    """A block (R13.6): the attacker goes on, unless that was A3 → defender victory."""
    df = st.dogfight
    assert df is not None
    df.blocked = True
    df.phase = DF_D if df.round >= 3 else DF_ATTACK


def yield_(st: TaleSpinState) -> None:
    """The defender yields → attacker victory, with +1 Damage if it accepted and blocked nothing (R24.4)."""
    df = st.dogfight
    assert df is not None
    if df.accepted and not df.blocked:
        df.yield_bonus = 1  # R13.8 / R24.4
    if st._ev is not None:
        st._e("yield", seat=df.defender)
    df.phase = DF_V


def damage_options(st: TaleSpinState, a: int, d: int) -> list[int]:
    """R13.9 / R20.5.7: the options (codes) one Damage point may take: open or discard each cargo, a hand
    discard, or (solitaire) uncovering a Location."""
    out = []
    for i, v in enumerate(st.holds[d]):
        out.append(code(V_DAMAGE_DISCARD if v & OPEN else V_DAMAGE_OPEN, i))
    if st.solo:
        if st.covered:
            out.append(V_DAMAGE_UNCOVER)
    elif st.hands[d]:
        out.append(V_DAMAGE_HAND)
    return out


def block_options(st: TaleSpinState, d: int) -> list[int]:
    """R13.6 / R13.7: hand definitions that block the current maneuver (higher, equal unless ties favour
    the attacker, or a Lucky Shot)."""
    df = st.dogfight
    assert df is not None
    cur, ties = df.current, df.ties_favour_attacker
    return [x for x in st._hand_defs(d)
            if T.D_VAL[x] == 1 or T.D_VAL[x] > cur or (T.D_VAL[x] == cur and not ties)]
