"""TaleSpin's decisions as integer codes: what a legal option is inside the rules, the id made only when asked.

Why codes: a random playout or a search makes hundreds of decisions per game, and building an id string
for every option of every decision (then parsing the chosen one back into a verb and a dictionary) was
most of what a playout cost. So ``decisions.py`` lists each decision's options as small ints and answers
a code directly; the id of a code — the same string as before, in the engine's id grammar — is made by
:func:`code_id` when somebody reads ids (``legal_ids``, the history, a record) and is kept for next time.

A code packs a verb (``V_*``, the row of :data:`ID_FORMS`) and two small arguments (a card definition,
a seat, a position in a hold or a chain, a number of steps): ``verb | a << 5 | b << 12``. Every argument
is below 128 (79 card definitions, 110 cards). Codes name the same action in every determinization (they
hold no card instance, only definitions, seats and public positions), so search trees key edges by them.
"""

from __future__ import annotations

from typing import Final

from .data import DEF_ID

ARG_MASK: Final = 127
A_SHIFT: Final = 5
B_SHIFT: Final = 12
VERB_MASK: Final = 31

# the verbs; a comment names the decision kinds (decisions.py) that offer each
V_END: Final = 0            # main: end Step 2
V_PASS: Final = 1           # window
V_ACCEPT: Final = 2         # accept
V_DECLINE: Final = 3        # accept
V_YIELD: Final = 4          # defend
V_PASSENGER: Final = 5      # main: a = card
V_ARTIFACT: Final = 6       # main: a = card, b = seat whose hold
V_ACTION: Final = 7         # main, window, defend, attack: a = card
V_PILOT: Final = 8          # main: a = card, b = target seat
V_DOGFIGHT: Final = 9       # main: a = target seat
V_BLOCK: Final = 10         # defend: a = card
V_MANEUVER: Final = 11      # attack, smaneuver: a = card
V_DAMAGE_OPEN: Final = 12   # damage: a = position in the defender's hold
V_DAMAGE_DISCARD: Final = 13  # damage: a = position in the defender's hold
V_DAMAGE_HAND: Final = 14   # damage
V_DAMAGE_UNCOVER: Final = 15  # damage (solitaire)
V_BOUNTY: Final = 16        # bounty: a = card
V_BOUNTY_NONE: Final = 17   # bounty
V_MOVE_CW: Final = 18       # move: a = steps
V_MOVE_CCW: Final = 19      # move: a = steps
V_CARGO: Final = 20         # cargo: a = card
V_CARGO_NONE: Final = 21    # cargo
V_DISCARD: Final = 22       # discard: a = card
V_DROP: Final = 23          # drop: a = position in the chain
V_PICK: Final = 24          # pick: a = seat, b = position in its hold
V_OPPONENT: Final = 25      # opp: a = seat
V_CHAIN: Final = 26         # chain: a = seat, b = position in its chain
V_TAKE: Final = 27          # take: a = card
V_TAKE_NONE: Final = 28     # take (a determinized pile lost every match)

#: the id of each verb: ``{card}`` is the card definition ``a`` names, ``{a}``/``{b}`` the numbers
ID_FORMS: Final[tuple[str, ...]] = (
    "end", "pass", "accept", "decline", "yield",
    "passenger:card={card}", "artifact:card={card},seat={b}", "action:card={card}", "pilot:card={card},target={b}",
    "dogfight:target={a}", "block:card={card}", "maneuver:card={card}",
    "damage:do=open,pos={a}", "damage:do=discard,pos={a}", "damage:do=hand", "damage:do=uncover",
    "bounty:card={card}", "bounty:card=none", "move:dir=cw,n={a}", "move:dir=ccw,n={a}",
    "cargo:card={card}", "cargo:card=none", "discard:card={card}", "drop:pos={a}", "cargo:seat={a},pos={b}",
    "opponent:seat={a}", "chain:seat={a},pos={b}", "take:card={card}", "take:none",
)
assert len(ID_FORMS) == V_TAKE_NONE + 1

#: the ids made so far, by code (a few hundred distinct codes occur at all), and the other way round
_IDS: Final[dict[int, str]] = {}
_CODES: Final[dict[str, int]] = {}


def code(verb: int, a: int = 0, b: int = 0) -> int:
    """The code of ``verb`` with arguments ``a`` and ``b`` (each 0..127)."""
    return verb | a << A_SHIFT | b << B_SHIFT


def code_id(c: int) -> str:
    """The action id of code ``c``, made once."""
    aid = _IDS.get(c)
    if aid is None:
        form = ID_FORMS[c & VERB_MASK]
        a = c >> A_SHIFT & ARG_MASK
        aid = form.format(card=DEF_ID[a] if "{card}" in form else "", a=a, b=c >> B_SHIFT & ARG_MASK)
        _IDS[c] = aid
        _CODES[aid] = c
    return aid


def id_code(aid: str) -> int | None:
    """The code of an id made by :func:`code_id` (every id ``legal_ids`` listed), else ``None``: the way
    back for ``apply(seat, id)`` without listing the options again. Codes and ids are one to one."""
    return _CODES.get(aid)
